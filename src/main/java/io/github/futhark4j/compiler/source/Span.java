package io.github.futhark4j.compiler.source;

/**
 * A half-open range {@code [start, end)} of character offsets in one {@link Source}.
 * Rendered as Futhark does: {@code file.fut:3:5-12}.
 *
 * <p>In the IR, the span of something that can fail at run time also records where it was inlined:
 * {@code caller} is the call site of the function whose body it was lowered from (itself with its
 * caller, and so on out to the entry point), null outside any inlined call. {@link #backtrace}
 * renders that chain as the reference's backtraces do.
 */
public record Span(Source source, int start, int end, Span caller) {
  public static final Span NONE = new Span(new Source("<builtin>", ""), 0, 0);

  /** The source's name for the prelude, whose frames backtraces leave out. */
  private static final String PRELUDE = "<prelude>";

  /** Whether the span is in the prelude's source. */
  public boolean inPrelude() { return source.name().equals(PRELUDE); }

  /** A span outside any inlined call. */
  public Span(Source source, int start, int end) { this(source, start, end, null); }

  /**
   * This span as reached through the call site {@code site} (with its own callers): unchanged
   * when it has a caller already, when it is {@link #NONE}, or when {@code site} is null.
   */
  public Span calledFrom(Span site) {
    if (site == null || caller != null || this == NONE) return this;
    return new Span(source, start, end, site);
  }

  /**
   * This location and the call sites it was inlined through, innermost first, one per line after
   * the first as the reference numbers them ({@code "a.fut:1:30-35\n   #1  a.fut:2:30-36"}); frames
   * in the prelude are left out unless all are (an error inside {@code last} names the call of
   * {@code last}).
   */
  public String backtrace() {
    StringBuilder sb = new StringBuilder();
    int frame = 0;
    for (Span s = this; s != null; s = s.caller) {
      if (s.inPrelude() || s == NONE) continue;
      if (frame > 0) sb.append("\n   #").append(frame).append("  ");
      sb.append(s.render());
      frame++;
    }
    return frame == 0 ? render() : sb.toString();
  }

  public int line() { return source.line(start); }

  public int column() { return source.column(start); }

  /** The smallest span covering both. */
  /**
   * This span without the parentheses around it ({@code (e : t)} is {@code e : t}): the parser
   * gives a parenthesised expression the parentheses' span, where the reference keeps a node of
   * its own for them and locates some messages at the expression inside.
   */
  public Span withoutParens() {
    String t = source.text();
    int s = start, e = end;
    while (e - s >= 2 && t.charAt(s) == '(' && t.charAt(e - 1) == ')' && closes(t, s, e - 1)) {
      s++;
      e--;
      while (s < e && Character.isWhitespace(t.charAt(s))) s++;
      while (e > s && Character.isWhitespace(t.charAt(e - 1))) e--;
    }
    return s == start && e == end ? this : new Span(source, s, e, caller);
  }

  /** Whether the parenthesis at {@code close} closes the one at {@code open} (ignoring those in strings and comments: rare). */
  private static boolean closes(String t, int open, int close) {
    int depth = 0;
    for (int i = open; i <= close; i++) {
      char c = t.charAt(i);
      if (c == '(') depth++;
      else if (c == ')' && --depth == 0) return i == close;
    }
    return false;
  }

  public Span to(Span other) {
    if (other == null || other.source != source) return this;
    return new Span(source, Math.min(start, other.start), Math.max(end, other.end), caller);
  }

  /**
   * {@code name:line:col-endcol} or {@code name:l1:c1-l2:c2}, as the reference renders locations:
   * the end column is one past the last character ("(2 + 3i32)" at column 26 is {@code 4:26-36}).
   */
  public String render() {
    int l1 = source.line(start), c1 = source.column(start);
    int stop = Math.max(end, start + 1);
    int last = stop - 1;
    int l2 = source.line(last), c2 = source.column(last) + 1;
    String pos = source.name() + ":" + l1 + ":" + c1;
    return l1 == l2 ? pos + "-" + c2 : pos + "-" + l2 + ":" + c2;
  }

  /**
   * {@link #render()} without the file name: {@code line:col-endcol}, as the reference renders a
   * location relative to another one in the same file.
   */
  public String relative() {
    String r = render();
    return r.substring(source.name().length() + 1);
  }

  /** {@code line:col}, for messages that point at another place in the same file. */
  public String shortPos() { return source.line(start) + ":" + source.column(start); }

  /** The source text of the span. */
  public String text() {
    String t = source.text();
    return start >= 0 && end <= t.length() && start <= end ? t.substring(start, end) : "";
  }

  @Override
  public String toString() { return render(); }
}

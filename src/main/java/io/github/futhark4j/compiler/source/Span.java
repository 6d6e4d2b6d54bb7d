package io.github.futhark4j.compiler.source;

/**
 * A half-open range {@code [start, end)} of character offsets in one {@link Source}.
 * Rendered as Futhark does: {@code file.fut:3:5-12}.
 */
public record Span(Source source, int start, int end) {
  public static final Span NONE = new Span(new Source("<builtin>", ""), 0, 0);

  public int line() { return source.line(start); }

  public int column() { return source.column(start); }

  /** The smallest span covering both. */
  public Span to(Span other) {
    if (other == null || other.source != source) return this;
    return new Span(source, Math.min(start, other.start), Math.max(end, other.end));
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

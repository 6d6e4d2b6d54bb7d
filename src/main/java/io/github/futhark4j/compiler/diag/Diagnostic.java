package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;

/**
 * One user-facing message about a program: a stable code (documented in docs/errors.md), a
 * severity, a position and a sentence. Made only through {@link Diagnostics} factory methods so
 * the wording stays in one voice.
 */
public record Diagnostic(Severity severity, DiagCode code, Span span, String message) {
  public enum Severity { ERROR, WARNING }

  public String file() { return span.source().name(); }

  public int line() { return span.line(); }

  public int column() { return span.column(); }

  /**
   * The human form: {@code file.fut:3:5-12: error[E0101]: message}, then the source line and a
   * caret underline.
   */
  public String render() {
    StringBuilder sb = new StringBuilder();
    sb.append(span.render()).append(": ")
        .append(severity == Severity.ERROR ? "error" : "warning")
        .append('[').append(code).append("]: ").append(message);
    if (span != Span.NONE) {
      int line = span.line();
      String text = span.source().lineText(line);
      String gutter = String.valueOf(line);
      sb.append('\n').append(gutter).append(" | ").append(text.replace('\t', ' '));
      int col = span.column();
      int endLine = span.source().line(Math.max(span.start(), span.end() - 1));
      int width = endLine == line ? Math.max(1, span.end() - span.start()) : Math.max(1, text.length() - col + 1);
      width = Math.max(1, Math.min(width, Math.max(1, text.length() - col + 1)));
      sb.append('\n').append(" ".repeat(gutter.length())).append(" | ")
          .append(" ".repeat(Math.max(0, col - 1))).append("^".repeat(width));
    }
    return sb.toString();
  }

  /** A stable one-line form for golden tests: {@code E0101@3:5 message}. */
  public String raw() {
    return code + "@" + span.line() + ":" + span.column() + " " + message;
  }

  @Override
  public String toString() { return render(); }
}

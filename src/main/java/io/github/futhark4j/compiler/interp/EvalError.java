package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * A run-time error of the interpreted program (an index out of bounds, a division by zero, a failed
 * assertion or size coercion ...), worded as the compiled program words it: {@code Error: MESSAGE},
 * then the backtrace, innermost first: where the error happened, then the calls that led there.
 */
public final class EvalError extends RuntimeException {
  private final String error;
  private final List<String> backtrace;

  EvalError(String error, List<String> backtrace) {
    super(render(error, backtrace), null, false, false);
    this.error = error;
    this.backtrace = List.copyOf(backtrace);
  }

  /** The message alone, without {@code Error:} and the backtrace. */
  public String error() { return error; }

  /** The locations of the backtrace, innermost first. */
  public List<String> backtrace() { return backtrace; }

  static String render(String error, List<String> frames) {
    StringBuilder sb = new StringBuilder("Error: ").append(error).append('\n');
    if (!frames.isEmpty()) {
      sb.append("\nBacktrace:\n");
      for (int i = 0; i < frames.size(); i++) {
        sb.append(i == 0 ? "-> " : "   ").append('#').append(i).append("  ").append(frames.get(i)).append('\n');
      }
    }
    return sb.toString();
  }

  /** The location of a span as a backtrace shows it, or null for none. */
  static String where(Span s) {
    return s == null || s == Span.NONE ? null : s.render();
  }

  static List<String> frames(Span at, List<Span> calls) {
    List<String> out = new ArrayList<>();
    String w = where(at);
    if (w != null) out.add(w);
    for (int i = calls.size() - 1; i >= 0; i--) {
      String c = where(calls.get(i));
      if (c != null && (out.isEmpty() || !out.get(out.size() - 1).equals(c))) out.add(c);
    }
    return out;
  }
}

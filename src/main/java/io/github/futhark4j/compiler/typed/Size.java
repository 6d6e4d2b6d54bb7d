package io.github.futhark4j.compiler.typed;

/**
 * An array dimension in a checked type. Sizes are {@code i64} values: a constant, a variable in
 * scope (a size parameter, an {@code i64} parameter named in a type, or an existential size bound
 * by a {@code let}), or unknown.
 */
public sealed interface Size {
  record Const(long value) implements Size {
    @Override public String toString() { return Long.toString(value); }
  }

  /** A size named by an {@code i64} variable that is in scope where the type occurs. */
  record Var(VName name) implements Size {
    @Override public String toString() { return name.toString(); }
  }

  /**
   * A size given by an expression ({@code [n+1]}, {@code [i64.max n m]}): today's Futhark allows any
   * {@code i64} expression without bindings. {@code exp} computes it where a run-time check needs it.
   */
  record Expr(io.github.futhark4j.compiler.typed.TExp exp, String text) implements Size {
    @Override public boolean equals(Object o) { return o instanceof Expr e && e.text.equals(text); }

    @Override public int hashCode() { return text.hashCode(); }

    @Override public String toString() { return text; }
  }

  /** A size the type checker could not name (printed as {@code []}); checked at run time where needed. */
  record Unknown() implements Size {
    @Override public String toString() { return ""; }
  }

  Size UNKNOWN = new Unknown();
}

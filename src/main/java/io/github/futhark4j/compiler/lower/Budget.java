package io.github.futhark4j.compiler.lower;

/**
 * The budget for the size of a program after inlining: at most {@link #limit()} IR statements and
 * at most as many inlined function calls per program (the latter catches chains of calls that emit
 * nothing, such as identity functions, which would otherwise run for ever). Realistic programs stay
 * far below: the largest of the test corpus lowers to under 400 statements, a 20,000-term sum to
 * 20,000. Forty functions each calling the previous twice (2^40 copies) used to exhaust the heap.
 */
final class Budget {
  /** System property overriding {@link #DEFAULT}. */
  static final String PROPERTY = "futhark4j.inlineBudget";
  static final int DEFAULT = 250_000;

  private final int limit = limit();
  private int statements;
  private int calls;

  /** The limit in effect: {@value #PROPERTY} when set to a positive number, else {@link #DEFAULT}. */
  static int limit() {
    Integer v = Integer.getInteger(PROPERTY);
    return v == null || v <= 0 ? DEFAULT : v;
  }

  void statement() {
    if (++statements > limit) {
      throw new BudgetException("the program is too large after inlining: it expands to more than " + limit
          + " IR statements (every function call is inlined, so a function called k times is copied k times;"
          + " chains of functions that each call the next several times grow exponentially). Raise the limit with"
          + " the system property " + PROPERTY + ", or call such functions inside a loop or map instead.");
    }
  }

  void call(Object where) {
    if (++calls > limit) {
      throw new BudgetException("the program is too large after inlining: more than " + limit
          + " function calls are inlined (the last at " + where + "; chains of functions that each call the next"
          + " several times grow exponentially). Raise the limit with the system property " + PROPERTY
          + ", or call such functions inside a loop or map instead.");
    }
  }
}

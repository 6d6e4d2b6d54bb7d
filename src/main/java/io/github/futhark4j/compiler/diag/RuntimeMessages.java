package io.github.futhark4j.compiler.diag;

/**
 * The messages of a program's failures at run time that every backend (the interpreters, the C
 * code, the device kernels) words the same way, as the reference's generated code does: a test's
 * expected error matches them whichever backend runs it.
 */
public final class RuntimeMessages {
  private RuntimeMessages() { }

  /** An integer division or remainder by zero. */
  public static final String DIVISION_BY_ZERO = "division by zero";

  /** A signed integer raised to a negative power. */
  public static final String NEGATIVE_EXPONENT = "negative exponent";

  /** A typed hole {@code ???} of the type {@code type} evaluated. */
  public static String holeReached(String type) {
    return "Reached hole of type: " + type;
  }

  /** An assertion whose condition ({@code condition}, as written) is false. */
  public static String assertionFalse(String condition) {
    return "Assertion is false: " + condition;
  }
}

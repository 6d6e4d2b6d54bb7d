package io.github.futhark4j.compiler.diag;

/**
 * The first line of a type mismatch, which says what was being checked: the {@code context} of
 * {@link TypeErrors#mismatch} ("Condition of \"if\" must be of type bool.", then the expected
 * and the actual type). The code is that of the failure underneath.
 */
public final class Contexts {
  private Contexts() {}

  public static String sizeExpression() { return "Size expression must be of type i64"; }

  public static String negation() { return "Cannot negate a value of this type."; }

  public static String logicalNegation() { return "Cannot apply \"!\" to a value of this type."; }

  /** An ascription whose failure is about sizes (the reference's second pass). */
  public static String explicitAscription() { return "Expression does not have expected type from explicit ascription."; }

  /** An ascription whose failure is about the types. */
  public static String typeAscription() { return "Expression does not have expected type from type ascription."; }

  public static String ifCondition() { return "Condition of \"if\" must be of type bool."; }

  public static String assertCondition() { return "Condition of \"assert\" must be of type bool."; }

  public static String operatorSection() { return "Cannot apply operator section."; }

  public static String rangeBounds() { return "Range bounds must be integers."; }

  public static String rangeElements() { return "Range elements must have the same type."; }

  public static String indexedValue() { return "Cannot index this value."; }

  public static String index() { return "An index must be a signed integer."; }

  /** An argument of {@code function} (quoted, or "function", see {@link Phrases#function}), or of an operator. */
  public static String argument(String function, String arg) {
    return "Cannot apply " + function + " to \"" + arg + "\" (invalid type).";
  }

  /** A value of unknown type applied as {@code function} (see {@link Phrases#function}). */
  public static String application(String function) { return "Cannot apply " + function + " to an argument."; }

  public static String initialLoopValues() { return "Initial loop values do not have expected type."; }

  public static String loopBody() { return "Loop body does not have expected type."; }

  public static String forLoopBound() { return "The bound of a for-loop must be an integer."; }

  public static String whileCondition() { return "The condition of a while-loop must be of type bool."; }

  public static String functionBody() { return "Function body does not have expected type."; }

  /** A recursive function used at another type than its definition has. */
  public static String recursiveUse() { return "Recursive use of the function does not match its type."; }
}

package io.github.futhark4j.compiler.diag;

/**
 * The parts of messages that the type checker keeps before it knows the message they end up in:
 * what made a type variable (its origin: "an integer literal", in "Cannot instantiate a non-lifted type (...)"), where an
 * unknown size came from (a note under a size mismatch: "\"d\" is unknown size returned by ..."),
 * how an expression is named, and the explanations that several messages share. Every phrase ends
 * up in a message made by the factories of this package.
 */
public final class Phrases {
  private Phrases() {}

  /** {@code s} in double quotes. */
  public static String quoted(String s) { return "\"" + s + "\""; }

  /** A function as an application names it: quoted, or "function" when it has no name. */
  public static String function(String name) { return name != null ? quoted(name) : "function"; }

  /** The two types that differ: "Cannot unify\n  a\nwith\n  b". */
  public static String cannotUnify(String a, String b) {
    return "Cannot unify\n  " + a + "\nwith\n  " + b;
  }

  /** A note on where unknown size {@code size} came from ({@code origin}, one of the phrases below). */
  public static String sizeNote(String size, String origin) {
    return "\n\nNote: \"" + size + "\" " + origin.replace("\n", "\n      ");
  }

  // ---- origins of type variables (what a class of primitive types stands for) ----------------

  public static String integerLiteral() { return "An integer literal"; }

  public static String decimalLiteral() { return "A decimal literal"; }

  public static String negation() { return "Negation"; }

  public static String logicalNegation() { return "Logical negation"; }

  public static String equality() { return "Equality"; }

  /** A built-in binary operator, its symbol quoted. */
  public static String operator(String symbol) { return "Operator " + quoted(symbol); }

  public static String rangeBound() { return "A range bound"; }

  public static String index() { return "An index"; }

  public static String loopBound() { return "A loop bound"; }

  public static String arrayElement() { return "type of an array element"; }

  /** An instance of a type parameter (the reference's wording, without a closing quote). */
  public static String typeParameter(String name) { return "type parameter '" + name; }

  /** A type parameter of an intrinsic's type. */
  public static String intrinsic(String name) { return "intrinsics." + name; }

  // ---- where unknown sizes come from (each reads after the size's name) -----------------------

  /** The branches of an {@code if} (or the cases of a {@code match}) at {@code at}, of types {@code t1} and {@code t2}, differ in this size. */
  public static String unknownDueToConditional(String at, String t1, String t2) {
    return "is unknown due to conditional expression at " + at + ".\nOne branch returns array of type: " + t1
        + "\nThe other an array of type:       " + t2;
  }

  public static String rangeLength(String at) { return "is unknown length of range at " + at + "."; }

  public static String sliceSize(String at) { return "is size produced by slice at " + at + "."; }

  /** The value of argument {@code arg} of {@code function} (see {@link #function}), a size of the result. */
  public static String argumentValue(String arg, String function, String at) {
    return "is value of argument \"" + arg + "\" passed to " + function + " at " + at + ".";
  }

  /** An existential size of the result of {@code function} (see {@link #function}). */
  public static String returnedBy(String function, String at) {
    return "is unknown size returned by " + function + " at " + at + ".";
  }

  /** An existential size of a function's result that unification made fresh. */
  public static String returnedByFunctionHere() { return "is unknown size returned by a function at this application."; }

  /** A size naming {@code name}, which goes out of scope at {@code at}. */
  public static String outOfScope(String name, String at) {
    return "is an unknown size arising from \"" + name + "\" going out of scope at " + at + ".";
  }

  /** A size that varies across the iterations of the loop at {@code at}. */
  public static String loopResult(String at) { return "is unknown size of value returned at " + at + "."; }

  /** What makes an ascription's anonymous size ("Ambiguous size \"d\" arising from ..."). */
  public static String explicitAscription() { return "explicit type ascription"; }

  public static String typeAscription() { return "type ascription"; }

  /** What makes an instance of a size parameter of {@code function}. */
  public static String instantiatedSizeParameter(String function) {
    return "instantiated size parameter of " + quoted(function);
  }

  // ---- expressions whose type needs a size (causality) ----------------------------------------

  public static String operatorSection() { return "operator section"; }

  public static String projectionSection() { return "projection section"; }

  public static String emptyArray() { return "empty array"; }

  public static String hole() { return "hole"; }

  /** A constructor, quoted with its {@code #}. */
  public static String constructor(String name) { return quoted("#" + name); }

  // ---- uniqueness -----------------------------------------------------------------------------

  /** A variable, as uniqueness messages name what is used or consumed. */
  public static String variable(String name) { return "variable " + quoted(name); }

  /** The value an application of {@code function} returns. */
  public static String resultOfApplying(String function, String at) {
    return "result of applying " + quoted(function) + " (at " + at + ")";
  }

  /** The value an application of an unnamed function returns. */
  public static String resultOfApplication(String at) { return "result of application at " + at; }

  /** The value a loop returns. */
  public static String resultOfLoop(String at) { return "result of loop at " + at; }

  public static String loopBody() { return "Loop body"; }

  public static String loopCondition() { return "Loop condition"; }

  /** Two function types of which one consumes its argument and the other does not. */
  public static String consumptionDiffers(String a, String b) {
    return "Parameters\n  " + a + "\nand\n  " + b + "\nare incompatible regarding consuming their arguments."
        + Diagnostics.link("unify-consuming-param");
  }

  /** Two function types of which one returns a unique value and the other does not. */
  public static String uniquenessDiffers(String a, String b) {
    return "Return types\n  " + a + "\nand\n  " + b + "\nhave incompatible uniqueness.";
  }

  // ---- module types ---------------------------------------------------------------------------

  /** A non-lifted type parameter of a value instantiated (by a specification) with a function type. */
  public static String functionalTypeArgument(String param, String type) {
    return "Cannot instantiate type parameter \"" + param + "\" with functional type\n  " + type;
  }

  /** A type parameter of a value instantiated (by a specification) with a more lifted one. */
  public static String liftedTypeArgument(String param, String lifted) {
    return "Cannot instantiate type parameter \"" + param + "\" with type containing lifted type parameter \"" + lifted + "\".";
  }
}

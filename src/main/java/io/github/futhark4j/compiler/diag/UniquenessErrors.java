package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;

/**
 * The type checker's messages about uniqueness and consumption: E0301-E0311 (use after
 * consumption, consuming what is not consumable, aliased unique results, consuming functions where
 * observing ones are expected, aliasing of consumed arguments, loop parameters and in-place
 * updates). Values are named by {@link Phrases#variable} and the like; types come printed.
 */
public final class UniquenessErrors {
  private UniquenessErrors() {}

  private static Diagnostic err(DiagCode code, Span span, String message) { return Diagnostics.error(code, span, message); }

  /** E0301: a use of {@code what} (a variable or a result, as {@link Phrases} names it) after it was consumed at {@code consumedAt}. */
  public static Diagnostic useAfterConsumption(Span span, String what, String consumedAt) {
    return err(DiagCode.E0301, span, "Using " + what + ", but this was consumed at " + consumedAt
        + ".  (Possibly through aliases.)" + Diagnostics.link("use-after-consume"));
  }

  /** E0302: consuming {@code what}, which may not be consumed here. */
  public static Diagnostic notConsumable(Span span, String what) {
    return err(DiagCode.E0302, span, "Consuming " + what + ", which is not consumable." + Diagnostics.link("not-consumable"));
  }

  /** E0304: a top-level constant declared with a unique type. */
  public static Diagnostic uniqueConstant(Span span) {
    return err(DiagCode.E0304, span, "A top-level constant cannot have a unique type.");
  }

  /** E0304: a unique result that aliases parameter {@code name}, which is not consumed. */
  public static Diagnostic uniqueResultAliased(Span span, String name) {
    return err(DiagCode.E0304, span, "Unique-typed return value is aliased to \"" + name + "\", which is not consumable."
        + Diagnostics.link("return-aliased"));
  }

  /** E0305: a unique part of a result that aliases another part. */
  public static Diagnostic uniqueComponentAliased(Span span) {
    return err(DiagCode.E0305, span, "A unique-typed component of the return value is aliased to some other component."
        + Diagnostics.link("unique-return-aliased"));
  }

  /**
   * E0306: {@code x |> f} (or {@code f <| x}) where {@code f} consumes its argument: the pipe's
   * function parameter does not ({@code param} and {@code consumingParam}: its type without and
   * with the consumption).
   */
  public static Diagnostic pipeToConsumingFunction(Span span, String pipe, String function, String expected, String actual,
                                                   String param, String consumingParam) {
    return err(DiagCode.E0306, span, "Cannot apply \"" + pipe + "\" to \"" + function + "\" (invalid type).\nExpected: "
        + expected + "\nActual:   " + actual + "\n\n" + Phrases.consumptionDiffers(param, consumingParam));
  }

  /** E0306: a function argument that consumes or returns other than the parameter's type allows ({@code why}: a {@link Phrases} of which). */
  public static Diagnostic functionArgumentIncompatible(Span span, String function, String arg, String expected, String actual,
                                                        String why) {
    return err(DiagCode.E0306, span, "Cannot apply \"" + function + "\" to \"" + arg + "\" (invalid type).\nExpected: "
        + expected + "\nActual:   " + actual + "\n\n" + why);
  }

  /** E0306: a function-valued body that consumes or returns other than the declared type allows. */
  public static Diagnostic functionBodyIncompatible(Span span, String expected, String actual, String why) {
    return err(DiagCode.E0306, span, Contexts.functionBody() + "\nExpected: " + expected + "\nActual:   "
        + actual + "\n\n" + why);
  }

  /** E0307: a function's result that aliases a free variable {@code name}. */
  public static Diagnostic resultAliasesFreeVariable(Span span, String name) {
    return err(DiagCode.E0307, span, "Function result aliases the free variable \"" + name + "\".\nUse \"copy\" to break the aliasing."
        + Diagnostics.link("alias-free-variable"));
  }

  /** E0308: a consumed argument that aliases {@code name}, which the argument {@code other} (at {@code otherAt}) also aliases. */
  public static Diagnostic consumedArgumentAliased(Span span, String name, String other, String otherAt) {
    return err(DiagCode.E0308, span, "Argument is consumed, but aliases\n  " + name + "\nwhich is also aliased by other argument\n  "
        + other + "\nat " + otherAt + ".");
  }

  /** E0308: an argument for a consuming parameter whose parts alias each other. */
  public static Diagnostic selfAliasedArgument(Span span) {
    return err(DiagCode.E0308, span, "Argument passed for consuming parameter is self-aliased." + Diagnostics.link("self-aliasing-arg"));
  }

  /** E0309: a let-bound function whose evaluation consumed something. */
  public static Diagnostic consumptionInFunctionalLet(Span span, String type) {
    return err(DiagCode.E0309, span, "Let-bound expression of higher-order type\n  " + type
        + "\ncontains consumption, which is not allowed." + Diagnostics.link("contains-consumption"));
  }

  /** E0309: a function argument (or initial loop value) whose evaluation consumed something. */
  public static Diagnostic consumptionInFunctionalArgument(Span span, String type) {
    return err(DiagCode.E0309, span, "Argument of functional type\n  " + type + "\ncontains consumption, which is not allowed."
        + Diagnostics.link("consuming-argument"));
  }

  /** E0310: {@code part} of a loop ({@link Phrases#loopBody}, {@link Phrases#loopCondition}) uses {@code what}, which the initial value consumes. */
  public static Diagnostic loopUsesConsumed(Span span, String part, String what) {
    return err(DiagCode.E0310, span, part + " uses " + what + " (or an alias),\nbut this is consumed by the initial loop argument.");
  }

  /** E0310: the value returned for consuming loop parameter {@code param} aliases {@code name}. */
  public static Diagnostic loopResultAliases(Span span, String param, String name) {
    return err(DiagCode.E0310, span, "Return value for consuming loop parameter \"" + param + "\" aliases \"" + name + "\"."
        + Diagnostics.link("consuming-loop-param-aliases"));
  }

  /** E0310: the value returned for loop parameter {@code param} aliases another, consumed, loop parameter. */
  public static Diagnostic loopResultAliasesConsumedParameter(Span span, String param) {
    return err(DiagCode.E0310, span, "Return value for loop parameter \"" + param + "\" aliases other consumed loop parameter."
        + Diagnostics.link("loop-parameter-aliases-other"));
  }

  /** E0310: the value returned for consuming loop parameter {@code param} aliases a value returned before it. */
  public static Diagnostic loopResultAliasesPrevious(Span span, String param) {
    return err(DiagCode.E0310, span, "Return value for consuming loop parameter \"" + param + "\" aliases previously returned value."
        + Diagnostics.link("aliases-previously-returned"));
  }

  /** E0311: an in-place update whose value may alias the array updated (both as written). */
  public static Diagnostic updateAliasesValue(Span span, String target, String value) {
    return err(DiagCode.E0311, span, "Source array for in-place update\n  " + target
        + "\nmight alias update value\n  " + value + "\nHint: use \"copy\" to remove aliases from the value.");
  }
}

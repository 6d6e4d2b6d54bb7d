package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The type checker's messages about names and types: E0201-E0217 (unknown names, mismatches,
 * fields, type arguments, classes, applications, literals, indexing, names bound twice,
 * patterns, ambiguity, constructors, match) and E0230-E0234 (lifted types, functions where values
 * of order zero are needed, record updates, recursion). Types come printed by the checker; a
 * mismatch's code is that of the unification failure ({@link Message}) under it.
 */
public final class TypeErrors {
  private TypeErrors() {}

  private static Diagnostic err(DiagCode code, Span span, String message) { return Diagnostics.error(code, span, message); }

  // ---- E0201 unknown names ------------------------------------------------------------------

  /** E0201: a name that is not bound. */
  public static Diagnostic unknownName(Span span, String name) {
    return err(DiagCode.E0201, span, "Unknown name \"" + name + "\"");
  }

  /** E0201: a module used as a value. */
  public static Diagnostic moduleAsValue(Span span, String name) {
    return err(DiagCode.E0201, span, "\"" + name + "\" is a module, not a value.");
  }

  /** E0201: a local open of a module that does not exist (worded as an unknown name, as the reference). */
  public static Diagnostic unknownModule(Span span, String module) {
    return err(DiagCode.E0201, span, "Unknown name \"" + module + "\"");
  }

  /** E0201: an operator that is not bound. */
  public static Diagnostic unknownOperator(Span span, String name) {
    return err(DiagCode.E0201, span, "Unknown operator \"" + name + "\".");
  }

  // ---- E0202 mismatches (the code is the failure's) -----------------------------------------

  /** The failure's code: {@code context} (from {@link Contexts}), then the expected and the actual type, then the failure's text. */
  /** {@code head} with the failure's text under it, or the failure alone where the reference reports it so. */
  private static Diagnostic explained(Span span, String head, Message why) {
    return why.standalone() ? why.at(span) : err(why.code(), span, head + Message.detail(why));
  }

  public static Diagnostic mismatch(Span span, String context, String expected, String actual, Message why) {
    return explained(span, context + "\nExpected: " + expected + "\nActual:   " + actual, why);
  }

  /** The failure's code: the branches of a conditional (or the cases of a match) have types {@code former} and {@code latter}. */
  public static Diagnostic branchesDiffer(Span span, String former, String latter, Message why) {
    return explained(span, "Branches differ in type.\nFormer: " + former + "\nLatter: " + latter, why);
  }

  /** The failure's code: "Cannot unify" the two types (the actual one first, as the reference's first pass), then the failure's text. */
  public static Diagnostic cannotUnify(Span span, String a, String b, Message why) {
    return explained(span, Phrases.cannotUnify(a, b), why);
  }

  /** The failure's code: a slice bound that is not an {@code i64} (the failure's text left out, as the reference does). */
  public static Diagnostic sliceBoundNotI64(Span span, String type, Message why) {
    return err(why.code(), span, Phrases.cannotUnify("i64", type));
  }

  /** The failure's code: a for-in loop over a value that is not an array (the array type first, no text). */
  public static Diagnostic forInNotArray(Span span, String arrayType, String actual, Message why) {
    return err(why.code(), span, Phrases.cannotUnify(arrayType, actual));
  }

  /** The failure's code: a pattern (as written) against the type of the value it cannot match. */
  public static Diagnostic patternMismatch(Span span, String pattern, String type, Message why) {
    return explained(span, "Pattern\n  " + pattern + "\ncannot match value of type\n  " + type, why);
  }

  /** E0202: a while-loop's condition of a known type other than {@code bool}. */
  public static Diagnostic whileConditionNotBool(Span span, String type) {
    return err(DiagCode.E0202, span, "Types\n  bool\nand\n  " + type + "\ndo not match.");
  }

  // ---- E0203 unknown types ------------------------------------------------------------------

  /** E0203: a type name that is not bound. */
  public static Diagnostic unknownType(Span span, String name) {
    return err(DiagCode.E0203, span, "Unknown type \"" + name + "\"");
  }

  // ---- E0204 fields -------------------------------------------------------------------------

  /** E0204: a field a record type does not have ({@code fieldType} is a fresh type variable printed). */
  public static Diagnostic recordLacksField(Span span, String field, String fieldType, String recordType) {
    return err(DiagCode.E0204, span, "Cannot unify record type with fields\n  {" + field + ": " + fieldType
        + "}\nwith record type\n  " + recordType);
  }

  /** E0204: a field of a value whose type is known and not a record. */
  public static Diagnostic notARecord(Span span, String field, String fieldType, String type) {
    return err(DiagCode.E0204, span, "Cannot unify record type with fields\n  {" + field + ": " + fieldType + "}\nwith type\n  " + type);
  }

  /** The failure's code: a field of a value of a type still being inferred; the failure's text, else a plain sentence. */
  public static Diagnostic cannotAccessField(Span span, String field, Message why) {
    return err(why.code(), span, why.text() != null ? why.text() : "Cannot access field \"" + field + "\".");
  }

  /** The failure's code: a record update whose value does not fit the field at {@code path}. */
  public static Diagnostic cannotReplaceField(Span span, String valueType, List<String> path, String fieldType, Message why) {
    return err(why.code(), span, "Cannot unify\n  " + valueType + "\nwith\n  " + fieldType
        + "\n\nWhen matching types of record field \"" + String.join(".", path) + "\"." + Message.detail(why));
  }

  // ---- E0205 type arguments -----------------------------------------------------------------

  /** E0205: a type constructor with parameters ({@code shown} with them: {@code t 'a [n]}) used without arguments. */
  public static Diagnostic typeConstructorWithoutArguments(Span span, String shown) {
    return err(DiagCode.E0205, span, "Type constructor \"" + shown + "\" used without any arguments.");
  }

  /** E0205: a type constructor with too many or too few arguments. */
  public static Diagnostic typeArgumentCount(Span span, String type, int required, int provided) {
    return err(DiagCode.E0205, span, "Type constructor \"" + type + "\" requires " + required
        + " arguments, but provided " + provided + ".");
  }

  /** E0205: a size argument written as a type name ({@code t n} for {@code t [n]}). */
  public static Diagnostic sizeArgumentWithoutBrackets(Span span, String arg, String type) {
    return err(DiagCode.E0205, span, "Type argument " + arg + " of \"" + type + "\" should be a size [" + arg + "].");
  }

  /** E0205: a type argument where a size argument is needed ({@code position} from 1). */
  public static Diagnostic sizeArgumentExpected(Span span, String type, int position) {
    return err(DiagCode.E0205, span, "Type \"" + type + "\" expects a size argument in position " + position + ".");
  }

  /** E0205: a size argument where a type argument is needed ({@code position} from 1). */
  public static Diagnostic typeArgumentExpected(Span span, String type, int position) {
    return err(DiagCode.E0205, span, "Type \"" + type + "\" expects a type argument in position " + position + ".");
  }

  /** E0205: a sum type with 256 constructors or more. */
  public static Diagnostic tooManyConstructors(Span span) {
    return err(DiagCode.E0205, span, "Sum types must have less than 256 constructors.");
  }

  // ---- E0206 classes ------------------------------------------------------------------------

  /** E0206: {@code ==} on a type without equality (an abstract type or a type parameter). */
  public static Diagnostic equalityUnsupported(Span span, String type) {
    return err(DiagCode.E0206, span, "Comparing equality of values of type\n  " + type + "\nwhich does not support equality.");
  }

  // ---- E0207 applications -------------------------------------------------------------------

  /** E0207: a value that is not a function applied ({@code function} null: not a name). */
  public static Diagnostic notAFunction(Span span, String function, String type) {
    return err(DiagCode.E0207, span, "Cannot apply " + (function != null ? "\"" + function + "\"" : "expression")
        + " as function, as it has non-function type:\n  " + type);
  }

  /** E0207: more arguments than the function takes ({@code function} as {@link Phrases#function} names it). */
  public static Diagnostic tooManyArguments(Span span, String function, String arg, int accepted) {
    return err(DiagCode.E0207, span, "Cannot apply " + function + " to \"" + arg + "\".\nFunction accepts only "
        + accepted + " arguments.");
  }

  // ---- E0208 literals -----------------------------------------------------------------------

  /** E0208: a literal of an inferred type that the type cannot hold. */
  public static Diagnostic literalOutOfBounds(Span span, String literal, String type) {
    return err(DiagCode.E0208, span, "Literal " + literal + " out of bounds for inferred type " + type + "."
        + Diagnostics.link("literal-out-of-bounds"));
  }

  // ---- E0209 indexing -----------------------------------------------------------------------

  /** E0209: a value of a known type that is not an array indexed ({@code arrayType}: an array of what is left). */
  public static Diagnostic notAnArray(Span span, String type, String arrayType) {
    return err(DiagCode.E0209, span, Phrases.cannotUnify(type, arrayType));
  }

  // ---- E0210 names bound twice --------------------------------------------------------------

  /** The namespaces of a declaration sequence, as a duplicate definition names them. */
  public enum Namespace {
    NAME("name"), TYPE("type"), MODULE_TYPE("module type");

    final String words;

    Namespace(String words) { this.words = words; }
  }

  /** E0210: a name bound twice in one pattern or parameter list ({@code previous}: the first binding's position). */
  public static Diagnostic alsoBoundAt(Span span, String name, String previous) {
    return err(DiagCode.E0210, span, "Name \"" + name + "\" also bound at " + previous + ".");
  }

  /** E0210: a type parameter bound twice in a type abbreviation's parameters. */
  public static Diagnostic typeParameterDefinedTwice(Span span, String name, String previous) {
    return err(DiagCode.E0210, span, "Type parameter \"" + name + "\" previously defined at " + previous + ".");
  }

  /** E0210: two declarations of one name in one sequence of declarations or specifications. */
  public static Diagnostic duplicateDefinition(Span span, Namespace namespace, String name, String previous) {
    return err(DiagCode.E0210, span, "Duplicate definition of " + namespace.words + " " + name + ".\nPreviously defined at "
        + previous + ".");
  }

  /** E0210: a record pattern field whose name starts with an underscore. */
  public static Diagnostic underscoreField(Span span, String field) {
    return err(DiagCode.E0210, span, "Underscore-prefixed fields are not allowed.\nDid you mean\"" + field.substring(1) + "=_\"?");
  }

  /** E0210: a record pattern with a field twice ({@code pattern} as written). */
  public static Diagnostic duplicateFieldsInPattern(Span span, String pattern) {
    return err(DiagCode.E0210, span, "Duplicate fields in record pattern " + pattern + ".");
  }

  /** E0210: a record literal with a field twice. */
  public static Diagnostic fieldDefinedTwice(Span span, String field, String previous) {
    return err(DiagCode.E0210, span, "Field \"" + field + "\" previously defined at " + previous + ".");
  }

  /** E0210: a record type with a field twice ({@code type} as written). */
  public static Diagnostic duplicateRecordFields(Span span, String type) {
    return err(DiagCode.E0210, span, "Duplicate record fields in " + type + ".");
  }

  /** E0210: a sum type with a constructor twice ({@code type} as written; no full stop, as the reference). */
  public static Diagnostic duplicateConstructors(Span span, String type) {
    return err(DiagCode.E0210, span, "Duplicate constructors in " + type);
  }


  // ---- E0211 refutable patterns -------------------------------------------------------------

  /** E0211: a refutable pattern where only irrefutable ones are allowed ({@code missing}: the cases not matched). */
  public static Diagnostic refutablePattern(Span span, String missing) {
    return err(DiagCode.E0211, span, "Refutable pattern not allowed here.\nUnmatched cases:\n  " + missing
        + Diagnostics.link("refutable-pattern"));
  }

  /** E0211: a loop without an initial value whose parameter is not made of names. */
  public static Diagnostic loopNeedsNames(Span span) {
    return err(DiagCode.E0211, span, "A loop without an initial value needs a pattern of names.");
  }

  // ---- E0212 ambiguous types ----------------------------------------------------------------

  /** E0212, a warning: a type only literals or operators constrain, defaulted to {@code type}. */
  public static Diagnostic defaultingAmbiguousType(Span span, String type) {
    return Diagnostics.warning(DiagCode.E0212, span, "Defaulting ambiguous type to " + type + ".");
  }

  /** E0212: a field projected from, or updated in, a value whose type is never known: {@code var}, known to be {@code record}. */
  public static Diagnostic ambiguousRecord(Span span, String var, String record) {
    return err(DiagCode.E0212, span, "Type " + var + " is ambiguous.\nMust be a record with fields\n  " + record + Diagnostics.link("ambiguous-type"));
  }

  /** E0212: the checked form of a definition has a record type never known (no place to point at). */
  public static Diagnostic ambiguousProjection(Span span) {
    return err(DiagCode.E0212, span, "Type is ambiguous.\nMust be a record type." + Diagnostics.link("ambiguous-type"));
  }

  /** E0212: a sum type known only by the constructors used ({@code sum}, as far as known). */
  public static Diagnostic ambiguousSum(Span span, String sum) {
    return err(DiagCode.E0212, span, "Type is ambiguous.\nMust be a sum type with constructors\n  " + sum + Diagnostics.link("ambiguous-type"));
  }

  // ---- E0215, E0217 -------------------------------------------------------------------------

  /** E0215: a match that does not cover every value ({@code missing}: the cases not matched). */
  public static Diagnostic unmatchedCases(Span span, String missing) {
    return err(DiagCode.E0215, span, "Unmatched cases in match expression:\n  " + missing);
  }

  /** E0217: a use of a name that starts with an underscore. */
  public static Diagnostic underscoreName(Span span, String name) {
    return err(DiagCode.E0217, span, "Use of \"" + name + "\": variables prefixed with underscore may not be accessed.");
  }

  // ---- E0230 lifted types -------------------------------------------------------------------

  /** E0230: a non-lifted type abbreviation that contains a function. */
  public static Diagnostic functionInNonLiftedAbbreviation(Span span) {
    return err(DiagCode.E0230, span, "Non-lifted type abbreviations may not contain functions.\nHint: consider using 'type^'.");
  }

  /** E0230: a non-size-lifted type abbreviation that contains a size-lifted type. */
  public static Diagnostic sizeLiftedInNonSizeLiftedAbbreviation(Span span) {
    return err(DiagCode.E0230, span, "Non-size-lifted type abbreviations may not contain size-lifted types.\nHint: consider using 'type~'.");
  }

  /** E0230: a non-lifted type abbreviation {@code name} with existential sizes. */
  public static Diagnostic existentialInNonLiftedAbbreviation(Span span, String name) {
    return err(DiagCode.E0230, span, "Non-lifted type abbreviations may not use existential sizes in their definition."
        + "\nHint: use 'type~' or add size parameters to \"" + name + "\".");
  }

  // ---- E0231 functions from branches and loops ----------------------------------------------

  /** E0231: an {@code if} that returns a function. */
  public static Diagnostic ifReturnsFunction(Span span, String type) {
    return err(DiagCode.E0231, span, "If-expression returns type\n  " + type + "\nbut if-results may not be of function type.");
  }

  /** E0231: a {@code match} that returns a function. */
  public static Diagnostic matchReturnsFunction(Span span, String type) {
    return err(DiagCode.E0231, span, "Match-expression returns type\n  " + type + "\nbut match-results may not be of function type.");
  }

  /** E0231: a loop parameter of function type. */
  public static Diagnostic functionLoopParameter(Span span, String type) {
    return err(DiagCode.E0231, span, "Loop parameter inferred to have type\n  " + type
        + "\nbut a loop parameter may not be of function type.");
  }

  // ---- E0232 arrays of functions ------------------------------------------------------------

  /** E0232: an array whose elements' inferred type is lifted (an abstract type or a type parameter). */
  public static Diagnostic liftedElements(Span span, String type) {
    return err(DiagCode.E0232, span, "Cannot create array with elements of lifted type " + type + " (might be functional).");
  }

  /**
   * E0230: a type parameter of {@code name} instantiated at {@code span} against its liftedness ({@code why}:
   * a function type, or a lifted type parameter in it), as the reference reports it once the
   * definition's types are inferred.
   */
  public static Diagnostic instantiationLiftedness(Span span, Message why, String name) {
    return err(DiagCode.E0230, span, why.text() + "\n" + TypeMessages.whenInstantiating(name));
  }

  /** E0232: an array literal whose elements are functions, as the reference words it. */
  public static Diagnostic functionalElements(Span span, String type) {
    return err(DiagCode.E0232, span, TypeMessages.foundToBeFunctional(type).text());
  }

  /** E0232: an array type whose element type (as written) is lifted. */
  public static Diagnostic liftedElementType(Span span, String elementType) {
    return err(DiagCode.E0232, span, "Cannot create array with elements of lifted type \"" + elementType + "\" (might contain function).");
  }

  /** E0232: an array type whose element type (as written) is size-lifted. */
  public static Diagnostic sizeLiftedElementType(Span span, String elementType) {
    return err(DiagCode.E0232, span, "Cannot create array with elements of size-lifted type \"" + elementType
        + "\" (might cause irregular array).");
  }

  // ---- E0234 -------------------------------------------------------------------------------

  /** E0234: a recursive function whose result is a function. */
  public static Diagnostic recursiveFunctionResult(Span span, String function, String type) {
    return err(DiagCode.E0234, span, "Recursive function \"" + function + "\" returns type\n  " + type
        + "\nwhich is not first-order.\nWrite the function type as further parameters instead.");
  }

  /** E0234: a recursive application (of a function with higher-order parameters) with too few or many arguments. */
  public static Diagnostic recursiveApplicationNotSaturated(Span span, String function, int expected, int got) {
    return err(DiagCode.E0234, span, "Recursive application of \"" + function + "\" is not fully saturated: expected "
        + expected + " arguments but got " + got + ".");
  }

  /** E0234: a recursive application that does not pass a higher-order parameter on unchanged. */
  public static Diagnostic higherOrderArgumentChanged(Span span, String function) {
    return err(DiagCode.E0234, span, "Higher-order argument in recursive application of \"" + function
        + "\" must be passed unchanged, i.e. be the corresponding parameter.");
  }

  /** E0234: a recursive reference (to a function with higher-order parameters) that is not applied. */
  public static Diagnostic recursiveReferenceNotApplied(Span span, String function) {
    return err(DiagCode.E0234, span, "Recursive reference to \"" + function
        + "\" must be a fully saturated application, as it has a higher-order parameter.");
  }
}

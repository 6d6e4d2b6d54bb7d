package io.github.futhark4j.compiler.diag;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Why two types do not unify, or why a type may not stand for a type variable: the {@link Message}s
 * of unification failures, not yet placed at a span. Types, sizes and names come rendered by the
 * checker's printers; the words are here. Mostly E02xx (E0202 type mismatch, E0204 fields, E0206
 * classes, E0214 constructors, E0220 sizes, E0221 causality, E0227 scope, E0228 occurs check,
 * E0230 lifted types, E0232 array elements).
 */
public final class TypeMessages {
  private TypeMessages() {}

  private static Message msg(DiagCode code, String text) { return new Message(code, text); }

  /** What a type variable stands for in a message, or "This value". */
  private static String origin(String origin) { return origin != null ? origin : "This value"; }

  // ---- E0202 type mismatch ------------------------------------------------------------------

  private static final Message MISMATCH = msg(DiagCode.E0202, null);

  /** E0202: the two types differ, with nothing to add (the caller shows both). */
  public static Message mismatch() { return MISMATCH; }

  /** E0202: two record types have different fields; {@code missing} are those in only one of them. */
  public static Message unsharedFields(List<String> missing) {
    return msg(DiagCode.E0202, "Cannot unify record type with unshared fields: " + String.join(", ", missing) + ".");
  }

  /** {@code why}, found while unifying the types of record field {@code field} (same code). */
  public static Message inRecordField(Message why, String field) {
    String crumb = "When matching types of record field \"" + field + "\".";
    return new Message(why.code(), why.text() == null ? crumb : why.text() + "\n" + crumb, why.secondPass());
  }

  /** E0202: constructor {@code #c} used with other payload types ({@code mine}) than its type's ({@code theirs}), in number. */
  public static Message constructorArity(String constructor, List<String> mine, List<String> theirs) {
    return msg(DiagCode.E0202, "Cannot unify type with constructor\n  " + constructorType(constructor, mine) + "\nwith type of constructor\n  "
        + constructorType(constructor, theirs) + "\nbecause they differ in arity.");
  }

  private static String constructorType(String constructor, List<String> payload) {
    StringBuilder sb = new StringBuilder("#").append(constructor);
    for (String t : payload) sb.append(' ').append(t);
    return sb.toString();
  }

  /** E0202: a function that consumes its argument where the declared type does not. */
  public static Message consumesAgainstDeclaredType() {
    return new Message(DiagCode.E0202, "The function consumes its argument, which the declared type does not allow.", true);
  }

  // ---- E0204 fields -------------------------------------------------------------------------

  /**
   * E0204: a type known only by fields ({@code fields}, a record type) found to be {@code type},
   * which lacks one ({@code what}: "record type") or is no record ("type"); reported by itself, as
   * the reference's solver does.
   */
  public static Message recordWithFields(String fields, String what, String type) {
    return new Message(DiagCode.E0204, "Cannot unify record type with fields\n  " + fields + "\nwith " + what + "\n  " + type, false, true);
  }

  /** E0204: a field of a value whose type is known to be primitive. */
  public static Message fieldOfPrimitive() {
    return msg(DiagCode.E0204, "Cannot access a field of a value of a primitive type.");
  }

  // ---- E0206 type classes -------------------------------------------------------------------

  /**
   * E0206: a value of a class of primitive types ({@code prims}, as their names) used at the type
   * {@code type}, as the reference words it.
   */
  public static Message cannotInstantiatePrimitiveClass(List<String> prims, String type) {
    return msg(DiagCode.E0206, "Cannot instantiate type that must be one of\n  [" + String.join(", ", prims) + "]\nwith\n  " + type);
  }

  /** E0206: two classes of primitive types with nothing in common (each as its type names, in order), as the reference words it. */
  public static Message disjointPrimitiveClasses(List<String> one, List<String> other) {
    return msg(DiagCode.E0206, "Cannot unify type that must be one of\n  [" + String.join(", ", one)
        + "]\nwith type that must be one of\n  [" + String.join(", ", other) + "]");
  }

  /** E0206: a value of a primitive class used as a record or a sum. */
  public static Message cannotBeRecordOrSum(String origin) {
    return msg(DiagCode.E0206, origin(origin) + " cannot be a record or sum.");
  }

  /** E0206: equality on a type containing functions. */
  public static Message equalityNotDefined(String type) {
    return msg(DiagCode.E0206, "Equality is not defined for values of type " + type + ".");
  }

  // ---- E0214 constructors -------------------------------------------------------------------

  /** E0214: a constructor the sum type does not have. */
  /** E0214: a value made by (or matched with) the constructors {@code sum} has the type {@code type}, not a sum type. */
  public static Message noSuchConstructor(String sum, String type) {
    return msg(DiagCode.E0214, "Cannot unify type with constructors\n  " + sum + "\nwith type\n  " + type);
  }

  /** E0214: constructors {@code used} where a sum type has {@code known}; {@code unshared}: those in one only. */
  public static Message constructorsNotShared(List<String> used, List<String> known, List<String> unshared) {
    return msg(DiagCode.E0214, "Cannot match type with constructors\n" + used.stream().map(c -> "  #" + c + "\n").collect(Collectors.joining())
        + "with type with constructors\n" + known.stream().map(c -> "  #" + c + "\n").collect(Collectors.joining())
        + "Unshared constructors: " + unshared.stream().map(c -> "#" + c).collect(Collectors.joining(", ")) + ".");
  }

  // ---- E0220-E0232 sizes and lifted types ---------------------------------------------------

  /** E0220: two sizes differ; {@code notes} from {@link Phrases#sizeNote} (or empty). */
  public static Message sizesDoNotMatch(String a, String b, String notes) {
    return msg(DiagCode.E0220, "Sizes \"" + a + "\" and \"" + b + "\" do not match." + notes);
  }

  /**
   * E0221: a size needed where it has not been computed yet; {@code origin} is where it is computed
   * (a {@link Phrases} origin of an unknown size), or null.
   */
  public static Message sizeNeededBeforeComputed(String size, String origin) {
    return msg(DiagCode.E0221, "Causality check: size \"" + size + "\" needed for this type, but \"" + size
        + "\" " + (origin != null ? origin.replaceFirst("^is ", "is ").replaceFirst("\\.$", "") : "is computed later")
        + ", and hence not available here." + Diagnostics.link("causality-check"));
  }

  /** E0221: a non-lifted type variable would take a type with sizes unknown at this point. */
  public static Message anonymousSizesForTypeVariable(String var, String type) {
    return msg(DiagCode.E0221, "Type variable " + var + " cannot be instantiated with type containing anonymous sizes:\n  "
        + type + "\nThis is usually because the size of an array returned by a higher-order function argument cannot be"
        + " determined statically. This can also be due to the return size being a value parameter. Add type annotation to clarify.");
  }

  /**
   * E0227: the size {@code size} would stand for {@code sizeExp}, which names {@code name}, bound
   * deeper than where the size was made.
   */
  public static Message sizeLinkOutOfScope(String size, String sizeExp, String name) {
    return msg(DiagCode.E0227, "Cannot link size \"" + size + "\" to \"" + sizeExp + "\" (scope violation).\nThis is because \""
        + name + "\" is not in scope when \"" + size + "\" is introduced." + Diagnostics.link("scope-violation"));
  }

  /** E0227: a type variable would take a type bound deeper than where the variable was made. */
  public static Message typeEscapesScope(String type) {
    return msg(DiagCode.E0227, "Type \"" + type + "\" would escape its scope." + Diagnostics.link("scope-violation"));
  }

  /** E0228: a size would contain itself. */
  /**
   * E0227: an existential size {@code size} of an expected function type's result that the given
   * function's result gives as {@code sizeExp}, which names its parameter {@code param}.
   */
  public static Message existentialLinkedToParameter(String size, String sizeExp, String param) {
    return msg(DiagCode.E0227, "Cannot link size \"" + size + "\" to \"" + sizeExp + "\" (scope violation).\nThis is because \""
        + param + "\" is not in scope when \"" + size + "\" is introduced." + Diagnostics.link("scope-violation")
        + "\nWhen matching return types.");
  }

  /** E0228: a size ({@code name}) would be an expression that contains it, worded as the reference does. */
  public static Message occursCheckSize(String name, String size) {
    return msg(DiagCode.E0228, "Occurs check: cannot instantiate \"" + name + "\" with \"" + size + "\" ." + Diagnostics.link("occurs-check"));
  }

  /** E0228: a type variable would contain itself (reported by itself, see {@link Message#standalone()}). */
  public static Message occursCheck(String var, String type) {
    return new Message(DiagCode.E0228, "Occurs check: cannot instantiate " + var + " with " + type + "." + Diagnostics.link("occurs-check"),
        false, true);
  }

  /** E0232: an array element's type, inferred to be {@code type}, a function type. */
  public static Message foundToBeFunctional(String type) {
    return msg(DiagCode.E0232, "Type\n  " + type + "\nfound to be functional.");
  }

  /** E0230: a non-lifted type variable ({@code origin} says what made it, or null) would take a function type. */
  public static Message functionalForNonLifted(String origin, String type) {
    return msg(DiagCode.E0230, "Cannot instantiate a non-lifted type " + (origin != null ? "(" + origin + ") " : "")
        + "with functional type " + type + ".");
  }

  /** E0232: a lifted type parameter (bound at {@code boundAt}) as an array element. */
  public static Message liftedParameterAsElement(String param, String boundAt) {
    return msg(DiagCode.E0232, "Type parameter \"" + param + "\" bound at " + boundAt + " is lifted and cannot be an array element.");
  }

  /** E0232: a lifted abstract type as an array element. */
  public static Message liftedTypeAsElement(String type) {
    return msg(DiagCode.E0232, "Type \"" + type + "\" is lifted and cannot be an array element.");
  }

  /** E0230: a lifted type parameter (bound at {@code boundAt}) instantiating a size-lifted one. */
  public static Message liftedParameterMaybeFunctional(String param, String boundAt) {
    return msg(DiagCode.E0230, "Type parameter \"" + param + "\" bound at " + boundAt + " is lifted and may be a functional type.");
  }

  /** E0230: a lifted abstract type instantiating a size-lifted type parameter. */
  public static Message liftedTypeMaybeFunctional(String type) {
    return msg(DiagCode.E0230, "Type \"" + type + "\" is lifted and may be a functional type.");
  }

  /** The line the reference adds to a type parameter's instantiation that breaks its liftedness. */
  public static String whenInstantiating(String name) {
    return "When instantiating type parameter of \"" + name + "\".";
  }
}

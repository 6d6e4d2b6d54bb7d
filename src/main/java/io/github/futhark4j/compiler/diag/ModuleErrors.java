package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;
import java.util.List;

/**
 * The type checker's messages about entry points and modules: E0401-E0405 (polymorphic,
 * higher-order and nested entry points) and E0410-E0413 (modules that do not match their module
 * types, refinements, module expressions, unknown modules). Types, specifications and type
 * abbreviations come printed by the checker; this class indents them.
 */
public final class ModuleErrors {
  private ModuleErrors() {}

  private static Diagnostic err(DiagCode code, Span span, String message) { return Diagnostics.error(code, span, message); }

  // ---- E0401-E0405 entry points -------------------------------------------------------------

  /** E0401: an entry point with type parameters (at the whole definition, as the reference). */
  public static Diagnostic polymorphicEntryPoint(Span span) {
    return err(DiagCode.E0401, span, "Entry point functions may not be polymorphic." + Diagnostics.link("polymorphic-entry"));
  }

  /** E0401: an entry point with a size parameter used only in its result (at the whole definition). */
  public static Diagnostic sizePolymorphicEntryResult(Span span) {
    return err(DiagCode.E0401, span, "Entry point functions must not be size-polymorphic in their return type."
        + Diagnostics.link("size-polymorphic-entry"));
  }

  /** E0402: an entry point that takes or returns a function. */
  public static Diagnostic higherOrderEntryPoint(Span span) {
    return err(DiagCode.E0402, span, "Entry point functions may not be higher-order." + Diagnostics.link("higher-order-entry"));
  }

  /** E0405: an entry point declared inside a module. */
  public static Diagnostic entryPointInModule(Span span) {
    return err(DiagCode.E0405, span, "Entry points may not be declared inside modules." + Diagnostics.link("nested-entry"));
  }

  // ---- E0410 modules that do not match their module types -----------------------------------

  /** How lifted an abstract type of a module type lets its definition be. */
  public enum Lifted {
    NON_LIFTED("a non-lifted type"), SIZE_LIFTED("a size-lifted type"), LIFTED("a lifted type");

    final String words;

    Lifted(String words) { this.words = words; }
  }

  /** E0410: a parametric module where the module type is not parametric. */
  public static Diagnostic parametricForNonParametric(Span span) {
    return err(DiagCode.E0410, span, "Cannot match parametric module with non-parametric module type.");
  }

  /** E0410: a non-parametric module where the module type is parametric, as the reference words it while resolving abstract types ("paramatric"). */
  public static Diagnostic nonParametricForParametricAbstract(Span span) {
    return err(DiagCode.E0410, span, "Cannot match non-parametric module with paramatric module type.");
  }

  /** E0410: a non-parametric module where the module type is parametric. */
  public static Diagnostic nonParametricForParametric(Span span) {
    return err(DiagCode.E0410, span, "Cannot match non-parametric module with parametric module type.");
  }

  /** E0410: a type of the module type that the module does not define ({@code name} qualified). */
  public static Diagnostic missingType(Span span, String name) {
    return err(DiagCode.E0410, span, "Module does not define a type named \"" + name + "\".");
  }

  /** E0410: a value of the module type that the module does not define. */
  public static Diagnostic missingValue(Span span, String name) {
    return err(DiagCode.E0410, span, "Module does not define a value named \"" + name + "\".");
  }

  /** E0410: a module of the module type that the module does not define. */
  public static Diagnostic missingModule(Span span, String name) {
    return err(DiagCode.E0410, span, "Module does not define a module named \"" + name + "\".");
  }

  /** E0410: a type ({@code abbreviation} printed) more lifted than the abstract type it defines allows. */
  public static Diagnostic tooLifted(Span span, String abbreviation, Lifted required) {
    return err(DiagCode.E0410, span, "Module defines\n" + Diagnostics.indent(abbreviation) + "\nbut module type requires "
        + required.words + ".");
  }

  /** E0410: a type ({@code abbreviation} printed) with anonymous sizes defining a non-lifted abstract type. */
  public static Diagnostic anonymousSizesForNonLifted(Span span, String abbreviation) {
    return err(DiagCode.E0410, span, "Module defines\n" + Diagnostics.indent(abbreviation)
        + "\nwhich contains anonymous sizes, but module type requires non-lifted type.");
  }

  /** E0410: a type definition of the module ({@code defined}) other than the module type's ({@code required}), both printed. */
  public static Diagnostic typeDefinitionDiffers(Span span, String defined, String required) {
    return err(DiagCode.E0410, span, "Module defines\n" + Diagnostics.indent(defined) + "\nbut module type requires\n"
        + Diagnostics.indent(required));
  }

  /** E0410: a type substitution that would make type {@code name} a size. */
  public static Diagnostic topLevelSizeSubstitution(Span span, String name) {
    return err(DiagCode.E0410, span, "Type substitution in \"" + name + "\" results in a top-level size.");
  }

  /** E0410: a value whose type ({@code provided}) does not fit the specification ({@code specified}), both printed; {@code problem} says why. */
  public static Diagnostic valueDiffers(Span span, String specified, String provided, String problem) {
    return err(DiagCode.E0410, span, "Module type specifies\n" + Diagnostics.indent(specified) + "\nbut module provides\n"
        + Diagnostics.indent(provided) + "\n" + problem);
  }

  // ---- E0411 refinements --------------------------------------------------------------------

  /** E0411: {@code with} on a type that is not an abstract type of the module type. */
  public static Diagnostic notAbstract(Span span, String type) {
    return err(DiagCode.E0411, span, "\"" + type + "\" is not an abstract type in the module type.");
  }

  /** E0411: {@code with} whose type parameters ({@code given}, printed) do not fit the abstract type's ({@code declared}). */
  public static Diagnostic refinementParameters(Span span, List<String> given, List<String> declared) {
    return err(DiagCode.E0411, span, "Cannot refine a type having " + typeParams(given) + " with a type having "
        + typeParams(declared) + ".");
  }

  private static String typeParams(List<String> ps) {
    if (ps.isEmpty()) return "no type parameters";
    StringBuilder sb = new StringBuilder("type parameters");
    for (String p : ps) sb.append(' ').append(p);
    return sb.toString();
  }

  // ---- E0412 module expressions -------------------------------------------------------------

  /** E0412: a parametric module (or something inside one) where a plain module is needed. */
  public static Diagnostic parametricModuleHere(Span span) {
    return err(DiagCode.E0412, span, "Cannot have parametric module here.");
  }

  /** E0412: a local open of a parametric module (two spaces, as the reference). */
  public static Diagnostic openParametricModule(Span span, String module) {
    return err(DiagCode.E0412, span, "Module " + module + "  is a parametric module." + Diagnostics.link("module-is-parametric"));
  }

  /** E0412: the {@code intrinsics} module in a module expression. */
  public static Diagnostic intrinsicsInModuleExpression(Span span) {
    return err(DiagCode.E0412, span, "The 'intrinsics' module may not be used in module expressions.");
  }

  /** E0412: an application of a module that is not parametric. */
  public static Diagnostic applyNonParametric(Span span) {
    return err(DiagCode.E0412, span, "Cannot apply non-parametric module.");
  }

  // ---- E0413 unknown modules ----------------------------------------------------------------

  /** E0413: a module name that is not bound (worded as an unknown name, as the reference). */
  public static Diagnostic unknownModule(Span span, String name) {
    return err(DiagCode.E0413, span, "Unknown name \"" + name + "\"");
  }

  /** E0413: a module type name that is not bound. */
  public static Diagnostic unknownModuleType(Span span, String name) {
    return err(DiagCode.E0413, span, "Unknown module type \"" + name + "\"");
  }
}

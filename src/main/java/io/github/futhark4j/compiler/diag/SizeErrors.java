package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The type checker's messages about sizes: E0220-E0229 (sizes that do not match, causality,
 * ambiguous and unknowable sizes, existential sizes, unused sizes, scope violations, sizes not
 * used constructively). Mismatches found by unification are {@link TypeMessages}.
 */
public final class SizeErrors {
  private SizeErrors() {}

  private static Diagnostic err(DiagCode code, Span span, String message) { return Diagnostics.error(code, span, message); }

  private static final Pattern AT_END = Pattern.compile(" at (\\S+)\\.$");

  // ---- E0220 sizes do not match -------------------------------------------------------------

  /**
   * E0220: a loop parameter whose type names {@code size}, made inside the loop body; {@code origin}
   * (a {@link Phrases} origin of an unknown size) says where.
   */
  public static Diagnostic existentialInLoopParameter(Span span, String type, String size, String origin) {
    Matcher m = AT_END.matcher(origin);
    return err(DiagCode.E0220, span, "Inferred type for loop parameter is\n  " + type + "\nbut \""
        + size + "\" is an existential size created inside the loop body" + (m.find() ? " at " + m.group(1) : "") + ".");
  }

  /** E0220: a size that varies in a loop, unified with something outside the loop. */
  public static Diagnostic loopVariantSizeEscapes(Span span) {
    return err(DiagCode.E0220, span, "Loop-variant size has escaped into type that occurs outside of loop.\n"
        + "This is likely because the loop body uses a variable whose type\ndepends on the loop parameter."
        + Diagnostics.link("loop-variant-escape"));
  }

  // ---- E0221 causality ----------------------------------------------------------------------

  /** E0221: the type of {@code what} (a {@link Phrases} name of an expression) needs {@code size} before it is computed. */
  public static Diagnostic causality(Span span, String size, String what, String type, String computedAt) {
    return err(DiagCode.E0221, span, "Causality check: size \"" + size + "\" needed for type of " + what + ":\n  "
        + type + "\nBut \"" + size + "\" is computed at " + computedAt + ".\n\nHint: Bind the expression producing \""
        + size + "\" with 'let' beforehand." + Diagnostics.link("causality-check"));
  }

  // ---- E0222, E0223 -------------------------------------------------------------------------

  /** E0222: a size nothing determines by the end of the definition ({@code arising}: a {@link Phrases} of what made it). */
  public static Diagnostic ambiguousSize(Span span, String size, String arising) {
    return err(DiagCode.E0222, span, "Ambiguous size \"" + size + "\" arising from " + arising + "."
        + Diagnostics.link("ambiguous-size"));
  }

  /** E0223: a parameter of {@code function} whose type has an unknown size (its {@code origin}, or null). */
  public static Diagnostic cannotGeneralise(Span span, String function, String size, String type, String origin) {
    return err(DiagCode.E0223, span, "Cannot generalise type of \"" + function + "\".\n\nUnknown size \"" + size
        + "\" in parameter of \"" + function + "\", which is inferred as:\n  " + type
        + Diagnostics.link("unknown-param-def") + (origin != null ? Phrases.sizeNote(size, origin) : ""));
  }

  /**
   * E0235: a parameter ({@code param}, printed with its type) of {@code function} (null: a lambda)
   * whose type refers to {@code size}, bound where the function's type cannot name it.
   */
  public static Diagnostic inaccessibleSize(Span span, String function, String param, String size) {
    return err(DiagCode.E0235, span, "Invalid use of parameters in \"" + (function == null ? "anonymous function" : function)
        + "\".\n\nParameter \"" + param + "\"\nrefers to size \"" + size + "\",\nwhich will not be accessible to the caller,"
        + "\npossibly because it is nested in a tuple or record.\nConsider ascribing an explicit type that does not reference \""
        + size + "\"." + Diagnostics.link("inaccessible-size"));
  }

  /**
   * E0235: a declared return type ({@code type}) that refers to {@code name}, bound inside a tuple or
   * record parameter, which the function's type cannot name.
   */
  public static Diagnostic returnTypeNamesInnerComponent(Span span, String type, String name) {
    return err(DiagCode.E0235, span, "The return type annotation\n  " + type + "\nrefers to the name \"" + name
        + "\" which is bound to an inner component of a function parameter.");
  }

  // ---- E0224 existential sizes --------------------------------------------------------------

  /** E0224: an existential size of a type that is no array's size in it. */
  public static Diagnostic existentialNotArraySize(Span span, String size) {
    return err(DiagCode.E0224, span, "Existential size \"" + size + "\" not used as array size.");
  }

  /** E0224: a composition whose first function returns an existential size. */
  public static Diagnostic existentialInComposition(Span span, String type) {
    return err(DiagCode.E0224, span, "Existential size would appear in function parameter of return type:\n  "
        + type + "\nUse a pipeline (|>) instead of a composition.");
  }

  /** E0224: a value specification {@code name} with anonymous sizes in a parameter. */
  public static Diagnostic anonymousSizeInParameter(Span span, String name) {
    return err(DiagCode.E0224, span, "All function parameters must have non-anonymous sizes.\nHint: add size parameters to \""
        + name + "\".");
  }

  // ---- E0225, E0226 unused sizes ------------------------------------------------------------

  /** E0225: a size binder of a let pattern ({@code let [n] ...}) that its pattern does not use. */
  public static Diagnostic sizeBinderUnused(Span span, String size) {
    return err(DiagCode.E0225, span, "Size [" + size + "] unused in pattern." + Diagnostics.link("unused-size"));
  }

  /** E0225: a size parameter of {@code function} that neither a parameter's type nor the result's uses. */
  public static Diagnostic sizeParameterUnused(Span span, String function, String size) {
    return err(DiagCode.E0225, span, "Cannot generalise type of \"" + function + "\".\n\nSize [" + size + "] unused in pattern."
        + Diagnostics.link("unused-size"));
  }

  /** E0226: a size parameter of a type abbreviation that its definition does not use. */
  public static Diagnostic typeSizeParameterUnused(Span span, String size) {
    return err(DiagCode.E0226, span, "Size parameter \"[" + size + "]\" unused.");
  }

  // ---- E0227 scope violations ---------------------------------------------------------------

  /** E0227: a loop parameter's size unified with {@code sizeExp}, which names {@code name}, a loop parameter. */
  public static Diagnostic loopParameterSizeOutOfScope(Span span, String sizeExp, String name) {
    return err(DiagCode.E0227, span, "Cannot unify size variable with \"" + sizeExp + "\" (scope violation).\n"
        + "This is because \"" + name + "\" is not in scope when the size variable is introduced.");
  }

  // ---- E0229 sizes not used constructively --------------------------------------------------

  /** E0229: a size-polymorphic constant whose type has an existential size ({@code sizeParams}: their names). */
  public static Diagnostic existentialInSizePolymorphicValue(Span span, String type, List<String> sizeParams) {
    return err(DiagCode.E0229, span, "A size-polymorphic value binding may not have a type with an existential size.\n"
        + "Type of this binding is:\n  " + type + "\nwith the following type parameters:\n  "
        + String.join(" ", sizeParams.stream().map(n -> "[" + n + "]").toList()));
  }

  /** E0229: a size parameter of an entry point that is no argument array's size. */
  public static Diagnostic entrySizeParameterNotConstructive(Span span, String size) {
    return err(DiagCode.E0229, span, "Entry point size parameter [" + size + "] only used non-constructively."
        + Diagnostics.link("nonconstructive-entry"));
  }

  /** E0229: a type abbreviation's anonymous size that is no array's size. */
  public static Diagnostic anonymousSizeNotConstructive(Span span) {
    return err(DiagCode.E0229, span, "Type abbreviation contains an anonymous size not used constructively as an array size."
        + Diagnostics.link("anonymous-nonconstructive"));
  }

  /** E0229: a type ({@code abbreviation} printed) made abstract whose size parameter {@code size} is no array's size. */
  public static Diagnostic cannotMakeAbstract(Span span, String abbreviation, String size) {
    return err(DiagCode.E0229, span, "Type\n" + Diagnostics.indent(abbreviation) + "\ncannot be made abstract because size parameter\n  "
        + size + "\nis not used constructively as an array size in the definition.");
  }
}

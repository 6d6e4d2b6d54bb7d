package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.diag.Diagnostic.Severity;
import io.github.futhark4j.compiler.source.Span;

/**
 * The diagnostics of the size rules (Language Reference, "Size types"), worded as the reference's
 * error index ("Size errors"). Codes E0220..E0229, documented in {@code docs/errors.md} with the
 * other codes of {@link Diagnostics}.
 */
public final class SizeDiagnostics {
  private SizeDiagnostics() {}

  private static Diagnostic err(String code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code, span, message);
  }

  private static String q(String size) {
    return "\"" + (size.isEmpty() ? "[]" : size) + "\"";
  }

  /** E0220: two sizes that must be equal are not ({@code zip xs ys} with {@code xs: [n]t}, {@code ys: [m]t}). */
  public static Diagnostic sizeMismatch(Span span, String context, String expected, String actual, String a, String b) {
    return err("E0220", span, (context == null ? "Type mismatch" : context) + ".\nExpected: " + expected
        + "\nActual:   " + actual + "\nSizes " + q(a) + " and " + q(b) + " do not match.");
  }

  /** E0221: a size needed before the application that computes it has run. */
  public static Diagnostic causality(Span span, String size) {
    return err("E0221", span, "Causality check: size " + q(size)
        + " is needed here, but it is computed by an application that happens later.");
  }

  /** E0222: a size parameter that cannot be inferred from the arguments of an application. */
  public static Diagnostic ambiguousSize(Span span, String size, String function) {
    return err("E0222", span, "Ambiguous size " + q(size) + " (size parameter of \"" + function
        + "\" used only in the type of a function argument; add a type annotation).");
  }

  /** E0223: a returned function whose parameter size is only known inside the returning function. */
  public static Diagnostic unknowableSize(Span span, String size, String function) {
    return err("E0223", span, "Unknowable size " + q(size) + " in parameter of \"" + function + "\".");
  }

  /** E0224: a function composition whose inner function returns an existential size. */
  public static Diagnostic existentialInParameter(Span span, String type) {
    return err("E0224", span, "Existential size would appear in function parameter of return type: " + type
        + " (use a pipeline instead of composition).");
  }

  /** E0225: a size parameter (of a function or a let pattern) that is not the size of anything bound. */
  public static Diagnostic unusedSize(Span span, String size) {
    return err("E0225", span, "Size " + size + " unused in pattern.");
  }

  /** E0226: a size parameter of a type abbreviation that its definition does not use. */
  public static Diagnostic unusedTypeSizeParam(Span span, String size, String type) {
    return err("E0226", span, "Size parameter [" + size + "] of type \"" + type
        + "\" is unused: all size parameters must be used in the definition.");
  }
}

package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.diag.Diagnostic.Severity;
import io.github.futhark4j.compiler.source.Span;

/**
 * The one factory of diagnostics. Every user-facing message of the front end is made here, with
 * its code (documented in {@code docs/errors.md}), so the wording stays in one voice:
 * "Expected ')' after ..., found ...".
 *
 * <p>Codes: E00xx lexical, E01xx syntax, E02xx names and types, E03xx uniqueness and consumption,
 * E04xx entry points and programs.
 */
public final class Diagnostics {
  private Diagnostics() {}

  private static Diagnostic err(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code, span, message);
  }

  /** An error with the given code and message (the type checker words its own messages, as the reference does). */
  public static Diagnostic error(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code, span, message);
  }

  /** A warning (reported with the errors of a program that has some). */
  public static Diagnostic warning(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.WARNING, code, span, message);
  }

  // ---- lexical --------------------------------------------------------------------------------

  /** E0001: a malformed token (bad character, unterminated literal, bad suffix or escape). */
  public static Diagnostic lexical(Span span, String message) { return err(DiagCode.E0001, span, message); }

  // ---- syntax ---------------------------------------------------------------------------------

  /** E0101: the parser expected one thing and found another. */
  public static Diagnostic expected(Span span, String expected, String context, String found) {
    return err(DiagCode.E0101, span, "Expected " + expected + (context == null ? "" : " " + context) + ", found " + found + ".");
  }

  /**
   * E0101 as the reference words it: {@code Unexpected token: 'x'} (or {@code Unexpected end of
   * file}), then what was expected.
   */
  public static Diagnostic unexpected(Span span, String token, String expected, String context) {
    String head = token == null ? "Unexpected end of file." : "Unexpected token: '" + token + "'.";
    return err(DiagCode.E0101, span, head + " Expected " + expected + (context == null ? "" : " " + context) + ".");
  }

  /** E0104: an import that cannot be read. */
  public static Diagnostic importNotFound(Span span, String path) {
    return err(DiagCode.E0104, span, "Could not read imported file \"" + path + "\".");
  }

  /** E0105: an import cycle. */
  public static Diagnostic importCycle(Span span, String path) {
    return err(DiagCode.E0105, span, "Import cycle through \"" + path + "\".");
  }

  // ---- names and types ------------------------------------------------------------------------

  /** E0210: a field, parameter or name bound twice where that is not allowed. */
  public static Diagnostic duplicate(Span span, String what, String name) {
    return err(DiagCode.E0210, span, "Duplicate " + what + " \"" + name + "\".");
  }

  /** E0213: a built-in operator that may not be redefined. */
  public static Diagnostic reservedOperator(Span span, String op) {
    return err(DiagCode.E0213, span, "The " + op + " operator may not be redefined.");
  }

  // ---- uniqueness -----------------------------------------------------------------------------

  // ---- entry points ---------------------------------------------------------------------------

}

package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.diag.Diagnostic.Severity;
import io.github.futhark4j.compiler.source.Span;

/**
 * The factories of the lexer's, the parser's and the loader's diagnostics (E00xx lexical, E01xx
 * syntax and files), and what the other factories of this package share. The type checker's
 * messages are made by {@link TypeErrors} (E020x-E021x, E023x), {@link SizeErrors} (E022x),
 * {@link UniquenessErrors} (E03xx) and {@link ModuleErrors} (E04xx), from the parts in
 * {@link TypeMessages}, {@link Contexts} and {@link Phrases}. Only these factories choose codes
 * and make diagnostics (checked by DiagnosticFactoriesTest). Callers pass the variable parts
 * only: names, types or sizes already printed by their printers, and, for {@link #unexpected},
 * the parser's words for what it expected and where, from {@link SyntaxPhrases}; the sentences,
 * punctuation and quoting are here, so the wording stays in one voice.
 */
public final class Diagnostics {
  private Diagnostics() {}

  static Diagnostic error(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code, span, message);
  }

  static Diagnostic warning(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.WARNING, code, span, message);
  }

  /** The documentation link the reference appends to some messages. */
  static String link(String anchor) {
    return "\n\nFor more information, see:\n  https://futhark.readthedocs.io/en/latest/error-index.html#" + anchor;
  }

  /** {@code s} indented by two spaces, every line. */
  static String indent(String s) {
    return "  " + s.replace("\n", "\n  ");
  }

  // ---- lexical --------------------------------------------------------------------------------

  /** E0001: {@code #} not followed by a constructor name. */
  public static Diagnostic constructorNameExpected(Span span) {
    return error(DiagCode.E0001, span, "Expected a constructor name after '#'");
  }

  /** E0001: a backquote not followed by a name and a closing backquote. */
  public static Diagnostic backquotedNameExpected(Span span) {
    return error(DiagCode.E0001, span, "Expected a name and a closing '`'");
  }

  /** E0001: a character that starts no token. */
  public static Diagnostic unexpectedCharacter(Span span, char c) {
    return error(DiagCode.E0001, span, "Unexpected character '" + c + "'");
  }

  /** E0001: a character literal without its closing quote. */
  public static Diagnostic unterminatedCharacter(Span span) {
    return error(DiagCode.E0001, span, "Unterminated character literal");
  }

  /** E0001: a backslash escape that does not exist ({@code escape} is the character after the backslash). */
  public static Diagnostic unknownEscape(Span span, char escape) {
    return error(DiagCode.E0001, span, "Unknown escape sequence '\\" + escape + "'");
  }

  /** E0001: a malformed hexadecimal (or Unicode) escape. */
  public static Diagnostic malformedHexEscape(Span span) {
    return error(DiagCode.E0001, span, "Malformed hexadecimal escape");
  }

  /** E0001: a string literal without its closing quote. */
  public static Diagnostic unterminatedString(Span span) {
    return error(DiagCode.E0001, span, "Unterminated string literal");
  }

  /** E0001: a hexadecimal float literal without its {@code p} exponent. */
  public static Diagnostic hexFloatWithoutExponent(Span span) {
    return error(DiagCode.E0001, span, "Hexadecimal float literal needs a 'p' exponent");
  }

  /** E0001: a numeric literal with a suffix that is no type. */
  public static Diagnostic invalidSuffix(Span span, String suffix) {
    return error(DiagCode.E0001, span, "Invalid suffix \"" + suffix + "\" on numeric literal");
  }

  /** E0001: a numeric literal that is not one. */
  public static Diagnostic malformedNumber(Span span) {
    return error(DiagCode.E0001, span, "Malformed numeric literal");
  }

  /** E0001: a float literal with an integer type's suffix. */
  public static Diagnostic floatWithIntegerSuffix(Span span, String suffix) {
    return error(DiagCode.E0001, span, "Float literal with integer suffix " + suffix);
  }

  // ---- syntax ---------------------------------------------------------------------------------

  private static Diagnostic expected(Span span, String expected, String context, String found) {
    return error(DiagCode.E0101, span, "Expected " + expected + (context == null ? "" : " " + context) + ", found " + found + ".");
  }

  /** E0101: {@code include} where a declaration is expected (it belongs in module types). */
  public static Diagnostic includeOutsideModuleType(Span span) {
    return expected(span, "a declaration", null, "keyword \"include\" (\"include\" belongs in module types)");
  }

  /** E0101: {@code val} where a declaration is expected (value specifications belong in module types). */
  public static Diagnostic valOutsideModuleType(Span span) {
    return expected(span, "a declaration", null, "keyword \"val\" (\"val\" specifications belong in module types)");
  }

  /**
   * E0101 as the reference words it: {@code Unexpected token: 'x'} (or {@code Unexpected end of
   * file}), then what was expected ({@code expected} and {@code context}: {@link SyntaxPhrases}).
   */
  public static Diagnostic unexpected(Span span, String token, String expected, String context) {
    String head = token == null ? "Unexpected end of file." : "Unexpected token: '" + token + "'.";
    return error(DiagCode.E0101, span, head + " Expected " + expected + (context == null ? "" : " " + context) + ".");
  }

  /** E0213: a built-in operator that may not be redefined (found by the parser and by the checker). */
  public static Diagnostic reservedOperator(Span span, String op) {
    return error(DiagCode.E0213, span, "The " + op + " operator may not be redefined.");
  }

  /** E0101: a documentation comment that does not precede a declaration or specification. */
  public static Diagnostic misplacedDocComment(Span span) {
    return error(DiagCode.E0101, span, "Documentation comments ('-- |') are only permitted when preceding declarations.");
  }

  /** E0101: a tuple pattern bound by a declaration ({@code def (a, b) = ...}). */
  public static Diagnostic patternAtTopLevel(Span span) {
    return error(DiagCode.E0101, span, "Cannot bind patterns at top level.\nBind a single name instead.");
  }

  /** E0101: {@code !} defined as an infix operator. */
  public static Diagnostic prefixOperatorAsInfix(Span span) {
    return error(DiagCode.E0101, span, "'!' is a prefix operator and cannot be used as infix operator.");
  }

  /** E0101: a qualified name ({@code `M.f`}) as the name of a definition. */
  public static Diagnostic qualifiedNameInBinding(Span span) {
    return error(DiagCode.E0101, span, "Cannot use a qualified name in binding position.");
  }

  // ---- files ----------------------------------------------------------------------------------

  /** E0104: an import that cannot be read (by the loader). */
  public static Diagnostic importNotFound(Span span, String path) {
    return error(DiagCode.E0104, span, "Could not read file \"" + path + "\".");
  }

  /** E0104: an import of a file that was not loaded (by the checker; the reference's wording). */
  public static Diagnostic unknownImport(Span span, String path) {
    return error(DiagCode.E0104, span, "Unknown import \"" + path + "\".");
  }

  /** E0105: an import cycle. */
  public static Diagnostic importCycle(Span span, String path) {
    return error(DiagCode.E0105, span, "Import cycle through \"" + path + "\".");
  }
}

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

  private static Diagnostic err(String code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code, span, message);
  }

  /** An error with the given code and message (the type checker words its own messages, as the reference does). */
  public static Diagnostic error(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.ERROR, code.name(), span, message);
  }

  /** A warning with the given code and message. */
  public static Diagnostic warning(DiagCode code, Span span, String message) {
    return new Diagnostic(Severity.WARNING, code.name(), span, message);
  }

  // ---- lexical --------------------------------------------------------------------------------

  /** E0001: a malformed token (bad character, unterminated literal, bad suffix or escape). */
  public static Diagnostic lexical(Span span, String message) { return err("E0001", span, message); }

  // ---- syntax ---------------------------------------------------------------------------------

  /** E0101: the parser expected one thing and found another. */
  public static Diagnostic expected(Span span, String expected, String context, String found) {
    return err("E0101", span, "Expected " + expected + (context == null ? "" : " " + context) + ", found " + found + ".");
  }

  /**
   * E0101 as the reference words it: {@code Unexpected token: 'x'} (or {@code Unexpected end of
   * file}), then what was expected.
   */
  public static Diagnostic unexpected(Span span, String token, String expected, String context) {
    String head = token == null ? "Unexpected end of file." : "Unexpected token: '" + token + "'.";
    return err("E0101", span, head + " Expected " + expected + (context == null ? "" : " " + context) + ".");
  }

  /** E0102: a construct of the language this compiler does not support yet. */
  public static Diagnostic unsupported(Span span, String what) {
    return err("E0102", span, what + " is not supported yet by the built-in compiler.");
  }

  /** E0103: a typed hole {@code ???}. */
  public static Diagnostic hole(Span span, String type) {
    return err("E0103", span, "Hole of type: " + type + " (a program with holes cannot be compiled).");
  }

  /** E0104: an import that cannot be read. */
  public static Diagnostic importNotFound(Span span, String path) {
    return err("E0104", span, "Could not read imported file \"" + path + "\".");
  }

  /** E0105: an import cycle. */
  public static Diagnostic importCycle(Span span, String path) {
    return err("E0105", span, "Import cycle through \"" + path + "\".");
  }

  // ---- names and types ------------------------------------------------------------------------

  /** E0201: a name that is not in scope. */
  public static Diagnostic unknownName(Span span, String name) {
    return err("E0201", span, "Unknown name \"" + name + "\".");
  }

  /** E0202: two types that must be equal are not. */
  public static Diagnostic typeMismatch(Span span, String context, String expected, String actual) {
    return err("E0202", span, (context == null ? "Type mismatch" : context) + ".\nExpected: " + expected + "\nActual:   " + actual);
  }

  /** E0203: a type name that is not in scope. */
  public static Diagnostic unknownType(Span span, String name) {
    return err("E0203", span, "Unknown type \"" + name + "\".");
  }

  /** E0204: a record field that does not exist. */
  public static Diagnostic noSuchField(Span span, String field, String type) {
    return err("E0204", span, "Field \"" + field + "\" not found in type " + type + ".");
  }

  /** E0205: a type abbreviation applied to the wrong number or kind of arguments. */
  public static Diagnostic typeArity(Span span, String name, int expected, int actual) {
    return err("E0205", span, "Type \"" + name + "\" expects " + expected + " argument(s), but was given " + actual + ".");
  }

  /** E0206: an operator or function used at a type outside its class (e.g. {@code +} on bool). */
  public static Diagnostic constraint(Span span, String what, String type) {
    return err("E0206", span, what + " cannot be used at type " + type + ".");
  }

  /** E0207: a value applied as a function that is not one. */
  public static Diagnostic notAFunction(Span span, String type) {
    return err("E0207", span, "Cannot apply an expression of type " + type + " to an argument: it is not a function.");
  }

  /** E0208: a literal that does not fit its type. */
  public static Diagnostic literalOutOfBounds(Span span, String literal, String type) {
    return err("E0208", span, "Literal out of bounds: " + literal + " does not fit in type " + type + ".");
  }

  /** E0209: indexing something that is not an array, or with too many indices. */
  public static Diagnostic badIndex(Span span, String type, int indices) {
    return err("E0209", span, "Cannot index a value of type " + type + " with " + indices + " index(es).");
  }

  /** E0210: a field, parameter or name bound twice where that is not allowed. */
  public static Diagnostic duplicate(Span span, String what, String name) {
    return err("E0210", span, "Duplicate " + what + " \"" + name + "\".");
  }

  /** E0211: a refutable pattern where an irrefutable one is needed, or a bad pattern. */
  public static Diagnostic badPattern(Span span, String message) { return err("E0211", span, message); }

  /** E0212: a type that cannot be inferred. */
  public static Diagnostic ambiguousType(Span span, String what) {
    return err("E0212", span, "Type is ambiguous: " + what + ".");
  }

  /** E0213: a built-in operator that may not be redefined. */
  public static Diagnostic reservedOperator(Span span, String op) {
    return err("E0213", span, "The " + op + " operator may not be redefined.");
  }

  /** E0214: a constructor not in the sum type. */
  public static Diagnostic noSuchConstructor(Span span, String name, String type) {
    return err("E0214", span, "Constructor #" + name + " is not part of type " + type + ".");
  }

  /** E0215: a match that does not cover every case. */
  public static Diagnostic unmatchedCases(Span span, String missing) {
    return err("E0215", span, "Unmatched cases in match expression" + (missing == null ? "." : ": " + missing + " is not covered."));
  }

  /** E0216: a size in a type that is not an i64 name in scope. */
  public static Diagnostic badSize(Span span, String name, String why) {
    return err("E0216", span, "Size \"" + name + "\" " + why + ".");
  }

  /** E0230: a non-lifted type parameter ({@code 't}, {@code '~t}) instantiated with a functional type. */
  public static Diagnostic functionalInstantiation(Span span, String param, String of, String type) {
    return err("E0230", span, "Cannot instantiate non-lifted type parameter \"" + param + "\" of " + of
        + " with functional type " + type + " (only '^ type parameters may be functions).");
  }

  /** E0233: a record update on a value whose record type is not known yet where the update is. */
  public static Diagnostic recordTypeUnknown(Span span, String what) {
    return err("E0233", span, "Full type of " + what + " is not known at this point (add a type annotation where it is bound).");
  }

  /** E0231: a function returned from {@code if}, {@code match} or a loop. */
  public static Diagnostic functionalBranch(Span span, String type) {
    return err("E0231", span, "Fully lifted types cannot be returned from conditional or loop expressions (here: "
        + type + ").");
  }

  /** E0232: an array whose elements are functions. */
  public static Diagnostic functionalArray(Span span, String type) {
    return err("E0232", span, "Arrays of functions are not permitted (element type " + type + ").");
  }

  // ---- uniqueness -----------------------------------------------------------------------------

  /** E0301: a use of a consumed variable (the reference's wording). */
  public static Diagnostic usedAfterConsume(Span span, String name, Span consumedAt) {
    return err("E0301", span, "Using \"" + name + "\", but this was consumed at " + consumedAt.line() + ":"
        + consumedAt.column() + ". (Possibly through aliasing.)");
  }

  /** E0302: consuming something not consumable (the reference's wording). */
  public static Diagnostic notConsumable(Span span, String name) {
    return err("E0302", span, "Would consume \"" + name + "\", which is not consumable.");
  }

  /** E0303: consuming, inside a lambda, local function or loop body, a variable bound outside it. */
  public static Diagnostic consumedOutsideBarrier(Span span, String name) {
    return err("E0303", span, "Would consume \"" + name + "\", which is bound outside the enclosing lambda, local function or loop body.");
  }

  /** E0304: a function declared to return a unique value returns an alias of a non-unique one. */
  public static Diagnostic uniqueResultAliased(Span span, String name) {
    return err("E0304", span, "Unique-typed return value is aliased to \"" + name + "\", which is not consumable.");
  }

  /** E0305: two components of a result, one of them unique, that share memory. */
  public static Diagnostic uniqueComponentsAliased(Span span, String fun) {
    return err("E0305", span, "A unique-typed component of the return value of " + fun + " is aliased to some other component.");
  }

  /** E0306: a function consuming its argument passed for a function parameter that does not consume. */
  public static Diagnostic consumingHigherOrderArg(Span span) {
    return err("E0306", span, "Non-consuming higher-order parameter passed consuming argument.");
  }

  /** E0307: a function whose result shares memory with a top-level definition. */
  public static Diagnostic resultAliasesFree(Span span, String name) {
    return err("E0307", span, "Function result aliases the free variable " + name + ".");
  }

  /** E0308: a variable that may not be consumed passed for a consuming ({@code *}) parameter. */
  public static Diagnostic consumingParamNonUnique(Span span, String name) {
    return err("E0308", span, "Consuming parameter passed non-unique argument \"" + name + "\".");
  }

  // ---- entry points ---------------------------------------------------------------------------

  /** E0401: an entry point with type parameters. */
  public static Diagnostic entryPolymorphic(Span span, String name) {
    return err("E0401", span, "Entry point functions may not be polymorphic (\"" + name + "\").");
  }

  /** E0402: an entry point taking or returning a function. */
  public static Diagnostic entryHigherOrder(Span span, String name) {
    return err("E0402", span, "Entry point functions may not be higher-order (\"" + name + "\").");
  }

  /** E0405: {@code entry} inside a module. */
  public static Diagnostic entryInModule(Span span, String name) {
    return err("E0405", span, "Entry points may not be declared inside modules (\"" + name
        + "\"); declare it with def and add a top-level entry point calling it.");
  }

}

/**
 * Diagnostics: user errors with codes and spans, their renderers, and the one place their messages
 * are made. Depends only on {@code compiler.source}.
 *
 * <p>Every message is made by a typed factory here, which alone chooses the code
 * ({@link io.github.futhark4j.compiler.diag.DiagCode}) and writes the words:
 * {@link io.github.futhark4j.compiler.diag.Diagnostics} (lexer, parser and loader: E00xx, E01xx),
 * {@link io.github.futhark4j.compiler.diag.TypeErrors} (names and types: E020x-E021x, E023x),
 * {@link io.github.futhark4j.compiler.diag.SizeErrors} (sizes: E022x),
 * {@link io.github.futhark4j.compiler.diag.UniquenessErrors} (E03xx) and
 * {@link io.github.futhark4j.compiler.diag.ModuleErrors} (entry points and modules: E04xx). The type
 * checker composes some messages in steps: a unification failure is a
 * {@link io.github.futhark4j.compiler.diag.Message} (made by
 * {@link io.github.futhark4j.compiler.diag.TypeMessages}) placed later under a headline from
 * {@link io.github.futhark4j.compiler.diag.Contexts}, and what it keeps before it knows the message
 * (the origin of a type variable or of an unknown size, the name of an expression) is a
 * {@link io.github.futhark4j.compiler.diag.Phrases}; the parser's words for what it expected and
 * where are {@link io.github.futhark4j.compiler.diag.SyntaxPhrases}. Callers pass names, types or
 * sizes printed by their own printers; nothing outside this
 * package names a code or makes a {@link io.github.futhark4j.compiler.diag.Diagnostic}
 * (DiagnosticFactoriesTest).
 *
 * <p>Internal invariant failures are {@link java.lang.IllegalStateException} naming the pass, never a
 * {@link io.github.futhark4j.compiler.diag.Diagnostic}.
 */
package io.github.futhark4j.compiler.diag;

/**
 * Lexical and concrete syntax. In: a {@link io.github.futhark4j.compiler.source.Source}. Out: tokens
 * ({@link io.github.futhark4j.compiler.syntax.Lexer}) and the parsed tree ({@link
 * io.github.futhark4j.compiler.syntax.Ast}) with a span on every node, or syntax diagnostics.
 * The parsed tree still has all of Futhark's sugar; the type checker removes it.
 */
package io.github.futhark4j.compiler.syntax;

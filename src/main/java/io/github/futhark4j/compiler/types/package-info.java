/**
 * Types and the type checker. In: the parsed tree ({@code compiler.syntax}). Out: the checked tree
 * ({@code compiler.typed}) or diagnostics.
 */
package io.github.futhark4j.compiler.types;

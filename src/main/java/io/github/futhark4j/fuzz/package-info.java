/**
 * The differential fuzzer behind {@code futhark4j fuzz}: {@link io.github.futhark4j.fuzz.Gen}
 * generates well-typed Futhark entry points, {@link io.github.futhark4j.fuzz.Inputs} valid and
 * invalid arguments, and {@link io.github.futhark4j.fuzz.Fuzzer} compares the IR interpreter
 * ({@link io.github.futhark4j.compiler.core.Interpreter}) and the source interpreter
 * ({@link io.github.futhark4j.compiler.interp.SourceInterpreter}) with the built-in compiler's
 * backends through the public API, minimising and saving every disagreement. The AD oracle
 * ({@code --ad}: {@link io.github.futhark4j.fuzz.AdGen}, {@link io.github.futhark4j.fuzz.AdFuzzer})
 * checks derivatives by the laws of AD and finite differences instead. See docs/cli.md, "fuzz".
 */
package io.github.futhark4j.fuzz;

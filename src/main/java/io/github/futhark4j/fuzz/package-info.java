/**
 * The differential fuzzer behind {@code futhark4j fuzz}: {@link io.github.futhark4j.fuzz.Gen}
 * generates well-typed Futhark entry points, {@link io.github.futhark4j.fuzz.Inputs} valid and
 * invalid arguments, and {@link io.github.futhark4j.fuzz.Fuzzer} compares the IR interpreter
 * ({@link io.github.futhark4j.compiler.core.Interpreter}) with the built-in compiler's backends
 * through the public API, minimising and saving every disagreement. See docs/cli.md, "fuzz".
 */
package io.github.futhark4j.fuzz;

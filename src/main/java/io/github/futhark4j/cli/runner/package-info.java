/**
 * Running Futhark programs for the command line: loading (compiling) a program, calling its entry
 * points with {@link io.github.futhark4j.data.Value}s, and the {@code test} and {@code bench} engines.
 *
 * <p>In: {@code .fut} paths, their {@link io.github.futhark4j.cli.spec.TestSpec}s, and a
 * {@link io.github.futhark4j.cli.runner.ProgramLoader} (the real one,
 * {@link io.github.futhark4j.cli.runner.FutharkLoader}, goes through {@link io.github.futhark4j.Futhark};
 * tests pass fakes). Out: per-case outcomes, the {@code N passed, M failed} summary, benchmark
 * timings.
 */
package io.github.futhark4j.cli.runner;

/**
 * The benchmark harness: the same kernels as hand-written C+OpenMP ({@code bench/c}), plain
 * sequential Java, Java parallel streams and Futhark ({@code bench/fut}, compiled through
 * {@link io.github.futhark4j.Futhark#compile(String, io.github.futhark4j.FutharkOptions)}).
 *
 * <p>In: the kernel sources under {@code bench/} and options ({@link io.github.futhark4j.bench.HarnessOptions}).
 * Out: a console table, a JSON file and the Markdown table of {@code docs/performance.md}
 * ({@link io.github.futhark4j.bench.Report}). Every variant's result is checked against the
 * sequential Java one ({@link io.github.futhark4j.bench.Tolerance}) before its time is reported.
 *
 * <p>Entry points: {@link io.github.futhark4j.bench.Harness} (the kernels) and
 * {@link io.github.futhark4j.bench.BridgeBench} (the cost of crossing the bridge: scalar calls,
 * copies in and out). Timings are never asserted in tests; the tests run the harness in
 * {@code --quick} mode to check that every variant computes the same thing.
 */
package io.github.futhark4j.bench;

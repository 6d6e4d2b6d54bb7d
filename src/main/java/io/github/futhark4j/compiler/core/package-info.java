/**
 * The back end's first-order IR in A-normal form. In: produced by {@code compiler.lower} from the
 * checked tree. Out: consumed by {@code compiler.opt} (IR to IR) and {@code compiler.codegen}.
 *
 * <p>Values are primitive scalars or regular arrays of primitives ({@link
 * io.github.futhark4j.compiler.core.IrType}); records, tuples and sums have been flattened into
 * several values and functions have been inlined, except recursive ones: {@link
 * io.github.futhark4j.compiler.core.Program.Function}s, called by {@link io.github.futhark4j.compiler.core.Exp.Call}. Parallelism is explicit in the SOACs of
 * {@link io.github.futhark4j.compiler.core.Exp} (map, reduce/redomap, scan, filter, partition, hist,
 * scatter), whose {@link io.github.futhark4j.compiler.core.Lambda}s are syntactic parts, not
 * values. {@link io.github.futhark4j.compiler.core.Printer} renders it; {@link
 * io.github.futhark4j.compiler.core.Verifier} checks its invariants after each pass in tests.
 */
package io.github.futhark4j.compiler.core;

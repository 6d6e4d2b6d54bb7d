/**
 * C code generation. In: an optimised {@code compiler.core} program. Out: the library's
 * {@code .c} (self-contained: the engine runtime from {@code engine/} is pasted in), {@code .h}
 * and manifest JSON, with the Futhark C API exactly as the real compiler emits it.
 *
 * <p>Arrays are reference counted; ownership is decided statically per body (see {@link
 * io.github.futhark4j.compiler.codegen.CGen}), so updates of unshared arrays happen in place. The
 * multicore backend turns outermost SOACs into OpenMP loops; the c backend emits the same code
 * without pragmas.
 *
 * <p>How each operator runs is decided before, by the last optimisation pass ({@code
 * opt.Schedule}), and read off the statements' plans ({@code core.Plan}): {@code #[virtual]}
 * iotas, replicates and transposes are never materialised, {@code #[direct-row]} inner maps write
 * into their outer map's rows, and two shapes of compute-bound code get kernels of their own:
 * {@code #[interchange]} maps of redomaps (matrix multiplication) are interchanged and
 * register-blocked ({@link io.github.futhark4j.compiler.codegen.CInterchange}), and {@code
 * #[lanes]} maps of scalar while loops run lane-masked in blocks ({@link
 * io.github.futhark4j.compiler.codegen.CLanes}). Maps fused into reductions, scans and histograms
 * are the IR's {@code mapf}s. What the generators choose themselves is only how to write each
 * loop: OpenMP or plain, {@code simd} pragmas, per-thread histogram copies, unchecked bucket
 * indices of a known range ({@link io.github.futhark4j.compiler.codegen.IndexRange}). These generators
 * share one explicit state per generated function ({@link
 * io.github.futhark4j.compiler.codegen.CgState}) and are wired together in one place ({@link
 * io.github.futhark4j.compiler.codegen.Generators}).
 */
package io.github.futhark4j.compiler.codegen;

/**
 * C code generation. In: an optimised {@code compiler.core} program. Out: the library's
 * {@code .c} (self-contained: the engine runtime from {@code engine/} is pasted in), {@code .h}
 * and manifest JSON, with the Futhark C API exactly as the real compiler emits it.
 *
 * <p>Arrays are reference counted; ownership is decided statically per body (see {@link
 * io.github.futhark4j.compiler.codegen.CGen}), so updates of unshared arrays happen in place. The
 * multicore backend turns outermost SOACs into OpenMP loops; the c backend emits the same code
 * without pragmas. Two shapes of compute-bound code get kernels of their own: maps of
 * redomaps (matrix multiplication) are interchanged and register-blocked ({@link
 * io.github.futhark4j.compiler.codegen.CInterchange}), and maps of scalar while loops run
 * lane-masked in blocks ({@link io.github.futhark4j.compiler.codegen.CLanes}). These generators
 * share one explicit state per generated function ({@link
 * io.github.futhark4j.compiler.codegen.CgState}) and are wired together in one place ({@link
 * io.github.futhark4j.compiler.codegen.Generators}).
 */
package io.github.futhark4j.compiler.codegen;

/**
 * An interpreter of the checked source program ({@code compiler.typed}), independent of the back end:
 * it shares nothing with lowering, the IR, the optimiser or code generation, so it can judge them.
 * It evaluates the typed tree directly, with Futhark's semantics taken from the language reference
 * and the reference implementation's interpreter: wrapping integer arithmetic, IEEE floats rounded
 * to their type after every operation (f16 through binary16), regular arrays that keep their shape
 * when empty, records, sums, closures and partial application, size parameters bound from the shapes
 * of arguments, size coercions checked at run time, loops, and every intrinsic the prelude bottoms
 * out in ({@link io.github.futhark4j.compiler.typed.Intrinsics}), forward-mode AD included.
 *
 * <p>Entry point: {@link io.github.futhark4j.compiler.interp.SourceInterpreter}. Arguments and results
 * are {@link io.github.futhark4j.data.Value}s, flattened as the compiled entry points return them.
 * See docs/architecture.md ("The source interpreter").
 */
package io.github.futhark4j.compiler.interp;

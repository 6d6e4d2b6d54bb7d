/**
 * The runtime: loads a shared library that implements the Futhark C API (seed 003) together with
 * its manifest, creates its context, and calls entry points with values converted from and to
 * Java. In: a {@code .so} path, a manifest path, a thread count ({@link
 * io.github.futhark4j.runtime.LoadedLibrary#load}). Out: a {@link io.github.futhark4j.FutharkProgram}
 * whose {@link io.github.futhark4j.FutharkFunction}s are thread safe.
 *
 * <p>Knows nothing about the compilers: it cannot tell which one built a library. Native resources
 * (context, arrays, opaques) each have one owning Java object with an idempotent {@code close()}
 * and a {@link java.lang.ref.Cleaner} safety net that captures only raw state
 * ({@code ContextState}); every native return code goes through {@code Context.check}.
 *
 * <p>Cost per call is kept low: on CPU backends arrays are copied once each way (argument buffers
 * wrapped by {@code new_raw}, kept alive by {@code RawBuffer} references from results that may
 * alias them; results read from {@code values_raw}), the no-op {@code futhark_context_sync} of
 * those backends is skipped, and hot functions are called through JNA direct mapping
 * ({@code DirectCall}) once used a few times.
 */
package io.github.futhark4j.runtime;

/**
 * Turning source into a cached shared library: the compilers (built-in and external futhark), the C
 * compiler driver, build keys and the on-disk compile cache. Knows the compiler's entry points but not
 * the runtime.
 *
 * <p>In: a {@link io.github.futhark4j.compiler.source.Source} (plus the files it imports, read from
 * disk), a {@link io.github.futhark4j.toolchain.FutharkCompiler} ({@link
 * io.github.futhark4j.toolchain.Compilers#builtin()} or {@link
 * io.github.futhark4j.toolchain.Compilers#external}) and a backend name. Out: a {@link
 * io.github.futhark4j.toolchain.BuiltLibrary}, the paths of {@code lib.so} and its manifest JSON in
 * the cache, from {@link io.github.futhark4j.toolchain.LibraryBuilder#build}. Failures: {@code
 * CompileException} (the program has errors), {@link
 * io.github.futhark4j.toolchain.ExternalCompilerException} (futhark or the C compiler failed, with
 * its complete output; {@link io.github.futhark4j.toolchain.MissingToolException} when one is not
 * installed), {@code IOException} (the cache directory).
 *
 * <p>Pieces: {@link io.github.futhark4j.toolchain.BuildKey} (what goes into a key),
 * {@link io.github.futhark4j.toolchain.CompileCache} (layout, look-up, locks, atomic publish), with
 * {@code CacheMarker} (the format of an entry's {@code complete} marker: written on publishing,
 * checked on look-up and when an entry is shipped, {@code PortableEntry}), {@code CachePruner}
 * (size limit, eviction, size estimates, background listing) and {@code CacheFiles} (the private
 * directory, tree helpers),
 * {@link io.github.futhark4j.toolchain.CCompiler} (the C step), {@code BuiltinCompiler} and
 * {@code ExternalFuthark}. The rules are written down in {@code docs/cache.md}.
 */
package io.github.futhark4j.toolchain;

package io.github.futhark4j;

import java.nio.file.Path;

/**
 * How to compile and run a program. Immutable; {@code with*} methods return a copy.
 *
 * @param sourceName   the name diagnostics use for in-memory source (default {@code <eval>})
 * @param compiler     {@code builtin} (default), {@code external} (an installed futhark; error if
 *                     none), or {@code auto} (external when installed, else built-in)
 * @param backend      {@code multicore} (default) or {@code c}; for an external compiler also
 *                     {@code ispc}, {@code opencl}, {@code cuda}, {@code hip}
 * @param threads      number of threads for the context; 0 means all cores (default)
 * @param cacheDir     on-disk cache directory; {@code null} means the default (system property
 *                     {@code futhark4j.cache}, environment {@code FUTHARK4J_CACHE},
 *                     {@code $XDG_CACHE_HOME/futhark4j}, {@code ~/.cache/futhark4j})
 * @param futhark      path of the external futhark executable; {@code null} means look it up
 *                     ({@code futhark4j.futhark} property, {@code FUTHARK} env var, {@code PATH})
 */
public record FutharkOptions(String sourceName, String compiler, String backend, int threads, Path cacheDir, Path futhark) {
  public static FutharkOptions defaults() {
    return new FutharkOptions("<eval>", "builtin", "multicore", 0, null, null);
  }

  public FutharkOptions withSourceName(String v) { return new FutharkOptions(v, compiler, backend, threads, cacheDir, futhark); }

  public FutharkOptions withCompiler(String v) { return new FutharkOptions(sourceName, v, backend, threads, cacheDir, futhark); }

  public FutharkOptions withBackend(String v) { return new FutharkOptions(sourceName, compiler, v, threads, cacheDir, futhark); }

  public FutharkOptions withThreads(int v) { return new FutharkOptions(sourceName, compiler, backend, v, cacheDir, futhark); }

  public FutharkOptions withCacheDir(Path v) { return new FutharkOptions(sourceName, compiler, backend, threads, v, futhark); }

  public FutharkOptions withFuthark(Path v) { return new FutharkOptions(sourceName, compiler, backend, threads, cacheDir, v); }
}

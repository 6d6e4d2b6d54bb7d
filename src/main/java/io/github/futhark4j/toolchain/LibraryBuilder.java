package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Source to loaded-ready shared library: build key, cache lookup, compile on a miss (Futhark
 * compiler, then the C compiler), atomic publish. Thread safe and safe across processes.
 */
public final class LibraryBuilder {
  /**
   * @param cacheDir the cache directory, or {@code null} for {@link #defaultCacheDir()}
   * @param compiler the Futhark compiler to use on a miss
   * @param backend  {@code c} or {@code multicore} (or an external compiler's other backends)
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend) {
    throw new UnsupportedOperationException("not yet written");
  }

  /** Returns the cached library for {@code main} (and the files it imports), building it on a miss. */
  public BuiltLibrary build(Source main) throws CompileException, ExternalCompilerException, IOException {
    throw new UnsupportedOperationException("not yet written");
  }

  /**
   * The default cache directory: system property {@code futhark4j.cache}, else environment variable
   * {@code FUTHARK4J_CACHE}, else {@code $XDG_CACHE_HOME/futhark4j}, else {@code ~/.cache/futhark4j}.
   */
  public static Path defaultCacheDir() {
    throw new UnsupportedOperationException("not yet written");
  }

  /** Deletes every cache entry in {@code cacheDir} (entries being built by others are left alone). */
  public static void clear(Path cacheDir) throws IOException {
    throw new UnsupportedOperationException("not yet written");
  }
}

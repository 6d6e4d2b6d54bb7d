package io.github.futhark4j;

import java.nio.file.Path;

/**
 * The facade: compile Futhark source into a loaded, ready-to-call {@link FutharkProgram}.
 *
 * <p>Compilation hashes the source and everything that changes the result, looks in the on-disk
 * cache, compiles on a miss (built-in compiler, or an installed {@code futhark}), loads the shared
 * library and creates its Futhark context before returning. Programs of the same source and options
 * are shared within the process.
 */
public final class Futhark {
  private Futhark() {}

  /** Compiles in-memory source, reported in diagnostics as {@code <eval>}. */
  public static FutharkProgram compile(String source) throws FutharkCompileException {
    return compile(source, FutharkOptions.defaults());
  }

  public static FutharkProgram compile(String source, FutharkOptions options) throws FutharkCompileException {
    throw new UnsupportedOperationException("not yet written");
  }

  /** Compiles a file; imports resolve relative to it and diagnostics name it. */
  public static FutharkProgram compile(Path file, FutharkOptions options) throws FutharkCompileException {
    throw new UnsupportedOperationException("not yet written");
  }

  /** Deletes every entry of the on-disk cache directory in use (and forgets in-memory entries not in use). */
  public static void clearCache() {
    throw new UnsupportedOperationException("not yet written");
  }
}

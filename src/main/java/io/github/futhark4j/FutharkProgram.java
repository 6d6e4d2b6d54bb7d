package io.github.futhark4j;

import java.util.Map;

/**
 * A compiled, loaded Futhark program with its context. Its entry points are {@link FutharkFunction}s.
 * Closing it releases the context once no function of it is in use; a {@link java.lang.ref.Cleaner}
 * does so if it is never closed.
 */
public interface FutharkProgram extends AutoCloseable {
  /** The entry points by name, in the order they appear in the source. */
  Map<String, FutharkFunction> entryPoints();

  /** The entry point of that name. @throws IllegalArgumentException naming the known entry points */
  FutharkFunction function(String name);

  @Override
  void close();
}

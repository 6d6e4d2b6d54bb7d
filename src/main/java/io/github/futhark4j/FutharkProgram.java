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

  /**
   * Restores an opaque value from bytes made by {@link FutharkOpaque#store()}
   * ({@code futhark_restore_opaque_<type>}). The bytes say which opaque type they hold; they must
   * come from this program, compiled by the same compiler version (in this JVM or another; the
   * backend may differ), which the C API requires and this method checks.
   *
   * @return a new native value, to be passed to entry points of this program and closed
   * @throws IllegalArgumentException      bytes that are not a stored value, are damaged, hold a
   *                                       type this program does not have, or come from another
   *                                       program; the message says which
   * @throws UnsupportedOperationException this program cannot restore values (no restore function)
   * @throws FutharkException              the library refused the bytes
   */
  default FutharkOpaque restore(byte[] bytes) {
    throw new UnsupportedOperationException("this FutharkProgram cannot restore opaque values");
  }

  @Override
  void close();
}

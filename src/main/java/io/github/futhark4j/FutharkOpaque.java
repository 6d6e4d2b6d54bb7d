package io.github.futhark4j;

/**
 * A Futhark value with no Java representation (a record, tuple, sum type or array of them, as an
 * opaque type of the C API), living in a program's native memory. It can only be passed back to
 * entry points of the same program. Close it when done; a {@link java.lang.ref.Cleaner} frees it
 * otherwise.
 */
public abstract class FutharkOpaque implements AutoCloseable {
  /** For the runtime's implementation only. */
  protected FutharkOpaque() {}

  /** The type's name in the manifest, e.g. {@code pair} or {@code (i32, f64)}. */
  public abstract String type();

  /** Frees the value (idempotent). */
  @Override
  public abstract void close();

  @Override
  public String toString() { return "opaque " + type(); }
}

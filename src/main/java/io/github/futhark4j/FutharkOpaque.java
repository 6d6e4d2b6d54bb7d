package io.github.futhark4j;

/**
 * A Futhark value with no Java representation (a record, tuple, sum type or array of them, as an
 * opaque type of the C API), living in a program's native memory. It can only be passed back to
 * entry points of the same program. Close it when done; a {@link java.lang.ref.Cleaner} frees it
 * otherwise.
 *
 * <p>{@link #store()} serialises the value to bytes that {@link FutharkProgram#restore} turns
 * back into a value, in this JVM or another one, as long as it is the same program compiled by the
 * same compiler version (the C API's rule; the backend may differ). Thread safe.
 */
public abstract class FutharkOpaque implements AutoCloseable {
  /** For the runtime's implementation only. */
  protected FutharkOpaque() {}

  /** The type's name in the manifest, e.g. {@code pair} or {@code (i32, f64)}. */
  public abstract String type();

  /**
   * Serialises the value ({@code futhark_store_opaque_<type>}): bytes to keep in a file or a
   * database and restore later with {@link FutharkProgram#restore}. They name the type and the
   * program and carry a checksum, so restoring them in another program, or restoring damaged
   * bytes, is refused with an {@link IllegalArgumentException} rather than misread.
   *
   * @throws IllegalStateException         the value is closed, or was consumed by an entry point
   * @throws UnsupportedOperationException the library has no store function for this type
   * @throws FutharkException              the library failed to serialise the value
   */
  public abstract byte[] store();

  /** Frees the value (idempotent). */
  @Override
  public abstract void close();

  @Override
  public String toString() { return "opaque " + type(); }
}

package io.github.futhark4j;

import java.util.Map;
import java.util.Set;

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

  /**
   * Copies an array into this program's native memory ({@code futhark_new_<type>}): the result is a
   * native {@link FutharkArray} that calls of this program take without converting anything, as a
   * result of {@link FutharkFunction#callNative} is. Use it to convert an input once and pass it to
   * many calls (as {@code futhark4j bench} does), or to get a fresh copy of an array before passing
   * it to an entry point that consumes it ({@code *[]t}). {@code data} may be a Java-side array
   * ({@link FutharkArray#of}) or a native one of this or another program; it is left as it was.
   *
   * @return a new native array, to be closed
   * @throws IllegalArgumentException      the program has no array type of {@code data}'s element
   *                                       type and rank (only types its entry points take or
   *                                       return exist natively)
   * @throws IllegalStateException         this program is closed, or {@code data} is a closed or
   *                                       consumed native array
   * @throws UnsupportedOperationException this program cannot make arrays
   * @throws FutharkException              the library failed (e.g. out of memory)
   */
  default FutharkArray newArray(FutharkArray data) {
    throw new UnsupportedOperationException("this FutharkProgram cannot make native arrays");
  }

  /**
   * The names of the program's tuning parameters (its {@code #[param(NAME)] e} expressions), which
   * {@link FutharkOptions#withTuningParam} sets.
   */
  default Set<String> tuningParameters() { return Set.of(); }

  /**
   * The context's report ({@code futhark_context_report}): a JSON object whose fields depend on the
   * compiler and backend. The built-in compiler's {@code opencl} libraries add {@code device} (the
   * OpenCL device's name) and {@code kernel_launches} (kernels run on it so far), which say where
   * the work ran.
   *
   * @throws UnsupportedOperationException this program has no context to report on
   * @throws IllegalStateException         this program is closed
   */
  default String report() {
    throw new UnsupportedOperationException("this FutharkProgram has no context report");
  }

  @Override
  void close();
}

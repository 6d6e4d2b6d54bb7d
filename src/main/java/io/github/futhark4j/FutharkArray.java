package io.github.futhark4j;

import io.github.futhark4j.runtime.HostArray;
import io.github.futhark4j.runtime.JavaArrays;
import io.github.futhark4j.ScalarType;

/**
 * A Futhark array of a primitive element type: either Java-side data (made with {@link #of}) or a
 * handle to an array living in a program's native memory (returned by
 * {@link FutharkFunction#callNative}). Passing a native array to another call of the same program
 * passes the handle without copying, so kernels chain without round trips through Java; passed to
 * another program it is copied.
 *
 * <p>Close native arrays when done; a {@link java.lang.ref.Cleaner} frees them otherwise. Closing
 * is idempotent, and closing a Java-side array does nothing.
 */
public abstract class FutharkArray implements AutoCloseable {
  /** For the runtime's two implementations only. */
  protected FutharkArray() {}

  /** The element type as Futhark names it: {@code i8} ... {@code u64}, {@code f16}, {@code f32}, {@code f64}, {@code bool}. */
  public abstract String elementType();

  /** The size of each dimension (a copy). */
  public abstract long[] shape();

  /** The number of dimensions. */
  public int rank() { return shape().length; }

  /** The number of elements. */
  public long size() { return JavaArrays.count(shape()); }

  /** The Futhark type, e.g. {@code [][]f64}. */
  public String type() { return "[]".repeat(rank()) + elementType(); }

  /** Whether the data lives in a program's native memory. */
  public abstract boolean isNative();

  /** The data as nested Java primitive arrays of this rank, e.g. {@code double[][]} (a copy). */
  public abstract Object toJava();

  /** The data as one flat row-major Java primitive array, e.g. {@code double[]} (a copy). */
  public abstract Object toFlatJava();

  /**
   * Copies the elements, in row-major order, into the first {@link #size()} elements of {@code
   * into} (the rest of it is left as it was) and returns {@code into}: for code that reads many
   * results of similar sizes into one buffer instead of a new array each time. {@code into} is a
   * one-dimensional primitive array of the class {@link #toFlatJava} returns ({@code double[]} for
   * {@code [][]f64}, {@code float[]} for f16, {@code boolean[]} for bool).
   *
   * @throws IllegalArgumentException {@code into} is not such an array, or is shorter than {@link #size()}
   * @throws IllegalStateException    a native array that is closed, or whose program is
   */
  public abstract Object copyTo(Object into);

  /** The checks of {@link #copyTo} on {@code into}. */
  protected final void checkInto(Object into) {
    Class<?> want = JavaArrays.javaClass(ScalarType.parse(elementType()), 1);
    if (into == null || into.getClass() != want) {
      throw new IllegalArgumentException("a " + type() + " is copied into a " + JavaArrays.javaName(want) + ", not "
          + (into == null ? "null" : "a " + JavaArrays.javaName(into.getClass())));
    }
    long n = size();
    if (java.lang.reflect.Array.getLength(into) < n) {
      throw new IllegalArgumentException("a " + type() + " of shape " + java.util.Arrays.toString(shape()) + " has " + n
          + " elements, more than the given array's length " + java.lang.reflect.Array.getLength(into));
    }
  }

  /** Frees a native array (idempotent); using it afterwards throws {@link IllegalStateException}. */
  @Override
  public abstract void close();

  /**
   * A Java-side array from nested Java primitive arrays, element type inferred from the Java type:
   * {@code double} f64, {@code float} f32, {@code long} i64, {@code int} i32, {@code short} i16,
   * {@code byte} i8, {@code boolean} bool. Use {@link #of(String, Object)} for unsigned or f16.
   *
   * @throws IllegalArgumentException not a primitive array, or ragged
   */
  public static FutharkArray of(Object javaArray) {
    if (javaArray == null || !javaArray.getClass().isArray()) {
      throw new IllegalArgumentException("not a Java array: " + javaArray);
    }
    Class<?> c = javaArray.getClass();
    while (c.isArray()) c = c.getComponentType();
    ScalarType p = c == double.class ? ScalarType.F64 : c == float.class ? ScalarType.F32 : c == long.class ? ScalarType.I64
        : c == int.class ? ScalarType.I32 : c == short.class ? ScalarType.I16 : c == byte.class ? ScalarType.I8
        : c == boolean.class ? ScalarType.BOOL : null;
    if (p == null) throw new IllegalArgumentException("not a primitive Java array: " + javaArray.getClass().getName());
    return of(p.futharkName(), javaArray);
  }

  /**
   * A Java-side array of the given element type from nested Java primitive arrays of the matching
   * Java type (see docs/api.md; e.g. {@code byte[][]} for {@code [][]u8}, {@code float[]} for {@code []f16}).
   */
  public static FutharkArray of(String elementType, Object javaArray) {
    return HostArray.fromNested(prim(elementType), javaArray);
  }

  /** A Java-side array from flat row-major data of the matching Java type and a shape. */
  public static FutharkArray ofFlat(String elementType, long[] shape, Object flatData) {
    return HostArray.fromFlat(prim(elementType), shape, flatData);
  }

  /**
   * As {@link #ofFlat}, but {@code flatData} is used in place, not copied: the array shows later
   * changes to it. A call copies the data into native memory when it starts, so a buffer refilled
   * between calls can be wrapped for each call without a copy of its own; do not change it while a
   * call that was given the array runs.
   */
  public static FutharkArray wrapFlat(String elementType, long[] shape, Object flatData) {
    return HostArray.wrapFlat(prim(elementType), shape, flatData);
  }

  private static ScalarType prim(String elementType) {
    ScalarType p = ScalarType.parse(elementType);
    if (p == null) throw new IllegalArgumentException("not a primitive Futhark type: " + elementType);
    return p;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(isNative() ? "native " : "").append(type()).append(" of shape [");
    long[] s = shape();
    for (int i = 0; i < s.length; i++) sb.append(i == 0 ? "" : ", ").append(s[i]);
    return sb.append(']').toString();
  }
}

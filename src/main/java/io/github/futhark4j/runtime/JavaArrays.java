package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import com.sun.jna.Pointer;
import java.lang.reflect.Array;

/**
 * Moving array data between Java arrays (nested, or flat in row-major order) and native memory.
 * Every element is copied once, one innermost row at a time, with bulk {@link Pointer} reads and
 * writes; f16 and bool rows are converted through a temporary row buffer.
 */
public final class JavaArrays {
  private JavaArrays() {}

  /** The Java array class expected for an array of {@code p} of {@code rank}, e.g. {@code double[][]}. */
  public static Class<?> javaClass(ScalarType p, int rank) {
    Class<?> c = p.javaComponent();
    for (int i = 0; i < rank; i++) c = c.arrayType();
    return c;
  }

  /** How a Java array class is spelled in messages, e.g. {@code double[][]}. */
  public static String javaName(Class<?> c) {
    return c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
  }

  /**
   * Checks that {@code array} is a rectangular Java array of the right class and returns its shape.
   *
   * @throws IllegalArgumentException for a wrong class, a null row or a ragged array (the message
   *                                  says which, without naming the parameter)
   */
  public static long[] shapeOf(Object array, ScalarType p, int rank) {
    Class<?> want = javaClass(p, rank);
    if (array == null) throw new IllegalArgumentException("null is not an array");
    if (array.getClass() != want) {
      throw new IllegalArgumentException("expected " + p.arrayTypeName(rank) + " as " + javaName(want)
          + " but got " + javaName(array.getClass()));
    }
    long[] shape = new long[rank];
    Object a = array;
    for (int d = 0; d < rank; d++) {
      shape[d] = Array.getLength(a);
      if (d + 1 < rank) {
        if (shape[d] == 0) {
          // Inner sizes of an empty array cannot be seen in Java; they are zero.
          break;
        }
        a = Array.get(a, 0);
        if (a == null) throw new IllegalArgumentException("row [0] is null");
      }
    }
    checkRectangular(array, shape, 0, "");
    return shape;
  }

  private static void checkRectangular(Object a, long[] shape, int d, String path) {
    if (d + 1 >= shape.length) return;
    int n = Array.getLength(a);
    for (int i = 0; i < n; i++) {
      Object row = Array.get(a, i);
      String here = path + "[" + i + "]";
      if (row == null) throw new IllegalArgumentException("row " + here + " is null");
      int len = Array.getLength(row);
      if (len != shape[d + 1]) {
        throw new IllegalArgumentException("ragged array: row " + here + " has length " + len
            + " but row " + path + "[0] has length " + shape[d + 1] + " (Futhark arrays are regular)");
      }
      checkRectangular(row, shape, d + 1, here);
    }
  }

  /** The number of elements of a shape; fails if it overflows. */
  public static long count(long[] shape) {
    long n = 1;
    for (long s : shape) n = Math.multiplyExact(n, s);
    return n;
  }

  /** Writes a checked nested array into native memory at {@code mem}, row-major. */
  public static void writeNested(Object array, ScalarType p, long[] shape, Pointer mem) {
    writeNested(array, p, shape, 0, mem, 0);
  }

  private static long writeNested(Object a, ScalarType p, long[] shape, int d, Pointer mem, long off) {
    if (d == shape.length - 1) {
      int n = Array.getLength(a);
      writeRow(a, 0, n, p, mem, off);
      return off + (long) n * p.bytes();
    }
    int n = Array.getLength(a);
    for (int i = 0; i < n; i++) off = writeNested(Array.get(a, i), p, shape, d + 1, mem, off);
    return off;
  }

  /** Writes {@code n} elements of the flat primitive array {@code flat} starting at {@code from}. */
  public static void writeRow(Object flat, int from, int n, ScalarType p, Pointer mem, long off) {
    switch (flat) {
      case double[] x -> mem.write(off, x, from, n);
      case long[] x -> mem.write(off, x, from, n);
      case int[] x -> mem.write(off, x, from, n);
      case short[] x -> mem.write(off, x, from, n);
      case byte[] x -> mem.write(off, x, from, n);
      case float[] x when p == ScalarType.F16 -> {
        short[] bits = new short[n];
        for (int i = 0; i < n; i++) bits[i] = Float.floatToFloat16(x[from + i]);
        mem.write(off, bits, 0, n);
      }
      case float[] x -> mem.write(off, x, from, n);
      case boolean[] x -> {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) bytes[i] = (byte) (x[from + i] ? 1 : 0);
        mem.write(off, bytes, 0, n);
      }
      default -> throw new IllegalArgumentException("not a primitive array: " + flat.getClass());
    }
  }

  /** Reads {@code n} elements at {@code off} into a new flat Java array of {@code p}'s component type. */
  /** Reads {@code n} elements at {@code mem} into the flat Java array {@code into} (of {@link #javaClass}{@code (p, 1)}). */
  public static void readInto(Pointer mem, ScalarType p, Object into, int n) {
    if (n == 0) return;
    switch (p) {
      case F64 -> mem.read(0, (double[]) into, 0, n);
      case F32 -> mem.read(0, (float[]) into, 0, n);
      case I64, U64 -> mem.read(0, (long[]) into, 0, n);
      case I32, U32 -> mem.read(0, (int[]) into, 0, n);
      case I16, U16 -> mem.read(0, (short[]) into, 0, n);
      case I8, U8 -> mem.read(0, (byte[]) into, 0, n);
      case F16, BOOL -> System.arraycopy(readRow(mem, 0, p, n), 0, into, 0, n);
    }
  }

  public static Object readRow(Pointer mem, long off, ScalarType p, int n) {
    return switch (p) {
      case F64 -> mem.getDoubleArray(off, n);
      case F32 -> mem.getFloatArray(off, n);
      case I64, U64 -> mem.getLongArray(off, n);
      case I32, U32 -> mem.getIntArray(off, n);
      case I16, U16 -> mem.getShortArray(off, n);
      case I8, U8 -> mem.getByteArray(off, n);
      case F16 -> {
        short[] bits = mem.getShortArray(off, n);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) out[i] = Float.float16ToFloat(bits[i]);
        yield out;
      }
      case BOOL -> {
        byte[] bytes = mem.getByteArray(off, n);
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) out[i] = bytes[i] != 0;
        yield out;
      }
    };
  }

  /** Builds nested Java arrays of {@code shape} from native memory at {@code mem}. */
  public static Object readNested(Pointer mem, ScalarType p, long[] shape) {
    int[] dims = intDims(shape);
    return readNested(mem, p, dims, 0, new long[] {0});
  }

  private static Object readNested(Pointer mem, ScalarType p, int[] dims, int d, long[] off) {
    if (d == dims.length - 1) {
      Object row = readRow(mem, off[0], p, dims[d]);
      off[0] += (long) dims[d] * p.bytes();
      return row;
    }
    Object out = Array.newInstance(javaClass(p, dims.length - d - 1), dims[d]);
    for (int i = 0; i < dims[d]; i++) Array.set(out, i, readNested(mem, p, dims, d + 1, off));
    return out;
  }

  /** Nested arrays of {@code shape} from a flat row-major Java array. */
  public static Object nest(Object flat, ScalarType p, long[] shape) {
    int[] dims = intDims(shape);
    if (dims.length == 1) return copyRow(flat, 0, dims[0]);
    return nest(flat, p, dims, 0, new int[] {0});
  }

  private static Object nest(Object flat, ScalarType p, int[] dims, int d, int[] pos) {
    if (d == dims.length - 1) {
      Object row = copyRow(flat, pos[0], dims[d]);
      pos[0] += dims[d];
      return row;
    }
    Object out = Array.newInstance(javaClass(p, dims.length - d - 1), dims[d]);
    for (int i = 0; i < dims[d]; i++) Array.set(out, i, nest(flat, p, dims, d + 1, pos));
    return out;
  }

  private static Object copyRow(Object flat, int from, int n) {
    Object row = Array.newInstance(flat.getClass().getComponentType(), n);
    System.arraycopy(flat, from, row, 0, n);
    return row;
  }

  /** A flat row-major copy of a checked nested array. */
  public static Object flatten(Object nested, ScalarType p, long[] shape) {
    int total = toInt(count(shape));
    Object flat = Array.newInstance(p.javaComponent(), total);
    flatten(nested, shape.length, 0, flat, new int[] {0});
    return flat;
  }

  private static void flatten(Object a, int rank, int d, Object flat, int[] pos) {
    int n = Array.getLength(a);
    if (d == rank - 1) {
      System.arraycopy(a, 0, flat, pos[0], n);
      pos[0] += n;
      return;
    }
    for (int i = 0; i < n; i++) flatten(Array.get(a, i), rank, d + 1, flat, pos);
  }

  private static int[] intDims(long[] shape) {
    int[] dims = new int[shape.length];
    for (int i = 0; i < shape.length; i++) dims[i] = toInt(shape[i]);
    if (shape.length > 0) toInt(count(shape));
    return dims;
  }

  private static int toInt(long n) {
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("an array of " + n + " elements does not fit in a Java array;"
          + " keep it native (FutharkFunction.callNative) and pass it on");
    }
    return (int) n;
  }
}

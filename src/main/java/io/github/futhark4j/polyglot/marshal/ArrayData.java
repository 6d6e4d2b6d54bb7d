package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A regular array result laid out flat in a {@link ByteBuffer} of native byte order, row-major,
 * {@link ScalarType#bufferBytes()} bytes per element. This is what guests see behind a result array:
 * element reads index into it, and buffer reads expose it as raw bytes so that JavaScript can
 * put a typed array over the very same memory ({@code new Float64Array(result)}) without a copy.
 *
 * <p>A sub-array ({@link #row}) shares the buffer; nothing is copied when a guest walks a
 * {@code [][]f64} row by row.
 *
 * @param elem   element type
 * @param shape  dimensions, outermost first (length = rank >= 1)
 * @param buffer the whole flat data (shared with the arrays it was cut from)
 * @param offset index of this array's first element in {@code buffer}
 */
public record ArrayData(ScalarType elem, long[] shape, ByteBuffer buffer, long offset) {
  public ArrayData {
    if (shape.length == 0) throw new IllegalArgumentException("an array has rank >= 1");
  }

  /** Number of elements of this array (product of its shape). */
  public long elementCount() {
    long n = 1;
    for (long d : shape) n *= d;
    return n;
  }

  public int rank() { return shape.length; }

  /** Bytes of this array's data. */
  public long byteSize() { return elementCount() * elem.javaBytes(); }

  /** Byte position of this array's data in {@link #buffer}. */
  public long byteOffset() { return offset * elem.javaBytes(); }

  /** The i-th sub-array of a rank > 1 array, sharing the buffer. */
  public ArrayData row(long i) {
    long[] inner = Arrays.copyOfRange(shape, 1, shape.length);
    long stride = 1;
    for (long d : inner) stride *= d;
    return new ArrayData(elem, inner, buffer, offset + i * stride);
  }

  /** The guest-facing scalar at a flat index of a rank-1 array (unsigned types widened). */
  public Object get(long i) {
    int at = Math.toIntExact((offset + i) * elem.javaBytes());
    Object javaValue = switch (elem) {
      case I8, U8 -> buffer.get(at);
      case I16, U16 -> buffer.getShort(at);
      case I32, U32 -> buffer.getInt(at);
      case I64, U64 -> buffer.getLong(at);
      case F16, F32 -> buffer.getFloat(at);
      case F64 -> buffer.getDouble(at);
      case BOOL -> buffer.get(at) != 0;
    };
    return elem.numericValue(javaValue);
  }

  /** This array's bytes as a buffer of its own (position 0, native order), sharing memory. */
  public ByteBuffer bytes() {
    ByteBuffer b = buffer.duplicate();
    b.position(Math.toIntExact(byteOffset()));
    b.limit(Math.toIntExact(byteOffset() + byteSize()));
    return b.slice().order(ByteOrder.nativeOrder());
  }

  /**
   * Copies a Java array of the given rank as {@code FutharkFunction.call} returns it
   * ({@code double[][]} for {@code [][]f64}) into flat form. Futhark arrays are regular, so the
   * shape is read along the first elements.
   */
  public static ArrayData fromJava(Object javaArray, ScalarType elem, int rank) {
    long[] shape = new long[rank];
    Object probe = javaArray;
    for (int d = 0; d < rank; d++) {
      shape[d] = Array.getLength(probe);
      if (d + 1 < rank) probe = shape[d] == 0 ? null : Array.get(probe, 0);
      if (probe == null) break;
    }
    long n = 1;
    for (long d : shape) n *= d;
    ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(n * elem.javaBytes())).order(ByteOrder.nativeOrder());
    fill(buf, javaArray, rank);
    return new ArrayData(elem, shape, buf, 0);
  }

  /** Copies flat row-major Java data ({@code double[]} etc.) of the given shape. */
  public static ArrayData fromFlat(Object flat, ScalarType elem, long[] shape) {
    ArrayData a = fromJava(flat, elem, 1);
    if (shape.length == 0) throw new IllegalArgumentException("an array has rank >= 1");
    long n = 1;
    for (long d : shape) n *= d;
    if (n != a.shape()[0]) throw new IllegalArgumentException("shape " + java.util.Arrays.toString(shape) + " does not hold " + a.shape()[0] + " elements");
    return new ArrayData(elem, shape.clone(), a.buffer(), 0);
  }

  private static void fill(ByteBuffer buf, Object a, int rank) {
    if (rank > 1) {
      for (int i = 0, n = Array.getLength(a); i < n; i++) fill(buf, Array.get(a, i), rank - 1);
      return;
    }
    // One bulk put per innermost row.
    switch (a) {
      case double[] d -> { buf.asDoubleBuffer().put(d); buf.position(buf.position() + d.length * 8); }
      case float[] f -> { buf.asFloatBuffer().put(f); buf.position(buf.position() + f.length * 4); }
      case long[] l -> { buf.asLongBuffer().put(l); buf.position(buf.position() + l.length * 8); }
      case int[] i -> { buf.asIntBuffer().put(i); buf.position(buf.position() + i.length * 4); }
      case short[] s -> { buf.asShortBuffer().put(s); buf.position(buf.position() + s.length * 2); }
      case byte[] b -> buf.put(b);
      case boolean[] z -> { for (boolean x : z) buf.put((byte) (x ? 1 : 0)); }
      default -> throw new IllegalArgumentException("not a primitive array: " + a.getClass().getName());
    }
  }

  /** Copies this array back into the Java array form that {@code FutharkFunction.call} accepts. */
  public Object toJava() {
    if (rank() > 1) {
      int n = Math.toIntExact(shape[0]);
      Object outer = Array.newInstance(javaClass(elem, rank() - 1), n);
      for (int i = 0; i < n; i++) Array.set(outer, i, row(i).toJava());
      return outer;
    }
    int n = Math.toIntExact(shape[0]);
    ByteBuffer b = bytes();
    return switch (elem) {
      case F64 -> { double[] r = new double[n]; b.asDoubleBuffer().get(r); yield r; }
      case F32, F16 -> { float[] r = new float[n]; b.asFloatBuffer().get(r); yield r; }
      case I64, U64 -> { long[] r = new long[n]; b.asLongBuffer().get(r); yield r; }
      case I32, U32 -> { int[] r = new int[n]; b.asIntBuffer().get(r); yield r; }
      case I16, U16 -> { short[] r = new short[n]; b.asShortBuffer().get(r); yield r; }
      case I8, U8 -> { byte[] r = new byte[n]; b.get(r); yield r; }
      case BOOL -> { boolean[] r = new boolean[n]; for (int i = 0; i < n; i++) r[i] = b.get(i) != 0; yield r; }
    };
  }

  /** The Java array class for {@code rank} dimensions of {@code elem}, e.g. {@code double[][]}. */
  public static Class<?> javaClass(ScalarType elem, int rank) {
    Class<?> c = elem.javaComponent();
    for (int i = 0; i < rank; i++) c = c.arrayType();
    return c;
  }

  @Override public String toString() {
    StringBuilder s = new StringBuilder();
    for (long d : shape) s.append('[').append(d).append(']');
    return s.append(elem.futharkName()).toString();
  }
}

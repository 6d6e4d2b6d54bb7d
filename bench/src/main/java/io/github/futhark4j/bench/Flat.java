package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A kernel result in one canonical shape, so that results from C (raw bytes), Java (nested
 * primitive arrays, tuples as {@code Object[]}) and Futhark can be compared element by element:
 * all elements in row-major order, tuple components one after another; floats widened to double
 * (exactly), integers widened to long.
 */
public sealed interface Flat {
  int size();

  /** Floating-point elements. */
  record Reals(double[] values) implements Flat {
    @Override public int size() { return values.length; }
  }

  /** Integer elements. */
  record Ints(long[] values) implements Flat {
    @Override public int size() { return values.length; }
  }

  /**
   * Flattens a boxed scalar, a (nested) primitive array or an {@code Object[]} tuple of those.
   *
   * @throws IllegalArgumentException for other values or a mix of integer and float elements
   */
  static Flat of(Object value) {
    List<Object> leaves = new ArrayList<>();
    collect(value, leaves);
    boolean reals = false;
    boolean ints = false;
    int n = 0;
    for (Object leaf : leaves) {
      n += leaf.getClass().isArray() ? Array.getLength(leaf) : 1;
      boolean real = leaf instanceof double[] || leaf instanceof float[] || leaf instanceof Double || leaf instanceof Float;
      reals |= real;
      ints |= !real;
    }
    if (reals && ints) throw new IllegalArgumentException("result mixes integer and floating-point values");
    if (reals) {
      double[] out = new double[n];
      int at = 0;
      for (Object leaf : leaves) {
        switch (leaf) {
          case double[] d -> { System.arraycopy(d, 0, out, at, d.length); at += d.length; }
          case float[] f -> { for (float x : f) out[at++] = x; }
          case Number x -> out[at++] = x.doubleValue();
          default -> throw new IllegalStateException();
        }
      }
      return new Reals(out);
    }
    long[] out = new long[n];
    int at = 0;
    for (Object leaf : leaves) {
      switch (leaf) {
        case long[] l -> { System.arraycopy(l, 0, out, at, l.length); at += l.length; }
        case int[] l -> { for (int x : l) out[at++] = x; }
        case short[] l -> { for (short x : l) out[at++] = x; }
        case byte[] l -> { for (byte x : l) out[at++] = x; }
        case boolean[] l -> { for (boolean x : l) out[at++] = x ? 1 : 0; }
        case Boolean x -> out[at++] = x ? 1 : 0;
        case Number x -> out[at++] = x.longValue();
        default -> throw new IllegalStateException();
      }
    }
    return new Ints(out);
  }

  /** Collects the one-dimensional primitive arrays and boxed scalars of a value, in order. */
  private static void collect(Object value, List<Object> leaves) {
    if (value == null) throw new IllegalArgumentException("null result");
    Class<?> c = value.getClass();
    if (c.isArray() && c.getComponentType().isPrimitive()) {
      leaves.add(value);
    } else if (c.isArray()) {
      for (int i = 0; i < Array.getLength(value); i++) collect(Array.get(value, i), leaves);
    } else if (value instanceof Number || value instanceof Boolean) {
      leaves.add(value);
    } else {
      throw new IllegalArgumentException("cannot flatten a " + c.getName());
    }
  }

  /** Reads raw little-endian elements, as the C baselines write them. */
  static Flat fromBytes(byte[] bytes, ScalarType elem) {
    if (bytes.length % elem.bytes() != 0) {
      throw new IllegalArgumentException(bytes.length + " bytes is not a whole number of " + elem);
    }
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int n = bytes.length / elem.bytes();
    return switch (elem) {
      case F64 -> { double[] v = new double[n]; b.asDoubleBuffer().get(v); yield new Reals(v); }
      case F32 -> { double[] v = new double[n]; for (int i = 0; i < n; i++) v[i] = b.getFloat(); yield new Reals(v); }
      case I64 -> { long[] v = new long[n]; b.asLongBuffer().get(v); yield new Ints(v); }
      case I32 -> { long[] v = new long[n]; for (int i = 0; i < n; i++) v[i] = b.getInt(); yield new Ints(v); }
      default -> throw new IllegalArgumentException("the kernels have no " + elem + " results");
    };
  }

  /**
   * The element type of a (nested) primitive Java array of a kernel's inputs: f32, f64, i32 or i64,
   * e.g. {@code float[][]} gives f32.
   */
  static ScalarType elementType(Object array) {
    Class<?> c = array.getClass();
    while (c.isArray()) c = c.getComponentType();
    if (c == float.class) return ScalarType.F32;
    if (c == double.class) return ScalarType.F64;
    if (c == int.class) return ScalarType.I32;
    if (c == long.class) return ScalarType.I64;
    throw new IllegalArgumentException("no benchmark element type for " + array.getClass().getSimpleName());
  }
}

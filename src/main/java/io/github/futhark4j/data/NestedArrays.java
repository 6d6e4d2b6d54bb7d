package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;

/** Conversion between flat row-major storage and nested Java arrays ({@code double[][]} and so on). */
final class NestedArrays {
  private NestedArrays() {}

  /** Builds the nested Java array of {@code shape} (rank >= 1) from flat storage. */
  static Object nest(Object flat, long[] shape) {
    int[] dims = new int[shape.length];
    for (int i = 0; i < shape.length; i++) dims[i] = Math.toIntExact(shape[i]);
    if (dims.length == 1) {
      Object copy = Array.newInstance(flat.getClass().getComponentType(), dims[0]);
      System.arraycopy(flat, 0, copy, 0, dims[0]);
      return copy;
    }
    Object out = Array.newInstance(flat.getClass().getComponentType(), dims);
    fill(out, flat, dims, 0, 0);
    return out;
  }

  /** Copies flat elements into the nested array {@code out} of dimension {@code depth}; returns the next offset. */
  private static int fill(Object out, Object flat, int[] dims, int depth, int offset) {
    if (depth == dims.length - 1) {
      System.arraycopy(flat, offset, out, 0, dims[depth]);
      return offset + dims[depth];
    }
    for (int i = 0; i < dims[depth]; i++) offset = fill(Array.get(out, i), flat, dims, depth + 1, offset);
    return offset;
  }

  /** Flattens a boxed scalar or a (nested) primitive Java array into a {@link Value} of element type {@code t}. */
  static Value flatten(Object java, ScalarType t) {
    if (java == null) throw new IllegalArgumentException("null is not a Futhark value");
    Class<?> want = Value.storageClass(t).getComponentType();
    if (!java.getClass().isArray()) return Value.scalar(t, java);
    int rank = 0;
    Class<?> c = java.getClass();
    while (c.isArray()) {
      c = c.getComponentType();
      rank++;
    }
    if (c != want) {
      throw new IllegalArgumentException("a " + t + " array needs " + want.getName() + " elements, got "
          + java.getClass().getSimpleName());
    }
    long[] shape = new long[rank];
    Object cur = java;
    for (int d = 0; d < rank; d++) {
      int n = Array.getLength(cur);
      shape[d] = n;
      if (n == 0) break;
      if (d < rank - 1) cur = Array.get(cur, 0);
    }
    long total = 1;
    for (long d : shape) total *= d;
    Object flat = Storage.allocate(t, Math.toIntExact(total));
    copyIn(java, flat, shape, 0, 0);
    return Value.of(t, shape, flat);
  }

  private static int copyIn(Object arr, Object flat, long[] shape, int depth, int offset) {
    int n = Array.getLength(arr);
    if (n != shape[depth]) {
      throw new IllegalArgumentException("irregular array: dimension " + depth + " has lengths " + shape[depth]
          + " and " + n);
    }
    if (depth == shape.length - 1) {
      System.arraycopy(arr, 0, flat, offset, n);
      return offset + n;
    }
    for (int i = 0; i < n; i++) offset = copyIn(Array.get(arr, i), flat, shape, depth + 1, offset);
    return offset;
  }
}

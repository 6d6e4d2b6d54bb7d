package io.github.futhark4j.data;

import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Smaller variants of a value, for shrinking the counterexample of a property test, most
 * aggressive first (as QuickCheck's shrinkers): an array loses all of its rows (or columns ...),
 * then halves, quarters ... down to single ones, along each dimension in turn (so it stays
 * regular); then each element is shrunk as a scalar. A scalar moves toward zero: integers to
 * {@code 0}, their absolute value, then {@code x - x/2}, {@code x - x/4}, ... {@code x - 1}
 * (unsigned types as unsigned numbers); floats to {@code 0}, their absolute value, truncated toward
 * zero to 0, 1, 2 and 3 decimals, then {@code x - x/2}, ... {@code x - x/1024}; NaN and infinities to {@code 0}; {@code true} to
 * {@code false}. Every variant differs from the value. The stream is lazy: an array of {@code n}
 * elements has some {@code 2n} removals and up to some 80 variants per element, made only as far
 * as they are consumed.
 */
public final class ValueShrinker {
  private ValueShrinker() {}

  /** The variants of {@code v}, most aggressive first. */
  public static Stream<Value> shrinks(Value v) {
    if (v.isScalar()) return scalarShrinks(v.type(), v.data(), 0).stream().map(c -> withElement(v, 0, c));
    Stream<Value> removals = IntStream.range(0, v.rank()).boxed().flatMap(d -> removals(v, d));
    Stream<Value> elements = IntStream.range(0, v.elementCount()).boxed()
        .flatMap(i -> scalarShrinks(v.type(), v.data(), i).stream().map(c -> withElement(v, i, c)));
    return Stream.concat(removals, elements);
  }

  /** Removals along dimension {@code d}: everything, then chunks of n/2, n/4, ..., 1 elements. */
  private static Stream<Value> removals(Value v, int d) {
    long n = v.dim(d);
    if (n == 0) return Stream.empty();
    List<long[]> ranges = new ArrayList<>();
    ranges.add(new long[] {0, n});
    for (long k = n / 2; k >= 1; k /= 2) {
      for (long s = 0; s < n; s += k) ranges.add(new long[] {s, Math.min(n, s + k)});
    }
    return ranges.stream().map(r -> remove(v, d, r[0], r[1]));
  }

  /** {@code v} without the indices {@code [from, to)} of dimension {@code d}. */
  static Value remove(Value v, int d, long from, long to) {
    long[] shape = v.shape();
    long outer = 1;
    for (int i = 0; i < d; i++) outer *= shape[i];
    long inner = 1;
    for (int i = d + 1; i < shape.length; i++) inner *= shape[i];
    long n = shape[d];
    long[] newShape = shape.clone();
    newShape[d] = n - (to - from);
    Object src = v.data();
    Object dst = Storage.allocate(v.type(), Math.toIntExact(outer * newShape[d] * inner));
    int at = 0;
    for (long o = 0; o < outer; o++) {
      int base = Math.toIntExact(o * n * inner);
      int before = Math.toIntExact(from * inner);
      int after = Math.toIntExact((n - to) * inner);
      System.arraycopy(src, base, dst, at, before);
      at += before;
      System.arraycopy(src, base + Math.toIntExact(to * inner), dst, at, after);
      at += after;
    }
    return Value.of(v.type(), newShape, dst);
  }

  /** {@code v} with element {@code i} replaced by element 0 of the one-element storage {@code one}. */
  private static Value withElement(Value v, int i, Object one) {
    Object data = Storage.allocate(v.type(), v.elementCount());
    System.arraycopy(v.data(), 0, data, 0, v.elementCount());
    System.arraycopy(one, 0, data, i, 1);
    return Value.of(v.type(), v.shape(), data);
  }

  /** The variants of element {@code i} of {@code data}, each as one-element storage, none equal to it. */
  private static List<Object> scalarShrinks(PrimType t, Object data, int i) {
    Object original = Storage.allocate(t, 1);
    System.arraycopy(data, i, original, 0, 1);
    List<Object> out = new ArrayList<>();
    for (Object c : candidates(t, data, i)) {
      if (Storage.dataEquals(c, original)) continue;
      boolean dup = false;
      for (Object o : out) dup |= Storage.dataEquals(o, c);
      if (!dup) out.add(c);
    }
    return out;
  }

  private static List<Object> candidates(PrimType t, Object data, int i) {
    List<Object> out = new ArrayList<>();
    switch (t.kind()) {
      case BOOL -> {
        if (((boolean[]) data)[i]) out.add(ofLong(t, 0));
      }
      case SIGNED -> {
        long x = Storage.getLong(t, data, i);
        if (x == 0) break;
        out.add(ofLong(t, 0));
        long min = t.bits() == 64 ? Long.MIN_VALUE : -(1L << (t.bits() - 1));
        if (x < 0 && x != min) out.add(ofLong(t, -x));
        for (long q = x / 2; q != 0; q /= 2) out.add(ofLong(t, x - q));
      }
      case UNSIGNED -> {
        long x = Storage.getLong(t, data, i);
        if (x == 0) break;
        out.add(ofLong(t, 0));
        for (long q = Long.divideUnsigned(x, 2); q != 0; q = Long.divideUnsigned(q, 2)) out.add(ofLong(t, x - q));
      }
      case FLOAT -> {
        double x = Storage.getDouble(t, data, i);
        out.add(ofDouble(t, 0));
        if (Double.isNaN(x) || Double.isInfinite(x)) break;
        if (x < 0) out.add(ofDouble(t, -x));
        // Truncated in decimal, as the value is written (0.7f32 is 0.699999988 as a double).
        java.math.BigDecimal dec = new java.math.BigDecimal(t == PrimType.F64 ? Double.toString(x) : Float.toString((float) x));
        for (int k = 0; k <= 3; k++) {
          double r = dec.setScale(k, java.math.RoundingMode.DOWN).doubleValue();
          if (Math.abs(r) < Math.abs(x)) out.add(ofDouble(t, r));
        }
        for (int k = 1; k <= 10; k++) out.add(ofDouble(t, x - x / (1 << k)));
      }
    }
    return out;
  }

  private static Object ofLong(PrimType t, long v) {
    Object a = Storage.allocate(t, 1);
    Storage.setLong(t, a, 0, v);
    return a;
  }

  private static Object ofDouble(PrimType t, double v) {
    Object a = Storage.allocate(t, 1);
    Storage.setDouble(t, a, 0, v);
    return a;
  }
}

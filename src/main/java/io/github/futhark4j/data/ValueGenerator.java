package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random values of a given shaped type, for {@code random input { [100]i32 [10][2]f64 }}.
 * Following futhark dataset's defaults: integers uniformly over their whole range, floats uniformly
 * in {@code [0, 1)}, bools fair. The same seed always gives the same values.
 */
public final class ValueGenerator {
  private final SplittableRandom random;
  private final java.util.Map<ScalarType, double[]> floatBounds = new java.util.EnumMap<>(ScalarType.class);
  private final java.util.Map<ScalarType, long[]> intBounds = new java.util.EnumMap<>(ScalarType.class);

  public ValueGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /**
   * Sets inclusive bounds for later values of type {@code t}, as futhark dataset's
   * {@code --i32-bounds=MIN:MAX} does. Integers are given as decimal numbers (unsigned types as
   * unsigned numbers), floats as any decimal.
   *
   * @throws IllegalArgumentException for bounds that are not numbers, out of the type's range, or with min > max
   */
  public void setBounds(ScalarType t, String min, String max) {
    try {
      if (t.isFloat()) {
        double lo = Double.parseDouble(min), hi = Double.parseDouble(max);
        if (!(lo <= hi)) throw new IllegalArgumentException("empty bounds " + min + ":" + max + " for " + t);
        floatBounds.put(t, new double[] {lo, hi});
      } else if (t.isInteger()) {
        java.math.BigInteger lo = new java.math.BigInteger(min.trim()), hi = new java.math.BigInteger(max.trim());
        java.math.BigInteger tmin = t.min(), tmax = t.max();
        if (lo.compareTo(tmin) < 0 || hi.compareTo(tmax) > 0 || lo.compareTo(hi) > 0) {
          throw new IllegalArgumentException("bounds " + min + ":" + max + " are not within " + tmin + ":" + tmax + " for " + t);
        }
        // Unsigned 64-bit bounds are kept as offsets from the lower bound, so their order survives.
        intBounds.put(t, new long[] {lo.longValue(), hi.subtract(lo).longValue()});
      } else {
        throw new IllegalArgumentException("bool values have no bounds");
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bounds for " + t + " must be numbers, got " + min + ":" + max);
    }
  }

  /** A shaped type such as {@code [2][3]f32}: sizes are known, unlike {@link Value#typeName()}. */
  public record ShapedType(ScalarType type, long[] shape) {
    /**
     * Parses {@code [n]...[m]t} with literal sizes (optionally suffixed {@code i64}).
     *
     * @throws IllegalArgumentException with a message naming the problem
     */
    public static ShapedType parse(String text) {
      String s = text.trim();
      List<Long> dims = new ArrayList<>();
      while (s.startsWith("[")) {
        int close = s.indexOf(']');
        if (close < 0) throw new IllegalArgumentException("missing ']' in type " + text);
        String d = s.substring(1, close).trim().replace("_", "");
        if (d.endsWith("i64")) d = d.substring(0, d.length() - 3);
        try {
          dims.add(Long.parseLong(d));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("random input needs a literal size, found [" + d + "] in " + text);
        }
        s = s.substring(close + 1).trim();
      }
      ScalarType t = ScalarType.parse(s);
      if (t == null) throw new IllegalArgumentException("unknown element type '" + s + "' in " + text);
      return new ShapedType(t, dims.stream().mapToLong(Long::longValue).toArray());
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder();
      for (long d : shape) sb.append('[').append(d).append(']');
      return sb.append(type).toString();
    }
  }

  /** A random value of that type and shape. */
  public Value generate(ShapedType st) {
    long total = 1;
    for (long d : st.shape()) total = Math.multiplyExact(total, d);
    int n = Math.toIntExact(total);
    ScalarType t = st.type();
    Object data = Storage.allocate(t, n);
    for (int i = 0; i < n; i++) {
      switch (t.kind()) {
        case BOOL -> ((boolean[]) data)[i] = random.nextBoolean();
        case FLOAT -> {
          double[] b = floatBounds.get(t);
          Storage.setDouble(t, data, i, b == null ? random.nextDouble() : b[0] + (b[1] - b[0]) * random.nextDouble());
        }
        case SIGNED, UNSIGNED -> {
          long[] b = intBounds.get(t);
          long v;
          if (b == null || b[1] == -1L) {
            v = b == null ? random.nextLong() : b[0] + random.nextLong();
          } else {
            // b[1] is the width of the range minus one, read as unsigned.
            v = b[0] + (b[1] >= 0 && b[1] < Long.MAX_VALUE ? random.nextLong(b[1] + 1) : unsignedBelowOrEqual(b[1]));
          }
          Storage.setLong(t, data, i, v);
        }
      }
    }
    return Value.of(t, st.shape(), data);
  }

  /** A uniform value in [0, limit] with the limit read as unsigned. */
  private long unsignedBelowOrEqual(long limit) {
    while (true) {
      long v = random.nextLong();
      if (Long.compareUnsigned(v, limit) <= 0) return v;
    }
  }
}

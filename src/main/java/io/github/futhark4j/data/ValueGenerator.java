package io.github.futhark4j.data;

import io.github.futhark4j.compiler.types.PrimType;
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

  public ValueGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** A shaped type such as {@code [2][3]f32}: sizes are known, unlike {@link Value#typeName()}. */
  public record ShapedType(PrimType type, long[] shape) {
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
      PrimType t = PrimType.byName(s);
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
    PrimType t = st.type();
    Object data = Storage.allocate(t, n);
    for (int i = 0; i < n; i++) {
      switch (t.kind()) {
        case BOOL -> ((boolean[]) data)[i] = random.nextBoolean();
        case FLOAT -> Storage.setDouble(t, data, i, random.nextDouble());
        case SIGNED, UNSIGNED -> Storage.setLong(t, data, i, random.nextLong());
      }
    }
    return Value.of(t, st.shape(), data);
  }
}

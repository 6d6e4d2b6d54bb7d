package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;

/**
 * Random values of a primitive type and shape made from one seed, exactly as {@code futhark test}
 * makes the candidates of property tests ({@code randomValue} of {@code Futhark.Test.Values} with the
 * property-test configuration): a {@link SplitMix} generator seeded with the seed draws the elements
 * in row-major order, each as {@code uniformR} of Haskell's {@code random} package draws it over
 * the type's range. Integers cover their whole range (signed types take the low bits of a draw,
 * unsigned 8- and 16-bit types the high bits of a 32-bit draw), {@code f32} lies in {@code [-1, 1]},
 * {@code f64} and {@code f16} in {@code [0, 1]}, and bools are fair. A seed and a shape give the same
 * value as in the reference, and a shape's value starts with the elements of every smaller one
 * (which is what shrinking by size relies on).
 */
public final class SeededValues {
  /** {@code fromIntegral (maxBound :: Word32) :: Float}, which rounds to 2^32. */
  private static final float WORD32_MAX = 4294967295f;
  /** {@code fromIntegral (maxBound :: Word64) :: Double}, which rounds to 2^64. */
  private static final double WORD64_MAX = 18446744073709551615.0;

  private SeededValues() {}

  /**
   * The value of type {@code t} and shape {@code shape} (no dimensions for a scalar) for {@code seed}.
   *
   * @throws IllegalArgumentException a negative dimension, or more elements than a Java array holds
   */
  public static Value random(ScalarType t, long[] shape, long seed) {
    long n = 1;
    for (long d : shape) {
      if (d < 0) throw new IllegalArgumentException("negative dimension " + d);
      n = Math.multiplyExact(n, d);
    }
    if (n > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("a value of " + n + " elements is too large");
    int count = (int) n;
    Object data = Storage.allocate(t, count);
    SplitMix g = new SplitMix(seed);
    for (int i = 0; i < count; i++) {
      switch (t) {
        case I8 -> ((byte[]) data)[i] = (byte) (Byte.MIN_VALUE + (g.nextWord32() & 0xff));
        case I16 -> ((short[]) data)[i] = (short) (Short.MIN_VALUE + (g.nextWord32() & 0xffff));
        case I32 -> ((int[]) data)[i] = (int) (Integer.MIN_VALUE + g.nextWord32());
        case I64 -> ((long[]) data)[i] = Long.MIN_VALUE + g.nextLong();
        case U8 -> ((byte[]) data)[i] = (byte) (g.nextWord32() >>> 24);
        case U16 -> ((short[]) data)[i] = (short) (g.nextWord32() >>> 16);
        case U32 -> ((int[]) data)[i] = (int) g.nextWord32();
        case U64 -> ((long[]) data)[i] = g.nextLong();
        case BOOL -> ((boolean[]) data)[i] = (g.nextWord32() & 1) != 0;
        case F32 -> ((float[]) data)[i] = uniformFloat(g, -1f, 1f);
        case F16 -> ((float[]) data)[i] = Storage.roundF16(uniformFloat(g, 0f, 1f));
        case F64 -> ((double[]) data)[i] = uniformDouble(g, 0.0, 1.0);
      }
    }
    return Value.of(t, shape.clone(), data);
  }

  /** {@code uniformRM (l, h)} for {@code Float}: a 32-bit draw scaled to [0, 1], then between the bounds. */
  private static float uniformFloat(SplitMix g, float l, float h) {
    float x = (float) g.nextWord32() / WORD32_MAX;
    return x * l + (1 - x) * h;
  }

  /** {@code uniformRM (l, h)} for {@code Double}: a 64-bit draw scaled to [0, 1], then between the bounds. */
  private static double uniformDouble(SplitMix g, double l, double h) {
    double x = unsignedToDouble(g.nextLong()) / WORD64_MAX;
    return x * l + (1 - x) * h;
  }

  /** The unsigned 64-bit number {@code w} rounded to the nearest double. */
  private static double unsignedToDouble(long w) {
    if (w >= 0) return (double) w;
    // Halve with the lost bit kept as a sticky bit, so the rounding of the halved number is that of w.
    return (double) ((w >>> 1) | (w & 1)) * 2.0;
  }
}

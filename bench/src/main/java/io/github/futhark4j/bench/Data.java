package io.github.futhark4j.bench;

import java.util.SplittableRandom;

/** Seeded random inputs. Floats are uniform in [0, 1), like {@code futhark dataset}'s defaults. */
final class Data {
  private Data() {}

  /** A generator for one kernel: the kernel's name is mixed in so kernels get different data. */
  static SplittableRandom rng(long seed, String kernel) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + kernel.hashCode());
  }

  static double[] doubles(SplittableRandom r, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) a[i] = r.nextDouble();
    return a;
  }

  static float[] floats(SplittableRandom r, int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) a[i] = (float) r.nextDouble();
    return a;
  }

  static float[][] floats(SplittableRandom r, int rows, int cols) {
    float[][] a = new float[rows][];
    for (int i = 0; i < rows; i++) a[i] = floats(r, cols);
    return a;
  }

  /** Uniform over all of int. */
  static int[] ints(SplittableRandom r, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) a[i] = r.nextInt();
    return a;
  }

  /** Uniform in [lo, hi). */
  static long[] longs(SplittableRandom r, int n, long lo, long hi) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) a[i] = r.nextLong(lo, hi);
    return a;
  }

  /** Uniform over all of long. */
  static long[] longs(SplittableRandom r, int n) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) a[i] = r.nextLong();
    return a;
  }
}

package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.stream.IntStream;

/** Escape-time Mandelbrot in f32 (compute-bound, data-dependent loop). */
final class MandelbrotKernel implements Kernel {
  @Override public String name() { return "mandelbrot"; }

  @Override public String entry() { return "mandelbrot"; }

  @Override public List<String> spellings() { return List.of("mandelbrot_tabulate"); }

  @Override public Category category() { return Category.COMPUTE; }

  @Override public Target target() { return Target.compute(2); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "1024^2, 256 iterations" : "61x64, 64 iterations"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    return s == Scale.FULL ? List.of(1024L, 1024L, 256) : List.of(61L, 64L, 64);
  }

  @Override
  public Object sequential(List<Object> in) {
    int w = Math.toIntExact((Long) in.get(0));
    int h = Math.toIntExact((Long) in.get(1));
    int limit = (Integer) in.get(2);
    int[][] out = new int[h][];
    for (int y = 0; y < h; y++) out[y] = row(w, h, limit, y);
    return out;
  }

  @Override
  public Object parallel(List<Object> in) {
    int w = Math.toIntExact((Long) in.get(0));
    int h = Math.toIntExact((Long) in.get(1));
    int limit = (Integer) in.get(2);
    int[][] out = new int[h][];
    IntStream.range(0, h).parallel().forEach(y -> out[y] = row(w, h, limit, y));
    return out;
  }

  /** One row, with the same float operations in the same order as the Futhark and C versions. */
  private static int[] row(int w, int h, int limit, int y) {
    float dx = 3f / w;
    float dy = 3f / h;
    float ci = -1.5f + y * dy;
    int[] out = new int[w];
    for (int x = 0; x < w; x++) {
      float cr = -2f + x * dx;
      float zr = 0;
      float zi = 0;
      int i = 0;
      while (i < limit && zr * zr + zi * zi <= 4f) {
        float nzr = zr * zr - zi * zi + cr;
        zi = 2f * zr * zi + ci;
        zr = nzr;
        i++;
      }
      out[x] = i;
    }
    return out;
  }

  @Override public ScalarType resultElem() { return ScalarType.I32; }

  // C contracts to fused multiply-adds; a point at the boundary of the set may then escape one
  // iteration earlier or later (or not at all). Such points are rare but real.
  @Override public Tolerance tolerance() { return Tolerance.mismatches(0.002); }
}

package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** Softened gravitational accelerations of all bodies from all bodies, f32 (compute-bound). */
final class NBodyKernel implements Kernel {
  static final float EPS2 = 1e-4f;

  @Override public String name() { return "nbody"; }

  @Override public String entry() { return "nbody"; }

  @Override public List<String> spellings() { return List.of("nbody_zip"); }

  @Override public Category category() { return Category.COMPUTE; }

  @Override public Target target() { return Target.compute(3); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "16384 bodies" : "301 bodies"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    SplittableRandom r = Data.rng(seed, name());
    int n = s == Scale.FULL ? 16384 : 301;
    return List.of(Data.floats(r, n), Data.floats(r, n), Data.floats(r, n), Data.floats(r, n));
  }

  @Override
  public Object sequential(List<Object> in) {
    float[][] out = results(in);
    for (int i = 0; i < out[0].length; i++) body(in, out, i);
    return new Object[] {out[0], out[1], out[2]};
  }

  @Override
  public Object parallel(List<Object> in) {
    float[][] out = results(in);
    IntStream.range(0, out[0].length).parallel().forEach(i -> body(in, out, i));
    return new Object[] {out[0], out[1], out[2]};
  }

  private static float[][] results(List<Object> in) {
    int n = ((float[]) in.get(0)).length;
    return new float[][] {new float[n], new float[n], new float[n]};
  }

  /** The acceleration of body i; the j == i term is zero, so it needs no test. */
  private static void body(List<Object> in, float[][] out, int i) {
    float[] xs = (float[]) in.get(0);
    float[] ys = (float[]) in.get(1);
    float[] zs = (float[]) in.get(2);
    float[] ms = (float[]) in.get(3);
    float xi = xs[i];
    float yi = ys[i];
    float zi = zs[i];
    float ax = 0;
    float ay = 0;
    float az = 0;
    for (int j = 0; j < xs.length; j++) {
      float dx = xs[j] - xi;
      float dy = ys[j] - yi;
      float dz = zs[j] - zi;
      float d2 = dx * dx + dy * dy + dz * dz + EPS2;
      float inv = 1f / (float) Math.sqrt(d2);
      float s = ms[j] * (inv * inv * inv);
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    out[0][i] = ax;
    out[1][i] = ay;
    out[2][i] = az;
  }

  @Override public ScalarType resultElem() { return ScalarType.F32; }

  // f32 sums of n terms in different orders (vector lanes in C, sequential in Java).
  @Override public Tolerance tolerance() { return Tolerance.normwise(1e-4); }
}

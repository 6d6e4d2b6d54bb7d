package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** a*x + y over f32 into a fresh array (bandwidth-bound map). */
final class SaxpyKernel implements Kernel {
  @Override public String name() { return "saxpy"; }

  @Override public String entry() { return "saxpy"; }

  @Override public List<String> spellings() { return List.of("saxpy_zip", "saxpy_unzip", "saxpy_tabulate"); }

  @Override public Category category() { return Category.BANDWIDTH; }

  @Override public Target target() { return Target.bandwidth(); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^24 f32" : "10007 f32"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    SplittableRandom r = Data.rng(seed, name());
    int n = s == Scale.FULL ? 1 << 24 : 10_007;
    float a = (float) (1 + r.nextDouble());
    return List.of(a, Data.floats(r, n), Data.floats(r, n));
  }

  @Override
  public Object sequential(List<Object> in) {
    float a = (Float) in.get(0);
    float[] xs = (float[]) in.get(1);
    float[] ys = (float[]) in.get(2);
    float[] out = new float[xs.length];
    for (int i = 0; i < xs.length; i++) out[i] = a * xs[i] + ys[i];
    return out;
  }

  @Override
  public Object parallel(List<Object> in) {
    float a = (Float) in.get(0);
    float[] xs = (float[]) in.get(1);
    float[] ys = (float[]) in.get(2);
    float[] out = new float[xs.length];
    IntStream.range(0, xs.length).parallel().forEach(i -> out[i] = a * xs[i] + ys[i]);
    return out;
  }

  @Override public ScalarType resultElem() { return ScalarType.F32; }

  // gcc contracts a*x + y into one fused multiply-add, Java rounds twice: one ulp apart.
  @Override public Tolerance tolerance() { return Tolerance.normwise(1e-6); }
}

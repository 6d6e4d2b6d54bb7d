package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** Dot product of two f64 vectors (bandwidth-bound map-reduce). */
final class DotKernel implements Kernel {
  @Override public String name() { return "dot"; }

  @Override public String entry() { return "dot"; }

  @Override public List<String> spellings() { return List.of("dot_zip", "dot_record", "dot_tabulate"); }

  @Override public Category category() { return Category.BANDWIDTH; }

  @Override public Target target() { return Target.bandwidth(); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^24 f64" : "10007 f64"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    SplittableRandom r = Data.rng(seed, name());
    int n = s == Scale.FULL ? 1 << 24 : 10_007;
    return List.of(Data.doubles(r, n), Data.doubles(r, n));
  }

  @Override
  public Object sequential(List<Object> in) {
    double[] xs = (double[]) in.get(0);
    double[] ys = (double[]) in.get(1);
    double s = 0;
    for (int i = 0; i < xs.length; i++) s += xs[i] * ys[i];
    return s;
  }

  @Override
  public Object parallel(List<Object> in) {
    double[] xs = (double[]) in.get(0);
    double[] ys = (double[]) in.get(1);
    return IntStream.range(0, xs.length).parallel().mapToDouble(i -> xs[i] * ys[i]).sum();
  }

  @Override public ScalarType resultElem() { return ScalarType.F64; }

  @Override public Tolerance tolerance() { return Tolerance.normwise(1e-9); }
}

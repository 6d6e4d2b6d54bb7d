package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.Arrays;
import java.util.List;

/** Sum of f64 (bandwidth-bound reduction). */
final class SumKernel implements Kernel {
  @Override public String name() { return "sum"; }

  @Override public String entry() { return "sum"; }

  @Override public List<String> spellings() { return List.of("sum_reduce", "sum_record"); }

  @Override public Category category() { return Category.BANDWIDTH; }

  @Override public Target target() { return Target.bandwidth(); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^25 f64" : "10007 f64"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    return List.of(Data.doubles(Data.rng(seed, name()), s == Scale.FULL ? 1 << 25 : 10_007));
  }

  @Override
  public Object sequential(List<Object> in) {
    double[] xs = (double[]) in.get(0);
    double s = 0;
    for (double x : xs) s += x;
    return s;
  }

  @Override
  public Object parallel(List<Object> in) {
    // DoubleStream.sum is what a Java programmer writes; it uses compensated summation.
    return Arrays.stream((double[]) in.get(0)).parallel().sum();
  }

  @Override public ScalarType resultElem() { return ScalarType.F64; }

  @Override public Tolerance tolerance() { return Tolerance.normwise(1e-9); }
}

package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.Arrays;
import java.util.List;

/** Inclusive prefix sums of i64 (bandwidth-bound scan). */
final class ScanKernel implements Kernel {
  @Override public String name() { return "scan"; }

  @Override public String entry() { return "prefix_sum"; }

  @Override public List<String> spellings() { return List.of("prefix_sum_lambda"); }

  @Override public Category category() { return Category.BANDWIDTH; }

  @Override public Target target() { return Target.bandwidth(); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^24 i64" : "10007 i64"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    return List.of(Data.longs(Data.rng(seed, name()), s == Scale.FULL ? 1 << 24 : 10_007, -1000, 1000));
  }

  @Override
  public Object sequential(List<Object> in) {
    long[] xs = (long[]) in.get(0);
    long[] out = new long[xs.length];
    long acc = 0;
    for (int i = 0; i < xs.length; i++) {
      acc += xs[i];
      out[i] = acc;
    }
    return out;
  }

  @Override
  public Object parallel(List<Object> in) {
    // Streams have no scan; the JDK's parallel scan is Arrays.parallelPrefix (fork/join).
    long[] out = ((long[]) in.get(0)).clone();
    Arrays.parallelPrefix(out, Long::sum);
    return out;
  }

  @Override public ScalarType resultElem() { return ScalarType.I64; }

  @Override public Tolerance tolerance() { return Tolerance.exact(); }
}

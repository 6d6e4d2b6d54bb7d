package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.stream.IntStream;

/** Counts of i32 values in 256 bins, bin = value &amp; 255 (bandwidth-bound). */
final class HistogramKernel implements Kernel {
  static final int BINS = 256;

  @Override public String name() { return "histogram"; }

  @Override public String entry() { return "histogram"; }

  @Override public List<String> spellings() { return List.of("histogram_by_index", "histogram_by_index_replicate"); }

  @Override public Category category() { return Category.BANDWIDTH; }

  @Override public Target target() { return Target.bandwidth(); }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^24 i32, 256 bins" : "10007 i32, 256 bins"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    return List.of(Data.ints(Data.rng(seed, name()), s == Scale.FULL ? 1 << 24 : 10_007));
  }

  @Override
  public Object sequential(List<Object> in) {
    int[] h = new int[BINS];
    for (int v : (int[]) in.get(0)) h[v & (BINS - 1)]++;
    return h;
  }

  @Override
  public Object parallel(List<Object> in) {
    int[] is = (int[]) in.get(0);
    return IntStream.range(0, is.length).parallel().collect(
        () -> new int[BINS],
        (h, i) -> h[is[i] & (BINS - 1)]++,
        (a, b) -> {
          for (int k = 0; k < BINS; k++) a[k] += b[k];
        });
  }

  @Override public ScalarType resultElem() { return ScalarType.I32; }

  @Override public Tolerance tolerance() { return Tolerance.exact(); }
}

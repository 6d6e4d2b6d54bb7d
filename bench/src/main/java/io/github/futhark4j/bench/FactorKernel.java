package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The seed's batch factorisation: up to 32 prime factors of each of 2^16 numbers, each input
 * first mapped to 2 + (v &amp; 4095) so that arbitrary i64 inputs give bounded work.
 */
final class FactorKernel implements Kernel {
  static final int FACTORS = 32;
  static final long MASK = 4095;

  @Override public String name() { return "factor"; }

  @Override public String entry() { return "factor"; }

  @Override public Category category() { return Category.IRREGULAR; }

  @Override public Target target() { return Target.NONE; }

  @Override public String size(Scale s) { return s == Scale.FULL ? "2^16 numbers" : "1000 numbers"; }

  @Override
  public List<Object> inputs(Scale s, long seed) {
    return List.of(Data.longs(Data.rng(seed, name()), s == Scale.FULL ? 1 << 16 : 1000));
  }

  @Override
  public Object sequential(List<Object> in) {
    long[] ns = (long[]) in.get(0);
    long[][] out = new long[ns.length][];
    for (int k = 0; k < ns.length; k++) out[k] = factorize(2 + (ns[k] & MASK));
    return out;
  }

  @Override
  public Object parallel(List<Object> in) {
    long[] ns = (long[]) in.get(0);
    long[][] out = new long[ns.length][];
    IntStream.range(0, ns.length).parallel().forEach(k -> out[k] = factorize(2 + (ns[k] & MASK)));
    return out;
  }

  /** The seed's loop: trial division, factors in ascending order, zero-padded to 32. */
  static long[] factorize(long n) {
    long[] acc = new long[FACTORS];
    long x = n;
    long i = 2;
    int c = 0;
    while (x > 1 && c < FACTORS) {
      if (x % i == 0) {
        x /= i;
        acc[c++] = i;
      } else {
        i++;
      }
    }
    return acc;
  }

  @Override public ScalarType resultElem() { return ScalarType.I64; }

  @Override public Tolerance tolerance() { return Tolerance.exact(); }
}

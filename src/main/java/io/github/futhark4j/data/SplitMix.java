package io.github.futhark4j.data;

/**
 * The SplitMix64 generator exactly as Haskell's {@code splitmix} package has it ({@code SMGen}),
 * which is the {@code StdGen} of the {@code random} package that {@code futhark test} draws the
 * seeds and candidates of property tests from: the same seed gives the same numbers here as there,
 * so a property fails on the same counterexample under {@code --seed} in both tools. Not thread
 * safe; each instance is one sequence.
 */
public final class SplitMix {
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private long seed;
  private final long gamma;

  /** {@code mkSMGen seed}, which is also {@code mkStdGen} of the seed's bits. */
  public SplitMix(long seed) {
    this.seed = mix64(seed);
    this.gamma = mixGamma(seed + GOLDEN_GAMMA);
  }

  /** The next 64 random bits ({@code nextWord64}). */
  public long nextLong() {
    seed += gamma;
    return mix64(seed);
  }

  /** The next 32 random bits ({@code nextWord32}: the low half of {@link #nextLong()}), as an unsigned number. */
  public long nextWord32() {
    return nextLong() & 0xffffffffL;
  }

  private static long shiftXor(int n, long w) {
    return w ^ (w >>> n);
  }

  private static long shiftXorMultiply(int n, long k, long w) {
    return shiftXor(n, w) * k;
  }

  private static long mix64(long z) {
    long z1 = shiftXorMultiply(33, 0xff51afd7ed558ccdL, z);
    long z2 = shiftXorMultiply(33, 0xc4ceb9fe1a85ec53L, z1);
    return shiftXor(33, z2);
  }

  private static long mix64variant13(long z) {
    long z1 = shiftXorMultiply(30, 0xbf58476d1ce4e5b9L, z);
    long z2 = shiftXorMultiply(27, 0x94d049bb133111ebL, z1);
    return shiftXor(31, z2);
  }

  private static long mixGamma(long z) {
    long z1 = mix64variant13(z) | 1;
    int n = Long.bitCount(z1 ^ (z1 >>> 1));
    return n >= 24 ? z1 : z1 ^ 0xaaaaaaaaaaaaaaaaL;
  }
}

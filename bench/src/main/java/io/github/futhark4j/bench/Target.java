package io.github.futhark4j.bench;

import java.util.Locale;
import java.util.Optional;

/**
 * A kernel's target from the issue: Futhark (data resident) at most {@code maxRatioToC} times the
 * C baseline's median and, when {@code minSpeedupOverStreams > 0}, at least that many times
 * faster than Java parallel streams.
 */
public record Target(double maxRatioToC, double minSpeedupOverStreams) {
  /** No target (the kernel is reported only). */
  public static final Target NONE = new Target(Double.POSITIVE_INFINITY, 0);

  /** Bandwidth-bound kernels: within 10% of C. */
  public static Target bandwidth() { return new Target(1.1, 0); }

  /** Compute-bound kernels: within 1.5x of C and {@code speedup} times faster than parallel streams. */
  public static Target compute(double speedup) { return new Target(1.5, speedup); }

  public boolean isNone() { return Double.isInfinite(maxRatioToC) && minSpeedupOverStreams <= 0; }

  /** The target in words, e.g. {@code <= 1.5x C, >= 4x streams}. */
  public String describe() {
    if (isNone()) return "-";
    String s = String.format(Locale.ROOT, "<= %.1fx C", maxRatioToC);
    return minSpeedupOverStreams > 0 ? s + String.format(Locale.ROOT, ", >= %.0fx streams", minSpeedupOverStreams) : s;
  }

  /**
   * Whether the medians meet the target; empty when it cannot be judged (no target, or a
   * median missing because a variant did not run).
   */
  public Optional<Boolean> met(Double futharkUs, Double cUs, Double streamsUs) {
    if (isNone() || futharkUs == null || cUs == null) return Optional.empty();
    boolean ok = futharkUs <= maxRatioToC * cUs;
    if (minSpeedupOverStreams > 0) {
      if (streamsUs == null) return Optional.empty();
      ok &= streamsUs >= minSpeedupOverStreams * futharkUs;
    }
    return Optional.of(ok);
  }
}

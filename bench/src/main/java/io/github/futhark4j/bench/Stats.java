package io.github.futhark4j.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Run times of one variant in microseconds and their summary: median (what the reports compare,
 * being robust to the odd slow run on a shared machine), mean, sample standard deviation, minimum.
 */
public record Stats(List<Double> runtimesUs, double medianUs, double meanUs, double stddevUs, double minUs) {
  public Stats {
    runtimesUs = List.copyOf(runtimesUs);
  }

  /** Summarises run times given in microseconds; at least one. */
  public static Stats of(double... runtimesUs) {
    if (runtimesUs.length == 0) throw new IllegalArgumentException("no run times");
    double[] sorted = runtimesUs.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double mean = Arrays.stream(runtimesUs).sum() / n;
    double var = 0;
    for (double t : runtimesUs) var += (t - mean) * (t - mean);
    double stddev = n > 1 ? Math.sqrt(var / (n - 1)) : 0;
    return new Stats(Arrays.stream(runtimesUs).boxed().toList(), median, mean, stddev, sorted[0]);
  }

  /** The result of the last timed run with the statistics of all of them. */
  public record Timed(Stats stats, Object lastResult) {}

  /**
   * Runs {@code body} {@code warmup} times untimed (JIT compilation, page faults, thread pools),
   * then {@code runs} times timed with {@link System#nanoTime()}. {@code release} receives every
   * result except the last, after the clock has stopped (e.g. to free native arrays).
   */
  public static Timed time(int warmup, int runs, Supplier<Object> body, Consumer<Object> release) {
    if (runs < 1) throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    for (int i = 0; i < warmup; i++) release.accept(body.get());
    double[] us = new double[runs];
    Object last = null;
    for (int i = 0; i < runs; i++) {
      if (last != null) release.accept(last);
      long t0 = System.nanoTime();
      last = body.get();
      us[i] = (System.nanoTime() - t0) / 1e3;
    }
    return new Timed(of(us), last);
  }
}

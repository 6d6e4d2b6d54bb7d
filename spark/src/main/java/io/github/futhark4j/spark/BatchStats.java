package io.github.futhark4j.spark;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where the time of this JVM's batch calls went, summed over all tasks since start (or the last
 * {@link #reset}): on an executor, that executor's; in local mode, everything. For tuning the batch
 * size: {@code callNanos / batches} at a small batch size is the fixed cost of a Futhark call.
 *
 * @param batches       Futhark calls on batches of rows (by {@code map} and {@code aggregate})
 * @param rows          rows in those batches
 * @param convertNanos  time spent gathering each batch: from its first row until its call, Spark
 *                      producing the rows and their values being copied into the arguments' arrays
 * @param callNanos     time spent in the calls: copying the arrays in, the Futhark code, copying
 *                      the results out, and waiting for a context
 */
public record BatchStats(long batches, long rows, long convertNanos, long callNanos) {
  private static final LongAdder BATCHES = new LongAdder();
  private static final LongAdder ROWS = new LongAdder();
  private static final LongAdder CONVERT = new LongAdder();
  private static final LongAdder CALL = new LongAdder();

  /** The sums so far in this JVM. */
  public static BatchStats current() {
    return new BatchStats(BATCHES.sum(), ROWS.sum(), CONVERT.sum(), CALL.sum());
  }

  /** Starts the sums again from zero. */
  public static void reset() {
    BATCHES.reset();
    ROWS.reset();
    CONVERT.reset();
    CALL.reset();
  }

  static void add(int rows, long convert, long call) {
    BATCHES.increment();
    ROWS.add(rows);
    CONVERT.add(convert);
    CALL.add(call);
  }

  /** The difference {@code this - earlier}. */
  public BatchStats minus(BatchStats earlier) {
    return new BatchStats(batches - earlier.batches, rows - earlier.rows, convertNanos - earlier.convertNanos,
        callNanos - earlier.callNanos);
  }

  @Override
  public String toString() {
    if (batches == 0) return "no batches";
    return String.format(java.util.Locale.ROOT, "%,d batches of %,d rows on average: %.3f ms reading rows and %.3f ms in"
        + " Futhark calls per batch (%.0f ns and %.0f ns per row)", batches, rows / batches, convertNanos / 1e6 / batches,
        callNanos / 1e6 / batches, rows == 0 ? 0.0 : (double) convertNanos / rows, rows == 0 ? 0.0 : (double) callNanos / rows);
  }
}

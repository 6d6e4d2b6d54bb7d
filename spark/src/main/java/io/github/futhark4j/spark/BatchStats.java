package io.github.futhark4j.spark;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where the time of this JVM's batch calls went, summed over all tasks since start (or the last
 * {@link #reset}): on an executor, that executor's; in local mode, everything. For tuning the batch
 * size: {@code callNanos / batches} at a small batch size is the fixed cost of a Futhark call.
 *
 * @param batches       Futhark calls on batches of rows (by {@code map} and {@code aggregate})
 * @param rows          rows in those batches
 * @param readNanos     time spent gathering each batch, from its first row until its call: Spark
 *                      producing the rows (scanning, decoding a cache, upstream operators) and their
 *                      values being copied into the arguments' arrays
 * @param convertNanos  the part of {@code readNanos} spent copying values into the arrays, estimated
 *                      by timing every 64th row, less the clock's own cost (timing every row would
 *                      cost more than the copy)
 * @param callNanos     time spent in the calls: copying the arrays in, the Futhark code, copying
 *                      the results out, and waiting for a context
 */
public record BatchStats(long batches, long rows, long readNanos, long convertNanos, long callNanos) {
  /** One row in this many has its conversion timed. */
  static final int SAMPLE = 64;

  /** What reading the clock twice costs by itself (the median of many tries), taken off each timed row. */
  static final long TIMER_NANOS = timerCost();

  private static long timerCost() {
    long[] d = new long[201];
    for (int i = 0; i < d.length; i++) {
      long t = System.nanoTime();
      d[i] = System.nanoTime() - t;
    }
    java.util.Arrays.sort(d);
    return d[d.length / 2];
  }

  private static final LongAdder BATCHES = new LongAdder();
  private static final LongAdder ROWS = new LongAdder();
  private static final LongAdder READ = new LongAdder();
  private static final LongAdder CONVERT = new LongAdder();
  private static final LongAdder CALL = new LongAdder();

  /** The sums so far in this JVM. */
  public static BatchStats current() {
    return new BatchStats(BATCHES.sum(), ROWS.sum(), READ.sum(), CONVERT.sum(), CALL.sum());
  }

  /** Starts the sums again from zero. */
  public static void reset() {
    BATCHES.reset();
    ROWS.reset();
    READ.reset();
    CONVERT.reset();
    CALL.reset();
  }

  static void add(int rows, long read, long convert, long call) {
    BATCHES.increment();
    ROWS.add(rows);
    READ.add(read);
    CONVERT.add(convert);
    CALL.add(call);
  }

  /** The difference {@code this - earlier}. */
  public BatchStats minus(BatchStats earlier) {
    return new BatchStats(batches - earlier.batches, rows - earlier.rows, readNanos - earlier.readNanos,
        convertNanos - earlier.convertNanos, callNanos - earlier.callNanos);
  }

  @Override
  public String toString() {
    if (batches == 0) return "no batches";
    double perRow = rows == 0 ? 0.0 : 1.0 / rows;
    return String.format(java.util.Locale.ROOT, "%,d batches of %,d rows on average; per batch %.3f ms reading rows (of which"
        + " %.3f ms converting values) and %.3f ms in Futhark calls; per row %.0f ns, %.0f ns and %.0f ns", batches, rows / batches,
        readNanos / 1e6 / batches, convertNanos / 1e6 / batches, callNanos / 1e6 / batches, readNanos * perRow,
        convertNanos * perRow, callNanos * perRow);
  }
}

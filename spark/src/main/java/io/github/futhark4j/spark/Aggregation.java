package io.github.futhark4j.spark;

import io.github.futhark4j.runtime.Manifest;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;

/**
 * An aggregation over a whole Dataset by two entry points: a <em>reduction</em> that turns one
 * batch of rows (its parameters bound to columns and values as for {@link BatchMap}) into a
 * partial result of m values, and a <em>combine</em> function of 2m parameters (two partial
 * results) that returns m values. Each partition reduces its batches and combines them as it
 * goes; the driver combines the partitions' results, in partition order.
 *
 * <pre>{@code
 * -- k-means step: per-cluster sums and counts
 * entry partial [n][k][d] (cs: [k][d]f64) (xs: [n][d]f64) : ([k][d]f64, [k]i64) = ...
 * entry combine [k][d] (s1: [k][d]f64) (c1: [k]i64) (s2: [k][d]f64) (c2: [k]i64) : ([k][d]f64, [k]i64) =
 *   (map2 (map2 (+)) s1 s2, map2 (+) c1 c2)
 *
 * Object[] r = fut.aggregate("partial", "combine").value(centroids).column("features").run(df);
 * double[][] sums = (double[][]) r[0]; long[] counts = (long[]) r[1];
 * }</pre>
 *
 * The combine function must be associative; it need not be commutative. A Dataset with no rows
 * gives the reduction of an empty batch, computed on the driver. Partial results travel to the
 * driver as Java values, so their types must have a Java form (scalars, arrays, records and tuples
 * of those).
 */
public final class Aggregation extends EntryCall<Aggregation> {
  private final String combine;

  Aggregation(SparkFuthark fut, String reduce, String combine) {
    super(fut, reduce);
    this.combine = combine;
    fut.entry(combine);
  }

  /** Checks that the combine function takes two partial results and returns one. */
  private List<FType> partialTypes() {
    Manifest.Entry r = fut.entry(entry);
    Manifest.Entry c = fut.entry(combine);
    int m = r.outputs().size();
    List<FType> types = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      FType t = fut.type(r.outputs().get(i).type());
      if (!t.transferable()) {
        throw new IllegalArgumentException("result " + (i + 1) + " of entry point '" + entry + "' has type " + t
            + ", which has no Java form to send to the driver (only scalars, arrays, records and tuples of them)");
      }
      types.add(t);
    }
    List<String> want = new ArrayList<>();
    for (Manifest.Output o : r.outputs()) want.add(o.type());
    List<String> ins = c.inputs().stream().map(Manifest.Input::type).toList();
    List<String> outs = c.outputs().stream().map(Manifest.Output::type).toList();
    List<String> twice = new ArrayList<>(want);
    twice.addAll(want);
    if (!ins.equals(twice) || !outs.equals(want)) {
      throw new IllegalArgumentException("the combine function '" + combine + "' must take two results of '" + entry
          + "' and return one: parameters " + twice + " and results " + want + ", but it has parameters " + ins
          + " and results " + outs);
    }
    return types;
  }

  /**
   * Runs the aggregation: one Spark job, then the combination on the driver.
   *
   * @return the m values of the combined result, as {@code FutharkFunction.call} returns them
   *         ({@code double[]}, {@code Long}, {@code Map} for a record, ...)
   * @throws IllegalArgumentException at once, before any job, for a bad binding, a column type
   *                                  that does not fit its parameter, or a combine function whose
   *                                  signature does not match the reduction's results
   */
  public Object[] run(Dataset<Row> df) {
    List<FType> types = partialTypes();
    List<String> cols = new ArrayList<>(new LinkedHashSet<>(boundColumns()));
    for (String c : cols) {
      if (SparkTypes.fieldIndex(df.schema(), c) < 0) resolve(df.schema()); // names the missing column and its parameter
    }
    Dataset<Row> projected = df.select(cols.stream().map(c -> functions.col("`" + c.replace("`", "``") + "`")).toArray(Column[]::new));
    List<Arg> args = resolve(projected.schema());
    int m = types.size();
    List<Object[]> partials = internalRows(projected)
        .mapPartitions(new Reducer(fut, entry, combine, args, m, batchSize))
        .collect();
    Object[] acc = null;
    for (int p = 0; p < partials.size(); p++) {
      acc = acc == null ? partials.get(p) : combine(fut, combine, acc, partials.get(p), m, "the driver, combining partition results");
    }
    if (acc == null) acc = asArray(new Batch(fut, entry, args, 0).call(false), m);
    return acc;
  }

  static Object[] asArray(Object r, int m) {
    return m == 1 ? new Object[] {r} : (Object[]) r;
  }

  static Object[] combine(SparkFuthark fut, String c, Object[] a, Object[] b, int m, String where) {
    Object[] both = new Object[2 * m];
    System.arraycopy(a, 0, both, 0, m);
    System.arraycopy(b, 0, both, m, m);
    return asArray(EntryCall.callWith(fut, c, both, where), m);
  }

  /** Per partition: reduce each batch, combine the batches' results; emits one partial result (none for no rows). */
  private record Reducer(SparkFuthark fut, String reduce, String combine, List<Arg> args, int m, int batchSize)
      implements FlatMapFunction<Iterator<InternalRow>, Object[]>, Serializable {
    @Serial private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Object[]> call(Iterator<InternalRow> input) {
      if (!input.hasNext()) return java.util.Collections.emptyIterator();
      Batch batch = new Batch(fut, reduce, args, batchSize);
      Object[] acc = null;
      while (input.hasNext()) {
        while (!batch.isFull() && input.hasNext()) batch.add(input.next());
        long first = batch.first();
        int n = batch.size();
        Object[] part = asArray(batch.call(false), m);
        acc = acc == null ? part : Aggregation.combine(fut, combine, acc, part, m, EntryCall.where(first, n) + " (combining)");
      }
      return List.<Object[]>of(acc).iterator();
    }
  }
}

package io.github.futhark4j.spark;

import io.github.futhark4j.runtime.Manifest;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * An entry point applied to a Dataset a batch at a time. Each partition's rows are taken
 * {@link #batchSize} at a time; every column bound to a parameter becomes one array of that many
 * rows (a {@code double} column a {@code [n]f64} argument, an {@code array<double>} column
 * {@code [n][m]f64}, a struct column a record of arrays; docs/spark.md has the table), and each
 * batch is one Futhark call. The results are arrays (or records of arrays) whose rows become the
 * values of new columns:
 *
 * <ul>
 *   <li>{@link #withColumns}: one result row per input row; the input's columns stay, the results
 *       are appended (a standardisation, a cluster assignment);
 *   <li>{@link #transform}: a new Dataset of the results only, any number of rows per batch (a
 *       filter, an expansion).
 * </ul>
 *
 * <pre>{@code
 * Dataset<Row> z = fut.map("standardise").value(mean).value(sd).column("features").as("z").withColumns(df);
 * }</pre>
 *
 * Types are checked when {@code withColumns} or {@code transform} is called, before any job: a
 * column that does not fit its parameter is an {@link IllegalArgumentException} naming both.
 */
public final class BatchMap extends EntryCall<BatchMap> {
  private List<String> names;

  BatchMap(SparkFuthark fut, String entry) {
    super(fut, entry);
  }

  /**
   * Names the result columns, one per result of the entry point. Default: the entry point's name
   * for a single result, else {@code <entry>_0}, {@code <entry>_1}, ...
   */
  public BatchMap as(String... resultNames) {
    this.names = List.of(resultNames);
    return this;
  }

  /** The result columns' names and Spark types (checked as for {@link #withColumns}). */
  public StructType resultSchema() {
    Manifest.Entry e = fut.entry(entry);
    List<String> ns = names != null ? names : defaultNames(e);
    if (ns.size() != e.outputs().size()) {
      throw new IllegalArgumentException("entry point '" + entry + "' has " + e.outputs().size() + " results but "
          + ns.size() + " names were given: " + ns);
    }
    List<StructField> fs = new ArrayList<>();
    for (int i = 0; i < ns.size(); i++) {
      FType t = fut.type(e.outputs().get(i).type());
      DataType dt = SparkTypes.row(t);
      if (dt == null) {
        throw new IllegalArgumentException("result " + (i + 1) + " of entry point '" + entry + "' has type " + t
            + ", which has no rows to become a column (only arrays and records or tuples of arrays do);"
            + " use aggregate() for entry points that return one value per batch");
      }
      fs.add(DataTypes.createStructField(ns.get(i), dt, false));
    }
    return DataTypes.createStructType(fs);
  }

  private List<String> defaultNames(Manifest.Entry e) {
    if (e.outputs().size() == 1) return List.of(entry);
    List<String> ns = new ArrayList<>();
    for (int i = 0; i < e.outputs().size(); i++) ns.add(entry + "_" + i);
    return ns;
  }

  private List<FType> resultTypes() {
    List<FType> ts = new ArrayList<>();
    for (Manifest.Output o : fut.entry(entry).outputs()) ts.add(fut.type(o.type()));
    return ts;
  }

  /**
   * {@code df} with the results appended as new columns: every result must have one row per input
   * row (checked per batch; a mismatch fails the task naming the result).
   *
   * @throws IllegalArgumentException at once, before any job: an unbound or unknown parameter,
   *                                  a missing column, a column type that does not fit its
   *                                  parameter, a result without rows, a name already in {@code df}
   */
  public Dataset<Row> withColumns(Dataset<Row> df) {
    StructType in = df.schema();
    List<Arg> args = resolve(in);
    StructType results = resultSchema();
    for (String n : results.fieldNames()) {
      if (SparkTypes.fieldIndex(in, n) >= 0) {
        throw new IllegalArgumentException("result column '" + n + "' of entry point '" + entry + "' is already in the Dataset;"
            + " name the results with as(...)");
      }
    }
    StructType out = in;
    for (StructField f : results.fields()) out = out.add(f);
    return dataset(df, internalRows(df).mapPartitions(new Runner(fut, entry, args, resultTypes(), batchSize, true)), out);
  }

  /**
   * A new Dataset of the results only. Within one batch all results must have the same number of
   * rows, which may differ from the batch's. Only the bound columns are read.
   *
   * @throws IllegalArgumentException as for {@link #withColumns}
   */
  public Dataset<Row> transform(Dataset<Row> df) {
    List<String> cols = new ArrayList<>(new java.util.LinkedHashSet<>(boundColumns()));
    for (String c : cols) {
      if (SparkTypes.fieldIndex(df.schema(), c) < 0) resolve(df.schema()); // reports the missing column with its parameter
    }
    Dataset<Row> projected = df.select(cols.stream().map(c -> functions.col("`" + c.replace("`", "``") + "`")).toArray(Column[]::new));
    List<Arg> args = resolve(projected.schema());
    StructType results = resultSchema();
    return dataset(projected, internalRows(projected).mapPartitions(new Runner(fut, entry, args, resultTypes(), batchSize, false)),
        results);
  }

  /**
   * The per-partition work: batches of internal rows in, rows out, lazily (one batch in memory at a
   * time). The rows it returns are reused views of the batch's results ({@link ResultColumns}):
   * Spark's scan of the RDD copies each into its own form before asking for the next.
   */
  private record Runner(SparkFuthark fut, String entry, List<Arg> args, List<FType> results, int batchSize,
      boolean keepInput, boolean flatResults) implements FlatMapFunction<Iterator<InternalRow>, InternalRow>, Serializable {
    @Serial private static final long serialVersionUID = 1L;

    Runner(SparkFuthark fut, String entry, List<Arg> args, List<FType> results, int batchSize, boolean keepInput) {
      // callNative keeps arrays native so they are read out in one copy each; records need call().
      this(fut, entry, args, results, batchSize, keepInput, results.stream().allMatch(t -> t.kind() == FType.Kind.ARRAY));
    }

    @Override
    public Iterator<InternalRow> call(Iterator<InternalRow> input) {
      return new Iterator<>() {
        private final Batch batch = new Batch(fut, entry, args, batchSize);
        private final InternalRow[] rows = keepInput ? new InternalRow[batchSize] : null;
        private final JoinedRow joined = new JoinedRow();
        private ColumnarBatch out; // the current batch's results
        private int outRows;
        private int next;       // next result row to emit

        @Override
        public boolean hasNext() {
          while (next >= outRows) {
            if (!input.hasNext()) {
              if (rows != null) Arrays.fill(rows, null);
              return false;
            }
            nextBatch();
          }
          return true;
        }

        private void nextBatch() {
          while (!batch.isFull() && input.hasNext()) {
            InternalRow r = input.next();
            if (rows != null) rows[batch.size()] = r.copy();
            batch.add(r);
          }
          int n = batch.size();
          long first = batch.first();
          Object r = batch.call(flatResults);
          Object[] rs = results.size() == 1 ? new Object[] {r} : (Object[]) r;
          outRows = -1;
          for (int i = 0; i < rs.length; i++) {
            int m = Convert.rows(rs[i], results.get(i), "result " + (i + 1));
            if (keepInput && m != n) {
              throw new FutharkTaskException("entry point '" + entry + "': result " + (i + 1) + " has " + m
                  + " rows for a batch of " + n + " (" + EntryCall.where(first, n) + "); withColumns needs one result row"
                  + " per input row, transform takes any number", null);
            }
            if (outRows >= 0 && m != outRows) {
              throw new FutharkTaskException("entry point '" + entry + "': result " + (i + 1) + " has " + m
                  + " rows but result 1 has " + outRows + " (" + EntryCall.where(first, n) + ")", null);
            }
            outRows = m;
          }
          if (outRows < 0) outRows = 0;
          out = ResultColumns.batch(rs, results, outRows);
          next = 0;
        }

        @Override
        public InternalRow next() {
          if (!hasNext()) throw new NoSuchElementException();
          int i = next++;
          InternalRow result = out.getRow(i);
          return rows != null ? joined.apply(rows[i], result) : result;
        }
      };
    }
  }
}

package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkException;
import io.github.futhark4j.runtime.Manifest;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * What {@link BatchMap} and {@link Aggregation} share: an entry point whose parameters are bound,
 * in order, to columns (one array argument per batch of rows) or to fixed values, and the batch
 * size. Checks happen when the operation is applied to a Dataset, before any job runs.
 *
 * @param <T> the builder's own type
 */
public abstract sealed class EntryCall<T extends EntryCall<T>> permits BatchMap, Aggregation {
  /** The default number of rows per Futhark call. */
  public static final int DEFAULT_BATCH_SIZE = 16_384;

  final SparkFuthark fut;
  final String entry;
  private final List<Object> bindings = new ArrayList<>();
  int batchSize = DEFAULT_BATCH_SIZE;

  /** A parameter bound to a column. */
  private record ColumnRef(String name) {}

  EntryCall(SparkFuthark fut, String entry) {
    this.fut = Objects.requireNonNull(fut, "fut");
    this.entry = Objects.requireNonNull(entry, "entry");
    fut.entry(entry); // an unknown entry point fails here, naming the known ones
  }

  @SuppressWarnings("unchecked")
  private T self() { return (T) this; }

  /** Binds the next parameter to column {@code name}: each batch of rows is one array argument. */
  public T column(String name) {
    bindings.add(new ColumnRef(Objects.requireNonNull(name, "name")));
    return self();
  }

  /** Binds the next parameters to these columns, in order. */
  public T columns(String... names) {
    for (String n : names) column(n);
    return self();
  }

  /**
   * Binds the next parameter to a fixed value passed to every call, converted as
   * {@code FutharkFunction.call} converts arguments (docs/api.md): a boxed scalar, a Java
   * primitive array of the parameter's rank, a {@code Map} or {@code Object[]} for a record or
   * tuple. It travels in the task closure, so it must be {@link Serializable}.
   */
  public T value(Object v) {
    Objects.requireNonNull(v, "a Futhark value cannot be null");
    bindings.add(v);
    return self();
  }

  /** The number of rows per Futhark call (default {@value #DEFAULT_BATCH_SIZE}). */
  public T batchSize(int n) {
    if (n < 1) throw new IllegalArgumentException("the batch size must be at least 1, not " + n);
    batchSize = n;
    return self();
  }

  /** The column names bound, in parameter order. */
  List<String> boundColumns() {
    List<String> cs = new ArrayList<>();
    for (Object b : bindings) if (b instanceof ColumnRef c) cs.add(c.name());
    return cs;
  }

  /** One parameter, resolved against a schema: a column (its index and type) or a value. */
  record Arg(int column, DataType type, FType param, String label, Object value) implements Serializable {
    boolean isColumn() { return column >= 0; }
  }

  /** "entry point 'f', parameter 2 'xs' of type []f64" */
  String describe(Manifest.Entry e, int i) {
    Manifest.Input in = e.inputs().get(i);
    return "entry point '" + entry + "', parameter " + (i + 1) + (in.name() == null ? "" : " '" + in.name() + "'")
        + " of type " + in.type();
  }

  /**
   * Resolves the bindings against {@code schema}: every parameter bound, every column present and
   * of the type its parameter needs. Throws {@link IllegalArgumentException} naming the column and
   * the parameter otherwise.
   */
  List<Arg> resolve(StructType schema) {
    Manifest.Entry e = fut.entry(entry);
    if (bindings.size() != e.inputs().size()) {
      throw new IllegalArgumentException("entry point '" + entry + "' has " + e.inputs().size() + " parameters "
          + e.inputs().stream().map(i -> (i.name() == null ? "_" : i.name()) + ": " + i.type()).toList()
          + " but " + bindings.size() + " are bound (columns " + boundColumns() + ")");
    }
    if (boundColumns().isEmpty()) {
      throw new IllegalArgumentException("entry point '" + entry + "': no parameter is bound to a column, so there are no batches");
    }
    List<Arg> args = new ArrayList<>();
    for (int i = 0; i < bindings.size(); i++) {
      FType p = fut.type(e.inputs().get(i).type());
      Object b = bindings.get(i);
      if (b instanceof ColumnRef c) {
        int idx = SparkTypes.fieldIndex(schema, c.name());
        if (idx < 0) {
          throw new IllegalArgumentException("column '" + c.name() + "' (for " + describe(e, i) + ") is not in the Dataset; it has "
              + String.join(", ", schema.fieldNames()));
        }
        DataType dt = schema.fields()[idx].dataType();
        String m = SparkTypes.mismatch(dt, p);
        if (m != null) {
          throw new IllegalArgumentException("column '" + c.name() + "' of type " + dt.simpleString() + " cannot be passed to "
              + describe(e, i) + ": " + m + hint(dt, p));
        }
        args.add(new Arg(idx, dt, p, "column '" + c.name() + "'", null));
      } else {
        String m = valueMismatch(b, p);
        if (m != null) throw new IllegalArgumentException("the value bound to " + describe(e, i) + " " + m);
        args.add(new Arg(-1, null, p, "value", b));
      }
    }
    return args;
  }

  private static String hint(DataType col, FType p) {
    DataType want = SparkTypes.row(p);
    if (want == null || !(SparkTypes.row(p) instanceof org.apache.spark.sql.types.AtomicType)) return "";
    return " (cast it, e.g. col(\"...\").cast(\"" + want.simpleString() + "\"))";
  }

  /** A rough check of a fixed value against its parameter; the call's own conversion does the rest. */
  private static String valueMismatch(Object v, FType p) {
    if (!(v instanceof Serializable)) return "is a " + v.getClass().getName() + ", which is not Serializable";
    return switch (p.kind()) {
      case SCALAR -> v instanceof Number || v instanceof Boolean ? null : "is a " + v.getClass().getName() + ", not a scalar";
      case ARRAY -> v.getClass() == Convert.javaClass(p.elem(), p.rank()) ? null
          : "is a " + v.getClass().getSimpleName() + ", not a " + Convert.javaClass(p.elem(), p.rank()).getSimpleName();
      case RECORD -> v instanceof java.util.Map || v instanceof Object[] || v instanceof List ? null
          : "is a " + v.getClass().getName() + ", not a Map, Object[] or List of the fields";
      case OPAQUE -> "cannot be given: the type " + p + " has no Java form (only records and tuples with a record view do)";
    };
  }

  /** The arguments of one call for the first {@code n} rows of {@code rows}. */
  static Object[] arguments(List<Arg> args, Row[] rows, int n) {
    Object[] out = new Object[args.size()];
    for (int i = 0; i < out.length; i++) {
      Arg a = args.get(i);
      if (!a.isColumn()) {
        out[i] = a.value();
        continue;
      }
      Object[] vals = new Object[n];
      for (int r = 0; r < n; r++) vals[r] = rows[r].get(a.column());
      out[i] = Convert.argument(vals, n, a.param(), a.type(), a.label());
    }
    return out;
  }

  /**
   * Converts the first {@code n} rows into arguments and calls {@code entry} (outside any Futhark
   * context); a failure of either becomes a {@link FutharkTaskException} saying which rows of which
   * partition.
   */
  static Object callOnRows(SparkFuthark fut, String entry, List<Arg> args, Row[] rows, int n, long first) {
    return callOnRows(fut, entry, args, rows, n, first, false);
  }

  /**
   * As {@link #callOnRows(SparkFuthark, String, List, Row[], int, long)}; with {@code flat}, array
   * results of rank 2 and more come back as {@link Convert.Flat} (one copy out of native memory
   * instead of one per row; for results that are cut into rows).
   */
  static Object callOnRows(SparkFuthark fut, String entry, List<Arg> args, Row[] rows, int n, long first, boolean flat) {
    try {
      long t0 = System.nanoTime();
      Object[] a = arguments(args, rows, n);
      long t1 = System.nanoTime();
      Object r = fut.call(entry, a, flat);
      r = flat ? Convert.flatResults(r) : Convert.plain(r);
      BatchStats.add(n, t1 - t0, System.nanoTime() - t1);
      return r;
    } catch (FutharkException | IllegalArgumentException e) {
      throw new FutharkTaskException("entry point '" + entry + "' failed on " + where(first, n) + ": " + e.getMessage(), e);
    }
  }

  /** Calls {@code entry} with ready arguments (combining partial results); failures as in {@link #callOnRows}. */
  static Object callWith(SparkFuthark fut, String entry, Object[] args, String where) {
    try {
      return Convert.plain(fut.call(entry, args));
    } catch (FutharkException | IllegalArgumentException e) {
      throw new FutharkTaskException("entry point '" + entry + "' failed on " + where + ": " + e.getMessage(), e);
    }
  }

  /** "rows 0-65535 of partition 3" */
  static String where(long first, int n) {
    TaskContext tc = TaskContext.get();
    String part = tc == null ? "the driver" : "partition " + tc.partitionId() + " (stage " + tc.stageId() + ", attempt "
        + tc.attemptNumber() + ")";
    return n == 0 ? "an empty batch on " + part : "rows " + first + "-" + (first + n - 1) + " of " + part;
  }
}

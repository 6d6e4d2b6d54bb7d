package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkException;
import io.github.futhark4j.runtime.Manifest;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
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

  /**
   * The bound columns of up to a batch's rows, read as they come (executor side): each row's values
   * are copied at once into the batch's arrays (so Spark may reuse the row), then {@link #call}
   * makes them one call's arguments. Not thread-safe: one per task.
   */
  static final class Batch {
    private final SparkFuthark fut;
    private final String entry;
    private final List<Arg> args;
    private final Convert.Reader[] readers;
    private final int[] ordinals; // readers[i] reads column ordinals[i] of a row
    private final int capacity;
    private int n;
    private long first;
    private long started;
    private long sampledNanos;
    private Object[] resultBuffers; // for flat results: one Java array per result, reused from call to call

    /** A batch of up to {@code capacity} rows (0: the empty batch the driver reduces for no rows). */
    Batch(SparkFuthark fut, String entry, List<Arg> args, int capacity) {
      this.fut = fut;
      this.entry = entry;
      this.args = args;
      this.capacity = capacity;
      this.readers = new Convert.Reader[args.size()];
      this.ordinals = new int[args.size()];
      for (int i = 0; i < readers.length; i++) {
        Arg a = args.get(i);
        ordinals[i] = a.column();
        if (a.isColumn()) readers[i] = Convert.reader(a.param(), a.type(), capacity, a.label());
      }
    }

    boolean isFull() { return n == capacity; }

    int size() { return n; }

    /** The index in the partition of this batch's first row. */
    long first() { return first; }

    /** Reads the bound columns of {@code row}; a value that cannot be read fails the task naming the row. */
    void add(InternalRow row) {
      if (n == 0) {
        started = System.nanoTime();
        sampledNanos = 0;
      }
      try {
        if (n % BatchStats.SAMPLE == 1) { // not row 0, whose reading also makes the batch's buffers
          long t = System.nanoTime();
          read(row);
          sampledNanos += Math.max(0, System.nanoTime() - t - BatchStats.TIMER_NANOS);
        } else {
          read(row);
        }
      } catch (IllegalArgumentException e) {
        throw new FutharkTaskException("entry point '" + entry + "' failed on " + where(first + n, 1) + ": " + e.getMessage(), e);
      }
      n++;
    }

    private void read(InternalRow row) {
      for (int i = 0; i < readers.length; i++) {
        if (readers[i] != null) readers[i].read(row, ordinals[i], n);
      }
    }

    /**
     * Calls the entry point on the rows read (outside any Futhark context) and starts the next
     * batch; a failure becomes a {@link FutharkTaskException} saying which rows of which partition.
     * With {@code flat}, array results come back as {@link Convert.FlatResult}s over this batch's
     * buffers (one copy out of native memory, for results cut into rows), valid until the next call.
     */
    Object call(boolean flat) {
      try {
        long taken = System.nanoTime();
        long t0 = n == 0 ? taken : started;
        Object[] a = new Object[readers.length];
        for (int i = 0; i < a.length; i++) a[i] = readers[i] != null ? readers[i].take(n) : args.get(i).value();
        long t1 = System.nanoTime();
        Object r = fut.call(entry, a, flat);
        if (flat) {
          if (resultBuffers == null) resultBuffers = new Object[fut.entry(entry).outputs().size()];
          r = Convert.flatResults(r, resultBuffers);
        } else {
          r = Convert.plain(r);
        }
        long sampled = (n + BatchStats.SAMPLE - 2) / BatchStats.SAMPLE; // rows 1, 65, 129, ... below n
        long converting = (sampled == 0 ? 0 : sampledNanos * n / sampled) + (t1 - taken);
        BatchStats.add(n, t1 - t0, Math.min(converting, t1 - t0), System.nanoTime() - t1);
        return r;
      } catch (FutharkException | IllegalArgumentException e) {
        throw new FutharkTaskException("entry point '" + entry + "' failed on " + where(first, n) + ": " + e.getMessage(), e);
      } finally {
        first += n;
        n = 0;
      }
    }
  }

  /**
   * The rows of {@code df} as Spark's internal rows (no conversion to {@code Row} objects);
   * a row may be reused by the iterator once the next is asked for.
   */
  static JavaRDD<InternalRow> internalRows(Dataset<Row> df) {
    return classic(df).queryExecution().toRdd().toJavaRDD();
  }

  /** A Dataset of {@code schema} made of internal rows computed from {@code df}'s. */
  static Dataset<Row> dataset(Dataset<Row> df, JavaRDD<InternalRow> rows, StructType schema) {
    return classic(df).sparkSession().internalCreateDataFrame(rows.rdd(), schema, false);
  }

  private static org.apache.spark.sql.classic.Dataset<Row> classic(Dataset<Row> df) {
    if (df instanceof org.apache.spark.sql.classic.Dataset<Row> d) return d;
    throw new IllegalArgumentException("Futhark's Spark operations need a Dataset of an in-process (classic) Spark session,"
        + " not " + df.getClass().getName() + " (Spark Connect clients cannot run them)");
  }

  /** Calls {@code entry} with ready arguments (combining partial results); failures as in {@link Batch#call}. */
  static Object callWith(SparkFuthark fut, String entry, Object[] args, String where) {
    try {
      return Convert.plain(fut.call(entry, args));
    } catch (FutharkException | IllegalArgumentException e) {
      throw new FutharkTaskException("entry point '" + entry + "' failed on " + where + ": " + e.getMessage(), e);
    }
  }

  /** "rows 0-65535 of partition 3", "row 7 of partition 3" */
  static String where(long first, int n) {
    TaskContext tc = TaskContext.get();
    String part = tc == null ? "the driver" : "partition " + tc.partitionId() + " (stage " + tc.stageId() + ", attempt "
        + tc.attemptNumber() + ")";
    return n == 0 ? "an empty batch on " + part : n == 1 ? "row " + first + " of " + part : "rows " + first + "-" + (first + n - 1) + " of " + part;
  }
}

package io.github.futhark4j.spark;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.runtime.Manifest;
import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.api.java.UDF3;
import org.apache.spark.sql.api.java.UDF4;
import org.apache.spark.sql.api.java.UDF5;
import org.apache.spark.sql.api.java.UDF6;
import org.apache.spark.sql.api.java.UDF7;
import org.apache.spark.sql.api.java.UDF8;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * An entry point with 1 to 8 scalar parameters and one scalar result as a Spark UDF, called once
 * per row (use {@link BatchMap} for anything heavier: a call costs about a microsecond of overhead,
 * a batch call amortises it over many rows). Arguments convert by docs/api.md's rules for scalars
 * (an {@code int} column may feed an {@code f64} parameter; a value that does not fit fails the
 * task); a null argument gives a null result. The result column has the Spark type of the result
 * (docs/spark.md). Futhark errors fail the task with Futhark's message.
 *
 * <pre>{@code
 * FutharkUdf sq = fut.udf("square");
 * df.select(sq.apply(df, "x"));                  // checks the column's type now
 * sq.register(spark, "fsquare");                 // SELECT fsquare(x) FROM t
 * }</pre>
 */
public final class FutharkUdf implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  private final SparkFuthark fut;
  private final String entry;
  private final ScalarType[] paramTypes;
  private final DataType resultType;

  FutharkUdf(SparkFuthark fut, String entry) {
    this.fut = fut;
    this.entry = entry;
    Manifest.Entry e = fut.entry(entry);
    int n = e.inputs().size();
    if (n < 1 || n > 8) {
      throw new IllegalArgumentException("entry point '" + entry + "' has " + n + " parameters; a UDF takes 1 to 8 (use map() for more)");
    }
    paramTypes = new ScalarType[n];
    for (int i = 0; i < n; i++) {
      FType t = fut.type(e.inputs().get(i).type());
      if (t.kind() != FType.Kind.SCALAR) {
        throw new IllegalArgumentException("parameter " + (i + 1) + " of entry point '" + entry + "' has type " + t
            + "; a UDF takes scalars (use map() for arrays: it passes whole batches)");
      }
      paramTypes[i] = t.elem();
    }
    if (e.outputs().size() != 1 || fut.type(e.outputs().get(0).type()).kind() != FType.Kind.SCALAR) {
      throw new IllegalArgumentException("entry point '" + entry + "' returns " + e.outputs().stream().map(Manifest.Output::type).toList()
          + "; a UDF returns one scalar (use map() for arrays or several results)");
    }
    resultType = SparkTypes.prim(fut.type(e.outputs().get(0).type()).elem());
  }

  /** The Spark type of the result column. */
  public DataType resultType() { return resultType; }

  /** The UDF, for {@code udf().apply(columns...)} or registering it under a name. */
  public UserDefinedFunction udf() {
    Call c = new Call(fut, entry);
    return switch (paramTypes.length) {
      case 1 -> functions.udf((UDF1<Object, Object>) c, resultType);
      case 2 -> functions.udf((UDF2<Object, Object, Object>) c, resultType);
      case 3 -> functions.udf((UDF3<Object, Object, Object, Object>) c, resultType);
      case 4 -> functions.udf((UDF4<Object, Object, Object, Object, Object>) c, resultType);
      case 5 -> functions.udf((UDF5<Object, Object, Object, Object, Object, Object>) c, resultType);
      case 6 -> functions.udf((UDF6<Object, Object, Object, Object, Object, Object, Object>) c, resultType);
      case 7 -> functions.udf((UDF7<Object, Object, Object, Object, Object, Object, Object, Object>) c, resultType);
      default -> functions.udf((UDF8<Object, Object, Object, Object, Object, Object, Object, Object, Object>) c, resultType);
    };
  }

  /** Registers the UDF for SQL under {@code name} and returns it. */
  public UserDefinedFunction register(SparkSession spark, String name) {
    return spark.udf().register(name, udf());
  }

  /**
   * The UDF applied to columns of {@code df}, checking now (before any job) that there is one
   * column per parameter and that each column's type always converts to its parameter's.
   *
   * @throws IllegalArgumentException naming the column and the parameter
   */
  public Column apply(Dataset<?> df, String... columns) {
    if (columns.length != paramTypes.length) {
      throw new IllegalArgumentException("entry point '" + entry + "' has " + paramTypes.length + " parameters but "
          + columns.length + " columns were given: " + Arrays.toString(columns));
    }
    StructType s = df.schema();
    Manifest.Entry e = fut.entry(entry);
    Column[] cs = new Column[columns.length];
    for (int i = 0; i < columns.length; i++) {
      int idx = SparkTypes.fieldIndex(s, columns[i]);
      String p = "parameter " + (i + 1) + (e.inputs().get(i).name() == null ? "" : " '" + e.inputs().get(i).name() + "'")
          + " of type " + paramTypes[i] + " of entry point '" + entry + "'";
      if (idx < 0) throw new IllegalArgumentException("column '" + columns[i] + "' (for " + p + ") is not in the Dataset");
      DataType dt = s.fields()[idx].dataType();
      if (!SparkTypes.scalarFits(dt, paramTypes[i])) {
        throw new IllegalArgumentException("column '" + columns[i] + "' of type " + dt.simpleString() + " cannot be passed to " + p
            + " (it takes " + SparkTypes.prim(paramTypes[i]).simpleString() + " or a type that always converts without loss)");
      }
      cs[i] = df.col(columns[i]);
    }
    return udf().apply(cs);
  }

  /** The per-row call: every UDF arity in one object. */
  private record Call(SparkFuthark fut, String entry) implements Serializable,
      UDF1<Object, Object>, UDF2<Object, Object, Object>, UDF3<Object, Object, Object, Object>,
      UDF4<Object, Object, Object, Object, Object>, UDF5<Object, Object, Object, Object, Object, Object>,
      UDF6<Object, Object, Object, Object, Object, Object, Object>,
      UDF7<Object, Object, Object, Object, Object, Object, Object, Object>,
      UDF8<Object, Object, Object, Object, Object, Object, Object, Object, Object> {
    @Serial private static final long serialVersionUID = 1L;

    private Object run(Object... args) {
      for (Object a : args) if (a == null) return null;
      try {
        return fut.call(entry, args);
      } catch (FutharkException | IllegalArgumentException e) {
        throw new FutharkTaskException("entry point '" + entry + "' failed on the row with arguments "
            + Arrays.toString(args) + ": " + e.getMessage(), e);
      }
    }

    @Override public Object call(Object a) { return run(a); }

    @Override public Object call(Object a, Object b) { return run(a, b); }

    @Override public Object call(Object a, Object b, Object c) { return run(a, b, c); }

    @Override public Object call(Object a, Object b, Object c, Object d) { return run(a, b, c, d); }

    @Override public Object call(Object a, Object b, Object c, Object d, Object e) { return run(a, b, c, d, e); }

    @Override public Object call(Object a, Object b, Object c, Object d, Object e, Object f) { return run(a, b, c, d, e, f); }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g) { return run(a, b, c, d, e, f, g); }

    @Override
    public Object call(Object a, Object b, Object c, Object d, Object e, Object f, Object g, Object h) {
      return run(a, b, c, d, e, f, g, h);
    }
  }
}

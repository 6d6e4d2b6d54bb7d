package io.github.futhark4j.spark;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.FutharkArray;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Values between Spark rows and Futhark arguments and results (executor side): the rows of a batch
 * become one Java primitive array per column (nested for array columns, a map of arrays for struct
 * columns), and each row of an array result becomes one value of the new column.
 */
final class Convert {
  private Convert() {}

  /** A column value that cannot become part of a Futhark argument (a null, a ragged row). */
  static final class BadValue extends IllegalArgumentException {
    BadValue(String message) { super(message); }
  }

  /**
   * The Java argument of type {@code t} (an array or a record of arrays) made of the first {@code
   * n} per-row values {@code vals} of a column of Spark type {@code dt}; {@code what} names the
   * column in messages.
   */
  static Object argument(Object[] vals, int n, FType t, DataType dt, String what) {
    if (t.kind() == FType.Kind.RECORD) {
      StructType st = (StructType) dt;
      Object[] tupleFields = new Object[t.fields().size()];
      Map<String, Object> recordFields = new LinkedHashMap<>();
      for (int j = 0; j < t.fields().size(); j++) {
        FType.Field f = t.fields().get(j);
        int idx = t.tuple() ? j : SparkTypes.fieldIndex(st, f.name());
        Object[] fv = new Object[n];
        for (int i = 0; i < n; i++) {
          Object v = vals[i];
          if (v == null) throw nullAt(what, i);
          fv[i] = ((Row) v).get(idx);
        }
        Object a = argument(fv, n, f.type(), st.fields()[idx].dataType(), what + "." + st.fields()[idx].name());
        if (t.tuple()) tupleFields[j] = a; else recordFields.put(f.name(), a);
      }
      return t.tuple() ? tupleFields : recordFields;
    }
    if (t.rank() == 1) return prims(vals, n, t.elem(), what);
    return flat(vals, n, t, what);
  }

  /**
   * A column of arrays as one flat row-major array with its shape ({@link FutharkArray#ofFlat}), so
   * that the call copies it into native memory in one piece rather than row by row.
   */
  private static FutharkArray flat(Object[] vals, int n, FType t, String what) {
    int r = t.rank();
    long[] shape = new long[r];
    shape[0] = n;
    if (n > 0) {
      Object v = vals[0];
      for (int d = 1; d < r; d++) {
        if (v == null) throw d == 1 ? nullAt(what, 0) : new BadValue(what + ": row 0 of the batch holds a null array");
        Object[] e = elements(v);
        shape[d] = e.length;
        v = e.length > 0 ? e[0] : null;
        if (e.length == 0) break;
      }
    }
    long total = 1;
    for (long x : shape) total = Math.multiplyExact(total, x);
    if (total > Integer.MAX_VALUE - 8) {
      throw new BadValue(what + ": a batch of " + n + " rows has " + total + " elements, more than a Java array holds; use a smaller batch size");
    }
    Object data = java.lang.reflect.Array.newInstance(javaClass(t.elem(), 0), (int) total);
    int[] pos = {0};
    for (int i = 0; i < n; i++) {
      if (vals[i] == null) throw nullAt(what, i);
      fill(elements(vals[i]), 1, shape, t.elem(), data, pos, what, i);
    }
    return FutharkArray.ofFlat(t.elem().futharkName(), shape, data);
  }

  /** Writes the elements {@code e} of dimension {@code d} into {@code data} from {@code pos[0]} on. */
  private static void fill(Object[] e, int d, long[] shape, ScalarType elem, Object data, int[] pos, String what, int row) {
    if (e.length != shape[d]) {
      throw new BadValue(what + ": row " + row + " of the batch has " + e.length + " elements" + (d > 1 ? " in dimension " + d : "")
          + " but row 0 has " + shape[d] + " (a Futhark array is regular: every row of a batch must have the same length)");
    }
    if (d < shape.length - 1) {
      for (Object x : e) {
        if (x == null) throw new BadValue(what + ": row " + row + " of the batch holds a null array");
        fill(elements(x), d + 1, shape, elem, data, pos, what, row);
      }
      return;
    }
    int p = pos[0];
    try {
      switch (data) {
        case double[] a -> { for (Object x : e) a[p++] = (Double) x; }
        case float[] a -> { for (Object x : e) a[p++] = (Float) x; }
        case long[] a -> { for (Object x : e) a[p++] = (Long) x; }
        case int[] a -> { for (Object x : e) a[p++] = (Integer) x; }
        case short[] a -> { for (Object x : e) a[p++] = (Short) x; }
        case byte[] a -> { for (Object x : e) a[p++] = (Byte) x; }
        case boolean[] a -> { for (Object x : e) a[p++] = (Boolean) x; }
        default -> throw new IllegalStateException(data.getClass().getName());
      }
    } catch (NullPointerException ex) {
      throw new BadValue(what + ": row " + row + " of the batch holds a null element (Futhark values cannot be null)");
    }
    pos[0] = p;
  }

  private static BadValue nullAt(String what, int i) {
    return new BadValue(what + " is null in row " + i + " of the batch (Futhark values cannot be null: filter or fill nulls first)");
  }

  /** The elements of a Spark array value (a Scala sequence, a Java list or array). */
  static Object[] elements(Object v) {
    if (v instanceof scala.collection.mutable.ArraySeq.ofRef<?> s) return s.array();
    if (v instanceof scala.collection.Seq<?> s) {
      Object[] a = new Object[s.length()];
      for (int i = 0; i < a.length; i++) a[i] = s.apply(i);
      return a;
    }
    if (v instanceof List<?> l) return l.toArray();
    if (v instanceof Object[] a) return a;
    if (v != null && v.getClass().isArray()) {
      Object[] a = new Object[Array.getLength(v)];
      for (int i = 0; i < a.length; i++) a[i] = Array.get(v, i);
      return a;
    }
    throw new IllegalArgumentException("not an array value: " + (v == null ? "null" : v.getClass().getName()));
  }

  /** The Java array class of rank {@code rank} for a Futhark primitive type ({@code double[][]} ...). */
  static Class<?> javaClass(ScalarType elem, int rank) {
    Class<?> c = elem.javaComponent();
    for (int i = 0; i < rank; i++) c = c.arrayType();
    return c;
  }

  private static Object prims(Object[] vals, int n, ScalarType elem, String what) {
    try {
      return switch (elem) {
        case F64 -> {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) a[i] = (Double) vals[i];
          yield a;
        }
        case F32, F16 -> {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) a[i] = (Float) vals[i];
          yield a;
        }
        case I64, U64 -> {
          long[] a = new long[n];
          for (int i = 0; i < n; i++) a[i] = (Long) vals[i];
          yield a;
        }
        case I32, U32 -> {
          int[] a = new int[n];
          for (int i = 0; i < n; i++) a[i] = (Integer) vals[i];
          yield a;
        }
        case I16, U16 -> {
          short[] a = new short[n];
          for (int i = 0; i < n; i++) a[i] = (Short) vals[i];
          yield a;
        }
        case I8, U8 -> {
          byte[] a = new byte[n];
          for (int i = 0; i < n; i++) a[i] = (Byte) vals[i];
          yield a;
        }
        case BOOL -> {
          boolean[] a = new boolean[n];
          for (int i = 0; i < n; i++) a[i] = (Boolean) vals[i];
          yield a;
        }
      };
    } catch (NullPointerException e) {
      for (int i = 0; i < n; i++) if (vals[i] == null) throw nullAt(what, i);
      throw e;
    }
  }

  /**
   * An array result kept flat: row-major data of the Java type and its shape, read out of a
   * native array in one copy ({@link #flatResults}).
   */
  record Flat(long[] shape, Object data) {
    int rows() { return (int) shape[0]; }

    /** Row {@code i}: for rank 2 a primitive array, deeper nested arrays of it. */
    Object row(int i) {
      int inner = 1;
      for (int d = 1; d < shape.length; d++) inner = Math.multiplyExact(inner, (int) shape[d]);
      return nest(i * inner, 1);
    }

    private Object nest(int from, int d) {
      int len = (int) shape[d];
      if (d == shape.length - 1) {
        return switch (data) {
          case double[] a -> Arrays.copyOfRange(a, from, from + len);
          case float[] a -> Arrays.copyOfRange(a, from, from + len);
          case long[] a -> Arrays.copyOfRange(a, from, from + len);
          case int[] a -> Arrays.copyOfRange(a, from, from + len);
          case short[] a -> Arrays.copyOfRange(a, from, from + len);
          case byte[] a -> Arrays.copyOfRange(a, from, from + len);
          case boolean[] a -> Arrays.copyOfRange(a, from, from + len);
          default -> throw new IllegalStateException(data.getClass().getName());
        };
      }
      int step = 1;
      for (int k = d + 1; k < shape.length; k++) step *= (int) shape[k];
      Object first = len == 0 ? null : nest(from, d + 1);
      Object[] out = (Object[]) Array.newInstance(first == null ? Object.class : first.getClass(), len);
      for (int j = 0; j < len; j++) out[j] = j == 0 ? first : nest(from + j * step, d + 1);
      return out;
    }
  }

  /**
   * The results of {@code callNative} as plain Java values for cutting into rows: native arrays of
   * rank 1 as Java arrays, of higher rank as {@link Flat}, each copied out once and freed.
   */
  static Object flatResults(Object r) {
    if (r instanceof FutharkArray a) {
      try {
        Object data = a.toFlatJava();
        return a.rank() == 1 ? data : new Flat(a.shape(), data);
      } finally {
        a.close();
      }
    }
    if (r instanceof Object[] a && !(r.getClass().getComponentType().isArray())) {
      Object[] out = new Object[a.length];
      for (int i = 0; i < a.length; i++) out[i] = flatResults(a[i]);
      return out;
    }
    return r;
  }

  /** A result as plain Java values: native arrays (returned for shapes like {@code [2][0][5]}) copied out. */
  static Object plain(Object r) {
    if (r instanceof FutharkArray a) return a.toJava();
    if (r instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(k, plain(v)));
      return out;
    }
    if (r instanceof Object[] a && !(r.getClass().getComponentType().isArray())) {
      Object[] out = new Object[a.length];
      for (int i = 0; i < a.length; i++) out[i] = plain(a[i]);
      return out;
    }
    return r;
  }

  /** The number of rows of a result of type {@code t} (records: every field must have as many). */
  static int rows(Object r, FType t, String what) {
    if (r instanceof Flat f) return f.rows();
    if (t.kind() == FType.Kind.ARRAY) return Array.getLength(r);
    int n = -1;
    for (int j = 0; j < t.fields().size(); j++) {
      FType.Field f = t.fields().get(j);
      int m = rows(field(r, t, j), f.type(), what + "." + f.name());
      if (n >= 0 && m != n) {
        throw new IllegalStateException(what + ": the fields of the record have different numbers of rows (" + n + " and " + m + ")");
      }
      n = m;
    }
    return n;
  }

  private static Object field(Object r, FType t, int j) {
    return t.tuple() ? ((Object[]) r)[j] : ((Map<?, ?>) r).get(t.fields().get(j).name());
  }

  /** Row {@code i} of a result of type {@code t}, as a value of the Spark column type {@link SparkTypes#row}. */
  static Object row(Object r, int i, FType t) {
    if (t.kind() == FType.Kind.RECORD) {
      Object[] vs = new Object[t.fields().size()];
      for (int j = 0; j < vs.length; j++) vs[j] = row(field(r, t, j), i, t.fields().get(j).type());
      return RowFactory.create(vs);
    }
    if (r instanceof Flat f) return f.row(i);
    if (t.rank() > 1) return ((Object[]) r)[i];
    return switch (r) {
      case double[] a -> a[i];
      case float[] a -> a[i];
      case long[] a -> a[i];
      case int[] a -> a[i];
      case short[] a -> a[i];
      case byte[] a -> a[i];
      case boolean[] a -> a[i];
      default -> throw new IllegalStateException("not a primitive array: " + r.getClass());
    };
  }
}

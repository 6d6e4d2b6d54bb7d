package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkArray;
import java.lang.reflect.Array;
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
    DataType inner = ((ArrayType) dt).elementType();
    FType row = t.row();
    Object[] out = (Object[]) Array.newInstance(javaClass(t.elem(), t.rank() - 1), n);
    for (int i = 0; i < n; i++) {
      if (vals[i] == null) throw nullAt(what, i);
      Object[] sub = elements(vals[i]);
      out[i] = argument(sub, sub.length, row, inner, what + "[" + i + "]");
      if (i > 0 && Array.getLength(out[i]) != Array.getLength(out[0])) {
        throw new BadValue(what + ": row " + i + " of the batch has " + Array.getLength(out[i]) + " elements but row 0 has "
            + Array.getLength(out[0]) + " (a Futhark array is regular: every row of a batch must have the same length)");
      }
    }
    return out;
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
  static Class<?> javaClass(String elem, int rank) {
    Class<?> c = switch (elem) {
      case "f64" -> double.class;
      case "f32", "f16" -> float.class;
      case "i64", "u64" -> long.class;
      case "i32", "u32" -> int.class;
      case "i16", "u16" -> short.class;
      case "i8", "u8" -> byte.class;
      case "bool" -> boolean.class;
      default -> throw new IllegalArgumentException(elem);
    };
    for (int i = 0; i < rank; i++) c = c.arrayType();
    return c;
  }

  private static Object prims(Object[] vals, int n, String elem, String what) {
    try {
      switch (elem) {
        case "f64" -> {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) a[i] = (Double) vals[i];
          return a;
        }
        case "f32", "f16" -> {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) a[i] = (Float) vals[i];
          return a;
        }
        case "i64", "u64" -> {
          long[] a = new long[n];
          for (int i = 0; i < n; i++) a[i] = (Long) vals[i];
          return a;
        }
        case "i32", "u32" -> {
          int[] a = new int[n];
          for (int i = 0; i < n; i++) a[i] = (Integer) vals[i];
          return a;
        }
        case "i16", "u16" -> {
          short[] a = new short[n];
          for (int i = 0; i < n; i++) a[i] = (Short) vals[i];
          return a;
        }
        case "i8", "u8" -> {
          byte[] a = new byte[n];
          for (int i = 0; i < n; i++) a[i] = (Byte) vals[i];
          return a;
        }
        case "bool" -> {
          boolean[] a = new boolean[n];
          for (int i = 0; i < n; i++) a[i] = (Boolean) vals[i];
          return a;
        }
        default -> throw new IllegalArgumentException(elem);
      }
    } catch (NullPointerException e) {
      for (int i = 0; i < n; i++) if (vals[i] == null) throw nullAt(what, i);
      throw e;
    }
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

package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;

/**
 * Values between Spark's internal rows and Futhark arguments and results (executor side), without
 * boxing: a {@link Reader} copies one column of each row of a batch straight into the batch's Java
 * primitive array (array columns into one flat row-major array, struct columns field by field);
 * results come back as flat Java arrays ({@link #flatResults}) that {@link ResultColumns} shows to
 * Spark as columns.
 */
final class Convert {
  private Convert() {}

  /** A column value that cannot become part of a Futhark argument (a null, a ragged row). */
  static final class BadValue extends IllegalArgumentException {
    BadValue(String message) { super(message); }
  }

  private static BadValue nullAt(String what, int i) {
    return new BadValue(what + " is null in row " + i + " of the batch (Futhark values cannot be null: filter or fill nulls first)");
  }

  // ---------------------------------------------------------------------------------------------
  // Columns in

  /**
   * Reads one column of the rows of a batch into the argument of type {@code t} (an array or a
   * record of arrays). Its buffers hold up to the batch size's rows and are reused from batch to
   * batch: {@link #take} hands them to a call, which copies them into native memory before the
   * next batch is read.
   */
  abstract static sealed class Reader permits Prims, Flat, Record {
    final String what;

    Reader(String what) { this.what = what; }

    /** Reads the value at {@code ord} of {@code g} (a row or a struct) as row {@code row} of the batch. */
    abstract void read(SpecializedGetters g, int ord, int row);

    /** The argument made of the first {@code n} rows read. */
    abstract Object take(int n);
  }

  /**
   * The reader of a column of Spark type {@code dt} for a parameter of type {@code t} (checked
   * before by {@link SparkTypes#mismatch}), for batches of up to {@code capacity} rows.
   */
  static Reader reader(FType t, DataType dt, int capacity, String what) {
    if (t.kind() == FType.Kind.RECORD) return new Record(t, (StructType) dt, capacity, what);
    if (t.rank() == 1) return new Prims(t.elem(), capacity, what);
    return new Flat(t.elem(), t.rank(), capacity, what);
  }

  /** A column of scalars: one primitive array. */
  static final class Prims extends Reader {
    private final ScalarType elem;
    private final Object buf;

    Prims(ScalarType elem, int capacity, String what) {
      super(what);
      this.elem = elem;
      this.buf = Array.newInstance(elem.javaComponent(), capacity);
    }

    @Override
    void read(SpecializedGetters g, int ord, int row) {
      if (g.isNullAt(ord)) throw nullAt(what, row);
      switch (elem) {
        case F64 -> ((double[]) buf)[row] = g.getDouble(ord);
        case F32, F16 -> ((float[]) buf)[row] = g.getFloat(ord);
        case I64, U64 -> ((long[]) buf)[row] = g.getLong(ord);
        case I32, U32 -> ((int[]) buf)[row] = g.getInt(ord);
        case I16, U16 -> ((short[]) buf)[row] = g.getShort(ord);
        case I8, U8 -> ((byte[]) buf)[row] = g.getByte(ord);
        case BOOL -> ((boolean[]) buf)[row] = g.getBoolean(ord);
      }
    }

    @Override
    Object take(int n) {
      return n == Array.getLength(buf) ? buf : copyPrefix(buf, n);
    }
  }

  /**
   * A column of (nested) arrays as one flat row-major array with its shape ({@link
   * FutharkArray#ofFlat}), so that the call copies it into native memory in one piece. Row 0 of a
   * batch sets the inner shape; every other row must have it (a Futhark array is regular).
   */
  static final class Flat extends Reader {
    private final ScalarType elem;
    private final int size;
    private final long arrayBase;
    private final int capacity;
    private final long[] shape;
    private Object buf;
    private int pos;

    Flat(ScalarType elem, int rank, int capacity, String what) {
      super(what);
      this.elem = elem;
      this.size = size(elem);
      this.arrayBase = base(elem);
      this.capacity = capacity;
      this.shape = new long[rank];
    }

    @Override
    void read(SpecializedGetters g, int ord, int row) {
      if (g.isNullAt(ord)) throw nullAt(what, row);
      if (row > 0 && shape.length == 2 && g instanceof UnsafeRow u) {
        // The common case read in place: a flat array in an unsafe row (offset and size in its slot).
        long slot = u.getLong(ord);
        Object base = u.getBaseObject();
        long at = u.getBaseOffset() + (slot >>> 32);
        long len = Platform.getLong(base, at);
        if (len != shape[1]) fill(u.getArray(ord), 1, row); // reports the length
        else copyUnsafe(base, at, (int) len, row);
        return;
      }
      ArrayData a = g.getArray(ord);
      if (row == 0) start(a);
      fill(a, 1, row);
    }

    /**
     * Appends the {@code len} elements of the Spark unsafe array at {@code at} of {@code base} in
     * one copy (its layout: the length, a null bit per element in whole words, the values).
     */
    private void copyUnsafe(Object base, long at, int len, int row) {
      long words = (len + 63L) / 64;
      for (long w = 0; w < words; w++) {
        if (Platform.getLong(base, at + 8 + 8 * w) != 0) {
          throw new BadValue(what + ": row " + row + " of the batch holds a null element (Futhark values cannot be null)");
        }
      }
      long bytes = (long) len * size;
      long from = at + 8 + 8 * words;
      long to = arrayBase + (long) pos * size;
      if (bytes <= 64 && (bytes & 7) == 0) {
        // A few words (a row of 4 doubles): a loop, without copyMemory's checks per call.
        for (long o = 0; o < bytes; o += 8) Platform.putLong(buf, to + o, Platform.getLong(base, from + o));
      } else {
        Platform.copyMemory(base, from, buf, to, bytes);
      }
      pos += len;
    }

    /** Takes the inner shape from row 0 and makes room for a batch of such rows. */
    private void start(ArrayData first) {
      Arrays.fill(shape, 0);
      ArrayData a = first;
      for (int d = 1; d < shape.length; d++) {
        shape[d] = a.numElements();
        if (shape[d] == 0) break;
        if (d < shape.length - 1) {
          if (a.isNullAt(0)) throw new BadValue(what + ": row 0 of the batch holds a null array");
          a = a.getArray(0);
        }
      }
      long inner = 1;
      for (int d = 1; d < shape.length; d++) inner *= shape[d];
      long total = inner * capacity;
      if (total > Integer.MAX_VALUE - 8) {
        throw new BadValue(what + ": a batch of " + capacity + " rows of " + inner + " elements each is more than a Java array"
            + " holds; use a smaller batch size");
      }
      if (buf == null || Array.getLength(buf) != total) buf = Array.newInstance(elem.javaComponent(), (int) total);
      pos = 0;
    }

    private void fill(ArrayData a, int d, int row) {
      int len = a.numElements();
      if (len != shape[d]) {
        throw new BadValue(what + ": row " + row + " of the batch has " + len + " elements" + (d > 1 ? " in dimension " + d : "")
            + " but row 0 has " + shape[d] + " (a Futhark array is regular: every row of a batch must have the same length)");
      }
      if (d < shape.length - 1) {
        for (int j = 0; j < len; j++) {
          if (a.isNullAt(j)) throw new BadValue(what + ": row " + row + " of the batch holds a null array");
          fill(a.getArray(j), d + 1, row);
        }
        return;
      }
      if (a instanceof UnsafeArrayData u) {
        copyUnsafe(u.getBaseObject(), u.getBaseOffset(), len, row);
        return;
      }
      for (int j = 0; j < len; j++) {
        if (a.isNullAt(j)) throw new BadValue(what + ": row " + row + " of the batch holds a null element (Futhark values cannot be null)");
      }
      int p = pos;
      switch (elem) {
        case F64 -> { double[] b = (double[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getDouble(j); }
        case F32, F16 -> { float[] b = (float[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getFloat(j); }
        case I64, U64 -> { long[] b = (long[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getLong(j); }
        case I32, U32 -> { int[] b = (int[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getInt(j); }
        case I16, U16 -> { short[] b = (short[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getShort(j); }
        case I8, U8 -> { byte[] b = (byte[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getByte(j); }
        case BOOL -> { boolean[] b = (boolean[]) buf; for (int j = 0; j < len; j++) b[p + j] = a.getBoolean(j); }
      }
      pos = p + len;
    }

    @Override
    Object take(int n) {
      long[] s = shape.clone();
      s[0] = n;
      if (n == 0) {
        Arrays.fill(s, 0);
        return FutharkArray.ofFlat(elem.futharkName(), s, Array.newInstance(elem.javaComponent(), 0));
      }
      // The call copies the buffer into native memory before the next batch refills it.
      return FutharkArray.wrapFlat(elem.futharkName(), s, pos == Array.getLength(buf) ? buf : copyPrefix(buf, pos));
    }
  }

  /** A struct column: a record (fields by name) or a tuple (fields by position) of arrays. */
  static final class Record extends Reader {
    private final FType type;
    private final int numFields;
    private final int[] index;
    private final Reader[] fields;

    Record(FType t, StructType st, int capacity, String what) {
      super(what);
      this.type = t;
      this.numFields = st.fields().length;
      this.index = new int[t.fields().size()];
      this.fields = new Reader[index.length];
      for (int j = 0; j < index.length; j++) {
        FType.Field f = t.fields().get(j);
        index[j] = t.tuple() ? j : SparkTypes.fieldIndex(st, f.name());
        fields[j] = reader(f.type(), st.fields()[index[j]].dataType(), capacity, what + "." + st.fields()[index[j]].name());
      }
    }

    @Override
    void read(SpecializedGetters g, int ord, int row) {
      if (g.isNullAt(ord)) throw nullAt(what, row);
      InternalRow s = g.getStruct(ord, numFields);
      for (int j = 0; j < fields.length; j++) fields[j].read(s, index[j], row);
    }

    @Override
    Object take(int n) {
      if (type.tuple()) {
        Object[] out = new Object[fields.length];
        for (int j = 0; j < out.length; j++) out[j] = fields[j].take(n);
        return out;
      }
      Map<String, Object> out = new LinkedHashMap<>();
      for (int j = 0; j < fields.length; j++) out.put(type.fields().get(j).name(), fields[j].take(n));
      return out;
    }
  }

  /** The bytes of an element of {@code elem} in a Java array and in a Spark unsafe array. */
  static int size(ScalarType elem) {
    return switch (elem) {
      case F64, I64, U64 -> 8;
      case F32, F16, I32, U32 -> 4;
      case I16, U16 -> 2;
      case I8, U8, BOOL -> 1;
    };
  }

  /** The offset of element 0 in a Java array of {@code elem}'s Java type, for {@link Platform}. */
  static long base(ScalarType elem) {
    return switch (elem) {
      case F64 -> Platform.DOUBLE_ARRAY_OFFSET;
      case F32, F16 -> Platform.FLOAT_ARRAY_OFFSET;
      case I64, U64 -> Platform.LONG_ARRAY_OFFSET;
      case I32, U32 -> Platform.INT_ARRAY_OFFSET;
      case I16, U16 -> Platform.SHORT_ARRAY_OFFSET;
      case I8, U8 -> Platform.BYTE_ARRAY_OFFSET;
      case BOOL -> Platform.BOOLEAN_ARRAY_OFFSET;
    };
  }

  private static Object copyPrefix(Object a, int n) {
    Object b = Array.newInstance(a.getClass().getComponentType(), n);
    System.arraycopy(a, 0, b, 0, n);
    return b;
  }

  // ---------------------------------------------------------------------------------------------
  // Results out

  /**
   * An array result kept flat: the first {@code shape}-many elements of {@code data}, row-major,
   * of the Java type, read out of a native array in one copy ({@link #flatResults}). {@code data}
   * may be longer: it is a buffer reused from batch to batch.
   */
  record FlatResult(long[] shape, Object data) {
    int rows() { return (int) shape[0]; }
  }

  /**
   * The results of {@code callNative} as {@link FlatResult}s for cutting into rows, each native
   * array copied out once (into {@code buffers[i]} for the i-th array met, grown when too small)
   * and freed. The data stays valid until the next call with the same buffers.
   */
  static Object flatResults(Object r, Object[] buffers) {
    return flatResults(r, buffers, new int[1]);
  }

  private static Object flatResults(Object r, Object[] buffers, int[] next) {
    if (r instanceof FutharkArray a) {
      try {
        int i = next[0]++;
        long n = a.size();
        Object buf = buffers[i];
        if (buf == null || Array.getLength(buf) < n) {
          if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException(n + " elements do not fit in a Java array");
          buf = Array.newInstance(ScalarType.parse(a.elementType()).javaComponent(), (int) n);
          buffers[i] = buf;
        }
        return new FlatResult(a.shape(), a.copyTo(buf));
      } finally {
        a.close();
      }
    }
    if (r instanceof Object[] a && !(r.getClass().getComponentType().isArray())) {
      Object[] out = new Object[a.length];
      for (int i = 0; i < a.length; i++) out[i] = flatResults(a[i], buffers, next);
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
    if (r instanceof FlatResult f) return f.rows();
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

  /** Field {@code j} of a record or tuple result {@code r} of type {@code t} (a map by name, an array by position). */
  static Object field(Object r, FType t, int j) {
    return t.tuple() ? ((Object[]) r)[j] : ((Map<?, ?>) r).get(t.fields().get(j).name());
  }

  /** The Java array class of rank {@code rank} for a Futhark primitive type ({@code double[][]} ...). */
  static Class<?> javaClass(ScalarType elem, int rank) {
    Class<?> c = elem.javaComponent();
    for (int i = 0; i < rank; i++) c = c.arrayType();
    return c;
  }
}

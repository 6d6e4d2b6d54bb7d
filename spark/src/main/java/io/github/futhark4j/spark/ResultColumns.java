package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkArray;
import java.lang.reflect.Array;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One batch's results as Spark column vectors over the flat Java arrays they were copied into, so
 * that result row i is row i of a {@link ColumnarBatch} (executor side). Spark turns every row of a
 * Dataset made from an RDD into its own unsafe form anyway (its scan of the RDD projects each row);
 * that projection reads the values straight from these arrays, and no row is written here. The
 * vectors are read-only and hold no nulls; the column types are those of {@link SparkTypes#row}.
 */
final class ResultColumns {
  private ResultColumns() {}

  /**
   * The batch of {@code rows} rows whose columns are the results {@code results} (as {@code
   * Batch.call} returns them: {@link Convert.FlatResult}s, Java arrays, records of those) of types
   * {@code types}.
   */
  static ColumnarBatch batch(Object[] results, List<FType> types, int rows) {
    ColumnVector[] cols = new ColumnVector[results.length];
    for (int i = 0; i < cols.length; i++) cols[i] = vector(results[i], types.get(i));
    return new ColumnarBatch(cols, rows);
  }

  /** The rows of result {@code r} of type {@code t} as a column vector of type {@link SparkTypes#row}. */
  private static ColumnVector vector(Object r, FType t) {
    if (t.kind() == FType.Kind.RECORD) {
      ColumnVector[] fs = new ColumnVector[t.fields().size()];
      for (int j = 0; j < fs.length; j++) fs[j] = vector(Convert.field(r, t, j), t.fields().get(j).type());
      return new Struct(SparkTypes.row(t), fs);
    }
    Object data;
    long[] shape;
    if (r instanceof Convert.FlatResult f) {
      data = f.data();
      shape = f.shape();
    } else if (t.rank() == 1) {
      data = r;
      shape = new long[] {Array.getLength(r)};
    } else {
      // Nested Java arrays (a record's field, which comes back through call()): one copy into a flat array.
      FutharkArray a = FutharkArray.of(t.elem().futharkName(), r);
      data = a.toFlatJava();
      shape = a.shape();
    }
    return Flat.of(t, data, shape, 0);
  }

  /** The values of a column vector's type that a result never holds. */
  private abstract static class ReadOnly extends ColumnVector {
    ReadOnly(DataType type) { super(type); }

    @Override public void close() {}
    @Override public boolean hasNull() { return false; }
    @Override public int numNulls() { return 0; }
    @Override public boolean isNullAt(int rowId) { return false; }
    @Override public boolean getBoolean(int rowId) { throw wrong("boolean"); }
    @Override public byte getByte(int rowId) { throw wrong("byte"); }
    @Override public short getShort(int rowId) { throw wrong("short"); }
    @Override public int getInt(int rowId) { throw wrong("int"); }
    @Override public long getLong(int rowId) { throw wrong("long"); }
    @Override public float getFloat(int rowId) { throw wrong("float"); }
    @Override public double getDouble(int rowId) { throw wrong("double"); }
    @Override public ColumnarArray getArray(int rowId) { throw wrong("array"); }
    @Override public ColumnarMap getMap(int ordinal) { throw wrong("map"); }
    @Override public Decimal getDecimal(int rowId, int precision, int scale) { throw wrong("decimal"); }
    @Override public UTF8String getUTF8String(int rowId) { throw wrong("string"); }
    @Override public byte[] getBinary(int rowId) { throw wrong("binary"); }
    @Override public ColumnVector getChild(int ordinal) { throw wrong("struct"); }

    private UnsupportedOperationException wrong(String what) {
      return new UnsupportedOperationException("a Futhark result column of type " + type.simpleString() + " has no " + what + " values");
    }
  }

  /**
   * Dimension {@code dim} of an array result, flat in row-major order: element i of this vector is
   * the i-th sub-array of that dimension (counted over the whole result), or, in the innermost
   * dimension, the i-th element of {@code data}.
   */
  private abstract static class Flat extends ReadOnly {
    Flat(DataType type) { super(type); }

    static ColumnVector of(FType t, Object data, long[] shape, int dim) {
      DataType type = SparkTypes.row(FType.array(t.elem(), shape.length - dim));
      if (dim < shape.length - 1) return new Rows(type, of(t, data, shape, dim + 1), (int) shape[dim + 1]);
      return switch (t.elem()) {
        case F64 -> new Doubles(type, (double[]) data);
        case F32, F16 -> new Floats(type, (float[]) data);
        case I64, U64 -> new Longs(type, (long[]) data);
        case I32, U32 -> new Ints(type, (int[]) data);
        case I16, U16 -> new Shorts(type, (short[]) data);
        case I8, U8 -> new Bytes(type, (byte[]) data);
        case BOOL -> new Booleans(type, (boolean[]) data);
      };
    }
  }

  /** An outer dimension: its element i is the array of the {@code len} elements of {@code inner} from {@code i * len}. */
  private static final class Rows extends Flat {
    private final ColumnVector inner;
    private final int len;

    Rows(DataType type, ColumnVector inner, int len) {
      super(type);
      this.inner = inner;
      this.len = len;
    }

    @Override public ColumnarArray getArray(int rowId) { return new ColumnarArray(inner, rowId * len, len); }
  }

  private static final class Doubles extends Flat {
    private final double[] d;
    Doubles(DataType type, double[] d) { super(type); this.d = d; }
    @Override public double getDouble(int rowId) { return d[rowId]; }
  }

  private static final class Floats extends Flat {
    private final float[] d;
    Floats(DataType type, float[] d) { super(type); this.d = d; }
    @Override public float getFloat(int rowId) { return d[rowId]; }
  }

  private static final class Longs extends Flat {
    private final long[] d;
    Longs(DataType type, long[] d) { super(type); this.d = d; }
    @Override public long getLong(int rowId) { return d[rowId]; }
  }

  private static final class Ints extends Flat {
    private final int[] d;
    Ints(DataType type, int[] d) { super(type); this.d = d; }
    @Override public int getInt(int rowId) { return d[rowId]; }
  }

  private static final class Shorts extends Flat {
    private final short[] d;
    Shorts(DataType type, short[] d) { super(type); this.d = d; }
    @Override public short getShort(int rowId) { return d[rowId]; }
  }

  private static final class Bytes extends Flat {
    private final byte[] d;
    Bytes(DataType type, byte[] d) { super(type); this.d = d; }
    @Override public byte getByte(int rowId) { return d[rowId]; }
  }

  private static final class Booleans extends Flat {
    private final boolean[] d;
    Booleans(DataType type, boolean[] d) { super(type); this.d = d; }
    @Override public boolean getBoolean(int rowId) { return d[rowId]; }
  }

  /** A record or tuple result: a struct whose field j is the vector of the record's field j. */
  private static final class Struct extends ReadOnly {
    private final ColumnVector[] fields;

    Struct(DataType type, ColumnVector[] fields) {
      super(type);
      this.fields = fields;
    }

    @Override public ColumnVector getChild(int ordinal) { return fields[ordinal]; }
  }
}

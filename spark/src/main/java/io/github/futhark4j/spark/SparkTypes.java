package io.github.futhark4j.spark;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark side of the type mapping (docs/spark.md): which Spark column type carries which
 * Futhark type, following docs/api.md's table with one Java primitive array per column.
 *
 * <pre>
 *   f64 double   f32, f16 float   i64, u64 bigint   i32, u32 int   i16, u16 smallint
 *   i8, u8 tinyint   bool boolean        (unsigned: the same-width signed type holding the bits)
 *   []t  array&lt;t&gt; (every row of a batch the same length)
 *   record {a: []t, b: []u}   struct&lt;a: t, b: u&gt; (fields by name, any order)
 *   tuple ([]t, []u)          struct with two fields, by position (results: _1, _2)
 * </pre>
 *
 * A batch of n rows of a column is one argument with one more dimension: a {@code double} column is
 * a {@code [n]f64} argument, an {@code array<double>} column a {@code [n][m]f64} argument, a
 * struct column a record whose fields are arrays of n rows.
 */
final class SparkTypes {
  private SparkTypes() {}

  /** The Spark type of a Futhark primitive type. */
  static DataType prim(ScalarType e) {
    return switch (e) {
      case F64 -> DataTypes.DoubleType;
      case F32, F16 -> DataTypes.FloatType;
      case I64, U64 -> DataTypes.LongType;
      case I32, U32 -> DataTypes.IntegerType;
      case I16, U16 -> DataTypes.ShortType;
      case I8, U8 -> DataTypes.ByteType;
      case BOOL -> DataTypes.BooleanType;
    };
  }

  /** The Spark type of a whole value of {@code t} (a scalar or an array), or null if there is none. */
  static DataType value(FType t) {
    return switch (t.kind()) {
      case SCALAR -> prim(t.elem());
      case ARRAY -> nested(prim(t.elem()), t.rank());
      default -> null;
    };
  }

  private static DataType nested(DataType e, int rank) {
    DataType d = e;
    for (int i = 0; i < rank; i++) d = DataTypes.createArrayType(d, false);
    return d;
  }

  /**
   * The Spark type of one row of a value of {@code t}: the column type that carries a batch
   * argument or result of type {@code t}; null when {@code t} has no rows.
   */
  static DataType row(FType t) {
    return switch (t.kind()) {
      case ARRAY -> nested(prim(t.elem()), t.rank() - 1);
      case RECORD -> {
        if (!t.hasRows()) yield null;
        List<StructField> fs = new ArrayList<>();
        for (int i = 0; i < t.fields().size(); i++) {
          FType.Field f = t.fields().get(i);
          fs.add(DataTypes.createStructField(t.tuple() ? "_" + (i + 1) : f.name(), row(f.type()), false));
        }
        yield DataTypes.createStructType(fs);
      }
      default -> null;
    };
  }

  /**
   * Why a column of Spark type {@code col} cannot carry the rows of a batch argument of type
   * {@code t}, or null if it can. Element types must be exactly the mapped ones (as for Java
   * arrays, docs/api.md: no conversions); nullability is not checked here (a null fails the batch).
   */
  static String mismatch(DataType col, FType t) {
    DataType want = row(t);
    if (want == null) return "its type " + t + " cannot be cut into rows (only arrays and records or tuples of arrays can)";
    return mismatch(col, want, t);
  }

  private static String mismatch(DataType col, DataType want, FType t) {
    if (want instanceof ArrayType wa) {
      if (!(col instanceof ArrayType ca)) return expected(col, want);
      return mismatch(ca.elementType(), wa.elementType(), t) == null ? null : expected(col, want);
    }
    if (want instanceof StructType ws) {
      if (!(col instanceof StructType cs)) return expected(col, want);
      if (cs.fields().length != ws.fields().length) return expected(col, want);
      for (int i = 0; i < ws.fields().length; i++) {
        FType.Field f = t.fields().get(i);
        StructField c;
        if (t.tuple()) {
          c = cs.fields()[i];
        } else {
          int j = fieldIndex(cs, f.name());
          if (j < 0) return expected(col, want) + " (no field " + f.name() + ")";
          c = cs.fields()[j];
        }
        String m = mismatch(c.dataType(), ws.fields()[i].dataType(), f.type());
        if (m != null) return expected(col, want) + " (field " + c.name() + ": " + m + ")";
      }
      return null;
    }
    return col.equals(want) ? null : expected(col, want);
  }

  /** The index of the field named {@code name}, or -1. */
  static int fieldIndex(StructType s, String name) {
    StructField[] fs = s.fields();
    for (int i = 0; i < fs.length; i++) if (fs[i].name().equals(name)) return i;
    return -1;
  }

  private static String expected(DataType col, DataType want) {
    return "the column is " + col.simpleString() + " but the parameter needs " + want.simpleString();
  }

  /**
   * Whether a scalar of Spark type {@code col} always converts to the Futhark scalar {@code e}
   * without loss by docs/api.md's rules for scalars (the UDF form): integers of the same or a
   * smaller width for integer types (unsigned ones: as bits of the same width, or a smaller width);
   * integers exactly representable and floats of the same or smaller width for float types
   * ({@code f16} also takes {@code float}, which fails at run time beyond f16's range).
   */
  static boolean scalarFits(DataType col, ScalarType e) {
    int intWidth = col.equals(DataTypes.ByteType) ? 8 : col.equals(DataTypes.ShortType) ? 16
        : col.equals(DataTypes.IntegerType) ? 32 : col.equals(DataTypes.LongType) ? 64 : 0;
    return switch (e) {
      case BOOL -> col.equals(DataTypes.BooleanType);
      case I8, U8 -> intWidth == 8;
      case I16, U16 -> intWidth > 0 && intWidth <= 16;
      case I32, U32 -> intWidth > 0 && intWidth <= 32;
      case I64, U64 -> intWidth > 0;
      case F16 -> intWidth == 8 || col.equals(DataTypes.FloatType);
      case F32 -> intWidth > 0 && intWidth <= 16 || col.equals(DataTypes.FloatType);
      case F64 -> intWidth > 0 && intWidth <= 32 || col.equals(DataTypes.FloatType) || col.equals(DataTypes.DoubleType);
    };
  }
}

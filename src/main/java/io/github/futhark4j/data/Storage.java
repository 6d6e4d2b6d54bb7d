package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.util.Arrays;

/**
 * Element access on the flat storage arrays of {@link Value}, one switch per operation so the mapping
 * from Futhark types to Java arrays lives in one place.
 */
final class Storage {
  private Storage() {}

  static Object allocate(ScalarType t, int n) {
    return switch (t) {
      case I8, U8 -> new byte[n];
      case I16, U16 -> new short[n];
      case I32, U32 -> new int[n];
      case I64, U64 -> new long[n];
      case F16, F32 -> new float[n];
      case F64 -> new double[n];
      case BOOL -> new boolean[n];
    };
  }

  /** Stores the low bits of {@code v} (integers), or {@code v} converted (floats), or {@code v != 0}. */
  static void setLong(ScalarType t, Object a, int i, long v) {
    switch (t) {
      case I8, U8 -> ((byte[]) a)[i] = (byte) v;
      case I16, U16 -> ((short[]) a)[i] = (short) v;
      case I32, U32 -> ((int[]) a)[i] = (int) v;
      case I64, U64 -> ((long[]) a)[i] = v;
      case F16 -> ((float[]) a)[i] = roundF16((double) v);
      case F32 -> ((float[]) a)[i] = v;
      case F64 -> ((double[]) a)[i] = v;
      case BOOL -> ((boolean[]) a)[i] = v != 0;
    }
  }

  static void setDouble(ScalarType t, Object a, int i, double v) {
    switch (t) {
      case F16 -> ((float[]) a)[i] = roundF16(v);
      case F32 -> ((float[]) a)[i] = (float) v;
      case F64 -> ((double[]) a)[i] = v;
      case BOOL -> ((boolean[]) a)[i] = v != 0;
      default -> setLong(t, a, i, (long) v);
    }
  }

  static void set(ScalarType t, Object a, int i, Object boxed) {
    switch (boxed) {
      case Boolean b when t == ScalarType.BOOL -> ((boolean[]) a)[i] = b;
      case Double d when t.isFloat() -> setDouble(t, a, i, d);
      case Float f when t.isFloat() -> setDouble(t, a, i, f);
      case Number n when t.isInteger() && !(n instanceof Double || n instanceof Float) -> setLong(t, a, i, n.longValue());
      case Number n when t.isFloat() -> setDouble(t, a, i, n.doubleValue());
      default -> throw new IllegalArgumentException("cannot store " + describe(boxed) + " as " + t);
    }
  }

  static long getLong(ScalarType t, Object a, int i) {
    return switch (t) {
      case I8 -> ((byte[]) a)[i];
      case U8 -> Byte.toUnsignedLong(((byte[]) a)[i]);
      case I16 -> ((short[]) a)[i];
      case U16 -> Short.toUnsignedLong(((short[]) a)[i]);
      case I32 -> ((int[]) a)[i];
      case U32 -> Integer.toUnsignedLong(((int[]) a)[i]);
      case I64, U64 -> ((long[]) a)[i];
      case F16, F32 -> (long) ((float[]) a)[i];
      case F64 -> (long) ((double[]) a)[i];
      case BOOL -> ((boolean[]) a)[i] ? 1 : 0;
    };
  }

  static double getDouble(ScalarType t, Object a, int i) {
    return switch (t) {
      case F16, F32 -> ((float[]) a)[i];
      case F64 -> ((double[]) a)[i];
      case U64 -> unsignedToDouble(((long[]) a)[i]);
      default -> getLong(t, a, i);
    };
  }

  static Object box(ScalarType t, Object a, int i) {
    return switch (t) {
      case I8, U8 -> ((byte[]) a)[i];
      case I16, U16 -> ((short[]) a)[i];
      case I32, U32 -> ((int[]) a)[i];
      case I64, U64 -> ((long[]) a)[i];
      case F16, F32 -> ((float[]) a)[i];
      case F64 -> ((double[]) a)[i];
      case BOOL -> ((boolean[]) a)[i];
    };
  }

  static double unsignedToDouble(long v) {
    return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
  }

  /**
   * The f16 nearest to {@code v} (ties to even), as a float, rounded once: going through
   * {@code (float) v} first could round twice and miss by one unit when {@code v} lies just off an
   * f16 tie. Values from 65520 on (the tie between the largest f16, 65504, and the next power of two)
   * are infinities, as IEEE rounding makes them.
   */
  static float roundF16(double v) {
    if (Double.isNaN(v)) return Float.NaN;
    if (Math.abs(v) >= 65520.0) return v > 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
    short h = Float.floatToFloat16((float) v);
    // The nearest f16 is h or a neighbour of the same sign (f16 bit patterns of one sign are
    // ordered by magnitude).
    short best = h;
    double bestErr = Math.abs(Float.float16ToFloat(h) - v);
    for (int d = -1; d <= 1; d += 2) {
      int mag = (h & 0x7fff) + d;
      if (mag < 0 || mag >= 0x7c00) continue;
      short c = (short) ((h & 0x8000) | mag);
      double err = Math.abs(Float.float16ToFloat(c) - v);
      if (err < bestErr || (err == bestErr && (c & 1) == 0)) {
        best = c;
        bestErr = err;
      }
    }
    return Float.float16ToFloat(best);
  }

  static boolean dataEquals(Object a, Object b) {
    return switch (a) {
      case byte[] x when b instanceof byte[] y -> Arrays.equals(x, y);
      case short[] x when b instanceof short[] y -> Arrays.equals(x, y);
      case int[] x when b instanceof int[] y -> Arrays.equals(x, y);
      case long[] x when b instanceof long[] y -> Arrays.equals(x, y);
      case float[] x when b instanceof float[] y -> Arrays.equals(x, y);
      case double[] x when b instanceof double[] y -> Arrays.equals(x, y);
      case boolean[] x when b instanceof boolean[] y -> Arrays.equals(x, y);
      default -> false;
    };
  }

  static int dataHash(Object a) {
    return switch (a) {
      case byte[] x -> Arrays.hashCode(x);
      case short[] x -> Arrays.hashCode(x);
      case int[] x -> Arrays.hashCode(x);
      case long[] x -> Arrays.hashCode(x);
      case float[] x -> Arrays.hashCode(x);
      case double[] x -> Arrays.hashCode(x);
      case boolean[] x -> Arrays.hashCode(x);
      default -> 0;
    };
  }

  static String describe(Object o) {
    return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
  }
}

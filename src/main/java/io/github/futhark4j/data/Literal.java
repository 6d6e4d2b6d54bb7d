package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.math.BigInteger;

/**
 * One scalar literal as read from text, before its type is fixed. Arrays are typed as a whole (the
 * first suffixed element, else the first element, decides), so elements are kept in this form until
 * the whole array has been read.
 *
 * @param kind     what sort of literal
 * @param negative a leading {@code -}
 * @param text     digits without {@code _} and without radix prefix (INT), or the decimal float text (FLOAT)
 * @param radix    10, 16 or 2 for INT
 * @param suffix   the explicit type suffix ({@code i64} in {@code 3i64}), or the type of
 *                 {@code f32.nan}; {@code null} when unsuffixed
 * @param offset   byte offset of the literal in the input, for error messages
 * @param small    the value itself (sign applied) when {@code text} is null: a decimal integer of at
 *                 most 18 digits, read without building any text
 */
record Literal(Kind kind, boolean negative, String text, int radix, ScalarType suffix, int offset, long small) {
  enum Kind { INT, FLOAT, BOOL, NAN, INF }

  /** The type this literal has on its own: its suffix, else i32 for integers, f64 for decimals. */
  ScalarType defaultType() {
    return defaultType(null);
  }

  /**
   * The type of an unsuffixed literal where a value of element type {@code hint} is expected (as
   * compiled Futhark programs read their input: {@code 1} is an f64 where an f64 is expected);
   * literals that cannot have that type keep their own default.
   */
  ScalarType defaultType(ScalarType hint) {
    if (suffix != null) return suffix;
    return switch (kind) {
      case INT -> hint != null && hint != ScalarType.BOOL ? hint : ScalarType.I32;
      case FLOAT -> hint != null && hint.isFloat() ? hint : ScalarType.F64;
      case BOOL -> ScalarType.BOOL;
      case NAN, INF -> ScalarType.F64;
    };
  }

  /**
   * Stores this literal as element {@code i} of {@code data}, whose element type is {@code t}.
   *
   * @return {@code null} on success, else a sentence saying why the literal does not fit
   */
  String storeInto(ScalarType t, Object data, int i) {
    if (suffix != null && suffix != t) {
      return "expected a " + t + " value, found " + this.describe() + " (all elements of an array have the"
          + " type of the first)";
    }
    switch (kind) {
      case BOOL -> {
        if (t != ScalarType.BOOL) return "expected a " + t + " value, found " + describe();
        ((boolean[]) data)[i] = text.equals("true");
      }
      case NAN -> Storage.setDouble(t, data, i, Double.NaN);
      case INF -> Storage.setDouble(t, data, i, negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
      case FLOAT -> {
        if (!t.isFloat()) return "expected a " + t + " value, found " + describe();
        String s = (negative ? "-" : "") + text;
        if (t == ScalarType.F64) ((double[]) data)[i] = Double.parseDouble(s);
        else if (t == ScalarType.F32) ((float[]) data)[i] = Float.parseFloat(s);
        else ((float[]) data)[i] = Storage.roundF16(Double.parseDouble(s));
      }
      case INT -> {
        if (t == ScalarType.BOOL) return "expected a bool value, found " + describe();
        if (text == null && t.isFloat()) {
          Storage.setDouble(t, data, i, small);
          return null;
        }
        if (text == null || (radix == 10 && text.length() <= 18 && !t.isFloat())) {
          // Fast path for the common case; the slow path below handles every literal.
          // As futhark-data reads them, integers wrap to the type's width (255i8 is -1, 32767i8 is -1).
          long v = text != null ? (negative ? -Long.parseLong(text) : Long.parseLong(text)) : small;
          Storage.setLong(t, data, i, v);
          return null;
        }
        BigInteger mag = new BigInteger(text, radix);
        BigInteger v = negative ? mag.negate() : mag;
        if (t.isFloat()) {
          Storage.setDouble(t, data, i, v.doubleValue());
          return null;
        }
        Storage.setLong(t, data, i, v.longValue());
      }
    }
    return null;
  }

  String describe() {
    String sign = negative ? "-" : "";
    return switch (kind) {
      case BOOL -> text;
      case NAN -> suffix + ".nan";
      case INF -> sign + suffix + ".inf";
      case INT -> text == null ? small + (suffix == null ? "" : suffix.futharkName())
          : sign + (radix == 16 ? "0x" : radix == 2 ? "0b" : "") + text + (suffix == null ? "" : suffix.futharkName());
      case FLOAT -> sign + text + (suffix == null ? "" : suffix.futharkName());
    };
  }
}

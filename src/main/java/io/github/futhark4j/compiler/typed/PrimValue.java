package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.typed.PrimType;

/**
 * A primitive constant. Integers are kept as their two's complement bits in a {@code long},
 * already wrapped to the type's width (so {@code 255u8} is {@code 255}, {@code -1i8} is
 * {@code -1}); floats as a {@code double} that is exactly representable in the type (f16 and f32
 * values are rounded when made); bools as 0 or 1.
 */
public record PrimValue(PrimType type, long bits, double floatValue) {
  public static PrimValue ofInt(PrimType t, long v) {
    if (!t.isInteger()) throw new IllegalArgumentException(t + " is not an integer type");
    return new PrimValue(t, wrap(t, v), 0);
  }

  public static PrimValue ofFloat(PrimType t, double v) {
    double r = switch (t) {
      case F16 -> Float.float16ToFloat(Float.floatToFloat16((float) v));
      case F32 -> (double) (float) v;
      case F64 -> v;
      default -> throw new IllegalArgumentException(t + " is not a float type");
    };
    return new PrimValue(t, 0, r);
  }

  public static PrimValue ofBool(boolean b) {
    return new PrimValue(PrimType.BOOL, b ? 1 : 0, 0);
  }

  public boolean boolValue() { return bits != 0; }

  /** Wraps {@code v} to the width of integer type {@code t}, sign- or zero-extending back to 64 bits. */
  public static long wrap(PrimType t, long v) {
    return switch (t) {
      case I8 -> (byte) v;
      case I16 -> (short) v;
      case I32 -> (int) v;
      case U8 -> v & 0xFFL;
      case U16 -> v & 0xFFFFL;
      case U32 -> v & 0xFFFF_FFFFL;
      default -> v;
    };
  }

  @Override public String toString() {
    return switch (type.kind()) {
      case BOOL -> bits != 0 ? "true" : "false";
      case FLOAT -> Double.toString(floatValue) + type.futName();
      case UNSIGNED -> Long.toUnsignedString(bits) + type.futName();
      case SIGNED -> bits + type.futName();
    };
  }
}

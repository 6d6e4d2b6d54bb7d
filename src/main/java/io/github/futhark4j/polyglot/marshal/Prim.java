package io.github.futhark4j.polyglot.marshal;

import java.math.BigInteger;

/**
 * The primitive element types of Futhark as the manifest names them, with what the JVM side of
 * {@link io.github.futhark4j.FutharkFunction} uses for each: the boxed scalar class and the
 * component type of a Java array. Unsigned types travel as the signed Java type of the same width
 * holding the same bits; f16 travels as {@code float} (4 bytes in result buffers, see
 * {@link #bufferBytes()}).
 */
public enum Prim {
  I8("i8", 1, true, false, byte.class),
  I16("i16", 2, true, false, short.class),
  I32("i32", 4, true, false, int.class),
  I64("i64", 8, true, false, long.class),
  U8("u8", 1, false, false, byte.class),
  U16("u16", 2, false, false, short.class),
  U32("u32", 4, false, false, int.class),
  U64("u64", 8, false, false, long.class),
  F16("f16", 2, true, true, float.class),
  F32("f32", 4, true, true, float.class),
  F64("f64", 8, true, true, double.class),
  BOOL("bool", 1, false, false, boolean.class);

  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  private final String futName;
  private final int size;
  private final boolean signed;
  private final boolean floating;
  private final Class<?> javaComponent;

  Prim(String futName, int size, boolean signed, boolean floating, Class<?> javaComponent) {
    this.futName = futName;
    this.size = size;
    this.signed = signed;
    this.floating = floating;
    this.javaComponent = javaComponent;
  }

  /** The manifest name, e.g. {@code f64}. */
  public String futName() { return futName; }

  /** Size in bytes of one element in Futhark's own representation. */
  public int size() { return size; }

  /**
   * Bytes per element in the buffers we hand to guests and read from them in bulk: the Java
   * component width, so that f16 (which the JVM side carries as {@code float}) occupies 4 bytes.
   */
  public int bufferBytes() { return this == F16 ? 4 : size; }

  public boolean isSigned() { return signed; }

  public boolean isFloat() { return floating; }

  public boolean isBool() { return this == BOOL; }

  public boolean isInteger() { return !floating && this != BOOL; }

  /** The Java primitive type that carries this type in arrays. */
  public Class<?> javaComponent() { return javaComponent; }

  /** The type of that manifest name, or {@code null} when it is not a primitive. */
  public static Prim byName(String name) {
    for (Prim p : values()) {
      if (p.futName.equals(name)) return p;
    }
    return null;
  }

  /** Smallest value a guest integer may have for this type. */
  public BigInteger min() {
    return signed ? BigInteger.ONE.shiftLeft(size * 8 - 1).negate() : BigInteger.ZERO;
  }

  /** Largest value a guest integer may have for this type. */
  public BigInteger max() {
    return signed ? BigInteger.ONE.shiftLeft(size * 8 - 1).subtract(BigInteger.ONE)
        : BigInteger.ONE.shiftLeft(size * 8).subtract(BigInteger.ONE);
  }

  /**
   * The guest-facing value of a JVM scalar of this type: unsigned types are widened so the guest
   * sees the unsigned number (a u32 of bits 0xFFFFFFFF is 4294967295, not -1); a u64 beyond
   * {@code Long.MAX_VALUE} becomes a {@link BigInteger}.
   */
  public Object toGuestScalar(Object javaValue) {
    return switch (this) {
      case U8 -> ((Number) javaValue).intValue() & 0xFF;
      case U16 -> ((Number) javaValue).intValue() & 0xFFFF;
      case U32 -> ((Number) javaValue).longValue() & 0xFFFFFFFFL;
      case U64 -> {
        long bits = ((Number) javaValue).longValue();
        yield bits >= 0 ? (Object) bits : BigInteger.valueOf(bits).add(TWO_64);
      }
      default -> javaValue;
    };
  }

  /** The JVM boxed scalar for an in-range integer: the signed type of the same width, same bits. */
  public Object boxInteger(long v) {
    return switch (this) {
      case I8, U8 -> (byte) v;
      case I16, U16 -> (short) v;
      case I32, U32 -> (int) v;
      case I64, U64 -> v;
      default -> throw new IllegalStateException(futName + " is not an integer type");
    };
  }

  /** The JVM boxed scalar for a floating-point guest number. */
  public Object boxFloat(double v) {
    return this == F64 ? (Object) v : (Object) (float) v;
  }
}

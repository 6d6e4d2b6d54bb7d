package io.github.futhark4j;

import com.sun.jna.Pointer;
import java.math.BigInteger;

/**
 * The twelve primitive (scalar) types of Futhark and its C API, as the manifest names them, with
 * their size in bytes and what the JVM side uses for each: the boxed scalar class and the
 * component type of a Java array. This is the one model of primitive types outside the compiler:
 * the runtime, the value formats, the polyglot layer and the tools all use it.
 *
 * <p>Unsigned types use the same-width signed Java type holding the same bits; {@code f16} uses
 * {@code float} on the Java side and the IEEE binary16 bits ({@code uint16_t}) on the C side.
 */
public enum ScalarType {
  I8("i8", 1, byte.class, Kind.SIGNED),
  I16("i16", 2, short.class, Kind.SIGNED),
  I32("i32", 4, int.class, Kind.SIGNED),
  I64("i64", 8, long.class, Kind.SIGNED),
  U8("u8", 1, byte.class, Kind.UNSIGNED),
  U16("u16", 2, short.class, Kind.UNSIGNED),
  U32("u32", 4, int.class, Kind.UNSIGNED),
  U64("u64", 8, long.class, Kind.UNSIGNED),
  F16("f16", 2, float.class, Kind.FLOAT),
  F32("f32", 4, float.class, Kind.FLOAT),
  F64("f64", 8, double.class, Kind.FLOAT),
  BOOL("bool", 1, boolean.class, Kind.BOOL);

  /** The four families of primitive types, for code that treats each family alike. */
  public enum Kind { SIGNED, UNSIGNED, FLOAT, BOOL }

  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  private final String futharkName;
  private final int bytes;
  private final Class<?> javaComponent;
  private final Kind kind;

  ScalarType(String futharkName, int bytes, Class<?> javaComponent, Kind kind) {
    this.futharkName = futharkName;
    this.bytes = bytes;
    this.javaComponent = javaComponent;
    this.kind = kind;
  }

  /** The name Futhark and the manifest use, e.g. {@code f64}. */
  public String futharkName() { return futharkName; }

  /** Size of one element in Futhark's own (native) representation. */
  public int bytes() { return bytes; }

  /**
   * Bytes per element of the Java component type: the native size, except {@code f16}, which the
   * JVM side carries as {@code float} (4 bytes).
   */
  public int javaBytes() { return this == F16 ? 4 : bytes; }

  /** The Java primitive type of array elements ({@code double.class} for f64, {@code float.class} for f16). */
  public Class<?> javaComponent() { return javaComponent; }

  /** Signed integer, unsigned integer, floating point or bool. */
  public Kind kind() { return kind; }

  /** Whether this is one of i8, i16, i32, i64. */
  public boolean isSigned() { return kind == Kind.SIGNED; }

  /** Whether this is one of u8, u16, u32, u64. */
  public boolean isUnsigned() { return kind == Kind.UNSIGNED; }

  /** Whether this is f16, f32 or f64. */
  public boolean isFloat() { return kind == Kind.FLOAT; }

  /** Whether this is {@code bool}. */
  public boolean isBool() { return kind == Kind.BOOL; }

  /** Whether this is one of the eight integer types. */
  public boolean isInteger() { return kind == Kind.SIGNED || kind == Kind.UNSIGNED; }

  /** The primitive type of that manifest name, or {@code null}. */
  public static ScalarType parse(String name) {
    for (ScalarType p : values()) if (p.futharkName.equals(name)) return p;
    return null;
  }

  /** The Futhark type name of an array of this element type and rank, e.g. {@code [][]f64}. */
  public String arrayTypeName(int rank) {
    return "[]".repeat(rank) + futharkName;
  }

  /** Smallest value of this integer type, as a mathematical integer. */
  public BigInteger min() {
    return isUnsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bytes * 8 - 1).negate();
  }

  /** Largest value of this integer type, as a mathematical integer. */
  public BigInteger max() {
    return isUnsigned() ? BigInteger.ONE.shiftLeft(bytes * 8).subtract(BigInteger.ONE)
        : BigInteger.ONE.shiftLeft(bytes * 8 - 1).subtract(BigInteger.ONE);
  }

  /**
   * The number a JVM scalar of this type stands for: unsigned types are widened so that a u32 of
   * bits 0xFFFFFFFF is 4294967295, not -1, and a u64 beyond {@code Long.MAX_VALUE} becomes a
   * {@link BigInteger}; other values are returned as they are.
   */
  public Object numericValue(Object javaValue) {
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
      default -> throw new IllegalStateException(futharkName + " is not an integer type");
    };
  }

  /** The JVM boxed scalar for a floating-point number. */
  public Object boxFloat(double v) {
    return this == F64 ? (Object) v : (Object) (float) v;
  }

  /** Reads one value of this type at {@code offset} of native memory and boxes it as the public API documents. */
  public Object read(Pointer p, long offset) {
    return switch (this) {
      case I8, U8 -> p.getByte(offset);
      case I16, U16 -> p.getShort(offset);
      case I32, U32 -> p.getInt(offset);
      case I64, U64 -> p.getLong(offset);
      case F16 -> Float.float16ToFloat(p.getShort(offset));
      case F32 -> p.getFloat(offset);
      case F64 -> p.getDouble(offset);
      case BOOL -> p.getByte(offset) != 0;
    };
  }

  @Override
  public String toString() { return futharkName; }
}

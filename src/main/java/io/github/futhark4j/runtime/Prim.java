package io.github.futhark4j.runtime;

import com.sun.jna.Pointer;

/**
 * The twelve primitive types of the Futhark C API, with their size in bytes and the Java array
 * component type used for arrays of them.
 *
 * <p>Unsigned types use the same-width signed Java type holding the same bits; {@code f16} uses
 * {@code float} on the Java side and the IEEE binary16 bits ({@code uint16_t}) on the C side.
 */
public enum Prim {
  I8("i8", 1, byte.class),
  I16("i16", 2, short.class),
  I32("i32", 4, int.class),
  I64("i64", 8, long.class),
  U8("u8", 1, byte.class),
  U16("u16", 2, short.class),
  U32("u32", 4, int.class),
  U64("u64", 8, long.class),
  F16("f16", 2, float.class),
  F32("f32", 4, float.class),
  F64("f64", 8, double.class),
  BOOL("bool", 1, boolean.class);

  private final String futharkName;
  private final int bytes;
  private final Class<?> javaComponent;

  Prim(String futharkName, int bytes, Class<?> javaComponent) {
    this.futharkName = futharkName;
    this.bytes = bytes;
    this.javaComponent = javaComponent;
  }

  /** The name Futhark and the manifest use, e.g. {@code f64}. */
  public String futharkName() { return futharkName; }

  /** Size of one element in native memory. */
  public int bytes() { return bytes; }

  /** The Java primitive type of array elements ({@code double.class} for f64, {@code float.class} for f16). */
  public Class<?> javaComponent() { return javaComponent; }

  /** Whether this is one of u8, u16, u32, u64. */
  public boolean unsigned() {
    return this == U8 || this == U16 || this == U32 || this == U64;
  }

  /** Whether this is f16, f32 or f64. */
  public boolean floating() {
    return this == F16 || this == F32 || this == F64;
  }

  /** The primitive type of that manifest name, or {@code null}. */
  public static Prim parse(String name) {
    for (Prim p : values()) if (p.futharkName.equals(name)) return p;
    return null;
  }

  /** The Futhark type name of an array of this element type and rank, e.g. {@code [][]f64}. */
  public String arrayTypeName(int rank) {
    return "[]".repeat(rank) + futharkName;
  }

  /** Reads one value of this type at {@code offset} and boxes it as the public API documents. */
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

package io.github.futhark4j.compiler.typed;

/** Futhark's primitive types, with the facts every phase needs about them. */
public enum PrimType {
  I8("i8", 8, Kind.SIGNED, "int8_t"),
  I16("i16", 16, Kind.SIGNED, "int16_t"),
  I32("i32", 32, Kind.SIGNED, "int32_t"),
  I64("i64", 64, Kind.SIGNED, "int64_t"),
  U8("u8", 8, Kind.UNSIGNED, "uint8_t"),
  U16("u16", 16, Kind.UNSIGNED, "uint16_t"),
  U32("u32", 32, Kind.UNSIGNED, "uint32_t"),
  U64("u64", 64, Kind.UNSIGNED, "uint64_t"),
  /** Half precision; crosses the C API as {@code uint16_t} holding the IEEE binary16 bits. */
  F16("f16", 16, Kind.FLOAT, "uint16_t"),
  F32("f32", 32, Kind.FLOAT, "float"),
  F64("f64", 64, Kind.FLOAT, "double"),
  BOOL("bool", 8, Kind.BOOL, "bool");

  public enum Kind { SIGNED, UNSIGNED, FLOAT, BOOL }

  private final String futName;
  private final int bits;
  private final Kind kind;
  private final String cType;

  PrimType(String futName, int bits, Kind kind, String cType) {
    this.futName = futName;
    this.bits = bits;
    this.kind = kind;
    this.cType = cType;
  }

  /** The Futhark spelling, e.g. {@code i32}. */
  public String futName() { return futName; }

  /** Width in bits (bool is stored in one byte). */
  public int bits() { return bits; }

  public int bytes() { return (bits + 7) / 8; }

  public Kind kind() { return kind; }

  /** The C type used at the C API boundary (f16 is {@code uint16_t}). */
  public String cType() { return cType; }

  public boolean isInteger() { return kind == Kind.SIGNED || kind == Kind.UNSIGNED; }

  public boolean isSigned() { return kind == Kind.SIGNED; }

  public boolean isUnsigned() { return kind == Kind.UNSIGNED; }

  public boolean isFloat() { return kind == Kind.FLOAT; }

  public boolean isBool() { return kind == Kind.BOOL; }

  /** Looks up a type by its Futhark name; {@code null} if it is not a primitive type name. */
  public static PrimType byName(String name) {
    for (PrimType t : values()) if (t.futName.equals(name)) return t;
    return null;
  }

  @Override
  public String toString() { return futName; }
}

package io.github.futhark4j.polyglot.marshal;

import java.math.BigInteger;

/**
 * A read-only view of one guest value, just wide enough for {@link ArgumentDecoder}. There are two
 * implementations because guest values reach us in two forms: as {@code org.graalvm.polyglot.Value}
 * in a host {@code ProxyExecutable} ({@link ValueData}), and as raw interop objects inside our
 * Truffle language ({@code language.InteropData}). The conversion rules are written once, against
 * this interface, so both routes accept exactly the same values.
 */
public interface GuestData {
  boolean isNull();

  boolean isBoolean();

  boolean asBoolean();

  boolean isNumber();

  boolean fitsInLong();

  long asLong();

  boolean fitsInBigInteger();

  BigInteger asBigInteger();

  boolean fitsInDouble();

  double asDouble();

  /** Whether the value exposes raw bytes (ArrayBuffer, Python bytes / array.array / memoryview, ByteBuffer). */
  boolean hasBuffer();

  long bufferSize();

  /** Copies {@code length} bytes starting at {@code byteOffset} in one bulk read. */
  void readBuffer(long byteOffset, byte[] dst, int dstOffset, int length);

  boolean hasArray();

  long arraySize();

  GuestData element(long index);

  boolean hasMember(String name);

  GuestData member(String name);

  /** The simple name of the value's guest type (e.g. {@code Float64Array}, {@code list}), or {@code null}. */
  String typeName();

  /** Whether the value is a string (only used to describe it in messages). */
  boolean isString();

  String asString();

  /**
   * The Java object behind a host value or behind one of our own native-handle wrappers, or
   * {@code null} when the value is a plain guest value.
   */
  Object hostObject();

  /** A short description for error messages, e.g. {@code Float64Array} or {@code number 3.5}. */
  default String describe() {
    if (isNull()) return "null";
    if (isBoolean()) return "boolean " + asBoolean();
    if (isNumber()) {
      if (fitsInLong()) return "integer " + asLong();
      if (fitsInBigInteger()) return "integer " + asBigInteger();
      if (fitsInDouble()) return "number " + asDouble();
      return "number";
    }
    if (isString()) return "string";
    Object host = hostObject();
    if (host != null) return "host object " + host.getClass().getSimpleName();
    String t = typeName();
    // Buffers first: a Python array.array reports its bytes as array elements.
    if (hasBuffer()) return (t == null ? "buffer" : t) + " of " + bufferSize() + " bytes";
    if (hasArray()) return (t == null ? "array" : t) + " of length " + arraySize();
    return t == null ? "object" : t;
  }
}

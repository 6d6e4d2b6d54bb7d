package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Futhark's binary data format: the byte {@code 'b'}, the format version (2), the rank as one byte,
 * the element type as four ASCII characters ({@code " i32"}, {@code "bool"}), each dimension as an
 * unsigned little-endian 64-bit integer, then the elements in row-major order, little endian
 * (bool one byte each, f16 as its IEEE binary16 bits).
 */
public final class BinaryFormat {
  /** The only version of the format there is. */
  public static final int VERSION = 2;

  private BinaryFormat() {}

  /** The four-character type name of the binary format, e.g. {@code "  i8"}. */
  public static String typeCode(ScalarType t) {
    String n = t.futharkName();
    return " ".repeat(4 - n.length()) + n;
  }

  /** The value in the binary format. */
  public static byte[] toBytes(Value v) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 + v.elementCount() * v.type().bytes());
    try {
      write(v, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Writes the value in the binary format. */
  public static void write(Value v, OutputStream out) throws IOException {
    ScalarType t = v.type();
    int n = v.elementCount();
    ByteBuffer bb = ByteBuffer.allocate(7 + 8 * v.rank() + n * t.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    bb.put((byte) 'b').put((byte) VERSION).put((byte) v.rank());
    bb.put(typeCode(t).getBytes(StandardCharsets.US_ASCII));
    for (long d : v.shape()) bb.putLong(d);
    Object data = v.data();
    switch (t) {
      case I8, U8 -> bb.put((byte[]) data);
      case I16, U16 -> bb.asShortBuffer().put((short[]) data);
      case I32, U32 -> bb.asIntBuffer().put((int[]) data);
      case I64, U64 -> bb.asLongBuffer().put((long[]) data);
      case F16 -> {
        for (float f : (float[]) data) bb.putShort(Float.floatToFloat16(f));
      }
      case F32 -> bb.asFloatBuffer().put((float[]) data);
      case F64 -> bb.asDoubleBuffer().put((double[]) data);
      case BOOL -> {
        for (boolean b : (boolean[]) data) bb.put((byte) (b ? 1 : 0));
      }
    }
    out.write(bb.array());
  }

  /** Reads one binary value at the reader's position (which is at the {@code 'b'}). */
  static Value read(ValueReader r) {
    byte[] buf = r.buffer();
    int start = r.position();
    int limit = r.limit();
    if (limit - start < 7) throw r.error(start, "truncated binary value header");
    int version = buf[start + 1] & 0xff;
    if (version != VERSION) {
      throw r.error(start + 1, "unsupported binary format version " + version + " (expected " + VERSION + ")");
    }
    int rank = buf[start + 2] & 0xff;
    String code = new String(buf, start + 3, 4, StandardCharsets.ISO_8859_1);
    ScalarType t = ScalarType.parse(code.trim());
    if (t == null || !typeCode(t).equals(code)) throw r.error(start + 3, "unknown binary type '" + code + "'");
    int dimsAt = start + 7;
    if (limit - dimsAt < 8L * rank) throw r.error(dimsAt, "truncated binary value: missing dimensions");
    ByteBuffer bb = ByteBuffer.wrap(buf, 0, limit).order(ByteOrder.LITTLE_ENDIAN);
    long[] shape = new long[rank];
    long count = 1;
    for (int i = 0; i < rank; i++) {
      long d = bb.getLong(dimsAt + 8 * i);
      if (d < 0) throw r.error(dimsAt + 8 * i, "binary dimension " + Long.toUnsignedString(d) + " is too large");
      shape[i] = d;
      try {
        count = Math.multiplyExact(count, d);
      } catch (ArithmeticException e) {
        throw r.error(dimsAt, "binary value has too many elements");
      }
    }
    int dataAt = dimsAt + 8 * rank;
    long bytes = count * t.bytes();
    if (count > Integer.MAX_VALUE - 16 || bytes > limit - dataAt) {
      throw r.error(dataAt, "truncated binary value: " + code.trim() + " array of " + count + " elements needs "
          + bytes + " bytes, found " + (limit - dataAt));
    }
    int n = (int) count;
    Object data = Storage.allocate(t, n);
    ByteBuffer d = ByteBuffer.wrap(buf, dataAt, (int) bytes).slice().order(ByteOrder.LITTLE_ENDIAN);
    switch (t) {
      case I8, U8 -> d.get((byte[]) data);
      case I16, U16 -> d.asShortBuffer().get((short[]) data);
      case I32, U32 -> d.asIntBuffer().get((int[]) data);
      case I64, U64 -> d.asLongBuffer().get((long[]) data);
      case F16 -> {
        float[] f = (float[]) data;
        for (int i = 0; i < n; i++) f[i] = Float.float16ToFloat(d.getShort(2 * i));
      }
      case F32 -> d.asFloatBuffer().get((float[]) data);
      case F64 -> d.asDoubleBuffer().get((double[]) data);
      case BOOL -> {
        boolean[] b = (boolean[]) data;
        for (int i = 0; i < n; i++) b[i] = d.get(i) != 0;
      }
    }
    r.advance(dataAt + (int) bytes - start);
    return Value.of(t, shape, data);
  }
}

package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import io.github.futhark4j.polyglot.marshal.ArrayData;
import io.github.futhark4j.polyglot.marshal.DataCarrier;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An array result as a guest sees it. It has <em>array elements</em> (the outer dimension; a row of
 * a multi-dimensional array is another {@code ArrayObject} over the same memory), so Python can
 * {@code len(r)}, {@code r[i]}, iterate and {@code list(r)}, and JavaScript can index it and read
 * {@code r.length}. It also has <em>buffer elements</em>: the flat row-major bytes in native order,
 * so {@code new Float64Array(r)} in GraalJS makes a typed array over the same memory without a
 * copy. Members: {@code shape} (an array of numbers) and {@code type} (the Futhark type).
 *
 * <p>The memory is a private copy made when the call returned, so the buffer is writable; writes
 * do not reach Futhark.
 */
@ExportLibrary(InteropLibrary.class)
final class ArrayObject implements TruffleObject, DataCarrier {
  private static final String SHAPE = "shape";
  private static final String TYPE = "type";

  final ArrayData data;
  private final ByteBuffer bytes;

  ArrayObject(ArrayData data) {
    this.data = data;
    this.bytes = data.bytes();
  }

  @Override public Object data() { return data; }

  @TruffleBoundary
  static Object guestScalar(Object v) {
    return v instanceof BigInteger b ? new BigNumber(b) : v;
  }

  // ---- array elements: the outer dimension

  @ExportMessage boolean hasArrayElements() { return true; }

  @ExportMessage long getArraySize() { return data.shape()[0]; }

  @ExportMessage boolean isArrayElementReadable(long i) { return i >= 0 && i < data.shape()[0]; }

  @ExportMessage
  @TruffleBoundary
  Object readArrayElement(long i) throws InvalidArrayIndexException {
    if (i < 0 || i >= data.shape()[0]) throw InvalidArrayIndexException.create(i);
    return data.rank() > 1 ? new ArrayObject(data.row(i)) : guestScalar(data.get(i));
  }

  // ---- members

  @ExportMessage boolean hasMembers() { return true; }

  @ExportMessage
  Object getMembers(boolean includeInternal) {
    return new TupleObject(SHAPE, TYPE);
  }

  @ExportMessage
  boolean isMemberReadable(String member) {
    return SHAPE.equals(member) || TYPE.equals(member);
  }

  @ExportMessage
  @TruffleBoundary
  Object readMember(String member) throws UnknownIdentifierException {
    return switch (member) {
      case SHAPE -> {
        Object[] dims = new Object[data.rank()];
        for (int d = 0; d < dims.length; d++) dims[d] = data.shape()[d];
        yield new TupleObject(dims);
      }
      case TYPE -> "[]".repeat(data.rank()) + data.elem().futharkName();
      default -> throw UnknownIdentifierException.create(member);
    };
  }

  // ---- buffer elements: the flat bytes, zero-copy typed-array views in GraalJS

  @ExportMessage boolean hasBufferElements() { return true; }

  @ExportMessage boolean isBufferWritable() { return true; }

  @ExportMessage long getBufferSize() { return bytes.capacity(); }

  private int at(long offset, int width) throws InvalidBufferOffsetException {
    if (offset < 0 || offset > bytes.capacity() - width) throw InvalidBufferOffsetException.create(offset, width);
    return (int) offset;
  }

  @ExportMessage
  @TruffleBoundary
  void readBuffer(long offset, byte[] dst, int dstOffset, int length) throws InvalidBufferOffsetException {
    int from = at(offset, length);
    bytes.get(from, dst, dstOffset, length);
  }

  @ExportMessage
  @TruffleBoundary
  byte readBufferByte(long offset) throws InvalidBufferOffsetException { return bytes.get(at(offset, 1)); }

  @ExportMessage
  @TruffleBoundary
  void writeBufferByte(long offset, byte v) throws InvalidBufferOffsetException { bytes.put(at(offset, 1), v); }

  @ExportMessage
  @TruffleBoundary
  short readBufferShort(ByteOrder order, long offset) throws InvalidBufferOffsetException {
    return bytes.duplicate().order(order).getShort(at(offset, 2));
  }

  @ExportMessage
  @TruffleBoundary
  void writeBufferShort(ByteOrder order, long offset, short v) throws InvalidBufferOffsetException {
    bytes.duplicate().order(order).putShort(at(offset, 2), v);
  }

  @ExportMessage
  @TruffleBoundary
  int readBufferInt(ByteOrder order, long offset) throws InvalidBufferOffsetException {
    return bytes.duplicate().order(order).getInt(at(offset, 4));
  }

  @ExportMessage
  @TruffleBoundary
  void writeBufferInt(ByteOrder order, long offset, int v) throws InvalidBufferOffsetException {
    bytes.duplicate().order(order).putInt(at(offset, 4), v);
  }

  @ExportMessage
  @TruffleBoundary
  long readBufferLong(ByteOrder order, long offset) throws InvalidBufferOffsetException {
    return bytes.duplicate().order(order).getLong(at(offset, 8));
  }

  @ExportMessage
  @TruffleBoundary
  void writeBufferLong(ByteOrder order, long offset, long v) throws InvalidBufferOffsetException {
    bytes.duplicate().order(order).putLong(at(offset, 8), v);
  }

  @ExportMessage
  @TruffleBoundary
  float readBufferFloat(ByteOrder order, long offset) throws InvalidBufferOffsetException {
    return bytes.duplicate().order(order).getFloat(at(offset, 4));
  }

  @ExportMessage
  @TruffleBoundary
  void writeBufferFloat(ByteOrder order, long offset, float v) throws InvalidBufferOffsetException {
    bytes.duplicate().order(order).putFloat(at(offset, 4), v);
  }

  @ExportMessage
  @TruffleBoundary
  double readBufferDouble(ByteOrder order, long offset) throws InvalidBufferOffsetException {
    return bytes.duplicate().order(order).getDouble(at(offset, 8));
  }

  @ExportMessage
  @TruffleBoundary
  void writeBufferDouble(ByteOrder order, long offset, double v) throws InvalidBufferOffsetException {
    bytes.duplicate().order(order).putDouble(at(offset, 8), v);
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    StringBuilder s = new StringBuilder("[");
    long n = Math.min(data.shape()[0], 10);
    InteropLibrary lib = InteropLibrary.getUncached();
    for (long i = 0; i < n; i++) {
      if (i > 0) s.append(", ");
      Object e = data.rank() > 1 ? new ArrayObject(data.row(i)) : guestScalar(data.get(i));
      s.append(lib.toDisplayString(e));
    }
    if (data.shape()[0] > n) s.append(", ...");
    return s.append(']').toString();
  }
}

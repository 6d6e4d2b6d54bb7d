package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import io.github.futhark4j.polyglot.marshal.DataCarrier;
import io.github.futhark4j.polyglot.marshal.GuestData;
import java.math.BigInteger;

/**
 * {@link io.github.futhark4j.polyglot.marshal.GuestData} over a raw interop value, as our entry
 * point objects receive arguments from JavaScript or Python. Uses the uncached library: the
 * callers run behind a {@code TruffleBoundary}, so there is nothing for partial evaluation to gain.
 */
record InteropData(Object value, FutharkContext context) implements GuestData {
  private static final InteropLibrary LIB = InteropLibrary.getUncached();

  /** Interop failures after a positive {@code has*}/{@code fits*} check are our bugs or a racing guest. */
  private static RuntimeException bug(InteropException e) {
    return FutharkGuestException.runtime("could not read argument: " + e.getMessage());
  }

  @Override public boolean isNull() { return LIB.isNull(value); }

  @Override public boolean isBoolean() { return LIB.isBoolean(value); }

  @Override public boolean asBoolean() {
    try { return LIB.asBoolean(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean isNumber() { return LIB.isNumber(value); }

  @Override public boolean fitsInLong() { return LIB.fitsInLong(value); }

  @Override public long asLong() {
    try { return LIB.asLong(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean fitsInBigInteger() { return LIB.fitsInBigInteger(value); }

  @Override public BigInteger asBigInteger() {
    try { return LIB.asBigInteger(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean fitsInDouble() { return LIB.fitsInDouble(value); }

  @Override public double asDouble() {
    try { return LIB.asDouble(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean hasBuffer() { return LIB.hasBufferElements(value); }

  @Override public long bufferSize() {
    try { return LIB.getBufferSize(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public void readBuffer(long byteOffset, byte[] dst, int dstOffset, int length) {
    try { LIB.readBuffer(value, byteOffset, dst, dstOffset, length); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean hasArray() { return LIB.hasArrayElements(value); }

  @Override public long arraySize() {
    try { return LIB.getArraySize(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public GuestData element(long index) {
    try { return new InteropData(LIB.readArrayElement(value, index), context); } catch (InteropException e) { throw bug(e); }
  }

  @Override public boolean hasMember(String name) {
    return LIB.hasMembers(value) && LIB.isMemberReadable(value, name);
  }

  @Override public GuestData member(String name) {
    try { return new InteropData(LIB.readMember(value, name), context); } catch (InteropException e) { throw bug(e); }
  }

  @Override public String typeName() {
    if (!LIB.hasMetaObject(value)) return null;
    try {
      return LIB.asString(LIB.getMetaSimpleName(LIB.getMetaObject(value)));
    } catch (InteropException e) {
      return null;
    }
  }

  @Override public boolean isString() { return LIB.isString(value); }

  @Override public String asString() {
    try { return LIB.asString(value); } catch (InteropException e) { throw bug(e); }
  }

  @Override public Object hostObject() {
    if (value instanceof DataCarrier c) return c.data();
    if (context.env().isHostObject(value)) return context.env().asHostObject(value);
    return null;
  }
}

package io.github.futhark4j.polyglot.marshal;

import java.math.BigInteger;
import org.graalvm.polyglot.Value;

/** {@link GuestData} over a polyglot {@link Value}: what a host {@code ProxyExecutable} receives. */
public record ValueData(Value value) implements GuestData {
  @Override public boolean isNull() { return value.isNull(); }

  @Override public boolean isBoolean() { return value.isBoolean(); }

  @Override public boolean asBoolean() { return value.asBoolean(); }

  @Override public boolean isNumber() { return value.isNumber(); }

  @Override public boolean fitsInLong() { return value.fitsInLong(); }

  @Override public long asLong() { return value.asLong(); }

  @Override public boolean fitsInBigInteger() { return value.fitsInBigInteger(); }

  @Override public BigInteger asBigInteger() { return value.asBigInteger(); }

  @Override public boolean fitsInDouble() { return value.fitsInDouble(); }

  @Override public double asDouble() { return value.asDouble(); }

  @Override public boolean hasBuffer() { return value.hasBufferElements(); }

  @Override public long bufferSize() { return value.getBufferSize(); }

  @Override public void readBuffer(long byteOffset, byte[] dst, int dstOffset, int length) {
    value.readBuffer(byteOffset, dst, dstOffset, length);
  }

  @Override public boolean hasArray() { return value.hasArrayElements(); }

  @Override public long arraySize() { return value.getArraySize(); }

  @Override public GuestData element(long index) { return new ValueData(value.getArrayElement(index)); }

  @Override public boolean hasMember(String name) { return value.hasMembers() && value.hasMember(name); }

  @Override public GuestData member(String name) { return new ValueData(value.getMember(name)); }

  @Override public String typeName() {
    Value meta = value.getMetaObject();
    return meta == null ? null : meta.getMetaSimpleName();
  }

  @Override public boolean isString() { return value.isString(); }

  @Override public String asString() { return value.asString(); }

  @Override public Object hostObject() {
    if (value.isHostObject()) return value.asHostObject();
    if (value.isProxyObject()) {
      Object proxy = value.asProxyObject();
      // Our own result proxies carry their data; handing the data back lets results chain.
      if (proxy instanceof DataCarrier c) return c.data();
      return null;
    }
    return null;
  }
}

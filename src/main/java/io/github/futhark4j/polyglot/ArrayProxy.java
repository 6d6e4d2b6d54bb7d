package io.github.futhark4j.polyglot;

import io.github.futhark4j.polyglot.marshal.ArrayData;
import io.github.futhark4j.polyglot.marshal.DataCarrier;
import java.util.Arrays;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * An array result handed to a guest through a host proxy (the route without the {@code futhark}
 * language). Guests index it, take its length and iterate it like an array (rows of a
 * multi-dimensional array are proxies over the same memory). Members: {@code shape},
 * {@code type}, and {@code buffer}, a {@link java.nio.ByteBuffer} over the flat data that
 * JavaScript can view without a copy ({@code new Float64Array(r.buffer)}) when the context
 * allows buffer access ({@code HostAccess.newBuilder(...).allowBufferAccess(true)} or
 * {@code HostAccess.ALL}).
 *
 * <p>Inside a context where the {@code futhark} language is available, prefer it: its arrays are
 * themselves buffers and need no host access at all.
 */
public final class ArrayProxy implements ProxyArray, ProxyObject, DataCarrier {
  private static final String[] MEMBERS = {"shape", "type", "buffer"};
  private final ArrayData data;

  public ArrayProxy(ArrayData data) {
    this.data = data;
  }

  @Override public Object data() { return data; }

  @Override
  public Object get(long index) {
    if (index < 0 || index >= data.shape()[0]) throw new ArrayIndexOutOfBoundsException("index " + index + " of " + data);
    return data.rank() > 1 ? new ArrayProxy(data.row(index)) : data.get(index);
  }

  @Override
  public void set(long index, Value value) {
    throw new UnsupportedOperationException("Futhark result arrays are read-only; write through r.buffer");
  }

  @Override public long getSize() { return data.shape()[0]; }

  @Override
  public Object getMember(String key) {
    return switch (key) {
      case "shape" -> ProxyArray.fromArray(Arrays.stream(data.shape()).boxed().toArray());
      case "type" -> "[]".repeat(data.rank()) + data.elem().futharkName();
      case "buffer" -> data.bytes();
      default -> null;
    };
  }

  @Override public Object getMemberKeys() { return ProxyArray.fromArray((Object[]) MEMBERS); }

  @Override public boolean hasMember(String key) { return Arrays.asList(MEMBERS).contains(key); }

  @Override
  public void putMember(String key, Value value) {
    throw new UnsupportedOperationException("Futhark result arrays are read-only");
  }

  @Override public String toString() {
    StringBuilder s = new StringBuilder("[");
    long n = Math.min(getSize(), 10);
    for (long i = 0; i < n; i++) s.append(i > 0 ? ", " : "").append(get(i));
    return s.append(getSize() > n ? ", ...]" : "]").toString();
  }
}

package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.polyglot.marshal.ArgumentDecoder;
import io.github.futhark4j.polyglot.marshal.ArrayData;
import io.github.futhark4j.polyglot.marshal.GuestData;
import io.github.futhark4j.polyglot.marshal.ManifestType;
import io.github.futhark4j.polyglot.marshal.ValueData;
import java.util.List;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * A {@link FutharkFunction} as a guest function through the polyglot proxy API: made by
 * {@link FutharkPolyglot#executable}. Arguments are decoded by the same rules as in the
 * {@code futhark} language; results are guest numbers and booleans, {@link ArrayProxy} arrays,
 * guest arrays for several results, and native handles (as host objects) from {@code native}.
 * Members: {@code name}, {@code parameterTypes}, {@code resultTypes}, {@code native}.
 */
public final class EntryPointProxy implements ProxyExecutable, ProxyObject {
  private static final List<String> MEMBERS = List.of("name", "parameterTypes", "resultTypes", "native");
  private final FutharkFunction function;
  private final boolean keepNative;

  EntryPointProxy(FutharkFunction function, boolean keepNative) {
    this.function = function;
    this.keepNative = keepNative;
  }

  /** The function behind this proxy. */
  public FutharkFunction function() { return function; }

  @Override
  public Object execute(Value... arguments) {
    GuestData[] args = new GuestData[arguments.length];
    for (int i = 0; i < args.length; i++) args[i] = new ValueData(arguments[i]);
    Object[] javaArgs = ArgumentDecoder.decodeAll(function.name(), function.parameterTypes(), args);
    Object result = keepNative ? function.callNative(javaArgs) : function.call(javaArgs);
    List<String> types = function.resultTypes();
    if (types.size() == 1) return encode(ManifestType.parse(types.get(0)), result);
    Object[] parts = (Object[]) result;
    Object[] out = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) out[i] = encode(ManifestType.parse(types.get(i)), parts[i]);
    return ProxyArray.fromArray(out);
  }

  static Object encode(ManifestType type, Object value) {
    if (type.isScalar() && (value instanceof Number || value instanceof Boolean)) return type.elem().numericValue(value);
    if (type.isArray() && value != null && value.getClass().isArray()) {
      return new ArrayProxy(ArrayData.fromJava(value, type.elem(), type.rank()));
    }
    return value;
  }

  @Override
  public Object getMember(String key) {
    return switch (key) {
      case "name" -> function.name();
      case "parameterTypes" -> ProxyArray.fromList(List.copyOf(function.parameterTypes()));
      case "resultTypes" -> ProxyArray.fromList(List.copyOf(function.resultTypes()));
      case "native" -> new EntryPointProxy(function, true);
      default -> null;
    };
  }

  @Override public Object getMemberKeys() { return ProxyArray.fromList(List.copyOf(MEMBERS)); }

  @Override public boolean hasMember(String key) { return MEMBERS.contains(key); }

  @Override
  public void putMember(String key, Value value) {
    throw new UnsupportedOperationException("entry points are read-only");
  }

  @Override public String toString() {
    return "<futhark entry " + function.name() + " : " + String.join(" -> ", function.parameterTypes()) + " -> "
        + String.join(", ", function.resultTypes()) + ">" + (keepNative ? " (native results)" : "");
  }
}

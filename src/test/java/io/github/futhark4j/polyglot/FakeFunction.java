package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A test-only {@link FutharkFunction} computing its result in Java, so marshalling can be tested
 * without a C compiler. It checks its arguments the way the real one is specified to (Java arrays
 * of the right class, boxed scalars) and records what it received. {@link #callNative} wraps
 * array results in a {@link FakeHandle}, which {@link #call} accepts back, like native handles.
 */
public final class FakeFunction implements FutharkFunction {
  private final String name;
  private final List<String> params;
  private final List<String> results;
  private final Function<Object[], Object> body;
  private FutharkProgram program;
  /** The Java arguments of the last call, after handle unwrapping. */
  public volatile Object[] lastArgs;
  /** The arguments of the last call exactly as passed (handles not unwrapped). */
  public volatile Object[] lastRawArgs;
  public volatile int nativeCalls;

  public FakeFunction(String name, List<String> params, List<String> results, Function<Object[], Object> body) {
    this.name = name;
    this.params = params;
    this.results = results;
    this.body = body;
  }

  /** A native handle: the data, and the type it claims. */
  public record FakeHandle(Object data, String type) {}

  void setProgram(FutharkProgram p) { this.program = p; }

  @Override public String name() { return name; }

  @Override public List<String> parameterTypes() { return params; }

  @Override public List<String> resultTypes() { return results; }

  @Override public FutharkProgram program() { return program; }

  @Override public void prepare() { }

  @Override
  public Object call(Object... args) {
    if (args.length != params.size()) throw new IllegalArgumentException(name + ": wrong number of arguments");
    lastRawArgs = args.clone();
    Object[] unwrapped = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      Object a = args[i] instanceof FakeHandle h ? checkHandle(h, i) : args[i];
      checkJava(a, params.get(i), i);
      unwrapped[i] = a;
    }
    lastArgs = unwrapped;
    return body.apply(unwrapped);
  }

  @Override
  public Object callNative(Object... args) {
    nativeCalls++;
    Object r = call(args);
    if (results.size() == 1) return wrap(r, results.get(0));
    Object[] parts = ((Object[]) r).clone();
    for (int i = 0; i < parts.length; i++) parts[i] = wrap(parts[i], results.get(i));
    return parts;
  }

  private static Object wrap(Object r, String type) {
    return type.startsWith("[]") ? new FakeHandle(r, type) : r;
  }

  private Object checkHandle(FakeHandle h, int i) {
    if (!h.type().equals(params.get(i))) {
      throw new IllegalArgumentException("entry point '" + name + "', parameter " + (i + 1) + ": expected " + params.get(i) + ", got handle of " + h.type());
    }
    return h.data();
  }

  private void checkJava(Object a, String type, int i) {
    Class<?> want = switch (type.replace("[]", "")) {
      case "f64" -> type.startsWith("[]") ? double.class : Double.class;
      case "f32", "f16" -> type.startsWith("[]") ? float.class : Float.class;
      case "i64", "u64" -> type.startsWith("[]") ? long.class : Long.class;
      case "i32", "u32" -> type.startsWith("[]") ? int.class : Integer.class;
      case "i16", "u16" -> type.startsWith("[]") ? short.class : Short.class;
      case "i8", "u8" -> type.startsWith("[]") ? byte.class : Byte.class;
      case "bool" -> type.startsWith("[]") ? boolean.class : Boolean.class;
      default -> Object.class;
    };
    int rank = (type.length() - type.replace("[]", "").length()) / 2;
    for (int r = 0; r < rank; r++) want = want.arrayType();
    if (a == null || !want.isInstance(a)) {
      throw new IllegalArgumentException("entry point '" + name + "', parameter " + (i + 1) + ": expected Java "
          + want.getSimpleName() + ", got " + (a == null ? "null" : a.getClass().getSimpleName()));
    }
  }

  /** Convenience for tests: the recorded argument {@code i} as a readable string. */
  public String lastArg(int i) {
    Object a = lastArgs[i];
    if (a == null || !a.getClass().isArray()) return String.valueOf(a);
    if (a instanceof Object[] os) return Arrays.deepToString(os);
    List<Object> items = new ArrayList<>();
    for (int k = 0; k < Array.getLength(a); k++) items.add(Array.get(a, k));
    return items.toString();
  }
}

package io.github.futhark4j.jsr223;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@link javax.script.Invocable#getInterface}: a {@link Proxy} whose abstract methods call the
 * entry points of the same name, converting each result to the method's return type (numbers
 * exactly, e.g. an i64 result to {@code int} if it fits; native arrays to Java arrays; tuples to
 * {@code Object[]} or {@code List}). Default methods run as written.
 */
final class InterfaceProxy {
  private InterfaceProxy() {}

  /** The proxy, or {@code null} when some abstract method has no entry point of its name (as JSR-223 asks). */
  static <T> T create(Class<T> iface, Function<String, FutharkFunction> lookup) {
    if (iface == null || !iface.isInterface()) throw new IllegalArgumentException("not an interface: " + iface);
    Map<Method, FutharkFunction> targets = new HashMap<>();
    for (Method m : iface.getMethods()) {
      if (!Modifier.isAbstract(m.getModifiers())) continue;
      if (isObjectMethod(m)) continue;
      FutharkFunction f = lookup.apply(m.getName());
      if (f == null || f.parameterTypes().size() != m.getParameterCount()) return null;
      targets.put(m, f);
    }
    InvocationHandler h = (proxy, method, args) -> {
      FutharkFunction f = targets.get(method);
      if (f != null) return convert(f.call(args == null ? new Object[0] : args), method.getReturnType(), f);
      if (method.isDefault()) return InvocationHandler.invokeDefault(proxy, method, args);
      return switch (method.getName()) {
        case "toString" -> "Futhark implementation of " + iface.getName();
        case "hashCode" -> System.identityHashCode(proxy);
        case "equals" -> proxy == args[0];
        default -> throw new UnsupportedOperationException(method.toString());
      };
    };
    return iface.cast(Proxy.newProxyInstance(iface.getClassLoader(), new Class<?>[] {iface}, h));
  }

  private static boolean isObjectMethod(Method m) {
    try {
      Object.class.getMethod(m.getName(), m.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** Converts an entry point's result to the Java return type, or fails with a ClassCastException. */
  static Object convert(Object v, Class<?> type, FutharkFunction f) {
    if (type == void.class || type == Void.class) return null;
    Class<?> boxed = box(type);
    if (v == null || boxed.isInstance(v)) return v;
    if (v instanceof Number n && Number.class.isAssignableFrom(boxed)) {
      Object r = number(n, boxed);
      if (r != null) return r;
    }
    if (v instanceof FutharkArray a && type.isArray()) {
      Object data = a.toJava();
      if (type.isInstance(data)) return data;
    }
    if (v instanceof Object[] tuple && type == List.class) return Arrays.asList(tuple);
    throw new ClassCastException("entry point '" + f.name() + "' returned " + v.getClass().getSimpleName() + " "
        + (v.getClass().isArray() ? "array" : v) + ", which is not convertible to " + type.getName());
  }

  private static Object number(Number n, Class<?> to) {
    BigDecimal d = n instanceof Float || n instanceof Double ? null : new BigDecimal(n.longValue());
    try {
      if (to == Long.class) return d != null ? d.longValueExact() : exact(n.doubleValue()).longValueExact();
      if (to == Integer.class) return d != null ? d.intValueExact() : exact(n.doubleValue()).intValueExact();
      if (to == Short.class) return d != null ? d.shortValueExact() : exact(n.doubleValue()).shortValueExact();
      if (to == Byte.class) return d != null ? d.byteValueExact() : exact(n.doubleValue()).byteValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      return null;
    }
    if (to == Double.class) return n.doubleValue();
    if (to == Float.class) return n.floatValue();
    return null;
  }

  private static BigDecimal exact(double x) {
    return new BigDecimal(x);
  }

  private static Class<?> box(Class<?> c) {
    if (!c.isPrimitive()) return c;
    if (c == int.class) return Integer.class;
    if (c == long.class) return Long.class;
    if (c == double.class) return Double.class;
    if (c == float.class) return Float.class;
    if (c == short.class) return Short.class;
    if (c == byte.class) return Byte.class;
    if (c == boolean.class) return Boolean.class;
    if (c == char.class) return Character.class;
    return c;
  }
}

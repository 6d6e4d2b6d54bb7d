package io.github.futhark4j;

import java.lang.reflect.Array;
import java.util.List;

/**
 * The checks and copies of {@link FutharkFunction#callInto} for implementations that make new
 * arrays first (the runtime's entry points write into the given arrays directly).
 */
final class CallInto {
  private CallInto() {}

  /** {@code into} has one slot per result, and each given array is a flat primitive array. */
  static void checkSlots(FutharkFunction f, Object[] into) {
    List<String> results = f.resultTypes();
    if (into == null || into.length != results.size()) {
      throw new IllegalArgumentException("entry point '" + f.name() + "' has " + results.size() + " result"
          + (results.size() == 1 ? "" : "s") + " but callInto was given " + (into == null ? "null" : into.length + " slots"));
    }
    for (int i = 0; i < into.length; i++) {
      Object a = into[i];
      if (a == null) continue;
      String t = results.get(i);
      if (!t.startsWith("[]")) throw bad(f, i, "is a " + t + ", not an array, so its slot must be null");
      if (!a.getClass().isArray() || !a.getClass().getComponentType().isPrimitive()) {
        throw bad(f, i, "needs a one-dimensional primitive Java array, not " + a.getClass().getSimpleName());
      }
    }
  }

  /** Copies each array result into its given array; returns the results with those in place. */
  static Object fill(FutharkFunction f, Object[] into, Object r) {
    Object[] rs = into.length == 1 ? new Object[] {r} : (Object[]) r;
    for (int i = 0; i < into.length; i++) {
      if (into[i] == null) continue;
      Object flat = flatten(rs[i]);
      if (flat.getClass() != into[i].getClass()) {
        throw bad(f, i, "is a " + f.resultTypes().get(i) + ", which needs a " + flat.getClass().getSimpleName()
            + ", not a " + into[i].getClass().getSimpleName());
      }
      int n = Array.getLength(flat);
      if (Array.getLength(into[i]) != n) {
        throw bad(f, i, "has " + n + " elements, but the given array has length " + Array.getLength(into[i]));
      }
      System.arraycopy(flat, 0, into[i], 0, n);
      rs[i] = into[i];
    }
    return into.length == 1 ? rs[0] : rs;
  }

  private static Object flatten(Object nested) {
    if (nested instanceof FutharkArray fa) return fa.toFlatJava();
    if (!nested.getClass().getComponentType().isArray()) return nested;
    return FutharkArray.of(elementName(nested), nested).toFlatJava();
  }

  private static String elementName(Object nested) {
    Class<?> c = nested.getClass();
    while (c.isArray()) c = c.getComponentType();
    for (ScalarType p : ScalarType.values()) if (!p.isUnsigned() && p != ScalarType.F16 && p.javaComponent() == c) return p.futharkName();
    throw new IllegalArgumentException("not a primitive array: " + nested.getClass());
  }

  static IllegalArgumentException bad(FutharkFunction f, int i, String why) {
    return new IllegalArgumentException("entry point '" + f.name() + "', result " + (i + 1) + " " + why);
  }
}

package io.github.futhark4j.bench;

/** The element types the kernels use, with their Futhark names and sizes in bytes. */
public enum Elem {
  F32("f32", 4), F64("f64", 8), I32("i32", 4), I64("i64", 8);

  private final String futhark;
  private final int bytes;

  Elem(String futhark, int bytes) {
    this.futhark = futhark;
    this.bytes = bytes;
  }

  public String futhark() { return futhark; }

  public int bytes() { return bytes; }

  /** The element type of a (nested) primitive Java array, e.g. {@code float[][]} gives F32. */
  public static Elem ofArray(Object array) {
    Class<?> c = array.getClass();
    while (c.isArray()) c = c.getComponentType();
    if (c == float.class) return F32;
    if (c == double.class) return F64;
    if (c == int.class) return I32;
    if (c == long.class) return I64;
    throw new IllegalArgumentException("no benchmark element type for " + array.getClass().getSimpleName());
  }
}

package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Objects;

/**
 * One Futhark value of a primitive type or a regular array of one: an element type, a shape (empty
 * for a scalar) and the elements flattened in row-major order into one Java primitive array.
 *
 * <p>Storage follows the runtime's Java shapes: {@code i8}/{@code u8} in {@code byte[]},
 * {@code i16}/{@code u16} in {@code short[]}, {@code i32}/{@code u32} in {@code int[]},
 * {@code i64}/{@code u64} in {@code long[]} (unsigned types hold the same bits as the signed type of
 * their width), {@code f16} and {@code f32} in {@code float[]} (an f16 is kept as the float it
 * denotes), {@code f64} in {@code double[]} and {@code bool} in {@code boolean[]}.
 *
 * <p>Values are treated as immutable: nothing in this package writes to the data array after
 * construction, and callers of {@link #data()} must not either. Equality is exact (bitwise for
 * floats, so NaN equals NaN); use {@link ValueComparator} for futhark test's tolerant comparison.
 */
public final class Value {
  private final ScalarType type;
  private final long[] shape;
  private final Object data;

  private Value(ScalarType type, long[] shape, Object data) {
    this.type = type;
    this.shape = shape;
    this.data = data;
  }

  /**
   * A value of the given element type and shape over {@code data}, which must be the storage array
   * class for {@code type} with exactly as many elements as the shape says. The array is not copied.
   */
  public static Value of(ScalarType type, long[] shape, Object data) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(data, "data");
    long[] s = shape == null ? new long[0] : shape.clone();
    long n = 1;
    for (long d : s) {
      if (d < 0) throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(s));
      n = Math.multiplyExact(n, d);
    }
    Class<?> want = storageClass(type);
    if (data.getClass() != want) {
      throw new IllegalArgumentException("a " + type + " value is stored in " + want.getSimpleName()
          + ", not " + data.getClass().getSimpleName());
    }
    if (Array.getLength(data) != n) {
      throw new IllegalArgumentException("shape " + Arrays.toString(s) + " needs " + n + " elements, got "
          + Array.getLength(data));
    }
    return new Value(type, s, data);
  }

  /** A scalar from a boxed Java value (any {@link Number} for numeric types, {@link Boolean} for bool). */
  public static Value scalar(ScalarType type, Object v) {
    Object data = Storage.allocate(type, 1);
    Storage.set(type, data, 0, v);
    return new Value(type, new long[0], data);
  }

  public static Value i32(int v) { return of(ScalarType.I32, null, new int[] {v}); }

  public static Value i64(long v) { return of(ScalarType.I64, null, new long[] {v}); }

  public static Value f32(float v) { return of(ScalarType.F32, null, new float[] {v}); }

  public static Value f64(double v) { return of(ScalarType.F64, null, new double[] {v}); }

  public static Value bool(boolean v) { return of(ScalarType.BOOL, null, new boolean[] {v}); }

  /** A one-dimensional array over {@code data} (the storage array for {@code type}). */
  public static Value vector(ScalarType type, Object data) {
    return of(type, new long[] {Array.getLength(data)}, data);
  }

  /** The Java storage class of elements of {@code type}, e.g. {@code int[].class} for i32 and u32. */
  public static Class<?> storageClass(ScalarType type) {
    return Storage.allocate(type, 0).getClass();
  }

  public ScalarType type() { return type; }

  /** A copy of the shape; empty for a scalar. */
  public long[] shape() { return shape.clone(); }

  public long dim(int i) { return shape[i]; }

  public int rank() { return shape.length; }

  public boolean isScalar() { return shape.length == 0; }

  /** The number of elements (1 for a scalar). */
  public int elementCount() { return Array.getLength(data); }

  /** The flat storage array itself (not a copy; do not modify). */
  public Object data() { return data; }

  /** Element {@code i} as a long: signed types sign-extend, unsigned types zero-extend (u64: raw bits). */
  public long longAt(int i) { return Storage.getLong(type, data, i); }

  /** Element {@code i} as a double (integers converted, unsigned ones as unsigned; bool as 0 or 1). */
  public double doubleAt(int i) { return Storage.getDouble(type, data, i); }

  public boolean boolAt(int i) { return ((boolean[]) data)[i]; }

  /** The Futhark type without sizes, as a manifest names it: {@code [][]f64}, {@code i32}. */
  public String typeName() {
    return "[]".repeat(shape.length) + type.futharkName();
  }

  /** The Futhark type with sizes: {@code [2][3]f64}. */
  public String shapedTypeName() {
    StringBuilder sb = new StringBuilder();
    for (long d : shape) sb.append('[').append(d).append(']');
    return sb.append(type.futharkName()).toString();
  }

  /**
   * This value as the Java object the runtime accepts: a boxed scalar ({@code Integer}, {@code Float}
   * for f16 ...), or a Java primitive array of the same rank ({@code double[][]} for {@code [][]f64}).
   */
  public Object toJava() {
    if (shape.length == 0) return Storage.box(type, data, 0);
    // Nested Java arrays cannot say that `empty([0][3]i32)` has rows of 3 (a new int[0][] has no
    // rows to ask), so such a value travels as a FutharkArray with an explicit shape.
    if (losesShapeWhenNested(shape)) {
      io.github.futhark4j.ScalarType p = type;
      return io.github.futhark4j.FutharkArray.ofFlat(type.futharkName(), shape,
          java.lang.reflect.Array.newInstance(p.javaComponent(), 0));
    }
    return NestedArrays.nest(data, shape);
  }

  /**
   * Whether nested Java arrays of this shape would lose a size: a dimension of 0 followed by a
   * non-zero one ({@code [0][3]}, {@code [2][0][4]}), as the inner sizes are read from the rows.
   */
  public static boolean losesShapeWhenNested(long[] shape) {
    boolean zero = false;
    for (long d : shape) {
      if (zero && d != 0) return true;
      if (d == 0) zero = true;
    }
    return false;
  }

  /**
   * Converts a Java value (boxed scalar or primitive array of any rank, or a {@link Value}) to a
   * value of element type {@code type}; the rank is taken from the array's class.
   *
   * @throws IllegalArgumentException for a wrong Java type or an irregular array
   */
  public static Value fromJava(Object java, ScalarType type) {
    if (java instanceof Value v) {
      if (v.type != type) throw new IllegalArgumentException("expected " + type + " value, got " + v.typeName());
      return v;
    }
    if (java instanceof io.github.futhark4j.FutharkArray fa) {
      if (!fa.elementType().equals(type.futharkName())) {
        throw new IllegalArgumentException("expected " + type + " array, got " + fa.elementType() + " array");
      }
      long[] sh = fa.shape();
      long n = 1;
      for (long d : sh) n *= d;
      if (n == 0) return Value.of(type, sh, Storage.allocate(type, 0));
      return Value.of(type, sh, NestedArrays.flatten(fa.toJava(), type).data);
    }
    return NestedArrays.flatten(java, type);
  }

  /**
   * The element type of a manifest type name ({@code f64} for {@code [][]f64}), or {@code null} when
   * the type is not a primitive or an array of primitives (an opaque type).
   */
  public static ScalarType elementTypeOf(String typeName) {
    String t = typeName.trim().replace("*", "");
    while (t.startsWith("[]")) t = t.substring(2);
    return ScalarType.parse(t);
  }

  /** {@link #elementTypeOf} for each type; entries are {@code null} for opaque types. */
  public static java.util.List<ScalarType> elementTypesOf(java.util.List<String> typeNames) {
    java.util.List<ScalarType> out = new java.util.ArrayList<>();
    for (String n : typeNames) out.add(elementTypeOf(n));
    return out;
  }

  /**
   * Converts a Java value to a value of the manifest type {@code typeName} ({@code []u8}, {@code f16}).
   *
   * @throws IllegalArgumentException if the type is not a primitive or array-of-primitive type, or the
   *                                  Java value does not have that type's rank and element class
   */
  public static Value fromJava(Object java, String typeName) {
    int rank = 0;
    String t = typeName.trim();
    while (t.startsWith("[]")) {
      rank++;
      t = t.substring(2);
    }
    ScalarType pt = ScalarType.parse(t);
    if (pt == null) throw new IllegalArgumentException("not a primitive array type: " + typeName);
    Value v = fromJava(java, pt);
    if (v.rank() != rank) {
      throw new IllegalArgumentException("expected a value of type " + typeName + ", got rank " + v.rank());
    }
    return v;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Value v && v.type == type && Arrays.equals(v.shape, shape)
        && Storage.dataEquals(data, v.data);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, Arrays.hashCode(shape), Storage.dataHash(data));
  }

  /** The value in Futhark's text syntax, as {@link ValueWriter#text} writes it. */
  @Override
  public String toString() {
    return ValueWriter.text(this);
  }
}

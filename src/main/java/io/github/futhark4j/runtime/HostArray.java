package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.FutharkArray;

/**
 * A {@link FutharkArray} whose data is on the Java side: a flat row-major primitive array and a
 * shape. Made by {@link FutharkArray#of}; passing it to a call copies it into native memory once.
 */
public final class HostArray extends FutharkArray {
  private final ScalarType prim;
  private final long[] shape;
  private final Object flat;

  private HostArray(ScalarType prim, long[] shape, Object flat) {
    this.prim = prim;
    this.shape = shape;
    this.flat = flat;
  }

  /** From nested Java arrays (copied, so later changes to them do not show). */
  public static HostArray fromNested(ScalarType p, Object nested) {
    if (nested == null || !nested.getClass().isArray()) throw new IllegalArgumentException("not a Java array: " + nested);
    int rank = 0;
    for (Class<?> c = nested.getClass(); c.isArray(); c = c.getComponentType()) rank++;
    long[] shape = JavaArrays.shapeOf(nested, p, rank);
    return new HostArray(p, shape, JavaArrays.flatten(nested, p, shape));
  }

  /** From flat row-major data of {@code p}'s Java component type (copied). */
  public static HostArray fromFlat(ScalarType p, long[] shape, Object flat) {
    HostArray a = wrapFlat(p, shape, flat);
    int len = java.lang.reflect.Array.getLength(flat);
    Object copy = java.lang.reflect.Array.newInstance(p.javaComponent(), len);
    System.arraycopy(flat, 0, copy, 0, len);
    return new HostArray(p, a.shape, copy);
  }

  /** From flat row-major data of {@code p}'s Java component type, used in place (not copied). */
  public static HostArray wrapFlat(ScalarType p, long[] shape, Object flat) {
    if (shape == null || shape.length == 0) throw new IllegalArgumentException("an array needs at least one dimension");
    for (long s : shape) if (s < 0) throw new IllegalArgumentException("negative dimension in shape");
    Class<?> want = JavaArrays.javaClass(p, 1);
    if (flat == null || flat.getClass() != want) {
      throw new IllegalArgumentException("flat data for element type " + p + " must be " + JavaArrays.javaName(want)
          + " but is " + (flat == null ? "null" : JavaArrays.javaName(flat.getClass())));
    }
    long n = JavaArrays.count(shape);
    int len = java.lang.reflect.Array.getLength(flat);
    if (n != len) throw new IllegalArgumentException("shape has " + n + " elements but the data has " + len);
    return new HostArray(p, shape.clone(), flat);
  }

  public ScalarType prim() { return prim; }

  /** The flat data itself (not a copy): for the runtime's single copy into native memory. */
  Object flatData() { return flat; }

  long[] shapeNoCopy() { return shape; }

  @Override public String elementType() { return prim.futharkName(); }

  @Override public long[] shape() { return shape.clone(); }

  @Override public boolean isNative() { return false; }

  @Override public Object toJava() { return JavaArrays.nest(flat, prim, shape); }

  @Override
  public Object toFlatJava() {
    Object copy = java.lang.reflect.Array.newInstance(prim.javaComponent(), java.lang.reflect.Array.getLength(flat));
    System.arraycopy(flat, 0, copy, 0, java.lang.reflect.Array.getLength(flat));
    return copy;
  }

  @Override
  public Object copyTo(Object into) {
    checkInto(into);
    System.arraycopy(flat, 0, into, 0, java.lang.reflect.Array.getLength(flat));
    return into;
  }

  @Override public void close() {}
}

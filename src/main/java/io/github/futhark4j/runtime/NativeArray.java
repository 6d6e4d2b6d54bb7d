package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkArray;
import java.lang.ref.Reference;

/** A {@link FutharkArray} living in a Futhark context's memory; see {@link FutharkArray}. */
final class NativeArray extends FutharkArray {
  final ValueType.Array type;
  final Handle handle;
  private final long[] shape;

  /** Wraps a fresh array pointer that may alias {@code keep}; the caller holds the context lock. */
  NativeArray(Context context, ValueType.Array type, Pointer pointer, java.util.List<RawBuffer> keep) {
    this.type = type;
    this.handle = new Handle(this, context, type.free(), pointer, keep);
    this.shape = Results.shape(type, pointer, context);
  }

  Context context() { return handle.context; }

  @Override public String elementType() { return type.prim().futharkName(); }

  @Override public long[] shape() { return shape.clone(); }

  long[] shapeNoCopy() { return shape; }

  @Override public String type() { return type.name(); }

  @Override public boolean isNative() { return true; }

  /** Copies the data into a staging buffer (one copy, by the library's values function); give it back when done. */
  Memory copyOut() {
    Context c = handle.context;
    Memory mem = Staging.take(JavaArrays.count(shape) * type.prim().bytes());
    try {
      synchronized (c.lock()) {
        Pointer p = handle.pointer("native array " + type.name());
        c.check(type.values().invokeInt(new Object[] {c.valuePointer(), p, mem}), "copying " + type.name() + " out");
        c.sync();
      }
    } catch (RuntimeException | Error e) {
      Staging.give(mem);
      throw e;
    } finally {
      Reference.reachabilityFence(this);
    }
    return mem;
  }

  @Override
  public Object toJava() {
    NativeArrays.countNativeToJava();
    return withData(d -> d != null ? JavaArrays.readNested(d, type.prim(), shape)
        : JavaArrays.nest(java.lang.reflect.Array.newInstance(type.prim().javaComponent(), 0), type.prim(), shape));
  }

  @Override
  public Object toFlatJava() {
    NativeArrays.countNativeToJava();
    long n = JavaArrays.count(shape);
    if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException(n + " elements do not fit in a Java array");
    return withData(d -> d != null ? JavaArrays.readRow(d, 0, type.prim(), (int) n)
        : java.lang.reflect.Array.newInstance(type.prim().javaComponent(), 0));
  }

  @Override
  public Object copyTo(Object into) {
    checkInto(into);
    NativeArrays.countNativeToJava();
    int n = (int) JavaArrays.count(shape);
    return withData(d -> {
      if (d != null) JavaArrays.readInto(d, type.prim(), into, n);
      return into;
    });
  }

  /**
   * {@code read} of the array's data, read in one copy: its host storage under the context lock
   * where the library has {@code values_raw} (null for an empty array), else a staging copy made
   * by the values function.
   */
  private <T> T withData(java.util.function.Function<Pointer, T> read) {
    if (type.valuesRaw() == null) {
      Memory mem = copyOut();
      try {
        return read.apply(mem);
      } finally {
        Staging.give(mem);
      }
    }
    Context c = handle.context;
    try {
      synchronized (c.lock()) {
        Pointer p = handle.pointer("native array " + type.name());
        return read.apply(Results.storage(type, p, shape, c));
      }
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  @Override
  public void close() { handle.close(); }
}

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
    if (type.valuesRaw() != null) return readRaw(false);
    Memory mem = copyOut();
    try {
      return JavaArrays.readNested(mem, type.prim(), shape);
    } finally {
      Staging.give(mem);
    }
  }

  @Override
  public Object toFlatJava() {
    NativeArrays.countNativeToJava();
    long n = JavaArrays.count(shape);
    if (n > Integer.MAX_VALUE - 8) throw new IllegalStateException(n + " elements do not fit in a Java array");
    if (type.valuesRaw() != null) return readRaw(true);
    Memory mem = copyOut();
    try {
      return JavaArrays.readRow(mem, 0, type.prim(), (int) n);
    } finally {
      Staging.give(mem);
    }
  }

  @Override
  public Object copyTo(Object into) {
    checkInto(into);
    NativeArrays.countNativeToJava();
    int n = (int) JavaArrays.count(shape);
    if (type.valuesRaw() != null) {
      Context c = handle.context;
      try {
        synchronized (c.lock()) {
          Pointer p = handle.pointer("native array " + type.name());
          if (n > 0) JavaArrays.readInto(Results.storage(type, p, shape, c), type.prim(), into, n);
        }
      } finally {
        Reference.reachabilityFence(this);
      }
      return into;
    }
    Memory mem = copyOut();
    try {
      JavaArrays.readInto(mem, type.prim(), into, n);
    } finally {
      Staging.give(mem);
    }
    return into;
  }

  /** One copy, from the array's host storage straight into new Java arrays, under the context lock. */
  private Object readRaw(boolean flat) {
    Context c = handle.context;
    try {
      synchronized (c.lock()) {
        Pointer p = handle.pointer("native array " + type.name());
        int n = (int) JavaArrays.count(shape);
        if (n == 0) {
          Object empty = java.lang.reflect.Array.newInstance(type.prim().javaComponent(), 0);
          return flat ? empty : JavaArrays.nest(empty, type.prim(), shape);
        }
        Pointer data = Results.storage(type, p, shape, c);
        return flat ? JavaArrays.readRow(data, 0, type.prim(), n) : JavaArrays.readNested(data, type.prim(), shape);
      }
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  @Override
  public void close() { handle.close(); }
}

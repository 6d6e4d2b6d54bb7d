package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkArray;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Making native arrays from data ({@code FutharkProgram.newArray}), and counting the copies
 * between Java arrays and native memory, so tests can see how often data crosses (for example that
 * {@code futhark4j bench} converts a dataset once, not once per run).
 */
final class NativeArrays {
  private NativeArrays() {}

  /** Java array data copied into native memory to become (or be wrapped by) a Futhark array. */
  private static final AtomicLong JAVA_TO_NATIVE = new AtomicLong();
  /** Native arrays read into new Java arrays ({@code FutharkArray.toJava}/{@code toFlatJava}). */
  private static final AtomicLong NATIVE_TO_JAVA = new AtomicLong();

  static void countJavaToNative() { JAVA_TO_NATIVE.incrementAndGet(); }

  static void countNativeToJava() { NATIVE_TO_JAVA.incrementAndGet(); }

  /** How many Java arrays have been copied into native memory in this process (for tests). */
  static long javaToNative() { return JAVA_TO_NATIVE.get(); }

  /** How many native arrays have been read into Java arrays through {@link NativeArray} (for tests). */
  static long nativeToJava() { return NATIVE_TO_JAVA.get(); }

  /**
   * A new native array of {@code ctx} holding a copy of {@code data}, made by the type's
   * {@code futhark_new_*} function (it owns its memory; nothing of {@code data} is kept).
   *
   * @param types the program's types by manifest name
   * @throws IllegalArgumentException the program has no such array type
   * @throws IllegalStateException    the program is closed, or {@code data} is closed or consumed
   */
  static NativeArray copy(Context ctx, Map<String, ValueType> types, FutharkArray data) {
    java.util.Objects.requireNonNull(data, "data");
    if (!(types.get(data.type()) instanceof ValueType.Array type)) {
      throw new IllegalArgumentException("the program has no array type " + data.type()
          + " (only the array types its entry points take or return can be made natively; it has "
          + String.join(", ", types.values().stream().filter(t -> t instanceof ValueType.Array).map(ValueType::name)
              .sorted().toList()) + ")");
    }
    Memory mem;
    long[] shape;
    switch (data) {
      case NativeArray n -> {
        shape = n.shapeNoCopy();
        mem = n.copyOut();
      }
      case HostArray h -> {
        shape = h.shapeNoCopy();
        mem = Arguments.allocate(shape, type.prim());
        try {
          JavaArrays.writeRow(h.flatData(), 0, (int) JavaArrays.count(shape), type.prim(), mem, 0);
        } catch (RuntimeException | Error e) {
          Staging.give(mem);
          throw e;
        }
        countJavaToNative();
      }
      default -> throw new IllegalArgumentException("unsupported FutharkArray implementation " + data.getClass().getName());
    }
    try {
      Object[] args = new Object[2 + shape.length];
      for (int d = 0; d < shape.length; d++) args[2 + d] = shape[d];
      args[1] = mem;
      synchronized (ctx.lock()) {
        args[0] = ctx.pointer();
        Pointer p = ctx.checkPointer(type.newFn().invokePointer(args), type.newFn().getName());
        try {
          ctx.sync();
        } catch (RuntimeException | Error e) {
          ctx.freeArray(type, p);
          throw e;
        }
        return new NativeArray(ctx, type, p, List.of()); // owns p from here, even if it throws
      }
    } finally {
      Staging.give(mem);
      Reference.reachabilityFence(data);
    }
  }
}

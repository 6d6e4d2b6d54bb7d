package io.github.futhark4j.runtime;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The JDK 22+ half of {@link HeapCalls}: a critical downcall (Foreign Function & Memory API) that
 * may be given Java arrays, which the JVM pins for the call instead of copying them. Compiled for
 * release 22 from {@code src/main/java22}; {@link HeapCalls} loads it only on a JDK that has the API.
 */
final class HeapDowncalls implements HeapCalls.Linking {
  @Override
  public HeapCalls.Downcall link(long address, String signature) {
    MemoryLayout[] params = new MemoryLayout[signature.length()];
    for (int i = 0; i < params.length; i++) params[i] = layout(signature.charAt(i));
    MethodHandle mh = Linker.nativeLinker().downcallHandle(MemorySegment.ofAddress(address),
        FunctionDescriptor.of(ValueLayout.JAVA_INT, params), Linker.Option.critical(true))
        .asSpreader(Object[].class, params.length);
    return args -> {
      Object[] a = new Object[args.length];
      for (int i = 0; i < a.length; i++) {
        Object v = args[i];
        a[i] = signature.charAt(i) != 'P' ? v : v instanceof Long l ? MemorySegment.ofAddress(l) : segment(v);
      }
      try {
        return (int) mh.invokeExact(a);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    };
  }

  private static MemorySegment segment(Object array) {
    return switch (array) {
      case byte[] b -> MemorySegment.ofArray(b);
      case short[] s -> MemorySegment.ofArray(s);
      case int[] i -> MemorySegment.ofArray(i);
      case long[] l -> MemorySegment.ofArray(l);
      case float[] f -> MemorySegment.ofArray(f);
      case double[] d -> MemorySegment.ofArray(d);
      default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass());
    };
  }

  private static MemoryLayout layout(char c) {
    return switch (c) {
      case 'P' -> ValueLayout.ADDRESS;
      case 'Z' -> ValueLayout.JAVA_BOOLEAN;
      case 'B' -> ValueLayout.JAVA_BYTE;
      case 'S' -> ValueLayout.JAVA_SHORT;
      case 'I' -> ValueLayout.JAVA_INT;
      case 'J' -> ValueLayout.JAVA_LONG;
      case 'F' -> ValueLayout.JAVA_FLOAT;
      case 'D' -> ValueLayout.JAVA_DOUBLE;
      default -> throw new IllegalArgumentException("bad signature code " + c);
    };
  }
}

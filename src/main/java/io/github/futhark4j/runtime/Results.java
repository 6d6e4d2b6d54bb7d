package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converting results into Java values. A record or tuple becomes, through its projection
 * functions, {@code Object[]} (tuple) or a {@code Map} from field name to value in field order;
 * fields convert like results (arrays are copied into Java arrays). Opaque fields without a record
 * view become {@link NativeOpaque}s. Arrays are read straight from the Futhark allocation where the
 * library gives it ({@code values_raw}, host-memory backends): one copy into the fresh Java arrays.
 * The caller holds the context lock.
 */
final class Results {
  private Results() {}

  /**
   * @param keep raw argument buffers the record may alias: native values made from its fields keep them
   */
  static Object record(ValueType.Opaque type, Pointer obj, Context ctx, List<RawBuffer> keep) {
    ValueType.RecordType r = type.record();
    Object[] values = new Object[r.fields().size()];
    Memory out = new Memory(8);
    try {
      for (int i = 0; i < values.length; i++) {
        ValueType.Field f = r.fields().get(i);
        out.setLong(0, 0);
        ctx.check(f.project().invokeInt(new Object[] {ctx.valuePointer(), out, obj}), f.project().getName());
        values[i] = field(f.type(), out, ctx, keep);
      }
    } finally {
      out.close();
    }
    if (r.isTuple()) return values;
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) m.put(r.fields().get(i).name(), values[i]);
    return m;
  }

  /** Converts a projected field; projected arrays and opaques are new references, freed here unless kept. */
  private static Object field(ValueType t, Memory out, Context ctx, List<RawBuffer> keep) {
    return switch (t) {
      case ValueType.Scalar s -> s.prim().read(out, 0);
      case ValueType.Array a -> {
        Pointer p = out.getPointer(0);
        try {
          yield array(a, p, ctx);
        } finally {
          ctx.freeArray(a, p);
        }
      }
      case ValueType.Opaque o when o.record() != null -> {
        Pointer p = out.getPointer(0);
        try {
          yield record(o, p, ctx, keep);
        } finally {
          ctx.freeNow(o.free(), p);
        }
      }
      case ValueType.Opaque o -> new NativeOpaque(ctx, o, out.getPointer(0), keep);
      case ValueType.Unsupported u -> throw new IllegalStateException(u.reason());
    };
  }

  /** The shape of a native array; the caller holds the context lock. */
  static long[] shape(ValueType.Array a, Pointer arr, Context ctx) {
    DirectCall d = a.direct().shape();
    Pointer shape = d != null ? new Pointer(d.invokeLong(Pointer.nativeValue(ctx.valuePointer()), Pointer.nativeValue(arr)))
        : a.shape().invokePointer(new Object[] {ctx.valuePointer(), arr});
    return shape.getLongArray(0, a.rank());
  }

  /**
   * Copies a native array into Java arrays (see {@link #javaArray}): straight from its storage when
   * the type has {@code values_raw}, else through a staging buffer filled by {@code values}. The
   * caller holds the context lock and still owns {@code arr}.
   */
  static Object array(ValueType.Array a, Pointer arr, Context ctx) {
    long[] shape = shape(a, arr, ctx);
    if (a.valuesRaw() != null) return javaArray(storage(a, arr, shape, ctx), a.prim(), shape);
    Memory mem = Arguments.allocate(shape, a.prim());
    try {
      ctx.check(a.values().invokeInt(new Object[] {ctx.valuePointer(), arr, mem}), a.values().getName());
      ctx.sync();
      return javaArray(mem, a.prim(), shape);
    } finally {
      Staging.give(mem);
    }
  }

  /**
   * The host storage of an array whose type has {@code values_raw}, or {@code null} for an empty
   * array (whose storage may be NULL and is never read). The caller holds the context lock.
   */
  static Pointer storage(ValueType.Array a, Pointer arr, long[] shape, Context ctx) {
    if (JavaArrays.count(shape) == 0) return null;
    DirectCall d = a.direct().valuesRaw();
    if (d == null) return ctx.checkPointer(a.valuesRaw().invokePointer(new Object[] {ctx.valuePointer(), arr}), a.valuesRaw().getName());
    long data = d.invokeLong(Pointer.nativeValue(ctx.valuePointer()), Pointer.nativeValue(arr));
    return ctx.checkPointer(data == 0 ? null : new Pointer(data), a.valuesRaw().getName());
  }

  /**
   * An array result copied out of native memory as nested Java arrays of the result type's rank,
   * whatever its size: an empty {@code [][3]i64} is a {@code long[0][]}, like a non-empty one is a
   * {@code long[2][]}, so a cast that works on real data works on empty data too. Nested Java arrays
   * cannot hold the inner sizes of an empty array ({@code [0][3]} reads back as {@code [0][0]});
   * {@code callNative} returns a {@link io.github.futhark4j.FutharkArray} with the exact shape for
   * code that needs them. An empty array reads nothing, so {@code mem} may then be {@code null}.
   */
  static Object javaArray(Pointer mem, ScalarType p, long[] shape) {
    if (JavaArrays.count(shape) == 0) return JavaArrays.nest(java.lang.reflect.Array.newInstance(p.javaComponent(), 0), p, shape);
    return JavaArrays.readNested(mem, p, shape);
  }
}

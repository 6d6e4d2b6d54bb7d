package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Converting a record or tuple result into Java values with its projection functions: a tuple
 * becomes {@code Object[]}, a record a {@code Map} from field name to value in field order; fields
 * convert like results (arrays are copied into Java arrays). Opaque fields without a record view
 * become {@link NativeOpaque}s. The caller holds the context lock.
 */
final class Results {
  private Results() {}

  static Object record(ValueType.Opaque type, Pointer obj, Context ctx) {
    ValueType.RecordType r = type.record();
    Object[] values = new Object[r.fields().size()];
    Memory out = new Memory(8);
    try {
      for (int i = 0; i < values.length; i++) {
        ValueType.Field f = r.fields().get(i);
        out.setLong(0, 0);
        ctx.check(f.project().invokeInt(new Object[] {ctx.valuePointer(), out, obj}), f.project().getName());
        values[i] = field(f.type(), out, ctx);
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
  private static Object field(ValueType t, Memory out, Context ctx) {
    return switch (t) {
      case ValueType.Scalar s -> s.prim().read(out, 0);
      case ValueType.Array a -> {
        Pointer p = out.getPointer(0);
        try {
          long[] shape = a.shape().invokePointer(new Object[] {ctx.valuePointer(), p}).getLongArray(0, a.rank());
          Memory mem = Arguments.allocate(shape, a.prim());
          try {
            ctx.check(a.values().invokeInt(new Object[] {ctx.valuePointer(), p, mem}), a.values().getName());
            ctx.sync();
            yield javaArray(mem, a.prim(), shape);
          } finally {
            Staging.give(mem);
          }
        } finally {
          ctx.freeNow(a.free(), p);
        }
      }
      case ValueType.Opaque o when o.record() != null -> {
        Pointer p = out.getPointer(0);
        try {
          yield record(o, p, ctx);
        } finally {
          ctx.freeNow(o.free(), p);
        }
      }
      case ValueType.Opaque o -> new NativeOpaque(ctx, o, out.getPointer(0));
      case ValueType.Unsupported u -> throw new IllegalStateException(u.reason());
    };
  }

  /**
   * An array result copied out of native memory as nested Java arrays, except for an empty result
   * whose inner sizes nested Java arrays cannot hold (shape [0][3]: a new int[0][] has no rows to
   * ask): that one keeps the C API's shape as a {@link io.github.futhark4j.FutharkArray}.
   */
  static Object javaArray(Memory mem, Prim p, long[] shape) {
    if (io.github.futhark4j.data.Value.losesShapeWhenNested(shape)) {
      return HostArray.fromFlat(p, shape, java.lang.reflect.Array.newInstance(p.javaComponent(), 0));
    }
    return JavaArrays.readNested(mem, p, shape);
  }
}

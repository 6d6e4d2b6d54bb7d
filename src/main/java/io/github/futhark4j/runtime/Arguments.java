package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOpaque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turning Java arguments into C arguments in two steps: {@link #prepare} runs outside the context
 * lock (checks, and copies Java data into native buffers), {@link #materialize} runs under it
 * (makes the Futhark values the C function takes). Failures of the first step are
 * {@link IllegalArgumentException}s saying what is wrong, for the caller to prefix with the entry
 * point and parameter.
 *
 * <p>Java array data is copied once: into a {@link RawBuffer}, which the Futhark array then wraps
 * in place with {@code futhark_new_raw_*} where the library has it and arrays live in host memory;
 * elsewhere {@code futhark_new_*} copies it a second time. The raw buffers a call wraps, and those
 * its argument handles keep, are collected in {@link Temps#keep()} for the call's native results.
 */
final class Arguments {
  private Arguments() {}

  /** An argument prepared outside the lock. */
  sealed interface Prepared {}

  /** A scalar, passed by value. */
  record ByValue(Object jna) implements Prepared {}

  /** Java data already in native memory; becomes a temporary Futhark array under the lock. */
  record Buffer(ValueType.Array type, RawBuffer data, long[] shape) implements Prepared {}

  /**
   * A one-dimensional Java array lent in place to a heap call ({@link HeapCalls}): nothing is
   * copied; the array is passed to the call itself.
   */
  record Lent(ValueType.Array type, Object array, long length) implements Prepared {}

  /** A native value of this context, passed as is. */
  record Passed(Handle handle, String what) implements Prepared {}

  /** A record or tuple given as Java values; built with the type's {@code new} function under the lock. */
  record RecordValue(ValueType.Opaque type, Prepared[] fields) implements Prepared {}

  /**
   * Futhark values made for one call, freed after it, and the raw buffers the call's results may
   * alias. The lists are made on first use, so a call with scalar arguments allocates none.
   */
  static final class Temps {
    /** Whether native values the call returns may hold on to the raw buffers it wraps. */
    private final boolean resultsMayKeep;
    /** Per value: its type's free {@link Function}, or the {@link ValueType.Array} for an array. */
    private List<Object> frees;
    private List<Pointer> values;
    private List<RawBuffer> keep;

    Temps(boolean resultsMayKeep) {
      this.resultsMayKeep = resultsMayKeep;
    }

    void add(Object free, Pointer value) {
      if (values == null) {
        frees = new ArrayList<>(4);
        values = new ArrayList<>(4);
      }
      frees.add(free);
      values.add(value);
    }

    /** Results of the call may alias {@code b}'s memory. */
    void keep(RawBuffer b) {
      if (keep == null) keep = new ArrayList<>(4);
      if (!keep.contains(b)) keep.add(b);
    }

    void keepAll(List<RawBuffer> bs) {
      for (RawBuffer b : bs) keep(b);
    }

    /** The raw buffers the call's native results must keep alive (an immutable list). */
    List<RawBuffer> keep() {
      return keep == null ? List.of() : List.copyOf(keep);
    }

    /** Frees them all; the caller holds the context lock. */
    void freeAll(Context ctx) {
      if (values == null) return;
      for (int i = values.size() - 1; i >= 0; i--) {
        if (frees.get(i) instanceof ValueType.Array a) ctx.freeArray(a, values.get(i));
        else ctx.freeNow((Function) frees.get(i), values.get(i));
      }
      values.clear();
      frees.clear();
    }
  }

  static Prepared prepare(ValueType t, Object arg, Context ctx) {
    if (arg == null) throw new IllegalArgumentException("null is not allowed");
    return switch (t) {
      case ValueType.Scalar s -> new ByValue(Scalars.toNative(s.prim(), arg));
      case ValueType.Array a -> prepareArray(a, arg, ctx);
      case ValueType.Opaque o -> prepareOpaque(o, arg, ctx);
      case ValueType.Unsupported u -> throw new FutharkException(u.reason());
    };
  }

  private static Prepared prepareOpaque(ValueType.Opaque o, Object arg, Context ctx) {
    if (arg instanceof NativeOpaque n) {
      if (!n.type().equals(o.name())) throw new IllegalArgumentException("expected opaque type " + o.name() + " but got " + n.type());
      if (n.handle.context != ctx) throw new IllegalArgumentException("opaque values cannot be passed between programs");
      return new Passed(n.handle, "opaque value " + n.type());
    }
    ValueType.RecordType r = o.record();
    if (r == null) {
      throw new IllegalArgumentException("expected an opaque value returned by this program but got " + Scalars.describe(arg));
    }
    List<ValueType.Field> fs = r.fields();
    Object[] values = new Object[fs.size()];
    if (arg instanceof Object[] || arg instanceof List<?>) {
      List<?> l = arg instanceof Object[] a ? java.util.Arrays.asList(a) : (List<?>) arg;
      if (l.size() != fs.size()) {
        throw new IllegalArgumentException("expected " + fs.size() + " fields " + fieldNames(r) + " but got " + l.size() + " values");
      }
      l.toArray(values);
    } else if (arg instanceof Map<?, ?> m) {
      for (int i = 0; i < fs.size(); i++) {
        if (!m.containsKey(fs.get(i).name())) throw new IllegalArgumentException("the map lacks field '" + fs.get(i).name() + "' of " + fieldNames(r));
        values[i] = m.get(fs.get(i).name());
      }
      if (m.size() != fs.size()) throw new IllegalArgumentException("the map has keys other than the fields " + fieldNames(r) + ": " + m.keySet());
    } else {
      throw new IllegalArgumentException("expected a " + (r.isTuple() ? "tuple as Object[]" : "record as Map or Object[]")
          + " with fields " + fieldNames(r) + ", or an opaque value of this program, but got " + Scalars.describe(arg));
    }
    Prepared[] prepared = new Prepared[fs.size()];
    try {
      for (int i = 0; i < fs.size(); i++) {
        try {
          prepared[i] = prepare(fs.get(i).type(), values[i], ctx);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("field '" + fs.get(i).name() + "': " + e.getMessage(), e);
        }
      }
    } catch (RuntimeException e) {
      for (Prepared p : prepared) release(p);
      throw e;
    }
    return new RecordValue(o, prepared);
  }

  private static String fieldNames(ValueType.RecordType r) {
    return "(" + String.join(", ", r.fields().stream().map(f -> f.name() + ": " + f.type().name()).toList()) + ")";
  }

  private static Prepared prepareArray(ValueType.Array a, Object arg, Context ctx) {
    if (arg instanceof NativeArray n) {
      checkArrayType(a, n.elementType(), n.rank());
      if (n.context() == ctx) return new Passed(n.handle, "native array " + n.type());
      return new Buffer(a, new RawBuffer(n.copyOut()), n.shapeNoCopy()); // another program's array: copy it over
    }
    if (arg instanceof HostArray h) {
      checkArrayType(a, h.elementType(), h.rank());
      Memory mem = allocate(h.shapeNoCopy(), a.prim());
      try {
        JavaArrays.writeRow(h.flatData(), 0, (int) JavaArrays.count(h.shapeNoCopy()), a.prim(), mem, 0);
      } catch (RuntimeException | Error e) {
        Staging.give(mem);
        throw e;
      }
      NativeArrays.countJavaToNative();
      return new Buffer(a, new RawBuffer(mem), h.shapeNoCopy());
    }
    if (arg instanceof FutharkOpaque) throw new IllegalArgumentException("expected an array but got an opaque value");
    if (!arg.getClass().isArray()) {
      throw new IllegalArgumentException("expected " + JavaArrays.javaName(JavaArrays.javaClass(a.prim(), a.rank()))
          + " or FutharkArray but got " + Scalars.describe(arg));
    }
    long[] shape = JavaArrays.shapeOf(arg, a.prim(), a.rank());
    Memory mem = allocate(shape, a.prim());
    try {
      if (JavaArrays.count(shape) > 0) JavaArrays.writeNested(arg, a.prim(), shape, mem);
    } catch (RuntimeException | Error e) {
      Staging.give(mem);
      throw e;
    }
    NativeArrays.countJavaToNative();
    return new Buffer(a, new RawBuffer(mem), shape);
  }

  private static void checkArrayType(ValueType.Array a, String elem, int rank) {
    if (!elem.equals(a.prim().futharkName()) || rank != a.rank()) {
      throw new IllegalArgumentException("expected " + a.name() + " but got a FutharkArray of type " + "[]".repeat(rank) + elem);
    }
  }

  static Memory allocate(long[] shape, ScalarType p) {
    return Staging.take(Math.multiplyExact(JavaArrays.count(shape), (long) p.bytes()));
  }

  /**
   * Appends the arguments of a prepared value to those of a heap call ({@link HeapCalls}): a
   * scalar; an array as its data (the Java array itself, or the address of the native buffer it
   * was copied into) and its dimensions.
   */
  static void lend(ValueType t, Prepared p, List<Object> args) {
    switch (p) {
      case ByValue v -> args.add(HeapCalls.scalar(((ValueType.Scalar) t).prim(), v.jna()));
      case Lent l -> {
        args.add(l.array());
        args.add(l.length());
      }
      case Buffer b -> {
        args.add(Pointer.nativeValue(b.data().memory));
        for (long d : b.shape()) args.add(d);
      }
      case Passed h -> throw new IllegalStateException("native values are not lent: " + h.what());
      case RecordValue r -> throw new IllegalStateException("records are not lent");
    }
  }

  /** The C argument for a prepared value; the caller holds the context lock. */
  static Object materialize(Prepared p, Context ctx, Pointer c, Temps temps) {
    return switch (p) {
      case Lent l -> throw new IllegalStateException("a lent array is passed by a heap call only");
      case ByValue v -> v.jna();
      case Passed h -> {
        Pointer v = h.handle().pointer(h.what());
        temps.keepAll(h.handle().keep); // a result may alias this value, and so what it aliases
        yield v;
      }
      case Buffer b -> {
        // new_raw wraps the buffer (no copy); new copies it into a Futhark allocation. A buffer
        // that native results may keep alive is wrapped only when it is not mostly slack (pooled
        // buffers have at least Staging.MIN_BYTES): a small array is copied instead, cheaply.
        long bytes = JavaArrays.count(b.shape()) * b.type().prim().bytes();
        boolean raw = b.type().newRaw() != null && (!temps.resultsMayKeep || b.data().memory.size() <= 2 * bytes);
        Function newFn = raw ? b.type().newRaw() : b.type().newFn();
        DirectCall direct = raw ? b.type().direct().newRaw() : null;
        Object[] nargs = new Object[2 + b.shape().length];
        for (int d = 0; d < b.shape().length; d++) nargs[2 + d] = b.shape()[d];
        Pointer arr;
        if (direct != null) {
          nargs[0] = Pointer.nativeValue(c);
          nargs[1] = Pointer.nativeValue(b.data().memory);
          long a = direct.invokeLong(nargs);
          arr = ctx.checkPointer(a == 0 ? null : new Pointer(a), newFn.getName());
        } else {
          nargs[0] = c;
          nargs[1] = b.data().memory;
          arr = ctx.checkPointer(newFn.invokePointer(nargs), newFn.getName());
        }
        temps.add(b.type(), arr);
        if (raw) temps.keep(b.data());
        yield arr;
      }
      case RecordValue r -> {
        Object[] nargs = new Object[2 + r.fields().length];
        Memory out = new Memory(8);
        out.setPointer(0, null);
        nargs[0] = c;
        nargs[1] = out;
        for (int i = 0; i < r.fields().length; i++) nargs[2 + i] = materialize(r.fields()[i], ctx, c, temps);
        Function newFn = r.type().record().newFn();
        ctx.check(newFn.invokeInt(nargs), newFn.getName());
        Pointer rec = out.getPointer(0);
        out.close();
        temps.add(r.type().free(), rec);
        yield rec;
      }
    };
  }

  /** Drops the call's reference to the buffers of a prepared value (results may still hold them). */
  static void release(Prepared p) {
    switch (p) {
      case Buffer b -> b.data().release();
      case RecordValue r -> { for (Prepared f : r.fields()) release(f); }
      case null, default -> { }
    }
  }

  /** Marks native values passed to a consuming parameter as consumed. */
  static void consumed(Prepared p, String entry) {
    switch (p) {
      case Passed h -> h.handle().markConsumed(entry);
      case RecordValue r -> { for (Prepared f : r.fields()) consumed(f, entry); }
      case null, default -> { }
    }
  }
}

package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOpaque;
import io.github.futhark4j.FutharkProgram;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry point bound to its library's context. A call converts arguments outside the context
 * lock (Java data is copied straight into native buffers), then under the lock makes the input
 * values, calls the C function, syncs, copies array results out and frees temporaries, and
 * finally builds Java results outside the lock again.
 */
final class EntryPoint implements FutharkFunction {
  private final LoadedLibrary program;
  private final Manifest.Entry entry;
  private final Function cfun;
  private final List<ValueType> inputs;
  private final List<ValueType> outputs;
  private final List<String> parameterTypes;
  private final List<String> resultTypes;

  EntryPoint(LoadedLibrary program, Manifest.Entry entry, Function cfun, List<ValueType> inputs, List<ValueType> outputs) {
    this.program = program;
    this.entry = entry;
    this.cfun = cfun;
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
    this.parameterTypes = entry.inputs().stream().map(Manifest.Input::type).toList();
    this.resultTypes = entry.outputs().stream().map(Manifest.Output::type).toList();
  }

  @Override public String name() { return entry.name(); }

  @Override public List<String> parameterTypes() { return parameterTypes; }

  @Override public List<String> resultTypes() { return resultTypes; }

  @Override public FutharkProgram program() { return program; }

  @Override public Object call(Object... args) { return invoke(args, false); }

  @Override public Object callNative(Object... args) { return invoke(args, true); }

  @Override
  public String toString() {
    return "entry " + name() + " : " + String.join(" -> ", parameterTypes) + (parameterTypes.isEmpty() ? "" : " -> ")
        + (resultTypes.size() == 1 ? resultTypes.get(0) : "(" + String.join(", ", resultTypes) + ")");
  }

  private Object invoke(Object[] args, boolean nativeResults) {
    if (args == null) args = new Object[] {null};
    // f.call(new long[][] {...}) hands Java's varargs the rows themselves; for a one-parameter
    // entry point a typed array in place of Object[] can only mean the one argument.
    if (args.getClass() != Object[].class && inputs.size() == 1) args = new Object[] {args};
    if (args.length != inputs.size()) {
      throw new IllegalArgumentException("entry point '" + name() + "' takes " + inputs.size() + " argument"
          + (inputs.size() == 1 ? "" : "s") + signature() + " but was given " + args.length);
    }
    for (int i = 0; i < outputs.size(); i++) {
      if (outputs.get(i) instanceof ValueType.Unsupported u) throw new FutharkException(u.reason() + " (result of entry point '" + name() + "')");
    }
    Context ctx = program.context();
    Arguments.Prepared[] prepared = new Arguments.Prepared[args.length];
    try {
      for (int i = 0; i < args.length; i++) prepared[i] = prepare(i, args[i], ctx);
      Object[] raw = callLocked(ctx, prepared, nativeResults);
      for (int i = 0; i < raw.length; i++) {
        if (raw[i] instanceof OutArray o) {
          try {
            raw[i] = Results.javaArray(o.data, o.type.prim(), o.shape);
          } finally {
            Staging.give(o.data);
          }
        }
      }
      if (raw.length == 0) return null;
      return raw.length == 1 ? raw[0] : raw;
    } finally {
      for (Arguments.Prepared p : prepared) Arguments.release(p);
      Reference.reachabilityFence(args); // native wrappers must not be cleaned while their pointers are in use
    }
  }

  private String signature() {
    List<String> ps = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) ps.add(paramName(i) + ": " + parameterTypes.get(i));
    return " (" + String.join(", ", ps) + ")";
  }

  private String paramName(int i) {
    String n = entry.inputs().get(i).name();
    return n != null ? n : "in" + i;
  }

  private IllegalArgumentException badArg(int i, String why) {
    return new IllegalArgumentException("entry point '" + name() + "', parameter " + (i + 1) + " '" + paramName(i)
        + "' of type " + parameterTypes.get(i) + ": " + why);
  }

  private Arguments.Prepared prepare(int i, Object arg, Context ctx) {
    try {
      return Arguments.prepare(inputs.get(i), arg, ctx);
    } catch (IllegalArgumentException e) {
      throw badArg(i, e.getMessage());
    } catch (FutharkException e) {
      throw new FutharkException(e.getMessage() + " (parameter " + paramName(i) + " of entry point '" + name() + "')", e);
    }
  }

  /** Marks a result slot whose native value is already taken care of. */
  private static final Object CONVERTING = new Object();

  /** An array result copied out to native memory, to become Java arrays outside the lock. */
  private record OutArray(ValueType.Array type, Memory data, long[] shape, Pointer pointer) {}

  private Object[] callLocked(Context ctx, Arguments.Prepared[] prepared, boolean nativeResults) {
    int nOut = outputs.size();
    Memory outs = Staging.take(8L * nOut);
    outs.setMemory(0, 8L * nOut, (byte) 0);
    Object[] results = new Object[nOut];
    Arguments.Temps temps = new Arguments.Temps();
    synchronized (ctx.lock()) {
      Pointer c = ctx.pointer();
      boolean called = false;
      try {
        Object[] cargs = new Object[1 + nOut + prepared.length];
        cargs[0] = c;
        for (int o = 0; o < nOut; o++) cargs[1 + o] = outs.share(8L * o, 8);
        for (int i = 0; i < prepared.length; i++) cargs[1 + nOut + i] = Arguments.materialize(prepared[i], ctx, c, temps);
        int rc = cfun.invokeInt(cargs);
        ctx.check(rc, "entry point " + name());
        called = true;
        ctx.sync();
        for (int i = 0; i < prepared.length; i++) {
          if (entry.inputs().get(i).unique()) Arguments.consumed(prepared[i], name());
        }
        collectResults(ctx, outs, results, nativeResults);
      } catch (RuntimeException | Error e) {
        if (called) freeUncollected(ctx, outs, results);
        throw e;
      } finally {
        temps.freeAll(ctx);
        Staging.give(outs);
        Reference.reachabilityFence(ctx);
      }
    }
    return results;
  }

  private void collectResults(Context ctx, Memory outs, Object[] results, boolean nativeResults) {
    boolean copied = false;
    for (int o = 0; o < results.length; o++) {
      Pointer p = outputs.get(o) instanceof ValueType.Scalar ? null : outs.getPointer(8L * o);
      switch (outputs.get(o)) {
        case ValueType.Scalar s -> results[o] = s.prim().read(outs, 8L * o);
        case ValueType.Opaque op when op.record() != null && !nativeResults -> {
          results[o] = CONVERTING; // p is freed below whatever happens; freeUncollected must not free it again
          try {
            results[o] = Results.record(op, p, ctx);
          } finally {
            ctx.freeNow(op.free(), p);
          }
        }
        case ValueType.Opaque op -> results[o] = new NativeOpaque(ctx, op, p);
        case ValueType.Array a when nativeResults -> results[o] = new NativeArray(ctx, a, p);
        case ValueType.Array a -> {
          long[] shape = a.shape().invokePointer(new Object[] {ctx.valuePointer(), p}).getLongArray(0, a.rank());
          Memory mem = Arguments.allocate(shape, a.prim());
          results[o] = new OutArray(a, mem, shape, p);
          ctx.check(a.values().invokeInt(new Object[] {ctx.valuePointer(), p, mem}), "copying result " + (o + 1) + " of " + name());
          copied = true;
        }
        case ValueType.Unsupported u -> throw new FutharkException(u.reason());
      }
    }
    if (copied) ctx.sync();
    // Array results copied out are not needed natively any more.
    for (Object r : results) if (r instanceof OutArray out) ctx.freeNow(out.type().free(), out.pointer());
  }

  /** After a failure once the entry point has run: free every result not yet handed to the caller. */
  private void freeUncollected(Context ctx, Memory outs, Object[] results) {
    for (int o = 0; o < results.length; o++) {
      switch (results[o]) {
        case null -> {
          Function free = switch (outputs.get(o)) {
            case ValueType.Array a -> a.free();
            case ValueType.Opaque op -> op.free();
            default -> null;
          };
          Pointer p = free == null ? null : outs.getPointer(8L * o);
          if (p != null) ctx.freeNow(free, p);
        }
        case OutArray out -> {
          Staging.give(out.data());
          ctx.freeNow(out.type().free(), out.pointer());
        }
        case NativeArray a -> a.close();
        case NativeOpaque op -> op.close();
        default -> { }
      }
    }
  }
}

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
 * values, calls the C function, syncs (where the backend needs it), copies array results out and
 * frees temporaries, and finally builds Java results outside the lock again.
 *
 * <p>The C function is called one of two ways: through JNA ({@link JnaEntryCall}: the generic path
 * for the first calls, then direct mapping), or, when the call lends Java arrays in place, through
 * the library's heap wrapper by a critical downcall ({@link HeapLending}, which also copies big
 * results straight into Java arrays). Everything that touches the out-parameter block, the native
 * values or those two objects' state runs under the context lock: {@link #callLocked} takes it,
 * and the methods it calls assert it.
 *
 * <p>Per-call overhead is kept small because scalar calls are dominated by it: the out-parameter
 * block and its per-slot pointers are allocated once per entry point and reused under the lock,
 * the error context strings are built once, and a call with only scalars allocates no temporary
 * lists.
 */
final class EntryPoint implements FutharkFunction {
  private final LoadedLibrary program;
  private final Manifest.Entry entry;
  private final List<ValueType> inputs;
  private final List<ValueType> outputs;
  private final List<String> parameterTypes;
  private final List<String> resultTypes;
  /** Whether each input is consumed ({@code *t}) by the entry point. */
  private final boolean[] unique;
  /** Why a result type cannot be passed, or {@code null}. */
  private final String unsupported;
  /** Whether some output is an array or opaque (a pointer the runtime must own). */
  private final boolean pointerOutputs;
  /** Whether some output is opaque: it becomes, or may contain, a native value even for {@link #call}. */
  private final boolean opaqueOutputs;
  private final String callName;
  /** The calls that lend no Java array: JNA, generic then direct. */
  private final JnaEntryCall jna;
  /** The calls that lend Java arrays in place, and the in-place copies of results. */
  private final HeapLending lending;
  /**
   * The out-parameters, one 8-byte slot each, and a pointer to each slot: made once and reused by
   * every call, which is safe because they are only touched under the context lock.
   */
  private final Memory outs;
  private final Pointer[] outSlots;
  /** The out-parameter slots' addresses, for direct mapping and heap calls. */
  private final Long[] outAddresses;
  EntryPoint(LoadedLibrary program, Manifest.Entry entry, Function cfun, com.sun.jna.NativeLibrary library,
      List<ValueType> inputs, List<ValueType> outputs) {
    this.program = program;
    this.entry = entry;
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
    this.parameterTypes = entry.inputs().stream().map(Manifest.Input::type).toList();
    this.resultTypes = entry.outputs().stream().map(Manifest.Output::type).toList();
    this.unique = new boolean[entry.inputs().size()];
    for (int i = 0; i < unique.length; i++) unique[i] = entry.inputs().get(i).unique();
    String why = null;
    for (ValueType t : this.outputs) {
      if (t instanceof ValueType.Unsupported u && why == null) why = u.reason() + " (result of entry point '" + entry.name() + "')";
    }
    this.unsupported = why;
    this.pointerOutputs = this.outputs.stream().anyMatch(t -> !(t instanceof ValueType.Scalar));
    this.opaqueOutputs = this.outputs.stream().anyMatch(t -> t instanceof ValueType.Opaque);
    this.callName = "entry point " + entry.name();
    // One slot per output, and one more for a heap call's lend_taken.
    this.outs = new Memory(8L * (this.outputs.size() + 1));
    this.outSlots = new Pointer[this.outputs.size()];
    for (int o = 0; o < outSlots.length; o++) outSlots[o] = outs.share(8L * o, 8);
    this.outAddresses = new Long[outSlots.length];
    for (int o = 0; o < outSlots.length; o++) outAddresses[o] = Pointer.nativeValue(outs) + 8L * o;
    this.jna = new JnaEntryCall(program.context().lock(), cfun, entry.cfun(), library, this.inputs, this.outputs.size());
    this.lending = new HeapLending(program, entry, this.inputs, this.outputs);
  }

  @Override public String name() { return entry.name(); }

  /** The parameters' types as the runtime passes them (for tests). */
  List<ValueType> inputTypes() { return inputs; }

  /** Whether calls go through JNA direct mapping (for tests and diagnostics). */
  boolean isDirect() {
    synchronized (program.context().lock()) {
      return jna.isDirect();
    }
  }

  @Override
  public void prepare() {
    synchronized (program.context().lock()) {
      jna.bind();
      for (List<ValueType> ts : List.of(inputs, outputs)) {
        for (ValueType t : ts) if (t instanceof ValueType.Array a && a.direct() != null) a.direct().bind();
      }
    }
  }

  @Override public List<String> parameterTypes() { return parameterTypes; }

  @Override public List<String> resultTypes() { return resultTypes; }

  @Override
  public boolean consumes(int parameter) {
    return unique[java.util.Objects.checkIndex(parameter, unique.length)];
  }

  @Override public FutharkProgram program() { return program; }

  @Override public Object call(Object... args) { return invoke(args, false, null); }

  @Override public Object callNative(Object... args) { return invoke(args, true, null); }

  @Override
  public Object callInto(Object[] into, Object... args) {
    if (into == null || into.length != outputs.size()) {
      throw new IllegalArgumentException("entry point '" + name() + "' has " + outputs.size() + " result"
          + (outputs.size() == 1 ? "" : "s") + " but callInto was given " + (into == null ? "null" : into.length + " slots"));
    }
    for (int o = 0; o < into.length; o++) {
      if (into[o] != null && !(outputs.get(o) instanceof ValueType.Array)) {
        throw new IllegalArgumentException("entry point '" + name() + "', result " + (o + 1) + " is a " + resultTypes.get(o)
            + ", not an array, so its slot must be null");
      }
    }
    return invoke(args, false, into.clone());
  }

  /**
   * The Java array to fill for array result {@code o} of this shape: {@code into[o]} after checking
   * its type and length, or {@code null} when the caller gave none.
   */
  private Object given(Object[] into, int o, ValueType.Array a, long[] shape) {
    if (into == null || into[o] == null) return null;
    Object g = into[o];
    Class<?> want = JavaArrays.javaClass(a.prim(), 1);
    if (g.getClass() != want) {
      throw new IllegalArgumentException("entry point '" + name() + "', result " + (o + 1) + " is a " + a.name() + ", which needs a "
          + JavaArrays.javaName(want) + ", not a " + JavaArrays.javaName(g.getClass()));
    }
    long n = JavaArrays.count(shape);
    if (java.lang.reflect.Array.getLength(g) != n) {
      throw new IllegalArgumentException("entry point '" + name() + "', result " + (o + 1) + " has " + n
          + " elements, but the given array has length " + java.lang.reflect.Array.getLength(g));
    }
    return g;
  }

  @Override
  public String toString() {
    return "entry " + name() + " : " + String.join(" -> ", parameterTypes) + (parameterTypes.isEmpty() ? "" : " -> ")
        + (resultTypes.size() == 1 ? resultTypes.get(0) : "(" + String.join(", ", resultTypes) + ")");
  }

  private Object invoke(Object[] args, boolean nativeResults, Object[] into) {
    if (args == null) args = new Object[] {null};
    // f.call(new long[][] {...}) hands Java's varargs the rows themselves; for a one-parameter
    // entry point a typed array in place of Object[] can only mean the one argument.
    if (args.getClass() != Object[].class && inputs.size() == 1) args = new Object[] {args};
    // f.call(tuple) with a lone Object[] hands Java's varargs the tuple's fields: for a
    // one-parameter entry point taking a record or tuple, several arguments can only be its fields.
    if (args.length != 1 && inputs.size() == 1 && inputs.get(0) instanceof ValueType.Opaque o && o.record() != null) {
      args = new Object[] {args};
    }
    if (args.length != inputs.size()) {
      String hint = inputs.size() == 1 && args.length > 1
          ? "; to pass one Object[] as the argument, write call((Object) array)" : "";
      throw new IllegalArgumentException("entry point '" + name() + "' takes " + inputs.size() + " argument"
          + (inputs.size() == 1 ? "" : "s") + signature() + " but was given " + args.length + hint);
    }
    if (unsupported != null) throw new FutharkException(unsupported);
    Context ctx = program.context();
    Arguments.Prepared[] prepared = new Arguments.Prepared[args.length];
    boolean lend = lending.lends(args);
    try {
      for (int i = 0; i < args.length; i++) {
        prepared[i] = lend && inputs.get(i) instanceof ValueType.Array a && HeapCalls.lendable(a, args[i])
            ? new Arguments.Lent(a, args[i], java.lang.reflect.Array.getLength(args[i]))
            : prepare(i, args[i], ctx);
      }
      Object[] raw = callLocked(ctx, prepared, nativeResults, lend, into);
      for (int i = 0; i < raw.length; i++) {
        if (raw[i] instanceof OutArray o) {
          try {
            Object g = into == null ? null : into[i];
            if (g != null) JavaArrays.readInto(o.data, o.type.prim(), g, (int) JavaArrays.count(o.shape));
            raw[i] = g != null ? g : Results.javaArray(o.data, o.type.prim(), o.shape);
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

  private Object[] callLocked(Context ctx, Arguments.Prepared[] prepared, boolean nativeResults, boolean lend, Object[] into) {
    int nOut = outputs.size();
    Object[] results = new Object[nOut];
    Arguments.Temps temps = new Arguments.Temps(nativeResults || opaqueOutputs);
    Object[] cargs = new Object[1 + nOut + prepared.length];
    synchronized (ctx.lock()) {
      Pointer c = ctx.pointer();
      boolean called = false;
      try {
        // On failure the C function leaves out-parameters alone; zeroed slots are never mistaken for values.
        if (pointerOutputs) outs.clear(8L * nOut);
        int rc;
        int lendOut = -1;
        Object lendArray = null;
        if (lend) {
          // One call: the wrapper wraps the arrays, runs the entry point and lets go of them.
          lendOut = nativeResults ? -1 : lending.target(prepared, into);
          if (lendOut >= 0) lendArray = lending.arrayFor(lendOut, into);
          rc = lending.invoke(c, outs, outAddresses, prepared, lendOut, lendArray);
        } else {
          for (int i = 0; i < prepared.length; i++) cargs[1 + nOut + i] = Arguments.materialize(prepared[i], ctx, c, temps);
          // A value passed to a consuming parameter is consumed by the call whatever its outcome (C
          // API, "Consumption and Aliasing": it may only be freed afterwards). A failing call frees
          // what it took over, so the handle must never be used again, not only after success.
          for (int i = 0; i < prepared.length; i++) {
            if (unique[i]) Arguments.consumed(prepared[i], name());
          }
          rc = jna.invoke(c, cargs, outSlots, outAddresses);
        }
        ctx.check(rc, callName);
        called = true;
        ctx.sync();
        if (lendOut >= 0 && lending.taken(outs, lendOut, into != null)) {
          results[lendOut] = lendArray; // the result is in the lent array already
        }
        if (pointerOutputs) collectResults(ctx, results, nativeResults, temps.keep(), into);
        else for (int o = 0; o < nOut; o++) results[o] = ((ValueType.Scalar) outputs.get(o)).prim().read(outs, 8L * o);
      } catch (RuntimeException | Error e) {
        if (called) freeUncollected(ctx, results);
        throw e;
      } finally {
        temps.freeAll(ctx);
        ctx.state.drainLocked(); // releases queued while the call ran
        Reference.reachabilityFence(ctx);
      }
    }
    return results;
  }

  /**
   * Turns the out-parameters into results: scalars are read, native results wrapped (keeping
   * {@code keep}, the raw argument buffers they may alias), arrays for Java copied out. The
   * caller holds the context lock.
   */
  private void collectResults(Context ctx, Object[] results, boolean nativeResults, List<RawBuffer> keep, Object[] into) {
    assert Thread.holdsLock(ctx.lock());
    boolean copied = false;
    for (int o = 0; o < results.length; o++) {
      if (results[o] != null) continue; // a heap call's result already in its lent Java array
      Pointer p = outputs.get(o) instanceof ValueType.Scalar ? null : outs.getPointer(8L * o);
      switch (outputs.get(o)) {
        case ValueType.Scalar s -> results[o] = s.prim().read(outs, 8L * o);
        case ValueType.Opaque op when op.record() != null && !nativeResults -> {
          results[o] = CONVERTING; // p is freed below whatever happens; freeUncollected must not free it again
          try {
            results[o] = Results.record(op, p, ctx, keep);
          } finally {
            ctx.freeNow(op.free(), p);
          }
        }
        case ValueType.Opaque op -> results[o] = new NativeOpaque(ctx, op, p, keep);
        case ValueType.Array a when nativeResults -> results[o] = new NativeArray(ctx, a, p, keep);
        case ValueType.Array a when a.valuesRaw() != null -> {
          // One copy: from the Futhark allocation straight into the new Java arrays.
          results[o] = CONVERTING;
          try {
            long[] shape = Results.shape(a, p, ctx);
            Object given = given(into, o, a, shape);
            Object lent = lending.valuesTarget(o, a, shape, given);
            if (lent != null) {
              lending.copyValues(ctx, o, a, p, lent);
              results[o] = lent;
            } else if (given != null) {
              JavaArrays.readInto(Results.storage(a, p, shape, ctx), a.prim(), given, (int) JavaArrays.count(shape));
              results[o] = given;
            } else {
              results[o] = Results.javaArray(Results.storage(a, p, shape, ctx), a.prim(), shape);
            }
          } finally {
            ctx.freeArray(a, p);
          }
        }
        case ValueType.Array a -> {
          long[] shape = Results.shape(a, p, ctx);
          given(into, o, a, shape); // checked before anything is copied
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
    for (Object r : results) if (r instanceof OutArray out) ctx.freeArray(out.type(), out.pointer());
  }

  /** After a failure once the entry point has run: free every result not yet handed to the caller. */
  private void freeUncollected(Context ctx, Object[] results) {
    assert Thread.holdsLock(ctx.lock());
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

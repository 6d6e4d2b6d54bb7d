package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap-call path of one entry point ({@link HeapCalls}; docs/api.md, "Copies and call cost"):
 * whether a call can lend its Java arrays to the library in place, which result a call lends a
 * Java array to (the caller's, or a guess), the wrapper's arguments, and the {@code futhark_values_*}
 * heap calls that copy a big one-dimensional result straight into the Java array a call returns.
 * The wrapper and the values functions are linked on first use. Its state is touched only under
 * the context lock: {@link #lends} takes it, every other method asserts it.
 */
final class HeapLending {
  /** After this many calls in a row whose result did not take a guessed array, an output is no longer guessed for. */
  private static final int MAX_MISSES = 2;

  private final LoadedLibrary program;
  private final Manifest.Entry entry;
  private final List<ValueType> inputs;
  private final List<ValueType> outputs;
  private final Object lock;
  /** Whether the library may have a heap wrapper for this entry point (false: never look). */
  private final boolean possible;
  /** The entry point's heap wrapper, once linked; {@code null} if the library has none. */
  private HeapCalls.Downcall wrapper;
  private boolean wrapperLinked;
  /** Per output: {@code futhark_values_*} of its array type linked as a heap call, once linked. */
  private final HeapCalls.Downcall[] valuesCalls;
  private final boolean[] valuesLinked;
  /** Per output: how many heap calls in a row lent a guessed array the result did not take. */
  private final int[] misses;
  /** Per output: the length of the array guessed for it by the last {@link #target}. */
  private final int[] guess;

  HeapLending(LoadedLibrary program, Manifest.Entry entry, List<ValueType> inputs, List<ValueType> outputs) {
    this.program = program;
    this.entry = entry;
    this.inputs = inputs;
    this.outputs = outputs;
    this.lock = program.context().lock();
    // Whether the JDK can make heap calls is asked only when a call has a big array to lend.
    this.possible = program.context().api().hostMemory && inputs.stream().anyMatch(t -> t instanceof ValueType.Array);
    this.valuesCalls = new HeapCalls.Downcall[outputs.size()];
    this.valuesLinked = new boolean[outputs.size()];
    this.misses = new int[outputs.size()];
    this.guess = new int[outputs.size()];
  }

  /**
   * Whether this call can lend some of its Java arrays in place: a big enough one-dimensional
   * primitive array is among them, no argument is a native value (those go by handle), and the
   * library has the wrapper. Takes the context lock to link the wrapper.
   */
  boolean lends(Object[] args) {
    if (!possible) return false;
    boolean some = false;
    for (int i = 0; i < args.length; i++) {
      if (!(inputs.get(i) instanceof ValueType.Array a)) continue;
      if (args[i] instanceof NativeArray) return false;
      some |= HeapCalls.lendable(a, args[i]);
    }
    if (!some || !HeapCalls.available()) return false;
    synchronized (lock) {
      return wrapper() != null;
    }
  }

  /** Links the heap wrapper once. */
  private HeapCalls.Downcall wrapper() {
    assert Thread.holdsLock(lock);
    if (!wrapperLinked) {
      wrapperLinked = true;
      String symbol = HeapCalls.WRAPPER_PREFIX + entry.cfun().substring("futhark_entry_".length());
      Function f = entry.cfun().startsWith("futhark_entry_") ? program.context().api().optional(symbol) : null;
      if (f != null) {
        StringBuilder sig = new StringBuilder("P").append("P".repeat(outputs.size()));
        for (ValueType t : inputs) {
          switch (t) {
            case ValueType.Scalar sc -> sig.append(HeapCalls.code(sc.prim()));
            case ValueType.Array a -> sig.append('P').append("J".repeat(a.rank()));
            default -> { return null; } // the wrapper exists only for scalars and arrays
          }
        }
        sig.append("PJP"); // lend, lend_bytes, lend_taken
        wrapper = HeapCalls.link(Pointer.nativeValue(f), sig.toString());
      }
    }
    return wrapper;
  }

  /**
   * The output a heap call lends a Java array to, so that the result is computed straight into
   * the array the call returns, or -1. The array is the caller's ({@code callInto}) when given;
   * otherwise its length is a guess: that of the call's first lent input of the same element type
   * (element-wise kernels keep the length). A guess the result does not take costs one unused
   * array; after {@link #MAX_MISSES} such calls in a row the output is no longer guessed for.
   */
  int target(Arguments.Prepared[] prepared, Object[] into) {
    assert Thread.holdsLock(lock);
    for (int o = 0; o < outputs.size(); o++) {
      if (!(outputs.get(o) instanceof ValueType.Array a) || !HeapCalls.lendableType(a)) continue;
      if (into != null && into[o] != null) {
        if (into[o].getClass() == JavaArrays.javaClass(a.prim(), 1)
            && (long) java.lang.reflect.Array.getLength(into[o]) * a.prim().bytes() >= HeapCalls.MIN_BYTES) {
          return o;
        }
        continue;
      }
      if (misses[o] >= MAX_MISSES) continue;
      for (Arguments.Prepared p : prepared) {
        if (p instanceof Arguments.Lent l && l.type().prim() == a.prim()) {
          guess[o] = (int) l.length();
          return o;
        }
      }
    }
    return -1;
  }

  /** The Java array lent for output {@code o} ({@link #target}): the caller's, or a new one of the guessed length. */
  Object arrayFor(int o, Object[] into) {
    assert Thread.holdsLock(lock);
    return into != null && into[o] != null ? into[o]
        : java.lang.reflect.Array.newInstance(((ValueType.Array) outputs.get(o)).prim().javaComponent(), guess[o]);
  }

  /**
   * Calls the wrapper: it wraps the lent arrays, runs the entry point and lets go of them. Its
   * arguments are the context, the out-parameter slots, the inputs (lent arrays, native buffers,
   * scalars), then the array lent for result {@code lendOut} (or none), its size in bytes, and the
   * slot after the out-parameters, which says which result it is for (written here) and whether
   * that result took it (written by the wrapper: {@link #taken}).
   *
   * @return the entry point's return code
   */
  int invoke(Pointer context, Memory outs, Long[] outAddresses, Arguments.Prepared[] prepared, int lendOut, Object lendArray) {
    assert Thread.holdsLock(lock);
    List<Object> args = new ArrayList<>(5 + outputs.size() + 2 * prepared.length);
    args.add(Pointer.nativeValue(context));
    for (Long a : outAddresses) args.add(a);
    for (int i = 0; i < prepared.length; i++) Arguments.lend(inputs.get(i), prepared[i], args);
    args.add(lendArray == null ? (Object) 0L : lendArray);
    args.add(lendArray == null ? 0L
        : (long) java.lang.reflect.Array.getLength(lendArray) * ((ValueType.Array) outputs.get(lendOut)).prim().bytes());
    args.add(Pointer.nativeValue(outs) + 8L * outputs.size());
    outs.setLong(8L * outputs.size(), lendOut + 1); // which result the lent array is for (0: none)
    return wrapper.invoke(args.toArray());
  }

  /**
   * After a successful {@link #invoke}: whether result {@code lendOut} was computed into the lent
   * array. A guess that was not taken counts as a miss, one that was resets the count.
   */
  boolean taken(Memory outs, int lendOut, boolean given) {
    assert Thread.holdsLock(lock);
    boolean taken = outs.getLong(8L * outputs.size()) == lendOut + 1;
    if (!given) misses[lendOut] = taken ? 0 : misses[lendOut] + 1;
    if (taken) HeapCalls.RESULTS_IN_PLACE.incrementAndGet();
    return taken;
  }

  /**
   * A Java array for output {@code o} of this shape ({@code given} when the caller gave one) that
   * {@link #copyValues} can fill: a big one-dimensional result on a JDK with heap calls; {@code
   * null} otherwise.
   */
  Object valuesTarget(int o, ValueType.Array a, long[] shape, Object given) {
    assert Thread.holdsLock(lock);
    long n = JavaArrays.count(shape);
    if (!HeapCalls.lendableType(a) || a.values() == null || n > Integer.MAX_VALUE
        || n * a.prim().bytes() < HeapCalls.MIN_BYTES || !HeapCalls.available()) {
      return null;
    }
    if (!valuesLinked[o]) {
      valuesLinked[o] = true;
      valuesCalls[o] = HeapCalls.link(Pointer.nativeValue(a.values()), "PPP");
    }
    if (valuesCalls[o] == null) return null;
    return given != null ? given : java.lang.reflect.Array.newInstance(a.prim().javaComponent(), (int) n);
  }

  /**
   * Copies native array {@code p} of output {@code o} into {@code target} (from {@link
   * #valuesTarget}) with {@code futhark_values_*}, which writes into the Java array itself (pinned
   * for the call), with the context's threads for a big one.
   */
  void copyValues(Context ctx, int o, ValueType.Array a, Pointer p, Object target) {
    assert Thread.holdsLock(lock);
    ctx.check(valuesCalls[o].invoke(new Object[] {Pointer.nativeValue(ctx.valuePointer()), Pointer.nativeValue(p), target}),
        a.values().getName());
  }
}

package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.List;

/**
 * An entry point's C function called through JNA, the path of every call that lends no Java array
 * ({@link HeapLending} has the other): JNA's generic {@link Function} for the first calls, then JNA
 * direct mapping ({@link DirectCall}) from the {@link DirectCall#BIND_AFTER}-th call on, or from
 * {@link #bind} (what {@code FutharkFunction.prepare} asks for). Its state is touched only under the
 * context lock, which every method but the constructor asserts.
 */
final class JnaEntryCall {
  private final Object lock;
  private final Function cfun;
  private final String symbol;
  private final NativeLibrary library;
  private final List<ValueType> inputs;
  private final int outputs;
  /** Bound on the {@link DirectCall#BIND_AFTER}-th call; {@code null} until then, or if it cannot be bound. */
  private DirectCall direct;
  private int calls;
  private boolean bound;

  JnaEntryCall(Object lock, Function cfun, String symbol, NativeLibrary library, List<ValueType> inputs, int outputs) {
    this.lock = lock;
    this.cfun = cfun;
    this.symbol = symbol;
    this.library = library;
    this.inputs = inputs;
    this.outputs = outputs;
  }

  /** Binds the function by direct mapping (idempotent). */
  void bind() {
    assert Thread.holdsLock(lock);
    if (bound) return;
    bound = true;
    direct = DirectCall.forEntry(library, symbol, outputs, inputs);
  }

  /** Whether calls go through direct mapping. */
  boolean isDirect() {
    assert Thread.holdsLock(lock);
    return direct != null;
  }

  /**
   * Calls the function: {@code args} holds one free slot for the context, then one for each
   * out-parameter, then the inputs as {@link Arguments#materialize} made them.
   *
   * @param outSlots     the out-parameter slots, for the generic path
   * @param outAddresses their addresses, for direct mapping
   * @return the C function's return code
   */
  int invoke(Pointer context, Object[] args, Pointer[] outSlots, Long[] outAddresses) {
    assert Thread.holdsLock(lock);
    if (!bound && ++calls >= DirectCall.BIND_AFTER) bind();
    if (direct != null) {
      args[0] = DirectCall.address(context);
      System.arraycopy(outAddresses, 0, args, 1, outputs);
      for (int i = 1 + outputs; i < args.length; i++) if (args[i] instanceof Pointer p) args[i] = DirectCall.address(p);
      return direct.invoke(args);
    }
    args[0] = context;
    System.arraycopy(outSlots, 0, args, 1, outputs);
    return cfun.invokeInt(args);
  }
}

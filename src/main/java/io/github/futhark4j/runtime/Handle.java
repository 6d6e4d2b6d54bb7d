package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.util.List;

/**
 * Ownership of one native value (array or opaque) of a context: frees it exactly once, on
 * {@link #close()} or through the Cleaner when its Java wrapper becomes unreachable. Holding the
 * {@link Context} keeps the context alive as long as the value is, and it holds a reference to each
 * {@link RawBuffer} the value may alias (released after the value is freed).
 */
final class Handle {
  final Context context;
  private final Pointer pointer;
  private final Cleaner.Cleanable cleanable;
  /** Raw argument buffers this value may alias; a result of a call taking this value keeps them too. */
  final List<RawBuffer> keep;
  private volatile boolean closed;
  private volatile String consumedBy;

  /**
   * Takes ownership of {@code pointer} and a new reference to each of {@code keep}; the caller
   * holds the context lock.
   */
  Handle(Object wrapper, Context context, Function free, Pointer pointer, List<RawBuffer> keep) {
    this.context = context;
    this.pointer = pointer;
    this.keep = keep;
    context.state.retainValue();
    RawBuffer.retainAll(keep);
    this.cleanable = Context.CLEANER.register(wrapper, ContextState.valueAction(context.state, free, pointer, keep));
  }

  /** The pointer for a native call; the caller holds the context lock. */
  Pointer pointer(String what) {
    if (closed) throw new IllegalStateException(what + " is closed");
    if (consumedBy != null) {
      throw new IllegalStateException(what + " was consumed by entry point '" + consumedBy
          + "' (passed to a consuming *[] parameter; it is consumed even when the call fails, and may only be closed)");
    }
    return pointer;
  }

  /** When an entry point with a unique (consuming) parameter is called with this value, before it runs. */
  void markConsumed(String entry) { consumedBy = entry; }

  boolean closed() { return closed; }

  void close() {
    closed = true;
    cleanable.clean(); // queues the free at most once
    context.state.drainNow(); // an explicit close frees before it returns
  }
}

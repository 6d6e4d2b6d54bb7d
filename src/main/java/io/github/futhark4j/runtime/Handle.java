package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;

/**
 * Ownership of one native value (array or opaque) of a context: frees it exactly once, on
 * {@link #close()} or through the Cleaner when its Java wrapper becomes unreachable. Holding the
 * {@link Context} keeps the context alive as long as the value is.
 */
final class Handle {
  final Context context;
  private final Pointer pointer;
  private final Cleaner.Cleanable cleanable;
  private volatile boolean closed;
  private volatile String consumedBy;

  /** Takes ownership of {@code pointer}; the caller holds the context lock. */
  Handle(Object wrapper, Context context, Function free, Pointer pointer) {
    this.context = context;
    this.pointer = pointer;
    context.state.retainValue();
    this.cleanable = Context.CLEANER.register(wrapper, ContextState.valueAction(context.state, free, pointer));
  }

  /** The pointer for a native call; the caller holds the context lock. */
  Pointer pointer(String what) {
    if (closed) throw new IllegalStateException(what + " is closed");
    if (consumedBy != null) throw new IllegalStateException(what + " was consumed by entry point '" + consumedBy + "'");
    return pointer;
  }

  /** After an entry point with a unique (consuming) parameter took this value. */
  void markConsumed(String entry) { consumedBy = entry; }

  boolean closed() { return closed; }

  void close() {
    closed = true;
    cleanable.clean(); // runs the free action at most once
  }
}

package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Pointer;

/**
 * The raw native state of one Futhark context: its pointers and the functions that free them, and
 * a count of native values still alive. This object is what {@link java.lang.ref.Cleaner} actions
 * capture, so it must never refer to the Java wrappers (that would keep them reachable forever).
 *
 * <p>Its monitor is the per-context lock: every native call on the context holds it, which
 * serialises calls from many Java threads, and frees of values (also from the Cleaner thread) wait
 * for a running call instead of racing it. The native context is freed only when its owner has
 * released it and no value of it is alive, so the Cleaner may run actions in any order.
 */
final class ContextState {
  final Pointer cfg;
  final Pointer ctx;
  private final Function sync;
  private final Function contextFree;
  private final Function configFree;
  private int liveValues;
  private boolean ownerReleased;
  private boolean freed;

  ContextState(Pointer cfg, Pointer ctx, Function sync, Function contextFree, Function configFree) {
    this.cfg = cfg;
    this.ctx = ctx;
    this.sync = sync;
    this.contextFree = contextFree;
    this.configFree = configFree;
  }

  /** Whether the owner (the program) has released the context; calls are refused after that. */
  synchronized boolean ownerReleased() { return ownerReleased; }

  /** Whether the native context has been freed; nothing may touch it after that. */
  synchronized boolean freed() { return freed; }

  synchronized int liveValues() { return liveValues; }

  synchronized void retainValue() {
    if (freed) throw new IllegalStateException("the Futhark context is already freed");
    liveValues++;
  }

  /** Frees one value (run by close() or the Cleaner) and the context if that was the last user. */
  synchronized void freeValue(Function free, Pointer value) {
    if (!freed) free.invokeInt(new Object[] {ctx, value});
    liveValues--;
    freeIfUnused();
  }

  /** The owner is done with the context (program closed or unreachable). */
  synchronized void releaseOwner() {
    ownerReleased = true;
    freeIfUnused();
  }

  private void freeIfUnused() {
    if (ownerReleased && liveValues <= 0 && !freed) {
      freed = true;
      sync.invokeInt(new Object[] {ctx}); // the C API asks for a sync before futhark_context_free
      contextFree.invokeVoid(new Object[] {ctx});
      configFree.invokeVoid(new Object[] {cfg});
    }
  }

  /** Cleaner action for a context owner: captures only this raw state. */
  static Runnable ownerAction(ContextState s) {
    return s::releaseOwner;
  }

  /**
   * Cleaner action for a value: captures only raw state, the free function, the pointer and the
   * raw buffers the value may alias, which are released only once the value is freed.
   */
  static Runnable valueAction(ContextState s, Function free, Pointer value, java.util.List<RawBuffer> keep) {
    return () -> {
      try {
        s.freeValue(free, value);
      } finally {
        RawBuffer.releaseAll(keep);
      }
    };
  }
}

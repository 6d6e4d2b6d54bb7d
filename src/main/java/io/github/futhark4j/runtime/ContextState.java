package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The raw native state of one Futhark context: its pointers and the functions that free them, and
 * a count of native values still alive. This object is what {@link java.lang.ref.Cleaner} actions
 * capture, so it must never refer to the Java wrappers (that would keep them reachable forever).
 *
 * <p>Its monitor is the per-context lock: every native call on the context holds it, which
 * serialises calls from many Java threads. The native context is freed only when its owner has
 * released it and no value of it is alive, so releases may come in any order.
 *
 * <p>Releases never wait for that lock on the shared {@link Context#CLEANER} thread: a value (or
 * the owner) that becomes unreachable is put on this context's queue of pending releases, and the
 * queue is drained under the lock by a thread of {@link #FREER} (at most one per context at a time,
 * so a context that is busy with a long call delays only its own releases, never another
 * program's), or by the next call on the context, whichever comes first. An explicit
 * {@code close()} drains at once on the caller's thread, so it frees before it returns.
 */
final class ContextState {
  /**
   * Threads that drain release queues, made as needed and ended after a minute idle. One blocks
   * only on its own context, while a call runs there.
   */
  private static final ExecutorService FREER = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
      new SynchronousQueue<>(), r -> {
        Thread t = new Thread(r, "futhark4j-free");
        t.setDaemon(true);
        return t;
      });

  /** Contexts freed so far in this process (tests). */
  private static final AtomicLong FREED = new AtomicLong();

  final Pointer cfg;
  final Pointer ctx;
  private final Function sync;
  private final Function contextFree;
  /** Held while the context is freed (see {@code NativeApi.setupLock}). */
  private final Object setupLock;
  private final Function configFree;
  /** Run once the context is freed: lets go of the library (see {@link NativeApi#release}). */
  private final Runnable afterFree;
  // Written under the lock, read without it (volatile): asking whether a program is closed must
  // never wait for a call that is running on its context.
  private volatile int liveValues;
  private volatile boolean ownerReleased;
  private volatile boolean freed;

  /** A release waiting for the lock: a value to free, or (with {@code free == null}) the owner's release. */
  private record Pending(Function free, Pointer value, List<RawBuffer> keep) {}

  private final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean drainScheduled = new AtomicBoolean();

  ContextState(Pointer cfg, Pointer ctx, Function sync, Function contextFree, Function configFree, Runnable afterFree,
               Object setupLock) {
    this.setupLock = setupLock;
    this.afterFree = afterFree;
    this.cfg = cfg;
    this.ctx = ctx;
    this.sync = sync;
    this.contextFree = contextFree;
    this.configFree = configFree;
  }

  static long freedCount() { return FREED.get(); }

  /** Whether the owner (the program) has released the context; calls are refused after that. */
  boolean ownerReleased() { return ownerReleased; }

  /** Whether the native context has been freed; nothing may touch it after that. */
  boolean freed() { return freed; }

  int liveValues() { return liveValues; }

  /** Releases not yet carried out (tests, diagnostics). */
  int pendingReleases() { return pending.size(); }

  synchronized void retainValue() {
    if (freed) throw new IllegalStateException("the Futhark context is already freed");
    liveValues++;
  }

  /** Queues a release and makes sure a thread will carry it out. Never blocks. */
  private void enqueue(Pending p) {
    pending.add(p);
    if (drainScheduled.compareAndSet(false, true)) {
      try {
        FREER.execute(this::drainAsync);
      } catch (RuntimeException | OutOfMemoryError e) {
        // The executor refused, or no thread could be made: the next call or close drains instead,
        // and the next release tries again.
        drainScheduled.set(false);
      }
    }
  }

  private void drainAsync() {
    synchronized (this) {
      // Reset before draining: a release queued after this point schedules another drain, one
      // queued before it is drained now.
      drainScheduled.set(false);
      drainLocked();
    }
  }

  /** Carries out the pending releases now, waiting for the lock if a call is running. */
  void drainNow() {
    synchronized (this) {
      drainLocked();
    }
  }

  /** Carries out the pending releases; the caller holds this monitor. */
  void drainLocked() {
    for (Pending p; (p = pending.poll()) != null; ) {
      try {
        if (p.free() == null) {
          ownerReleased = true;
        } else {
          if (!freed) p.free().invokeInt(new Object[] {ctx, p.value()});
          liveValues--;
        }
        freeIfUnused();
      } finally {
        if (p.keep() != null) RawBuffer.releaseAll(p.keep());
      }
    }
  }

  private void freeIfUnused() {
    if (ownerReleased && liveValues <= 0 && !freed) {
      freed = true;
      sync.invokeInt(new Object[] {ctx}); // the C API asks for a sync before futhark_context_free
      synchronized (setupLock) {
        contextFree.invokeVoid(new Object[] {ctx});
      }
      configFree.invokeVoid(new Object[] {cfg});
      FREED.incrementAndGet();
      afterFree.run();
    }
  }

  /** Cleaner action for a context owner: captures only this raw state; queues, never blocks. */
  static Runnable ownerAction(ContextState s) {
    return () -> s.enqueue(new Pending(null, null, null));
  }

  /**
   * Cleaner action for a value: captures only raw state, the free function, the pointer and the
   * raw buffers the value may alias, which are released only once the value is freed. Queues,
   * never blocks.
   */
  static Runnable valueAction(ContextState s, Function free, Pointer value, List<RawBuffer> keep) {
    return () -> s.enqueue(new Pending(free, value, keep));
  }
}

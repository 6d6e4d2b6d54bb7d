package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOutOfMemoryException;
import io.github.futhark4j.FutharkProgramException;
import java.lang.ref.Cleaner;

/**
 * One Futhark configuration and context, created when a library is loaded and shared by all its
 * entry points. {@link #close()} is idempotent; a {@link Cleaner} releases the context if the owner
 * is never closed. Native values made in this context keep it alive until they are freed.
 *
 * <p>Every return code of every native call goes through {@link #check}: the one place that turns
 * a failure plus {@code futhark_context_get_error} into a Java exception.
 */
final class Context implements AutoCloseable {
  static final Cleaner CLEANER = Cleaner.create();

  /** {@code FUTHARK_PROGRAM_ERROR} in the C API. */
  static final int PROGRAM_ERROR = 2;
  /** {@code FUTHARK_OUT_OF_MEMORY} in the C API. */
  static final int OUT_OF_MEMORY = 3;

  /** How many contexts this process has created: lets tests see that a context is made once, at load time. */
  private static final java.util.concurrent.atomic.AtomicLong CREATED = new java.util.concurrent.atomic.AtomicLong();

  private final NativeApi api;
  final ContextState state;
  private final Cleaner.Cleanable cleanable;
  private final int threads;

  /**
   * Creates the configuration and the context.
   *
   * @param threads number of worker threads; below 1 means one per core (the C API's default)
   */
  static long createdCount() { return CREATED.get(); }

  Context(NativeApi api, int threads) {
    this(api, threads, java.util.Map.of(), java.util.Set.of(), null);
  }

  /**
   * Creates the configuration, with these tuning parameters set, and the context.
   *
   * @param known  the program's tuning parameters, named when {@code tuning} has one it lacks
   * @param device the device to use ({@code futhark_context_config_set_device}), or null for the first
   * @throws IllegalArgumentException a tuning parameter the library does not have, or a device for a
   *                                  library without devices
   */
  Context(NativeApi api, int threads, java.util.Map<String, Long> tuning, java.util.Set<String> known, String device) {
    this.api = api;
    this.threads = threads;
    if (device != null && api.configSetDevice == null) {
      throw new IllegalArgumentException("the Futhark program " + api.path.getFileName() + " was built for the "
          + api.backend + " backend, which has no devices to choose from (device \"" + device + "\")");
    }
    Pointer cfg = api.configNew.invokePointer(new Object[0]);
    if (cfg == null) throw new FutharkOutOfMemoryException("futhark_context_config_new returned NULL");
    if (device != null) api.configSetDevice.invokeVoid(new Object[] {cfg, device});
    if (api.configSetNumThreads != null && threads > 0) {
      api.configSetNumThreads.invokeVoid(new Object[] {cfg, threads});
    }
    for (var e : tuning.entrySet()) {
      int rc = api.configSetTuningParam == null ? 1
          : api.configSetTuningParam.invokeInt(new Object[] {cfg, e.getKey(), new com.sun.jna.NativeLong(e.getValue(), true)});
      if (rc != 0) {
        api.configFree.invokeVoid(new Object[] {cfg});
        throw new IllegalArgumentException("the Futhark program " + api.path.getFileName() + " has no tuning parameter \""
            + e.getKey() + "\"" + (known.isEmpty() ? " (it has none)" : "; it has " + String.join(", ", known)));
      }
    }
    Pointer ctx;
    synchronized (api.setupLock) {
      ctx = api.contextNew.invokePointer(new Object[] {cfg});
    }
    if (ctx == null) {
      api.configFree.invokeVoid(new Object[] {cfg});
      throw new FutharkOutOfMemoryException("futhark_context_new returned NULL");
    }
    // The C API requires checking for an initialisation error right after futhark_context_new.
    String err = takeError(api, ctx);
    if (err != null) {
      synchronized (api.setupLock) {
        api.contextFree.invokeVoid(new Object[] {ctx});
      }
      api.configFree.invokeVoid(new Object[] {cfg});
      throw new FutharkException("cannot create a Futhark context for " + api.path + ": " + err);
    }
    this.state = new ContextState(cfg, ctx, api.contextSync, api.contextFree, api.configFree, api::release, api.setupLock);
    CREATED.incrementAndGet();
    this.cleanable = CLEANER.register(this, ContextState.ownerAction(state));
  }

  /** The thread count this context was configured with (0: all cores). */
  int threads() { return threads; }

  NativeApi api() { return api; }

  /** The lock every native call on this context must hold. */
  Object lock() { return state; }

  /** The context pointer; the caller holds {@link #lock()}. */
  Pointer pointer() {
    if (state.ownerReleased()) throw new IllegalStateException("the Futhark program of " + api.path.getFileName() + " is closed");
    return state.ctx;
  }

  /** The context pointer for work on values, allowed after the owner closed while values are alive. */
  Pointer valuePointer() {
    if (state.freed()) throw new IllegalStateException("the Futhark context is freed");
    return state.ctx;
  }

  /**
   * Checks a return code: zero is success; otherwise the context's error message becomes
   * {@link FutharkProgramException} (code 2), {@link FutharkOutOfMemoryException} (code 3) or
   * {@link FutharkException} (any other code). The caller holds {@link #lock()}.
   */
  void check(int rc, String what) {
    if (rc == 0) return;
    String msg = takeError(api, state.ctx);
    if (msg == null || msg.isBlank()) msg = what + " failed with error code " + rc;
    throw switch (rc) {
      case PROGRAM_ERROR -> new FutharkProgramException(msg);
      case OUT_OF_MEMORY -> new FutharkOutOfMemoryException(msg);
      default -> new FutharkException(msg);
    };
  }

  /** Checks a pointer result (NULL means failure) and returns it. */
  Pointer checkPointer(Pointer p, String what) {
    if (p != null) return p;
    String msg = takeError(api, state.ctx);
    throw new FutharkException(msg == null || msg.isBlank() ? what + " returned NULL" : msg);
  }

  /**
   * {@code futhark_context_sync}, checked; skipped where the backend makes it a no-op
   * ({@link NativeApi#syncIsNoop}), which saves one native call per entry point call.
   */
  void sync() {
    if (api.syncIsNoop) return;
    check(api.contextSync.invokeInt(new Object[] {state.ctx}), "futhark_context_sync");
  }

  /** {@code futhark_context_report}: the library's JSON report on this context. */
  String report() {
    if (api.contextReport == null) {
      throw new UnsupportedOperationException("the Futhark library " + api.path.getFileName() + " has no futhark_context_report");
    }
    synchronized (lock()) {
      Pointer p = api.contextReport.invokePointer(new Object[] {pointer()});
      if (p == null) throw new FutharkOutOfMemoryException("futhark_context_report returned NULL");
      try {
        return p.getString(0, "UTF-8");
      } finally {
        Native.free(Pointer.nativeValue(p)); // the C API hands ownership of the string to the caller
      }
    }
  }

  /** Frees an array now (a temporary or a result copied out), by direct call where bound. */
  void freeArray(ValueType.Array a, Pointer value) {
    DirectCall d = a.direct().free();
    if (d != null) d.invokeInt(Pointer.nativeValue(state.ctx), Pointer.nativeValue(value));
    else freeNow(a.free(), value);
  }

  /** Calls {@code free} on {@code value} now (for temporaries that never got a Java wrapper). */
  void freeNow(Function free, Pointer value) {
    free.invokeInt(new Object[] {state.ctx, value});
  }

  /** Reads and frees the pending error message, or returns {@code null}. */
  private static String takeError(NativeApi api, Pointer ctx) {
    Pointer p = api.contextGetError.invokePointer(new Object[] {ctx});
    if (p == null) return null;
    try {
      return p.getString(0, "UTF-8").stripTrailing();
    } finally {
      Native.free(Pointer.nativeValue(p)); // the C API hands ownership of the string to the caller
    }
  }

  /** Queues the release of the context (see {@link ContextState}); never waits. Idempotent. */
  void release() {
    cleanable.clean();
  }

  /**
   * Releases the context before it returns (waiting for a call that runs on it); the native context
   * is freed at once, or when the last native value of it is freed. Idempotent.
   */
  @Override
  public void close() {
    cleanable.clean(); // queues the release at most once
    state.drainNow(); // an explicit close releases before it returns
  }
}

package io.github.futhark4j.runtime;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loaded programs shared within the process, keyed by anything that determines the library
 * (for the facade: source text, file and options). A hit costs a map look-up and a small view
 * object, and reuses the loaded library and its context.
 *
 * <p>Every {@link #get} returns its own {@link FutharkProgram} view; closing a view (or losing it
 * to the garbage collector) only drops one user, so one user's {@code close()} never breaks
 * another's. A program nobody uses stays loaded for the next hit, but only the
 * {@link #maxIdle()} most recently used of them: beyond that the least recently used is closed
 * (its context is released, and freed once its last native value is) and forgotten, so a
 * long-running host that compiles ever new sources does not keep every program it ever loaded.
 * The shared library itself is unloaded by JNA once nothing refers to it any more. A program
 * someone still holds, or holds a value of, keeps working.
 */
public final class ProgramCache {
  /** System property: how many unused programs a cache keeps loaded (default {@value #DEFAULT_IDLE}). */
  public static final String PROPERTY = "futhark4j.programCache";
  /** The default of {@link #maxIdle()}. */
  public static final int DEFAULT_IDLE = 32;

  /** Makes the program on a miss. */
  @FunctionalInterface
  public interface Loader<E extends Exception> {
    LoadedLibrary load() throws E;
  }

  private static final class Slot {
    final Object key;
    /** Written under the slot's monitor while loading; read under the cache's when the slot is idle. */
    volatile LoadedLibrary library;
    /** Open views, and threads in {@link #get}; guarded by the cache. */
    int users;

    Slot(Object key) { this.key = key; }
  }

  /** The fixed limit, or -1 to read {@value #PROPERTY} at each use. */
  private final int maxIdle;
  /** Guarded by {@code this}. */
  private final Map<Object, Slot> slots = new HashMap<>();
  /** Slots without users, least recently used first; guarded by {@code this}. */
  private final LinkedHashMap<Object, Slot> idle = new LinkedHashMap<>();

  /**
   * A cache keeping {@value #PROPERTY} (default {@value #DEFAULT_IDLE}) unused programs; the
   * property is read whenever a program becomes unused, so it can be changed while running.
   */
  public ProgramCache() {
    this.maxIdle = -1;
  }

  /** A cache keeping at most {@code maxIdle} unused programs loaded (0: none). */
  public ProgramCache(int maxIdle) {
    if (maxIdle < 0) throw new IllegalArgumentException("maxIdle must not be negative, not " + maxIdle);
    this.maxIdle = maxIdle;
  }

  /** How many programs nobody uses this cache keeps loaded. */
  public int maxIdle() {
    if (maxIdle >= 0) return maxIdle;
    Integer v = Integer.getInteger(PROPERTY);
    return v == null || v < 0 ? DEFAULT_IDLE : v;
  }

  /** The cached program for {@code key}, loading it with {@code loader} on a miss (once, even under contention). */
  public <E extends Exception> FutharkProgram get(Object key, Loader<E> loader) throws E {
    Slot slot;
    synchronized (this) {
      slot = slots.computeIfAbsent(key, Slot::new);
      slot.users++; // pinned: never evicted while loading or in use
      idle.remove(key);
    }
    boolean ok = false;
    try {
      View v;
      synchronized (slot) {
        if (slot.library == null || slot.library.isClosed()) {
          LoadedLibrary.warmUp();
          slot.library = loader.load();
        }
        v = new View(this, slot, slot.library);
      }
      ok = true;
      return v;
    } finally {
      if (!ok) release(slot, false);
    }
  }

  /**
   * Drops one user of {@code slot}; a slot without users becomes idle, or is forgotten when it
   * holds nothing. Closing the least recently used idle programs beyond {@link #maxIdle()} only
   * queues their release, so this never waits (it runs on the Cleaner thread too).
   */
  private void release(Slot slot, boolean trim) {
    List<LoadedLibrary> evicted = new ArrayList<>();
    synchronized (this) {
      if (--slot.users > 0) return;
      if (slot.library == null || slot.library.isClosed()) {
        slots.remove(slot.key, slot);
        return;
      }
      idle.put(slot.key, slot);
      if (trim) {
        int max = maxIdle();
        var it = idle.values().iterator();
        while (idle.size() > max && it.hasNext()) {
          Slot s = it.next();
          it.remove();
          slots.remove(s.key, s);
          if (s.library != null) evicted.add(s.library);
        }
      }
    }
    for (LoadedLibrary l : evicted) l.release();
  }

  /**
   * Closes and forgets every library that no open view uses, and frees the pooled native staging
   * buffers; returns how many libraries were evicted.
   */
  public int evictUnused() {
    Staging.clear();
    List<Slot> gone;
    synchronized (this) {
      gone = new ArrayList<>(idle.values());
      idle.clear();
      for (Slot s : gone) slots.remove(s.key, s);
    }
    for (Slot s : gone) if (s.library != null) s.library.close();
    return gone.size();
  }

  /** Number of cached libraries (in use or idle). */
  public synchronized int size() { return slots.size(); }

  /** Number of cached libraries nobody uses. */
  public synchronized int idleCount() { return idle.size(); }

  private static Runnable release(ProgramCache cache, Slot slot) {
    return () -> cache.release(slot, true);
  }

  /** One user's view of a shared program; its functions refuse calls once it is closed. */
  private static final class View implements FutharkProgram {
    private final LoadedLibrary library;
    private final Map<String, FutharkFunction> functions;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    View(ProgramCache cache, Slot slot, LoadedLibrary library) {
      this.library = library;
      Map<String, FutharkFunction> fs = new LinkedHashMap<>();
      for (FutharkFunction f : library.entryPoints().values()) fs.put(f.name(), new ViewFunction(this, f));
      this.functions = Collections.unmodifiableMap(fs);
      this.cleanable = Context.CLEANER.register(this, release(cache, slot));
    }

    @Override public Map<String, FutharkFunction> entryPoints() { return functions; }

    @Override public java.util.Set<String> tuningParameters() { return library.tuningParameters(); }

    @Override
    public String report() {
      if (closed) throw new IllegalStateException("the Futhark program is closed");
      return library.report();
    }

    @Override
    public FutharkFunction function(String name) {
      FutharkFunction f = functions.get(name);
      if (f == null) library.function(name); // throws, naming the known entry points
      return f;
    }

    @Override
    public io.github.futhark4j.FutharkOpaque restore(byte[] bytes) {
      checkOpen();
      return library.restore(bytes);
    }

    @Override
    public io.github.futhark4j.FutharkArray newArray(io.github.futhark4j.FutharkArray data) {
      checkOpen();
      return library.newArray(data);
    }

    @Override
    public void close() {
      closed = true;
      cleanable.clean();
    }

    void checkOpen() {
      if (closed) throw new IllegalStateException("this FutharkProgram is closed");
    }

    @Override public String toString() { return library.toString(); }
  }

  private record ViewFunction(View view, FutharkFunction target) implements FutharkFunction {
    @Override public String name() { return target.name(); }

    @Override public List<String> parameterTypes() { return target.parameterTypes(); }

    @Override public List<String> resultTypes() { return target.resultTypes(); }

    @Override public boolean consumes(int parameter) { return target.consumes(parameter); }

    @Override
    public Object call(Object... args) {
      view.checkOpen();
      return target.call(args);
    }

    @Override
    public Object callNative(Object... args) {
      view.checkOpen();
      return target.callNative(args);
    }

    @Override
    public Object callInto(Object[] into, Object... args) {
      view.checkOpen();
      return target.callInto(into, args);
    }

    @Override public FutharkProgram program() { return view; }

    @Override
    public void prepare() {
      view.checkOpen();
      target.prepare();
    }

    @Override public String toString() { return target.toString(); }
  }
}

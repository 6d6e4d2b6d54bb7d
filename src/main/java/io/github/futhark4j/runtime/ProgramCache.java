package io.github.futhark4j.runtime;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.lang.ref.Cleaner;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loaded programs shared within the process, keyed by anything that determines the library
 * (for the facade: source text, file and options). A hit costs a map look-up and a small view
 * object, and reuses the loaded library and its context.
 *
 * <p>Every {@link #get} returns its own {@link FutharkProgram} view; closing a view (or losing it
 * to the garbage collector) only marks it unused, so one user's {@code close()} never breaks
 * another's. A library with no open view stays loaded for the next hit until {@link #evictUnused}.
 */
public final class ProgramCache {
  /** Makes the program on a miss. */
  @FunctionalInterface
  public interface Loader<E extends Exception> {
    LoadedLibrary load() throws E;
  }

  private static final class Slot {
    LoadedLibrary library;
    int users;
  }

  private final Map<Object, Slot> slots = new ConcurrentHashMap<>();

  /** The cached program for {@code key}, loading it with {@code loader} on a miss (once, even under contention). */
  public <E extends Exception> FutharkProgram get(Object key, Loader<E> loader) throws E {
    Slot slot = slots.computeIfAbsent(key, k -> new Slot());
    synchronized (slot) {
      if (slot.library == null || slot.library.isClosed()) slot.library = loader.load();
      slot.users++;
      return new View(slot, slot.library);
    }
  }

  /**
   * Closes and forgets every library that no open view uses, and frees the pooled native staging
   * buffers; returns how many libraries were evicted.
   */
  public int evictUnused() {
    Staging.clear();
    int n = 0;
    for (Map.Entry<Object, Slot> e : slots.entrySet()) {
      Slot s = e.getValue();
      synchronized (s) {
        if (s.users <= 0) {
          if (s.library != null) s.library.close();
          s.library = null;
          slots.remove(e.getKey(), s);
          n++;
        }
      }
    }
    return n;
  }

  /** Number of cached libraries. */
  public int size() { return slots.size(); }

  private static Runnable release(Slot slot) {
    return () -> {
      synchronized (slot) {
        slot.users--;
      }
    };
  }

  /** One user's view of a shared program; its functions refuse calls once it is closed. */
  private static final class View implements FutharkProgram {
    private final LoadedLibrary library;
    private final Map<String, FutharkFunction> functions;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed;

    View(Slot slot, LoadedLibrary library) {
      this.library = library;
      Map<String, FutharkFunction> fs = new LinkedHashMap<>();
      for (FutharkFunction f : library.entryPoints().values()) fs.put(f.name(), new ViewFunction(this, f));
      this.functions = Collections.unmodifiableMap(fs);
      this.cleanable = Context.CLEANER.register(this, release(slot));
    }

    @Override public Map<String, FutharkFunction> entryPoints() { return functions; }

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

    @Override public FutharkProgram program() { return view; }

    @Override
    public void prepare() {
      view.checkOpen();
      target.prepare();
    }

    @Override public String toString() { return target.toString(); }
  }
}

package io.github.futhark4j.runtime;

import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shared library implementing the Futhark C API, loaded with its manifest, with one context
 * created at load time and shared by all its entry points. This is the runtime's entry: the facade
 * and the script engine get a {@link FutharkProgram} from {@link #load}.
 */
public final class LoadedLibrary implements FutharkProgram {
  private final Path sharedLibrary;
  private final Manifest manifest;
  private final Context context;
  private final Map<String, FutharkFunction> entryPoints;
  /** Every type the entry points use, resolved, by manifest name. */
  private final Map<String, ValueType> types;

  private LoadedLibrary(Path sharedLibrary, Manifest manifest, int threads, Map<String, Long> tuning, String device) {
    this.sharedLibrary = sharedLibrary;
    this.manifest = manifest;
    NativeApi api = new NativeApi(sharedLibrary, manifest.backend());
    // Resolve every type and C function before creating the context, so a bad library fails
    // early and leaks nothing.
    Map<String, ValueType> types = new HashMap<>();
    Map<String, EntryPoint> eps = new LinkedHashMap<>();
    List<Object[]> pending = new ArrayList<>();
    try {
      for (Manifest.Entry e : manifest.entryPoints().values()) {
        List<ValueType> in = new ArrayList<>();
        for (Manifest.Input i : e.inputs()) in.add(ValueType.resolve(i.type(), manifest, api, types));
        List<ValueType> out = new ArrayList<>();
        for (Manifest.Output o : e.outputs()) out.add(ValueType.resolve(o.type(), manifest, api, types));
        pending.add(new Object[] {e, api.function(e.cfun()), in, out});
      }
      this.context = new Context(api, threads, tuning, tuningNames(manifest), device);
    } catch (RuntimeException | Error e) {
      api.release(); // no context owns the library yet
      throw e;
    }
    for (Object[] p : pending) {
      Manifest.Entry e = (Manifest.Entry) p[0];
      @SuppressWarnings("unchecked") List<ValueType> in = (List<ValueType>) p[2];
      @SuppressWarnings("unchecked") List<ValueType> out = (List<ValueType>) p[3];
      com.sun.jna.Function cfun = (com.sun.jna.Function) p[1];
      eps.put(e.name(), new EntryPoint(this, e, cfun, api.library, in, out));
    }
    this.entryPoints = Collections.unmodifiableMap(eps);
    this.types = Map.copyOf(types);
  }

  private static final java.util.concurrent.atomic.AtomicBoolean WARMING = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Starts initialising JNA (loading its native part and some hundred classes: 30-60 ms in a fresh
   * JVM) on a daemon thread, once per JVM, so that it overlaps with what comes before the first
   * load: hashing the sources, finding the cache entry, or compiling. Loading waits for it as for
   * any class initialisation. Harmless when JNA is ready already.
   */
  public static void warmUp() {
    warmUp(null);
  }

  /**
   * Like {@link #warmUp()}; with a cache directory, JNA's native part is loaded from a copy kept
   * there ({@code jna/}) instead of being unpacked from its jar into a new temporary file, which
   * costs a fresh JVM some 20 ms more (the temporary file's name wants {@code SecureRandom}), and
   * without JNA's search path for libraries loaded by name (whose set-up starts {@code ldconfig}).
   */
  public static void warmUp(Path cacheDir) {
    if (!WARMING.compareAndSet(false, true)) return;
    Thread t = new Thread(() -> {
      try {
        String dir = cacheDir == null ? null : JnaDispatch.copyIn(cacheDir.resolve("jna"));
        // Both properties only for this initialisation: another JNA in the JVM (another class
        // loader, another version) must unpack its own and search the usual paths.
        boolean boot = dir != null && System.getProperty(JnaDispatch.PROPERTY) == null;
        // NativeLibrary's initialisation runs `ldconfig -p` (a process start, ~30 ms of a fresh
        // JVM's first eval) to learn where to look for libraries loaded by name; the runtime loads
        // libraries by absolute path only, so it needs no search path.
        boolean search = System.getProperty(JnaDispatch.SEARCH_PROPERTY) == null;
        if (boot) System.setProperty(JnaDispatch.PROPERTY, dir);
        if (search) System.setProperty(JnaDispatch.SEARCH_PROPERTY, "");
        try {
          Class.forName("com.sun.jna.Native", true, LoadedLibrary.class.getClassLoader());
          Class.forName("com.sun.jna.NativeLibrary", true, LoadedLibrary.class.getClassLoader());
        } finally {
          if (boot) System.clearProperty(JnaDispatch.PROPERTY);
          if (search) System.clearProperty(JnaDispatch.SEARCH_PROPERTY);
        }
      } catch (Throwable e) {
        // the load itself reports what is wrong with JNA
      }
    }, "futhark4j-warm-up");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Loads {@code so} (by absolute path), reads {@code manifest}, resolves every C function the
   * manifest names, and creates a context.
   *
   * @param threads worker threads for a multicore library; 0 means one per core
   * @throws FutharkException the library cannot be loaded, lacks a function, or context creation failed
   * @throws IOException      the manifest cannot be read
   */
  public static LoadedLibrary load(Path so, Path manifest, int threads) throws IOException {
    return load(so, manifest, threads, Map.of());
  }

  /**
   * Like {@link #load(Path, Path, int)}, setting the program's tuning parameters in the context's
   * configuration first.
   *
   * @throws IllegalArgumentException a tuning parameter the program does not have
   */
  public static LoadedLibrary load(Path so, Path manifest, int threads, Map<String, Long> tuning) throws IOException {
    return load(so, manifest, threads, tuning, null);
  }

  /**
   * Like {@link #load(Path, Path, int, Map)}, choosing the context's device first
   * ({@code futhark_context_config_set_device}: the first device whose name contains {@code device},
   * or {@code #k}; null: the first device).
   *
   * @throws IllegalArgumentException a device for a library that has no devices to choose from
   */
  public static LoadedLibrary load(Path so, Path manifest, int threads, Map<String, Long> tuning, String device)
      throws IOException {
    return new LoadedLibrary(so.toAbsolutePath(), Manifest.read(manifest), threads, tuning, device);
  }

  /** Like {@link #load(Path, Path, int)} with an already parsed manifest. */
  public static LoadedLibrary load(Path so, Manifest manifest, int threads) {
    return new LoadedLibrary(so.toAbsolutePath(), manifest, threads, Map.of(), null);
  }

  /** The tuning parameters the manifest's entry points use. */
  private static java.util.Set<String> tuningNames(Manifest manifest) {
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (Manifest.Entry e : manifest.entryPoints().values()) names.addAll(e.tuningParams());
    return names;
  }

  /** The names of the program's tuning parameters. */
  public java.util.Set<String> tuningParameters() { return java.util.Collections.unmodifiableSet(tuningNames(manifest)); }

  @Override
  public String report() { return context.report(); }

  Context context() { return context; }

  /** The manifest this library was loaded with. */
  public Manifest manifest() { return manifest; }

  /** The shared library file. */
  public Path sharedLibrary() { return sharedLibrary; }

  /** The configured thread count (0: all cores). */
  public int threads() { return context.threads(); }

  @Override
  public Map<String, FutharkFunction> entryPoints() { return entryPoints; }

  @Override
  public FutharkFunction function(String name) {
    FutharkFunction f = entryPoints.get(name);
    if (f == null) {
      throw new IllegalArgumentException("no entry point '" + name + "'; the program has " + (entryPoints.isEmpty()
          ? "no entry points" : "entry points " + String.join(", ", entryPoints.keySet())));
    }
    return f;
  }

  @Override
  public io.github.futhark4j.FutharkOpaque restore(byte[] bytes) {
    StoredValue.Parsed v = StoredValue.parse(bytes);
    if (!(types.get(v.type()) instanceof ValueType.Opaque type)) {
      throw new IllegalArgumentException("the stored value has type " + v.type() + ", which this program does not have"
          + " (a value can only be restored by the program that stored it)");
    }
    if (!java.util.Arrays.equals(v.program(), type.program())) {
      throw new IllegalArgumentException("the stored value of type " + v.type() + " was stored by a different program"
          + " (program " + StoredValue.shortId(v.program()) + ", this is " + StoredValue.shortId(type.program())
          + "): a value can only be restored by the same program, compiled by the same compiler version");
    }
    if (type.restore() == null) {
      throw new UnsupportedOperationException("the library has no restore function for opaque type " + type.name());
    }
    byte[] payload = v.payload();
    com.sun.jna.Memory mem = new com.sun.jna.Memory(Math.max(1, payload.length));
    try {
      mem.write(0, payload, 0, payload.length);
      synchronized (context.lock()) {
        com.sun.jna.Pointer p = context.checkPointer(
            type.restore().invokePointer(new Object[] {context.pointer(), mem}), "futhark_restore_opaque for " + type.name());
        try {
          context.sync();
        } catch (RuntimeException e) {
          context.freeNow(type.free(), p);
          throw e;
        }
        return new NativeOpaque(context, type, p, List.of());
      }
    } finally {
      mem.close();
    }
  }

  @Override
  public io.github.futhark4j.FutharkArray newArray(io.github.futhark4j.FutharkArray data) {
    return NativeArrays.copy(context, types, data);
  }

  /** Whether {@link #close()} has been called (or the program was released). */
  public boolean isClosed() { return context.state.ownerReleased(); }

  /** Native values of this program not yet freed (for diagnostics and tests). */
  public int liveValues() { return context.state.liveValues(); }

  /**
   * Releases the context. Calls made afterwards fail with {@link IllegalStateException}; native
   * values already returned stay readable until they are closed, and the context is freed when the
   * last of them is. Idempotent.
   */
  @Override
  public void close() { context.close(); }

  /**
   * Like {@link #close()}, but only queues the release: it happens on another thread as soon as no
   * call runs on the context. For callers that must not wait (the program cache's eviction, which
   * may run on the Cleaner thread).
   */
  public void release() { context.release(); }

  @Override
  public String toString() {
    return "FutharkProgram[" + sharedLibrary.getFileName() + ", entry points " + entryPoints.keySet() + "]";
  }
}

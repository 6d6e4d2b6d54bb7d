package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Source to loaded-ready shared library: build key, cache lookup, compile on a miss (Futhark
 * compiler, then the C compiler), atomic publish. Thread safe and safe across processes.
 *
 * <p>A build goes: compute the {@link BuildKey} (reads the main source's imports) -> in-memory hit
 * (re-checked with a few stat calls) -> take the key's lock (threads of this JVM, then other
 * processes) -> sound entry on disk -> else move any bad entry aside, compile into a temporary
 * directory in the cache, compile the C, publish by atomic rename. A thread or process that waited
 * for the lock finds the entry the first one published instead of compiling again. If a source
 * file changed while it was being compiled (the key computed afterwards differs), the result is
 * thrown away and the build starts over, so an entry never holds code of other sources than its key says.
 */
public final class LibraryBuilder {
  private static final int MAX_ATTEMPTS = 3;

  /**
   * System property: how many entries {@link #MEMORY} keeps (default 4096; the least recently used
   * are forgotten first). About 1 KB each.
   */
  public static final String MEMORY_PROPERTY = "futhark4j.buildMemory";

  private static final int MEMORY_ENTRIES = Math.max(1, Integer.getInteger(MEMORY_PROPERTY, 4096));

  /**
   * Entries this JVM has built or found, by cache directory and key: a bounded, access-ordered map,
   * so a long-running host that builds ever new programs does not keep every key it ever saw. A
   * forgotten entry costs a check on disk at its next build.
   */
  private static final Map<String, CompileCache.Entry> MEMORY = java.util.Collections.synchronizedMap(
      new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompileCache.Entry> eldest) {
          return size() > MEMORY_ENTRIES;
        }
      });

  private final Path requestedDir;
  private final FutharkCompiler compiler;
  private final String backend;
  private final CCompiler fixedCc;
  /** The timeout of each external tool, or null for {@link ToolLimits#defaultTimeout()}. */
  private final Duration toolTimeout;
  /** The cache's size limit, or 0 for {@link CompileCache#defaultLimit()}. */
  private final long cacheLimit;
  /** Whether the generated C may contract floating-point operations (part of the key through the C flags). */
  private final boolean floatContraction;
  private final CpuTarget cpuTarget;
  private volatile CompileCache cache;
  private volatile Inputs inputs;

  /** What besides the sources goes into the key; found once per builder. */
  private record Inputs(CCompiler cc, String compilerId, String ccId, List<String> ccFlags) {}

  /**
   * @param cacheDir the cache directory, or {@code null} for {@link #defaultCacheDir()}
   * @param compiler the Futhark compiler to use on a miss
   * @param backend  {@code c} or {@code multicore} (or an external compiler's other backends)
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend) {
    this(cacheDir, compiler, backend, null);
  }

  /**
   * As {@link #LibraryBuilder(Path, FutharkCompiler, String)} with a given C compiler ({@code null}:
   * {@link CCompiler#locate()} on first use).
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend, CCompiler cc) {
    this(cacheDir, compiler, backend, cc, null);
  }

  /**
   * As {@link #LibraryBuilder(Path, FutharkCompiler, String, CCompiler)}, running each external tool
   * (C compiler, futhark, ispc) at most {@code toolTimeout} ({@code null}:
   * {@link ToolLimits#defaultTimeout()}, read at each build).
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend, CCompiler cc, Duration toolTimeout) {
    this(cacheDir, compiler, backend, cc, toolTimeout, 0);
  }

  /**
   * As {@link #LibraryBuilder(Path, FutharkCompiler, String, CCompiler, Duration)}, keeping the cache
   * under {@code cacheLimit} bytes (0: {@link CompileCache#defaultLimit()}, read at each build) by
   * evicting the least recently used entries after each build.
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend, CCompiler cc, Duration toolTimeout,
      long cacheLimit) {
    this(cacheDir, compiler, backend, cc, toolTimeout, cacheLimit, false);
  }

  /**
   * As {@link #LibraryBuilder(Path, FutharkCompiler, String, CCompiler, Duration, long)}, letting the
   * generated C contract floating-point operations into fused multiply-adds when
   * {@code floatContraction} (the Futhark compiler is asked to, and the C compiler gets
   * {@link CCompiler#FP_CONTRACT_FLAG}, which puts it into the build key).
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend, CCompiler cc, Duration toolTimeout,
      long cacheLimit, boolean floatContraction) {
    this(cacheDir, compiler, backend, cc, toolTimeout, cacheLimit, floatContraction, CpuTarget.nativeTarget());
  }

  /**
   * As {@link #LibraryBuilder(Path, FutharkCompiler, String, CCompiler, Duration, long, boolean)},
   * compiling for the instruction set {@code target} (see {@link CpuTarget}; part of the build key).
   *
   * @throws IllegalArgumentException also a level this machine cannot build for
   */
  public LibraryBuilder(Path cacheDir, FutharkCompiler compiler, String backend, CCompiler cc, Duration toolTimeout,
      long cacheLimit, boolean floatContraction, CpuTarget target) {
    this.cpuTarget = target == null ? CpuTarget.nativeTarget() : target;
    this.cpuTarget.checkBuildable();
    this.floatContraction = floatContraction;
    if (cacheLimit < 0) throw new IllegalArgumentException("cacheLimit must be a number of bytes, or 0 for the default, not " + cacheLimit);
    this.cacheLimit = cacheLimit;
    this.toolTimeout = toolTimeout == null ? null : ToolLimits.check(toolTimeout);
    this.requestedDir = cacheDir;
    this.compiler = Objects.requireNonNull(compiler, "compiler");
    this.backend = Objects.requireNonNull(backend, "backend");
    this.fixedCc = cc;
    CCompiler.libraries(backend); // rejects unknown backends now rather than at the first build
    if (compiler instanceof BuiltinCompiler && !BuiltinCompiler.BACKENDS.contains(backend)) {
      throw new IllegalArgumentException(BuiltinCompiler.unsupported(backend));
    }
  }

  public FutharkCompiler compiler() { return compiler; }

  public String backend() { return backend; }

  /**
   * How the C compiler builds this builder's libraries ({@link CCompiler#flags(String)}): as the
   * backend's, except the built-in compiler's opencl libraries, which open OpenCL at run time
   * ({@code builtin-opencl}: OpenMP and dlopen, no {@code -lOpenCL}).
   */
  private String cBuild() {
    return compiler instanceof BuiltinCompiler && backend.equals("opencl") ? CCompiler.BUILTIN_OPENCL : backend;
  }

  /** The cache directory in use (created and checked on first use). */
  public Path cacheDir() throws IOException { return cache().dir(); }

  /** The key {@code main} would be built under now. */
  public BuildKey key(Source main) throws ExternalCompilerException, IOException {
    Inputs in = inputs();
    return BuildKey.compute(main, in.compilerId(), backend, in.ccId(), in.ccFlags(), cpuTarget);
  }

  /** Returns the cached library for {@code main} (and the files it imports), building it on a miss. */
  public BuiltLibrary build(Source main) throws CompileException, ExternalCompilerException, IOException {
    CompileCache c = cache();
    long limit = CompileCache.limitOrDefault(cacheLimit);
    for (int attempt = 1; ; attempt++) {
      BuildKey key = key(main);
      String memKey = c.dir() + "|" + key.hex();
      CompileCache.Entry hit = MEMORY.get(memKey);
      if (hit != null && hit.stillThere()) {
        c.touch(key.hex());
        return hit.built();
      }
      CompileCache.Entry built;
      try (KeyLock lock = c.lock(key.hex())) {
        // Whoever held the lock before us may have built it, in this JVM or another one.
        hit = MEMORY.get(memKey);
        if (hit != null && hit.stillThere()) {
          c.touch(key.hex());
          return hit.built();
        }
        var onDisk = c.lookup(key.hex());
        if (onDisk.isPresent()) {
          MEMORY.put(memKey, onDisk.get());
          c.touch(key.hex());
          return onDisk.get().built();
        }
        MEMORY.remove(memKey);
        c.discard(key.hex());
        // Build directories left by crashed builds are removed by the pruning that follows a
        // build (in the background: listing a cache of thousands of entries took a fresh JVM
        // 35-150 ms), and by `futhark4j cache prune`.
        built = compileAndPublish(c, main, key);
        if (built != null) MEMORY.put(memKey, built);
      }
      if (built != null) {
        // Outside the key's lock: eviction takes the locks of other keys.
        CompileCache.Pruned p = c.maintainQuietly(key.hex(), limit);
        if (p != null) for (CompileCache.EntryInfo e : p.evicted()) MEMORY.remove(c.dir() + "|" + e.key());
        return built.built();
      }
      if (attempt == MAX_ATTEMPTS) {
        throw new IOException("The sources of " + main.name() + " changed during each of " + MAX_ATTEMPTS
            + " compilations; not caching a library whose sources are unknown.");
      }
    }
  }

  private static final java.util.concurrent.atomic.AtomicBoolean WARMING = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * On the first build of the JVM, prepares on a daemon thread what the build will need after its
   * start: the Futhark compiler's later classes ({@link FutharkCompiler#warmUp}), while it parses,
   * then the process machinery for the C compiler ({@link CCompiler#warmUp}), while the Futhark
   * compiler runs. With two cores, a fresh JVM's first cold compile took 20-40 ms less.
   */
  private static void warmUp(FutharkCompiler compiler, CCompiler cc) {
    if (!WARMING.compareAndSet(false, true)) return;
    Thread.ofPlatform().daemon().name("futhark4j-build-warm-up").start(() -> {
      compiler.warmUp();
      cc.warmUp();
    });
  }

  /** Compiles into a fresh build directory and publishes it; null if the sources changed meanwhile. */
  private CompileCache.Entry compileAndPublish(CompileCache c, Source main, BuildKey key)
      throws CompileException, ExternalCompilerException, IOException {
    Inputs in = inputs();
    warmUp(compiler, in.cc());
    String name = baseName(main);
    Path work = c.newBuildDir(key.hex());
    boolean published = false;
    try {
      Duration timeout = ToolLimits.orDefault(toolTimeout);
      compiler.compile(main, backend, work, name, timeout, floatContraction);
      in.cc().buildSharedLibrary(work, name, cBuild(), CompileCache.LIBRARY, timeout, floatContraction,
          c.dir().resolve(CompileCache.ENGINE_DIR));
      // Imported files may have changed while we compiled (the main source is a string).
      if (!key.files().isEmpty() && !key(main).hex().equals(key.hex())) return null;
      Files.writeString(work.resolve(CompileCache.KEY_TEXT), key.description(), StandardCharsets.UTF_8);
      CompileCache.Entry e = c.publish(work, key.hex(), name, in.compilerId());
      published = true;
      return e;
    } finally {
      if (!published) CacheFiles.deleteTree(work);
    }
  }

  private CompileCache cache() throws IOException {
    CompileCache c = cache;
    if (c == null) {
      synchronized (this) {
        c = cache;
        if (c == null) {
          c = new CompileCache(requestedDir != null ? requestedDir : defaultCacheDir());
          cache = c;
        }
      }
    }
    return c;
  }

  private Inputs inputs() throws ExternalCompilerException, IOException {
    Inputs in = inputs;
    if (in == null) {
      CCompiler cc = (fixedCc != null ? fixedCc : CCompiler.locate()).withCpuTarget(cpuTarget);
      Path memo = cache().dir(); // tools' versions are remembered there across JVMs
      String id = compiler instanceof ExternalFuthark ef ? ef.checkedIdentity(memo) : compiler.identity();
      in = new Inputs(cc, id, cc.identity(memo), cc.keyFlags(cBuild(), floatContraction));
      inputs = in;
    }
    return in;
  }

  /**
   * The base name of the generated files: the source name without directory and {@code .fut},
   * reduced to letters, digits and underscores ({@code <eval>} gives {@code eval}); {@code prog}
   * when nothing usable is left.
   */
  static String baseName(Source main) {
    String n = main.name();
    n = n.substring(Math.max(n.lastIndexOf('/'), n.lastIndexOf('\\')) + 1);
    if (n.endsWith(".fut")) n = n.substring(0, n.length() - 4);
    // As replaceAll("[^A-Za-z0-9_]", "_") then stripping leading and trailing '_' (no regex: this
    // runs in every build, and a fresh JVM compiles each pattern in its interpreter).
    StringBuilder b = new StringBuilder(n.length());
    for (int i = 0; i < n.length(); i += Character.charCount(n.codePointAt(i))) {
      char c = n.charAt(i);
      b.append((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ? c : '_');
    }
    int from = 0, to = b.length();
    while (from < to && b.charAt(from) == '_') from++;
    while (to > from && b.charAt(to - 1) == '_') to--;
    n = b.substring(from, to);
    if (n.isEmpty() || !Character.isLetter(n.charAt(0)) || n.length() > 64
        || Set.of("lib", "key", "complete").contains(n)) {
      return "prog";
    }
    return n;
  }

  /**
   * The default cache directory: system property {@code futhark4j.cache}, else environment variable
   * {@code FUTHARK4J_CACHE}, else {@code $XDG_CACHE_HOME/futhark4j}, else {@code ~/.cache/futhark4j}.
   */
  public static Path defaultCacheDir() {
    return defaultCacheDir(System::getProperty, System.getenv());
  }

  static Path defaultCacheDir(UnaryOperator<String> properties, Map<String, String> env) {
    String p = properties.apply("futhark4j.cache");
    if (p != null && !p.isBlank()) return Path.of(p).toAbsolutePath();
    String e = env.get("FUTHARK4J_CACHE");
    if (e != null && !e.isBlank()) return Path.of(e).toAbsolutePath();
    String xdg = env.get("XDG_CACHE_HOME");
    // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) return Path.of(xdg, "futhark4j");
    return Path.of(properties.apply("user.home"), ".cache", "futhark4j");
  }

  /** Deletes every cache entry in {@code cacheDir} (entries being built by others are left alone). */
  public static void clear(Path cacheDir) throws IOException {
    if (!Files.isDirectory(cacheDir)) return;
    CompileCache c = new CompileCache(cacheDir);
    synchronized (MEMORY) {
      MEMORY.keySet().removeIf(k -> k.startsWith(c.dir() + "|"));
    }
    c.clear();
  }

  /**
   * Waits (up to a minute) until no background pruning of {@code cacheDir} started by this JVM's
   * builds runs: the first build into a directory lists it on a background thread.
   */
  public static void awaitMaintenance(Path cacheDir) throws IOException {
    try {
      if (Files.isDirectory(cacheDir)) CachePruner.awaitMaintenance(cacheDir);
    } catch (IOException e) {
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for the cache's pruning");
    } catch (Exception e) {
      throw new IOException("waiting for the cache's pruning: " + e, e);
    }
  }

  /**
   * Shrinks the cache in {@code cacheDir} to at most {@code limit} bytes by removing the least
   * recently used entries nobody holds, and removes build directories left by crashed builds and,
   * when no build runs in any process, the per-key lock files.
   */
  public static CompileCache.Pruned prune(Path cacheDir, long limit) throws IOException {
    CompileCache c = new CompileCache(cacheDir);
    CompileCache.Pruned p = c.prune(limit, null);
    for (CompileCache.EntryInfo e : p.evicted()) MEMORY.remove(c.dir() + "|" + e.key());
    return p;
  }

  /** Forgets this JVM's in-memory entries (tests: forces the next build to look at the disk). */
  static void forgetInMemory() {
    MEMORY.clear();
  }
}

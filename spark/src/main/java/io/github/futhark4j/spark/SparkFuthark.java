package io.github.futhark4j.spark;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkBinary;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.runtime.Manifest;
import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * A Futhark program for Spark jobs: compiled once on the driver, shipped to the executors as a
 * broadcast of its compile-cache entry ({@link FutharkBinary}), and loaded once per executor JVM,
 * whose Futhark context then serves every task and thread of that executor. Executors compile
 * nothing and need no C compiler; they must match the driver's platform (docs/spark.md). By default
 * each executor keeps one single-threaded Futhark context per task that calls at the same time
 * (Spark already runs one task per core), made on demand; see {@link #withContexts} and
 * {@link #withThreads}.
 *
 * <pre>{@code
 * SparkFuthark fut = SparkFuthark.compile(spark, source);
 * Dataset<Row> out = fut.map("standardise").value(mean).value(sd).column("features").as("z").withColumns(df);
 * Object[] sums = fut.aggregate("partial_sums", "add_sums").value(centroids).column("z").run(out);
 * spark.udf().register("fsq", fut.udf("square").udf());
 * }</pre>
 *
 * <p>Serializable (the broadcast handle, the content hash and the executor settings travel in task
 * closures); thread safe. The content hash travels in the closure, apart from the broadcast bytes,
 * and each executor checks the bytes against it before loading.
 */
public final class SparkFuthark implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  /** Programs loaded in this JVM, by content hash, thread count and cache directory. */
  private static final Map<String, FutharkProgram> LOADED = new ConcurrentHashMap<>();
  private static final AtomicInteger LOADS = new AtomicInteger();

  private final Broadcast<FutharkBinary> binary;
  private final String sha256;
  private final int threads;
  private final int contexts;
  private final String executorCacheDir;
  private transient volatile Manifest manifest;

  /** The contexts of each program and setting in this JVM, lent to one call at a time. */
  private static final Map<String, Pool> POOLS = new ConcurrentHashMap<>();

  /** Up to {@code cap} contexts, made when a call finds none idle. */
  private static final class Pool {
    final int cap;
    final BlockingQueue<FutharkProgram> idle = new LinkedBlockingQueue<>();
    final AtomicInteger made = new AtomicInteger();

    Pool(int cap) { this.cap = cap; }
  }

  private SparkFuthark(Broadcast<FutharkBinary> binary, String sha256, int threads, int contexts, String executorCacheDir) {
    this.binary = binary;
    this.sha256 = sha256;
    this.threads = threads;
    this.contexts = contexts;
    this.executorCacheDir = executorCacheDir;
  }

  /** Compiles in-memory source with the default options (see {@link #compile(SparkSession, String, FutharkOptions)}). */
  public static SparkFuthark compile(SparkSession spark, String source) throws FutharkCompileException {
    return compile(spark, source, FutharkOptions.defaults());
  }

  /**
   * Compiles {@code source} on the driver with {@code options} (or finds it in the driver's compile
   * cache) and broadcasts the built library. Executors load it into their default compile cache,
   * with the default executor settings ({@link #withContexts}, {@link #withThreads}).
   *
   * @throws FutharkCompileException syntax or type errors
   */
  public static SparkFuthark compile(SparkSession spark, String source, FutharkOptions options) throws FutharkCompileException {
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    return ship(spark, Futhark.export(source, o));
  }

  /** Like {@link #compile(SparkSession, String, FutharkOptions)} for a file; its imports resolve relative to it. */
  public static SparkFuthark compile(SparkSession spark, Path file, FutharkOptions options) throws FutharkCompileException {
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    return ship(spark, Futhark.export(file, o));
  }

  /**
   * Broadcasts an already built library ({@link Futhark#export}, e.g. made on a machine like the
   * executors), with the default executor settings.
   */
  public static SparkFuthark ship(SparkSession spark, FutharkBinary binary) {
    Objects.requireNonNull(spark, "spark");
    Objects.requireNonNull(binary, "binary");
    Broadcast<FutharkBinary> b = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(binary);
    SparkFuthark f = new SparkFuthark(b, binary.sha256(), 1, 0, null);
    f.manifest = parse(binary);
    return f;
  }

  /**
   * A copy whose executors install the library into {@code dir} instead of their default compile
   * cache ({@code futhark4j.cache} system property, {@code FUTHARK4J_CACHE}, ~/.cache/futhark4j),
   * e.g. a local scratch directory of the cluster's nodes. It must be private to the user (0700).
   */
  public SparkFuthark withExecutorCacheDir(String dir) {
    SparkFuthark f = new SparkFuthark(binary, sha256, threads, contexts, dir);
    f.manifest = manifest;
    return f;
  }

  /**
   * A copy whose executors run each Futhark context with {@code n} worker threads (0: one per core
   * of the machine). Default 1: Spark runs a task per core already, and each task gets a context.
   */
  public SparkFuthark withThreads(int n) {
    if (n < 0) throw new IllegalArgumentException("threads must be >= 0, not " + n);
    SparkFuthark f = new SparkFuthark(binary, sha256, n, contexts, executorCacheDir);
    f.manifest = manifest;
    return f;
  }

  /**
   * A copy whose executors keep at most {@code n} Futhark contexts of the program; 0 (the default)
   * means at most one per core of the machine. A context is made when a call finds none idle, so
   * an executor ends up with one per task that calls at the same time (its
   * {@code spark.executor.cores}). Calls on one context take turns: with {@code n = 1} the tasks of
   * an executor wait for each other's calls, which suits one context with many threads
   * ({@link #withThreads}) for heavy kernels. Keep contexts times threads within the executor's
   * cores (docs/spark.md, "Settings").
   */
  public SparkFuthark withContexts(int n) {
    if (n < 0) throw new IllegalArgumentException("contexts must be >= 0, not " + n);
    SparkFuthark f = new SparkFuthark(binary, sha256, threads, n, executorCacheDir);
    f.manifest = manifest;
    return f;
  }

  /** The most Futhark contexts each executor keeps (0: one per core; see {@link #withContexts}). */
  public int contexts() { return contexts; }

  /** The content hash of the shipped library. */
  public String sha256() { return sha256; }

  /** The worker threads of each of the executors' Futhark contexts (0: one per core). */
  public int threads() { return threads; }

  /** The shipped library (on an executor this reads the broadcast). */
  public FutharkBinary binary() { return binary.value(); }

  /** The names of the entry points. */
  public List<String> entryPoints() { return List.copyOf(manifest().entryPoints().keySet()); }

  /**
   * Applies an entry point to batches of rows: the columns bound to its parameters go in as one
   * array per batch, its results come back as new columns or a new Dataset. See {@link BatchMap}.
   */
  public BatchMap map(String entry) { return new BatchMap(this, entry); }

  /** An aggregation: a reduction entry point per partition, combined by {@code combine}. See {@link Aggregation}. */
  public Aggregation aggregate(String reduce, String combine) { return new Aggregation(this, reduce, combine); }

  /** A Spark UDF of an entry point with scalar parameters and one scalar result. See {@link FutharkUdf}. */
  public FutharkUdf udf(String entry) { return new FutharkUdf(this, entry); }

  /**
   * The program in this JVM with this handle's thread count: loaded from the broadcast on first use
   * (checked against the content hash, installed into the compile cache, no compiling), then
   * shared by every caller. The operations do not use it: they borrow contexts of their own (see
   * {@link #withContexts}); it is for calling entry points directly, e.g. on the driver.
   *
   * @throws FutharkException the library is damaged, for another platform, or cannot be loaded
   */
  public FutharkProgram program() {
    String k = sha256 + "|" + threads + "|" + executorCacheDir;
    FutharkProgram p = LOADED.get(k);
    if (p != null) return p;
    return LOADED.computeIfAbsent(k, kk -> {
      LOADS.incrementAndGet();
      return Futhark.load(binary.value(), sha256, options());
    });
  }

  private FutharkOptions options() {
    FutharkOptions o = FutharkOptions.defaults().withThreads(threads);
    return executorCacheDir == null ? o : o.withCacheDir(Path.of(executorCacheDir));
  }

  /**
   * Calls entry point {@code entry} of this JVM's program with {@code args} on a context borrowed
   * for the call (made if none is idle and the pool is not full, else waited for); with {@code
   * nativeResults}, through {@code callNative}.
   */
  Object call(String entry, Object[] args, boolean nativeResults) {
    int cap = contexts > 0 ? contexts : Runtime.getRuntime().availableProcessors();
    Pool pool = POOLS.computeIfAbsent(sha256 + "|" + threads + "|" + executorCacheDir + "|" + cap, k -> new Pool(cap));
    FutharkProgram p = pool.idle.poll();
    if (p == null) {
      if (pool.made.incrementAndGet() <= pool.cap) {
        try {
          LOADS.incrementAndGet();
          p = Futhark.loadSeparate(binary.value(), sha256, options());
        } catch (RuntimeException e) {
          pool.made.decrementAndGet();
          throw e;
        }
      } else {
        pool.made.decrementAndGet();
        try {
          p = pool.idle.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new FutharkException("interrupted while waiting for a Futhark context (the task was killed?)", e);
        }
      }
    }
    try {
      var f = p.function(entry);
      f.prepare(); // a task calls an entry point batch after batch: bind it directly at once (a no-op once bound)
      return nativeResults ? f.callNative(args) : f.call(args);
    } finally {
      pool.idle.add(p);
    }
  }

  Object call(String entry, Object[] args) {
    return call(entry, args, false);
  }

  /** How many programs and contexts this JVM has loaded from shipped libraries (tests). */
  static int loadsInThisJvm() { return LOADS.get(); }

  /** Removes the broadcast from the executors (the library stays loaded where it is). */
  public void destroy() { binary.destroy(); }

  /** The entry point's manifest description, or an exception naming the known ones. */
  Manifest.Entry entry(String name) {
    Manifest.Entry e = manifest().entryPoints().get(name);
    if (e == null) {
      throw new IllegalArgumentException("no entry point '" + name + "'; the program has entry points "
          + String.join(", ", manifest().entryPoints().keySet()));
    }
    return e;
  }

  FType type(String name) { return FType.of(name, manifest()); }

  Manifest manifest() {
    Manifest m = manifest;
    if (m == null) {
      m = parse(binary.value());
      manifest = m;
    }
    return m;
  }

  private static Manifest parse(FutharkBinary b) {
    try {
      return Manifest.parse(b.manifestJson());
    } catch (IOException e) {
      throw new FutharkException("the manifest of " + b + " cannot be read: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "SparkFuthark[sha256 " + sha256.substring(0, 12) + ", threads " + threads + ", contexts " + contexts + "]";
  }
}

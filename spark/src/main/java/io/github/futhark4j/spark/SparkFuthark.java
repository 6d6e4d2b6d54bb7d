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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * A Futhark program for Spark jobs: compiled once on the driver, shipped to the executors as a
 * broadcast of its compile-cache entry ({@link FutharkBinary}), and loaded once per executor JVM,
 * whose Futhark context then serves every task and thread of that executor. Executors compile
 * nothing and need no C compiler; they must match the driver's platform (docs/spark.md).
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

  /** Several contexts of one program in this JVM, lent to one call at a time. */
  private static final Map<String, BlockingQueue<FutharkProgram>> POOLS = new ConcurrentHashMap<>();

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
   * Compiles {@code source} on the driver (or finds it in the driver's compile cache) and
   * broadcasts the built library. Executors load it with {@code options.threads()} worker threads
   * (0: one per core of the executor's machine) into their default compile cache.
   *
   * @throws FutharkCompileException syntax or type errors
   */
  public static SparkFuthark compile(SparkSession spark, String source, FutharkOptions options) throws FutharkCompileException {
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    return ship(spark, Futhark.export(source, o), o.threads());
  }

  /** Like {@link #compile(SparkSession, String, FutharkOptions)} for a file; its imports resolve relative to it. */
  public static SparkFuthark compile(SparkSession spark, Path file, FutharkOptions options) throws FutharkCompileException {
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    return ship(spark, Futhark.export(file, o), o.threads());
  }

  /** Broadcasts an already built library; executors load it with {@code threads} worker threads (0: all cores). */
  public static SparkFuthark ship(SparkSession spark, FutharkBinary binary, int threads) {
    Objects.requireNonNull(spark, "spark");
    Objects.requireNonNull(binary, "binary");
    if (threads < 0) throw new IllegalArgumentException("threads must be >= 0, not " + threads);
    Broadcast<FutharkBinary> b = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(binary);
    SparkFuthark f = new SparkFuthark(b, binary.sha256(), threads, 1, null);
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

  /** A copy whose executors run their Futhark context with {@code n} worker threads (0: one per core). */
  public SparkFuthark withThreads(int n) {
    if (n < 0) throw new IllegalArgumentException("threads must be >= 0, not " + n);
    SparkFuthark f = new SparkFuthark(binary, sha256, n, contexts, executorCacheDir);
    f.manifest = manifest;
    return f;
  }

  /**
   * A copy whose executors keep {@code n} Futhark contexts of the program instead of one (default
   * 1). Calls on one context take turns, so with one context the tasks of an executor wait for each
   * other's calls; with one context per task slot ({@code spark.executor.cores}) they run at the
   * same time. Each context has {@link #threads()} worker threads, so {@code n} times that should
   * not exceed the executor's cores (docs/spark.md, "Settings").
   */
  public SparkFuthark withContexts(int n) {
    if (n < 1) throw new IllegalArgumentException("contexts must be >= 1, not " + n);
    SparkFuthark f = new SparkFuthark(binary, sha256, threads, n, executorCacheDir);
    f.manifest = manifest;
    return f;
  }

  /** The Futhark contexts each executor keeps (see {@link #withContexts}). */
  public int contexts() { return contexts; }

  /** The content hash of the shipped library. */
  public String sha256() { return sha256; }

  /** The worker threads of each executor's Futhark context (0: one per core). */
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
   * The program in this JVM: loaded from the broadcast on first use (checked against the content
   * hash, installed into the compile cache, no compiling), then shared by every task and thread.
   *
   * @throws FutharkException the library is damaged, for another platform, or cannot be loaded
   */
  public FutharkProgram program() {
    String k = sha256 + "|" + threads + "|" + executorCacheDir;
    FutharkProgram p = LOADED.get(k);
    if (p != null) return p;
    return LOADED.computeIfAbsent(k, kk -> {
      LOADS.incrementAndGet();
      FutharkOptions o = FutharkOptions.defaults().withThreads(threads);
      if (executorCacheDir != null) o = o.withCacheDir(Path.of(executorCacheDir));
      return Futhark.load(binary.value(), sha256, o);
    });
  }

  /**
   * Calls entry point {@code entry} of this JVM's program with {@code args}: on the shared context
   * ({@link #program()}) or, with {@link #withContexts several contexts}, on one borrowed for the
   * call.
   */
  Object call(String entry, Object[] args) {
    return call(entry, args, false);
  }

  /** As {@link #call(String, Object[])}; with {@code nativeResults}, through {@code callNative}. */
  Object call(String entry, Object[] args, boolean nativeResults) {
    if (contexts == 1) {
      var f = program().function(entry);
      return nativeResults ? f.callNative(args) : f.call(args);
    }
    BlockingQueue<FutharkProgram> pool = POOLS.computeIfAbsent(sha256 + "|" + threads + "|" + executorCacheDir + "|" + contexts, k -> {
      LOADS.incrementAndGet();
      FutharkOptions o = FutharkOptions.defaults().withThreads(threads);
      if (executorCacheDir != null) o = o.withCacheDir(Path.of(executorCacheDir));
      BlockingQueue<FutharkProgram> q = new ArrayBlockingQueue<>(contexts);
      FutharkBinary b = binary.value();
      for (int i = 0; i < contexts; i++) q.add(Futhark.loadSeparate(b, sha256, o));
      return q;
    });
    FutharkProgram p;
    try {
      p = pool.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FutharkException("interrupted while waiting for a Futhark context (the task was killed?)", e);
    }
    try {
      var f = p.function(entry);
      return nativeResults ? f.callNative(args) : f.call(args);
    } finally {
      pool.add(p);
    }
  }

  /** How many times this JVM has loaded a shipped library (tests: once per library and setting). */
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

package io.github.futhark4j.spark.demo;

import static org.apache.spark.sql.functions.aggregate;
import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_min;
import static org.apache.spark.sql.functions.array_position;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.stddev_pop;
import static org.apache.spark.sql.functions.sum;

import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.spark.BatchStats;
import io.github.futhark4j.spark.SparkFuthark;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code scripts/futhark4j spark-demo}: feature standardisation and k-means steps over generated
 * data in Spark local mode, once with Futhark kernels (kmeans.fut: an aggregation for the
 * moments, a batch map for the standardisation, an aggregation per k-means step) and once in plain
 * Spark SQL. Checks that both agree and prints both timings. Exits with 1 if they disagree.
 *
 * <p>Then a compute-heavy pipeline, k-means with many clusters in many dimensions ({@link Heavy}),
 * three ways: Futhark's aggregation, Spark SQL column expressions, and a plain Java UDF that finds
 * the nearest centroid; all three must agree.
 *
 * <pre>
 * options: --rows N (1000000)  --k K (5)  --steps S (3)  --partitions P (4)  --batch B (16384)
 *          --runs R (5)  --master M (local[2])  --contexts C (0: one per task)  --threads T (1; 0: all cores)
 *          --heavy-rows N (200000; 0: skip the compute-heavy pipeline)  --heavy-k K (64)  --heavy-d D (32)
 *          --heavy-runs R (2: its Spark SQL run takes some 25 s)
 *          --heavy-hof (also time Spark SQL's higher-order functions, which take minutes)
 *          --batch-sweep (time the standardisation per batch size)
 * </pre>
 */
public final class SparkDemo {
  private SparkDemo() {}

  static final int D = 4;

  record Config(long rows, int k, int steps, int partitions, int batch, int runs, String master, boolean sweep,
      int contexts, int threads, long heavyRows, int heavyK, int heavyD, int heavyRuns, boolean heavyHof) {}

  /** What both pipelines compute. */
  record Result(double[] mean, double[] sd, double[][] centroids, long[] counts, double[] seconds, String stats) {}

  public static void main(String[] args) throws Exception {
    Config c = parse(args);
    SparkSession spark = SparkSession.builder().master(c.master()).appName("futhark4j spark-demo")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", Integer.toString(c.partitions()))
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      System.exit(run(spark, c) ? 0 : 1);
    } finally {
      spark.stop();
    }
  }

  static Config parse(String[] args) {
    long rows = 1_000_000;
    int k = 5;
    int steps = 3;
    int partitions = 4;
    int batch = io.github.futhark4j.spark.EntryCall.DEFAULT_BATCH_SIZE;
    int runs = 5;
    String master = "local[2]";
    boolean sweep = false;
    int contexts = 0;
    int threads = 1;
    long heavyRows = 200_000;
    int heavyK = 64;
    int heavyD = 32;
    int heavyRuns = 2;
    boolean heavyHof = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--rows" -> rows = Long.parseLong(args[++i]);
        case "--k" -> k = Integer.parseInt(args[++i]);
        case "--steps" -> steps = Integer.parseInt(args[++i]);
        case "--partitions" -> partitions = Integer.parseInt(args[++i]);
        case "--batch" -> batch = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--master" -> master = args[++i];
        case "--batch-sweep" -> sweep = true;
        case "--contexts" -> contexts = Integer.parseInt(args[++i]);
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--heavy-rows" -> heavyRows = Long.parseLong(args[++i]);
        case "--heavy-k" -> heavyK = Integer.parseInt(args[++i]);
        case "--heavy-d" -> heavyD = Integer.parseInt(args[++i]);
        case "--heavy-runs" -> heavyRuns = Integer.parseInt(args[++i]);
        case "--heavy-hof" -> heavyHof = true;
        default -> throw new IllegalArgumentException("unknown option " + a
            + "; options: --rows N --k K --steps S --partitions P --batch B --runs R --master M --contexts C --threads T"
            + " --heavy-rows N --heavy-k K --heavy-d D --heavy-runs R --heavy-hof --batch-sweep");
      }
    }
    if (rows < 1 || k < 1 || steps < 1 || partitions < 1 || batch < 1 || runs < 1 || contexts < 0 || threads < 0
        || heavyRows < 0 || heavyK < 1 || heavyD < 1 || heavyRuns < 1) {
      throw new IllegalArgumentException("every count must be positive (contexts and threads may be 0: one per core;"
          + " --heavy-rows 0 skips the compute-heavy pipeline)");
    }
    return new Config(rows, k, steps, partitions, batch, runs, master, sweep, contexts, threads, heavyRows, heavyK, heavyD, heavyRuns,
        heavyHof);
  }

  static boolean run(SparkSession spark, Config c) throws Exception {
    System.out.printf(Locale.ROOT, "futhark4j spark-demo: %,d rows of %d features, k = %d, %d k-means steps, %d partitions, %s;"
        + " batches of %,d rows; Futhark contexts per executor: %s, threads per context: %s%n",
        c.rows(), D, c.k(), c.steps(), c.partitions(), c.master(), c.batch(),
        c.contexts() == 0 ? "one per task" : Integer.toString(c.contexts()), c.threads() == 0 ? "all cores" : Integer.toString(c.threads()));
    long t0 = System.nanoTime();
    Dataset<Row> data = generate(spark, c).cache();
    data.count();
    System.out.printf(Locale.ROOT, "generated and cached the data in %.2f s%n", secs(t0));

    t0 = System.nanoTime();
    SparkFuthark fut = SparkFuthark.compile(spark, source(), FutharkOptions.defaults().withSourceName("kmeans.fut"))
        .withContexts(c.contexts()).withThreads(c.threads());
    System.out.printf(Locale.ROOT, "compiled kmeans.fut on the driver (or found it in the cache) in %.2f s; %,d bytes broadcast to the executors%n",
        secs(t0), fut.binary().size());

    double[][] init = initialCentroids(c.k());
    Result f = null;
    Result s = null;
    double[] bestF = null;
    double[] bestS = null;
    for (int r = 1; r <= c.runs(); r++) {
      // Whichever pipeline runs first in a JVM compiles (JIT) the Spark code both use: odd runs
      // start with Futhark, even runs with Spark SQL.
      if (r % 2 == 1) {
        f = futhark(fut, data, init, c);
        s = sql(data, init, c);
      } else {
        s = sql(data, init, c);
        f = futhark(fut, data, init, c);
      }
      print("run " + r + "  Futhark  ", f.seconds());
      System.out.println("               " + f.stats());
      print("run " + r + "  Spark SQL", s.seconds());
      bestF = min(bestF, f.seconds());
      bestS = min(bestS, s.seconds());
    }
    if (c.runs() > 1) {
      print("best of " + c.runs() + " Futhark  ", bestF);
      print("best of " + c.runs() + " Spark SQL", bestS);
    }
    if (c.sweep()) sweep(fut, data, f);
    data.unpersist();
    boolean ok = check(f, s, c);
    if (c.heavyRows() > 0) ok &= Heavy.run(spark, fut, c);
    return ok;
  }

  /** Points around k centres with features of very different scales, so standardisation matters. */
  static Dataset<Row> generate(SparkSession spark, Config c) {
    return spark.range(0, c.rows(), 1, c.partitions())
        .selectExpr("id", "id % " + c.k() + " as c")
        .selectExpr("id", "array("
            + "c * 3.0 + randn(11) * 0.7 + 10, "
            + "(c % 2) * 40.0 + randn(12) * 4.0 - 5, "
            + "c * c * 0.05 + randn(13) * 0.3, "
            + "rand(14) * 100 + c * 10) as features");
  }

  static double[][] initialCentroids(int k) {
    double[][] cs = new double[k][D];
    for (int j = 0; j < k; j++) {
      for (int i = 0; i < D; i++) cs[j][i] = Math.sin(1.7 * j + 0.9 * i + 0.3) * 1.5;
    }
    return cs;
  }

  static Result futhark(SparkFuthark fut, Dataset<Row> data, double[][] init, Config c) {
    double[] secs = new double[3];
    BatchStats before = BatchStats.current();
    long t = System.nanoTime();
    Object[] m = fut.aggregate("moments", "moments_add").column("features").batchSize(c.batch()).run(data);
    double[] sums = (double[]) m[0];
    double[] sq = (double[]) m[1];
    long n = (Long) m[2];
    double[] mean = new double[D];
    double[] sd = new double[D];
    for (int i = 0; i < D; i++) {
      mean[i] = sums[i] / n;
      sd[i] = Math.sqrt(Math.max(0, sq[i] / n - mean[i] * mean[i]));
    }
    secs[0] = secs(t);
    t = System.nanoTime();
    Dataset<Row> z = fut.map("standardise").value(mean).value(sd).column("features").as("z").batchSize(c.batch())
        .transform(data).cache();
    z.count();
    secs[1] = secs(t);
    t = System.nanoTime();
    double[][] cs = copy(init);
    long[] counts = null;
    for (int s = 0; s < c.steps(); s++) {
      Object[] r = fut.aggregate("km_partial", "km_combine").value(cs).column("z").batchSize(c.batch()).run(z);
      double[][] csum = (double[][]) r[0];
      counts = (long[]) r[1];
      cs = next(cs, csum, counts);
    }
    secs[2] = secs(t);
    z.unpersist();
    return new Result(mean, sd, cs, counts, secs, BatchStats.current().minus(before).toString());
  }

  static Result sql(Dataset<Row> data, double[][] init, Config c) {
    double[] secs = new double[3];
    long t = System.nanoTime();
    List<Column> stats = new ArrayList<>();
    for (int i = 0; i < D; i++) stats.add(avg(col("features").getItem(i)));
    for (int i = 0; i < D; i++) stats.add(stddev_pop(col("features").getItem(i)));
    Row st = data.agg(stats.get(0), stats.subList(1, stats.size()).toArray(Column[]::new)).first();
    double[] mean = new double[D];
    double[] sd = new double[D];
    for (int i = 0; i < D; i++) {
      mean[i] = st.getDouble(i);
      sd[i] = st.getDouble(D + i);
    }
    secs[0] = secs(t);
    t = System.nanoTime();
    Column[] zs = new Column[D];
    for (int i = 0; i < D; i++) zs[i] = col("features").getItem(i).minus(lit(mean[i])).divide(lit(sd[i]));
    Dataset<Row> z = data.select(array(zs).as("z")).cache();
    z.count();
    secs[1] = secs(t);
    t = System.nanoTime();
    double[][] cs = copy(init);
    long[] counts = null;
    for (int s = 0; s < c.steps(); s++) {
      Column[] dist = new Column[c.k()];
      for (int j = 0; j < c.k(); j++) {
        Column d = null;
        for (int i = 0; i < D; i++) {
          Column diff = col("z").getItem(i).minus(lit(cs[j][i]));
          Column sqd = diff.multiply(diff);
          d = d == null ? sqd : d.plus(sqd);
        }
        dist[j] = d;
      }
      Column ds = array(dist);
      Dataset<Row> assigned = z.select(col("z"), array_position(ds, array_min(ds)).minus(1).cast("int").as("cluster"));
      List<Column> aggs = new ArrayList<>();
      for (int i = 0; i < D; i++) aggs.add(sum(col("z").getItem(i)));
      aggs.add(count(lit(1)));
      List<Row> rows = assigned.groupBy("cluster").agg(aggs.get(0), aggs.subList(1, aggs.size()).toArray(Column[]::new))
          .collectAsList();
      double[][] csum = new double[c.k()][D];
      counts = new long[c.k()];
      for (Row r : rows) {
        int j = r.getInt(0);
        for (int i = 0; i < D; i++) csum[j][i] = r.getDouble(1 + i);
        counts[j] = r.getLong(1 + D);
      }
      cs = next(cs, csum, counts);
    }
    secs[2] = secs(t);
    z.unpersist();
    return new Result(mean, sd, cs, counts, secs, null);
  }

  /** The new centroids: each cluster's mean; a cluster without points keeps its centroid. */
  static double[][] next(double[][] cs, double[][] sums, long[] counts) {
    double[][] out = new double[cs.length][];
    for (int j = 0; j < cs.length; j++) {
      out[j] = new double[D];
      for (int i = 0; i < D; i++) out[j][i] = counts[j] == 0 ? cs[j][i] : sums[j][i] / counts[j];
    }
    return out;
  }

  /**
   * Times the standardisation (a batch map over every row, its result consumed by an aggregate so
   * every row is converted both ways) for several batch sizes: the difference between small and
   * large batches is the per-batch cost.
   */
  static void sweep(SparkFuthark fut, Dataset<Row> data, Result r) {
    System.out.println("batch size sweep (standardise: every row in and out; best of 3 runs):");
    for (int b : new int[] {256, 1024, 4096, 16384, 65536, 262144}) {
      double best = Double.POSITIVE_INFINITY;
      BatchStats stats = null;
      for (int rep = 0; rep < 3; rep++) {
        BatchStats before = BatchStats.current();
        long t = System.nanoTime();
        Dataset<Row> z = fut.map("standardise").value(r.mean()).value(r.sd()).column("features").as("z").batchSize(b).transform(data);
        z.agg(sum(aggregate(col("z"), lit(0.0), (acc, x) -> acc.plus(x)))).first();
        double s = secs(t);
        if (s < best) {
          best = s;
          stats = BatchStats.current().minus(before);
        }
      }
      System.out.printf(Locale.ROOT, "  batch %,7d rows: %.2f s; %s%n", b, best, stats);
    }
  }

  static boolean check(Result f, Result s, Config c) {
    double dMean = 0;
    double dSd = 0;
    for (int i = 0; i < D; i++) {
      dMean = Math.max(dMean, Math.abs(f.mean()[i] - s.mean()[i]) / Math.max(1, Math.abs(s.mean()[i])));
      dSd = Math.max(dSd, Math.abs(f.sd()[i] - s.sd()[i]) / s.sd()[i]);
    }
    double dC = 0;
    for (int j = 0; j < c.k(); j++) for (int i = 0; i < D; i++) dC = Math.max(dC, Math.abs(f.centroids()[j][i] - s.centroids()[j][i]));
    long moved = 0;
    for (int j = 0; j < c.k(); j++) moved += Math.abs(f.counts()[j] - s.counts()[j]);
    boolean ok = dMean < 1e-9 && dSd < 1e-9 && dC < 1e-9 && moved == 0;
    System.out.printf(Locale.ROOT, "check: means differ by %.1e, standard deviations by %.1e (relative); centroids by %.1e;"
        + " cluster sizes %s%n", dMean, dSd, dC, moved == 0 ? "equal " + java.util.Arrays.toString(f.counts()) : "differ by " + moved);
    System.out.println(ok ? "OK: the Futhark pipeline and the Spark SQL pipeline agree" : "FAILED: the two pipelines disagree");
    return ok;
  }

  static double[] min(double[] best, double[] s) {
    if (best == null) return s.clone();
    double[] m = best.clone();
    for (int i = 0; i < m.length; i++) m[i] = Math.min(m[i], s[i]);
    return m;
  }

  static void print(String label, double[] s) {
    System.out.printf(Locale.ROOT, "%s: moments %.2f s, standardise %.2f s, k-means %.2f s, total %.2f s%n",
        label, s[0], s[1], s[2], s[0] + s[1] + s[2]);
  }

  static double[][] copy(double[][] a) {
    double[][] b = new double[a.length][];
    for (int i = 0; i < a.length; i++) b[i] = a[i].clone();
    return b;
  }

  static double secs(long t0) { return (System.nanoTime() - t0) / 1e9; }

  static String source() throws IOException {
    try (InputStream in = SparkDemo.class.getResourceAsStream("kmeans.fut")) {
      if (in == null) throw new IOException("kmeans.fut is missing from the class path");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

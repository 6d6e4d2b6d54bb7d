package io.github.futhark4j.spark.demo;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_min;
import static org.apache.spark.sql.functions.array_position;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.aggregate;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.zip_with;

import io.github.futhark4j.spark.SparkFuthark;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;

/**
 * The compute-heavy part of {@code spark-demo}: k-means steps with many clusters in many dimensions
 * (default 64 clusters, 32 features), where each row meets every centroid in every dimension, done
 * three ways over the same cached rows from the same initial centroids:
 *
 * <ul>
 *   <li><b>Futhark</b>: one aggregation per step, {@code km_partial}/{@code km_combine} of
 *       kmeans.fut (the kernels of the light pipeline, which take any k and d);
 *   <li><b>Spark SQL</b>: the distances as column expressions (k sums of d squared differences), the
 *       nearest centroid by {@code array_position(ds, array_min(ds))}, a {@code groupBy} with
 *       {@code sum} per feature and {@code count}. With k x d = 2,048 terms the projection is too
 *       large for whole-stage code generation's limits, so Spark runs it the slow way, as any user
 *       writing it so gets; with {@code --heavy-hof}, also the spelling with higher-order functions
 *       ({@link #sqlHof}), which Spark does not compile at all;
 *   <li><b>Java UDF</b>: a plain Java function from a row's features to its nearest centroid (what a
 *       Java developer writes first), then the same {@code groupBy}.
 * </ul>
 *
 * Each step's new centroids are computed on the driver the same way for all three. The Futhark and
 * UDF results are checked against Spark SQL's: the same cluster sizes, centroids within 1e-9.
 */
final class Heavy {
  private Heavy() {}

  /** What each pipeline computes: the final centroids and cluster sizes, and its time. */
  record Result(double[][] centroids, long[] counts, double seconds) {}

  static boolean run(SparkSession spark, SparkFuthark fut, SparkDemo.Config c) {
    int k = c.heavyK();
    int d = c.heavyD();
    System.out.printf(Locale.ROOT, "%ncompute-heavy pipeline: %,d rows of %d features, k = %d, %d k-means steps%n",
        c.heavyRows(), d, k, c.steps());
    System.out.printf(Locale.ROOT, "  Spark SQL computes the distances as %,d column expressions (when their generated code is too large"
        + " for a JVM method, Spark evaluates them without it); the Java UDF finds each row's nearest centroid in plain Java%n", k * d);
    long t0 = System.nanoTime();
    Dataset<Row> data = generate(spark, c).cache();
    data.count();
    System.out.printf(Locale.ROOT, "generated and cached the data in %.2f s%n", SparkDemo.secs(t0));
    double[][] init = initialCentroids(k, d);
    Result f = null;
    Result s = null;
    Result u = null;
    double[] best = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
    boolean ok = true;
    for (int r = 1; r <= c.heavyRuns(); r++) {
      f = futhark(fut, data, init, c);
      s = sql(data, init, c);
      u = javaUdf(data, init, c);
      System.out.printf(Locale.ROOT, "run %d  k-means: Futhark %.2f s, Spark SQL %.2f s, Java UDF %.2f s%n", r, f.seconds(),
          s.seconds(), u.seconds());
      if (c.heavyHof()) {
        Result h = sqlHof(data, init, c);
        System.out.printf(Locale.ROOT, "       k-means: Spark SQL with higher-order functions %.2f s%n", h.seconds());
        ok &= check("Spark SQL with higher-order functions", h, s);
      }
      best[0] = Math.min(best[0], f.seconds());
      best[1] = Math.min(best[1], s.seconds());
      best[2] = Math.min(best[2], u.seconds());
    }
    System.out.printf(Locale.ROOT, "best of %d k-means: Futhark %.2f s, Spark SQL %.2f s (%.1fx Futhark's), Java UDF %.2f s"
        + " (%.1fx Futhark's)%n", c.heavyRuns(), best[0], best[1], best[1] / best[0], best[2], best[2] / best[0]);
    data.unpersist();
    ok &= check("Futhark", f, s) & check("Java UDF", u, s);
    System.out.println(ok ? "OK: the Futhark, Spark SQL and Java UDF k-means agree" : "FAILED: the compute-heavy pipelines disagree");
    return ok;
  }

  /** Points around k centres in d dimensions, each centre's coordinates a smooth function of its index. */
  static Dataset<Row> generate(SparkSession spark, SparkDemo.Config c) {
    StringBuilder features = new StringBuilder("array(");
    for (int i = 0; i < c.heavyD(); i++) {
      if (i > 0) features.append(", ");
      features.append(String.format(Locale.ROOT, "sin(c * 1.3D + %.1fD) * 10D + randn(%d)", 0.7 * i, 100 + i));
    }
    features.append(") as x");
    return spark.range(0, c.heavyRows(), 1, c.partitions())
        .selectExpr("id", "id % " + c.heavyK() + " as c")
        .selectExpr("id", features.toString());
  }

  static double[][] initialCentroids(int k, int d) {
    double[][] cs = new double[k][d];
    for (int j = 0; j < k; j++) {
      for (int i = 0; i < d; i++) cs[j][i] = Math.sin(1.7 * j + 0.9 * i + 0.3) * 8;
    }
    return cs;
  }

  /** Per cluster: the sum of its points and their number. */
  record Sums(double[][] sums, long[] counts) {}

  /** One k-means step's work: the per-cluster sums for the centroids {@code cs}. */
  interface Step {
    Sums run(double[][] cs);
  }

  /** Runs {@code c.steps()} k-means steps from {@code init}, each new centroid the mean of its cluster, timed. */
  static Result steps(double[][] init, SparkDemo.Config c, Step step) {
    long t = System.nanoTime();
    double[][] cs = SparkDemo.copy(init);
    long[] counts = null;
    for (int i = 0; i < c.steps(); i++) {
      Sums s = step.run(cs);
      counts = s.counts();
      cs = next(cs, s.sums(), counts);
    }
    return new Result(cs, counts, SparkDemo.secs(t));
  }

  static Result futhark(SparkFuthark fut, Dataset<Row> data, double[][] init, SparkDemo.Config c) {
    return steps(init, c, cs -> {
      Object[] r = fut.aggregate("km_partial", "km_combine").value(cs).column("x").batchSize(c.batch()).run(data);
      return new Sums((double[][]) r[0], (long[]) r[1]);
    });
  }

  static Result sql(Dataset<Row> data, double[][] init, SparkDemo.Config c) {
    return steps(init, c, cs -> {
      Column[] dist = new Column[cs.length];
      for (int j = 0; j < cs.length; j++) {
        Column sq = null;
        for (int i = 0; i < cs[j].length; i++) {
          Column diff = col("x").getItem(i).minus(lit(cs[j][i]));
          sq = sq == null ? diff.multiply(diff) : sq.plus(diff.multiply(diff));
        }
        dist[j] = sq;
      }
      Column ds = array(dist);
      return sumsByCluster(data.select(col("x"), array_position(ds, array_min(ds)).minus(1).cast("int").as("cluster")), cs);
    });
  }

  /**
   * Spark SQL with higher-order functions, as one writes it for many dimensions: per centroid
   * {@code aggregate(zip_with(x, c, (a, b) -> (a - b) * (a - b)), 0D, (s, v) -> s + v)}.
   */
  static Result sqlHof(Dataset<Row> data, double[][] init, SparkDemo.Config c) {
    return steps(init, c, cs -> {
      Column[] rows = new Column[cs.length];
      for (int j = 0; j < cs.length; j++) {
        Column[] cj = new Column[cs[j].length];
        for (int i = 0; i < cj.length; i++) cj[i] = lit(cs[j][i]);
        rows[j] = array(cj);
      }
      Column ds = transform(array(rows), cj -> aggregate(zip_with(col("x"), cj, (a, b) -> a.minus(b).multiply(a.minus(b))),
          lit(0.0), (acc, v) -> acc.plus(v)));
      return sumsByCluster(data.select(col("x"), ds.as("ds"))
          .select(col("x"), array_position(col("ds"), array_min(col("ds"))).minus(1).cast("int").as("cluster")), cs);
    });
  }

  static Result javaUdf(Dataset<Row> data, double[][] init, SparkDemo.Config c) {
    return steps(init, c, centroids -> {
      UserDefinedFunction nearest = udf((UDF1<scala.collection.Seq<Object>, Integer>) x -> {
        int bestJ = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int j = 0; j < centroids.length; j++) {
          double[] cj = centroids[j];
          double dj = 0;
          for (int i = 0; i < cj.length; i++) {
            double diff = (Double) x.apply(i) - cj[i];
            dj += diff * diff;
          }
          if (dj < bestD) {
            bestD = dj;
            bestJ = j;
          }
        }
        return bestJ;
      }, DataTypes.IntegerType);
      return sumsByCluster(data.select(col("x"), nearest.apply(col("x")).as("cluster")), centroids);
    });
  }

  /** Per cluster of {@code assigned} (columns x and cluster; clusters of the centroids {@code cs}): sums and sizes. */
  private static Sums sumsByCluster(Dataset<Row> assigned, double[][] cs) {
    int d = cs[0].length;
    double[][] sums = new double[cs.length][d];
    long[] counts = new long[cs.length];
    List<Column> aggs = new ArrayList<>();
    for (int i = 0; i < d; i++) aggs.add(sum(col("x").getItem(i)));
    aggs.add(count(lit(1)));
    for (Row r : assigned.groupBy("cluster").agg(aggs.get(0), aggs.subList(1, aggs.size()).toArray(Column[]::new)).collectAsList()) {
      int j = r.getInt(0);
      for (int i = 0; i < d; i++) sums[j][i] = r.getDouble(1 + i);
      counts[j] = r.getLong(1 + d);
    }
    return new Sums(sums, counts);
  }

  /** The new centroids: each cluster's mean; a cluster without points keeps its centroid. */
  static double[][] next(double[][] cs, double[][] sums, long[] counts) {
    double[][] out = new double[cs.length][];
    for (int j = 0; j < cs.length; j++) {
      out[j] = new double[cs[j].length];
      for (int i = 0; i < cs[j].length; i++) out[j][i] = counts[j] == 0 ? cs[j][i] : sums[j][i] / counts[j];
    }
    return out;
  }

  static boolean check(String who, Result r, Result sql) {
    double dC = 0;
    for (int j = 0; j < sql.centroids().length; j++) {
      for (int i = 0; i < sql.centroids()[j].length; i++) {
        dC = Math.max(dC, Math.abs(r.centroids()[j][i] - sql.centroids()[j][i]) / Math.max(1, Math.abs(sql.centroids()[j][i])));
      }
    }
    boolean sizes = Arrays.equals(r.counts(), sql.counts());
    boolean ok = dC < 1e-9 && sizes;
    System.out.printf(Locale.ROOT, "check %s against Spark SQL: centroids differ by %.1e (relative), cluster sizes %s%n", who, dC,
        sizes ? "equal" : "differ: " + Arrays.toString(r.counts()) + " against " + Arrays.toString(sql.counts()));
    return ok;
  }
}

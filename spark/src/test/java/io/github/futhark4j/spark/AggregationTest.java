package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** A Futhark reduction per partition, combined on the driver by a Futhark combine function. */
class AggregationTest {
  static SparkSession spark() { return SparkTests.spark(); }

  @Test
  void histogramMatchesSparkGroupBy() throws Exception {
    Dataset<Row> df = spark().range(0, 50_000, 1, 4).selectExpr("(id * 7919) % 13 as bin");
    Object[] r = SparkTests.kernels().aggregate("hist_count", "add_counts").value(13L).column("bin").batchSize(3000).run(df);
    long[] hist = (long[]) r[0];
    long[] expected = new long[13];
    for (Row row : df.groupBy("bin").count().collectAsList()) expected[(int) row.getLong(0)] = row.getLong(1);
    assertArrayEquals(expected, hist);
  }

  @Test
  void kMeansStepMatchesPlainJava() throws Exception {
    Dataset<Row> df = spark().range(0, 20_000, 1, 3)
        .selectExpr("array(sin(id * 0.37) * 10, cos(id * 0.11) * 5 + (id % 3)) as p");
    double[][] cs = {{-5, 0}, {0, 4}, {6, -2}};
    Object[] r = SparkTests.kernels().aggregate("km_partial", "km_combine").value(cs).column("p").batchSize(4096).run(df);
    double[][] sums = (double[][]) r[0];
    long[] counts = (long[]) r[1];
    double[][] es = new double[3][2];
    long[] ec = new long[3];
    for (Row row : df.collectAsList()) {
      List<Double> p = row.getList(0);
      int best = 0;
      double bd = Double.POSITIVE_INFINITY;
      for (int j = 0; j < 3; j++) {
        double dx = p.get(0) - cs[j][0];
        double dy = p.get(1) - cs[j][1];
        double d = dx * dx + dy * dy;
        if (d < bd) { bd = d; best = j; }
      }
      es[best][0] += p.get(0);
      es[best][1] += p.get(1);
      ec[best]++;
    }
    assertArrayEquals(ec, counts);
    for (int j = 0; j < 3; j++) for (int i = 0; i < 2; i++) assertEquals(es[j][i], sums[j][i], 1e-9 * Math.abs(es[j][i]) + 1e-9);
  }

  @Test
  void scalarResultsAndAnEmptyDataset() throws Exception {
    Dataset<Row> df = spark().range(0, 1001, 1, 3).selectExpr("cast(id as double) as x");
    Object[] r = SparkTests.kernels().aggregate("sum_count", "sum_count_add").column("x").batchSize(100).run(df);
    assertEquals(500_500.0, r[0]);
    assertEquals(1001L, r[1]);
    Object[] empty = SparkTests.kernels().aggregate("sum_count", "sum_count_add").column("x").run(df.filter("x < 0"));
    assertEquals(0.0, empty[0]);
    assertEquals(0L, empty[1]);
  }
}

package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** Futhark errors fail tasks with Futhark's message (retried by Spark); bad types fail at planning time. */
class FaultTest {
  static SparkSession spark() { return SparkTests.spark(); }

  static Throwable root(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) all.append(c).append('\n');
    return new RuntimeException(all.toString());
  }

  @Test
  void aFutharkErrorFailsTheTaskWithFutharkMessageAfterSparkRetries() throws Exception {
    // Row 1234 indexes past the end of the table.
    Dataset<Row> df = spark().range(0, 2000, 1, 2).selectExpr("case when id = 1234 then 7 else id % 3 end as i");
    Dataset<Row> out = SparkTests.kernels().map("lookup").value(new double[] {10, 20, 30}).column("i").as("v")
        .batchSize(500).withColumns(df);
    SparkException e = assertThrows(SparkException.class, out::collectAsList);
    String msg = root(e).getMessage();
    assertTrue(msg.contains("failed 2 times"), msg);   // local[2,2]: the task was tried twice
    // Row 1234 is row 234 of partition 1 (ids 1000-1999), in its first batch of 500.
    assertTrue(msg.contains("FutharkTaskException: entry point 'lookup' failed on rows 0-499 of partition 1"), msg);
    assertTrue(msg.contains("Index [7] out of bounds for array of shape [3]"), msg);
    assertTrue(msg.contains("kernels.fut:"), msg);   // Futhark's source position
  }

  @Test
  void aNullInAColumnFailsTheTaskNamingTheColumn() throws Exception {
    Dataset<Row> df = spark().range(0, 10, 1, 1).selectExpr("case when id = 3 then null else cast(id as double) end as x");
    SparkException e = assertThrows(SparkException.class,
        () -> SparkTests.kernels().map("positives").column("x").transform(df).collectAsList());
    String msg = root(e).getMessage();
    assertTrue(msg.contains("column 'x' is null in row 3 of the batch"), msg);
  }

  @Test
  void aRaggedArrayColumnFailsTheTaskNamingTheColumn() throws Exception {
    Dataset<Row> df = spark().range(0, 10, 1, 1).selectExpr("case when id = 4 then array(1D) else array(1D, 2D) end as v");
    SparkException e = assertThrows(SparkException.class,
        () -> SparkTests.kernels().map("norms").column("v").withColumns(df).collectAsList());
    String msg = root(e).getMessage();
    assertTrue(msg.contains("column 'v': row 4 of the batch has 1 elements but row 0 has 2"), msg);
  }

  @Test
  void aNullElementOfAnArrayFailsTheTaskNamingTheColumnAndRow() throws Exception {
    for (long bad : new long[] {0, 6}) { // row 0 sets the batch's shape; later rows are read in place
      Dataset<Row> df = spark().range(0, 10, 1, 1)
          .selectExpr("case when id = " + bad + " then array(1D, null) else array(1D, 2D) end as v");
      SparkException e = assertThrows(SparkException.class,
          () -> SparkTests.kernels().map("norms").column("v").withColumns(df).collectAsList());
      String msg = root(e).getMessage();
      assertTrue(msg.contains("entry point 'norms' failed on row " + bad + " of partition 0"), msg);
      assertTrue(msg.contains("column 'v': row " + bad + " of the batch holds a null element"), msg);
    }
  }

  /** Runs {@code plan} under a job group and checks it threw before starting any Spark job. */
  static IllegalArgumentException planningError(String group, Runnable plan) {
    spark().sparkContext().setJobGroup(group, group, false);
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, plan::run);
      assertEquals(0, spark().sparkContext().statusTracker().getJobIdsForGroup(group).length, "no job ran");
      return e;
    } finally {
      spark().sparkContext().clearJobGroup();
    }
  }

  @Test
  void aColumnOfTheWrongTypeFailsAtPlanningNamingColumnAndParameter() throws Exception {
    Dataset<Row> df = spark().range(0, 10).selectExpr("id as x", "cast(id as double) as y");
    SparkFuthark k = SparkTests.kernels();
    IllegalArgumentException e = planningError("wrong-type", () -> k.map("axpy").value(1.0).columns("x", "y").withColumns(df));
    assertTrue(e.getMessage().startsWith("column 'x' of type bigint cannot be passed to entry point 'axpy', parameter 2 'xs'"
        + " of type []f64: the column is bigint but the parameter needs double"), e.getMessage());
    assertTrue(e.getMessage().contains("cast(\"double\")"), e.getMessage());

    Dataset<Row> arrays = spark().range(0, 10).selectExpr("array(id) as v");
    e = planningError("wrong-array", () -> k.map("norms").column("v").withColumns(arrays));
    assertTrue(e.getMessage().contains("column 'v' of type array<bigint> cannot be passed to entry point 'norms', parameter 1 'vs'"
        + " of type [][]f64"), e.getMessage());

    Dataset<Row> structs = spark().range(0, 10).selectExpr("named_struct('a', cast(id as double), 'c', 1) as p");
    e = planningError("wrong-struct", () -> k.aggregate("sum_count", "sum_count_add").column("p").run(structs));
    assertTrue(e.getMessage().contains("column 'p' of type struct<a:double,c:int> cannot be passed to entry point 'sum_count'"),
        e.getMessage());
    e = planningError("wrong-record", () -> k.map("rec").column("p").withColumns(structs));
    assertTrue(e.getMessage().contains("(no field b)"), e.getMessage());
  }

  @Test
  void otherPlanningErrors() throws Exception {
    Dataset<Row> df = spark().range(0, 10).selectExpr("cast(id as double) as x", "id as s");
    SparkFuthark k = SparkTests.kernels();
    IllegalArgumentException e = planningError("missing", () -> k.map("axpy").value(1.0).columns("x", "nope").withColumns(df));
    assertTrue(e.getMessage().startsWith("column 'nope' (for entry point 'axpy', parameter 3 'ys' of type []f64) is not in the Dataset"),
        e.getMessage());
    e = planningError("count", () -> k.map("axpy").columns("x", "x").withColumns(df));
    assertTrue(e.getMessage().contains("entry point 'axpy' has 3 parameters"), e.getMessage());
    e = planningError("unknown", () -> k.map("square2").column("x").withColumns(df));
    assertTrue(e.getMessage().contains("no entry point 'square2'"), e.getMessage());
    e = planningError("name", () -> k.map("positives").column("x").as("x").withColumns(df));
    assertTrue(e.getMessage().contains("result column 'x' of entry point 'positives' is already in the Dataset"), e.getMessage());
    e = planningError("scalar-result", () -> k.map("square").column("x").withColumns(df));
    assertTrue(e.getMessage().contains("parameter 1 'x' of type f64: its type f64 cannot be cut into rows"), e.getMessage());
    e = planningError("combine", () -> k.aggregate("hist_count", "km_combine").value(4L).column("s").run(df));
    assertTrue(e.getMessage().contains("the combine function 'km_combine' must take two results of 'hist_count'"), e.getMessage());
    e = planningError("udf", () -> k.udf("norms"));
    assertTrue(e.getMessage().contains("a UDF takes scalars"), e.getMessage());
    e = planningError("udf-col", () -> k.udf("hyp").apply(df.selectExpr("x", "cast(s as string) as t"), "x", "t"));
    assertTrue(e.getMessage().startsWith("column 't' of type string cannot be passed to parameter 2 'y' of type f64 of entry point 'hyp'"),
        e.getMessage());
    e = planningError("value", () -> k.map("lookup").value(new int[] {1}).column("s").withColumns(df));
    assertTrue(e.getMessage().contains("the value bound to entry point 'lookup', parameter 1 'table' of type []f64 is a int[], not a double[]"),
        e.getMessage());
  }
}

package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/** Scalar entry points as per-row Spark UDFs, from the Dataset API and from SQL. */
class UdfTest {
  static SparkSession spark() { return SparkTests.spark(); }

  @Test
  void aScalarEntryPointIsAUdf() throws Exception {
    Dataset<Row> df = spark().range(0, 200, 1, 2).selectExpr("id", "cast(id as double) / 8 as x", "cast(id % 9 as int) as k");
    FutharkUdf hyp = SparkTests.kernels().udf("hyp");
    assertEquals(DataTypes.DoubleType, hyp.resultType());
    // An int column feeds an f64 parameter (exact, docs/api.md's scalar rules).
    List<Row> rows = df.select(df.col("id"), hyp.apply(df, "x", "k").as("h")).collectAsList();
    for (Row r : rows) {
      long id = r.getLong(0);
      double x = id / 8.0;
      double k = id % 9;
      assertEquals(Math.sqrt(x * x + k * k), r.getDouble(1), 1e-12);
    }
  }

  @Test
  void registeredForSqlAndNullGivesNull() throws Exception {
    SparkTests.kernels().udf("square").register(spark(), "fsquare");
    spark().range(0, 5).selectExpr("case when id = 2 then null else cast(id as double) end as x").createOrReplaceTempView("udf_t");
    List<Row> rows = spark().sql("SELECT x, fsquare(x) AS y FROM udf_t ORDER BY x NULLS FIRST").collectAsList();
    assertNull(rows.get(0).get(1));
    assertEquals(16.0, rows.get(4).getDouble(1));
    assertEquals(9.0, rows.get(3).getDouble(1));
  }
}

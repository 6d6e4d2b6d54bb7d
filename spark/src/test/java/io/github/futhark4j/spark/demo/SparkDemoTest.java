package io.github.futhark4j.spark.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.spark.SparkTests;
import org.junit.jupiter.api.Test;

/** {@code spark-demo} at a small size (two runs: each pipeline once first): every pipeline runs and the demo's own checks find them in agreement. */
class SparkDemoTest {
  @Test
  void thePipelinesAgreeWithSparkSql() throws Exception {
    SparkDemo.Config c = SparkDemo.parse(new String[] {"--rows", "20000", "--runs", "2", "--partitions", "2", "--batch", "1024",
        "--heavy-rows", "5000", "--heavy-k", "8", "--heavy-d", "6", "--heavy-runs", "1", "--heavy-hof"});
    assertTrue(SparkDemo.run(SparkTests.spark(), c), "the demo's checks failed (its output above says which)");
  }
}

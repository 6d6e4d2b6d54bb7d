package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.SparkSession;

/**
 * The one Spark session and the compiled test kernels (kernels.fut) that every test class shares:
 * starting Spark costs seconds, so the tests run in one JVM (see the pom) with one session in
 * {@code local[2,2]} mode: two worker threads, and a failed task is tried twice (Spark's retry,
 * which local mode otherwise turns off).
 */
public final class SparkTests {
  private SparkTests() {}

  private static SparkSession spark;
  private static SparkFuthark kernels;

  public static synchronized SparkSession spark() {
    if (spark == null) {
      spark = SparkSession.builder()
          .master("local[2,2]")
          .appName("futhark4j-spark-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.sql.shuffle.partitions", "4")
          .getOrCreate();
      Runtime.getRuntime().addShutdownHook(new Thread(spark::stop));
    }
    return spark;
  }

  static synchronized SparkFuthark kernels() throws Exception {
    if (kernels == null) {
      kernels = SparkFuthark.compile(spark(), source("kernels.fut"), FutharkOptions.defaults().withSourceName("kernels.fut"));
    }
    return kernels;
  }

  static String source(String name) throws IOException {
    try (InputStream in = SparkTests.class.getResourceAsStream(name)) {
      if (in == null) throw new IOException("no test resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

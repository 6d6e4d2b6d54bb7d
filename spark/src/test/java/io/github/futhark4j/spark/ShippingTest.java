package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkBinary;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver compiles; executors load the broadcast library once per JVM, into their own cache. */
class ShippingTest {
  @TempDir Path tmp;

  @Test
  void executorsInstallTheBroadcastLibraryAndLoadItOnce() throws Exception {
    Path cache = tmp.resolve("executor-cache");
    SparkFuthark k = SparkTests.kernels().withExecutorCacheDir(cache.toString()).withContexts(1).withThreads(2);
    Dataset<Row> df = SparkTests.spark().range(0, 5000, 1, 4).selectExpr("cast(id as double) as x");
    int before = SparkFuthark.loadsInThisJvm();
    assertEquals(5000, k.map("square_all").column("x").withColumns(df).count());
    assertEquals(5000, k.map("square_all").column("x").withColumns(df).filter("square_all >= 0").count());
    // Four tasks on two executor threads, two jobs, one context: one load in this (executor) JVM.
    assertEquals(before + 1, SparkFuthark.loadsInThisJvm());
    // The entry came from the broadcast bytes: nothing compiles into this directory.
    Path entry = cache.resolve(k.binary().key());
    assertTrue(Files.isRegularFile(entry.resolve("complete")), "installed entry " + entry);
    assertTrue(Files.isRegularFile(entry.resolve("lib.so")));
  }

  @Test
  void severalContextsPerExecutor() throws Exception {
    // A cache directory of its own, so that no earlier test's contexts of the same setting are reused.
    SparkFuthark k = SparkTests.kernels().withContexts(2).withThreads(1).withExecutorCacheDir(tmp.resolve("c2").toString());
    Dataset<Row> df = SparkTests.spark().range(0, 3000, 1, 6).selectExpr("id", "cast(id as double) as x");
    int before = SparkFuthark.loadsInThisJvm();
    java.util.List<Row> rows = k.map("square_all").column("x").as("y").batchSize(100).withColumns(df).collectAsList();
    assertEquals(3000, rows.size());
    for (Row r : rows) assertEquals((double) r.getLong(0) * r.getLong(0), r.getDouble(2), 0.0);
    Object[] sc = k.aggregate("sum_count", "sum_count_add").column("x").batchSize(100).run(df);
    assertEquals(4_498_500.0, sc[0]);
    int made = SparkFuthark.loadsInThisJvm() - before;
    assertTrue(made >= 1 && made <= 2, "contexts are made on demand, at most two: " + made);
  }

  /** Clusters often set spark.serializer to Kryo, which then serializes the broadcast value. */
  @Test
  void theLibrarySurvivesKryo() throws Exception {
    FutharkBinary b = SparkTests.kernels().binary();
    var kryo = new org.apache.spark.serializer.KryoSerializer(new org.apache.spark.SparkConf()).newInstance();
    java.nio.ByteBuffer bytes = kryo.serialize(b, scala.reflect.ClassTag$.MODULE$.apply(FutharkBinary.class));
    FutharkBinary back = kryo.deserialize(bytes, scala.reflect.ClassTag$.MODULE$.apply(FutharkBinary.class));
    assertEquals(b.sha256(), back.sha256());
    try (FutharkProgram p = Futhark.load(back, b.sha256(), FutharkOptions.defaults().withCacheDir(tmp.resolve("kryo-cache")))) {
      assertEquals(9.0, ((double[]) p.function("square_all").call(new double[] {3}))[0]);
    }
  }

  @Test
  void theClosureCarriesTheHashNotTheLibrary() throws Exception {
    SparkFuthark k = SparkTests.kernels();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(k);
    }
    assertTrue(k.binary().size() > 50_000, "library size " + k.binary().size());
    assertTrue(bytes.size() < 5_000, "serialized handle is " + bytes.size() + " bytes");
    assertTrue(bytes.toString(java.nio.charset.StandardCharsets.ISO_8859_1).contains(k.sha256()));
  }
}

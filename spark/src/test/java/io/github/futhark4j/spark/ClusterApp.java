package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkBinary;
import io.github.futhark4j.FutharkOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The application {@link ClusterTest} submits to a standalone cluster through Spark's own
 * {@code SparkSubmit}, its driver in a JVM of its own as in client mode. It compiles the test
 * kernels on the driver (for the CPU target {@code x86-64-v2}), runs a batch map and an aggregation on the executors, checks the results
 * against plain Java, and prints what the test checks: lines {@code CHECK name ok|FAIL detail}, and
 * where the work ran ({@code EXECUTOR pid loads compilerOnPath}). A library damaged on its way to
 * the executors fails the job with the reason (a second argument: the executors' cache directory
 * for it). With first argument {@code kill}, the
 * first attempt of one task halts its executor's JVM mid-job: Spark must retry the task elsewhere
 * and the job still succeed.
 */
public final class ClusterApp {
  private ClusterApp() {}

  public static void main(String[] args) throws Exception {
    boolean kill = args.length > 0 && args[0].equals("kill");
    SparkSession spark = SparkSession.builder().appName("futhark4j-cluster-test").getOrCreate();
    int failures = 0;
    try {
      // For an instruction-set level rather than the driver's CPU, as for a cluster of mixed CPUs:
      // the executors check the level's features.
      SparkFuthark k = SparkFuthark.compile(spark, SparkTests.source("kernels.fut"),
          FutharkOptions.defaults().withSourceName("kernels.fut").withCpuTarget("x86-64-v2"));
      failures += check("cpu-target", k.binary().cpu().equals("target x86-64-v2"), k.binary().cpu());
      Dataset<Row> df = spark.range(0, 20_000, 1, 8).selectExpr("id", "cast(id as double) as x");

      List<Row> rows = k.map("square_all").column("x").as("y").batchSize(1000).withColumns(df).collectAsList();
      boolean same = rows.size() == 20_000;
      for (Row r : rows) same &= r.getDouble(2) == (double) r.getLong(0) * r.getLong(0);
      failures += check("map", same, "rows " + rows.size());

      Object[] sc = k.aggregate("sum_count", "sum_count_add").column("x").batchSize(1000).run(df);
      failures += check("aggregate", sc[0].equals(199_990_000.0) && sc[1].equals(20_000L), sc[0] + " " + sc[1]);

      survey(spark, "BEFORE-KILL");

      if (kill) {
        // One task's first attempt ends its executor; the map's results must not change.
        List<Row> again = k.map("square_all").column("x").as("y").batchSize(1000).withColumns(
            df.mapPartitions(ClusterApp::dieOnce, df.encoder())).collectAsList();
        boolean ok = again.size() == 20_000;
        for (Row r : again) ok &= r.getDouble(2) == (double) r.getLong(0) * r.getLong(0);
        failures += check("killed-executor", ok, "rows " + again.size());
      }

      // Where the work ran: per executor JVM, its process, its library loads, and whether a C
      // compiler is on its PATH (after the kill, the executor that took over).
      System.out.println("DRIVER " + ProcessHandle.current().pid());
      survey(spark, "EXECUTOR");

      // Last, since executors count attempts to load as loads: a library damaged on its way. Every
      // executor refuses it, and the job fails with the reason. (Into a cache directory of its own:
      // an executor that has loaded the intact library of the same content hash uses that one and
      // never reads the damaged bytes.)
      String fresh = args.length > 1 ? args[1]
          : new File(System.getProperty("java.io.tmpdir"), "futhark4j-damaged-" + ProcessHandle.current().pid()).getPath();
      SparkFuthark damaged = SparkFuthark.ship(spark, damage(k.binary())).withExecutorCacheDir(fresh);
      try {
        damaged.map("square_all").column("x").as("y").withColumns(df).collectAsList();
        failures += check("damaged-broadcast", false, "the job ran");
      } catch (Exception e) {
        String m = String.valueOf(e.getMessage());
        failures += check("damaged-broadcast", m.contains("does not have the checksum the marker records"), m);
      }
    } finally {
      spark.stop();
    }
    System.out.println("DONE " + failures);
    System.exit(failures == 0 ? 0 : 1);
  }

  /** Prints {@code label pid loads compilerOnPath} for each executor JVM that ran one of 32 tasks. */
  private static void survey(SparkSession spark, String label) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<Integer> parts = new ArrayList<>();
    for (int i = 0; i < 32; i++) parts.add(i);
    TreeMap<Long, String> executors = new TreeMap<>();
    for (String s : jsc.parallelize(parts, 32).map(i -> ProcessHandle.current().pid() + " "
        + SparkFuthark.loadsInThisJvm() + " " + compilerOnPath()).collect()) {
      executors.put(Long.parseLong(s.split(" ")[0]), s);
    }
    for (String s : executors.values()) System.out.println(label + " " + s);
  }

  private static java.util.Iterator<Row> dieOnce(java.util.Iterator<Row> it) {
    TaskContext t = TaskContext.get();
    if (t.partitionId() == 3 && t.attemptNumber() == 0 && t.stageAttemptNumber() == 0) Runtime.getRuntime().halt(17);
    return it;
  }

  /** A copy of {@code b} with one byte of its shared library changed, as a broken transfer would leave it. */
  private static FutharkBinary damage(FutharkBinary b) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(b);
    }
    byte[] s = bytes.toByteArray();
    int elf = -1;
    for (int i = 0; i + 4 < s.length && elf < 0; i++) {
      if (s[i] == 0x7f && s[i + 1] == 'E' && s[i + 2] == 'L' && s[i + 3] == 'F') elf = i;
    }
    if (elf < 0) throw new IllegalStateException("no shared library in " + b);
    s[elf + 4096] ^= 0x55;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(s))) {
      return (FutharkBinary) in.readObject();
    }
  }

  private static int check(String name, boolean ok, String detail) {
    System.out.println("CHECK " + name + " " + (ok ? "ok" : "FAIL " + detail));
    return ok ? 0 : 1;
  }

  /** Whether gcc or cc is an executable in a directory of this JVM's PATH. */
  static boolean compilerOnPath() {
    String path = System.getenv("PATH");
    if (path == null) return false;
    for (String dir : path.split(File.pathSeparator)) {
      for (String cc : new String[] {"gcc", "cc", "clang"}) {
        if (!dir.isEmpty() && new File(dir, cc).canExecute()) return true;
      }
    }
    return false;
  }
}

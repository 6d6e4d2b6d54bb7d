package io.github.futhark4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real standalone cluster on 127.0.0.1: a Spark master and two workers, each a JVM of its own
 * started from the same Maven jars (no Spark download), whose executors (JVMs the workers start)
 * have no C compiler on their PATH; {@link ClusterApp} submitted to it through Spark's own
 * {@code SparkSubmit}, its driver a JVM of its own. Checks: the results of a batch map and an
 * aggregation; a task whose first attempt kills its executor's JVM is retried elsewhere and the job
 * succeeds; a library damaged on its way fails the job with the reason; executors are other
 * processes than the driver, load the broadcast library at most once per JVM, and never compile it. A cluster that does not start fails the test with its logs.
 */
class ClusterTest {
  private static final Duration START = Duration.ofSeconds(90);
  private static final Duration APP = Duration.ofSeconds(300);
  private static final Pattern TWO_WORKERS = Pattern.compile("\"aliveworkers\"\\s*:\\s*2\\b");

  @TempDir Path tmp;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void stop() {
    for (Process p : started) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  @Test
  void anApplicationOnAStandaloneClusterWithoutACompilerOnItsExecutors() throws Exception {
    String java = ProcessHandle.current().info().command().orElseThrow();
    String javaHome = Path.of(java).getParent().getParent().toString();
    String cp = classPath();
    List<String> jvmOptions = Arrays.asList(System.getProperty("spark.jvm.options", "").trim().split("\\s+"));
    int port = freePort();
    String master = "spark://127.0.0.1:" + port;

    int ui = freePort();
    start(tmp.resolve("master.log"), Map.of(), java, jvmOptions, cp, "org.apache.spark.deploy.master.Master",
        "--host", "127.0.0.1", "--port", String.valueOf(port), "--webui-port", String.valueOf(ui));
    await(ui, s -> s.contains("\"ALIVE\""), "the master to start");

    // The workers, and through them the executors, see a PATH without gcc or cc. SPARK_HOME is an
    // empty directory: the executors' class path is spark.executor.extraClassPath (these Maven
    // jars), which Spark's launcher accepts without a distribution's jars/ when SPARK_TESTING is set.
    Path noCompiler = Files.createDirectories(tmp.resolve("bin-without-compiler"));
    Path sparkHome = Files.createDirectories(tmp.resolve("spark-home"));
    for (int w = 1; w <= 2; w++) {
      Path work = Files.createDirectories(tmp.resolve("work" + w));
      Map<String, String> env = Map.of("PATH", noCompiler.toString(), "JAVA_HOME", javaHome,
          "SPARK_HOME", sparkHome.toString(), "SPARK_TESTING", "1", "SPARK_SCALA_VERSION", "2.13",
          "SPARK_LOCAL_IP", "127.0.0.1", "HOME", tmp.toString());
      start(tmp.resolve("worker" + w + ".log"), env, java, jvmOptions, cp, "org.apache.spark.deploy.worker.Worker",
          "--host", "127.0.0.1", "--cores", "1", "--memory", "1g", "--webui-port", String.valueOf(freePort()),
          "--work-dir", work.toString(), master);
    }
    await(ui, s -> TWO_WORKERS.matcher(s).find(), "two workers to register");

    Path driverLog = tmp.resolve("driver.log");
    String executorOptions = String.join(" ", jvmOptions) + " -Dfuthark4j.cache=" + tmp.resolve("executor-cache");
    Process driver = start(driverLog, Map.of(), java, jvmOptions, cp, "org.apache.spark.deploy.SparkSubmit",
        "--master", master, "--conf", "spark.executor.extraClassPath=" + cp,
        "--conf", "spark.executor.extraJavaOptions=" + executorOptions,
        "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.enabled=false",
        "--conf", "spark.executor.memory=512m", "--conf", "spark.task.maxFailures=4",
        // The first job waits for both executors.
        "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
        "--conf", "spark.scheduler.maxRegisteredResourcesWaitingTime=120s",
        "--conf", "spark.driver.extraJavaOptions=-Dfuthark4j.cache=" + tmp.resolve("driver-cache"),
        "--class", ClusterApp.class.getName(), "spark-internal", "kill", tmp.resolve("damaged-cache").toString());
    boolean finished = driver.waitFor(APP.toSeconds(), TimeUnit.SECONDS);
    String out = read(driverLog);
    assertTrue(finished, "the application did not finish in " + APP + ":\n" + tail(out) + logs());
    assertEquals(0, driver.exitValue(), "the application failed:\n" + tail(out) + logs());

    List<String> lines = out.lines().toList();
    lines.stream().filter(l -> l.startsWith("CHECK ") || l.startsWith("DRIVER ") || l.startsWith("EXECUTOR ") || l.startsWith("BEFORE-KILL ")).forEach(System.out::println);
    for (String check : List.of("cpu-target", "map", "aggregate", "killed-executor", "damaged-broadcast")) {
      assertTrue(lines.contains("CHECK " + check + " ok"), check + ":\n" + tail(out));
    }
    assertTrue(out.contains("Command exited with code 17"), "an executor was killed:\n" + tail(out));
    long driverPid = Long.parseLong(lines.stream().filter(l -> l.startsWith("DRIVER ")).findFirst().orElseThrow().substring(7));
    List<String[]> before = lines.stream().filter(l -> l.startsWith("BEFORE-KILL ")).map(l -> l.substring(12).split(" ")).toList();
    assertEquals(2, before.size(), "both workers' executors ran tasks before the kill:\n" + tail(out));
    List<String[]> executors = new ArrayList<>(before);
    lines.stream().filter(l -> l.startsWith("EXECUTOR ")).map(l -> l.substring(9).split(" ")).forEach(executors::add);
    boolean loaded = false;
    for (String[] e : executors) {
      assertNotEquals(driverPid, Long.parseLong(e[0]), "executors run in JVMs of their own");
      int loads = Integer.parseInt(e[1]);
      assertTrue(loads <= 1, "executor " + e[0] + " loaded the library " + loads + " times");
      loaded |= loads == 1;
      assertEquals("false", e[2], "executor " + e[0] + " has a C compiler on its PATH");
    }
    assertTrue(loaded, "an executor that ran the kernels loaded the library: " + out);
  }

  private Process start(Path log, Map<String, String> env, String java, List<String> jvmOptions, String cp,
                        String mainClass, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    for (String o : jvmOptions) if (!o.isEmpty()) cmd.add(o);
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(cp);
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    if (!env.isEmpty()) {
      pb.environment().clear();
      pb.environment().putAll(env);
    }
    Process p = pb.start();
    started.add(p);
    return p;
  }

  /** Waits until the master's state (its web UI's JSON) satisfies {@code ready}. */
  private void await(int uiPort, Predicate<String> ready, String what) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + uiPort + "/json/")).timeout(Duration.ofSeconds(5)).build();
    long end = System.nanoTime() + START.toNanos();
    String last = "";
    while (System.nanoTime() < end) {
      try {
        last = http.send(get, HttpResponse.BodyHandlers.ofString()).body();
        if (ready.test(last)) return;
      } catch (IOException notYet) {
        // not listening yet
      }
      for (Process p : started) {
        if (!p.isAlive()) throw new AssertionError("a cluster process exited (" + p.exitValue() + ") waiting for " + what + logs());
      }
      Thread.sleep(250);
    }
    throw new AssertionError("timed out after " + START + " waiting for " + what + "; master state: " + last + logs());
  }

  /** The test JVM's real class path (surefire's, not its booter jar's). */
  private static String classPath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static String read(Path p) throws IOException {
    return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
  }

  private static String tail(String s) {
    return s.length() <= 6000 ? s : s.substring(s.length() - 6000);
  }

  private String logs() throws IOException {
    StringBuilder sb = new StringBuilder();
    try (var files = Files.list(tmp)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
        sb.append("\n--- ").append(f.getFileName()).append(" ---\n").append(tail(read(f)));
      }
    }
    return sb.toString();
  }
}

package io.github.futhark4j.tools;

import io.github.futhark4j.FutharkFunction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;

/**
 * Measures starts in fresh JVMs (docs/performance.md, "Starts"): each run is a new JVM that gets
 * the {@code futhark} script engine, evaluates a one-line program and calls it once.
 *
 * <pre>
 * mvn -o -q test-compile
 * java --enable-native-access=ALL-UNNAMED -cp target/test-classes:target/classes:$(cat target/classpath.txt) \
 *     io.github.futhark4j.tools.StartProbe [RUNS]
 * </pre>
 *
 * "hit" evaluates a source already in the disk cache (one unmeasured run puts it there); "cold"
 * evaluates a new source every run, so the run compiles it (built-in compiler, gcc). Prints the
 * median and the range of each phase. {@code StartProbe ab RUNS CLASSPATH_A CLASSPATH_B} compares
 * the cold compiles of two class paths (each must hold this class) in interleaved fresh JVMs.
 */
public final class StartProbe {
  private StartProbe() {}

  /** The program of every run; cold runs append a comment that makes the source new. */
  private static final String ONE_LINER = "entry sum (xs: []f64) : f64 = reduce (+) 0 xs";

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child(args[1]);
      return;
    }
    if (args.length > 0 && args[0].equals("ab")) {
      ab(Integer.parseInt(args[1]), args[2], args[3]);
      return;
    }
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    run(ONE_LINER); // puts it into the disk cache
    report("cache hit", measure(runs, i -> ONE_LINER));
    long salt = System.nanoTime();
    report("cold compile", measure(runs, i -> ONE_LINER + " -- " + salt + " " + i));
  }

  private static List<double[]> measure(int runs, java.util.function.IntFunction<String> source) throws Exception {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < runs; i++) rows.add(run(source.apply(i)));
    return rows;
  }

  /**
   * Compares the cold compile of two class paths (say, two builds of the jar) in interleaved fresh
   * JVMs, so that both see the same machine: one unmeasured run each first (the engine object and
   * precompiled header of each build), then {@code runs} alternating pairs.
   */
  private static void ab(int runs, String cpA, String cpB) throws Exception {
    String[] cps = {cpA, cpB};
    long salt = System.nanoTime();
    for (String cp : cps) run(cp, ONE_LINER + " -- warm " + salt + " " + cp);
    List<List<double[]>> rows = List.of(new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < runs; i++) {
      for (int k = 0; k < 2; k++) {
        rows.get(k).add(run(cps[k], ONE_LINER + " -- " + salt + " " + k + " " + i));
      }
    }
    report("A, cold compile", rows.get(0));
    report("B, cold compile", rows.get(1));
  }

  private static double[] run(String source) throws Exception {
    return run(System.getProperty("java.class.path"), source);
  }

  private static double[] run(String classPath, String source) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
        StartProbe.class.getName(), "child", source).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    if (p.waitFor() != 0 || !out.startsWith("TIMES ")) throw new IllegalStateException("child failed: " + out);
    return Arrays.stream(out.substring(6).split(" ")).mapToDouble(Double::parseDouble).toArray();
  }

  private static void child(String source) throws Exception {
    long t0 = System.nanoTime();
    ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
    long t1 = System.nanoTime();
    FutharkFunction f = (FutharkFunction) engine.eval(source);
    long t2 = System.nanoTime();
    f.call((Object) new double[] {1, 2, 3});
    long t3 = System.nanoTime();
    System.out.println("TIMES " + (t1 - t0) / 1e6 + " " + (t2 - t1) / 1e6 + " " + (t3 - t2) / 1e6);
  }

  private static void report(String what, List<double[]> rows) {
    String[] names = {"getEngineByName", "first eval", "first call"};
    StringBuilder sb = new StringBuilder(what + " (" + rows.size() + " fresh JVMs):");
    for (int k = 0; k < names.length; k++) {
      final int col = k;
      double[] v = rows.stream().mapToDouble(r -> r[col]).sorted().toArray();
      sb.append(String.format("  %s median %.0f ms (%.0f-%.0f)", names[k], v[v.length / 2], v[0], v[v.length - 1]));
    }
    System.out.println(sb);
  }
}

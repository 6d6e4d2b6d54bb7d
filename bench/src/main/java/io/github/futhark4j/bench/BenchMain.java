package io.github.futhark4j.bench;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * {@code scripts/futhark4j benchmarks}: the performance harness of {@code bench/} (C, Java and
 * Futhark variants of the same kernels) or, with {@code bridge}, the bridge's own costs, or, with
 * {@code polyglot}, calls from JavaScript and Python. Unlike {@code futhark4j bench}, which times one
 * Futhark program's datasets, this compares implementations. It lives in the {@code bench/} module,
 * not in the library: the launcher builds the module on first use.
 */
public final class BenchMain {
  static final String HELP = """
      Usage: scripts/futhark4j benchmarks [--quick] [--kernels a,b] [--runs N] [--json FILE] [--markdown FILE] ...
             scripts/futhark4j benchmarks bridge [options]
             scripts/futhark4j benchmarks polyglot [--stand-in | --external FUTHARK] [--entries SUM,COPY,INC] [N]

      Runs the kernels of bench/ (sum, dot, saxpy, matmul, mandelbrot, histogram, scan, nbody,
      factor) as hand-written C with OpenMP, plain Java, Java parallel streams, and Futhark compiled
      by the built-in compiler (data resident, and with copies), checks that they agree, and prints
      medians and ratios to C. --markdown docs/performance.md refreshes the table there. 'bridge'
      measures the bridge alone (scalar call, copies in and out); 'polyglot' the same from GraalJS
      and GraalPy. Run from the project root.
      C and resident Futhark alternate in --rounds N rounds (default 3). Give the JVM a fixed heap:
      FUTHARK4J_JAVA_OPTS="-Xms8g -Xmx8g -XX:+AlwaysPreTouch" (bench/run.sh does).
      All options: scripts/futhark4j benchmarks --help-all.

      Exit codes: 0 all variants agree; 1 some variant disagreed; 2 bad options.
      """;

  private BenchMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the harness, or the benchmark named by the first argument; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
      out.print(HELP);
      return 0;
    }
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    if (args.length > 0 && args[0].equals("bridge")) return BridgeBench.main(rest, out, err);
    if (args.length > 0 && args[0].equals("polyglot")) {
      PolyglotBench.main(rest);
      return 0;
    }
    String[] harness = Arrays.stream(args).map(a -> a.equals("--help-all") ? "--help" : a).toArray(String[]::new);
    return Harness.main(harness, out, err);
  }
}

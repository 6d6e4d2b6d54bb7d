package io.github.futhark4j.cli;

import io.github.futhark4j.bench.BridgeBench;
import io.github.futhark4j.bench.Harness;
import java.util.List;

/**
 * {@code benchmarks}: the performance harness of {@code bench/} (C, Java and Futhark variants of the
 * same kernels) or, with {@code bridge}, the bridge's own costs. Unlike {@code bench}, which times one
 * Futhark program's datasets, this compares implementations.
 */
public final class BenchmarksCommand implements Command {
  @Override
  public String name() { return "benchmarks"; }

  @Override
  public String summary() { return "compare our kernels with hand-written C and Java (docs/performance.md)"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j benchmarks [--quick] [--kernels a,b] [--runs N] [--json FILE] [--markdown FILE] ...
               futhark4j benchmarks bridge [options]

        Runs the kernels of bench/ (sum, dot, saxpy, matmul, mandelbrot, histogram, scan, nbody,
        factor) as hand-written C with OpenMP, plain Java, Java parallel streams, and Futhark compiled
        by the built-in compiler (data resident, and with copies), checks that they agree, and prints
        medians and ratios to C. --markdown docs/performance.md refreshes the table there. 'bridge'
        measures the bridge alone (scalar call, copies in and out). Run from the project root.
        C and resident Futhark alternate in --rounds N rounds (default 3). Give the JVM a fixed heap:
        FUTHARK4J_JAVA_OPTS="-Xms8g -Xmx8g -XX:+AlwaysPreTouch" (bench/run.sh does).
        All options: futhark4j benchmarks --help-all.

        Exit codes: 0 all variants agree; 1 some variant disagreed; 2 bad options.
        """;
  }

  @Override
  public int run(List<String> args, Cli cli) {
    if (!args.isEmpty() && args.get(0).equals("bridge")) {
      return BridgeBench.main(args.subList(1, args.size()).toArray(String[]::new), cli.out(), cli.err());
    }
    List<String> rest = args.stream().map(a -> a.equals("--help-all") ? "--help" : a).toList();
    return Harness.main(rest.toArray(String[]::new), cli.out(), cli.err());
  }
}

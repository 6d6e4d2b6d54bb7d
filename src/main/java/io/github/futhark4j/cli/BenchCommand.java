package io.github.futhark4j.cli;

import io.github.futhark4j.json.Json;
import io.github.futhark4j.cli.runner.Benchmarker;
import io.github.futhark4j.cli.runner.Benchmarker.DatasetResult;
import io.github.futhark4j.cli.runner.Benchmarker.EntryResult;
import io.github.futhark4j.cli.runner.LoadedProgram;
import io.github.futhark4j.cli.runner.ProgramLoader;
import io.github.futhark4j.cli.spec.SpecException;
import io.github.futhark4j.cli.spec.SpecParser;
import io.github.futhark4j.cli.spec.TestSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/** {@code bench}: time the datasets of programs' test blocks, like {@code futhark bench}. */
public final class BenchCommand implements Command {
  @Override
  public String name() { return "bench"; }

  @Override
  public String summary() { return "benchmark programs on the datasets in their -- == blocks"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j bench [options] PROGRAM.fut...

        For each dataset in the programs' test blocks (see 'futhark4j test --help'; random inputs
        included, cases tagged nobench, disable or no_<backend> left out): one warm-up run, whose
        result is checked against the expected output when there is one, a pause until the JVM's
        JIT compiler is idle, more untimed runs until the warm-up has taken 0.2 s (the JVM
        compiles the call path meanwhile), then N timed runs.
        Prints the mean and standard deviation in microseconds per dataset. Programs without datasets are
        not compiled. A program that fails to compile stops the benchmark; a dataset that fails is
        reported and the others still run.

        As futhark bench does, the inputs are put into the program's native memory once, and each
        run times the entry point call alone; results stay native and are freed untimed, and an
        input for a consuming parameter (*[]t) is copied before each run, untimed. --transfer
        times each run from Java values to Java values instead (converting the inputs into native
        memory and the results back), the whole cost of a call on Java arrays.

        Options:
          -r, --runs N              timed runs per dataset (default 10)
              --transfer            include converting the inputs and results in each run
              --json FILE           write the runtimes as JSON in futhark bench's format:
                                    {"prog.fut:main": {"datasets": {"NAME": {"runtimes": [...], ...}}}}
          -e, --entry-point NAME    only this entry point (also --entry)
              --exclude-case TAG    also leave out datasets with this tag (repeatable)
              --backend NAME        builtin (default), builtin-c, builtin-opencl, or c/multicore/ispc (installed futhark)
              --fp-contract         let the C compiler fuse multiplies and adds (FMA): can be faster,
                                    but results may differ from futhark's in the last bit
          -v, --verbose             also say which programs have no datasets

        Exit codes: 0 all datasets ran; 1 any dataset failed, or a tool failed; 2 bad usage or a
        program that does not compile.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("-r", "--runs").option("--json").option("-e", "--entry-point", "--entry")
        .option("--exclude-case", "--exclude").option("--backend").option(Programs.DEVICE).flag("-v", "--verbose").flag("--transfer")
        .flag(Programs.FP_CONTRACT).parse(argv);
    if (a.positional().isEmpty()) throw new UsageException("expected at least one program");
    String backend = Programs.backend(a);
    ProgramLoader loader = Programs.loader(cli, a, backend);
    int runs = a.intValue("-r", 10, 1);
    Benchmarker bench = new Benchmarker(runs, new HashSet<>(a.values("--exclude-case")), backend, a.value("-e", null),
        a.has("--transfer"));
    List<EntryResult> all = new ArrayList<>();
    boolean failed = false;
    for (String arg : a.positional()) {
      Path prog = Programs.program(arg);
      TestSpec spec;
      try {
        spec = SpecParser.parseFile(prog);
      } catch (SpecException e) {
        cli.err().println(e.getMessage());
        failed = true;
        continue;
      }
      if (!bench.hasDatasets(spec)) {
        if (a.has("-v")) cli.out().println(prog + ": no datasets to benchmark");
        continue;
      }
      List<EntryResult> results;
      try (LoadedProgram p = Programs.load(loader, prog)) {
        results = bench.bench(prog, spec, p);
      }
      for (EntryResult er : results) {
        cli.out().println("Results for " + er.key() + " (" + backend + ", " + runs + " runs):");
        int width = er.datasets().stream().mapToInt(d -> d.name().length() + 1).max().orElse(1);
        for (DatasetResult d : er.datasets()) {
          if (d.failed()) {
            failed = true;
            cli.out().println(d.name() + ": FAILED: " + d.error().strip().replace("\n", "\n    "));
          } else {
            cli.out().println(format(d, width));
          }
        }
        cli.out().flush();
      }
      all.addAll(results);
    }
    if (a.has("--json")) {
      java.nio.file.Files.writeString(Path.of(a.value("--json", null)), Json.pretty(Benchmarker.json(all)) + "\n");
    }
    return failed ? 1 : 0;
  }

  /**
   * {@code NAME:   1234μs (stddev: 56μs; RSD: 0.045)}, the name padded to {@code width}; a mean
   * under 10 μs with two decimals ({@code 0.34μs}).
   */
  static String format(DatasetResult d, int width) {
    double mean = d.mean();
    double rsd = mean > 0 ? d.stddev() / mean : 0;
    String f = mean < 10 ? "%.2f" : "%.0f";
    return String.format(java.util.Locale.ROOT, "%-" + width + "s %10" + f.substring(1) + "μs (stddev: " + f + "μs; RSD: %.3f)",
        d.name() + ":", mean, d.stddev(), rsd);
  }
}

package io.github.futhark4j.cli;

import io.github.futhark4j.fuzz.Fuzzer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** {@code fuzz}: differential fuzzing of the built-in compiler against the IR interpreter. */
public final class FuzzCommand implements Command {
  @Override
  public String name() { return "fuzz"; }

  @Override
  public String summary() { return "generate random programs and compare the backends with the interpreters, or check AD"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j fuzz [--cases N] [--seed S] [--out DIR] [--threads 1,2] [--entries K]
                              [--cache DIR] [--timeout SECONDS] [--no-minimise] [--reference PATH] [--opencl]
               futhark4j fuzz --ad [--cases N] [--seed S] [--out DIR] [--threads 1,2] [--entries K]

        Generates N random well-typed Futhark entry points (deterministically from the seed), K of
        them per compiled program, with random arguments (a quarter of them invalid: wrong sizes,
        wrong ranks, null, ragged arrays, scalars out of range). Each case runs on the interpreter of
        the unoptimised IR, on the interpreter of the checked source (which shares nothing with the
        compiler after parsing) and, through the Java API, on the built-in compiler's multicore
        backend at each thread count of --threads and on its c backend (with --opencl also on its opencl
        backend, on the machine's first OpenCL device). Valid arguments must give the same
        results everywhere (floats within futhark test's tolerance) or an error everywhere; invalid
        ones a FutharkProgramException (sizes) or an IllegalArgumentException naming the entry point
        and the parameter. Anything else is a finding: a mismatch, a crash (an unexpected exception,
        a generated program the compiler rejects) or a hang (no answer within --timeout).

        Findings are minimised (statements, expressions and argument sizes removed while the failure
        stays) and written to DIR/case-<id>-<kind>/ (prog.fut with a -- == block, input.txt,
        details.txt).

        With --ad, the cases are random differentiable functions f (arithmetic, smooth prelude
        functions, min/max, if, maps, reductions, scans, filter, scatter, histograms, loops; f itself
        or a derivative of it, for nested AD) with a random point x, tangent dx and cotangent r.
        Every backend and the source interpreter must give <vjp f x r, dx> = <r, jvp f x dx>, agree
        with central finite differences wherever those are stable, give the same primal from f,
        jvp2 and vjp2, and agree with each other.

        Options:
          --ad             check automatic differentiation instead (see above)
          --cases N        number of cases (default 300)
          --seed S         the seed (default 1)
          --out DIR        where findings go (default target/fuzz)
          --threads LIST   multicore thread counts to compare (default 1,2)
          --entries K      entry points per compiled program (default 20)
          --cache DIR      compile cache (default: a fresh directory under DIR, deleted at the end)
          --timeout S      seconds a call may take before it counts as a hang (default 60)
          --no-minimise    save findings as found
          --opencl         also run every case on the opencl backend (needs an OpenCL driver)
          --reference PATH also check every program with the reference compiler at PATH (futhark check)
                           and compare with its interpreter (futhark run); a team tool, slow

        Exit codes: 0 no findings; 1 findings; 2 bad usage.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("--cases").option("--seed").option("--out").option("--threads").option("--entries")
        .option("--cache").option("--timeout").option("--reference").flag("--no-minimise").flag("--ad").flag("--opencl").parse(argv);
    if (!a.positional().isEmpty()) throw new UsageException("unexpected argument " + a.positional().get(0));
    int cases = a.intValue("--cases", 300, 1);
    long seed;
    try {
      seed = Long.parseLong(a.value("--seed", "1").trim());
    } catch (NumberFormatException e) {
      throw new UsageException("option --seed needs a number, got '" + a.value("--seed", "") + "'");
    }
    Path out = Path.of(a.value("--out", "target/fuzz"));
    List<Integer> threads = new ArrayList<>();
    for (String t : a.value("--threads", "1,2").split(",")) {
      try {
        int n = Integer.parseInt(t.trim());
        if (n < 1 || n > 4096) throw new NumberFormatException();
        threads.add(n);
      } catch (NumberFormatException e) {
        throw new UsageException("option --threads needs a comma-separated list of thread counts (1 to 4096), got '"
            + a.value("--threads", "") + "'");
      }
    }
    int entries = a.intValue("--entries", 20, 1);
    int timeout = a.intValue("--timeout", 60, 1);
    Path reference = a.value("--reference", null) == null ? null : Path.of(a.value("--reference", null));
    if (reference != null && !Files.isExecutable(reference)) {
      throw new UsageException("option --reference needs the path of a futhark executable, got '" + reference + "'");
    }
    if (reference != null && a.has("--ad")) throw new UsageException("options --ad and --reference cannot be used together");
    Files.createDirectories(out);
    boolean ownCache = a.value("--cache", null) == null;
    Path cache = ownCache ? Files.createTempDirectory(out, "cache-") : Path.of(a.value("--cache", null));
    try {
      Fuzzer.Options o = new Fuzzer.Options(cases, seed, out, threads, entries, cache, timeout * 1000L,
          !a.has("--no-minimise"), cli.out(), reference, a.has("--ad"), a.has("--opencl"));
      Fuzzer.Summary s = new Fuzzer(o).run();
      cli.out().println(s);
      if (!s.findings.isEmpty()) cli.out().println("findings in " + out.toAbsolutePath());
      return s.findings.isEmpty() ? 0 : 1;
    } finally {
      if (ownCache) deleteTree(cache);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    }
  }
}

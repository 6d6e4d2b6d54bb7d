package io.github.futhark4j.cli;

import io.github.futhark4j.cli.runner.InterpreterLoader;
import io.github.futhark4j.cli.runner.ProgramLoader;
import io.github.futhark4j.cli.runner.PropertyTester;
import io.github.futhark4j.cli.runner.TestRunner;
import io.github.futhark4j.cli.runner.TestRunner.Summary;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

/** {@code test}: run the {@code -- ==} test blocks of programs, like {@code futhark test}. */
public final class TestCommand implements Command {
  @Override
  public String name() { return "test"; }

  @Override
  public String summary() { return "test programs against the datasets in their -- == blocks"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j test [options] PATH...

        Tests every .fut file named, and every .fut file found recursively in the directories named,
        using the test blocks in their comments ('-- ==', see 'futhark test'): input/output pairs per
        entry point, expected run-time errors, expected compile errors, data files ('@ file'), and
        random inputs. Programs without test blocks must compile. Floats are compared with futhark
        test's tolerance (0.002, relative to the largest expected element when that is larger), and
        NaN equals NaN. Several files are tested at once.

        Prints a line per failed case (with -v also per passed and skipped case), then
        'N passed, M failed' (', K skipped' when any case was skipped).

        Property blocks ('-- property: NAMES' lines, alone in their block) name properties: entry
        points t -> bool with a #[prop] attribute, optionally #[prop(gen(f), shrink(g), size(N))].
        Each is one case: it is called on --num-tests random candidates of t (made by f, called with
        the size and a seed, else generated with every array dimension the size), and the first
        candidate for which it returns false is shrunk (with g, else by generating it again at
        smaller sizes) and reported as 'Property p (size=50, seed=S) failed after 3 tests:', then
        'Counterexample: VALUE'. Candidates are those futhark test makes for the same seed, so
        --seed=S reproduces a failure in both. An entry point with #[prop] that no property line
        names, or a property of the wrong type, fails the program's properties before any runs.

        Skipped: cases and files tagged 'disable', 'no_<backend>' or an --exclude tag; structure specs
        without --structure; warning specs; script inputs; 'auto output' cases without --reference
        (run, not checked).

        Options:
              --backend NAME     builtin (default: our compiler, multicore code), builtin-c, builtin-opencl, or
                                 c/multicore/ispc with an installed futhark
              --exclude TAG      also skip files and cases with this tag (repeatable)
              --concurrency N    number of files tested at once (default: number of cores)
              --reference NAME   check 'auto output' cases against the program built with this
                                 backend (e.g. builtin-c), or against the source interpreter
                                 ('interpret'); without it they are run but not checked
              --interpret        run the programs in the source interpreter instead of compiling
                                 them (slow; an oracle independent of the compiler's back end).
                                 Cases marked 'compiled' (as futhark test -i) and files and cases
                                 tagged 'no_interpret' are skipped
              --fp-contract      let the C compiler fuse multiplies and adds (FMA) in the programs
                                 tested (not the reference): can be faster, but results may differ
                                 from futhark's in the last bit
              --structure        check 'structure { NAME N ... }' specs against the built-in
                                 compiler's optimised IR (one case per spec); names of the reference
                                 compiler's IR are translated where ours has a counterpart, others
                                 are skipped (see docs/cli.md). Only with a builtin backend
          -v, --verbose          print every case, not only failures
              --seed N           seed of the random candidates of property tests, a u64 (default:
                                 random; printed with each failed property)
          -n, --num-tests N      candidates per property (default 100)
          -m, --max-size N       size of candidates, and size passed to generators, for properties
                                 without size(N) (default 50)
              --num-tries N      results of a property's shrinker in a row that may fail to shrink
                                 the counterexample before shrinking stops (default 5)

        Exit codes: 0 all passed; 1 any failure; 2 bad usage or a path that does not exist.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("--backend").option(Programs.DEVICE).option("--exclude", "--exclude-case").option("--concurrency")
        .option("--reference").flag("-v", "--verbose").flag("-c").flag(Programs.FP_CONTRACT).flag("--structure")
        .flag("--interpret").option("--seed").option("--num-tests", "-n").option("--max-size", "-m").option("--num-tries")
        .parse(argv);
    if (a.positional().isEmpty()) throw new UsageException("expected at least one file or directory");
    boolean interpret = a.has("--interpret");
    String backend = interpret ? "interpret" : Programs.backend(a);
    int cores = Runtime.getRuntime().availableProcessors();
    boolean structure = a.has("--structure");
    if (structure && !backend.startsWith("builtin")) {
      if (interpret) throw new UsageException("--structure checks the compiler's IR: it does not go with --interpret");
      throw new UsageException("--structure checks the built-in compiler's IR: use it with --backend builtin or builtin-c");
    }
    String seedText = a.value("--seed", null);
    long seed;
    if (seedText == null) {
      seed = PropertyTester.Settings.randomSeed().seed();
    } else {
      try {
        seed = seedText.trim().startsWith("-") ? Long.parseLong(seedText.trim()) : Long.parseUnsignedLong(seedText.trim());
      } catch (NumberFormatException e) {
        throw new UsageException("--seed must be an integer (a u64), got '" + seedText + "'");
      }
    }
    var props = new PropertyTester.Settings(seed, a.intValue("--num-tests", PropertyTester.Settings.NUM_TESTS, 1),
        a.intValue("--max-size", PropertyTester.Settings.MAX_SIZE, 0),
        a.intValue("--num-tries", PropertyTester.Settings.SHRINK_TRIES, 0));
    var exclude = new HashSet<>(a.values("--exclude"));
    // As futhark test -i: cases marked 'compiled' are never passed to the interpreter (unless asked).
    if (interpret && !Boolean.getBoolean("futhark4j.interpretCompiledCases")) exclude.add("compiled");
    var options = new TestRunner.Options(backend, exclude, a.has("-v"),
        a.intValue("--concurrency", cores, 1), structure, props);
    String reference = a.value("--reference", null);
    if (reference != null && !Programs.BACKENDS.contains(reference) && !reference.equals("interpret")) {
      throw new UsageException("unknown reference backend '" + reference + "'");
    }
    ProgramLoader loader = interpret ? new InterpreterLoader() : Programs.loader(cli, a, backend);
    ProgramLoader ref = reference == null ? null
        : reference.equals("interpret") ? new InterpreterLoader() : cli.loaders().forBackend(reference);
    TestRunner runner = new TestRunner(loader, ref, options, cli.out());
    List<TestRunner.Outcome> outcomes;
    try {
      outcomes = runner.run(a.positional().stream().map(Path::of).toList());
    } catch (NoSuchFileException e) {
      throw new UsageException("no such file or directory: " + e.getFile());
    }
    Summary s = Summary.of(outcomes);
    cli.out().println(s.line());
    return s.failed() > 0 ? 1 : 0;
  }
}

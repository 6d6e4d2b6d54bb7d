package io.github.futhark4j.compiler.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.runner.InterpreterLoader;
import io.github.futhark4j.cli.runner.TestRunner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The source interpreter against the test blocks of the corpus ({@code src/test/fut}), as
 * {@code futhark4j test --interpret src/test/fut} runs them: every case must pass, except those of
 * the programs in {@link #KNOWN}, each with the reason the interpreter cannot run it. A listed
 * program that passes fails the test too, so the list stays honest.
 */
class InterpreterCorpusTest {
  /** Programs the interpreter does not pass, and why. */
  static final Map<String, String> KNOWN = Map.ofEntries(
      // The expected results are the compiled program's, which drops failing code whose result is
      // never needed (as the reference compiler's simplifier does); the interpreter evaluates every
      // expression, as the reference's interpreter does, and reports the failure.
      Map.entry("fuzz_found/dead_failing_hist_index.fut", "dead failing code: the compiler removes it"),
      Map.entry("fuzz_found/dead_failing_index_in_condition.fut", "dead failing code: the compiler removes it"),
      Map.entry("fuzz_found/dead_failing_loop_index.fut", "dead failing code: the compiler removes it"),
      Map.entry("fuzz_found/dead_failing_map_only_shape_used.fut", "dead failing code: the compiler removes it"),
      Map.entry("fuzz_found/dead_failing_scatter_power.fut", "dead failing code: the compiler removes it"),
      // Properties over tuples and records, and generators of opaque values: the interpreter's
      // loader passes and returns only primitive values and arrays of them.
      Map.entry("testing/properties_generated.fut", "property candidates of tuple and record types"),
      Map.entry("testing/properties_user_gen.fut", "a generator returning an opaque value"));

  private static final Path ROOT = Path.of("src/test/fut");

  private static List<TestRunner.Outcome> run(boolean copyUpdates) throws Exception {
    TestRunner runner = new TestRunner(new InterpreterLoader(Duration.ofSeconds(120), copyUpdates),
        new TestRunner.Options("interpret", Set.of("compiled"), false, 2), new PrintStream(PrintStream.nullOutputStream()));
    return runner.run(List.of(ROOT));
  }

  /**
   * Updates write into the consumed array, trusting the checker's uniqueness rules and the
   * interpreter's own copy on write: copying on every update instead must change no outcome.
   */
  @Test
  void inPlaceUpdatesChangeNoOutcome() throws Exception {
    Map<String, List<String>> inPlace = outcomes(run(false)), copying = outcomes(run(true));
    assertEquals(copying, inPlace, "outcomes with updates in place and with copies");
  }

  private static Map<String, List<String>> outcomes(List<TestRunner.Outcome> os) {
    Map<String, List<String>> m = new TreeMap<>();
    for (TestRunner.Outcome o : os) {
      m.computeIfAbsent(o.file() + " " + o.entry() + " " + o.dataset(), k -> new java.util.ArrayList<>())
          .add(o.status() + (o.status() == TestRunner.Status.FAILED ? ": " + o.message() : ""));
    }
    m.values().forEach(java.util.Collections::sort);
    return m;
  }

  @Test
  void interpreterPassesTheCorpus() throws Exception {
    Path root = ROOT;
    List<TestRunner.Outcome> outcomes = run(false);
    Map<String, List<String>> failed = new TreeMap<>();
    Set<String> files = new TreeSet<>();
    int passed = 0;
    for (TestRunner.Outcome o : outcomes) {
      String f = root.relativize(o.file()).toString().replace('\\', '/');
      files.add(f);
      if (o.status() == TestRunner.Status.FAILED) failed.computeIfAbsent(f, k -> new java.util.ArrayList<>()).add(o.render());
      if (o.status() == TestRunner.Status.PASSED) passed++;
    }
    System.out.println("interpreted corpus: " + passed + " cases passed in " + files.size() + " files; "
        + failed.size() + " files with failures (" + KNOWN.size() + " known)");
    String unexpected = failed.entrySet().stream().filter(e -> !KNOWN.containsKey(e.getKey()))
        .flatMap(e -> e.getValue().stream()).collect(Collectors.joining("\n"));
    assertEquals("", unexpected, "corpus cases the interpreter fails");
    Set<String> nowPassing = new TreeSet<>(KNOWN.keySet());
    nowPassing.removeAll(failed.keySet());
    assertEquals(Set.of(), nowPassing, "programs listed as known failures that pass (or are gone): update KNOWN");
    assertTrue(passed > 1100, "too few corpus cases passed: " + passed);
  }
}

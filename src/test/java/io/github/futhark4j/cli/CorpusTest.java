package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import io.github.futhark4j.cli.runner.FutharkLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs our own corpus of Futhark programs ({@code src/test/fut}) through the {@code test} command,
 * exactly as a user would with {@code scripts/futhark4j test src/test/fut}: the built-in compiler,
 * the cache, the C compiler and the runtime end to end. It runs in five modes: the built-in
 * compiler's {@code multicore} backend ({@code builtin}) and its sequential {@code c} backend
 * ({@code builtin-c}), each with contexts of 1 and of 2 threads, so a program whose result depends
 * on the backend or on how the work is split fails here, and its {@code opencl} backend
 * ({@code builtin-opencl}, on the machine's OpenCL device: POCL in the test command) with 2
 * threads for the host code. A mode's second run finds the libraries
 * in the compile cache, so the threads cost only the runs.
 */
@Tag("native")
class CorpusTest {
  private static final Path CORPUS = Path.of("src/test/fut");

  @ParameterizedTest(name = "{0}, {1} thread(s)")
  @CsvSource({"builtin, 1", "builtin, 2", "builtin-c, 1", "builtin-c, 2", "builtin-opencl, 2"})
  void everyCorpusProgramPasses(String backend, int threads) throws Exception {
    // known-failures/ holds correct programs our compiler still gets wrong (docs/corpus-findings.md);
    // everything else must pass.
    List<String> args = new ArrayList<>(List.of("test", "--backend", backend));
    try (Stream<Path> dirs = Files.list(CORPUS)) {
      dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().equals("known-failures"))
          .sorted().forEach(d -> args.add(d.toString()));
    }
    long programs = 0;
    for (String dir : args.subList(3, args.size())) {
      try (Stream<Path> files = Files.walk(Path.of(dir))) {
        programs += files.filter(p -> p.toString().endsWith(".fut")).count();
      }
    }
    long expectedCases = programs;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli system = Cli.system(new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    // The system's loaders, with the thread count of this mode.
    Cli.Loaders loaders = b -> new FutharkLoader(FutharkLoader.optionsFor(b).withThreads(threads));
    Cli cli = new Cli(system.in(), system.out(), system.err(), loaders, system.checker(), system.library());
    int code = Main.run(args.toArray(String[]::new), cli);
    String report = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);

    Matcher m = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed").matcher(report);
    assertTrue(m.find(), () -> "no summary line in:\n" + report);
    assertEquals(0, Integer.parseInt(m.group(2)), () -> "corpus failures (" + backend + ", " + threads + " thread(s)):\n" + report);
    assertEquals(0, code, report);
    // Every program contributes at least one case, so a runner that silently skips files fails here.
    assertTrue(Integer.parseInt(m.group(1)) >= expectedCases, () -> "fewer cases than programs (" + expectedCases + "):\n" + report);
  }
}

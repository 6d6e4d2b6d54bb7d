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
import org.junit.jupiter.api.Test;

/**
 * Runs our own corpus of Futhark programs ({@code src/test/fut}) through the {@code test} command,
 * exactly as a user would with {@code scripts/futhark4j test src/test/fut}: the built-in compiler,
 * the cache, the C compiler and the runtime end to end.
 */
@Tag("native")
class CorpusTest {
  private static final Path CORPUS = Path.of("src/test/fut");

  @Test
  void everyCorpusProgramPasses() throws Exception {
    // known-failures/ holds correct programs our compiler still gets wrong (docs/corpus-findings.md);
    // everything else must pass.
    List<String> args = new ArrayList<>(List.of("test"));
    try (Stream<Path> dirs = Files.list(CORPUS)) {
      dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().equals("known-failures"))
          .sorted().forEach(d -> args.add(d.toString()));
    }
    long programs = 0;
    for (String dir : args.subList(1, args.size())) {
      try (Stream<Path> files = Files.walk(Path.of(dir))) {
        programs += files.filter(p -> p.toString().endsWith(".fut")).count();
      }
    }
    long expectedCases = programs;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    int code = Main.run(args.toArray(String[]::new), cli);
    String report = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);

    Matcher m = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed").matcher(report);
    assertTrue(m.find(), () -> "no summary line in:\n" + report);
    assertEquals(0, Integer.parseInt(m.group(2)), () -> "corpus failures:\n" + report);
    assertEquals(0, code, report);
    // Every program contributes at least one case, so a runner that silently skips files fails here.
    assertTrue(Integer.parseInt(m.group(1)) >= expectedCases, () -> "fewer cases than programs (" + expectedCases + "):\n" + report);
  }
}

package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
    long programs;
    try (Stream<Path> files = Files.walk(CORPUS)) {
      programs = files.filter(p -> p.toString().endsWith(".fut")).count();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    int code = Main.run(new String[] {"test", CORPUS.toString()}, cli);
    String report = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);

    Matcher m = Pattern.compile("(?m)^(\\d+) passed, (\\d+) failed").matcher(report);
    assertTrue(m.find(), () -> "no summary line in:\n" + report);
    assertEquals(0, Integer.parseInt(m.group(2)), () -> "corpus failures:\n" + report);
    assertEquals(0, code, report);
    // Every program contributes at least one case, so a runner that silently skips files fails here.
    assertTrue(Integer.parseInt(m.group(1)) >= programs, () -> "fewer cases than programs (" + programs + "):\n" + report);
  }
}

package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code futhark4j test --structure} through the command line: the structure specs of our own
 * programs in {@code src/test/fut/structure} (in our IR's names) pin the optimiser's fusion, and a
 * wrong count is a failure that names the construct with both counts.
 */
@Tag("native")
class StructureSpecTest {
  private static final Path PROGRAMS = Path.of("src/test/fut/structure");

  @Test
  void ourFusionResultsMatchTheirStructureSpecs() throws Exception {
    long specs;
    try (Stream<Path> files = Files.list(PROGRAMS)) {
      specs = files.filter(p -> p.toString().endsWith(".fut")).flatMap(p -> {
        try {
          return Files.readAllLines(p).stream();
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).filter(l -> l.startsWith("-- structure")).count();
    }
    assertTrue(specs >= 5, "structure specs found: " + specs);
    CliCapture cli = new CliCapture();
    int code = cli.run("test", "--structure", "--backend", "builtin-c", "-v", PROGRAMS.toString());
    String out = cli.out() + cli.err();
    assertEquals(0, code, out);
    Matcher m = Pattern.compile("(?m)^PASSED \\S+: structure \\(line \\d+\\)$").matcher(out);
    long passed = 0;
    while (m.find()) passed++;
    assertEquals(specs, passed, out);
    assertTrue(out.contains(" 0 failed"), out);
  }

  @Test
  void aWrongCountFailsOnlyWithTheFlag(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("fused.fut");
    Files.writeString(prog, """
        -- ==
        -- input { [1, 2] } output { 6 }
        -- structure { Map 1 Reduce 1 }
        -- structure seq-mem { Alloc 1 }
        entry main (xs: []i32) : i32 = i32.sum (map (* 2) xs)
        """);
    CliCapture cli = new CliCapture();
    assertEquals(1, cli.run("test", "--structure", "--backend", "builtin-c", prog.toString()), cli.out() + cli.err());
    List<String> lines = cli.out().lines().toList();
    assertEquals(List.of("FAILED " + prog + ": structure (line 3):", "    Map: expected 1, got 0", "1 passed, 1 failed, 1 skipped"),
        lines, cli.out());
    // Without --structure the specs are skipped, as before.
    assertEquals(0, cli.run("test", "--backend", "builtin-c", prog.toString()), cli.out() + cli.err());
    assertTrue(cli.out().contains("1 passed, 0 failed, 2 skipped"), cli.out());
  }

  @Test
  void onlyTheBuiltinCompilerHasAnIrToCount() {
    CliCapture cli = new CliCapture();
    assertEquals(2, cli.run("test", "--structure", "--backend", "c", "x.fut"));
    assertTrue(cli.err().contains("--structure checks the built-in compiler's IR"), cli.err());
  }
}

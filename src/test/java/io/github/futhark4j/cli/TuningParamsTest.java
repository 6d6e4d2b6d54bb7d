package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tuning parameters ({@code #[param(NAME)] e}): set through {@link FutharkOptions#withTuningParam}
 * in the context's configuration, and read by the CLI from {@code prog.fut.tuning} as
 * {@code futhark test} does.
 */
class TuningParamsTest {
  @TempDir Path dir;

  private static final String SRC = """
      entry scaled (x: i64) : i64 = x * #[param(scale)] 10
      entry offset (x: i64) : i64 = x + #[param(shift)] (x + 1)
      """;

  @BeforeAll
  static void needGcc() {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
  }

  @Test
  void parametersKeepTheirDefaultsUnlessSet() throws Exception {
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(dir.resolve("cache"));
    try (FutharkProgram p = Futhark.compile(SRC, o)) {
      assertEquals(Set.of("scale", "shift"), p.tuningParameters());
      assertEquals(30L, p.function("scaled").call(3L));
      assertEquals(7L, p.function("offset").call(3L));
    }
    try (FutharkProgram p = Futhark.compile(SRC, o.withTuningParam("scale", 4).withTuningParam("shift", 100))) {
      assertEquals(12L, p.function("scaled").call(3L));
      assertEquals(103L, p.function("offset").call(3L));
    }
  }

  @Test
  void anUnknownParameterOrABadValueIsRefused() {
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(dir.resolve("cache"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Futhark.compile(SRC, o.withTuningParam("scal", 4)).close());
    assertTrue(e.getMessage().contains("no tuning parameter \"scal\"") && e.getMessage().contains("scale, shift"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> o.withTuningParam("scale", -1));
    assertThrows(IllegalArgumentException.class, () -> o.withTuning(Map.of("", 1L)));
  }

  @Test
  void theTestCommandReadsTheTuningFileNextToTheProgram() throws Exception {
    Path prog = Files.writeString(dir.resolve("t.fut"), """
        -- ==
        -- entry: scaled
        -- input { 3i64 } output { 6i64 }
        """ + SRC);
    ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, Main.run(new String[] {"test", prog.toString()}, cli), "without the file the default 10 applies");
    Files.writeString(dir.resolve("t.fut.tuning"), "scale=2\n");
    out.reset();
    assertEquals(0, Main.run(new String[] {"test", prog.toString()}, cli), out + "\n" + err);
    Files.writeString(dir.resolve("t.fut.tuning"), "scale: 2\n");
    out.reset();
    assertEquals(1, Main.run(new String[] {"test", prog.toString()}, cli));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("t.fut.tuning:1: expected NAME=VALUE"), out.toString(StandardCharsets.UTF_8));
  }
}

package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Main;
import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.BuildKey;
import io.github.futhark4j.toolchain.CCompiler;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.LibraryBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opt-in for floating-point contraction ({@link FutharkOptions#withFloatContraction}, the
 * {@value FutharkOptions#FLOAT_CONTRACTION_PROPERTY} property, {@code --fp-contract}): off by
 * default, it changes the generated C and the cache key, and both settings compile and run.
 */
class FloatContractionOptionTest {
  @TempDir Path dir;

  private static final String SRC = "entry fma (a: f64) (b: f64) (c: f64) : f64 = a * b + c\n";
  /** (1 + 2^-27) * (1 - 2^-27) = 1 - 2^-54 rounds to 1 (a tie, to even), so a * b - 1 is 0; fused it is -2^-54. */
  private static final double A = 1 + Math.scalb(1.0, -27);
  private static final double B = 1 - Math.scalb(1.0, -27);

  @Test
  void offByDefaultAndValidatedProperty() {
    assertNull(FutharkOptions.defaults().floatContraction());
    assertFalse(FutharkOptions.defaults().floatContractionInEffect());
    assertTrue(FutharkOptions.defaults().withFloatContraction(true).floatContractionInEffect());
    String old = System.getProperty(FutharkOptions.FLOAT_CONTRACTION_PROPERTY);
    try {
      System.setProperty(FutharkOptions.FLOAT_CONTRACTION_PROPERTY, "true");
      assertTrue(FutharkOptions.defaults().floatContractionInEffect());
      assertFalse(FutharkOptions.defaults().withFloatContraction(false).floatContractionInEffect(), "the option wins");
      System.setProperty(FutharkOptions.FLOAT_CONTRACTION_PROPERTY, "yes");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> FutharkOptions.defaults().floatContractionInEffect());
      assertTrue(e.getMessage().contains(FutharkOptions.FLOAT_CONTRACTION_PROPERTY), e.getMessage());
    } finally {
      if (old == null) System.clearProperty(FutharkOptions.FLOAT_CONTRACTION_PROPERTY);
      else System.setProperty(FutharkOptions.FLOAT_CONTRACTION_PROPERTY, old);
    }
  }

  @Test
  void theGeneratedCSaysFastInsteadOfOff() throws Exception {
    for (String backend : new String[] {"c", "multicore"}) {
      String off = Backend.generate(Frontend.check(new Source("p.fut", SRC)), backend, "p").c();
      String on = Backend.generate(Frontend.check(new Source("p.fut", SRC)), backend, "p", true).c();
      assertTrue(off.contains("#pragma GCC optimize (\"fp-contract=off\")") && off.contains("#pragma STDC FP_CONTRACT OFF"));
      assertFalse(off.contains("fp-contract=fast"));
      assertTrue(on.contains("#pragma GCC optimize (\"fp-contract=fast\")") && on.contains("#pragma STDC FP_CONTRACT ON"));
      assertFalse(on.contains("fp-contract=off"));
      assertTrue(on.indexOf("fp-contract=fast") < on.indexOf("---- engine runtime"), "before any function");
      // The first line names the engine part, which the pragma covers too: another engine object.
      String offFirst = off.substring(0, off.indexOf('\n')), onFirst = on.substring(0, on.indexOf('\n'));
      assertEquals(offFirst + " contraction", onFirst);
      assertEquals(off.substring(offFirst.length()).replace("fp-contract=off", "fp-contract=fast").replace("FP_CONTRACT OFF", "FP_CONTRACT ON"),
          on.substring(onFirst.length()), "nothing else changes");
    }
  }

  @Test
  void theOptionIsPartOfTheCacheKey() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    Source s = new Source("p.fut", SRC);
    BuildKey off = new LibraryBuilder(dir, Compilers.builtin(), "multicore", null, null, 0).key(s);
    BuildKey off2 = new LibraryBuilder(dir, Compilers.builtin(), "multicore", null, null, 0, false).key(s);
    BuildKey on = new LibraryBuilder(dir, Compilers.builtin(), "multicore", null, null, 0, true).key(s);
    assertEquals(off, off2);
    assertNotEquals(off.hex(), on.hex());
    assertTrue(on.description().contains("-ffp-contract=fast"), on.description());
    assertFalse(off.description().contains("fp-contract"), off.description());
  }

  /** Whether the C compiler is gcc and this (Linux) CPU has FMA instructions. */
  private static boolean gccWithFma() throws Exception {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (!Files.isReadable(cpuinfo)) return false;
    boolean fma = Files.readAllLines(cpuinfo).stream()
        .anyMatch(l -> l.startsWith("flags") && java.util.Arrays.asList(l.split("\\s+")).contains("fma"));
    String cc = CCompiler.locate().identity();
    return fma && cc.contains("gcc") && !cc.contains("clang");
  }

  private static int entries(Path cache) throws Exception {
    try (Stream<Path> s = Files.list(cache)) {
      return (int) s.filter(p -> Files.isRegularFile(p.resolve("key.txt"))).count();
    }
  }

  @Test
  void theReferenceRoundingByDefaultAndTheOptionCompilesAndRuns() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    FutharkOptions o = FutharkOptions.defaults().withCacheDir(dir.resolve("cache"));
    double off;
    double on;
    try (FutharkProgram p = Futhark.compile(SRC, o)) {
      off = (Double) p.function("fma").call(A, B, -1.0);
    }
    assertEquals(0.0, off, "each operation rounded, as the reference does");
    try (FutharkProgram p = Futhark.compile(SRC, o.withFloatContraction(true))) {
      on = (Double) p.function("fma").call(A, B, -1.0);
    }
    // Whether the C compiler fuses depends on it and on the CPU (-march=native): gcc with
    // fp-contract=fast does wherever the CPU has FMA instructions.
    assertTrue(on == 0.0 || on == -Math.scalb(1.0, -54), "got " + on);
    if (gccWithFma()) assertEquals(-Math.scalb(1.0, -54), on, "fused: rounded once");
    assertEquals(2, entries(dir.resolve("cache")), "two libraries, one per setting");
  }

  @Test
  void theCommandLineFlag() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    Path prog = Files.writeString(dir.resolve("fma.fut"), SRC);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(out, true, StandardCharsets.UTF_8));
    for (String cmd : new String[] {"c", "multicore"}) {
      assertEquals(0, Main.run(new String[] {cmd, "--library", "-o", dir.resolve(cmd + "off").toString(), prog.toString()}, cli), out.toString());
      assertEquals(0, Main.run(new String[] {cmd, "--library", "--fp-contract", "-o", dir.resolve(cmd + "on").toString(),
          prog.toString()}, cli), out.toString());
      assertTrue(Files.readString(dir.resolve(cmd + "off.c")).contains("fp-contract=off"));
      assertTrue(Files.readString(dir.resolve(cmd + "on.c")).contains("fp-contract=fast"));
    }
    String input = A + " " + B + " -1.0";
    for (String cmd : new String[] {"run", "run --fp-contract"}) {
      out.reset();
      Cli withInput = Cli.system(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
          new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
      String[] args = (cmd + " " + prog).split(" ");
      assertEquals(0, Main.run(args, withInput), out.toString());
      if (cmd.equals("run")) assertEquals("0.0f64", out.toString().trim());
    }
    Path tested = Files.writeString(dir.resolve("t.fut"), "-- ==\n-- input { 2.0 3.0 1.0 } output { 7.0 }\n" + SRC);
    for (String cmd : new String[] {"test", "bench"}) {
      out.reset();
      assertEquals(0, Main.run(new String[] {cmd, "--fp-contract", tested.toString()}, cli), out.toString());
    }
  }
}

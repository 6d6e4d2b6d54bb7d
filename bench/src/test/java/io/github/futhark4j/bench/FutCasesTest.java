package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The small deterministic cases written in {@code bench/fut/*.fut} are computed by both Java
 * baselines and by the C baseline: this checks the baselines against hand-checked values and the
 * test blocks against the baselines, so a wrong expected output in a .fut file is caught before
 * the Futhark compiler ever runs it.
 */
class FutCasesTest {
  static final Path FUT = Path.of("bench", "fut");

  @TempDir Path tmp;

  @Test
  void parsesTheValueSyntaxTheFilesUse() {
    List<Object> v = FutCases.values("2.0f32 [[1i64, -2i64],\n [3i64, 4i64]] empty([0]f64) [1, 2]");
    assertEquals(2.0f, v.get(0));
    assertArrayEquals(new long[][] {{1, -2}, {3, 4}}, (long[][]) v.get(1));
    assertArrayEquals(new double[0], (double[]) v.get(2));
    assertArrayEquals(new int[] {1, 2}, (int[]) v.get(3));
  }

  @Test
  void everyKernelHasAFileWithItsEntryPointsAndABenchmarkCase() throws IOException {
    for (Kernel k : Kernels.ALL) {
      String src = Files.readString(FUT.resolve(k.name() + ".fut"));
      assertTrue(src.contains("entry " + k.entry() + " "), k.name() + ": entry point " + k.entry());
      String entries = String.join(" ", java.util.stream.Stream.concat(Stream.of(k.entry()), k.spellings().stream()).toList());
      assertTrue(src.contains("-- entry: " + entries + "\n"), k.name() + ": test block names the entry and its spellings");
      for (String s : k.spellings()) assertTrue(src.contains("entry " + s + " "), k.name() + ": spelling " + s);
      assertFalse(FutCases.read(FUT.resolve(k.name() + ".fut")).isEmpty(), k.name() + ": a deterministic case");
      assertTrue(src.contains("random input {") || k.name().equals("mandelbrot"), k.name() + ": random input");
    }
  }

  @TestFactory
  Stream<DynamicTest> javaBaselinesComputeTheExpectedOutputs() {
    return Kernels.ALL.stream().map(k -> DynamicTest.dynamicTest(k.name(), () -> {
      for (FutCases.Case c : FutCases.read(FUT.resolve(k.name() + ".fut"))) {
        Flat expected = Flat.of(c.output().toArray());
        assertAgrees(k, expected, Flat.of(k.sequential(c.input())), "sequential");
        assertAgrees(k, expected, Flat.of(k.parallel(c.input())), "streams");
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> cBaselinesComputeTheExpectedOutputs() {
    assumeTrue(CBaseline.compilerAvailable("gcc"), "no gcc");
    CBaseline c = new CBaseline(Path.of("bench", "c"), Path.of("target", "bench"), "gcc");
    return Kernels.ALL.stream().map(k -> DynamicTest.dynamicTest(k.name(), () -> {
      int i = 0;
      for (FutCases.Case fc : FutCases.read(FUT.resolve(k.name() + ".fut"))) {
        Path data = tmp.resolve(k.name() + i++);
        List<String> args = RawInputs.write(fc.input(), data);
        for (String v : k.cVariants()) {
          CBaseline.Run run = c.run(k, v, args, data, 0, 1);
          assertAgrees(k, Flat.of(fc.output().toArray()), run.result(), "C " + v);
        }
      }
    }));
  }

  private static void assertAgrees(Kernel k, Flat expected, Flat actual, String what) {
    // The expected values are written with 7-9 significant digits; allow for that on floats.
    Tolerance t = expected instanceof Flat.Reals ? Tolerance.normwise(1e-6) : Tolerance.exact();
    Optional<String> diff = t.check(expected, actual);
    assertTrue(diff.isEmpty(), k.name() + " " + what + ": " + diff.orElse(""));
  }
}

package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Entry points check the sizes their types relate before they run: anonymous sizes that inference
 * makes equal, sizes named by size parameters, and constant sizes. A mismatch is the reference's
 * error, raised as a {@link FutharkProgramException}, and the program carries on.
 */
@Tag("native")
class EntrySizesTest {
  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    p = Futhark.compile("""
        entry dot (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)
        entry third (xs: [3]i32) : i32 = xs[2]
        entry addrow [n][m] (xss: [n][m]i32) (v: [m]i32) : [n][m]i32 = map (\\xs -> map2 (+) xs v) xss
        """);
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  private static void assertInvalidSizes(String entry, Object... args) {
    FutharkProgramException e = assertThrows(FutharkProgramException.class, () -> p.function(entry).call(args));
    assertEquals("Error: entry point arguments have invalid sizes.", e.getMessage().strip());
  }

  @Test
  void inferredEqualSizes() {
    assertEquals(11.0, (double) p.function("dot").call(new double[] {1, 2}, new double[] {3, 4}));
    assertInvalidSizes("dot", new double[] {1, 2}, new double[] {3});
    assertEquals(0.0, (double) p.function("dot").call(new double[0], new double[0]));
  }

  @Test
  void constantSizes() {
    assertEquals(3, (int) p.function("third").call((Object) new int[] {1, 2, 3}));
    assertInvalidSizes("third", (Object) new int[] {1, 2});
    assertInvalidSizes("third", (Object) new int[] {1, 2, 3, 4});
  }

  @Test
  void sizeParametersAcrossArguments() {
    int[][] r = (int[][]) p.function("addrow").call(new int[][] {{1, 2}, {3, 4}}, new int[] {10, 20});
    assertEquals(24, r[1][1]);
    assertInvalidSizes("addrow", new int[][] {{1, 2}, {3, 4}}, new int[] {10, 20, 30});
    assertEquals(11, ((int[][]) p.function("addrow").call(new int[][] {{1, 2}}, new int[] {10, 20}))[0][0]);
  }
}

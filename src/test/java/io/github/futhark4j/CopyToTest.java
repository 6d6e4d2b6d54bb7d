package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link FutharkArray#copyTo}: results read into a given buffer, through the public API. */
class CopyToTest {
  private static final String SRC = """
      entry grid (n: i64) (m: i64) : [n][m]f64 = tabulate_2d n m (\\i j -> f64.i64 (i * 10 + j))
      entry odd (xs: []i32) : []bool = map (\\x -> x % 2 == 1) xs
      entry halves (xs: []f16) : []f16 = map (/ 2) xs
      """;

  @BeforeAll
  static void needGcc() {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
  }

  @Test
  void aNativeResultIsCopiedIntoTheFrontOfALongerBufferAndTheRestIsKept() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC)) {
      double[] buf = new double[8];
      java.util.Arrays.fill(buf, -1);
      try (FutharkArray a = (FutharkArray) p.function("grid").callNative(2L, 3L)) {
        assertSame(buf, a.copyTo(buf));
      }
      assertArrayEquals(new double[] {0, 1, 2, 10, 11, 12, -1, -1}, buf);
      // The same buffer again, for a smaller result: only its front changes.
      try (FutharkArray a = (FutharkArray) p.function("grid").callNative(1L, 2L)) {
        a.copyTo(buf);
      }
      assertArrayEquals(new double[] {0, 1, 2, 10, 11, 12, -1, -1}, buf);
      try (FutharkArray empty = (FutharkArray) p.function("grid").callNative(0L, 3L)) {
        assertSame(buf, empty.copyTo(buf));
      }
    }
  }

  @Test
  void boolAndF16ResultsUseTheirJavaArrayTypes() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC)) {
      boolean[] bs = new boolean[4];
      try (FutharkArray a = (FutharkArray) p.function("odd").callNative(new int[] {1, 2, 3})) {
        a.copyTo(bs);
      }
      assertArrayEquals(new boolean[] {true, false, true, false}, bs);
      float[] fs = new float[2];
      try (FutharkArray a = (FutharkArray) p.function("halves").callNative(FutharkArray.ofFlat("f16", new long[] {2}, new float[] {3, -1}))) {
        a.copyTo(fs);
      }
      assertArrayEquals(new float[] {1.5f, -0.5f}, fs);
    }
  }

  @Test
  void aWrongBufferIsRefusedBeforeAnythingIsWritten() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC)) {
      FutharkArray a = (FutharkArray) p.function("grid").callNative(2L, 3L);
      double[] shortBuf = {7, 7, 7, 7, 7};
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.copyTo(shortBuf));
      assertEquals("a [][]f64 of shape [2, 3] has 6 elements, more than the given array's length 5", e.getMessage());
      assertArrayEquals(new double[] {7, 7, 7, 7, 7}, shortBuf);
      e = assertThrows(IllegalArgumentException.class, () -> a.copyTo(new float[6]));
      assertEquals("a [][]f64 is copied into a double[], not a float[]", e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> a.copyTo(null));
      a.close();
      IllegalStateException closed = assertThrows(IllegalStateException.class, () -> a.copyTo(new double[6]));
      assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }
  }

  @Test
  void aJavaSideArrayCopiesItsData() {
    FutharkArray a = FutharkArray.of(new long[][] {{1, 2}, {3, 4}});
    long[] buf = new long[5];
    assertSame(buf, a.copyTo(buf));
    assertArrayEquals(new long[] {1, 2, 3, 4, 0}, buf);
    assertThrows(IllegalArgumentException.class, () -> a.copyTo(new long[3]));
  }
}

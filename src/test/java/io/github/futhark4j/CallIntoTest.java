package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@link FutharkFunction#callInto}: results written into the caller's arrays, checked first. */
@Tag("native")
class CallIntoTest {
  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    p = Futhark.compile("""
        entry saxpy (a: f32) (x: []f32) (y: []f32) : []f32 = map2 (\\u v -> a * u + v) x y
        entry grid (n: i64) : ([][]i32, i64) = (tabulate_2d n 3 (\\i j -> i32.i64 (i * 3 + j)), n)
        entry halves (n: i64) : []f16 = map (\\i -> f16.i64 i / 2) (iota n)
        """);
  }

  @AfterAll
  static void close() throws Exception { p.close(); }

  static float[] ramp(int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) a[i] = i;
    return a;
  }

  @Test
  void resultsGoIntoTheGivenArrays() {
    for (int n : new int[] {5, 100_000}) { // copied and lent
      float[] out = new float[n];
      Object r = p.function("saxpy").callInto(new Object[] {out}, 2f, ramp(n), ramp(n));
      assertSame(out, r);
      assertEquals(3f * (n - 1), out[n - 1]);
      // Again into the same array: it is overwritten.
      p.function("saxpy").callInto(new Object[] {out}, 1f, ramp(n), new float[n]);
      assertEquals(n - 1, out[n - 1]);
    }
  }

  @Test
  void higherRanksAreWrittenRowMajorAndScalarsKeepTheirSlotNull() {
    int[] flat = new int[12];
    Object[] r = (Object[]) p.function("grid").callInto(new Object[] {flat, null}, 4L);
    assertSame(flat, r[0]);
    assertEquals(4L, r[1]);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, flat);
    float[] h = new float[4];
    p.function("halves").callInto(new Object[] {h}, 4L);
    assertArrayEquals(new float[] {0, 0.5f, 1, 1.5f}, h);
  }

  @Test
  void mismatchesAreRefusedNamingTheEntryPointAndResult() {
    FutharkFunction saxpy = p.function("saxpy");
    float[] small = new float[3];
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> saxpy.callInto(new Object[] {small}, 1f, ramp(4), ramp(4)));
    assertTrue(e.getMessage().contains("'saxpy', result 1 has 4 elements") && e.getMessage().contains("length 3"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> saxpy.callInto(new Object[] {new double[4]}, 1f, ramp(4), ramp(4)));
    assertTrue(e.getMessage().contains("needs a float[]"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> saxpy.callInto(new Object[0], 1f, ramp(4), ramp(4)));
    assertTrue(e.getMessage().contains("has 1 result"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> p.function("grid").callInto(new Object[] {null, new long[1]}, 2L));
    assertTrue(e.getMessage().contains("result 2 is a i64, not an array"), e.getMessage());
    assertArrayEquals(new float[3], small, "nothing was written");
    // Nothing leaked, and the program goes on.
    assertEquals(2f, ((float[]) saxpy.call(1f, ramp(2), ramp(2)))[1]);
  }
}

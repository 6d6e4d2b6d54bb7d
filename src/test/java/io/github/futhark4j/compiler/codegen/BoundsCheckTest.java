package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.FutharkProgramException;
import org.junit.jupiter.api.Test;

/**
 * Bounds checks the compiler proves unnecessary ({@code opt.Bounds}) are not emitted, so that
 * {@code tabulate} and {@code map} over {@code iota} index their arrays as fast as {@code map2}
 * reads its rows; every check it cannot prove stays and still fails with Futhark's message.
 */
class BoundsCheckTest {
  static final String SRC = """
      entry tab [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = tabulate n (\\i -> a * xs[i] + ys[i])
      entry tab2 [n][m] (xss: [n][m]i32) : [n][m]i32 = tabulate_2d n m (\\i j -> xss[i, j] + 1)
      entry upd [n] (xs: [n]i32) : [n]i32 = loop out = replicate n 0 for i < n do out with [i] = xs[i] * 2
      entry gather [n] (xs: [n]i32) : [n]i32 = map (\\i -> xs[(i * 7) % n]) (iota n)
      entry shifted [n] (xs: [n]i32) : [n]i32 = map (\\i -> xs[i + 1]) (iota n)
      entry other [n] (xs: [n]i32) (m: i64) : [m]i32 = tabulate m (\\i -> xs[i])
      entry grows [n] (xs: [n]i32) : []i32 = loop ys = xs for i < n do ys ++ [ys[i]]
      entry zipped [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = map2 (\\i x -> ys[i] + x) (iota n) xs
      entry rowat [n][m] (a: [n][m]i32) (i: i64) : [m]i32 = tabulate m (\\k -> a[i, k])
      entry colat [n][m] (a: [n][m]i32) (j: i64) : [n]i32 = tabulate n (\\k -> a[k, j] * 2)
      """;

  private static int checks(String c, String entry) {
    int from = c.indexOf("int futhark_entry_" + entry + "(");
    int to = c.indexOf("\nint futhark_entry_", from + 1);
    String body = c.substring(from, to < 0 ? c.length() : to);
    return body.split("fut_index_error\\(", -1).length - 1;
  }

  @Test
  void indicesProvenInRangeAreNotChecked() throws Exception {
    String c = CodegenPerfTest.multicoreC(SRC);
    for (String e : new String[] {"tab", "tab2", "upd", "gather"}) assertEquals(0, checks(c, e), e);
    // i + 1 can reach n; m is not n; ys grows in the loop (and then ys[i] is in range, but the
    // proof does not know it); the iota's length n is not ys's length m.
    for (String e : new String[] {"shifted", "other", "grows", "zipped"}) assertTrue(checks(c, e) > 0, e);
  }

  @Test
  void uncheckedSpellingsComputeTheSameAndTheCheckedOnesStillFail() throws Exception {
    try (FutharkProgram p = Futhark.compile(SRC, FutharkOptions.defaults().withSourceName("bounds.fut"))) {
      float[] xs = new float[5000], ys = new float[5000];
      float[] expect = new float[5000];
      for (int i = 0; i < xs.length; i++) {
        xs[i] = i % 13;
        ys[i] = 2;
        expect[i] = 3 * xs[i] + ys[i];
      }
      assertArrayEquals(expect, (float[]) p.function("tab").call(3f, xs, ys));
      assertArrayEquals(new int[][] {{2, 3}, {4, 5}}, (int[][]) p.function("tab2").call((Object) new int[][] {{1, 2}, {3, 4}}));
      assertArrayEquals(new int[] {2, 4, 6}, (int[]) p.function("upd").call((Object) new int[] {1, 2, 3}));
      assertArrayEquals(new int[] {10, 30, 50, 20, 40}, (int[]) p.function("gather").call((Object) new int[] {10, 20, 30, 40, 50}));
      assertArrayEquals(new int[] {1, 2, 3, 1, 2, 3}, (int[]) p.function("grows").call((Object) new int[] {1, 2, 3}));
      FutharkProgramException e = assertThrows(FutharkProgramException.class,
          () -> p.function("shifted").call((Object) new int[] {1, 2, 3}));
      assertTrue(e.getMessage().contains("Index [3] out of bounds for array of shape [3]"), e.getMessage());
      assertTrue(e.getMessage().contains("bounds.fut:5:"), e.getMessage());
      e = assertThrows(FutharkProgramException.class, () -> p.function("other").call(new int[] {1, 2, 3}, 4L));
      assertTrue(e.getMessage().contains("Index [3] out of bounds for array of shape [3]"), e.getMessage());
      e = assertThrows(FutharkProgramException.class, () -> p.function("zipped").call(new int[] {1, 2, 3}, new int[] {1, 2}));
      assertTrue(e.getMessage().contains("Index [2] out of bounds for array of shape [2]"), e.getMessage());
      // A row or column at an index not proven in range stays checked element by element (opt.IotaIndex
      // reads rows only at proven indices): no error when there are no elements to read.
      int[][] a = {{1, 2, 3}, {4, 5, 6}};
      assertArrayEquals(new int[] {4, 5, 6}, (int[]) p.function("rowat").call(a, 1L));
      assertArrayEquals(new int[] {6, 12}, (int[]) p.function("colat").call(a, 2L));
      e = assertThrows(FutharkProgramException.class, () -> p.function("rowat").call(a, 2L));
      assertTrue(e.getMessage().contains("Index [2, 0] out of bounds for array of shape [2][3]"), e.getMessage());
      e = assertThrows(FutharkProgramException.class, () -> p.function("colat").call(a, 3L));
      assertTrue(e.getMessage().contains("Index [0, 3] out of bounds for array of shape [2][3]"), e.getMessage());
      assertArrayEquals(new int[0], (int[]) p.function("rowat").call(new int[][] {{}, {}}, 5L));
    }
  }
}

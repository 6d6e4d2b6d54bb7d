package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.LibraryBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contiguous slices are views of their array's memory (no copy): results that are views of the
 * caller's arrays are copied out before the call returns, a view updated in place after its array
 * died writes into that memory at its offset, and views of rows and of runs of rows keep their
 * shapes; strided slices (columns, reversals) are still copies.
 */
@Tag("native")
class SliceViewsTest {
  @TempDir static Path cache;

  private static final String SRC = """
      entry tail (xs: []i64) : []i64 = xs[1:]
      entry reuse (n: i64) : []i64 = let a = map (* 2) (iota n) let b = a[2:] let b[0] = 7 in b
      entry rows [n][m] (a: [n][m]i64) (i: i64) (j: i64) : ([]i64, [][]i64, []i64) = (a[i, 1:], a[i:j], a[:, 1])
      entry rev (xs: []i64) : []i64 = let ys = map (+ 1) xs in reverse ys
      entry sums [n] (xs: [n]i64) : [n]i64 = map (\\i -> i64.sum (take (i + 1) xs)) (iota n)
      """;

  @Test
  void rangesOutOfBoundsFailWithTheReferencesMessage() throws Exception {
    // Messages as the reference compiler's (asked of it): the range as written, the array's shape.
    String src = """
        entry f (xs: []i64) (i: i64) (j: i64) : []i64 = xs[i:j]
        entry g [n][m] (a: [n][m]i64) (i: i64) : [][]i64 = a[i:]
        entry h (n: i64) (i: i64) (j: i64) : []i64 = (iota n)[i:j]
        entry k [n] (xss: [n][]i64) : [n]i64 = map (\\xs -> i64.sum xs[1:]) xss
        entry s (xs: []i64) (i: i64) (j: i64) (st: i64) : []i64 = xs[i:j:st]
        entry c [n][m] (a: [n][m]i64) (i: i64) : [][]i64 = a[:, i:]
        entry r [n][m] (a: [n][m]i64) (i: i64) : []i64 = a[i]
        """;
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source("ranges.fut", src));
    try (LoadedLibrary p = LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2)) {
      long[] xs = {1, 2, 3, 4, 5};
      assertArrayEquals(new long[] {2, 3}, (long[]) p.function("f").call(xs, 1L, 3L));
      assertArrayEquals(new long[] {}, (long[]) p.function("f").call(xs, 5L, 5L));
      expectError(p, "f", "Index [2:1] out of bounds for array of shape [5].", xs, 2L, 1L);
      expectError(p, "f", "Index [-1:2] out of bounds for array of shape [5].", xs, -1L, 2L);
      expectError(p, "f", "Index [0:6] out of bounds for array of shape [5].", xs, 0L, 6L);
      assertArrayEquals(new long[][] {{3, 4}}, (long[][]) p.function("g").call(new long[][] {{1, 2}, {3, 4}}, 1L));
      expectError(p, "g", "Index [3:] out of bounds for array of shape [2].", new long[][] {{1, 2}, {3, 4}}, 3L);
      assertArrayEquals(new long[] {1, 2}, (long[]) p.function("h").call(5L, 1L, 3L));
      expectError(p, "h", "Index [1:9] out of bounds for array of shape [5].", 5L, 1L, 9L);
      assertArrayEquals(new long[] {5, 11}, (long[]) p.function("k").call((Object) new long[][] {{1, 2, 3}, {4, 5, 6}}));
      // An empty range is acceptable wherever it starts; strided ones count (j - i + s - sgn s) / s.
      assertArrayEquals(new long[] {}, (long[]) p.function("f").call(xs, 7L, 7L));
      assertArrayEquals(new long[] {}, (long[]) p.function("s").call(xs, 6L, 5L, 2L));
      assertArrayEquals(new long[] {2, 4}, (long[]) p.function("s").call(xs, 1L, 5L, 2L));
      assertArrayEquals(new long[] {5, 3, 1}, (long[]) p.function("s").call(xs, 4L, -1L, -2L));
      expectError(p, "s", "Index [1:5:0] out of bounds for array of shape [5].", xs, 1L, 5L, 0L);
      expectError(p, "s", "Index [5:-1:-2] out of bounds for array of shape [5].", xs, 5L, -1L, -2L);
      long[][] two = {{1, 2}, {3, 4}};
      expectError(p, "c", "Index [0:, 3:] out of bounds for array of shape [2][2].", two, 3L);
      expectError(p, "r", "Index [3] out of bounds for array of shape [2].", two, 3L);
    }
  }

  @Test
  void columnsAndTransposesOfEveryElementSize() throws Exception {
    // Strided copies: a range followed by fixed indices (columns of 2D and 3D arrays), and
    // transposes of 1-, 2-, 4- and 8-byte elements and of rows (elements of a 3D transpose).
    String src = """
        entry col3 [n][m][k] (a: [n][m][k]i64) (j: i64) : [n][k]i64 = a[:, j]
        entry col3e [n][m][k] (a: [n][m][k]i64) (j: i64) (l: i64) : [n]i64 = a[:, j, l]
        entry col3r [n][m][k] (a: [n][m][k]i64) (j: i64) : [][]i64 = a[1::2, j]
        entry upd [n][m] (a: *[n][m]i32) (j: i64) (v: [n]i32) : [n][m]i32 = a with [:, j] = v
        entry tb [n][m] (a: [n][m]bool) : [m][n]bool = transpose a
        entry ts [n][m] (a: [n][m]i16) : [m][n]i16 = transpose a
        entry tf [n][m] (a: [n][m]f32) : [m][n]f32 = transpose a
        entry td [n][m] (a: [n][m]f64) : [m][n]f64 = transpose a
        entry t3 [n][m][k] (a: [n][m][k]i64) : [m][n][k]i64 = transpose a
        """;
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source("strided.fut", src));
    try (LoadedLibrary p = LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2)) {
      long[][][] a = new long[5][3][2];
      for (int i = 0; i < 5; i++) for (int j = 0; j < 3; j++) for (int l = 0; l < 2; l++) a[i][j][l] = 100 * i + 10 * j + l;
      long[][] c = (long[][]) p.function("col3").call(a, 1L);
      for (int i = 0; i < 5; i++) assertArrayEquals(new long[] {100 * i + 10, 100 * i + 11}, c[i]);
      assertArrayEquals(new long[] {21, 121, 221, 321, 421}, (long[]) p.function("col3e").call(a, 2L, 1L));
      assertArrayEquals(new long[][] {{100, 101}, {300, 301}}, (long[][]) p.function("col3r").call(a, 0L));
      int[][] u = {{1, 2, 3}, {4, 5, 6}};
      assertArrayEquals(new int[][] {{1, 7, 3}, {4, 8, 6}}, (int[][]) p.function("upd").call(u, 1L, new int[] {7, 8}));
      boolean[][] bs = {{true, false, false}, {false, true, true}};
      assertArrayEquals(new boolean[][] {{true, false}, {false, true}, {false, true}}, (boolean[][]) p.function("tb").call((Object) bs));
      short[][] ss = {{1, 2, 3}, {4, 5, 6}};
      assertArrayEquals(new short[][] {{1, 4}, {2, 5}, {3, 6}}, (short[][]) p.function("ts").call((Object) ss));
      float[][] fs = new float[40][70];
      double[][] ds = new double[40][70];
      for (int i = 0; i < 40; i++) for (int j = 0; j < 70; j++) { fs[i][j] = i * 70 + j; ds[i][j] = -(i * 70 + j); }
      float[][] ft = (float[][]) p.function("tf").call((Object) fs);
      double[][] dt = (double[][]) p.function("td").call((Object) ds);
      for (int i = 0; i < 40; i++) for (int j = 0; j < 70; j++) {
        if (ft[j][i] != fs[i][j] || dt[j][i] != ds[i][j]) throw new AssertionError("transpose at " + i + ", " + j);
      }
      long[][][] t = (long[][][]) p.function("t3").call((Object) a);
      for (int i = 0; i < 5; i++) for (int j = 0; j < 3; j++) assertArrayEquals(a[i][j], t[j][i]);
    }
  }

  private static void expectError(LoadedLibrary p, String entry, String message, Object... args) {
    Exception e = assertThrows(Exception.class, () -> p.function(entry).call(args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void contiguousSlicesAreViewsAndStayCorrect() throws Exception {
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source("views.fut", SRC));
    try (LoadedLibrary p = LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2)) {
      long[] xs = {1, 2, 3, 4, 5};
      long[] t = (long[]) p.function("tail").call((Object) xs);
      xs[1] = -1; // the result is the caller's no more
      assertArrayEquals(new long[] {2, 3, 4, 5}, t);
      assertArrayEquals(new long[] {7, 6, 8, 10}, (long[]) p.function("reuse").call(6L));
      long[][] a = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
      Object[] r = (Object[]) p.function("rows").call(a, 1L, 3L);
      assertArrayEquals(new long[] {5, 6}, (long[]) r[0]);
      assertArrayEquals(new long[][] {{4, 5, 6}, {7, 8, 9}}, (long[][]) r[1]);
      assertArrayEquals(new long[] {2, 5, 8, 11}, (long[]) r[2]);
      assertArrayEquals(new long[] {6, 5, 4, 3, 2}, (long[]) p.function("rev").call((Object) new long[] {1, 2, 3, 4, 5}));
      long[] big = new long[10_000];
      long[] expect = new long[big.length];
      long s = 0;
      for (int i = 0; i < big.length; i++) {
        big[i] = i % 7;
        s += big[i];
        expect[i] = s;
      }
      for (int round = 0; round < 5; round++) assertArrayEquals(expect, (long[]) p.function("sums").call((Object) big));
    }
  }
}

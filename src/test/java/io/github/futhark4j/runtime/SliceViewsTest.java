package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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

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
 * Small arrays made inside parallel loops, on two threads, where the runtime counts references and
 * lists blocks without atomics for the thread that made them: per-thread partial arrays of
 * reductions and scans read by the other thread in a later region, arrays shared by all threads
 * (neutral elements, free variables), arrays made, updated in place and dropped in every
 * iteration. Every result is checked against plain Java, many calls over, so that a block touched
 * by two threads without atomics (a lost count: a block freed early, or never) shows.
 */
@Tag("native")
class ThreadPrivateBlocksTest {
  @TempDir static Path cache;

  private static final String SRC = """
      entry vsum [n][m] (xss: [n][m]i64) : [m]i64 = reduce (map2 (+)) (replicate m 0) xss
      entry vscan [n][m] (xss: [n][m]i64) : [n][m]i64 = scan (map2 (+)) (replicate m 0) xss
      entry scratch [n] (xs: [n]i64) (ws: [8]i64) : [n]i64 =
        map (\\x -> let ys = replicate 8 x
                    let ys[x % 8] = 0
                    let ys = loop ys for i < 8 do ys with [i] = ys[i] * ws[i]
                    in i64.sum ys) xs
      entry branchy [n][m] (xss: [n][m]i64) : [n][m]i64 =
        map (\\xs -> if xs[0] % 2 == 0 then xs else map (* 3) (reverse xs)) xss
      """;

  @Test
  void smallArraysOfParallelLoopsAreCountedExactly() throws Exception {
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source("private.fut", SRC));
    try (LoadedLibrary p = LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2)) {
      int n = 20_000, m = 3;
      long[][] xss = new long[n][m];
      for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) xss[i][j] = (i * 7L + j * 13L) % 101 - 50;
      long[] xs = new long[n];
      for (int i = 0; i < n; i++) xs[i] = (i * 31L) % 1000;
      long[] ws = {1, 2, 3, 4, 5, 6, 7, 8};

      long[] sum = new long[m];
      long[][] scan = new long[n][m];
      long[] acc = new long[m];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
          sum[j] += xss[i][j];
          acc[j] += xss[i][j];
        }
        scan[i] = acc.clone();
      }
      long[] scratch = new long[n];
      for (int i = 0; i < n; i++) {
        long s = 0;
        for (int k = 0; k < 8; k++) s += (k == xs[i] % 8 ? 0 : xs[i]) * ws[k];
        scratch[i] = s;
      }
      long[][] branchy = new long[n][m];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) branchy[i][j] = xss[i][0] % 2 == 0 ? xss[i][j] : 3 * xss[i][m - 1 - j];
      }

      for (int round = 0; round < 25; round++) {
        assertArrayEquals(sum, (long[]) p.function("vsum").call((Object) xss), "vsum, round " + round);
        assertArrayEquals(scan, (long[][]) p.function("vscan").call((Object) xss), "vscan, round " + round);
        assertArrayEquals(scratch, (long[]) p.function("scratch").call(xs, ws), "scratch, round " + round);
        assertArrayEquals(branchy, (long[][]) p.function("branchy").call((Object) xss), "branchy, round " + round);
      }
    }
  }
}

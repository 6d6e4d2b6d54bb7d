package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.LibraryBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls on Java arrays in place (JDK 22+, {@link HeapCalls}): big one-dimensional arrays are lent
 * to the call, not copied; results never keep a lent array's memory (an entry point that returns
 * its input, or a slice of it, returns a copy); failures, mixed arguments (lent, copied, scalars of
 * every width) and concurrent calls behave as on the copying path.
 */
@Tag("native")
class HeapCallsTest {
  @TempDir static Path cache;
  static LoadedLibrary p;

  static final int N = 100_000; // 800 KB of f64: above HeapCalls.MIN_BYTES

  @BeforeAll
  static void build() throws Exception {
    String src = """
        entry sum (xs: []f64) : f64 = f64.sum xs
        entry saxpy (a: f32) (x: []f32) (y: []f32) : []f32 = map2 (\\u v -> a * u + v) x y
        entry same (xs: []i64) : []i64 = xs
        entry tail (xs: []i64) : []i64 = xs[1:]
        entry at (xs: []i64) (i: i64) : i64 = xs[i]
        entry keep (xs: []f32) : []f32 = filter (> 0) xs
        entry normalise (xs: []f32) : []f32 = let ys = map (+ 1) xs let s = f32.sum ys in map (/ s) ys
        entry mixed (xs: []i32) (m: [][]i32) (b: bool) (u: u8) (h: f16) (k: i16) : (i64, i32, f32) =
          (i64.i32 (i32.sum xs) + i64.i32 (i32.sum (flatten m)) + (if b then 1 else 0) + i64.u8 u + i64.i16 k, i32.sum xs, f32.f16 h)
        """;
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source("heap.fut", src));
    p = LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2);
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  static long[] iota(int n) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) a[i] = i;
    return a;
  }

  @Test
  void bigArraysAreLentNotCopied() {
    assumeTrue(HeapCalls.available(), "needs JDK 22+");
    double[] xs = new double[N];
    for (int i = 0; i < N; i++) xs[i] = i;
    long before = CopyCounts.javaToNative();
    assertEquals((double) N * (N - 1) / 2, (double) p.function("sum").call(xs));
    float[] x = new float[N], y = new float[N];
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
    float[] r = (float[]) p.function("saxpy").call(2f, x, y);
    assertEquals(2f * (N - 1) + 1, r[N - 1]);
    assertEquals(before, CopyCounts.javaToNative(), "no Java array was copied into native memory");
    // Small arrays are still copied (cheaper than pinning).
    assertEquals(3.0, (double) p.function("sum").call(new double[] {1, 2}));
    assertEquals(before + 1, CopyCounts.javaToNative());
  }

  @Test
  void anElementWiseResultIsComputedStraightIntoTheReturnedArray() {
    assumeTrue(HeapCalls.available(), "needs JDK 22+");
    float[] x = new float[N], y = new float[N];
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
    long before = HeapCalls.RESULTS_IN_PLACE.get();
    for (int k = 0; k < 3; k++) {
      float[] r = (float[]) p.function("saxpy").call(2f, x, y);
      assertEquals(2f * (N - 1) + 1, r[N - 1]);
      assertEquals(1f, r[0]);
    }
    assertEquals(before + 3, HeapCalls.RESULTS_IN_PLACE.get(), "each result was computed in the array returned");
  }

  @Test
  void aWrongGuessOfTheResultsSizeStillGivesTheRightResultAndIsNotRepeatedForever() {
    float[] x = new float[N];
    for (int i = 0; i < N; i++) x[i] = i % 3 - 1; // -1, 0, 1, ...
    for (int k = 0; k < 4; k++) {
      float[] r = (float[]) p.function("keep").call(x);
      assertEquals((N + 1) / 3, r.length);
      for (float v : r) assertEquals(1f, v);
    }
    // A temporary of the result's size may take the lent array; the result is right either way.
    float[] z = new float[N];
    float[] r = (float[]) p.function("normalise").call(z);
    assertEquals(1f / N, r[N - 1], 1e-9f);
  }

  @Test
  void aResultNeverKeepsALentArray() {
    long[] xs = iota(N);
    FutharkFunction same = p.function("same"), tail = p.function("tail");
    long[] r = (long[]) same.call(xs);
    try (var nat = (io.github.futhark4j.FutharkArray) same.callNative(xs);
         var sl = (io.github.futhark4j.FutharkArray) tail.callNative(xs)) {
      java.util.Arrays.fill(xs, -1); // the caller reuses its array, as it may
      System.gc();
      assertEquals(N - 1, r[N - 1]);
      long[] n = (long[]) nat.toJava();
      long[] t = (long[]) sl.toJava();
      assertEquals(N - 1, n[N - 1], "the native result holds its own copy");
      assertEquals(N - 1, t.length);
      assertEquals(1, t[0]);
      assertEquals(N - 1, t[N - 2]);
    }
  }

  @Test
  void aFailingCallOnALentArrayReportsFutharksErrorAndLeavesTheProgramUsable() {
    long[] xs = iota(N);
    FutharkFunction at = p.function("at");
    FutharkException e = assertThrows(FutharkException.class, () -> at.call(xs, (long) N));
    assertTrue(e.getMessage().contains("out of bounds"), e.getMessage());
    assertEquals(7L, at.call(xs, 7L));
    assertEquals(0, p.liveValues());
  }

  @Test
  void lentCopiedAndScalarArgumentsMix() {
    int[] xs = new int[N];
    java.util.Arrays.fill(xs, 1);
    int[][] m = {{1, 2}, {3, 4}};
    Object[] r = (Object[]) p.function("mixed").call(xs, m, true, (byte) 200, 1.5f, (short) -3);
    assertEquals((long) N + 10 + 1 + 200 - 3, r[0]);
    assertEquals(N, r[1]);
    assertEquals(1.5f, r[2]);
  }

  /**
   * Every Futhark library exports the same names. A library loaded before (here the hand-written
   * fixture, whose {@code futhark_entry_sum} sums f64) must not stand in for this program's own
   * functions when its wrapper calls them: libraries are opened without {@code RTLD_GLOBAL} and
   * linked with {@code -Bsymbolic}. (Without both, ConsumedHandlesTest failed after FutharkApiTest
   * in one JVM: its wrapper's call of {@code futhark_entry_sum} landed in the fixture's, which
   * returned 1. This test, the same situation in short, passed even then; kept as a guard.)
   */
  @Test
  void anotherLibraryWithTheSameNamesDoesNotStandInForThisOnesFunctions(@TempDir Path dir) throws Exception {
    // The fixture built through the toolchain, as a stand-in futhark would (FutharkApiTest), then closed.
    io.github.futhark4j.FutharkOptions fake = io.github.futhark4j.FutharkOptions.defaults().withCompiler("external")
        .withFuthark(Fixture.fakeFuthark(dir)).withCacheDir(dir.resolve("cache"));
    try (FutharkProgram f = io.github.futhark4j.Futhark.compile("-- the fixture\n", fake)) {
      assertEquals(3.0, (double) f.function("sum").call(new double[] {1, 2}));
      try (FutharkProgram q = io.github.futhark4j.Futhark.compile("entry sum (xs: []i64) : i64 = i64.sum xs -- heap calls\n")) {
        assertEquals((long) N * (N - 1) / 2, (long) q.function("sum").call(iota(N)));
      }
    }
  }

  @Test
  void concurrentCallsOnLentArraysAgree() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Double>> fs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        final int k = t + 1;
        fs.add(pool.submit(() -> {
          double[] xs = new double[N];
          java.util.Arrays.fill(xs, k);
          double s = 0;
          for (int i = 0; i < 50; i++) s += (double) p.function("sum").call(xs);
          return s;
        }));
      }
      for (int t = 0; t < 4; t++) assertEquals(50.0 * N * (t + 1), fs.get(t).get());
    } finally {
      pool.shutdownNow();
    }
    assertArrayEquals(new long[] {2, 3}, (long[]) p.function("tail").call(new long[] {1, 2, 3}));
  }
}

package io.github.futhark4j.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in compiler's opencl backend, through the public API, on the machine's OpenCL device
 * (POCL's CPU device in the test command, which installs it): maps marked {@code #[kernel]} run on
 * the device (the context's report counts their launches) and give what the multicore backend
 * gives, bit for bit where the host's and the device's operations are both correctly rounded.
 */
class OpenClBackendTest {
  @TempDir static Path cache;

  static FutharkOptions options(String backend) {
    return FutharkOptions.defaults().withCacheDir(cache).withBackend(backend);
  }

  /** The kernels the program's context has launched so far, from its report. */
  static long launches(FutharkProgram p) {
    Matcher m = Pattern.compile("\"kernel_launches\":(\\d+)").matcher(p.report());
    assertTrue(m.find(), "report without kernel_launches: " + p.report());
    return Long.parseLong(m.group(1));
  }

  /** A number of the program's context's report: kernel launches, uploads or downloads of arrays' blocks. */
  static long reported(FutharkProgram p, String field) {
    Matcher m = Pattern.compile("\"" + field + "\":(\\d+)").matcher(p.report());
    assertTrue(m.find(), "report without " + field + ": " + p.report());
    return Long.parseLong(m.group(1));
  }

  /**
   * Calls {@code entry} of {@code src} with {@code args} on both backends; asserts the opencl one
   * launched kernels and returns both results (opencl first).
   */
  static Object[] both(String src, String entry, Object... args) throws Exception {
    return both(true, src, entry, args);
  }

  /** {@link #both}; {@code launch}: assert that a kernel ran (not for empty inputs, which launch none). */
  static Object[] both(boolean launch, String src, String entry, Object... args) throws Exception {
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"));
         FutharkProgram mc = Futhark.compile(src, options("multicore"))) {
      long before = launches(cl);
      Object a = cl.function(entry).call(args);
      if (launch) assertTrue(launches(cl) > before, entry + " launched no kernel: " + cl.report());
      Object b = mc.function(entry).call(args);
      return new Object[] {a, b};
    }
  }

  /** Asserts that {@code entry} fails on both programs (opencl, multicore) with the same message. */
  static void sameFailure(FutharkProgram cl, FutharkProgram mc, String entry, Object... args) {
    io.github.futhark4j.FutharkProgramException want = assertThrows(io.github.futhark4j.FutharkProgramException.class,
        () -> mc.function(entry).call(args));
    io.github.futhark4j.FutharkProgramException got = assertThrows(io.github.futhark4j.FutharkProgramException.class,
        () -> cl.function(entry).call(args));
    assertEquals(want.getMessage(), got.getMessage(), entry);
  }

  static void same(String src, String entry, Object... args) throws Exception {
    same(true, src, entry, args);
  }

  /** {@link #same}; {@code launch}: assert that a kernel ran (not for empty inputs, which launch none). */
  static void same(boolean launch, String src, String entry, Object... args) throws Exception {
    Object[] r = both(launch, src, entry, args);
    assertTrue(Arrays.deepEquals(new Object[] {r[0]}, new Object[] {r[1]}),
        entry + ": opencl " + Arrays.deepToString(new Object[] {r[0]}) + " but multicore " + Arrays.deepToString(new Object[] {r[1]}));
  }

  @Test
  void saxpyRunsOnTheDevice() throws Exception {
    try (FutharkProgram p = Futhark.compile("entry saxpy (a: f32) (xs: []f32) (ys: []f32) : []f32 = map2 (\\x y -> a*x + y) xs ys",
        options("opencl"))) {
      assertTrue(p.report().contains("\"device\":"), p.report());
      float[] r = (float[]) p.function("saxpy").call(2f, new float[] {1, 2, 3}, new float[] {10, 20, 30});
      assertArrayEquals(new float[] {12, 24, 36}, r);
      assertEquals(1, launches(p));
      int n = 100_003;
      float[] xs = new float[n], ys = new float[n], want = new float[n];
      for (int i = 0; i < n; i++) {
        xs[i] = i * 0.25f;
        ys[i] = (float) Math.sin(i);
        want[i] = 1.5f * xs[i] + ys[i];
      }
      assertArrayEquals(want, (float[]) p.function("saxpy").call(1.5f, xs, ys));
      assertArrayEquals(new float[0], (float[]) p.function("saxpy").call(1.5f, new float[0], new float[0]));
    }
  }

  @Test
  void integerOperationsAsOnTheHost() throws Exception {
    // Divisions by constants: a divisor that may be zero makes a check, which stays on the host for now.
    String src = """
        entry i32ops (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
          (map (\\x -> x / 7 + x % (-3) + x // 5 + x %% (-4)) xs, map2 (\\x y -> (x << (y & 40)) ^ (x >> (y & 40))) xs ys,
           map2 (\\x y -> i32.mul_hi x y) xs ys, map i32.popc xs, map2 (\\x y -> x ** (y & 7)) xs ys)
        entry i64ops (xs: []i64) : ([]i32, []i32, []i64, []u64) =
          (map i64.clz xs, map i64.ctz xs, map (\\x -> i64.mul_hi x 0x7fffffff12345) xs, map (\\x -> u64.i64 x * 3 / 5) xs)
        entry small (xs: []i8) (ys: []u16) : ([]i8, []u16, []i32, []u8) =
          (map (\\x -> x * 7 - 100) xs, map2 (\\x y -> y * u16.i8 x + (y >> 3)) xs ys, map i8.clz xs, map (\\x -> u8.i8 x >> 3) xs)
        entry conv (xs: []f64) : ([]i32, []i64, []u64, []u8, []u32) =
          (map i32.f64 xs, map i64.f64 xs, map u64.f64 xs, map u8.f64 xs, map u32.f64 xs)
        """;
    int[] xs = {7, -7, 1 << 30, -1, 0, Integer.MIN_VALUE, 12345, -99}, ys = {2, 3, -5, -1, 7, -1, 41, 8};
    same(src, "i32ops", xs, ys);
    same(src, "i64ops", (Object) new long[] {0, 1, -1, Long.MIN_VALUE, 1L << 40, 12345678901L});
    same(src, "small", new byte[] {0, 1, -1, 127, -128, 55}, new short[] {0, 1, -1, 300, 7, 1000});
    same(src, "conv", (Object) new double[] {0, -0.5, 1e300, -1e300, Double.NaN, Double.POSITIVE_INFINITY, 3.99, -3.99, 4e9, 2e19});
  }

  @Test
  void floatOperationsAsOnTheHost() throws Exception {
    // Correctly rounded on both sides: + - * / sqrt, conversions, comparisons, bit casts.
    String exact = """
        entry f (xs: []f64) (ys: []f32) : ([]f64, []f32, []u64, []f32, []bool, []f64) =
          (map (\\x -> f64.sqrt (x * x + 1) / (x - 0.5)) xs, map (\\y -> f32.sqrt y * 3 / 7 - y) ys,
           map f64.to_bits xs, map2 (\\x y -> f32.f64 x + y) xs ys, map f64.isnan xs, map (\\x -> f64.floor x + f64.round x) xs)
        """;
    same(exact, "f", new double[] {0, 1.5, -2.25, 1e10, Double.NaN, 0.1}, new float[] {0, 2, 3.5f, 1e-3f, 7, 1e6f});
    // Transcendental functions: each library's own, within a few ulp.
    String math = """
        entry g (xs: []f64) : ([]f64, []f64, []f64, []f64) =
          (map f64.sin xs, map (\\x -> f64.exp x - f64.log (f64.abs x + 1)) xs, map (\\x -> x ** 1.5) xs, map (\\x -> f64.atan2 x 2) xs)
        """;
    double[] in = {0, 0.5, 1, 2.5, 10, 100};
    Object[] r = both(math, "g", in);
    Object[] a = (Object[]) r[0], b = (Object[]) r[1];
    for (int k = 0; k < a.length; k++) {
      double[] x = (double[]) a[k], y = (double[]) b[k];
      for (int i = 0; i < x.length; i++) assertEquals(y[i], x[i], 1e-13 * Math.max(1, Math.abs(y[i])), "result " + k + " element " + i);
    }
  }

  @Test
  void virtualInputsFreeScalarsAndIndexedArrays() throws Exception {
    String src = """
        entry iot (n: i64) (a: f32) : []f32 = map (\\i -> f32.i64 i * a) (iota n)
        entry rng (n: i64) : []i64 = map (\\i -> i * i) (3..<n)
        entry rep [n] (xs: [n]i32) (v: i32) (b: bool) : []bool = map2 (\\x y -> b && x > y) xs (replicate n v)
        entry diag [n] (m: [n][n]f64) (s: f64) : []f64 = map (\\i -> m[i, i] * s) (iota n)
        entry pairs (xs: []i64) : ([]i64, []f64) = unzip (map (\\x -> (x + 1, f64.i64 x / 2)) xs)
        """;
    same(src, "iot", 1000L, 0.5f);
    same(src, "rng", 50L);
    same(src, "rep", new int[] {1, 5, 9, -3}, 4, true);
    same(src, "rep", new int[] {1, 5, 9, -3}, 4, false);
    same(src, "diag", new double[][] {{1, 2, 3}, {4, 5, 7}, {0, 0, -1}}, 2.5);
    same(src, "pairs", (Object) new long[] {1, 2, 3, -5});
  }

  @Test
  void loopsAndBranchesInsideKernels() throws Exception {
    String src = """
        entry escape (cs: []f32) : []i32 =
          map (\\c -> (loop (z, i) = (0f32, 0) while i < 100 && z * z < 4 do (z * z + c, i + 1)).1) cs
        entry powsum (k: i32) (xs: []f64) : []f64 =
          map (\\x -> loop acc = 0 for j < k do if j % 2 == 0 then acc + x ** f64.i32 j else acc - f64.i32 j) xs
        """;
    same(src, "escape", (Object) new float[] {-2.5f, -1.9f, -1f, 0f, 0.2f, 0.26f, 0.3f, 1f});
    same(src, "powsum", 7, new double[] {0, 0.5, 1, 2, -3});
  }

  @Test
  void reductionsOnTheDevice() throws Exception {
    String src = """
        entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)
        entry isum (xs: []i64) : i64 = reduce (+) 0 xs
        entry argmin (xs: []f32) : (f32, i64) =
          reduce (\\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j)) (f32.inf, -1) (zip xs (indices xs))
        entry lastnz (xs: []i32) : i32 = reduce (\\a b -> if b != 0 then b else a) 0 xs
        entry all_pos (xs: []i32) : bool = reduce (&&) true (map (> 0) xs)
        entry count (k: i32) (xs: []i32) : i64 = i64.sum (map (\\x -> if x % 7 == k then 1 else 0) xs)
        """;
    int n = 100_003;
    long[] ls = new long[n];
    int[] is = new int[n];
    float[] fs = new float[n];
    double[] xs = new double[n], ys = new double[n];
    for (int i = 0; i < n; i++) {
      ls[i] = (i * 2654435761L) % 1000 - 500;
      is[i] = (int) ((i * 40503L) % 13) * (i % 3 == 0 ? 0 : 1);
      fs[i] = (float) Math.sin(i * 0.37);
      xs[i] = Math.cos(i);
      ys[i] = i % 17;
    }
    fs[77_777] = -2f;
    same(src, "isum", (Object) ls);
    same(src, "argmin", (Object) fs);
    same(src, "lastnz", (Object) is);
    same(src, "all_pos", (Object) is);
    same(src, "all_pos", (Object) new int[] {1, 2, 3});
    same(src, "count", 3, is);
    assertEquals(0L, both(false, src, "isum", (Object) new long[0])[0]);
    same(src, "isum", (Object) new long[] {5});
    // A float sum in another order: equal within rounding.
    Object[] d = both(src, "dot", xs, ys);
    assertEquals((double) d[1], (double) d[0], 1e-9 * Math.abs((double) d[1]) + 1e-9);
  }

  @Test
  void scansOnTheDevice() throws Exception {
    String src = """
        entry prefix (xs: []i64) : []i64 = scan (+) 0 xs
        entry running_max (xs: []f32) : []f32 = scan f32.max (-f32.inf) (map (* 2) xs)
        entry lastnz (xs: []i32) : []i32 = scan (\\a b -> if b != 0 then b else a) 0 xs
        entry both (xs: []i32) : ([]i32, []bool) = unzip (scan (\\(a, p) (b, q) -> (a + b, p || q)) (0, false) (map (\\x -> (x, x > 11)) xs))
        """;
    int n = 100_003;
    long[] ls = new long[n];
    int[] is = new int[n];
    float[] fs = new float[n];
    for (int i = 0; i < n; i++) {
      ls[i] = (i * 2654435761L) % 1000 - 500;
      is[i] = (int) ((i * 40503L) % 13) * (i % 3 == 0 ? 0 : 1);
      fs[i] = (float) Math.sin(i * 0.37);
    }
    same(src, "prefix", (Object) ls);
    same(src, "running_max", (Object) fs);
    same(src, "lastnz", (Object) is);
    same(src, "both", (Object) is);
    same(src, "prefix", (Object) new long[] {7});
    assertArrayEquals(new long[0], (long[]) both(false, src, "prefix", (Object) new long[0])[0]);
  }

  /** Checks made on the device fail the call with the host's message; valid inputs still pass. */
  @Test
  void failuresInsideKernelsAreTheHostsErrors() throws Exception {
    String src = """
        entry gather (xs: []f64) (is: []i64) : []f64 = map (\\i -> xs[i] * 2) is
        entry quot (k: i32) (xs: []i32) : []i32 = map (\\x -> k / x + k % (x - 1)) xs
        entry positive (xs: []i32) : []i32 = map (\\x -> assert (x > 0) (x * 3)) xs
        entry total (xs: []i64) (is: []i64) : i64 = i64.sum (map (\\i -> xs[i]) is)
        entry counts (xs: []i64) (is: []i64) : []i32 = hist (+) 0 3 (map (\\i -> xs[i]) is) (map (\\_ -> 1) is)
        """;
    same(src, "gather", new double[] {1, 2, 3}, new long[] {2, 0, 1, 2});
    same(src, "quot", 100, new int[] {3, 7, -5, 2});
    same(src, "positive", (Object) new int[] {1, 2, 3});
    same(src, "total", new long[] {10, 20, 30}, new long[] {0, 2, 2});
    same(src, "counts", new long[] {0, 1, 2}, new long[] {0, 2, 2});
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"));
         FutharkProgram mc = Futhark.compile(src, options("multicore"))) {
      Object[][] bad = {
          {"gather", new double[] {1, 2, 3}, new long[] {0, 1, 7}},
          {"quot", 100, new int[] {3, 0, 5}},
          {"quot", 100, new int[] {3, 1, 5}},
          {"positive", new int[] {1, -2, 3}},
          {"total", new long[] {10, 20, 30}, new long[] {0, -1, 2}},
          {"counts", new long[] {0, 1, 2}, new long[] {0, 3}}};
      for (Object[] b : bad) {
        String entry = (String) b[0];
        Object[] args = java.util.Arrays.copyOfRange(b, 1, b.length);
        long before = launches(cl);
        sameFailure(cl, mc, entry, args);
        assertTrue(launches(cl) > before, entry + " failed before its kernel");
        // The context is usable after a failure.
        assertEquals(launches(cl) + 1, launchesAfter(cl, src));
      }
    }
  }

  /** The launch count after one more successful call of {@code positive}. */
  private static long launchesAfter(FutharkProgram p, String src) throws Exception {
    assertArrayEquals(new int[] {3}, (int[]) p.function("positive").call((Object) new int[] {1}));
    return launches(p);
  }

  /**
   * Two-dimensional map nests whose outer code is scalar become one kernel over all pairs of
   * indices, and reductions inside kernels run sequentially in each work-item: as on the host.
   */
  @Test
  void mapNestsAndReductionsInsideKernels() throws Exception {
    String src = """
        entry escape (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
          map (\\y ->
                 let ci = f32.i64 y / f32.i64 h
                 in map (\\x -> let cr = f32.i64 x / f32.i64 w
                                 let (_, _, k) = loop (a, b, k) = (0f32, 0f32, 0) while k < limit && a * a + b * b <= 4 do
                                                   (a * a - b * b + cr, 2 * a * b + ci, k + 1)
                                 in k) (iota w))
              (iota h)
        entry table (xs: []f64) (ys: []f64) : ([][]f64, [][]bool) =
          let r = map (\\x -> let s = x * 2 in unzip (map (\\y -> (s * y + x, y > x)) ys)) xs
          in (map (.0) r, map (.1) r)
        entry grid (n: i64) (m: i64) : [n][m]i64 = tabulate_2d n m (\\i j -> i * 1000 + j)
        entry forces (xs: []f32) (ms: []f32) : []f32 =
          map (\\x -> f32.sum (map2 (\\y m -> m * (y - x) / (1 + (y - x) * (y - x))) xs ms)) xs
        entry weighted (n: i64) (xs: []f64) : []f64 =
          map (\\i -> reduce (+) 0 (map (\\k -> xs[k] * f64.i64 (i + k)) (iota (length xs)))) (iota n)
        entry picked (is: []i64) (xs: []i32) : [][]i32 = map (\\i -> map (\\j -> xs[i + j]) (iota 3)) is
        entry guarded (w: i64) (xs: []i32) : [][]i32 = map (\\x -> let q = 100 / x in map (\\j -> q + i32.i64 j) (iota w)) xs
        entry mm (a: [][]f32) (b: [][]f32) : [][]f32 = map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a
        entry mm_index [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
          tabulate_2d n p (\\i j -> i32.sum (tabulate m (\\k -> a[i, k] * b[k, j])))
        entry mm_rows [n][m][p] (a: [n][m]f64) (bt: [p][m]f64) : [n][p]f64 =
          map (\\r -> map (\\c -> f64.sum (map2 (*) r c)) bt) a
        """;
    same(src, "escape", 37L, 23L, 50);
    same(false, src, "escape", 0L, 5L, 50);
    same(false, src, "escape", 5L, 0L, 50);
    double[] xs = {0.5, -1, 2, 3.25, 0};
    same(src, "table", xs, new double[] {1, 2.5, -3});
    same(src, "grid", 7L, 300L);
    // A nest whose outer code may fail and whose width may be 0 stays on the host (see below).
    same(false, src, "guarded", 0L, new int[] {1, 2});
    same(false, src, "guarded", 3L, new int[] {1, 2, -7});
    float[] ps = new float[500], ms = new float[500];
    for (int i = 0; i < ps.length; i++) {
      ps[i] = (float) Math.cos(i) * 10;
      ms[i] = 1 + i % 3;
    }
    Object[] f = both(src, "forces", ps, ms);
    float[] got = (float[]) f[0], want = (float[]) f[1];
    for (int i = 0; i < ps.length; i++) assertEquals(want[i], got[i], 1e-4f * Math.max(1, Math.abs(want[i])), "forces " + i);
    same(src, "weighted", 6L, new double[] {1, 2, 4, 8});
    same(src, "picked", new long[] {0, 2, 4}, new int[] {1, 2, 3, 4, 5, 6, 7});
    // Matrix products over rows and columns (exact: small integers).
    float[][] a = new float[9][13], b = new float[13][5];
    int[][] ai = new int[9][13], bi = new int[13][5];
    double[][] bt = new double[5][13], ad = new double[9][13];
    for (int i = 0; i < 9; i++) for (int k = 0; k < 13; k++) ad[i][k] = ai[i][k] = (int) (a[i][k] = (i * 7 + k * 3) % 11 - 5);
    for (int k = 0; k < 13; k++) for (int j = 0; j < 5; j++) bt[j][k] = bi[k][j] = (int) (b[k][j] = (k * 5 + j) % 7 - 3);
    same(src, "mm", a, b);
    same(src, "mm_index", ai, bi);
    same(src, "mm_rows", ad, bt);
    same(false, src, "mm", a, new float[13][0]);
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"));
         FutharkProgram mc = Futhark.compile(src, options("multicore"))) {
      sameFailure(cl, mc, "picked", new long[] {0, 5}, new int[] {1, 2, 3, 4, 5, 6, 7});
      // Outer code that fails fails for rows of no elements too: a negative width's range error
      // (with or without rows, as the reference, which checks it before the nest), a division by
      // zero with an empty inner map.
      Object[][] bad = {{"escape", -1L, 3L, 10}, {"guarded", 0L, new int[] {1, 0}}, {"guarded", 2L, new int[] {1, 0}}};
      for (Object[] call : bad) {
        sameFailure(cl, mc, (String) call[0], java.util.Arrays.copyOfRange(call, 1, call.length));
      }
      sameFailure(cl, mc, "escape", -1L, 0L, 10);
      // The nest and the map of reductions ran as one kernel each, and the nest's flat result was
      // unflattened on the device: one copy back, when the result is read.
      long before = launches(cl), down = reported(cl, "downloads");
      cl.function("escape").call(4L, 3L, 10);
      assertEquals(down + 1, reported(cl, "downloads"), cl.report());
      cl.function("forces").call(ps, ms);
      assertEquals(before + 2, launches(cl), cl.report());
    }
  }

  /**
   * Histograms on the device: an integer {@code +} as an atomic add, other operators (a maximum,
   * a float minimum, a float sum, a non-trivial operator) as compare-and-swap loops, over 32- and
   * 64-bit buckets, into a fresh histogram or a consumed one, with indices outside it ignored; and
   * scatters, into one destination or two.
   */
  @Test
  void histogramsOnTheDevice() throws Exception {
    String src = """
        entry counts (k: i64) (xs: []i32) : []i32 = hist (+) 0 k (map i64.i32 xs) (map (\\_ -> 1i32) xs)
        entry sums (is: []i64) (vs: []f64) : []f64 = reduce_by_index (replicate 10 0) (+) 0 is vs
        entry maxima (is: []i64) (vs: []i64) : []i64 = reduce_by_index (replicate 5 i64.lowest) i64.max i64.lowest is vs
        entry minima (is: []i64) (vs: []f32) : []f32 = reduce_by_index (replicate 4 f32.inf) f32.min f32.inf is vs
        entry into (dest: *[]u32) (is: []i64) : []u32 = reduce_by_index dest (+) 0 is (map u32.i64 is)
        entry norms (is: []i64) (vs: []f32) : []f32 =
          reduce_by_index (replicate 3 0) (\\a b -> f32.max a b + 0 * (a - b)) 0 is (map f32.abs vs)
        entry doubled (k: i64) (xs: []i32) : []i32 = map (*2) (hist (+) 0 k (map i64.i32 xs) (map (\\_ -> 1) xs))
        entry scattered (dest: *[]f64) (is: []i64) (vs: []f64) : []f64 = scatter dest is vs
        entry marks (n: i64) (is: []i64) : ([]i32, []bool) =
          (scatter (replicate n 0) is (map i32.i64 is), scatter (replicate n false) is (map (\\i -> i % 3 == 0) is))
        """;
    int n = 50_000;
    int[] xs = new int[n];
    long[] is = new long[n], vs = new long[n];
    double[] ds = new double[n];
    float[] fs = new float[n];
    for (int i = 0; i < n; i++) {
      xs[i] = (i * 7919) % 300 - 20; // some below 0, some past the buckets
      is[i] = (i * 31L) % 13 - 1;
      vs[i] = (i * 104729L) % 100_003 - 50_000;
      ds[i] = (i % 17) * 0.5; // sums exact in any order
      fs[i] = (float) Math.sin(i) * 100;
    }
    same(src, "counts", 256L, xs);
    same(src, "sums", is, ds);
    same(src, "maxima", is, vs);
    same(src, "minima", is, fs);
    same(src, "norms", is, fs);
    same(src, "doubled", 256L, xs);
    same(src, "into", new int[] {1, 2, 3, 4, 5, 6, 7}, is);
    // Scatters: distinct indices inside the destination, others outside it (ignored).
    long[] at = new long[2000];
    double[] vals = new double[at.length];
    for (int i = 0; i < at.length; i++) {
      at[i] = i % 5 == 4 ? (i % 2 == 0 ? -i : 5000 + i) : (i * 7L) % 2000;
      vals[i] = i * 0.25;
    }
    same(src, "scattered", new double[1500], at, vals);
    same(src, "marks", 1800L, at);
    try (FutharkProgram p = Futhark.compile(src, options("opencl"))) {
      long up = reported(p, "uploads"), down = reported(p, "downloads");
      int[] d = (int[]) p.function("doubled").call(4L, new int[] {0, 1, 1, 3, 3, 3, 9, -1});
      assertArrayEquals(new int[] {2, 4, 0, 6}, d);
      assertEquals(up + 2, reported(p, "uploads"), "the input and the histogram's zeros: " + p.report());
      assertEquals(down + 1, reported(p, "downloads"), "the result only: " + p.report());
    }
  }

  /**
   * Filters on the device: a count per chunk, the offsets on the host, the kept elements written
   * in order; over several arrays, a virtual iota, nothing kept, everything kept, no elements; the
   * result staying on the device; a failing predicate reported as on the host.
   */
  @Test
  void filtersOnTheDevice() throws Exception {
    String src = """
        entry evens (xs: []i32) : []i32 = filter (\\x -> x % 2 == 0) xs
        entry marked (xs: []f64) (bs: []bool) : ([]f64, []bool) = unzip (filter (\\(x, b) -> b || x > 1) (zip xs bs))
        entry multiples (n: i64) (k: i64) : []i64 = filter (\\i -> i % k == 0) (iota n)
        entry kept (xs: []i32) : i32 = i32.sum (filter (> 0) (map (\\x -> x * 2 - 7) xs))
        entry picked (xs: []i32) (is: []i64) : []i64 = filter (\\i -> xs[i] > 0) is
        """;
    Mixed in = Mixed.of(30_001);
    int[] xs = in.xs();
    double[] ds = in.ds();
    boolean[] bs = in.bs();
    same(src, "evens", (Object) xs);
    same(src, "evens", (Object) new int[] {1, 3, 5});
    same(src, "evens", (Object) new int[] {2, 4});
    same(false, src, "evens", (Object) new int[0]);
    same(src, "marked", ds, bs);
    same(src, "multiples", 100_000L, 7L);
    same(src, "kept", (Object) xs);
    same(src, "picked", new int[] {1, -1, 2}, new long[] {0, 1, 2, 2});
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"));
         FutharkProgram mc = Futhark.compile(src, options("multicore"))) {
      sameFailure(cl, mc, "picked", new int[] {1, -1, 2}, new long[] {0, 3});
      long down = reported(cl, "downloads");
      cl.function("kept").call((Object) xs);
      assertEquals(down, reported(cl, "downloads"), "the filtered array stays on the device: " + cl.report());
    }
  }

  /** Inputs of every kind a chunk kernel keeps or drops: ints of both signs, doubles, every 7th flag set. */
  private record Mixed(int[] xs, double[] ds, boolean[] bs) {
    static Mixed of(int n) {
      Mixed m = new Mixed(new int[n], new double[n], new boolean[n]);
      for (int i = 0; i < n; i++) {
        m.xs[i] = (i * 7919) % 1000 - 300;
        m.ds[i] = (i % 13) * 0.25;
        m.bs[i] = i % 7 == 0;
      }
      return m;
    }
  }

  /**
   * A transpose of a two-dimensional array in memory runs as a kernel (a work-item per element of
   * the result), for every element type and shape, empty ones included.
   */
  @Test
  void transposesOnTheDevice() throws Exception {
    String src = """
        entry tr (a: [][]f32) : [][]f32 = transpose a
        entry trb (a: [][]bool) : [][]bool = transpose a
        entry tri8 (a: [][]i8) : [][]i8 = transpose (map (map (+1)) a)
        entry trd (a: [][]f64) : [][]f64 = transpose a
        """;
    for (int[] shape : new int[][] {{300, 257}, {1, 1000}, {1000, 1}, {3, 2}}) {
      int rows = shape[0], cols = shape[1];
      float[][] fs = new float[rows][cols];
      boolean[][] bs = new boolean[rows][cols];
      byte[][] is = new byte[rows][cols];
      double[][] ds = new double[rows][cols];
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          fs[i][j] = i * 1000 + j;
          bs[i][j] = (i + 2 * j) % 3 == 0;
          is[i][j] = (byte) (i * 31 + j);
          ds[i][j] = Math.sqrt(i + j * 0.5);
        }
      }
      same(src, "tr", (Object) fs);
      same(src, "trb", (Object) bs);
      same(src, "tri8", (Object) is);
      same(src, "trd", (Object) ds);
    }
    same(false, src, "tr", (Object) new float[0][5]);
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"))) {
      long before = launches(cl);
      float[][] r = (float[][]) cl.function("tr").call((Object) new float[][] {{1, 2, 3}, {4, 5, 6}});
      assertArrayEquals(new float[][] {{1, 4}, {2, 5}, {3, 6}}, r);
      assertEquals(before + 1, launches(cl), "one kernel: " + cl.report());
    }
  }

  /**
   * A partition into a few classes runs as kernels (counts per chunk and class, then each element
   * placed at its class's next offset): the same groups, in the same order, as the host's, with
   * elements outside every class last, and a failure in the class function reported as the host
   * reports it.
   */
  @Test
  void partitionsOnTheDevice() throws Exception {
    String src = """
        entry halves (xs: []i32) : ([]i32, []i32) = partition (\\x -> x % 2 == 0) xs
        entry thirds (xs: []f64) (bs: []bool) : ([]f64, []f64, []f64, []bool) =
          let (p, q, r) = partition2 (\\(x, _) -> x < 1) (\\(_, b) -> b) (zip xs bs)
          in (map (.0) p, map (.0) q, map (.0) r, map (.1) r)
        entry counted (xs: []i32) : (i64, i32) = let (a, b) = partition (> 0) (map (\\x -> x * 2 - 7) xs) in (length a, i32.sum b)
        entry picked (xs: []i32) (is: []i64) : ([]i64, []i64) = partition (\\i -> xs[i] > 0) is
        """;
    Mixed in = Mixed.of(30_001);
    int[] xs = in.xs();
    double[] ds = in.ds();
    boolean[] bs = in.bs();
    same(src, "halves", (Object) xs);
    same(src, "halves", (Object) new int[] {1, 3, 5});
    same(false, src, "halves", (Object) new int[0]);
    same(src, "thirds", ds, bs);
    same(src, "counted", (Object) xs);
    same(src, "picked", new int[] {1, -1, 2}, new long[] {0, 1, 2, 2});
    try (FutharkProgram cl = Futhark.compile(src, options("opencl"));
         FutharkProgram mc = Futhark.compile(src, options("multicore"))) {
      sameFailure(cl, mc, "picked", new int[] {1, -1, 2}, new long[] {0, 3});
      long before = launches(cl);
      cl.function("halves").call((Object) xs);
      assertEquals(before + 2, launches(cl), "two kernels: " + cl.report());
    }
  }

  /**
   * Arrays a kernel writes stay on the device: the next kernel reads them there, in the same call
   * or, through a native result, in the next one; only host code that touches them, or reading
   * the result, copies them back.
   */
  @Test
  void arraysStayOnTheDeviceBetweenKernelsAndCalls() throws Exception {
    String src = """
        entry scale (a: f32) (xs: []f32) : []f32 = map (*a) xs
        entry total (xs: []f32) : f32 = reduce (+) 0 xs
        entry centred (xs: []f32) : []f32 =
          let ys = map (+1) xs
          let s = reduce (+) 0 ys
          in map (\\y -> y - s) ys
        entry poked (xs: []f32) : []f32 =
          let ys = map (+1) xs
          let zs = copy ys with [0] = 100
          in map (*2) zs
        entry tail (xs: []f32) : []f32 =
          let ys = map (+1) xs
          in map (*2) ys[1:]
        """;
    int n = 1000;
    float[] xs = new float[n];
    for (int i = 0; i < n; i++) xs[i] = i;
    try (FutharkProgram p = Futhark.compile(src, options("opencl"))) {
      try (FutharkArray once = (FutharkArray) p.function("scale").callNative(2f, xs);
           FutharkArray twice = (FutharkArray) p.function("scale").callNative(3f, once)) {
        assertEquals(1, reported(p, "uploads"), p.report());
        assertEquals(0, reported(p, "downloads"), p.report());
        assertEquals(6f * (n - 1) * n / 2, (float) p.function("total").call(twice));
        assertEquals(1, reported(p, "uploads"), p.report());
        assertEquals(0, reported(p, "downloads"), "the sum's partial results only: " + p.report());
        float[] r = (float[]) twice.toJava();
        assertEquals(1, reported(p, "downloads"), p.report());
        for (int i = 0; i < n; i++) assertEquals(6f * i, r[i]);
      }
      float[] centred = (float[]) p.function("centred").call(xs);
      assertEquals(2, reported(p, "uploads"), "the input once: " + p.report());
      assertEquals(2, reported(p, "downloads"), "the result once: " + p.report());
      float s = 0;
      for (int i = 0; i < n; i++) s += i + 1;
      for (int i = 0; i < n; i++) assertEquals(i + 1 - s, centred[i]);
      float[] poked = (float[]) p.function("poked").call(xs);
      assertEquals(4, reported(p, "uploads"), "the input, and the array the host updated: " + p.report());
      assertEquals(4, reported(p, "downloads"), "the array the host updates, and the result: " + p.report());
      assertEquals(200f, poked[0]);
      for (int i = 1; i < n; i++) assertEquals(2f * (i + 1), poked[i]);
      float[] tail = (float[]) p.function("tail").call(xs);
      assertEquals(n - 1, tail.length);
      for (int i = 1; i < n; i++) assertEquals(2f * (i + 1), tail[i - 1]);
    }
  }

  @Test
  void kernelsInsideHostLoopsAndBranches() throws Exception {
    String src = """
        entry steps (k: i32) (xs: []f64) : []f64 =
          loop ys = xs for i < k do
            if i % 2 == 0 then map (\\y -> y * 0.5 + f64.i32 i) ys else map (\\y -> y - 1) ys
        """;
    try (FutharkProgram p = Futhark.compile(src, options("opencl"))) {
      double[] r = (double[]) p.function("steps").call(5, new double[] {8, 16});
      assertEquals(5, launches(p));
      double[] want = {8, 16};
      for (int i = 0; i < 5; i++) for (int j = 0; j < 2; j++) want[j] = i % 2 == 0 ? want[j] * 0.5 + i : want[j] - 1;
      assertArrayEquals(want, r);
    }
  }

  @Test
  void theDeviceIsChosenByNameOrNumber() throws Exception {
    String src = "entry f (xs: []i32) : []i32 = map (+1) xs";
    try (FutharkProgram p = Futhark.compile(src, options("opencl").withDevice("#0"))) {
      assertArrayEquals(new int[] {2, 3}, (int[]) p.function("f").call((Object) new int[] {1, 2}));
      String name = p.report().replaceAll(".*\"device\":\"([^\"]*)\".*", "$1");
      // A part of the first device's name picks it too.
      try (FutharkProgram q = Futhark.compile(src, options("opencl").withDevice(name.substring(0, Math.min(5, name.length()))))) {
        assertTrue(q.report().contains(name), q.report());
      }
    }
    FutharkException e = assertThrows(FutharkException.class, () -> Futhark.compile(src, options("opencl").withDevice("no such device")));
    assertTrue(e.getMessage().contains("no OpenCL device matches device \"no such device\"; the devices are: #0 \""), e.getMessage());
    IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
        () -> Futhark.compile(src, options("multicore").withDevice("#0")));
    assertTrue(cpu.getMessage().contains("multicore backend, which has no devices"), cpu.getMessage());
    assertThrows(IllegalArgumentException.class, () -> options("opencl").withDevice(""));
  }

  /** Contexts of several opencl libraries made and freed from several threads at once, in a fresh JVM. */
  @Test
  void contextsMadeAtOnceFromManyThreads() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
        ConcurrentContextsChild.class.getName(), cache.toString());
    String out = runChild(pb);
    assertTrue(out.contains("OK"), out);
  }

  /** On a machine without OpenCL, loading an opencl library is an error saying what to install; nothing crashes. */
  @Test
  void withoutOpenClTheErrorSaysWhatToInstall() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), NoOpenClChild.class.getName(),
        cache.toString()).redirectErrorStream(true);
    pb.environment().put("FUTHARK4J_OPENCL_LIBRARY", "/nonexistent/libOpenCL.so.1");
    String out = runChild(pb);
    assertTrue(out.contains("ERROR cannot create a Futhark context") && out.contains("the OpenCL library /nonexistent/libOpenCL.so.1 cannot be loaded")
        && out.contains("pocl-opencl-icd"), out);
    assertTrue(out.contains("STILL WORKS 3"), out);
  }

  /** The script engine's and the polyglot language's settings choose the backend and the device. */
  @Test
  void fromTheScriptEngineAndJavaScript() throws Exception {
    javax.script.ScriptEngine e = new javax.script.ScriptEngineManager().getEngineByName("futhark");
    javax.script.Bindings b = e.getBindings(javax.script.ScriptContext.ENGINE_SCOPE);
    b.put("futhark4j.backend", "opencl");
    b.put("futhark4j.device", "#0");
    b.put("futhark4j.cache", cache.toString());
    io.github.futhark4j.FutharkFunction f = (io.github.futhark4j.FutharkFunction) e.eval("entry twice (xs: []f64) : []f64 = map (* 2) xs");
    assertArrayEquals(new double[] {2, 4}, (double[]) f.call((Object) new double[] {1, 2}));
    try (org.graalvm.polyglot.Context c = io.github.futhark4j.polyglot.ScriptRunner.contextBuilder("js", java.util.Map.of(
        "futhark.backend", "opencl", "futhark.device", "#0", "futhark.cache", cache.toString())).build()) {
      assertEquals("2,4", c.eval("js", "const t = Polyglot.eval('futhark', 'entry twice (xs: []f64) : []f64 = map (* 2) xs');"
          + " Array.from(new Float64Array(t(new Float64Array([1, 2])))).join(',')").asString());
    }
  }

  /**
   * Runs a child JVM to its end and returns what it printed; one that has not ended after five
   * minutes (a hang) is killed and fails the test, as does a non-zero exit.
   */
  private static String runChild(ProcessBuilder pb) throws Exception {
    Path log = java.nio.file.Files.createTempFile(cache, "child", ".log");
    Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean ended = p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS);
    if (!ended) p.destroyForcibly().waitFor();
    String out = java.nio.file.Files.readString(log);
    assertTrue(ended, "the child JVM hung:\n" + out);
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}

package io.github.futhark4j.compiler;

import static io.github.futhark4j.compiler.codegen.CRunner.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.compiler.codegen.CRunner;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** End to end: Futhark source through the front end and the back end to C, run via the C API. */
class BackendTest {
  @BeforeAll
  static void gcc() { assumeTrue(CHarness.haveGcc(), "no C compiler"); }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void firstSlice(String backend) throws Exception {
    String src = """
        def sq (x: i64) : i64 = x * x
        entry sum (xs: []f64) : f64 = reduce (+) 0 xs
        entry squares (xs: []i64) : []i64 = map sq xs
        entry twice (m: [][]i32) : [][]i32 = map (\\r -> map (\\x -> 2 * x) r) m
        entry fact (n: i32) : i32 = loop acc = 1 for i < n do acc * (i + 1)
        entry collatz (n: i64) : i64 =
          let (_, steps) = loop (x, s) = (n, 0) while x != 1 do (if x % 2 == 0 then x / 2 else 3 * x + 1, s + 1)
          in steps
        entry cat (xs: []i32) (ys: []i32) : []i32 = xs ++ ys
        entry pick (b: bool) (x: i32) (y: i32) : i32 = if b then x else y
        entry setz (xs: *[]i64) (i: i64) : []i64 = xs with [i] = 0
        entry reps (n: i64) : []f32 = replicate n 1.5
        entry pair (x: i64) : (i64, bool) = (x + 1, x > 0)
        entry lit (i: i64) : i64 = [10, 20, 30][i]
        entry slice (xs: []i64) : []i64 = xs[1:3]
        entry m3 [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : []i32 = map3 (\\x y z -> x * y + z) a b c
        entry scn (xs: []i64) : []i64 = scan (+) 0 xs
        entry evens (xs: []i64) : []i64 = filter (\\x -> x % 2 == 0) xs
        entry io (n: i64) : []i64 = iota n
        entry zu [n] (xs: [n]i64) (ys: [n]f64) : ([]f64, []i64) = let (a, b) = unzip (zip xs ys) in (b, a)
        entry len (xs: [][]u8) : i64 = length xs
        entry anyall (xs: []i32) : (bool, bool) = (any (\\x -> x > 2) xs, all (\\x -> x > 0) xs)
        """;
    List<String> r = CRunner.run(src, backend,
        call("sum", "[1.5, 2.5, 3.0]"),
        call("squares", "[1, 2, 3]"),
        call("twice", "[[1, 2], [3, 4], [5, 6]]"),
        call("fact", "5"),
        call("collatz", "27"),
        call("cat", "[1, 2]", "[3]"),
        call("pick", "false", "1", "2"),
        call("setz", "[5, 6, 7]", "1"),
        call("reps", "3"),
        call("pair", "4"),
        call("lit", "2"),
        call("slice", "[1, 2, 3, 4]"),
        call("m3", "[1, 2]", "[3, 4]", "[5, 6]"),
        call("scn", "[1, 2, 3, 4]"),
        call("evens", "[1, 2, 3, 4, 6]"),
        call("io", "4"),
        call("zu", "[1, 2]", "[0.5, 1.5]"),
        call("len", "[[1, 2], [3, 4], [5, 6]]"),
        call("anyall", "[1, 2, 3]"));
    assertEquals(List.of(
        "7f64",
        "[1i64, 4i64, 9i64]",
        "[[2i32, 4i32], [6i32, 8i32], [10i32, 12i32]]",
        "120i32",
        "111i64",
        "[1i32, 2i32, 3i32]",
        "2i32",
        "[5i64, 0i64, 7i64]",
        "[1.5f32, 1.5f32, 1.5f32]",
        "5i64 true",
        "30i64",
        "[2i64, 3i64]",
        "[8i32, 14i32]",
        "[1i64, 3i64, 6i64, 10i64]",
        "[2i64, 4i64, 6i64]",
        "[0i64, 1i64, 2i64, 3i64]",
        "[0.5f64, 1.5f64] [1i64, 2i64]",
        "3i64",
        "true true"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void primitiveSemantics(String backend) throws Exception {
    String src = """
        entry idiv (x: i32) (y: i32) : (i32, i32, i32, i32) = (x / y, x % y, x // y, x %% y)
        entry wrap8 (x: i8) (y: i8) : (i8, i8, i8) = (x + y, x * y, -x)
        entry uops (x: u8) (y: u8) : (u8, u8, u8, bool) = (x - y, x / y, x >> 1, x < y)
        entry shifts (x: i32) (n: i32) : (i32, i32, i32) = (x << n, x >> n, x i32.>>> n)
        entry bits (x: i64) (y: i64) : (i64, i64, i64, i64) = (x & y, x | y, x ^ y, !x)
        entry fl (x: f64) (y: f64) : (f64, f64, f64, f64) = (x / y, x ** y, f64.sqrt x, x % y)
        entry f32s (x: f32) : (f32, i32, f64) = (f32.sin x, i32.f32 x, f64.f32 x)
        entry conv (x: f64) : (i8, u16, i64, bool) = (i8.f64 x, u16.f64 x, i64.f64 x, x > 0)
        entry ipow (x: i64) (y: i64) : i64 = x ** y
        entry minmax (x: i32) (y: i32) : (i32, i32, i32) = (i32.min x y, i32.max x y, i32.abs x)
        entry half (x: f16) (y: f16) : f16 = x + y
        """;
    List<String> r = CRunner.run(src, backend,
        call("idiv", "-7", "2"), call("idiv", "7", "-2"), call("idiv", "1", "0"), call("idiv", "-2147483647 - 1", "-1"),
        call("wrap8", "100", "100"), call("wrap8", "-128", "-1"),
        call("uops", "3", "5"), call("shifts", "-16", "2"), call("shifts", "1", "40"), call("bits", "12", "10"),
        call("fl", "7.0", "2.0"), call("f32s", "0.5f"), call("conv", "65.5"),
        call("ipow", "3", "4"), call("ipow", "2", "63"), call("minmax", "-5", "3"), call("half", "15360", "15360"));
    assertEquals(List.of(
        "-4i32 1i32 -3i32 -1i32", "-4i32 -1i32 -3i32 1i32",
        "ERR 2 Error: division by zero\n\nBacktrace:\n-> #0  prog.fut:1:56-61\n",
        "-2147483648i32 0i32 -2147483648i32 0i32",
        "-56i8 16i8 -100i8", "127i8 -128i8 -128i8",
        "254u8 0u8 1u8 true", "-64i32 -4i32 1073741820i32", "0i32 0i32 0i32", "8i64 14i64 6i64 -13i64",
        "3.5f64 49f64 2.645751311f64 1f64", "0.4794255495f32 0i32 0.5f64", "65i8 65u16 65i64 true",
        "81i64 -9223372036854775808i64".split(" ")[0], "-9223372036854775808i64", "-5i32 3i32 5i32", "0x4000"), r);
  }

  static final String FEATURES = """
      type shape = #circle f64 | #rect f64 f64
      def area (s: shape) : f64 = match s case #circle r -> 3.0 * r * r case #rect w h -> w * h
      entry areas [n] (ws: [n]f64) (hs: [n]f64) : []f64 = map2 (\\w h -> if h == 0 then area (#circle w) else area (#rect w h)) ws hs
      entry argmax (xs: []i32) : (i32, i64) =
        reduce (\\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j)) (i32.lowest, -1) (zip xs (indices xs))
      entry histo (k: i64) (is: []i64) : []i32 = hist (+) 0 k is (map (\\_ -> 1) is)
      entry scat [k] (n: i64) (is: [k]i64) (vs: [k]f32) : []f32 = scatter (replicate n 0) is vs
      entry tr (m: [][]i32) : [][]i32 = transpose m
      entry fl (m: [][]i32) : []i32 = flatten m
      entry rot (r: i64) (xs: []i32) : []i32 = rotate r xs
      entry idx2 (m: [][]f64) (i: i64) (j: i64) : f64 = m[i, j]
      entry row (m: [][]f64) (i: i64) : []f64 = m[i]
      entry forin (xs: []i64) : i64 = loop s = 0 for x in xs do s + x
      entry rec (x: i64) : i64 = let r = {a = x, b = x * 2} in r.a + r.b
      entry asrt (x: i64) : i64 = assert (x > 0) (x + 1)
      entry coerce (n: i64) (xs: []i64) : [n]i64 = xs :> [n]i64
      entry sumrows (m: [][]i64) : []i64 = map (\\r -> reduce (+) 0 r) m
      entry colsum [r] [c] (m: [r][c]i64) : []i64 = reduce (map2 (+)) (replicate c 0) m
      entry scan2 (xs: []i64) : ([]i64, []i64) = unzip (scan (\\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (zip xs xs))
      entry part (xs: []i64) : ([]i64, []i64) = partition (\\x -> x % 2 == 0) xs
      entry rng (n: i64) : []i64 = 1..<n
      entry rng2 (a: i64) (b: i64) : []i64 = a..(a+2)...b
      entry eqarr (xs: []i64) (ys: []i64) : bool = xs == ys
      entry mapidx (xs: []i64) : []i64 = map (\\i -> xs[i] * i) (iota (length xs))
      entry sgn (x: f32) : f32 = f32.sgn x
      entry upd2 [r] [c] (m: *[r][c]i64) (v: []i64) : [][]i64 = m with [1] = v[0:]
      entry slc (xs: []i64) (i: i64) (j: i64) : []i64 = xs[i:j]
      """;

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void features(String backend) throws Exception {
    List<String> r = CRunner.run(FEATURES, backend,
        call("areas", "[1.0, 2.0]", "[0.0, 3.0]"), call("argmax", "[3, 7, 7, 1]"), call("histo", "3", "[0, 2, 2, 5, -1]"),
        call("scat", "4", "[1, 3, 9]", "[1.5, 2.5, 3.5]"), call("tr", "[[1, 2, 3], [4, 5, 6]]"), call("fl", "[[1, 2], [3, 4]]"),
        call("rot", "1", "[1, 2, 3]"), call("idx2", "[[1.0, 2.0], [3.0, 4.0]]", "1", "0"),
        call("idx2", "[[1.0, 2.0], [3.0, 4.0]]", "2", "0"), call("row", "[[1.0, 2.0], [3.0, 4.0]]", "1"),
        call("forin", "[1, 2, 3]"), call("rec", "5"), call("asrt", "0"), call("coerce", "2", "[1, 2]"),
        call("coerce", "3", "[1, 2]"), call("sumrows", "[[1, 2], [3, 4]]"), call("colsum", "[[1, 2], [3, 4]]"),
        call("scan2", "[1, 2, 3]"), call("part", "[1, 2, 3, 4, 5]"), call("rng", "4"), call("rng2", "1", "7"),
        call("eqarr", "[1, 2]", "[1, 2]"), call("eqarr", "[1, 2]", "[1, 3]"), call("eqarr", "[1]", "[1, 2]"),
        call("mapidx", "[5, 6, 7]"), call("sgn", "-2.5f"), call("upd2", "[[1, 2], [3, 4]]", "[9, 9]"),
        call("upd2", "[[1, 2], [3, 4]]", "[9]"), call("slc", "[1, 2, 3, 4]", "1", "3"), call("slc", "[1, 2, 3, 4]", "3", "1"));
    List<String> firstLines = r.stream().map(s -> s.lines().findFirst().orElse("")).toList();
    assertEquals(List.of(
        "[3f64, 6f64]", "7i32 1i64", "[1i32, 0i32, 2i32]", "[0f32, 1.5f32, 0f32, 2.5f32]",
        "[[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]]", "[1i32, 2i32, 3i32, 4i32]", "[2i32, 3i32, 1i32]", "3f64",
        "ERR 2 Error: Index [2, 0] out of bounds for array of shape [2][2].", "[3f64, 4f64]", "6i64", "15i64",
        "ERR 2 Error: Assertion is false: (x > 0)", "[1i64, 2i64]",
        "ERR 2 Error: Value of (desugared) shape [2] cannot match shape of type \"[3]i64\".",
        "[3i64, 7i64]", "[4i64, 6i64]", "[1i64, 3i64, 6i64] [1i64, 2i64, 6i64]", "[2i64, 4i64] [1i64, 3i64, 5i64]",
        "[1i64, 2i64, 3i64]", "[1i64, 3i64, 5i64, 7i64]", "true", "false",
        "ERR 2 Error: entry point arguments have invalid sizes.", // == on arrays makes the two sizes one
        "[0i64, 6i64, 14i64]", "-1f32",
        "[[1i64, 2i64], [9i64, 9i64]]",
        "ERR 2 Error: entry point arguments have invalid sizes.", // v[0:] has v's size, which the update makes c
        "[2i64, 3i64]",
        "ERR 2 Error: Index [3:1] out of bounds for array of shape [4]."), firstLines);
    assertEquals("-> #0  prog.fut:11:51-58", r.get(8).lines().toList().get(3));
  }

  static final String PROGRAMS = """
      def dotp [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)
      entry matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
        map (\\r -> map (\\c -> dotp r c) (transpose b)) a
      def mandel (limit: i32) (c_re: f32) (c_im: f32) : i32 =
        let (_, _, i) = loop (z_re, z_im, i) = (c_re, c_im, 0) while i < limit && z_re * z_re + z_im * z_im < 4 do
          (c_re + z_re * z_re - z_im * z_im, c_im + 2 * z_re * z_im, i + 1)
        in i
      entry mandelbrot (w: i64) (h: i64) (limit: i32) : [][]i32 =
        tabulate_2d h w (\\y x -> mandel limit (f32.i64 x / f32.i64 w * 3 - 2) (f32.i64 y / f32.i64 h * 2 - 1))
      entry hist_test (xs: []i32) : []i64 =
        reduce_by_index (replicate 10 0) (+) 0 (map (\\x -> i64.i32 (x % 10)) xs) (map (const 1) xs)
      entry maxi (xs: []f32) : f32 = f32.maximum xs
      entry strs : []u8 = "hello"
      entry sortish (xs: []i32) : []i32 =
        let ys = copy xs in loop ys for i < length ys do if i > 0 && ys[i-1] > ys[i] then ys with [i] = ys[i-1] else ys
      """;

  static int mandelRef(int limit, float cre, float cim) {
    float zr = cre, zi = cim;
    int i = 0;
    while (i < limit && zr * zr + zi * zi < 4) {
      float nr = cre + zr * zr - zi * zi, ni = cim + 2 * zr * zi;
      zr = nr;
      zi = ni;
      i++;
    }
    return i;
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void programs(String backend) throws Exception {
    int w = 64, h = 80;
    List<String> r = CRunner.run(PROGRAMS, backend,
        call("matmul", "[[1.0, 2.0], [3.0, 4.0]]", "[[5.0, 6.0], [7.0, 8.0]]"), call("mandelbrot", w + "", h + "", "50"),
        call("hist_test", "[1, 11, 2, 23, 5]"), call("maxi", "[1.5f, -2.0f, 7.25f]"), call("strs"), call("sortish", "[3, 1, 2]"));
    StringBuilder m = new StringBuilder("[");
    for (int y = 0; y < h; y++) {
      m.append(y == 0 ? "[" : ", [");
      for (int x = 0; x < w; x++) {
        m.append(x == 0 ? "" : ", ").append(mandelRef(50, (float) x / (float) w * 3 - 2, (float) y / (float) h * 2 - 1)).append("i32");
      }
      m.append(']');
    }
    m.append(']');
    assertEquals(List.of("[[19f64, 22f64], [43f64, 50f64]]", m.toString(),
        "[0i64, 2i64, 1i64, 1i64, 0i64, 1i64, 0i64, 0i64, 0i64, 0i64]", "7.25f32", "[104u8, 101u8, 108u8, 108u8, 111u8]",
        "[3i32, 3i32, 3i32]"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void opaqueRecords(String backend) throws Exception {
    String src = """
        type pt = {x: f64, y: f64}
        type~ r2 = {data: []i64, n: i64}
        entry mk (a: f64) (b: f64) : pt = {x = a, y = b}
        entry norm2 (p: pt) : f64 = p.x * p.x + p.y * p.y
        entry wrap (xs: []i64) : r2 = {data = map (+1) xs, n = length xs}
        """;
    String driver = io.github.futhark4j.compiler.codegen.CHarness.main("""
          struct futhark_opaque_pt *p = NULL, *q = NULL, *r = NULL;
          double d = 0, x = 0;
          CHECK(futhark_entry_mk(ctx, &p, 3.0, 4.0));
          CHECK(futhark_entry_norm2(ctx, &d, p));
          CHECK(futhark_project_opaque_pt_x(ctx, &x, p));
          printf("%g %g\\n", d, x);
          void *buf = NULL; size_t n = 0;
          CHECK(futhark_store_opaque_pt(ctx, p, &buf, &n));
          q = futhark_restore_opaque_pt(ctx, buf);
          CHECK(futhark_entry_norm2(ctx, &d, q));
          CHECK(futhark_new_opaque_pt(ctx, &r, 5.0, 12.0));
          CHECK(futhark_entry_norm2(ctx, &x, r));
          printf("%g %g %zu\\n", d, x, n);
          int64_t xs[] = {1, 2, 3};
          struct futhark_i64_1d *a = futhark_new_i64_1d(ctx, xs, 3), *data = NULL;
          struct futhark_opaque_r2 *w = NULL;
          int64_t len = 0, out[3];
          CHECK(futhark_entry_wrap(ctx, &w, a));
          CHECK(futhark_project_opaque_r2_data(ctx, &data, w));
          CHECK(futhark_project_opaque_r2_n(ctx, &len, w));
          futhark_values_i64_1d(ctx, data, out);
          printf("%lld [%lld %lld %lld]\\n", (long long)len, (long long)out[0], (long long)out[1], (long long)out[2]);
          futhark_free_opaque_r2(ctx, w);
          futhark_free_i64_1d(ctx, data);
          futhark_free_i64_1d(ctx, a);
          futhark_free_opaque_pt(ctx, p); futhark_free_opaque_pt(ctx, q); futhark_free_opaque_pt(ctx, r);
          free(buf);
        """);
    var prog = Frontend.check(new io.github.futhark4j.compiler.source.Source("prog.fut", src));
    var run = io.github.futhark4j.compiler.codegen.CHarness.run(prog, backend, driver,
        List.of("-O1", "-g", "-fsanitize=address", "-fno-omit-frame-pointer"));
    assertEquals("25 3\n25 169 48\n3 [2 3 4]\n", run.out()); // 48: the 32-byte store header (Opaque) + two f64
    assertEquals(0, run.exit(), run.out());
    String manifest = run.lib().manifestJson();
    org.junit.jupiter.api.Assertions.assertTrue(manifest.contains("\"kind\" : \"opaque\""), manifest);
    org.junit.jupiter.api.Assertions.assertTrue(manifest.contains("\"project\" : \"futhark_project_opaque_pt_x\""), manifest);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void largeArraysTakeTheParallelPaths(String backend) throws Exception {
    String src = """
        entry big (n: i64) : (i64, i64, i64, i64, f64) =
          let xs = iota n
          let threes = filter (\\x -> x % 3 == 0) xs
          let rows = map (\\i -> [i, i * 2]) xs
          in (i64.sum threes, length threes, (scan (+) 0 xs)[n - 1], reduce (+) 0 (map (\\r -> r[1]) rows),
              f64.sum (map f64.i64 xs))
        entry oob (n: i64) : []i64 = let xs = iota n in map (\\i -> xs[i + 1]) xs
        entry hbig (n: i64) : []i64 = hist (+) 0 7 (map (\\x -> x % 7 - 1) (iota n)) (iota n)
        """;
    List<String> r = CRunner.run(src, backend, call("big", "100000"), call("oob", "100000"), call("big", "10"),
        call("hbig", "100000"));
    long[] buckets = new long[7];
    for (long x = 0; x < 100000; x++) if (x % 7 - 1 >= 0) buckets[(int) (x % 7 - 1)] += x;
    StringBuilder hb = new StringBuilder("[");
    for (int k = 0; k < 7; k++) hb.append(k == 0 ? "" : ", ").append(buckets[k]).append("i64");
    assertEquals(hb.append(']').toString(), r.get(3));
    assertEquals("1666683333i64 33334i64 4999950000i64 9999900000i64 4999950000f64", r.get(0));
    assertEquals("ERR 2 Error: Index [100000] out of bounds for array of shape [100000].", r.get(1).lines().findFirst().orElseThrow());
    assertEquals("18i64 4i64 45i64 90i64 45f64", r.get(2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void ownershipAndAliasing(String backend) throws Exception {
    String src = """
        entry ident (xs: []i64) : []i64 = xs
        entry inc (xs: *[]i64) : []i64 = loop xs for i < length xs do xs with [i] = xs[i] + 1
        entry rowupd (m: [][]i64) : ([][]i64, [][]i64) = (map (\\r -> let c = copy r in c with [0] = 9) m, m)
        entry swap (xs: []i64) (ys: []i64) (k: i64) : ([]i64, []i64) =
          loop (a, b) = (xs, ys) for _i < k do (b, a)
        entry halves (xs: []f16) : []f16 = map (\\x -> x / 2) xs
        entry colsum (n: i64) : []i64 = reduce (map2 (+)) (replicate 3 0) (map (\\i -> [i, 1, 2 * i]) (iota n))
        entry twice (xs: []i64) : ([]i64, []i64) = let ys = copy xs let zs = ys with [0] = 7 in (xs, zs)
        """;
    List<String> r = CRunner.run(src, backend, call("ident", "[1, 2]"), call("inc", "[1, 2, 3]"),
        call("rowupd", "[[1, 2], [3, 4]]"), call("swap", "[1]", "[2, 3]", "3"), call("halves", "[15360, 16384]"),
        call("colsum", "10000"), call("twice", "[1, 2]"));
    assertEquals(List.of("[1i64, 2i64]", "[2i64, 3i64, 4i64]", "[[9i64, 2i64], [9i64, 4i64]] [[1i64, 2i64], [3i64, 4i64]]",
        "[2i64, 3i64] [1i64]", "[0x3800, 0x3c00]", "[49995000i64, 10000i64, 99990000i64]", "[1i64, 2i64] [7i64, 2i64]"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void consumedInputIsUpdatedInPlace(String backend) throws Exception {
    String src = "entry inc (xs: *[]i64) : []i64 = loop xs for i < length xs do xs with [i] = xs[i] + 1\n"
        + "entry keep (xs: []i64) : []i64 = loop ys = copy xs for i < length xs do ys with [i] = 0\n";
    String driver = io.github.futhark4j.compiler.codegen.CHarness.main("""
          int64_t d[] = {1, 2, 3};
          struct futhark_i64_1d *a = futhark_new_i64_1d(ctx, d, 3), *b = NULL, *c = NULL;
          char *raw = futhark_values_raw_i64_1d(ctx, a);
          CHECK(futhark_entry_inc(ctx, &b, a));
          printf("%d\\n", futhark_values_raw_i64_1d(ctx, b) == raw);
          CHECK(futhark_entry_keep(ctx, &c, b));
          int64_t out[3];
          futhark_values_i64_1d(ctx, b, out);
          printf("%d %lld %lld\\n", futhark_values_raw_i64_1d(ctx, c) == raw, (long long)out[0], (long long)out[2]);
          futhark_free_i64_1d(ctx, a); futhark_free_i64_1d(ctx, b); futhark_free_i64_1d(ctx, c);
        """);
    var run = io.github.futhark4j.compiler.codegen.CHarness.run(
        Frontend.check(new io.github.futhark4j.compiler.source.Source("prog.fut", src)), backend, driver,
        List.of("-O1", "-g", "-fsanitize=address"));
    // The consumed input's memory is reused; a non-consumed input is never written.
    assertEquals("1\n0 2 4\n", run.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "c+asan"})
  void scatterInTwoAndThreeDimensions(String backend) throws Exception {
    String src = """
        entry s2 (m: *[][]i64) : [][]i64 = scatter_2d m [(0, 1), (1, 0), (5, 5), (-1, 0)] [7, 8, 9, 10]
        entry s3 (n: i64) : [][][]i32 = scatter_3d (replicate n (replicate 2 (replicate 2 0))) [(0, 1, 1), (1, 1, 0)] [5, 6]
        """;
    List<String> r = CRunner.run(src, backend, call("s2", "[[1, 2], [3, 4]]"), call("s3", "2"));
    assertEquals(List.of("[[1i64, 7i64], [8i64, 4i64]]", "[[[0i32, 0i32], [0i32, 5i32]], [[0i32, 0i32], [6i32, 0i32]]]"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void allocationFailureIsOutOfMemory(String backend) throws Exception {
    List<String> r = CRunner.run("entry huge (n: i64) : []i64 = replicate n 1\n", backend,
        call("huge", "400000000000000000"), call("huge", "2"), call("huge", "4611686018427387904"));
    assertEquals("ERR 3 Error: Failed to allocate memory: 3200000000000000000 bytes.", r.get(0).lines().findFirst().orElseThrow());
    assertEquals("[1i64, 1i64]", r.get(1));
    assertEquals("ERR 3 Error: Failed to allocate memory: array too large.", r.get(2).lines().findFirst().orElseThrow());
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "c+asan"})
  void moreConstructs(String backend) throws Exception {
    String src = """
        entry g [n] (xs: [n]i64) : i64 = n * 2
        def pairs [k] (xs: [k]i32) : [k](i32, i32) = map (\\x -> (x, x + 1)) xs
        entry h (xs: []i32) : []i32 = map (\\(a, b) -> a * b) (pairs xs)
        entry u (xs: []i64) (i: i64) : i64 = #[unsafe] xs[i]
        entry lf (x: i64) : i64 = let f (y: i64) = y + x in f (f 1)
        entry mat (x: i64) : i64 = match (x, x > 3) case (0, _) -> 100 case (_, true) -> 1 case _ -> 2
        entry strlen : i64 = length "abc"
        entry fold (xs: []i64) : i64 = foldl (+) 0 xs
        entry wh (n: i64) : []i64 = let (xs, _) = loop (xs, i) = ([], 0) while i < n do (xs ++ [i], i + 1) in xs
        """;
    List<String> r = CRunner.run(src, backend, call("g", "[1, 2, 3]"), call("h", "[1, 2]"), call("u", "[1, 2, 3]", "1"),
        call("lf", "5"), call("mat", "0"), call("mat", "5"), call("mat", "2"), call("strlen"), call("fold", "[1, 2, 3]"),
        call("wh", "3"), call("wh", "0"));
    assertEquals(List.of("6i64", "[2i32, 6i32]", "2i64", "11i64", "100i64", "1i64", "2i64", "3i64", "6i64",
        "[0i64, 1i64, 2i64]", "[]"), r);
  }

  @org.junit.jupiter.api.Test
  void generationIsDeterministicAndRejectsUnknownBackends() throws Exception {
    var prog = Frontend.check(new io.github.futhark4j.compiler.source.Source("prog.fut", FEATURES));
    Backend.Output a = Backend.generate(prog, "multicore", "prog"), b = Backend.generate(prog, "multicore", "prog");
    assertEquals(a.c(), b.c());
    assertEquals(a.h(), b.h());
    assertEquals(a.manifestJson(), b.manifestJson());
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Backend.generate(prog, "cuda", "prog"));
    org.junit.jupiter.api.Assertions.assertTrue(a.h().contains("#define FUTHARK_BACKEND_multicore"));
    org.junit.jupiter.api.Assertions.assertTrue(Backend.generate(prog, "c", "prog").h().contains("#define FUTHARK_BACKEND_c"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "c+asan"})
  void slicesAndShapeOperations(String backend) throws Exception {
    String src = """
        entry us (xs: *[]i64) (v: []i64) : []i64 = xs with [1:3] = v
        entry strided (xs: []i64) : []i64 = xs[::2]
        entry rev (xs: []i64) : []i64 = xs[::-1]
        entry col (m: [][]i64) : []i64 = m[1:, 0]
        entry rotn (xs: []i32) : []i32 = rotate (-1) xs
        entry cat2 [k] (a: [][k]i32) (b: [][k]i32) : [][]i32 = a ++ b
        entry unfl (xs: []i32) (n: i64) (m: i64) : [][]i32 = unflatten (xs :> [n * m]i32)
        entry rcomm (xs: []i64) : i64 = reduce_comm (+) 0 xs
        entry scanrows [r] [c] (m: [r][c]i64) : [][]i64 = scan (map2 (+)) (replicate c 0) m
        entry tr3 (a: [][][]i32) : [][][]i32 = transpose a
        """;
    List<String> r = CRunner.run(src, backend, call("us", "[1, 2, 3, 4]", "[8, 9]"), call("us", "[1, 2, 3, 4]", "[8]"),
        call("strided", "[1, 2, 3, 4, 5]"), call("rev", "[1, 2, 3]"), call("col", "[[1, 2], [3, 4], [5, 6]]"),
        call("rotn", "[1, 2, 3]"), call("cat2", "[[1, 2]]", "[[3, 4], [5, 6]]"), call("cat2", "[[1, 2]]", "[[3]]"),
        call("unfl", "[1, 2, 3, 4, 5, 6]", "2", "3"), call("unfl", "[1, 2, 3]", "2", "2"), call("rcomm", "[1, 2, 3]"),
        call("scanrows", "[[1, 2], [3, 4]]"), call("tr3", "[[[1, 2]], [[3, 4]]]"));
    List<String> first = r.stream().map(x -> x.lines().findFirst().orElse("")).toList();
    assertEquals(List.of("[1i64, 8i64, 9i64, 4i64]", "ERR 2 Error: Value of shape 1 cannot be written to a slice of a different shape.",
        "[1i64, 3i64, 5i64]", "[3i64, 2i64, 1i64]", "[3i64, 5i64]", "[3i32, 1i32, 2i32]",
        "[[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]", "ERR 2 Error: entry point arguments have invalid sizes.",
        "[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]]", "ERR 2 Error: Value of (desugared) shape [3] cannot match shape of type \"[4]i32\".", "6i64",
        "[[1i64, 2i64], [4i64, 6i64]]", "[[[1i32, 2i32], [3i32, 4i32]]]"), first);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void opaqueSums(String backend) throws Exception {
    String src = """
        type shape = #circle f64 | #rect f64 f64
        type~ tagged = #none | #some ([]i32)
        entry mk (w: f64) (h: f64) : shape = if h == 0 then #circle w else #rect w h
        entry area (s: shape) : f64 = match s case #circle r -> 3 * r * r case #rect w h -> w * h
        entry wrap (xs: []i32) : tagged = if length xs == 0 then #none else #some xs
        """;
    String driver = io.github.futhark4j.compiler.codegen.CHarness.main("""
          struct futhark_opaque_shape *s = NULL, *t = NULL;
          double a = 0, r = 0, w = 0, h = 0;
          CHECK(futhark_entry_mk(ctx, &s, 2.0, 0.0));
          CHECK(futhark_entry_area(ctx, &a, s));
          CHECK(futhark_destruct_opaque_shape_circle(ctx, &r, s));
          printf("%d %g %g\\n", futhark_variant_opaque_shape(ctx, s), a, r);
          CHECK(futhark_new_opaque_shape_rect(ctx, &t, 3.0, 4.0));
          CHECK(futhark_entry_area(ctx, &a, t));
          CHECK(futhark_destruct_opaque_shape_rect(ctx, &w, &h, t));
          printf("%d %g %g %g\\n", futhark_variant_opaque_shape(ctx, t), a, w, h);
          int32_t d[] = {5, 6};
          struct futhark_i32_1d *xs = futhark_new_i32_1d(ctx, d, 2), *ys = NULL;
          struct futhark_opaque_tagged *g = NULL;
          CHECK(futhark_entry_wrap(ctx, &g, xs));
          CHECK(futhark_destruct_opaque_tagged_some(ctx, &ys, g));
          int32_t out[2];
          futhark_values_i32_1d(ctx, ys, out);
          printf("%d %d %d\\n", futhark_variant_opaque_tagged(ctx, g), out[0], out[1]);
          futhark_free_i32_1d(ctx, ys); futhark_free_i32_1d(ctx, xs); futhark_free_opaque_tagged(ctx, g);
          futhark_free_opaque_shape(ctx, s); futhark_free_opaque_shape(ctx, t);
        """);
    var prog = Frontend.check(new io.github.futhark4j.compiler.source.Source("prog.fut", src));
    var run = io.github.futhark4j.compiler.codegen.CHarness.run(prog, backend, driver,
        List.of("-O1", "-g", "-fsanitize=address", "-fno-omit-frame-pointer"));
    assertEquals("0 12 2\n1 12 3 4\n1 5 6\n", run.out());
    org.junit.jupiter.api.Assertions.assertTrue(run.lib().manifestJson().contains("\"variant\" : \"futhark_variant_opaque_shape\""));
  }

  static final String RECURSION = """
      def fact (n: i64) : i64 = if n == 0 then 1 else n * fact (n - 1)
      def qs [n] (xs: [n]i32) : []i32 =
        if n <= 1 then xs else let p = xs[n / 2] in qs (filter (< p) xs) ++ filter (== p) xs ++ qs (filter (> p) xs)
      def fill [n] (lo: i64) (hi: i64) (xs: *[n]i64) : *[n]i64 =
        if hi - lo == 0 then xs else if hi - lo == 1 then xs with [lo] = lo * 2
        else let mid = lo + (hi - lo) / 2 in fill mid hi (fill lo mid xs)
      def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)
      def nth [n] (i: i64) (xs: [n]i64) : i64 = if i == 0 then xs[n] else nth (i - 1) xs
      def pick [n] (k: i64) (xs: [n]i64) : [n]i64 = if k == 0 then xs else pick (k - 1) xs
      def sums [n] (xs: [n]i64) : (i64, [n]i64) =
        if n == 0 then (0, xs) else let (s, _) = sums xs[1:] in (s + xs[0], map (* 2) xs)
      entry facts (ns: []i64) : []i64 = map fact ns
      entry factsum (n: i64) : i64 = i64.sum (map (\\i -> fact (i % 21)) (iota n))
      entry sort (xs: []i32) : []i32 = qs xs
      entry fills (n: i64) : i64 = i64.sum (fill 0 n (replicate n 0))
      entry fillin (xs: *[]i64) : []i64 = let n = length xs in fill 0 n xs
      entry deep (n: i64) : i64 = count n
      entry deeps (ns: []i64) : []i64 = map count ns
      entry fails (xs: []i64) : i64 = nth 50 xs
      entry same (xs: []i64) : ([]i64, []i64) = (pick 3 xs, xs)
      entry pairs (xs: []i64) : (i64, []i64) = sums xs
      """;

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void recursiveFunctions(String backend) throws Exception {
    List<String> r = CRunner.run(RECURSION, backend, call("facts", "[0, 5, 20]"), call("factsum", "100000"),
        call("sort", "[3, 1, 2, 3, 0]"), call("sort", "[]"), call("fills", "100000"), call("fillin", "[5, 5, 5]"),
        call("deep", "5000"), call("deep", "20000"), call("deeps", "[1, 20000, 3]"), call("fails", "[1, 2]"),
        call("same", "[1, 2]"), call("pairs", "[1, 2, 3]"));
    long fs = 0, f = 1;
    long[] fact = new long[21];
    for (int k = 0; k <= 20; k++) { fact[k] = f; f *= k + 1; }
    for (long i = 0; i < 100000; i++) fs += fact[(int) (i % 21)];
    assertEquals(List.of("[1i64, 120i64, 2432902008176640000i64]", fs + "i64", "[0i32, 1i32, 2i32, 3i32, 3i32]", "[]",
        "9999900000i64", "[0i64, 2i64, 4i64]", "5000i64",
        "ERR 2 Error: Recursion too deep: calls of \"count\" nested more than 10000 deep.\n\nBacktrace:\n-> #0  prog.fut:7:54-67\n",
        "ERR 2 Error: Recursion too deep: calls of \"count\" nested more than 10000 deep.\n\nBacktrace:\n-> #0  prog.fut:7:54-67\n",
        "ERR 2 Error: Index [2] out of bounds for array of shape [2].\n\nBacktrace:\n-> #0  prog.fut:8:58-63\n",
        "[1i64, 2i64] [1i64, 2i64]", "6i64 [2i64, 4i64, 6i64]"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore"})
  void recursiveFunctionsUpdateHandedOverArraysInPlace(String backend) throws Exception {
    // A consumed input goes into the recursive function, which updates it in place all the way down.
    String driver = io.github.futhark4j.compiler.codegen.CHarness.main("""
          int64_t d[] = {5, 5, 5, 5, 5};
          struct futhark_i64_1d *a = futhark_new_i64_1d(ctx, d, 5), *b = NULL;
          char *raw = futhark_values_raw_i64_1d(ctx, a);
          CHECK(futhark_entry_fillin(ctx, &b, a));
          int64_t out[5];
          futhark_values_i64_1d(ctx, b, out);
          printf("%d %lld %lld\\n", futhark_values_raw_i64_1d(ctx, b) == raw, (long long)out[1], (long long)out[4]);
          futhark_free_i64_1d(ctx, a); futhark_free_i64_1d(ctx, b);
        """);
    var run = io.github.futhark4j.compiler.codegen.CHarness.run(
        Frontend.check(new io.github.futhark4j.compiler.source.Source("prog.fut", RECURSION)), backend, driver,
        List.of("-O1", "-g", "-fsanitize=address"));
    assertEquals("1 2 8\n", run.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void recursiveFunctionsWithArraysEverywhere(String backend) throws Exception {
    String src = """
        def bump [n] (i: i64) (xs: *[n]i64) : *[n]i64 = if i >= n then xs else bump (i + 2) (xs with [i] = xs[i] + 1)
        def firstpos (xs: []i64) : (#none | #some i64, []i64) =
          if length xs == 0 then (#none, xs) else if xs[0] > 0 then (#some (length xs), xs) else firstpos (drop 1 xs)
        def split (k: i64) (xs: []f16) : ([]f16, {lo: []f16, n: i64}) =
          if k <= 0 || length xs == 0 then (xs, {lo = [], n = 0})
          else let (a, b) = split (k - 1) (drop 1 xs) in (a, {lo = b.lo ++ [xs[0]], n = b.n + 1})
        def gcd (a: i64) (b: i64) : i64 = if b == 0 then a else gcd b (a % b)
        entry loops (n: i64) (k: i64) : []i64 = loop xs = replicate n 0 for i < k do bump (i % 2) xs
        entry rows (m: [][]i64) : [][]i64 = map (\\r -> bump 0 (copy r)) m
        entry sums (xs: []i64) : (i64, i64, []i64) =
          match firstpos xs case (#none, _) -> (0, 0, []) case (#some n, ys) -> (1, n, ys)
        entry halves (k: i64) (xs: []f16) : ([]f16, []f16, i64) = let (a, b) = split k xs in (a, b.lo, b.n)
        entry gcds (xs: []i64) : (i64, []i64, i64) =
          (reduce gcd 0 xs, scan gcd 0 xs, (loop (a, i) = (0, 0) while gcd a i < 10 do (a + 3, i + 1)).0)
        """;
    List<String> r = CRunner.run(src, backend, call("loops", "5", "3"), call("rows", "[[1, 2, 3], [4, 5, 6]]"),
        call("sums", "[-1, 0, 3, 4]"), call("sums", "[-1]"), call("halves", "2", "[15360, 16384, 16896]"),
        call("gcds", "[12, 18, 8]"));
    assertEquals(List.of("[2i64, 1i64, 2i64, 1i64, 2i64]", "[[2i64, 2i64, 4i64], [5i64, 5i64, 7i64]]",
        "1i64 2i64 [3i64, 4i64]", "0i64 0i64 []", "[0x4200] [0x4000, 0x3c00] 2i64", "2i64 [12i64, 6i64, 2i64] 30i64"), r);
  }
}

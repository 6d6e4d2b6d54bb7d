package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Code shapes for the small pieces of work that whole programs are made of: rows produced by an
 * inner map (written in place, no allocation per row), and operators over a few elements inside
 * sequential loops (no OpenMP region, which costs far more than the work even when serial).
 */
class SmallWorkCodegenTest {

  static final String ROWS = """
      entry rows (n: i64) : [n][3]i64 = tabulate_2d n 3 (\\i j -> i * 10 + j)
      entry scaled [n][m] (a: [n][m]f64) (k: f64) : [n][m]f64 = map (\\row -> map (* k) row) a
      entry inner_size [n] (m: i64) (xs: [n]i64) : [n][m]i64 =
        map (\\x -> map (+ x) (iota (x % 1 + 2)) :> [m]i64) xs
      """;

  private static String entry(String c, String name) {
    int from = c.indexOf("int futhark_entry_" + name + "(");
    int to = c.indexOf("\nint futhark_entry_", from + 1);
    return c.substring(from, to < 0 ? c.length() : to);
  }

  @Test
  void rowsOfAnInnerMapAreWrittenIntoTheResult() throws Exception {
    String c = CodegenPerfTest.multicoreC(ROWS);
    for (String e : List.of("rows", "scaled")) {
      String body = entry(c, e);
      // (a memcpy remains only in the branch building an empty result)
      assertFalse(body.contains("memcpy(map_"), body);
      assertTrue(body.contains("= fut_row(&map_"), body);
    }
    // No row is computed on its own and checked against the others' shape.
    assertFalse(entry(c, "rows").contains("fut_same_shape"), entry(c, "rows"));
  }

  @Test
  void nestsOfKnownWorkStartThreadsOnlyForEnoughOfIt() throws Exception {
    String c = CodegenPerfTest.multicoreC("""
        entry lu_like [n] (a: [n][n]f32) (k: i64) : [n][n]f32 =
          map2 (\\i row -> if i <= k then row else map (\\x -> x - row[k] * 2) row) (iota n) a
        entry loops [n] (xs: [n]f32) (m: i64) : [n]f32 = map (\\x -> loop s = x for i < m do s * 0.5 + f32.i64 i) xs
        entry collatz [n] (xs: [n]i64) : [n]i64 =
          map (\\x -> (loop (x, s) = (x, 0) while x > 1 do (if x % 2 == 0 then x / 2 else 3 * x + 1, s + 1)).1) xs
        """);
    // The rows' work is their size (the inner map's width is made inside the function).
    assertTrue(entry(c, "lu_like").matches("(?s).*fut_threads_for_work\\(ctx, [^;]*fut_rowel\\(&a_\\d+, 2\\).*"),
        entry(c, "lu_like"));
    // A for loop's bound known before the loop scales its body's work.
    assertTrue(entry(c, "loops").matches("(?s).*fut_threads_for_work\\(ctx, [^;]*\\(double\\)m_\\d+.*"), entry(c, "loops"));
    // A while loop's work is unknown: parallel from two iterations.
    assertTrue(entry(c, "collatz").contains("fut_threads_for_heavy(ctx, "), entry(c, "collatz"));
  }

  @Test
  void nestedSumsOfFewElementsAreNotVectorised() throws Exception {
    // k-means' distance over a point's few coordinates: a vectorised loop over 4 elements spills
    // its lanes and sums them at the end; the plain loop runs below 16 elements.
    String c = CodegenPerfTest.multicoreC("""
        entry norms [n][d] (ps: [n][d]f32) : [n]f32 = map (\\p -> f32.sum (map (\\x -> x * x) p)) ps
        """);
    String e = entry(c, "norms");
    assertTrue(e.matches("(?s).*if \\(n_\\d+ - 0 < 16\\) \\{\\s*for \\(.*#pragma omp simd reduction\\(\\+:.*"), e);
  }

  @Test
  void anInnerWidthComputedPerRowKeepsTheGeneralPath() throws Exception {
    // The width depends on the row: rows are computed first and copied (the general scheme).
    assertTrue(entry(CodegenPerfTest.multicoreC(ROWS), "inner_size").contains("memcpy(map_"));
  }

  @Test
  void everyOpenMpRegionHasASerialAlternative() throws Exception {
    String c = CodegenPerfTest.multicoreC("""
        entry f [n] (xs: [n]f64) (k: i32) : (f64, [n]f64, []f64) =
          let ys = loop ys = copy xs for _i < k do map (* 2) ys
          in (f64.sum ys, scan (+) 0 ys, filter (> 1) ys)
        """);
    Matcher m = Pattern.compile("#pragma omp parallel(?: for)? num_threads\\((nt_c\\d+)\\)").matcher(c);
    int regions = 0;
    while (m.find()) {
      regions++;
      String before = c.substring(0, m.start());
      // A parallel loop whose thread count is checked first; per-thread partial loops run only
      // in the branch taken for more than one thread.
      assertTrue(before.contains("if (" + m.group(1) + " <= 1) {") || before.lastIndexOf("<= 1) {") > before.lastIndexOf("int futhark_entry_"),
          "region without a serial branch at " + m.start());
    }
    assertTrue(regions >= 4, c);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void inPlaceRowsAndSmallOperatorsComputeTheSameValues(String backend) throws Exception {
    Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    String src = ROWS + """
        entry vecloop (n: i64) : [3]i64 = loop acc = [0i64, 0, 0] for i < n do map2 (+) acc [i, 1, 2]
        entry histv (n: i64) : [2][3]i64 =
          reduce_by_index (replicate 2 (replicate 3 0)) (map2 (+)) (replicate 3 0) (map (% 2) (iota n))
                          (tabulate_2d n 3 (\\i j -> i + j))
        entry big (n: i64) : (i64, i64, i64) =
          let m = tabulate_2d n 3 (\\i j -> i * 3 + j)
          let s = scan (+) 0 (map i64.sum m)
          in (m[n - 1, 2], s[n - 1], length (filter (\\r -> r[0] % 2 == 0) m))
        """;
    List<String> r = CRunner.run(src, backend, CRunner.call("rows", "3"),
        CRunner.call("scaled", "[[1.0, 2.0], [3.0, 4.0]]", "0.5"),
        CRunner.call("inner_size", "2", "[1, 5]"),
        CRunner.call("rows", "0"),
        CRunner.call("vecloop", "4"),
        CRunner.call("histv", "5"),
        CRunner.call("big", "20000"));
    long n = 20000, total = 0, even = 0;
    for (long i = 0; i < n; i++) {
      total += 9 * i + 3;
      if ((i * 3) % 2 == 0) even++;
    }
    assertEquals(List.of(
        "[[0i64, 1i64, 2i64], [10i64, 11i64, 12i64], [20i64, 21i64, 22i64]]",
        "[[0.5f64, 1f64], [1.5f64, 2f64]]",
        "[[1i64, 2i64], [5i64, 6i64]]",
        "[]",
        "[6i64, 4i64, 8i64]",
        // rows 0, 2, 4 and rows 1, 3 of [i, i+1, i+2]
        "[[6i64, 9i64, 12i64], [4i64, 6i64, 8i64]]",
        (3 * n - 1) + "i64 " + total + "i64 " + even + "i64"), r);
  }
}

package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;

import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Shapes of generated C that matter for speed (their results are checked by the C-level tests). */
class CodegenPerfTest {

  @Test
  void arrayAssignmentsCopyOnlyTheFieldsTheRankUses() {
    assertEquals("a.mem = b.mem; a.data = b.data; a.shape[0] = b.shape[0]; a.shape[1] = b.shape[1];",
        CGen.assign("a", "b", new IrType.Arr(PrimType.I64, 2)));
    assertEquals("a.mem = b.mem; a.data = b.data; a.shape[0] = b.shape[0];",
        CGen.assign("a", "b", new IrType.Arr(PrimType.F32, 1)));
  }

  @Test
  void scalarAssignmentsArePlain() {
    assertEquals("x = y;", CGen.assign("x", "y", new IrType.Scalar(PrimType.I32)));
  }

  @Test
  void smallArraysMadeInEveryIterationTakeTheirSitesBlockBack() throws Exception {
    String c = multicoreC("""
        entry f (n: i64) (k: i64) : f32 =
          f32.sum (map (\\i -> let a = replicate k 0f32
                               let a = loop a for j < k do a with [j] = f32.i64 (i + j)
                               in a[0] + a[k - 1]) (iota n))
        """);
    String entry = c.substring(c.indexOf("int futhark_entry_f("));
    // Each thread's share of the parallel loop (and the one-thread loop for small n) has a slot
    // for the replicate, declared before its iterations and given up after them; the array's
    // reference is dropped without a call while the slot keeps the block.
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "fut_mem \\*(slot_c\\d+) = NULL;\\n(?s:.*)fut_alloc_slot\\(ctx, &\\1, &rep_\\d+, 1, (?s:.*)fut_decref_h\\(&(?s:.*)fut_slot_drop\\(\\1\\);")
        .matcher(entry);
    int shares = 0;
    while (m.find()) shares++;
    assertTrue(shares >= 1, entry);
    assertEquals(2, entry.split("fut_alloc_slot\\(", -1).length - 1, entry);
    assertEquals(2, entry.split("fut_slot_drop\\(", -1).length - 1, entry);
    assertFalse(entry.contains("fut_alloc(ctx, &rep_"), entry);
  }

  static String multicoreC(String src) throws Exception {
    return Backend.generate(Frontend.check(new Source("prog.fut", src)), "multicore", "prog").c();
  }

  @Test
  void elementwiseMapsWriteLargeResultsWithStreamingStores() throws Exception {
    String c = multicoreC("""
        entry saxpy [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\\x y -> a * x + y) xs ys
        entry pairs [n] (xs: [n]f64) : ([n]f64, [n]i32) = unzip (map (\\x -> (x * 2, i32.f64 x)) xs)
        """);
    String saxpy = c.substring(c.indexOf("int futhark_entry_saxpy("), c.indexOf("int futhark_entry_pairs("));
    assertTrue(saxpy.contains("fut_stream_worth(ctx, (n_") && saxpy.contains("fut_stream_out(") && saxpy.contains("fut_stream_fence()"),
        saxpy);
    String pairs = c.substring(c.indexOf("int futhark_entry_pairs("));
    // One decision for both results, a block copy for each.
    assertEquals(1, pairs.split("fut_stream_worth\\(", -1).length - 1, pairs);
    assertEquals(2, pairs.split("fut_stream_out\\(", -1).length - 1, pairs);
  }

  @Test
  void componentwiseSumsOfTuplesAreSimdReductions() throws Exception {
    String c = multicoreC("""
        entry f [n] (xs: [n]f32) (ys: [n]f32) : (f32, f32) =
          reduce (\\(a, b) (x, y) -> (a + x, b * y)) (0f32, 1f32) (zip xs ys)
        """);
    assertTrue(c.matches("(?s).*#pragma omp simd reduction\\(\\+:\\w+\\) reduction\\(\\*:\\w+\\).*"), c);
  }

  @Test
  void operatorsThatMixComponentsAreNotSimdReductions() throws Exception {
    String c = multicoreC("""
        entry f [n] (xs: [n]f32) (ys: [n]f32) : (f32, f32) =
          reduce (\\(a, b) (x, y) -> (a + y, b + x)) (0f32, 0f32) (zip xs ys)
        """);
    assertFalse(c.contains("omp simd"), c);
  }

  static final String HIST = """
      entry histogram [n] (is: [n]i32) : [8]i32 =
        hist (+) 0 8 (map (\\i -> i64.i32 (i & 7)) is) (replicate n 1)
      entry scanned [n] (xs: [n]i32) : [5]i32 =
        let ys = scan (+) 0 xs
        in hist (+) 0 5 (map (\\y -> i64.i32 (y % 7)) ys) (map (\\x -> x * 2) xs)
      entry updated [n] (xs: *[n]i64) : ([3]i32, [n]i64) =
        let is = map (\\x -> x % 3) xs
        let xs[0] = 2
        in (hist (+) 0 3 is (replicate n 1), xs)
      """;

  @Test
  void histogramInputsMadeByMapAndReplicateAreNotMaterialised() throws Exception {
    String c = multicoreC(HIST);
    String entry = c.substring(c.indexOf("int futhark_entry_histogram("), c.indexOf("int futhark_entry_scanned("));
    // Only the histogram itself is allocated: no index array, no array of ones.
    assertEquals(1, entry.split("fut_alloc(_slot)?\\(", -1).length - 1, entry);
  }

  @Test
  void histogramIndicesOfKnownRangeAreCheckedOncePerCall() throws Exception {
    String c = multicoreC(HIST);
    String hist = c.substring(c.indexOf("int futhark_entry_histogram("), c.indexOf("int futhark_entry_scanned("));
    String scanned = c.substring(c.indexOf("int futhark_entry_scanned("), c.indexOf("int futhark_entry_updated("));
    // i & 7 lies in [0, 7], y % 7 in [0, 6]: one test of the bucket count selects unchecked loops.
    assertTrue(hist.matches("(?s).*if \\(m_c\\d+ > 7LL\\) \\{.*"), hist);
    assertTrue(scanned.matches("(?s).*if \\(m_c\\d+ > 6LL\\) \\{.*"), scanned);
    // x % 3 for i64 x: [0, 2] (Futhark's % rounds towards negative infinity).
    String updated = c.substring(c.indexOf("int futhark_entry_updated("));
    assertTrue(updated.matches("(?s).*if \\(m_c\\d+ > 2LL\\) \\{.*"), updated);
    // An index of unknown range (i - 5) keeps only the per-element check.
    String other = multicoreC("""
        entry f [n] (is: [n]i64) : [4]i32 = hist (+) 0 4 (map (\\i -> i - 5) is) (replicate n 1)
        """);
    assertFalse(other.matches("(?s).*if \\(m_c\\d+ > -?\\d+LL\\) \\{.*"), other);
    assertTrue(other.contains(" >= 0 && "), other);
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void fusedHistogramsCountCorrectly(String backend) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    int[] is = {3, -1, 8, 15, 7, 7, 0, 100, -8, 9};
    int[] h = new int[8];
    for (int i : is) h[i & 7]++;
    int[] g = new int[5];
    int acc = 0;
    for (int x : is) {
      acc += x;
      int b = Math.floorMod(acc, 7);
      if (b < 5) g[b] += 2 * x;
    }
    String arr = java.util.Arrays.toString(is).replace(" ", "");
    List<String> r = CRunner.run(HIST, backend, CRunner.call("histogram", arr), CRunner.call("scanned", arr),
        CRunner.call("updated", "[0, 0, 1, 5]"));
    // The map reads xs before the in-place update, though the histogram runs after it.
    assertEquals(List.of(show(h), show(g), "[2i32, 1i32, 1i32] [2i64, 0i64, 1i64, 5i64]"), r);
  }

  private static String show(int[] xs) {
    List<String> s = new ArrayList<>();
    for (int x : xs) s.add(x + "i32");
    return "[" + String.join(", ", s) + "]";
  }
}

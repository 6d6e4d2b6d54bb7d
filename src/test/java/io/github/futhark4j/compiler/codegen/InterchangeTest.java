package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Schedule;
import io.github.futhark4j.compiler.source.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The interchange of maps of redomaps ({@link CInterchange}): when it fires, that the transpose
 * is read through, and results on sizes that are not multiples of the row block, the vector, the
 * column tile or the k slice (including 0 and 1).
 */
class InterchangeTest {
  static final String SRC = """
      entry mm [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
        map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) (transpose b)) a
      entry mmf [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
        map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a
      entry mmd [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
        map (\\r -> map (\\c -> f64.sum (map2 (*) r c)) (transpose b)) a
      entry batched [q][n][m][p] (as: [q][n][m]i32) (bs: [q][m][p]i32) : [q][n][p]i32 =
        map2 (\\a b -> map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) (transpose b)) a) as bs
      entry mmt [n][m][p] (a: [n][m]i32) (bt: [p][m]i32) : [n][p]i32 =
        map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) bt) a
      entry tropical [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
        map (\\r -> map (\\c -> reduce i32.max i32.lowest (map2 (+) r c)) (transpose b)) a
      entry vecmat [m][p] (v: [m]i32) (b: [m][p]i32) : [p]i32 =
        map (\\c -> i32.sum (map2 (*) v c)) (transpose b)
      entry both [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : ([n][p]i32, [p][m]i32) =
        let bt = transpose b
        in (map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) bt) a, bt)
      entry updated [n][m][p] (a: [n][m]i32) (b: *[m][p]i32) : ([n][p]i32, [m][p]i32) =
        let c = map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) (transpose b)) a
        let b[0, 0] = 1000
        in (c, b)
      entry mmix [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
        tabulate_2d n p (\\i j -> i32.sum (tabulate m (\\k -> a[i, k] * b[k, j])))
      entry mmiota [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
        map (\\i -> map (\\j -> reduce (+) 0 (map (\\k -> a[i, k] * b[k, j]) (iota m))) (iota p)) (iota n)
      entry rowsums [n][m] (a: [n][m]i32) : [n]i32 =
        map (\\r -> i32.sum r) a
      entry scaled [n][m][p] (alpha: f32) (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
        map (\\r -> map (\\c -> f32.sum (map2 (\\x y -> alpha * x * y) r c)) (transpose b)) a
      entry shifted [n][m][p] (k: i32) (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
        map (\\r -> map (\\c -> reduce i32.max i32.lowest (map2 (\\x y -> x + y - k) r c)) (transpose b)) a
      """;

  /** The micro-kernel functions generated for entry point {@code name}. */
  private static String micro(String c, String name) {
    StringBuilder sb = new StringBuilder();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?s)static void futhark4j_" + name + "_micro\\d+_\\d+\\(.*?\n}\n")
        .matcher(c);
    while (m.find()) sb.append(m.group());
    return sb.toString();
  }

  private static String entry(String c, String name) {
    int at = c.indexOf("int futhark_entry_" + name + "(");
    int end = c.indexOf("int futhark_entry_", at + 1);
    return c.substring(at, end < 0 ? c.length() : end);
  }

  @Test
  void firesOnMapsOfRedomapsAndReadsTheTransposeThroughItsSource() throws Exception {
    String c = CodegenPerfTest.multicoreC(SRC);
    // The index spellings too (opt.IotaIndex turns a[i, k] and b[k, j] into rows of a and of
    // transpose b).
    for (String e : List.of("mm", "mmf", "mmd", "batched", "mmt", "tropical", "vecmat", "both", "updated", "mmix", "mmiota")) {
      assertTrue(entry(c, e).contains("interchanged redomap"), e);
    }
    // Never materialised where every use is interchanged; kept where it is also a result.
    assertFalse(entry(c, "mm").contains("fut_transpose("));
    assertFalse(entry(c, "vecmat").contains("fut_transpose("));
    assertTrue(entry(c, "both").contains("fut_transpose("));
    // A single map over contiguous rows gains nothing: left alone.
    assertFalse(entry(c, "rowsums").contains("interchanged redomap"));
    // The micro-kernel is a function of its own (for the register allocator), a vectorisable
    // loop over a vector of columns with accumulators per row: 8 rows and a 1-row tail.
    for (String e : List.of("mm", "mmf", "mmd", "tropical", "scaled", "shifted")) {
      String k = micro(c, e);
      assertTrue(k.matches("(?s).*#pragma omp simd\\s+for \\(int jj = 0; jj < vj_c\\d+; jj\\+\\+\\).*"), e);
      assertTrue(k.contains("_micro8_") && k.contains("_micro1_"), e);
    }
    // Float sums of products are multiply-adds; integer ones and other operators are not.
    assertTrue(micro(c, "mmf").contains("FUT_FMA_F32("));
    assertTrue(micro(c, "mmd").contains("FUT_FMA_F64("));
    assertTrue(micro(c, "scaled").contains("FUT_FMA_F32("));
    for (String e : List.of("mm", "tropical", "shifted")) assertFalse(micro(c, e).contains("FUT_FMA"), e);
  }

  @Test
  void recognisesTheNestOnTheIr() throws Exception {
    Program p = Backend.optimised(Frontend.check(new Source("prog.fut", SRC)), true);
    Exp.Map mm = null, rows = null;
    for (Program.Entry e : p.entries()) {
      for (Stm s : e.body().stms()) {
        if (!(s.exp() instanceof Exp.Map m)) continue;
        if (e.signature().name().equals("mm")) mm = m;
        if (e.signature().name().equals("rowsums")) rows = m;
      }
    }
    assertNotNull(mm);
    Schedule.Nest n = Schedule.nest(mm);
    assertNotNull(n);
    // One input is the row of a (invariant in j), the other the columns of the transpose.
    assertEquals(2, n.inner().inputs().size());
    assertEquals(1, n.inner().inputs().stream().filter(Schedule.Input::column).count());
    // A map of sums of rows has the inner shape but no enclosing map: interchanged only when it
    // reads a virtual transpose (it does not, see firesOn...).
    assertNull(Schedule.nest(rows));
    assertNotNull(Schedule.inner(rows));
  }

  @Test
  void leavesMapsWhoseKernelCouldFail() throws Exception {
    String c = CodegenPerfTest.multicoreC("""
        entry f [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
          map (\\r -> map (\\c -> i32.sum (map2 (\\x y -> x / y) r c)) (transpose b)) a
        """);
    assertFalse(c.contains("interchanged redomap"));
  }

  // ---- results --------------------------------------------------------------------------------

  private static int[][] mat(int n, int m, SplittableRandom r) {
    int[][] x = new int[n][m];
    for (int[] row : x) for (int k = 0; k < m; k++) row[k] = r.nextInt(-9, 10);
    return x;
  }

  private static String lit(int[][] x, int cols) {
    if (x.length == 0) return "[]";
    List<String> rows = new ArrayList<>();
    for (int[] row : x) rows.add(lit(row, ""));
    return "[" + String.join(", ", rows) + "]";
  }

  private static String lit(int[] x, String suffix) {
    List<String> s = new ArrayList<>();
    for (int v : x) s.add(v + suffix);
    return "[" + String.join(", ", s) + "]";
  }

  private static String show(int[][] x, String suffix) {
    List<String> rows = new ArrayList<>();
    for (int[] row : x) rows.add(lit(row, suffix));
    return "[" + String.join(", ", rows) + "]";
  }

  private static int[][] transpose(int[][] b, int m, int p) {
    int[][] t = new int[p][m];
    for (int k = 0; k < m; k++) for (int j = 0; j < p; j++) t[j][k] = b[k][j];
    return t;
  }

  private static int[][] scale(int[][] x, int f) { return scale(x, f, 0); }

  private static int[][] scale(int[][] x, int f, int d) {
    int[][] y = new int[x.length][];
    for (int i = 0; i < x.length; i++) {
      y[i] = x[i].clone();
      for (int j = 0; j < y[i].length; j++) y[i][j] = y[i][j] * f + d;
    }
    return y;
  }

  private static int[][] mul(int[][] a, int[][] b, int n, int m, int p, boolean tropical) {
    int[][] c = new int[n][p];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < p; j++) {
        int acc = tropical ? Integer.MIN_VALUE : 0;
        for (int k = 0; k < m; k++) acc = tropical ? Math.max(acc, a[i][k] + b[k][j]) : acc + a[i][k] * b[k][j];
        c[i][j] = acc;
      }
    }
    return c;
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void matchesTheDefinitionOnOddSizes(String backend) throws Exception {
    Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    // n x m x p: one row, remainders of the 8-row block, more than one 128-row tile, k beyond one
    // 256 slice, columns beyond one micro-kernel width (2 vectors) and one tile, a single column.
    int[][] sizes = backend.equals("c+asan") ? new int[][] {{1, 1, 1}, {9, 17, 33}}
        : new int[][] {{1, 1, 1}, {9, 17, 33}, {13, 300, 37}, {140, 5, 130}, {3, 2, 1}};
    SplittableRandom r = new SplittableRandom(7);
    List<CRunner.Call> calls = new ArrayList<>();
    List<String> want = new ArrayList<>();
    for (int[] s : sizes) {
      int n = s[0], m = s[1], p = s[2];
      int[][] a = mat(n, m, r), b = mat(m, p, r), bt = transpose(b, m, p);
      int[][] c = mul(a, b, n, m, p, false);
      String la = lit(a, m), lb = lit(b, p);
      calls.add(CRunner.call("mm", la, lb));
      want.add(show(c, "i32"));
      calls.add(CRunner.call("mmf", la, lb));
      want.add(show(c, "f32"));
      calls.add(CRunner.call("mmd", la, lb));
      want.add(show(c, "f64"));
      int[][] a2 = mat(n, m, r), b2b = mat(m, p, r);
      calls.add(CRunner.call("batched", "[" + la + ", " + lit(a2, m) + "]", "[" + lb + ", " + lit(b2b, p) + "]"));
      want.add("[" + show(c, "i32") + ", " + show(mul(a2, b2b, n, m, p, false), "i32") + "]");
      calls.add(CRunner.call("mmt", la, lit(bt, m)));
      want.add(show(c, "i32"));
      calls.add(CRunner.call("mmix", la, lb));
      want.add(show(c, "i32"));
      calls.add(CRunner.call("mmiota", la, lb));
      want.add(show(c, "i32"));
      calls.add(CRunner.call("tropical", la, lb));
      want.add(show(mul(a, b, n, m, p, true), "i32"));
      calls.add(CRunner.call("vecmat", lit(a[0], ""), lb));
      want.add(show(mul(new int[][] {a[0]}, b, 1, m, p, false), "i32").replaceAll("^\\[|\\]$", ""));
      calls.add(CRunner.call("both", la, lb));
      want.add(show(c, "i32") + " " + show(bt, "i32"));
      int[][] b2 = mat(m, p, new SplittableRandom(0));
      for (int k = 0; k < m; k++) b2[k] = b[k].clone();
      b2[0][0] = 1000;
      calls.add(CRunner.call("updated", la, lb));
      want.add(show(c, "i32") + " " + show(b2, "i32"));
      // Free scalars of the map function reach the micro-kernel (small integers: exact in f32).
      calls.add(CRunner.call("scaled", "3.0f", la, lb));
      want.add(show(scale(c, 3), "f32"));
      calls.add(CRunner.call("shifted", "5", la, lb));
      want.add(show(scale(mul(a, b, n, m, p, true), 1, -5), "i32"));
    }
    // No rows, and rows without columns.
    calls.add(CRunner.call("mm", "[]", "[]"));
    want.add("[]");
    calls.add(CRunner.call("mm", "[[], []]", "[]"));
    want.add("[[], []]");
    List<String> got = CRunner.run(SRC, backend, calls.toArray(CRunner.Call[]::new));
    assertEquals(want, got);
  }
}

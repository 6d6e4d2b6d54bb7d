package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filter and partition share one grouping (per-chunk class counts, class-major prefix,
 * placement): at the outermost level both passes are OpenMP loops, inside a parallel region the
 * same phases are plain loops; results are stable within each class on every backend.
 */
class PartitionCodegenTest {
  static final String SRC = """
      entry part (xs: []i32) : ([]i32, []i32) = partition (\\x -> x % 2 == 0) xs
      entry classes (xs: []i64) : ([]i64, []i64) = intrinsics.partition 3 (\\x -> x % 5) xs
      entry rows (n: i64) : ([][2]i64, [][2]i64) =
        partition (\\r -> r[1] % 3 == 0) (map (\\i -> [i, (i * 7) % 10]) (iota n))
      entry manyk (k: i64) (xs: []i64) : ([]i64, []i64) = intrinsics.partition k (\\x -> x % 300) xs
      entry bad (xs: []i64) : ([]i64, []i64) = intrinsics.partition 2 (\\x -> xs[x] % 2) xs
      entry filt (xs: []i32) : []i32 = filter (\\x -> x % 2 == 0) xs
      entry few [n] (xs: [n]i32) (ys: [n]i64) : ([]i32, []i64) = unzip (filter (\\(x, _) -> x > 490) (zip xs ys))
      entry filtrows (n: i64) : [][2]i64 = filter (\\r -> r[1] % 3 == 0) (map (\\i -> [i, (i * 7) % 10]) (iota n))
      entry inmap (n: i64) : [n][8]i64 =
        map (\\r -> let (a, b) = partition (\\x -> x % 2 == 0) (map (\\j -> (r + j * 3) % 7) (iota 8))
                   in (a ++ b) :> [8]i64) (iota n)
      """;

  private static String entry(String c, String name) {
    int from = c.indexOf("int futhark_entry_" + name + "(");
    int to = c.indexOf("\nint futhark_entry_", from + 1);
    return c.substring(from, to < 0 ? c.length() : to);
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
    return n;
  }

  /** The OpenMP loop over chunks whose first statement is {@code int64_t *<var> = cnt...}. */
  private static boolean parallelPass(String body, String var) {
    return Pattern.compile("#pragma omp parallel for num_threads\\(nt_c\\d+\\)[^\\n]*\\n\\s*for \\(int t_c\\d+[^\\n]*\\n\\s*\\{\\n\\s*int64_t \\*"
        + var + "_c\\d+ = \\(cnt_c\\d+").matcher(body).find();
  }

  @Test
  void topLevelPartitionCountsAndPlacesInOpenMpLoops() throws Exception {
    String c = CodegenPerfTest.multicoreC(SRC);
    for (String e : List.of("part", "classes", "rows")) {
      String body = entry(c, e);
      assertTrue(parallelPass(body, "c"), "counting pass of " + e + ":\n" + body);
      assertTrue(parallelPass(body, "pos"), "placement pass of " + e + ":\n" + body);
      // No copy of the input to place into, no histogram: one grouping.
      assertFalse(body.contains("fut_copy("), body);
    }
    // Two classes fit a byte per row; a class count known only at run time takes four.
    assertTrue(entry(c, "part").contains("int8_t *tags_"), entry(c, "part"));
    assertTrue(entry(c, "manyk").contains("int32_t *tags_"), entry(c, "manyk"));
  }

  @Test
  void filterIsTheOneClassCaseOfTheSameGrouping() throws Exception {
    String body = entry(CodegenPerfTest.multicoreC(SRC), "filt");
    assertEquals(2, count(body, "#pragma omp parallel for"), body);
    assertTrue(body.contains("char *flags_"), body);
    assertTrue(body.contains("int64_t total_"), body);
    // A flag byte and a counter in a register, no per-class slots; scalar rows are placed
    // without a branch, rows of arrays (copied) only when kept.
    assertFalse(body.contains("int64_t *c_"), body);
    assertTrue(Pattern.compile("pos_c\\d+ \\+= flags_c\\d+\\[").matcher(body).find(), body);
    String rows = entry(CodegenPerfTest.multicoreC(SRC), "filtrows");
    assertTrue(Pattern.compile("if \\(flags_c\\d+\\[i_c\\d+\\]\\) \\{").matcher(rows).find(), rows);
  }

  @Test
  void partitionInsideAMapRunsSequentially() throws Exception {
    String body = entry(CodegenPerfTest.multicoreC(SRC), "inmap");
    // The rows after the first (peeled off, at the top level) are computed in one OpenMP loop;
    // the groupings inside it are single plain chunks.
    int loop = body.indexOf("schedule(guided)");
    assertTrue(loop > 0, body);
    int next = body.indexOf("#pragma omp parallel", loop + 1);
    String inside = body.substring(loop, next < 0 ? body.length() : next);
    assertTrue(Pattern.compile("int nt_c\\d+ = 1;\\s*const int64_t k_c").matcher(inside).find(), inside);
    assertFalse(inside.contains("fut_threads_for(ctx, ((int64_t)8LL));"), inside);
    assertTrue(inside.contains("int8_t *tags_"), inside);
    // A failure inside frees the grouping's buffers on the way out.
    assertTrue(body.contains("group_fail_"), body);
  }

  private static String arr(List<Long> xs, String t) {
    StringJoiner j = new StringJoiner(", ", "[", "]");
    for (long x : xs) j.add(x + t);
    return xs.isEmpty() ? "[]" : j.toString();
  }

  /** A stable partition into classes 0..k-1 then the rest, and the class sizes, computed here. */
  private static List<List<Long>> stable(List<Long> xs, int k, java.util.function.LongUnaryOperator cls) {
    List<List<Long>> groups = new ArrayList<>();
    for (int c = 0; c <= k; c++) groups.add(new ArrayList<>());
    for (long x : xs) {
      long c = cls.applyAsLong(x);
      groups.get(c >= 0 && c < k ? (int) c : k).add(x);
    }
    List<Long> all = new ArrayList<>(), sizes = new ArrayList<>();
    for (int c = 0; c <= k; c++) {
      all.addAll(groups.get(c));
      if (c < k) sizes.add((long) groups.get(c).size());
    }
    return List.of(all, sizes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"multicore", "c", "c+asan"})
  void largeAndEmptyPartitionsAreStable(String backend) throws Exception {
    Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    int n = 9000; // more than fut_threads_for's 4096: the multicore backend splits the work
    List<Long> xs = new ArrayList<>(), ys = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      xs.add((i * 7919) % 1013 - 500);
      ys.add((i * 31) % 97 - 10);
    }
    String xsLit = arr(xs, "").replace(", ", ",");
    List<String> r = CRunner.run(SRC, backend, CRunner.call("part", xsLit), CRunner.call("classes", arr(ys, "")),
        CRunner.call("part", "[]"), CRunner.call("filt", xsLit), CRunner.call("rows", "5000"), CRunner.call("inmap", "3"),
        CRunner.call("few", xsLit, arr(ys, "").replace(", ", ",")),
        CRunner.call("manyk", "200", xsLit), CRunner.call("manyk", "-3", "[4, 5]"),
        CRunner.call("bad", "[0, 1, 7]"), CRunner.call("bad", "[1, 2, 0]"));
    List<List<Long>> p = stable(xs, 2, x -> Math.floorMod(x, 2) == 0 ? 0 : 1);
    List<Long> evens = p.get(0).subList(0, p.get(1).get(0).intValue());
    List<Long> odds = p.get(0).subList(evens.size(), n);
    assertEquals(arr(evens, "i32") + " " + arr(odds, "i32"), r.get(0));
    List<List<Long>> q = stable(ys, 3, y -> Math.floorMod(y, 5));
    assertEquals(arr(q.get(0), "i64") + " " + arr(q.get(1), "i64"), r.get(1));
    assertEquals("[] []", r.get(2));
    assertEquals(arr(evens, "i32"), r.get(3));
    StringJoiner a = new StringJoiner(", ", "[", "]"), b = new StringJoiner(", ", "[", "]");
    for (long i = 0; i < 5000; i++) {
      String row = "[" + i + "i64, " + (i * 7) % 10 + "i64]";
      if ((i * 7) % 10 % 3 == 0) a.add(row); else b.add(row);
    }
    assertEquals(a + " " + b, r.get(4));
    StringJoiner m = new StringJoiner(", ", "[", "]");
    for (long row = 0; row < 3; row++) {
      List<Long> vals = new ArrayList<>();
      for (long j = 0; j < 8; j++) vals.add((row + j * 3) % 7);
      m.add(arr(stable(vals, 2, x -> x % 2 == 0 ? 0 : 1).get(0), "i64"));
    }
    assertEquals(m.toString(), r.get(5));
    // Few rows kept, none at the ends of the chunks: nothing written past a chunk's last one.
    List<Long> fx = new ArrayList<>(), fy = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (xs.get(i) > 490) { fx.add(xs.get(i)); fy.add(ys.get(i)); }
    }
    assertEquals(arr(fx, "i32") + " " + arr(fy, "i64"), r.get(6));
    List<List<Long>> many = stable(xs, 200, x -> Math.floorMod(x, 300));
    assertEquals(arr(many.get(0), "i64") + " " + arr(many.get(1), "i64"), r.get(7));
    // A negative class count is no class: every row is outside, in order.
    assertEquals("[4i64, 5i64] []", r.get(8));
    // A failing class function: the error, and (under AddressSanitizer) no leaked buffers.
    assertTrue(r.get(9).startsWith("ERR") && r.get(9).contains("out of bounds"), r.get(9));
    assertEquals("[1i64, 2i64, 0i64] [2i64, 1i64]", r.get(10));
  }
}

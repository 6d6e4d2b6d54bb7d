package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CRunner.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A map of scalar results writes over an input array that dies at the map and that nothing else
 * references (the loop's carried array, a consumed input, a reduction's or scan's accumulator):
 * no allocation per step. Inputs still read afterwards, read by the lambda elsewhere, or shared are
 * left alone. The expected values are the reference compiler's; AddressSanitizer checks the
 * ownership (no use after free, no double free, no leak).
 */
class InPlaceMapTest {
  private static final String SRC = """
      entry loopmap (n: i64) (k: i32) : []f32 =
        loop acc = replicate n 1f32 for i < k do map (\\x -> x * 2 + f32.i32 i) acc
      entry shared (xs: []f32) : ([]f32, []f32) = let ys = map (+1) xs in (ys, map (*2) ys)
      entry reads (n: i64) : []i64 = let a = iota n |> map (*3) in map (\\x -> x + a[0]) a
      entry consumed (xs: *[]f32) : []f32 = map (+1) xs
      entry borrowed (xs: []f32) : ([]f32, []f32) = (map (+1) xs, xs)
      entry sums [n] (xss: [][n]f32) : [n]f32 = reduce (map2 (+)) (replicate n 0) xss
      entry prods [n] (xss: [][n]f32) : [][n]f32 = scan (map2 (*)) (replicate n 1) xss
      entry firsts [n] (xss: [][n]i32) : [n]i32 = reduce (\\a b -> if a[0] > b[0] then a else b) (replicate n 0) xss
      entry pairs [n] (xss: [][n]i32) : ([n]i32, [n]i32) =
        reduce (\\(a, b) (c, _) -> (map2 (+) a c, map2 (+) b a)) (replicate n 0, replicate n 0) (zip xss xss)
      entry mins [n] (xss: [][n]f64) : [n]f64 = reduce_comm (map2 f64.min) (replicate n f64.inf) xss
      """;

  @ParameterizedTest
  @ValueSource(strings = {"c+asan", "multicore"})
  void valuesAreTheReferences(String backend) throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    String ints = "[[1, 2], [3, 4], [5, 6], [2, 9]]";
    List<String> r = CRunner.run(SRC, backend,
        call("loopmap", "4", "3"), call("shared", "[1.0, 2.0]"), call("reads", "4"), call("consumed", "[1.0, 2.0, 3.0]"),
        call("borrowed", "[1.0, 2.0]"), call("sums", "[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]"),
        call("prods", "[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]"), call("firsts", ints), call("pairs", ints),
        call("mins", "[[1.0, 9.0], [3.0, 4.0], [0.5, 6.0]]"));
    assertEquals(List.of("[12f32, 12f32, 12f32, 12f32]", "[2f32, 3f32] [4f32, 6f32]", "[0i64, 3i64, 6i64, 9i64]",
        "[2f32, 3f32, 4f32]", "[2f32, 3f32] [1f32, 2f32]", "[9f32, 12f32]", "[[1f32, 2f32], [3f32, 8f32], [15f32, 48f32]]",
        "[5i32, 6i32]", "[11i32, 21i32] [14i32, 20i32]", "[0.5f64, 4f64]"), r);
  }

  @Test
  void onlyDyingInputsNotReadOtherwiseAreTakenOver() throws Exception {
    String c = CodegenPerfTest.multicoreC(SRC);
    c = c.substring(c.indexOf("// ---- program ----"));
    assertTrue(section(c, "loopmap").contains("if (fut_unique(&p_"), section(c, "loopmap"));
    assertTrue(section(c, "consumed").contains("if (fut_unique(&xs_"), section(c, "consumed"));
    assertTrue(section(c, "mins").contains("fut_unique(&"), section(c, "mins"));
    for (String e : List.of("shared", "reads", "borrowed")) assertFalse(section(c, e).contains("fut_unique(&"), section(c, e));
  }

  /** The C of entry point {@code e}: from its definition to the next entry's. */
  private static String section(String c, String e) {
    int from = c.indexOf("int futhark_entry_" + e + "(");
    int to = c.indexOf("int futhark_entry_", from + 1);
    return c.substring(from, to < 0 ? c.length() : to);
  }
}

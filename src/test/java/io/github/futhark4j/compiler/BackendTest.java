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
        entry m3 (a: []i32) (b: []i32) (c: []i32) : []i32 = map3 (\\x y z -> x * y + z) a b c
        entry scn (xs: []i64) : []i64 = scan (+) 0 xs
        entry evens (xs: []i64) : []i64 = filter (\\x -> x % 2 == 0) xs
        entry io (n: i64) : []i64 = iota n
        entry zu (xs: []i64) (ys: []f64) : ([]f64, []i64) = let (a, b) = unzip (zip xs ys) in (b, a)
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
        entry shifts (x: i32) (n: i32) : (i32, i32, i32) = (x << n, x >> n, x >>> n)
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
        "ERR 2 division by zero\n\nBacktrace:\n-> #0  prog.fut:1:56-60\n",
        "-2147483648i32 0i32 -2147483648i32 0i32",
        "-56i8 16i8 -100i8", "127i8 -128i8 -128i8",
        "254u8 0u8 1u8 true", "-64i32 -4i32 1073741820i32", "0i32 0i32 0i32", "8i64 14i64 6i64 -13i64",
        "3.5f64 49f64 2.645751311f64 1f64", "0.4794255495f32 0i32 0.5f64", "65i8 65u16 65i64 true",
        "81i64 -9223372036854775808i64".split(" ")[0], "-9223372036854775808i64", "-5i32 3i32 5i32", "0x4000"), r);
  }
}

package io.github.futhark4j.compiler.interp;

import static io.github.futhark4j.compiler.interp.Interp.error;
import static io.github.futhark4j.compiler.interp.Interp.main;
import static io.github.futhark4j.compiler.interp.Interp.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Size parameters and coercions, loops with in-place updates, recursion. */
class SizesLoopsRecursionTest {
  @Test
  void sizeParametersAreBoundFromShapes() {
    assertEquals("3i64 2i64 6i64 [0i64, 1i64, 2i64]",
        main("def dims [n][m] 't (_: [n][m]t) = (n, m)"
            + " def idx [n] 't (_: [n]t) = iota n"
            + " entry main (xss: [][]i32) = let (n, m) = dims (transpose xss) in (n, m, n * m, idx (xss[0]))",
            "[[1, 2, 3], [4, 5, 6]]"));
    // An existential size from filter, bound by a let with a size, then used as a value.
    assertEquals("2i64 [3i32, 4i32]",
        main("entry main (xs: []i32) = let [k] (ys: [k]i32) = filter (> 2) xs in (k, ys)", "[1, 3, 2, 4]"));
  }

  @Test
  void sizeCoercionsAreCheckedAtRunTime() {
    assertEquals("[1i32, 2i32]", main("entry main (n: i64) (xs: []i32) = xs :> [n]i32", "2i64 [1, 2]"));
    EvalError e = error("entry main [n] [m] (x: [n][m]i32) (a: i64) (b: i64) = x :> [a][b]i32", "main",
        "[[1, 2], [3, 4]] 1i64 4i64");
    assertEquals("Value of (desugared) shape [2][2] cannot match shape of type \"[1][4]i32\".", e.error());
  }

  @Test
  void entryPointSizesAreChecked() {
    assertEquals("entry point arguments have invalid sizes.",
        error("entry main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys", "main", "[1, 2] [3]").error());
    assertEquals("entry point arguments have invalid sizes.", error("entry main (xs: [3]i32) = xs", "main", "[1, 2]").error());
  }

  @Test
  void loopsWithInPlaceUpdates() {
    assertEquals("[0i32, 1i32, 4i32, 9i32, 16i32] 10i32 32i32 [[0i32, 1i32], [1i32, 2i32]]",
        main("entry main (n: i64) ="
            + " let a = loop a = replicate n 0i32 for i < n do a with [i] = i32.i64 (i * i)"
            + " let s = loop s = 0 for x in iota n do s + i32.i64 x"
            + " let p = loop p = 1 while p < 20 do p * 2"
            + " let m = loop m = replicate 2 (replicate 2 0) for i < 2 do loop m for j < 2 do m with [i, j] = i32.i64 (i + j)"
            + " in (a, s, p, m)", "5i64"));
  }

  @Test
  void updatesDoNotLeakIntoSharedRows() {
    // replicate shares one row among all rows, map returns a captured array for every element, and
    // an array literal holds the same array twice: updating one row must not change the others.
    assertEquals("[[9i32, 0i32], [0i32, 0i32]] [[0i32, 0i32], [9i32, 0i32]] [0i32, 0i32] [[1i32, 2i32], [1i32, 9i32]] [1i32, 2i32]",
        main("entry main (n: i64) = let r = replicate n 0i32"
            + " let a = replicate 2 r with [0, 0] = 9"
            + " let b = map (\\_ -> r) (iota 2) with [1, 0] = 9"
            + " let q = [1, 2] let c = [q, q] with [1, 1] = 9"
            + " in (a, b, r, c, q)", "2i64"));
    // The swap reads the array that the update consumes.
    assertEquals("[2i32, 1i32, 3i32]",
        main("entry main (ys: *[]i32) = let j = 0 in ys with [j] = ys[j + 1] with [j + 1] = ys[j]", "[1, 2, 3]"));
  }

  @Test
  void copyingUpdatesAgree() {
    String p = "entry main (n: i64) = let a = loop a = replicate n 0i32 for i < n do a with [i] = i32.i64 i"
        + " in scatter (copy a) [0, 1] [a[1], a[0]]";
    SourceInterpreter in = SourceInterpreter.loadCopyingUpdates(checked(p));
    assertEquals(Interp.main(p, "3i64"), in.call("main", Interp.args(in, "main", "3i64")).stream()
        .map(io.github.futhark4j.data.ValueWriter::text).reduce((x, y) -> x + " " + y).orElse(""));
  }

  private static io.github.futhark4j.compiler.typed.TProgram checked(String p) {
    try {
      return io.github.futhark4j.compiler.Frontend.check(new io.github.futhark4j.compiler.source.Source("test.fut", p));
    } catch (io.github.futhark4j.compiler.diag.CompileException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void recursion() {
    String p = "def fib (n: i32) : i32 = if n < 2 then n else fib (n - 1) + fib (n - 2)"
        + " def sum [n] (xs: [n]i32) : i32 = if n == 0 then 0 else xs[0] + sum xs[1:]"
        + " entry main (n: i32) = (fib n, sum (map (+1) (0..<n)))";
    assertEquals("55i32 55i32", main(p, "10i32"));
    assertEquals("5000i64", run("def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)"
        + " entry main (n: i64) = count n", "main", "5000i64"));
  }

  @Test
  void recursionDeeperThanTheLimitFails() {
    EvalError e = error("def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1) entry main (n: i64) = count n",
        "main", "10001i64");
    assertEquals("Recursion too deep: calls of \"count\" nested more than 10000 deep.", e.error());
  }

  @Test
  void assertionsAndBacktraces() {
    String p = "def f (xs: []i32) (i: i32) = xs[i]\n"
        + "def g (xs: []i32) (i: i32) = f xs i\n"
        + "entry main (xs: []i32) (i: i32) = assert (i >= 0) (g xs i)\n";
    EvalError e = error(p, "main", "[1] 1");
    assertEquals("Index [1] out of bounds for array of shape [1].", e.error());
    assertEquals(3, e.backtrace().size(), e.getMessage());
    assertTrue(e.backtrace().get(0).startsWith("test.fut:1:") && e.backtrace().get(1).startsWith("test.fut:2:")
        && e.backtrace().get(2).startsWith("test.fut:3:"), e.getMessage());
    assertTrue(e.getMessage().contains("\n-> #0  test.fut:1:") && e.getMessage().contains("\n   #2  test.fut:3:"), e.getMessage());
    assertEquals("Assertion is false: (i >= 0)", error(p, "main", "[1] -1").error());
  }

  @Test
  void unsafeSkipsAssertions() {
    assertEquals("1i32", main("entry main (x: i32) : i32 = #[unsafe] assert (x % 2 == 0) (x / 2)", "3i32"));
  }
}

package io.github.futhark4j.compiler.interp;

import static io.github.futhark4j.compiler.interp.Interp.error;
import static io.github.futhark4j.compiler.interp.Interp.main;
import static io.github.futhark4j.compiler.interp.Interp.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Arrays: the second-order array combinators, shape operations, indexing, slicing, empty arrays. */
class ArraysAndSoacsTest {
  @Test
  void mapReduceScan() {
    assertEquals("[2i32, 4i32, 6i32] 6i32 [1i32, 3i32, 6i32] [5i32, 7i32, 9i32]",
        main("entry main (xs: []i32) (ys: []i32) = (map (*2) xs, reduce (+) 0 xs, scan (+) 0 xs, map2 (+) xs ys)",
            "[1, 2, 3] [4, 5, 6]"));
    assertEquals("[11i32, 22i32] [10i32, 20i32]",
        main("entry main (xs: []i32) = (map3 (\\a b c -> a + b + c) xs (map (*10) xs) (replicate 2 0),"
            + " map4 (\\a b c d -> a * b * c * d) xs xs (replicate 2 1) [10, 5])", "[1, 2]"));
  }

  @Test
  void filterPartitionAndHistograms() {
    assertEquals("[2i32, 4i32] [2i32, 4i32] [1i32, 3i32, 5i32] [0i32, 6i32, 5i32]",
        main("entry main (xs: []i32) = let (a, b) = partition (\\x -> x % 2 == 0) xs"
            + " in (filter (\\x -> x % 2 == 0) xs, a, b, hist (+) 0 3 [1, 2, 2, 9, -1, 1] [1, 2, 3, 4, 5, 5])", "[1, 2, 3, 4, 5]"));
    assertEquals("[0i32, 7i32, 3i32] [[1i32, 0i32], [0i32, 2i32]]",
        main("entry main (xs: *[3]i32) = (reduce_by_index xs i32.max 0 [1, 1, 5, -1] [7, 2, 9, 9],"
            + " reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 [(0, 0), (1, 1), (2, 0)] [1, 2, 3])", "[0, 0, 3]"));
  }

  @Test
  void scatter() {
    assertEquals("[10i32, 1i32, 30i32] [[0i32, 5i32], [0i32, 0i32]]",
        main("entry main (xs: *[3]i32) = (scatter xs [0, 2, 7, -1] [10, 30, 70, 80],"
            + " scatter_2d (replicate 2 (replicate 2 0)) [(0, 1), (2, 2)] [5, 6])", "[0, 1, 2]"));
  }

  @Test
  void shapeOperations() {
    assertEquals("[[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]"
            + " [3i32, 4i32, 5i32, 6i32, 1i32, 2i32] [5i32, 6i32, 1i32, 2i32, 3i32, 4i32] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32]",
        main("entry main (xss: [2][3]i32) = let xs = flatten xss in (transpose xss, xs, unflatten (xs :> [3 * 2]i32),"
            + " rotate 2 xs, rotate (-2) xs, xs ++ [7])", "[[1, 2, 3], [4, 5, 6]]"));
    assertEquals("[0i64, 1i64, 2i64] [7i32, 7i32] [1i32, 2i32] [true, false] 3i64",
        main("entry main (n: i64) = let (a, b) = unzip (zip [1, 2] [true, false]) in (iota n, replicate 2 7i32, a, b,"
            + " length (iota n))", "3i64"));
  }

  @Test
  void emptyArraysKeepTheirShape() {
    assertEquals("empty([0][3]i32) empty([3][0]i32) empty([0]i32) empty([0][2]f64) 3i64",
        main("entry main (n: i64) = let e = replicate n (replicate 3 0i32)"
            + " in (e, transpose e, flatten e, map (\\_ -> [1.0, 2.0]) (iota n), length (transpose e))", "0i64"));
    assertEquals("empty([0][4]i64) empty([0][0]i32)",
        main("def f [n] 't (xs: [n]t) (m: i64) = map (\\_ -> iota m) xs"
            + " entry main (xs: []i32) = (f xs 4, [] : [0][0]i32)", "empty([0]i32)"));
  }

  @Test
  void indexingAndSlicing() {
    assertEquals("3i32 [2i32, 3i32] [4i32, 3i32, 2i32, 1i32] [1i32, 3i32] [[2i32], [5i32]] [3i32, 2i32] empty([0]i32)",
        main("entry main (xs: []i32) (xss: [][]i32) = (xs[2], xs[1:3], xs[::-1], xs[0:4:2], xss[:, 1:2], xs[2:0:-1], xs[4:4])",
            "[1, 2, 3, 4] [[1, 2, 3], [4, 5, 6]]"));
  }

  @Test
  void indexOutOfBoundsIsWordedAsTheCompiledCode() {
    assertEquals("Index [4] out of bounds for array of shape [3].", error("entry main (xs: []i32) = xs[4]", "main", "[1, 2, 3]").error());
    assertEquals("Index [1, 3] out of bounds for array of shape [2][3].",
        error("entry main (xs: [][]i32) = xs[1, 3]", "main", "[[1, 2, 3], [4, 5, 6]]").error());
    assertEquals("Index [1:0] out of bounds for array of shape [5].",
        error("entry main (xs: []i32) = xs[1:0]", "main", "[1, 2, 3, 4, 5]").error());
    assertEquals("Index [0:1] out of bounds for array of shape [0].",
        error("entry main (xs: []i32) = xs[0:1]", "main", "empty([0]i32)").error());
  }

  @Test
  void ranges() {
    assertEquals("[1i32, 2i32, 3i32] [1i32, 3i32, 5i32] [5i64, 4i64] [10u8, 7u8, 4u8, 1u8] empty([0]i32)",
        main("entry main (x: i32) = (1...x, 1..3..<x+3, 5..>3i64, 10u8..7u8...1u8, x..<x)", "3i32"));
    assertEquals("Range 2..2..<-8 is invalid.", error("entry main (x: i64) = 2..2..<x", "main", "-8i64").error());
    assertEquals("Range 0..1..<-2 is invalid.", error("entry main (n: i64) = iota n", "main", "-2i64").error());
  }

  @Test
  void irregularAndMismatchedArraysAreErrors() {
    assertEquals("Cannot unflatten array of shape [4] to array of shape [-2][-2]",
        error("entry main (n: i64) (xs: []i32) = unflatten (xs :> [n * n]i32)", "main", "-2i64 [1, 2, 3, 4]").error());
  }

  @Test
  void equalityOnArrays() {
    assertEquals("true false true", main("entry main (xs: []i32) = (xs == [1, 2], xs == [2, 1], [[1.0f32]] == [[1.0]])", "[1, 2]"));
  }

}

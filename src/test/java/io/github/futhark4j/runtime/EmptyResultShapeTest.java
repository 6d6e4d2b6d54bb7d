package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Empty arrays through the built-in compiler and the runtime: the inner sizes of a [0][3] input
 * reach the program; {@code call} returns an array result as nested Java arrays of its rank
 * whatever its size (an empty {@code [][3]i64} is a {@code long[0][]}), and {@code callNative}
 * keeps the exact shape the C API's shape function reports.
 */
@Tag("native")
class EmptyResultShapeTest {
  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    p = Futhark.compile("""
        entry inner [n][m] (a: [n][m]i32) : (i64, i64) = (n, m)
        entry tr (a: [][]i32) : [][]i32 = transpose a
        entry zeros (n: i64) : [][]i32 = replicate 0 (replicate n 0i32)
        entry unfl (m: i64) : [][]i32 = unflatten (replicate 0 1i32 :> [0 * m]i32)
        entry rows (a: [][]i32) : [][]i32 = a
        entry pairs (xs: []i32) : [][]i32 = map (\\x -> [x, x]) xs
        entry tab (n: i64) (m: i64) : [][]i64 = tabulate_2d n m (\\i j -> i * 10 + j)
        entry cols (n: i64) : i64 = length (transpose (map (\\x -> [x, x, x]) (iota n)))
        """);
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  @Test
  void innerSizeOfAnEmptyInputReachesTheProgram() {
    FutharkArray e = FutharkArray.ofFlat("i32", new long[] {0, 3}, new int[0]);
    Object[] r = (Object[]) p.function("inner").call(e);
    assertEquals(0L, r[0]);
    assertEquals(3L, r[1]);
    int[][] t = (int[][]) p.function("tr").call(e);
    assertEquals(3, t.length);
    assertEquals(0, t[0].length);
  }

  @Test
  void emptyResultsKeepTheirJavaTypeAndNativeResultsTheirInnerSizes() {
    int[][] z = assertInstanceOf(int[][].class, p.function("zeros").call(4L));
    assertEquals(0, z.length);
    assertInstanceOf(int[][].class, p.function("unfl").call(5L));
    assertArrayEquals(new long[] {0, 4}, shapeOfNative("zeros", 4L));
    assertArrayEquals(new long[] {0, 5}, shapeOfNative("unfl", 5L));
    FutharkArray e = FutharkArray.ofFlat("i32", new long[] {2, 0}, new int[0]);
    assertInstanceOf(int[][].class, p.function("tr").call(e));
    assertArrayEquals(new long[] {0, 2}, shapeOfNative("tr", e));
  }

  private static long[] shapeOfNative(String entry, Object arg) {
    try (FutharkArray a = assertInstanceOf(FutharkArray.class, p.function(entry).callNative(arg))) {
      return a.shape();
    }
  }

  @Test
  void representableResultsStayNestedJavaArrays() {
    assertInstanceOf(int[][].class, p.function("zeros").call(0L));
    int[][] r = (int[][]) p.function("rows").call((Object) new int[][] {{1, 2}});
    assertArrayEquals(new int[] {1, 2}, r[0]);
  }

  @Test
  void mapProducingRowsOverNothingKeepsTheRowShape() {
    assertEquals(0, assertInstanceOf(int[][].class, p.function("pairs").call((Object) new int[0])).length);
    assertArrayEquals(new long[] {0, 2}, shapeOfNative("pairs", new int[0]));
    assertEquals(0, assertInstanceOf(long[][].class, p.function("tab").call(0L, 3L)).length);
    assertArrayEquals(new long[] {0, 3}, shapeOfNative2("tab", 0L, 3L));
    assertEquals(3L, p.function("cols").call(0L));
    assertEquals(3L, p.function("cols").call(4L));
    long[][] t = (long[][]) p.function("tab").call(2L, 2L);
    assertArrayEquals(new long[] {10, 11}, t[1]);
    int[][] pr = (int[][]) p.function("pairs").call((Object) new int[] {7});
    assertArrayEquals(new int[] {7, 7}, pr[0]);
  }

  private static long[] shapeOfNative2(String entry, Object a, Object b) {
    try (FutharkArray r = assertInstanceOf(FutharkArray.class, p.function(entry).callNative(a, b))) {
      return r.shape();
    }
  }
}

package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arrays of any rank Java can pass work: the ninth dimension and beyond used to be dropped
 * (shapes read heap contents, {@code length x[0,0,0,0,0,0,0,0]} gave -8). Each rank gets entry
 * points that read an inner length, update an element in place, map over the rows, flatten, index
 * a row, transpose, and build a result of that rank.
 */
@Tag("native")
class HighRankTest {
  static final int[] RANKS = {8, 9, 10, 13, 32};
  static FutharkProgram p;

  static String t(int r) { return "[]".repeat(r) + "i64"; }

  static String source() {
    StringBuilder sb = new StringBuilder();
    for (int r : RANKS) {
      String zeros = String.join(",", java.util.Collections.nCopies(r - 1, "0"));
      String at = "1" + ",0".repeat(r - 1);
      String flat = "x";
      for (int i = 1; i < r; i++) flat = "(flatten " + flat + ")";
      String rep = "(replicate m (i64.i32 7))";
      for (int i = 1; i < r; i++) rep = "(replicate " + (i == r - 1 ? "n" : "1") + " " + rep + ")";
      sb.append("entry inner").append(r).append(" (x: ").append(t(r)).append(") : i64 = length x[").append(zeros).append("]\n");
      sb.append("entry upd").append(r).append(" (x: *").append(t(r)).append(") : ").append(t(r)).append(" = x with [").append(at)
          .append("] = 100\n");
      sb.append("entry rows").append(r).append(" (x: ").append(t(r)).append(") : ").append(t(r)).append(" = map (\\y -> y) (reverse x)\n");
      sb.append("entry flat").append(r).append(" (x: ").append(t(r)).append(") : []i64 = ").append(flat).append('\n');
      sb.append("entry row").append(r).append(" (x: ").append(t(r)).append(") : ").append(t(r - 1)).append(" = x[1]\n");
      sb.append("entry tr").append(r).append(" (x: ").append(t(r)).append(") : ").append(t(r)).append(" = transpose x\n");
      sb.append("entry mk").append(r).append(" (n: i64) (m: i64) : ").append(t(r)).append(" = ").append(rep).append('\n');
    }
    return sb.toString();
  }

  @BeforeAll
  static void compile() throws Exception {
    p = Futhark.compile(source());
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  /** A rank-r long array of shape {2, 1, ..., 1, 3} holding 0, 1, 2, ... in row-major order. */
  static Object sample(int r) {
    int[] dims = new int[r];
    Arrays.fill(dims, 1);
    dims[0] = 2;
    dims[r - 1] = 3;
    Object a = Array.newInstance(long.class, dims);
    long[] next = {0};
    fill(a, next);
    return a;
  }

  static void fill(Object a, long[] next) {
    if (a instanceof long[] xs) {
      for (int i = 0; i < xs.length; i++) xs[i] = next[0]++;
    } else {
      for (int i = 0; i < Array.getLength(a); i++) fill(Array.get(a, i), next);
    }
  }

  static long[] shapeOf(Object a) {
    java.util.List<Long> s = new java.util.ArrayList<>();
    while (a != null && a.getClass().isArray()) {
      s.add((long) Array.getLength(a));
      a = Array.getLength(a) == 0 ? null : Array.get(a, 0);
    }
    return s.stream().mapToLong(Long::longValue).toArray();
  }

  @ParameterizedTest
  @ValueSource(ints = {8, 9, 10, 13, 32})
  void everyRankKeepsItsShape(int r) {
    Object x = sample(r);
    assertEquals(3L, p.function("inner" + r).call(x));
    Object upd = p.function("upd" + r).call(x);
    long[] shape = new long[r];
    Arrays.fill(shape, 1);
    shape[0] = 2;
    shape[r - 1] = 3;
    assertArrayEquals(shape, shapeOf(upd));
    assertArrayEquals(new long[] {0, 1, 2, 100, 4, 5}, (long[]) FutharkArray.of(upd).toFlatJava());
    Object rows = p.function("rows" + r).call(x);
    assertArrayEquals(shape, shapeOf(rows));
    assertArrayEquals(new long[] {3, 4, 5, 0, 1, 2}, (long[]) FutharkArray.of(rows).toFlatJava());
    assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, (long[]) p.function("flat" + r).call(x));
    Object row = p.function("row" + r).call(x);
    assertArrayEquals(Arrays.copyOfRange(shape, 1, r), shapeOf(row));
    assertArrayEquals(new long[] {3, 4, 5}, (long[]) FutharkArray.of(row).toFlatJava());
    try (FutharkArray tr = (FutharkArray) p.function("tr" + r).callNative(x)) {
      long[] trShape = shape.clone();
      trShape[0] = 1;
      trShape[1] = r == 2 ? 3 : 2;
      assertArrayEquals(trShape, tr.shape());
      assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, (long[]) tr.toFlatJava());
    }
    try (FutharkArray mk = (FutharkArray) p.function("mk" + r).callNative(2L, 5L)) {
      long[] mkShape = new long[r];
      Arrays.fill(mkShape, 1);
      mkShape[0] = 2;
      mkShape[r - 1] = 5;
      assertArrayEquals(mkShape, mk.shape());
      long[] sevens = new long[10];
      Arrays.fill(sevens, 7);
      assertArrayEquals(sevens, (long[]) mk.toFlatJava());
      assertArrayEquals(mkShape, shapeOf(mk.toJava()));
    }
  }
}

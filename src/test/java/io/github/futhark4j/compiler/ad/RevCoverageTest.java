package io.github.futhark4j.compiler.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;
import org.junit.jupiter.api.Test;

/**
 * The constructs the reverse sweep covers stay covered: a gradient of them must not fall back to
 * forward mode over the input's basis (exact, so the corpus's values cannot tell; but one pass per
 * input scalar). The values themselves are checked by the corpus programs under src/test/fut/ad.
 */
class RevCoverageTest {
  private static long uncoveredWhileCompiling(String src) throws Exception {
    long before = Rev.uncovered();
    Backend.optimised(Frontend.check(new Source("t.fut", src)), true);
    return Rev.uncovered() - before;
  }

  private static void covered(String body) throws Exception {
    assertEquals(0, uncoveredWhileCompiling(body), body);
  }

  @Test
  void mapsReadingFreeArraysWhole() throws Exception {
    covered("entry g [n][m] (a: [n][m]f64) (v: [m]f64) : ([n][m]f64, [m]f64) = "
        + "vjp (\\(a, v) -> f64.sum (map (\\r -> f64.sum (map2 (*) r v)) a)) (a, v) 1");
  }

  @Test
  void minimaAndMaxima() throws Exception {
    covered("entry g (xs: []f64) : []f64 = vjp (\\xs -> f64.maximum (map (\\x -> x * x) xs) + f64.minimum xs) xs 1");
  }

  @Test
  void loopsOverArraysAndWhileLoops() throws Exception {
    covered("entry g (xs: []f64) : []f64 = vjp (\\xs -> f64.sum (loop ys = xs for i < 3 do map (\\y -> f64.sin y) ys)) xs 1");
    covered("entry g (x: f64) : f64 = vjp (\\x -> let (y, _) = loop (y, j) = (x, 0i64) while y > 1 do (y * 0.5, j + 1) in y) x 1");
    covered("entry g [n] (xs: [n]f64) : [n]f64 = "
        + "vjp (\\xs -> f64.sum (loop ys = copy xs for i < n - 1 do ys with [i + 1] = ys[i + 1] * ys[i])) xs 1");
  }

  @Test
  void prefixSums() throws Exception {
    covered("entry g (xs: []f64) : []f64 = vjp (\\xs -> f64.sum (scan (+) 0 (map (\\x -> x * x) xs))) xs 1");
  }

  @Test
  void histogramsScattersAndRows() throws Exception {
    covered("entry g [n] (xs: [n]f64) (is: [n]i64) : [n]f64 = vjp (\\xs -> f64.sum (hist (+) 0 3 is (map (\\x -> x * x) xs))) xs 1");
    covered("entry g [n] (xs: [n]f64) (is: [n]i64) : [n]f64 = vjp (\\xs -> f64.sum (scatter (copy xs) is (map f64.sin xs))) xs 1");
    covered("entry g [n] (xss: [n][2]f64) : [n][2]f64 = "
        + "vjp (\\xss -> let yss = copy xss with [0] = map (\\x -> x * x) xss[1] in f64.sum (map f64.sum yss)) xss 1");
  }

  @Test
  void reductionsByOtherOperatorsAndRotations() throws Exception {
    covered("entry g (xs: []f64) : []f64 = vjp f64.product xs 1");
    covered("entry g (xs: []f64) : []f64 = vjp (\\xs -> let (s, m) = reduce (\\(a, b) (c, d) -> (a + c, f64.max b d)) (0, -f64.inf) "
        + "(map (\\x -> (f64.sin x, x * x)) xs) in s * m) xs 1");
    covered("entry g (xs: []f64) : []f64 = vjp (\\xs -> f64.sum (map2 (*) (rotate 1 xs) xs)) xs 1");
  }

  @Test
  void aLoopChangingAnArraysShapeIsNotCoveredYetStillCompiles() throws Exception {
    // The body's result is not provably of the parameter's shape: no tape of rows; forward mode.
    assertTrue(uncoveredWhileCompiling("entry g (xs: []f64) : []f64 = "
        + "vjp (\\xs -> f64.sum (loop ys = xs for i < 2 do ys ++ ys)) xs 1") > 0);
  }
}

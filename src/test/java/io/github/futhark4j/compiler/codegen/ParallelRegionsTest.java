package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every parallel region of generated C starts with {@code fut_region_begin}: the runtime lets a
 * thread touch the blocks of its own list without atomics only because blocks that earlier regions
 * left in the threads' lists are moved to the shared list before the next region starts.
 */
class ParallelRegionsTest {
  @Test
  void everyParallelRegionIsPrecededByRegionBegin() throws Exception {
    String c = CodegenPerfTest.multicoreC("""
        entry maps [n] (xs: [n]f32) : [n]f32 = map (\\x -> x * 2 + 1) xs
        entry rows [n][m] (xss: [n][m]f32) : [n][m]f32 = map (\\xs -> let s = f32.sum xs in map (/ s) xs) xss
        entry sums [n][m] (xss: [n][m]f32) : [m]f32 = reduce (map2 (+)) (replicate m 0) xss
        entry scans [n][m] (xss: [n][m]i64) : [n][m]i64 = scan (map2 (+)) (replicate m 0) xss
        entry prefix [n] (xs: [n]i64) : [n]i64 = scan (+) 0 xs
        entry hists [n] (is: [n]i64) : [16]i32 = hist (+) 0 16 (map (% 16) is) (replicate n 1)
        entry matmul [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
          map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a
        entry collatz [n] (xs: [n]i64) : [n]i64 =
          map (\\x -> (loop (x, s) = (x, 0) while x > 1 do (if x % 2 == 0 then x / 2 else 3 * x + 1, s + 1)).1) xs
        entry evens [n] (xs: [n]i64) : []i64 = filter (\\x -> x % 2 == 0) xs
        """);
    List<String> lines = c.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    int regions = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("#pragma omp parallel")) continue;
      regions++;
      assertEquals("fut_region_begin(ctx);", lines.get(i - 1), "before line " + i + " of\n" + c);
    }
    assertTrue(regions >= 9, regions + " parallel regions in\n" + c);
  }
}

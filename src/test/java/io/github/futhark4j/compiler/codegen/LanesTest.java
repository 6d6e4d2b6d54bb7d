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
import java.util.Map;
import java.util.HashMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lane-masked maps of while loops ({@link CLanes}): when they fire, and exact results at the block edges. */
class LanesTest {
  static final String SRC = """
      def steps (n: i64) : (i64, i32) =
        loop (x, i) = (n, 0i32) while x > 1 && i < 500 do
          (if x % 2 == 0 then x / 2 else 3 * x + 1, i + 1)
      entry collatz (ns: []i64) : []i32 = map (\\n -> (steps n).1) ns
      entry two (ns: []i64) : ([]i32, []i64) =
        unzip (map (\\n -> let k = n * 2 + 1
                           let (x, i) = steps k
                           in (i + 1, x + k)) ns)
      entry grid (w: i64) (h: i64) : [h][w]i32 =
        map (\\y -> map (\\x -> (steps (x * 7 + y * 3 + 1)).1) (iota w)) (iota h)
      entry divides (ns: []i64) (d: i64) : []i64 =
        map (\\n -> (loop (x, i) = (n, 0) while i < 3 do (x / d, i + 1)).0) ns
      entry counted (ns: []i64) : []i64 =
        map (\\n -> loop x = n for i < 3 do x + i) ns
      """;

  private static String entry(String c, String name) {
    int at = c.indexOf("int futhark_entry_" + name + "(");
    int end = c.indexOf("int futhark_entry_", at + 1);
    return c.substring(at, end < 0 ? c.length() : end);
  }

  @Test
  void firesOnScalarWhileLoopsOnly() throws Exception {
    String c = CodegenPerfTest.multicoreC(SRC);
    for (String e : List.of("collatz", "two", "grid")) assertTrue(entry(c, e).contains("lane-masked while loop"), e);
    // Division by a variable may fail; a for loop has a fixed trip count.
    assertFalse(entry(c, "divides").contains("lane-masked"));
    assertFalse(entry(c, "counted").contains("lane-masked"));
    // The round over the lanes is a vector loop with the branch turned into a select.
    String round = entry(c, "collatz");
    round = round.substring(round.indexOf("reduction(|:"));
    round = round.substring(0, round.indexOf("if (!any"));
    assertFalse(round.contains("if ("), round);
  }

  @Test
  void matchesOnTheIr() throws Exception {
    Program p = Backend.optimised(Frontend.check(new Source("prog.fut", SRC)), true);
    Map<String, Exp.Map> maps = new HashMap<>();
    for (Program.Entry e : p.entries()) {
      for (Stm s : e.body().stms()) if (s.exp() instanceof Exp.Map m) maps.put(e.signature().name(), m);
    }
    Schedule.Lanes s = Schedule.lanes(maps.get("two"));
    assertNotNull(s);
    assertFalse(s.before().isEmpty()); // k = n * 2 + 1
    assertFalse(s.after().isEmpty()); // i + 1, x + k
    assertNull(Schedule.lanes(maps.get("divides")));
    assertNull(Schedule.lanes(maps.get("counted")));
  }

  static int[] collatz(long n) {
    long x = n;
    int i = 0;
    while (x > 1 && i < 500) {
      x = x % 2 == 0 ? x / 2 : 3 * x + 1;
      i++;
    }
    return new int[] {(int) x, i};
  }

  private static String show(List<String> xs) { return "[" + String.join(", ", xs) + "]"; }

  @ParameterizedTest
  @ValueSource(strings = {"c", "multicore", "c+asan"})
  void matchesTheLoopOnWidthsAroundTheBlock(String backend) throws Exception {
    Assumptions.assumeTrue(CHarness.haveGcc(), "no C compiler");
    List<CRunner.Call> calls = new ArrayList<>();
    List<String> want = new ArrayList<>();
    for (int w : new int[] {0, 1, 15, 16, 17, 33}) {
      List<String> ns = new ArrayList<>(), steps = new ArrayList<>(), i1 = new ArrayList<>(), xk = new ArrayList<>();
      for (int k = 0; k < w; k++) {
        long n = 1 + (k * 37L) % 101;
        ns.add(n + "");
        steps.add(collatz(n)[1] + "i32");
        long kk = n * 2 + 1;
        int[] r = collatz(kk);
        i1.add((r[1] + 1) + "i32");
        xk.add((r[0] + kk) + "i64");
      }
      calls.add(CRunner.call("collatz", show(ns)));
      want.add(show(steps));
      calls.add(CRunner.call("two", show(ns)));
      want.add(show(i1) + " " + show(xk));
    }
    for (int[] wh : new int[][] {{17, 3}, {1, 2}, {0, 2}}) {
      List<String> rows = new ArrayList<>();
      for (int y = 0; y < wh[1]; y++) {
        List<String> row = new ArrayList<>();
        for (int x = 0; x < wh[0]; x++) row.add(collatz(x * 7L + y * 3L + 1)[1] + "i32");
        rows.add(show(row));
      }
      calls.add(CRunner.call("grid", wh[0] + "", wh[1] + ""));
      want.add(show(rows));
    }
    assertEquals(want, CRunner.run(SRC, backend, calls.toArray(CRunner.Call[]::new)));
  }
}

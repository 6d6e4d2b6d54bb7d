package io.github.futhark4j.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Generated code never takes the address of an array it updates in place or bounds-checks, other
 * than in calls of inline functions: C compilers keep an array struct whose address escapes in
 * memory, and a sequential loop that updates one in place then stores and reloads it every
 * iteration (a tridiagonal solver ran 1.7x slower for it). The slow path of an update (shared
 * memory) copies a local copy of the struct out of line, and an index error receives the shape by
 * value. Whether the slow path still copies is tested through the API (consumed inputs, which are
 * never updated where they lie).
 */
class RegisterArraysTest {
  @Test
  void updatesAndBoundsChecksDoNotTakeTheArraysAddress() throws Exception {
    String c = CodegenPerfTest.multicoreC("""
        entry thomas [n] (a: [n]f32) (b: [n]f32) (d: [n]f32) : [n]f32 =
          let (c', d') = loop (c', d') = (replicate n 0f32, replicate n 0f32) for i < n do
            let cp = if i == 0 then 0 else c'[i - 1]
            let dp = if i == 0 then 0 else d'[i - 1]
            let denom = b[i] - a[i] * cp
            in (c' with [i] = 1 / denom, d' with [i] = (d[i] - a[i] * dp) / denom)
          let x = copy d'
          in loop x for j < n - 1 do let i = n - 2 - j in x with [i] = d'[i] - c'[i] * x[i + 1]
        """);
    c = c.substring(c.indexOf("// ---- program ----")); // the program, not the engine before it
    assertTrue(c.contains("fut_unshare(ctx, &cp_"), c);
    assertFalse(c.contains("fut_copy(ctx, &cp_"), c);
    assertTrue(c.contains("fut_index_error("), c);
    // The shape argument of every index error is a compound literal of its dimensions.
    var errors = Pattern.compile("fut_index_error\\(ctx, [^;]*;").matcher(c);
    while (errors.find()) {
      assertTrue(errors.group().matches(".*, \\(int64_t\\[\\]\\)\\{[a-z_0-9]+\\.shape\\[0\\]\\}\\);"), errors.group());
    }
  }
}

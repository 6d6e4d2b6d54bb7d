package io.github.futhark4j.cli;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.util.Arrays;
import java.util.List;
import javax.script.Invocable;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;

/**
 * {@code demo}: runs a handful of Futhark kernels through the standard JSR-223 API, the way a Java
 * developer would, and prints what they return. The first run compiles (seconds); later runs hit the
 * disk cache.
 */
public final class DemoCommand implements Command {
  @Override
  public String name() { return "demo"; }

  @Override
  public String summary() { return "run a few Futhark kernels through the ScriptEngine and print their results"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j demo

        Obtains the 'futhark' ScriptEngine through javax.script.ScriptEngineManager, evaluates a few
        Futhark programs (compiled by the built-in compiler, cached on disk) and calls them from Java:
        a sum by reduce, a map, a 2-D map, a factorisation loop with a scalar input, the batch
        factorisation with in-place updates, a dyadic dot product, and an out-of-bounds index caught as
        a Java exception.

        Exit codes: 0 every kernel gave the expected result; 1 otherwise.
        """;
  }

  @Override
  public int run(List<String> args, Cli cli) throws Exception {
    if (!args.isEmpty()) throw new UsageException("demo takes no arguments");
    ScriptEngine fut = new ScriptEngineManager().getEngineByName("futhark");
    if (fut == null) throw new ExitException(1, "the 'futhark' ScriptEngine is not registered");
    var out = cli.out();
    out.println("Futhark4J demo: " + fut.getFactory().getEngineName() + " " + fut.getFactory().getEngineVersion());
    boolean ok = true;

    ok &= show(out, "sum by reduce",
        call(fut, "entry sum (xs: []f64) : f64 = reduce (+) 0 xs", new double[] {1, 2, 3, 4, 5}), 15.0);
    ok &= show(out, "map (* 2)",
        call(fut, "entry double (xs: []f64) : []f64 = map (* 2) xs", new double[] {1, 2, 3}),
        new double[] {2, 4, 6});
    ok &= show(out, "2-D map",
        call(fut, "entry inc (xss: [][]f64) : [][]f64 = map (map (+ 1)) xss", (Object) new double[][] {{1, 2}, {3, 4}}),
        new double[][] {{2, 3}, {4, 5}});
    String factors = """
        entry factors (n: i64) : []i64 =
          let (_, _, result) =
            loop (x, i, acc) = (n, 2i64, ([] : []i64))
            while x > 1 do
              if x % i == 0 then (x / i, i, acc ++ [i]) else (x, i + 1, acc)
          in result
        """;
    ok &= show(out, "factors 360", call(fut, factors, 360L), new long[] {2, 2, 2, 3, 3, 5});
    String batch = """
        def factorize (n: i64) : [32]i64 =
          let (_, _, factors, _) =
            loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
            while x > 1 && c < 32 do
              if x % i == 0 then (x / i, i, acc with [c] = i, c + 1) else (x, i + 1, acc, c)
          in factors
        entry batch (ns: []i64) : [][32]i64 = map factorize ns
        """;
    long[][] fs = (long[][]) call(fut, batch, (Object) new long[] {12, 100, 30});
    long[][] firstFour = Arrays.stream(fs).map(r -> Arrays.copyOf(r, 4)).toArray(long[][]::new);
    ok &= show(out, "batch factorisation (first 4 of 32 columns)", firstFour,
        new long[][] {{2, 2, 3, 0}, {2, 2, 5, 5}, {2, 3, 5, 0}});
    fut.eval("entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)");
    ok &= show(out, "dot via Invocable.invokeFunction",
        ((Invocable) fut).invokeFunction("dot", new double[] {1, 2, 3}, new double[] {4, 5, 6}), 32.0);

    FutharkFunction at = (FutharkFunction) fut.eval("entry at (xs: []i32) (i: i64) : i32 = xs[i]");
    try {
      at.call(new int[] {1, 2, 3}, 7L);
      out.println("  out-of-bounds index: no exception (WRONG)");
      ok = false;
    } catch (RuntimeException e) {
      out.println("  out-of-bounds index -> " + e.getClass().getSimpleName() + ": "
          + e.getMessage().lines().findFirst().orElse(""));
    }
    try {
      fut.eval("entry broken (x: i32) : i32 = x + y");
      ok = false;
    } catch (ScriptException e) {
      out.println("  type error -> ScriptException at line " + e.getLineNumber() + ", column " + e.getColumnNumber()
          + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
    if (fut instanceof AutoCloseable c) c.close();
    out.println(ok ? "All kernels gave the expected results." : "Some kernels gave unexpected results.");
    return ok ? 0 : 1;
  }

  private static Object call(ScriptEngine fut, String src, Object... args) throws ScriptException {
    Object f = fut.eval(src);
    FutharkFunction fn = f instanceof FutharkFunction ff ? ff : ((FutharkProgram) f).entryPoints().values().iterator().next();
    return fn.call(args);
  }

  private static boolean show(java.io.PrintStream out, String what, Object got, Object expected) {
    boolean same = Arrays.deepEquals(new Object[] {got}, new Object[] {expected});
    out.println("  " + what + " = " + render(got) + (same ? "" : "   (WRONG, expected " + render(expected) + ")"));
    return same;
  }

  private static String render(Object v) {
    String s = Arrays.deepToString(new Object[] {v});
    return s.substring(1, s.length() - 1);
  }
}

package io.github.futhark4j.bench;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.polyglot.ScriptRunner;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

/**
 * Measures the polyglot bridge (not a test): time to pass 1M f64 into an entry point and back out
 * from JavaScript and from Python, and the per-call cost of a scalar entry point, next to the same
 * calls from Java. Prints a Markdown table.
 *
 * <pre>java -cp ... io.github.futhark4j.bench.PolyglotBench [--stand-in | --external FUTHARK] [--entries SUM,COPY,INC] [N]</pre>
 *
 * With {@code --stand-in} the entry points are computed in Java (no C compiler, no native
 * runtime), which isolates the cost of the polyglot layer itself: guest-to-Java conversion and the
 * result arrays. Without it the program is compiled by {@link Futhark#compile}, with an external
 * {@code futhark} if given; {@code --entries} names the three entry points to use instead of
 * {@code total} ([]f64 -> f64), {@code copy} ([]f64 -> []f64) and {@code inc} (i64 -> i64).
 */
public final class PolyglotBench {
  private static final String SOURCE = """
      entry copy (xs: []f64) : []f64 = map (\\x -> x + 0) xs
      entry total (xs: []f64) : f64 = reduce (+) 0 xs
      entry inc (x: i64) : i64 = x + 1
      """;

  private PolyglotBench() {}

  public static void main(String[] args) {
    List<String> a = Arrays.asList(args);
    boolean standIn = a.contains("--stand-in");
    int n = a.stream().filter(x -> x.matches("\\d+")).mapToInt(Integer::parseInt).findFirst().orElse(1_000_000);
    String external = a.contains("--external") ? a.get(a.indexOf("--external") + 1) : null;
    String[] names = a.contains("--entries") ? a.get(a.indexOf("--entries") + 1).split(",") : new String[] {"total", "copy", "inc"};
    FutharkProgram program = standIn ? standInProgram() : compileReal(external);
    FutharkLanguage.useCompiler((source, file, options) -> program);
    String totalName = names[0];
    String copyName = names[1];
    String incName = names[2];

    System.out.println("| route | 1M f64 in (sum) | 1M f64 in + out (copy) | scalar call |");
    System.out.println("|---|---|---|---|");
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) xs[i] = i * 0.5;
    FutharkFunction copy = program.function(copyName);
    FutharkFunction total = program.function(totalName);
    FutharkFunction inc = program.function(incName);
    row("Java (FutharkFunction.call)",
        () -> time(() -> total.call((Object) xs), 30),
        () -> time(() -> copy.call((Object) xs), 30),
        () -> time(() -> inc.call(41L), 200_000));

    try (Context js = ScriptRunner.contextBuilder("js", Map.of()).build()) {
      js.eval("js", "var p = Polyglot.eval('futhark', 'bench'); var total = p['" + totalName + "'], copy = p['" + copyName
          + "'], inc = p['" + incName + "']; var xs = new Float64Array(" + n + ");"
          + "for (let i = 0; i < xs.length; i++) xs[i] = i * 0.5;"
          + "function inLoop(k) { let s = 0; for (let i = 0; i < k; i++) s += total(xs); return s; }"
          + "function inOut(k) { let s = 0; for (let i = 0; i < k; i++) { const v = new Float64Array(copy(xs)); s += v[v.length - 1]; } return s; }"
          + "function calls(k) { let s = 0; for (let i = 0; i < k; i++) s += inc(i); return s; }");
      row("JavaScript (futhark language, Float64Array)",
          () -> loop(js.getBindings("js").getMember("inLoop"), 30),
          () -> loop(js.getBindings("js").getMember("inOut"), 30),
          () -> loop(js.getBindings("js").getMember("calls"), 200_000));
    }
    try (Context py = ScriptRunner.contextBuilder("python", Map.of()).build()) {
      py.eval("python", "import polyglot, array\np = polyglot.eval(language='futhark', string='bench')\n"
          + "total = getattr(p, '" + totalName + "')\ncopy = getattr(p, '" + copyName + "')\ninc = getattr(p, '" + incName + "')\n"
          + "xs = array.array('d', bytes(8 * " + n + "))\n"
          + "def in_loop(k):\n    s = 0\n    for i in range(k):\n        s += total(xs)\n    return s\n"
          + "def in_out(k):\n    s = 0\n    for i in range(k):\n        r = copy(xs)\n        s += r[len(r) - 1]\n    return s\n"
          + "def calls(k):\n    s = 0\n    for i in range(k):\n        s += inc(i)\n    return s\n");
      row("Python (futhark language, array('d'))",
          () -> loop(py.getBindings("python").getMember("in_loop"), 20),
          () -> loop(py.getBindings("python").getMember("in_out"), 20),
          () -> loop(py.getBindings("python").getMember("calls"), 50_000));
    }
    System.out.println();
    System.out.println("(" + (standIn ? "stand-in entry points computed in Java: the polyglot layer alone"
        : "native entry points " + String.join(", ", names))
        + "; N = " + n + "; milliseconds per call for arrays, microseconds per call for scalars; best of 5 rounds after 4 warm-up rounds)");
  }

  /** Measures every cell twice and keeps the second: the first pass warms up all code paths together. */
  private static void row(String route, java.util.function.DoubleSupplier arrayIn, java.util.function.DoubleSupplier arrayInOut,
      java.util.function.DoubleSupplier scalar) {
    for (int pass = 0; pass < 2; pass++) {
      double a = arrayIn.getAsDouble();
      double b = arrayInOut.getAsDouble();
      double c = scalar.getAsDouble();
      if (pass == 1) row(route, a, b, c);
    }
  }

  private static void row(String route, double arrayIn, double arrayInOut, double scalar) {
    System.out.printf("| %s | %.2f ms | %.2f ms | %.2f us |%n", route, arrayIn * 1e3, arrayInOut * 1e3, scalar * 1e6);
  }

  /**
   * Seconds per iteration of an action: best of 5 rounds after 4 warm-up rounds. On a stock JDK
   * Truffle runs interpreter-only, but the Java side (ours and the guests' interop code) is still
   * compiled by HotSpot, which needs the warm-up.
   */
  private static double time(Runnable action, int iterations) {
    double best = Double.MAX_VALUE;
    for (int round = 0; round < 9; round++) {
      long t0 = System.nanoTime();
      for (int i = 0; i < iterations; i++) action.run();
      double per = (System.nanoTime() - t0) / 1e9 / iterations;
      if (round >= 4) best = Math.min(best, per);
    }
    return best;
  }

  /** Seconds per iteration of a guest loop function {@code f(k)}. */
  private static double loop(Value f, int iterations) {
    return time(() -> f.execute(iterations), 1) / iterations;
  }

  private static FutharkProgram compileReal(String external) {
    try {
      FutharkOptions o = FutharkOptions.defaults();
      if (external != null) o = o.withCompiler("external").withFuthark(java.nio.file.Path.of(external));
      return Futhark.compile(SOURCE, o);
    } catch (Exception e) {
      throw new IllegalStateException("cannot compile the benchmark program (use --stand-in before the compiler is merged): " + e, e);
    }
  }

  /** Entry points computed in Java, with the same types as {@link #SOURCE}. */
  private static FutharkProgram standInProgram() {
    Map<String, FutharkFunction> fns = new java.util.LinkedHashMap<>();
    FutharkProgram[] self = new FutharkProgram[1];
    fns.put("copy", new JavaFunction("copy", List.of("[]f64"), List.of("[]f64"), a -> ((double[]) a[0]).clone(), self));
    fns.put("total", new JavaFunction("total", List.of("[]f64"), List.of("f64"), a -> {
      double s = 0;
      for (double x : (double[]) a[0]) s += x;
      return s;
    }, self));
    fns.put("inc", new JavaFunction("inc", List.of("i64"), List.of("i64"), a -> (Long) a[0] + 1, self));
    self[0] = new FutharkProgram() {
      @Override public Map<String, FutharkFunction> entryPoints() { return fns; }

      @Override public FutharkFunction function(String name) { return fns.get(name); }

      @Override public void close() {}
    };
    return self[0];
  }

  private record JavaFunction(String name, List<String> parameterTypes, List<String> resultTypes,
      Function<Object[], Object> body, FutharkProgram[] owner) implements FutharkFunction {
    @Override public Object call(Object... args) { return body.apply(args); }

    @Override public Object callNative(Object... args) { return body.apply(args); }

    @Override public FutharkProgram program() { return owner[0]; }

    @Override public void prepare() { }
  }
}

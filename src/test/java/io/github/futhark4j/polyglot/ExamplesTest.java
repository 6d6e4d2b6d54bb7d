package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkProgramException;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example scripts in {@code scripts/examples/} run against stand-in entry points computed in
 * Java (served by the names after {@code entry} in their Futhark source), so the scripts' own
 * JavaScript and Python are checked before the compiler is merged. {@link EndToEndTest} runs them
 * against compiled Futhark.
 */
class ExamplesTest {
  static final Map<String, FakeFunction> STAND_INS = Map.of(
      "standardise", new FakeFunction("standardise", List.of("[]f64"), List.of("[]f64"), a -> {
        double[] xs = (double[]) a[0];
        double mean = 0;
        for (double x : xs) mean += x;
        mean /= xs.length;
        double var = 0;
        for (double x : xs) var += (x - mean) * (x - mean);
        double sd = Math.sqrt(var / xs.length);
        double[] r = new double[xs.length];
        for (int i = 0; i < r.length; i++) r[i] = (xs[i] - mean) / sd;
        return r;
      }),
      "smooth", new FakeFunction("smooth", List.of("[]f64"), List.of("[]f64"), a -> {
        double[] xs = (double[]) a[0];
        int n = xs.length;
        double[] r = new double[n];
        for (int i = 0; i < n; i++) r[i] = (xs[Math.max(0, i - 1)] + xs[i] + xs[Math.min(n - 1, i + 1)]) / 3;
        return r;
      }),
      "energy", new FakeFunction("energy", List.of("[]f64"), List.of("f64"), a -> {
        double s = 0;
        for (double x : (double[]) a[0]) s += x * x;
        return s;
      }),
      "at", new FakeFunction("at", List.of("[]i32", "i64"), List.of("i32"), a -> {
        int[] xs = (int[]) a[0];
        long i = (Long) a[1];
        if (i < 0 || i >= xs.length) {
          throw new FutharkProgramException("Error: Index [" + i + "] out of bounds for array of shape [" + xs.length + "].");
        }
        return xs[(int) i];
      }),
      "div", new FakeFunction("div", List.of("i32", "i32"), List.of("i32"), a -> {
        if ((Integer) a[1] == 0) throw new FutharkProgramException("Error: division by zero");
        return (Integer) a[0] / (Integer) a[1];
      }));

  @BeforeAll
  static void standIns() {
    Pattern entry = Pattern.compile("entry (\\w+)");
    FutharkLanguage.useCompiler((source, file, options) -> {
      if (source.contains("(x +")) {
        throw new FutharkCompileException("<eval>:1:33: error: Expected expression after '+'", "<eval>", 1, 33, null);
      }
      List<FakeFunction> fns = new ArrayList<>();
      Matcher m = entry.matcher(source);
      while (m.find()) fns.add(STAND_INS.get(m.group(1)));
      return new FakeProgram(fns.toArray(FakeFunction[]::new));
    });
  }

  @AfterAll
  static void realCompiler() {
    FutharkLanguage.useCompiler(null);
  }

  static String runJs(String file, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of("js", Path.of("scripts/examples", file).toString()));
    all.addAll(List.of(args));
    int status = ScriptRunner.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, file + ": " + err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void javaScriptExamples() {
    assertTrue(runJs("kernel.js", "5000").contains("5000 values ([]f64), mean 0.000000, variance 1.000000"));
    String chain = runJs("chain.js");
    assertTrue(chain.contains("handle of type []f64, still native"), chain);
    assertEquals(5, STAND_INS.get("smooth").nativeCalls, "one native call per smoothing pass");
    assertTrue(STAND_INS.get("energy").lastRawArgs[0] instanceof FakeFunction.FakeHandle, "energy got the handle");
    String errors = runJs("errors.js");
    assertTrue(errors.contains("syntax error: caught: <eval>:1:33"), errors);
    assertTrue(errors.contains("wrong argument type: caught: entry point 'at', parameter 1 ([]i32)"), errors);
    assertTrue(errors.contains("wrong element type: caught:") && errors.contains("Float64Array"), errors);
    assertTrue(errors.contains("index out of bounds: caught: Error: Index [3] out of bounds"), errors);
    assertTrue(errors.contains("in bounds: at([1, 2, 3], 1) = 2"), errors);
  }

  @Test
  void pythonExamplesInOneContext() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Context py = ScriptRunner.contextBuilder("python", Map.of()).out(out).build()) {
      py.eval(Source.newBuilder("python", Path.of("scripts/examples/kernel.py").toFile()).build());
      py.eval(Source.newBuilder("python", Path.of("scripts/examples/errors.py").toFile()).build());
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("values ([]f64), mean 0.000000, variance 1.000000"), text);
    assertTrue(text.contains("div(7, 2) = 3"), text);
    assertTrue(text.contains("div(7, 0): caught at None:None:None: Error: division by zero"), text);
    assertTrue(text.contains("div(7, 2.5): bad argument: entry point 'div', parameter 2 (i32)"), text);
    assertTrue(text.contains("compile error at <eval>:1:33: <eval>:1:33: error"), text);
  }
}

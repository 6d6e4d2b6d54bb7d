package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real thing: Futhark compiled by {@link Futhark#compile} (built-in compiler, gcc, JNA runtime)
 * and called from JavaScript and Python, including the example scripts. Skipped while the
 * compiler is still the skeleton's stub, i.e. until the parts are merged.
 */
class EndToEndTest {
  static Context js;


  @BeforeAll
  static void setUp() {
    FutharkLanguage.useCompiler(null);
    js = ScriptRunner.contextBuilder("js", Map.of()).build();
  }

  @AfterAll
  static void tearDown() {
    if (js != null) js.close();
  }

  static Value js(String code) {
    return js.eval("js", code);
  }

  @Test
  void arraysScalarsAndTuplesFromJavaScript() {
    js("var p = Polyglot.eval('futhark', `\n"
        + "entry sum (xs: []f64) : f64 = reduce (+) 0 xs\n"
        + "entry scale (k: f64) (xs: []f64) : []f64 = map (\\\\x -> k * x) xs\n"
        + "entry rowsums (m: [][]i64) : []i64 = map (\\\\r -> reduce (+) 0 r) m\n"
        + "entry minmax (xs: []i32) : (i32, i32) = (reduce i32.min i32.highest xs, reduce i32.max i32.lowest xs)\n"
        + "entry at (xs: []i32) (i: i64) : i32 = xs[i]\n`);");
    assertEquals(6.5, js("p.sum(new Float64Array([1, 2, 3.5]))").asDouble());
    assertEquals("2,4,6", js("Array.from(new Float64Array(p.scale(2, [1, 2, 3]))).join(',')").asString());
    assertEquals("3,7", js("Array.from(p.rowsums([[1n, 2n], [3n, 4n]])).join(',')").asString());
    assertEquals("-3,9", js("Array.from(p.minmax(new Int32Array([5, -3, 9]))).join(',')").asString());
    assertEquals(12.0, js("p.sum(p.scale.native(2, [1, 2, 3]))").asDouble(), "a native handle chains");
    String msg = js("try { p.at(new Int32Array([1, 2, 3]), 3); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.toLowerCase().contains("out of bounds") || msg.toLowerCase().contains("index"), msg);
  }

  @Test
  void compileErrorsAreSyntaxErrorsWithALocation() {
    PolyglotException e = org.junit.jupiter.api.Assertions.assertThrows(PolyglotException.class,
        () -> js.eval("futhark", "entry f (x: i32) : i32 =\n  (x +"));
    assertTrue(e.isSyntaxError(), e.getMessage());
    assertTrue(e.getSourceLocation() != null && e.getSourceLocation().getStartLine() >= 1, e.getMessage());
  }

  static String runScript(String lang, String file, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] all = new String[args.length + 2];
    all[0] = lang;
    all[1] = Path.of("scripts/examples", file).toString();
    System.arraycopy(args, 0, all, 2, args.length);
    int status = ScriptRunner.run(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, file + " failed: " + err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void javaScriptExamples() {
    String kernel = runScript("js", "kernel.js", "10000");
    assertTrue(kernel.contains("10000 values ([]f64), mean 0.000000, variance 1.000000"), kernel);
    String chain = runScript("js", "chain.js");
    assertTrue(chain.contains("handle of type []f64, still native") && chain.contains("after 5 smoothing passes"), chain);
    String errors = runScript("js", "errors.js");
    assertEquals(4, errors.lines().filter(l -> l.contains(": caught: ")).count(), errors);
    assertTrue(errors.contains("in bounds: at([1, 2, 3], 1) = 2"), errors);
  }

  @Test
  void pythonExamplesInOneContext() throws Exception {
    // One GraalPy start-up for both scripts.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Context py = ScriptRunner.contextBuilder("python", Map.of()).out(out).build()) {
      py.eval(Source.newBuilder("python", Path.of("scripts/examples/kernel.py").toFile()).build());
      py.eval(Source.newBuilder("python", Path.of("scripts/examples/errors.py").toFile()).build());
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("values ([]f64), mean 0.000000, variance 1.000000"), text);
    assertTrue(text.contains("div(7, 2) = 3"), text);
    assertTrue(text.contains("div(7, 0): caught at <string>:1:"), text);
    assertTrue(text.contains("div(7, 2.5): bad argument: entry point 'div', parameter 2 (i32)"), text);
    assertTrue(text.contains("compile error at <string>:1:"), text);
  }
}

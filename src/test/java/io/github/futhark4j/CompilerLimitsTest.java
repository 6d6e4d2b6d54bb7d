package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compiler is protected: deep programs compile (the compiler runs on a thread with a large
 * stack), and running out of stack, heap or the inlining budget is a compile error that names the
 * limit, from {@link Futhark#compile} and from the script engine, never an {@link Error}.
 */
@Tag("native")
class CompilerLimitsTest {
  @TempDir Path tmp;

  static String sum(int terms) {
    return "entry f (x: i64) : i64 = " + "x + ".repeat(terms - 1) + "1\n";
  }

  static String parens(int depth) {
    return "entry f (x: i64) : i64 = " + "(".repeat(depth) + "x + 1" + ")".repeat(depth) + "\n";
  }

  /** Functions f1 ... fn, each calling the previous one twice: 2^n copies when inlined. */
  static String doubling(int n) {
    StringBuilder sb = new StringBuilder("def f0 (x: i64) : i64 = x + 1\n");
    for (int i = 1; i <= n; i++) sb.append("def f").append(i).append(" (x: i64) : i64 = f").append(i - 1).append(" (f").append(i - 1).append(" x)\n");
    return sb.append("entry main (x: i64) : i64 = f").append(n).append(" x\n").toString();
  }

  @Test
  void aSumOfTwentyThousandTermsCompiles() throws Exception {
    try (FutharkProgram p = Futhark.compile(sum(20_000))) {
      assertEquals(2L * 19_999 + 1, p.function("f").call(2L));
    }
  }

  @Test
  void fiveThousandNestedParenthesesCompile() throws Exception {
    try (FutharkProgram p = Futhark.compile(parens(5000))) {
      assertEquals(8L, p.function("f").call(7L));
    }
  }

  @Test
  void runningOutOfStackIsACompileErrorNamingTheLimit() throws Exception {
    String old = System.setProperty("futhark4j.compilerStack", "1m");
    try {
      FutharkCompileException e = assertThrows(FutharkCompileException.class, () -> Futhark.compile(parens(20_000)));
      assertTrue(e.getMessage().contains("nested too deeply") && e.getMessage().contains("1 MiB")
          && e.getMessage().contains("futhark4j.compilerStack"), e.getMessage());
      assertInstanceOf(StackOverflowError.class, e.getCause().getCause());
      ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
      ScriptException se = assertThrows(ScriptException.class, () -> engine.eval(parens(20_001)));
      assertTrue(se.getMessage().contains("futhark4j.compilerStack"), se.getMessage());
    } finally {
      if (old == null) System.clearProperty("futhark4j.compilerStack");
      else System.setProperty("futhark4j.compilerStack", old);
    }
  }

  @Test
  void theInliningBudgetStopsExponentialPrograms() {
    long t0 = System.nanoTime();
    FutharkCompileException e = assertThrows(FutharkCompileException.class, () -> Futhark.compile(doubling(40)));
    assertTrue(e.getMessage().contains("too large after inlining") && e.getMessage().contains("futhark4j.inlineBudget"),
        e.getMessage());
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "the budget is reached quickly");
    ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
    ScriptException se = assertThrows(ScriptException.class, () -> engine.eval(doubling(41)));
    assertTrue(se.getMessage().contains("too large after inlining"), se.getMessage());
  }

  /** With the budget lifted, a JVM with a small heap runs out of it: a compile error, and the JVM carries on. */
  @Test
  void runningOutOfHeapIsACompileErrorNamingTheLimit() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx384m", "-Dfuthark4j.inlineBudget=2000000000",
        "-Dfuthark4j.cache=" + tmp.resolve("cache"), "-cp", System.getProperty("java.class.path"),
        CompilerLimitsChild.class.getName()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("COMPILE ERROR") && out.contains("ran out of Java heap") && out.contains("-Xmx"), out);
    assertTrue(out.contains("STILL WORKS 3"), out);
  }

  @Test
  void theCheckCommandChecksDeepPrograms() throws Exception {
    Path f = tmp.resolve("deep.fut");
    Files.writeString(f, sum(5000));
    ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true), new PrintStream(err, true));
    assertEquals(0, Main.run(new String[] {"check", f.toString()}, cli), err.toString());
  }
}

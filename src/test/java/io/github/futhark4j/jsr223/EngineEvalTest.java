package io.github.futhark4j.jsr223;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.runtime.Fixture;
import java.io.StringReader;
import java.nio.file.Path;
import javax.script.CompiledScript;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * eval and compile end to end. Tests with real Futhark source need the built-in compiler; the
 * others use a stand-in futhark that emits the C fixture.
 */
class EngineEvalTest {
  private final ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");

  @AfterEach
  void close() throws Exception {
    ((AutoCloseable) engine).close();
  }

  interface Work<T> {
    T run() throws Exception;
  }

  static <T> T needsCompiler(Work<T> w) throws Exception {
    return w.run();
  }

  private ScriptException evalError(String src) throws Exception {
    try {
      engine.eval(src);
    } catch (ScriptException e) {
      return e;
    }
    throw new AssertionError("expected a ScriptException");
  }

  @Test
  void evalOfOneEntryPointGivesTheFunction() throws Exception {
    Object r = needsCompiler(() -> engine.eval("entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = reduce (+) 0 (map2 (*) xs ys)\n"));
    FutharkFunction dot = assertInstanceOf(FutharkFunction.class, r);
    assertEquals(32.0, dot.call(new double[] {1, 2, 3}, new double[] {4, 5, 6}));
    assertSame(dot, engine.get("dot"));
    assertEquals(32.0, ((javax.script.Invocable) engine).invokeFunction("dot", new double[] {1, 2, 3}, new double[] {4, 5, 6}));
  }

  @Test
  void evalOfSeveralEntryPointsGivesTheProgram() throws Exception {
    Object r = needsCompiler(() -> engine.eval(new StringReader("entry a (x: i32) : i32 = x + 1\nentry b (x: i32) : i32 = x * 2\n")));
    FutharkProgram p = assertInstanceOf(FutharkProgram.class, r);
    assertEquals(3, p.function("a").call(2));
    assertEquals(8, ((FutharkFunction) engine.get("b")).call(4));
  }

  @Test
  void compileErrorsShowFileLineColumnAndCaret() throws Exception {
    engine.put(ScriptEngine.FILENAME, "broken.fut");
    ScriptException e = evalError("entry f (x: i32) : i32 =\n  x + true\n");
    assertEquals("broken.fut", e.getFileName());
    assertEquals(2, e.getLineNumber());
    assertTrue(e.getColumnNumber() >= 3, "column " + e.getColumnNumber());
    assertTrue(e.getMessage().contains("x + true"), "shows the source line: " + e.getMessage());
    assertTrue(e.getMessage().contains("^"), "with a caret: " + e.getMessage());
  }

  @Test
  void compilableCompilesOnceAndBindsOnEval() throws Exception {
    CompiledScript cs = needsCompiler(() -> ((javax.script.Compilable) engine).compile("entry sq (x: i64) : i64 = x * x\n"));
    assertEquals(null, engine.get("sq"), "compiling alone binds nothing");
    FutharkFunction sq = (FutharkFunction) cs.eval();
    assertEquals(81L, sq.call(9));
    assertSame(engine, cs.getEngine());
  }

  @Test
  void importsResolveNextToTheFileNamedByFilename(@TempDir Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("lib.fut"), "def triple (x: i32) : i32 = 3 * x\n");
    Path main = dir.resolve("main.fut");
    String src = "import \"lib\"\nentry f (x: i32) : i32 = triple x + 1\n";
    java.nio.file.Files.writeString(main, src);
    engine.put(ScriptEngine.FILENAME, main.toString());
    FutharkFunction f = (FutharkFunction) engine.eval(src);
    assertEquals(31, f.call(10));
  }

  // ---- With a stand-in futhark (needs only the toolchain).

  private void useFake(Path dir) throws Exception {
    ScriptContext c = engine.getContext();
    c.setAttribute("futhark4j.compiler", "external", ScriptContext.ENGINE_SCOPE);
    c.setAttribute("futhark4j.futhark", Fixture.fakeFuthark(dir).toString(), ScriptContext.ENGINE_SCOPE);
    c.setAttribute("futhark4j.cache", dir.resolve("cache").toString(), ScriptContext.ENGINE_SCOPE);
  }

  @Test
  void evalThroughTheToolchainBindsEveryEntryPoint(@TempDir Path dir) throws Exception {
    useFake(dir);
    engine.getContext().setAttribute("futhark4j.threads", "2", ScriptContext.ENGINE_SCOPE);
    Object r = needsCompiler(() -> engine.eval("-- fixture\n"));
    assertInstanceOf(FutharkProgram.class, r);
    javax.script.Invocable inv = (javax.script.Invocable) engine;
    assertEquals(6.0, inv.invokeFunction("sum", (Object) new double[] {1, 2, 3}));
    assertEquals(2, inv.invokeFunction("threads"), "futhark4j.threads reached the context");
    assertInstanceOf(FutharkFunction.class, engine.get("minmax"));
  }

  @Test
  void externalCompilerFailuresAreScriptExceptions(@TempDir Path dir) throws Exception {
    useFake(dir);
    ScriptException e = evalError("SYNTAX ERROR\n");
    assertTrue(e.getMessage().contains("Unexpected token SYNTAX"), e.getMessage());
  }

  @Test
  void closingTheEngineReleasesItsPrograms(@TempDir Path dir) throws Exception {
    useFake(dir);
    FutharkProgram p = (FutharkProgram) needsCompiler(() -> engine.eval("-- closing\n"));
    ((AutoCloseable) engine).close();
    assertThrows(IllegalStateException.class, () -> p.function("live").call());
    assertThrows(IllegalStateException.class, () -> engine.eval("-- closing\n"));
  }
}

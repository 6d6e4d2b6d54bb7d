package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.nio.file.Files;
import java.nio.file.Path;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python (the real GraalPy) with the real built-in compiler: Futhark failures are Python
 * exceptions ({@code except Exception} catches them, with message and Futhark location), compile
 * errors name {@code <string>} or the file, files compile with their imports, empty results are
 * sequences of length 0, and opaque values are stored and restored. GraalPy takes seconds to
 * start, so the class shares one context; it is the context {@link ScriptRunner} uses.
 */
@Tag("native")
class PythonFutharkTest {
  static final String SRC = """
      type point = {x: f64, y: f64}
      entry at (xs: []i32) (i: i64) : i32 = xs[i]
      entry rows (n: i64) : [][3]i64 = tabulate n (\\i -> [i, i + 1, i + 2])
      entry mk (x: f64) (y: f64) : point = {x, y}
      entry norm (p: point) : f64 = f64.sqrt (p.x * p.x + p.y * p.y)
      """;

  @TempDir static Path dir;
  static Context ctx;

  @BeforeAll
  static void setUp() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    FutharkLanguage.useCompiler(null); // the real compiler, whatever another test class left behind
    Files.createDirectories(dir.resolve("lib"));
    Files.writeString(dir.resolve("lib/helpers.fut"), "def twice (x: i32) : i32 = x * 2\n");
    Files.writeString(dir.resolve("main.fut"), "import \"lib/helpers\"\nentry quad (x: i32) : i32 = twice (twice x)\n");
    Files.writeString(dir.resolve("bad.fut"), "entry g (x: i32) : i32 =\n  x + y\n");
    ctx = ScriptRunner.contextBuilder("python", java.util.Map.of()).build();
    ctx.getPolyglotBindings().putMember("SRC", SRC);
    ctx.getPolyglotBindings().putMember("DIR", dir.toString());
    ctx.eval("python", """
        import polyglot, array, os
        SRC = polyglot.import_value('SRC')
        DIR = polyglot.import_value('DIR')
        p = polyglot.eval(language='futhark', string=SRC)
        import futhark4j  # installed by the language the first time Python used it

        def catch(f, *args):
            try:
                f(*args)
            except Exception as e:
                return e
            return None

        def compile_error(**kw):
            try:
                polyglot.eval(language='futhark', **kw)
            except Exception as e:
                return e
            return None
        """);
  }

  @AfterAll
  static void tearDown() {
    if (ctx != null) ctx.close();
  }

  static Value py(String expression) {
    return ctx.eval("python", expression);
  }

  @Test
  void runTimeErrorsAreExceptionsWithTheFutharkLocation() {
    ctx.eval("python", "e = catch(p.at, [1, 2, 3], 7)");
    assertEquals("FutharkError", py("[c.__name__ for c in type(e).__mro__ if c.__module__ == 'futhark4j'][0]").asString());
    assertTrue(py("isinstance(e, Exception)").asBoolean());
    String msg = py("str(e)").asString();
    assertTrue(msg.contains("Index [7] out of bounds"), msg);
    assertEquals("<string>", py("e.file").asString());
    assertEquals(2, py("e.line").asInt());
    assertEquals(SRC.lines().toList().get(1).indexOf("xs[i]") + 1, py("e.column").asInt());
    assertEquals(msg, py("e.args[0]").asString());
    assertEquals(2, py("p.at([1, 2, 3], 1)").asInt(), "the program carries on");
  }

  @Test
  void argumentErrorsAreExceptions() {
    ctx.eval("python", "e = catch(p.at, [1, 2, 3], 'seven')");
    assertTrue(py("isinstance(e, futhark4j.ArgumentError) and isinstance(e, futhark4j.FutharkError)").asBoolean());
    assertTrue(py("str(e)").asString().contains("entry point 'at', parameter 2 (i64)"), py("str(e)").asString());
  }

  @Test
  void compileErrorsNameTheStringTheWayPythonDoes() {
    ctx.eval("python", "e = compile_error(string='entry f (x: i32) : i32 = y')");
    assertTrue(py("isinstance(e, futhark4j.CompileError) and isinstance(e, Exception)").asBoolean());
    assertEquals("<string>", py("e.filename").asString());
    assertEquals(1, py("e.lineno").asInt());
    assertEquals(26, py("e.offset").asInt());
    assertTrue(py("str(e)").asString().startsWith("<string>:1:26-27: error"), py("str(e)").asString());
  }

  @Test
  void filesCompileWithImportsNextToThemAndErrorsNameTheFile() {
    assertTrue(!Path.of("").toAbsolutePath().equals(dir), "imports must not depend on the working directory");
    assertEquals(12, py("polyglot.eval(language='futhark', path=os.path.join(DIR, 'main.fut'))(3)").asInt());
    ctx.eval("python", "e = compile_error(path=os.path.join(DIR, 'bad.fut'))");
    assertEquals(dir.resolve("bad.fut").toString(), py("e.filename").asString());
    assertEquals(2, py("e.lineno").asInt());
    assertEquals(7, py("e.offset").asInt());
    assertTrue(py("str(e)").asString().contains("bad.fut:2:7"), py("str(e)").asString());
  }

  @Test
  void emptyResultsAreSequencesOfLengthZero() {
    assertEquals(0, py("len(p.rows(0))").asInt());
    assertEquals("[]", py("str(list(p.rows(0)))").asString());
    assertEquals("[[0, 1, 2], [1, 2, 3]]", py("str([list(r) for r in p.rows(2)])").asString());
  }

  @Test
  void opaqueValuesAreStoredAndRestored() {
    ctx.eval("python", "pt = p.mk(3.0, 4.0)\nb = bytes(pt.store())\nq = p.restore(b)");
    assertEquals(5.0, py("p.norm(q)").asDouble());
    assertEquals(5.0, py("p.norm(p.norm.restore(bytearray(b)))").asDouble(), "restore from an entry point, from a bytearray");
    assertEquals("point", py("q.type").asString());
    ctx.eval("python", "e = catch(p.restore, b'not a value')");
    assertTrue(py("isinstance(e, futhark4j.ArgumentError)").asBoolean());
    assertTrue(py("str(e)").asString().contains("not a value stored"), py("str(e)").asString());
  }
}

package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.compiler.codegen.CHarness;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JavaScript (GraalJS) and Java hosts with the real built-in compiler: errors with their Futhark
 * location, files compiled with imports next to them ({@code Polyglot.evalFile},
 * {@code Source.newBuilder("futhark", file)}, with and without guest file access), empty results
 * with length 0, opaque values stored and restored, and the rule for 64-bit integers beyond 2^53.
 */
@Tag("native")
class JsFutharkTest {
  static final String SRC = """
      type point = {x: f64, y: f64}
      entry at (xs: []i32) (i: i64) : i32 = xs[i]
      entry rows (n: i64) : [][3]i64 = tabulate n (\\i -> [i, i + 1, i + 2])
      entry mk (x: f64) (y: f64) : point = {x, y}
      entry norm (p: point) : f64 = f64.sqrt (p.x * p.x + p.y * p.y)
      entry inc (x: i64) : i64 = x + 1
      entry incs (x: i64) : []i64 = [x, x + 1]
      """;

  @TempDir static Path dir;
  static Context ctx;

  @BeforeAll
  static void setUp() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    FutharkLanguage.useCompiler(null);
    Files.createDirectories(dir.resolve("lib"));
    Files.writeString(dir.resolve("lib/helpers.fut"), "def twice (x: i32) : i32 = x * 2\n");
    Files.writeString(dir.resolve("main.fut"), "import \"lib/helpers\"\nentry quad (x: i32) : i32 = twice (twice x)\n");
    Files.writeString(dir.resolve("bad.fut"), "entry g (x: i32) : i32 =\n  x + y\n");
    ctx = ScriptRunner.contextBuilder("js", Map.of()).build();
    ctx.getBindings("js").putMember("SRC", SRC);
    ctx.getBindings("js").putMember("DIR", dir.toString());
    ctx.eval("js", """
        var p = Polyglot.eval('futhark', SRC);
        function caught(f) { try { f(); } catch (e) { return e; } return null; }
        """);
  }

  @AfterAll
  static void tearDown() {
    if (ctx != null) ctx.close();
  }

  static Value js(String expression) {
    return ctx.eval("js", expression);
  }

  @Test
  void runTimeErrorsCarryMessageAndLocation() {
    js("var e = caught(() => p.at([1, 2, 3], 7))");
    assertTrue(js("e.message").asString().contains("Index [7] out of bounds"), js("e.message").asString());
    assertTrue(js("e instanceof Error").asBoolean());
    assertEquals("<eval>", js("e.file").asString(), "GraalJS's own name for evaluated code");
    assertEquals(2, js("e.line").asInt());
    assertEquals(SRC.lines().toList().get(1).indexOf("xs[i]") + 1, js("e.column").asInt());
    js("var c = caught(() => Polyglot.eval('futhark', 'entry f (x: i32) : i32 = y'))");
    assertTrue(js("c.message").asString().startsWith("<eval>:1:26-27: error"), js("c.message").asString());
    assertEquals(26, js("c.column").asInt());
  }

  @Test
  void evalFileCompilesWithImportsNextToTheFile() {
    assertEquals(12, js("Polyglot.evalFile('futhark', DIR + '/main.fut')(3)").asInt());
    js("var b = caught(() => Polyglot.evalFile('futhark', DIR + '/bad.fut'))");
    assertTrue(js("b.message").asString().startsWith(dir.resolve("bad.fut") + ":2:7-8: error"), js("b.message").asString());
    assertEquals(2, js("b.line").asInt());
  }

  @Test
  void javaHostSourcesFromFilesWithAndWithoutGuestFileAccess() throws Exception {
    try (Context plain = Context.newBuilder("futhark").option("engine.WarnInterpreterOnly", "false").build()) {
      for (Context c : new Context[] {ctx, plain}) {
        Value quad = c.eval(Source.newBuilder("futhark", dir.resolve("main.fut").toFile()).build());
        assertEquals(20, quad.execute(5).asInt());
        PolyglotException e = assertThrows(PolyglotException.class,
            () -> c.eval(Source.newBuilder("futhark", dir.resolve("bad.fut").toFile()).build()));
        assertTrue(e.isSyntaxError());
        assertTrue(e.getMessage().startsWith(dir.resolve("bad.fut") + ":2:7-8: error"), e.getMessage());
        SourceSection at = e.getSourceLocation();
        assertEquals(2, at.getStartLine());
        assertEquals(7, at.getStartColumn());
        assertEquals(dir.resolve("bad.fut").toString(), at.getSource().getPath());
      }
    }
  }

  @Test
  void emptyResultsHaveLengthZero() {
    assertEquals(0, js("p.rows(0).length").asInt());
    assertEquals(0, js("Array.from(p.rows(0)).length").asInt());
    assertEquals("1,2,3", js("Array.from(p.rows(2)[1]).join(',')").asString());
  }

  @Test
  void opaqueValuesAreStoredAndRestored() {
    js("var bytes = new Uint8Array(p.mk(3, 4).store())");
    assertEquals(5.0, js("p.norm(p.restore(bytes))").asDouble());
    assertEquals(5.0, js("p.norm(p.norm.restore(bytes.buffer))").asDouble(), "an ArrayBuffer, through an entry point");
    assertEquals(5.0, js("p.norm(p.restore(p.mk(3, 4).store()))").asDouble(), "store()'s own result");
    js("var bad = caught(() => p.restore(new Uint8Array([1, 2, 3])))");
    assertTrue(js("bad.message").asString().contains("not a value stored"), js("bad.message").asString());
  }

  @Test
  void sixtyFourBitIntegersBeyondTwoToTheFiftyThree() {
    // GraalJS shows every interop integer, like a Java long, as a number: exact as a value
    // (String, BigInt()), rounded by arithmetic. BigInts go in; BigInt(x) and BigInt64Array get
    // them out exactly.
    js("var x = p.inc(2n ** 53n)");
    assertEquals("number", js("typeof x").asString());
    assertEquals("9007199254740993", js("String(x)").asString());
    assertTrue(js("BigInt(x) === 2n ** 53n + 1n").asBoolean());
    assertTrue(js("new BigInt64Array(p.incs(2n ** 62n))[1] === 2n ** 62n + 1n").asBoolean());
    assertTrue(js("BigInt(p.incs(-(2n ** 60n))[1]) === -(2n ** 60n) + 1n").asBoolean());
    assertEquals(Long.MAX_VALUE, js("p.inc(2n ** 63n - 2n)").asLong(), "a Java host reads the exact long");
  }
}

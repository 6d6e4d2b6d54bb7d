package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.polyglot.language.FutharkLanguage;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JavaScript calling Futhark through the {@code futhark} language, against fake entry points (no C
 * compiler needed). One engine and one context for the whole class keep it quick.
 */
class LanguageJsTest {
  static Engine engine;
  static Context ctx;

  @BeforeAll
  static void setUp() {
    Fakes.install();
    engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build();
    ctx = Context.newBuilder("js", FutharkLanguage.ID).engine(engine).allowPolyglotAccess(PolyglotAccess.ALL).build();
    ctx.eval("js", "var k = Polyglot.eval('futhark', 'kernels');");
  }

  @AfterAll
  static void tearDown() {
    ctx.close();
    engine.close();
    FutharkLanguage.useCompiler(null);
  }

  static Value js(String code) {
    return ctx.eval("js", code);
  }

  @Test
  void singleEntryPointIsExecutable() {
    assertEquals(6.5, js("Polyglot.eval('futhark', 'sum')(new Float64Array([1, 2, 3.5]))").asDouble());
    assertEquals("sum", js("Polyglot.eval('futhark', 'sum').name").asString());
  }

  @Test
  void typedArrayIsReadThroughItsWindowOfTheBuffer() {
    assertEquals(7.0, js("k.sum(new Float64Array([100, 3, 4, 100]).subarray(1, 3))").asDouble());
    assertEquals("[3.0, 4.0]", Fakes.SUM.lastArg(0));
  }

  @Test
  void arrayBufferIsReadAsTheElementType() {
    assertEquals(3.0, js("k.sum(new Float64Array([1, 2]).buffer)").asDouble());
  }

  @Test
  void plainAndNestedArrays() {
    assertEquals(6.0, js("k.sum([1, 2, 3])").asDouble());
    Value r = js("k.rowsums([[1, 2], [3, 4], [5, 6]])");
    assertEquals(3, r.getArraySize());
    assertEquals(11L, r.getArrayElement(2).asLong());
    // Rows may themselves be typed arrays.
    assertEquals(7L, js("k.rowsums([new BigInt64Array([3n, 4n])])[0]").asLong());
  }

  @Test
  void irregularArrayIsRefusedWithItsPosition() {
    String msg = js("try { k.rowsums([[1, 2], [3]]); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("entry point 'rowsums', parameter 1 ([][]i64)"), msg);
    assertTrue(msg.contains("irregular"), msg);
  }

  @Test
  void wrongTypesNameEntryPointAndParameter() {
    String msg = js("try { k.add(1, 'two'); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("entry point 'add', parameter 2 (i32)") && msg.contains("string"), msg);
    msg = js("try { k.add(1, 2.5); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("expected an integer") && msg.contains("2.5"), msg);
    msg = js("try { k.add(1, 2**40); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("i32 range"), msg);
    msg = js("try { k.sum(new Int32Array(3)); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("Float64Array") && msg.contains("Int32Array"), msg);
    msg = js("try { k.sum(1, 2); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("takes 1 argument"), msg);
  }

  @Test
  void resultArrayIsAZeroCopyTypedArrayBacking() {
    Value r = js("var r = k.scale(2, new Float64Array([1, 2, 3])); var v = new Float64Array(r); v[0] = 42; "
        + "[v.length, v[1], r[0], r.length, r.type, r.shape[0]]");
    assertEquals(3, r.getArrayElement(0).asInt());
    assertEquals(4.0, r.getArrayElement(1).asDouble());
    assertEquals(42.0, r.getArrayElement(2).asDouble(), "the typed array writes into the result's memory");
    assertEquals(3, r.getArrayElement(3).asInt());
    assertEquals("[]f64", r.getArrayElement(4).asString());
    assertEquals(3, r.getArrayElement(5).asInt());
  }

  @Test
  void multiDimensionalResultsAndTuples() {
    Value t = js("var t = k.transpose([new Float32Array([1, 2, 3]), new Float32Array([4, 5, 6])]); [t.length, t[0].length, t[2][1], String(t.shape)]");
    assertEquals(3, t.getArrayElement(0).asInt());
    assertEquals(2, t.getArrayElement(1).asInt());
    assertEquals(6.0, t.getArrayElement(2).asDouble());
    Value mm = js("var m = k.minmax(new Int32Array([5, -3, 9])); [m.length, m[0], m[1], m[2]]");
    assertEquals(3, mm.getArrayElement(0).asInt());
    assertEquals(-3, mm.getArrayElement(1).asInt());
    assertEquals(9, mm.getArrayElement(2).asInt());
    assertTrue(mm.getArrayElement(3).asBoolean());
  }

  @Test
  void unsignedAndBigIntegers() {
    Value r = js("var b = k.big(2n ** 63n); [typeof b[0], String(b[0]), b[1]]");
    assertEquals("18446744073709551615".length() - 1, r.getArrayElement(1).asString().length());
    assertEquals("9223372036854775809", r.getArrayElement(1).asString());
    assertEquals(2147483648L, r.getArrayElement(2).asLong(), "u32 shown unsigned");
    String msg = js("try { k.big(-1); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("u64 range"), msg);
    assertEquals(255 + 1 + 2, js("k.bytesum(new Uint8Array([255, 1, 2]))").asInt());
  }

  @Test
  void emptyArrays() {
    assertEquals(0.0, js("k.sum(new Float64Array(0))").asDouble());
    assertEquals(0.0, js("k.sum([])").asDouble());
    Value r = js("var e = k.scale(2, new Float64Array(0)); [e.length, new Float64Array(e).length, e.shape[0]]");
    assertEquals(0, r.getArrayElement(0).asInt());
    assertEquals(0, r.getArrayElement(1).asInt());
    assertEquals(0, r.getArrayElement(2).asInt());
    assertEquals(0, js("k.transpose([]).length").asInt());
  }

  @Test
  void booleans() {
    Value r = js("var z = k.negate([true, false]); [z[0], z[1]]");
    assertEquals(false, r.getArrayElement(0).asBoolean());
    assertEquals(true, r.getArrayElement(1).asBoolean());
  }

  @Test
  void nativeResultsChainWithoutCopies() {
    double s = js("var h = k.scale.native(2, new Float64Array([1, 2, 3])); k.sum(h)").asDouble();
    assertEquals(12.0, s);
    assertInstanceOf(FakeFunction.FakeHandle.class, Fakes.SUM.lastRawArgs[0], "the handle itself reached the function");
    assertTrue(js("h").toString().contains("native futhark []f64"), js("h").toString());
    assertEquals("[]f64", js("h.type").asString());
  }

  @Test
  void resultArraysCanBePassedBack() {
    assertEquals(12.0, js("k.sum(k.scale(2, [1, 2, 3]))").asDouble());
  }

  @Test
  void runtimeErrorsAreGuestExceptionsWithFutharksMessage() {
    String msg = js("try { k.div(1, 0); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("division by zero") && msg.contains("div.fut:1:30-35"), msg);
    PolyglotException e = assertThrows(PolyglotException.class, () -> js("k.div(1, 0)"));
    assertTrue(e.isGuestException());
    assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
  }

  @Test
  void syntaxErrorsCarryTheirLocation() {
    PolyglotException e = assertThrows(PolyglotException.class, () -> ctx.eval("futhark", "syntax\nlet x = (1 in"));
    assertTrue(e.isSyntaxError(), "a parse error");
    assertEquals(2, e.getSourceLocation().getStartLine());
    assertEquals(7, e.getSourceLocation().getStartColumn());
    String msg = js("try { Polyglot.eval('futhark', 'syntax here'); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.startsWith("<eval>:2:7: error: Expected ')'"), msg);
    PolyglotException named = assertThrows(PolyglotException.class,
        () -> ctx.eval(org.graalvm.polyglot.Source.newBuilder("futhark", "syntax", "kernel.fut").buildLiteral()));
    assertTrue(named.getMessage().startsWith("kernel.fut:2:7"), "a named source keeps its name: " + named.getMessage());
  }

  @Test
  void otherCompileFailuresAreGuestErrorsButNotSyntaxErrors() {
    PolyglotException e = assertThrows(PolyglotException.class, () -> ctx.eval("futhark", "no such program"));
    assertTrue(e.isGuestException() && !e.isSyntaxError() && !e.isInternalError(), e.toString());
    assertTrue(e.getMessage().contains("unknown fake program"), e.getMessage());
  }

  @Test
  void javaHostSeesTheSameObjects() {
    Value k = ctx.eval("futhark", "kernels");
    assertTrue(k.hasMember("sum") && k.hasMember("scale"));
    assertEquals(5, k.invokeMember("add", 2, 3).asInt());
    Value sum = k.getMember("sum");
    assertTrue(sum.canExecute());
    assertEquals(3.0, sum.execute((Object) new double[] {1, 2}).asDouble(), "a Java array passes through");
  }

  @Test
  void aFutharkOnlyContextServesSeveralThreadsAtOnce() throws Exception {
    try (Context only = Context.newBuilder(FutharkLanguage.ID).engine(engine).build()) {
      Value add = only.eval("futhark", "kernels").getMember("add");
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
      try {
        java.util.List<java.util.concurrent.Future<Integer>> sums = new java.util.ArrayList<>();
        for (int t = 0; t < 2; t++) {
          int base = t * 1000;
          sums.add(pool.submit(() -> {
            int s = 0;
            for (int i = 0; i < 500; i++) s += add.execute(base, i).asInt() - base;
            return s;
          }));
        }
        for (java.util.concurrent.Future<Integer> f : sums) assertEquals(499 * 500 / 2, f.get());
      } finally {
        pool.shutdown();
      }
    }
  }
}

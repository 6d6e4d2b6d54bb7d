package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The host route: a Java host puts {@link FutharkPolyglot} proxies into a JavaScript-only context
 * (the {@code futhark} language is not even permitted there).
 */
class HostProxyTest {
  static Engine engine;
  static Context ctx;

  @BeforeAll
  static void setUp() {
    engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build();
    ctx = Context.newBuilder("js").engine(engine)
        .allowHostAccess(HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true).build()).build();
    FutharkPolyglot.bindAll(ctx, "js", Fakes.PROGRAMS.get("kernels"));
    ctx.getBindings("js").putMember("k", FutharkPolyglot.program(Fakes.PROGRAMS.get("kernels")));
  }

  @AfterAll
  static void tearDown() {
    ctx.close();
    engine.close();
  }

  static Value js(String code) {
    return ctx.eval("js", code);
  }

  @Test
  void callsWithTypedArraysNumbersAndNestedArrays() {
    assertEquals(6.5, js("sum(new Float64Array([1, 2, 3.5]))").asDouble());
    assertEquals(5, js("add(2, 3)").asInt());
    assertEquals(5, js("k.add(2, 3)").asInt());
    assertEquals(11L, js("rowsums([[1, 2], [3, 4], [5, 6]])[2]").asLong());
    assertEquals("3,7", js("String(Array.from(rowsums([[1, 2], [3, 4]])))").asString());
  }

  @Test
  void resultsAreArraysWithAZeroCopyBuffer() {
    Value r = js("var r = scale(2, [1, 2, 3]); var v = new Float64Array(r.buffer); v[0] = 42; [r.length, r[1], v.length, r[0], r.type, r.shape[0]]");
    assertEquals(3, r.getArrayElement(0).asInt());
    assertEquals(4.0, r.getArrayElement(1).asDouble());
    assertEquals(3, r.getArrayElement(2).asInt());
    assertEquals(42.0, r.getArrayElement(3).asDouble(), "the view shares the result's memory");
    assertEquals("[]f64", r.getArrayElement(4).asString());
    assertEquals(3, r.getArrayElement(5).asInt());
  }

  @Test
  void tuplesNativeHandlesAndPassingResultsBack() {
    assertEquals(9, js("minmax([5, -3, 9])[1]").asInt());
    assertEquals(12.0, js("sum(scale(2, [1, 2, 3]))").asDouble(), "an ArrayProxy result goes back in");
    assertEquals(12.0, js("sum(scale.native(2, [1, 2, 3]))").asDouble());
    assertInstanceOf(FakeFunction.FakeHandle.class, Fakes.SUM.lastRawArgs[0]);
  }

  @Test
  void errorsReachTheGuestWithTheirMessage() {
    String msg = js("try { sum('x'); 'no error' } catch (e) { String(e.message) }").asString();
    assertTrue(msg.contains("entry point 'sum', parameter 1 ([]f64)"), msg);
    msg = js("try { div(1, 0); 'no error' } catch (e) { String(e.message) }").asString();
    assertTrue(msg.contains("division by zero"), msg);
  }

  @Test
  void membersDescribeTheEntryPoint() {
    assertEquals("scale", js("scale.name").asString());
    assertEquals("[]f64", js("scale.parameterTypes[1]").asString());
  }
}

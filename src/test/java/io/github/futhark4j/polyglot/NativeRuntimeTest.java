package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.polyglot.language.FutharkLanguage;
import io.github.futhark4j.runtime.Fixture;
import java.nio.file.Path;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JavaScript against the real runtime: {@code Futhark.compile} with the external-compiler route and
 * the runtime's stand-in {@code futhark}, which emits the hand-written C fixture library (gcc, JNA,
 * native Futhark arrays and opaque values). Exercises what fakes cannot: real native handles
 * ({@code FutharkArray}, opaques) going out to the guest and back in.
 */
class NativeRuntimeTest {
  @TempDir static Path dir;
  static Context ctx;

  @BeforeAll
  static void setUp() throws Exception {
    FutharkLanguage.useCompiler(null);
    Path futhark = Fixture.fakeFuthark(dir); // skips when gcc is missing
    ctx = ScriptRunner.contextBuilder("js", Map.of(
        "futhark.compiler", "external",
        "futhark.executable", futhark.toString(),
        "futhark.cache", dir.resolve("cache").toString())).build();
    ctx.eval("js", "var p = Polyglot.eval('futhark', '-- the stand-in compiler ignores this source\\n');");
  }

  @AfterAll
  static void tearDown() {
    if (ctx != null) ctx.close();
  }

  static Value js(String code) {
    return ctx.eval("js", code);
  }

  @Test
  void arraysInAndOut() {
    assertEquals(6.0, js("p.sum(new Float64Array([1, 2, 3]))").asDouble());
    assertEquals("3,2,1", js("Array.from(new Float64Array(p.rev_f64(new Float64Array([1, 2, 3])))).join(',')").asString());
    assertEquals("2,4|6,8", js("Array.from(p.scale([new Float64Array([1, 2]), [3, 4]], 2), r => Array.from(r).join(',')).join('|')").asString());
    assertEquals("-1,3", js("Array.from(p.rev_i8(new Int8Array([3, -1]))).join(',')").asString());
  }

  @Test
  void nativeHandlesAndOpaquesChain() {
    assertEquals(6.0, js("var h = p.rev_f64.native(new Float64Array([1, 2, 3])); p.sum(h)").asDouble());
    assertEquals("[]f64", js("h.type").asString());
    assertEquals(3, js("h.shape[0]").asInt());
    assertEquals("3,2,1", js("Array.from(new Float64Array(h.toArray())).join(',')").asString());
    String msg = js("var g = p.rev_f64.native([1, 2]); g.close(); try { p.sum(g); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("closed"), msg);
    assertEquals("2,3,1", js("var c = p.cube.native(2, 3, 1).toArray(); Array.from(c.shape).join(',')").asString());
    assertEquals(120L, js("c[1][2][0]").asLong(), "a rank-3 handle materialises with its shape");
    assertEquals(5.5, js("p.pairsum(p.mkpair(2, 3.5))").asDouble(), "an opaque result is a handle even without .native");
    assertEquals("pair", js("p.mkpair(2, 3.5).type").asString());
  }

  @Test
  void hostFutharkArraysPassThrough() {
    ctx.getBindings("js").putMember("fa", io.github.futhark4j.FutharkArray.of(new double[] {1, 2, 4}));
    assertEquals(7.0, js("p.sum(fa)").asDouble(), "a FutharkArray put in by the host reaches the function as is");
  }

  @Test
  void tuplesAndUnsigned() {
    Value s = js("var s = p.stats(new Float64Array([1, 2, 3])); [Array.from(s[0]).join(','), s[1], s[2]]");
    assertEquals("1,3,6", s.getArrayElement(0).asString());
    assertEquals(6.0, s.getArrayElement(1).asDouble());
    assertEquals(3, s.getArrayElement(2).asInt());
    assertEquals("18446744073709551615", js("String(p.id_u64(2n ** 64n - 1n))").asString());
    assertEquals(4294967295L, js("p.id_u32(4294967295)").asLong());
  }

  @Test
  void runtimeErrorsCarryFutharksMessage() {
    String msg = js("try { p.check(12); 'no error' } catch (e) { e.message }").asString();
    assertTrue(msg.contains("Index [12] out of bounds") && msg.contains("fixture.fut:12:5-9"), msg);
    assertEquals(9L, js("p.check(3)").asLong());
  }
}

package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Test;

/**
 * Futhark functions shared with GraalJS's own JSR-223 engine (org.graalvm.js:js-scriptengine),
 * through its ENGINE_SCOPE and through the manager's GLOBAL_SCOPE bindings.
 */
class ScriptEngineBindingsTest {
  static {
    // GraalJS's ScriptEngine builds its own engine; keep its interpreter-only warning quiet.
    System.setProperty("polyglot.engine.WarnInterpreterOnly", "false");
  }

  @Test
  void engineAndGlobalScopes() throws Exception {
    ScriptEngineManager manager = new ScriptEngineManager();
    ScriptEngine js = manager.getEngineByName("graal.js");
    assertNotNull(js, "GraalJS registers its ScriptEngine as graal.js");
    FutharkPolyglot.put(js, ScriptContext.ENGINE_SCOPE, Fakes.SUM);
    assertEquals(6.0, ((Number) js.eval("sum(new Float64Array([1, 2, 3]))")).doubleValue());

    manager.getBindings().put("scale", FutharkPolyglot.executable(Fakes.SCALE));
    ScriptEngine js2 = manager.getEngineByName("js");
    assertEquals(12.0, ((Number) js2.eval("var r = scale(2, [1, 2, 3]); r[0] + r[1] + r[2]")).doubleValue(),
        "GLOBAL_SCOPE bindings of the manager are visible to GraalJS");
  }

  @Test
  void bufferViewsNeedHostAccessInTheScriptEngine() throws Exception {
    ScriptEngine js = new ScriptEngineManager().getEngineByName("graal.js");
    FutharkPolyglot.put(js, ScriptContext.ENGINE_SCOPE, Fakes.SCALE);
    // GraalJS's engine keeps host objects (the ByteBuffer behind r.buffer) closed by default:
    // a typed array over it is silently empty ...
    Object closed = js.eval("try { new Float64Array(scale(2, [1, 2]).buffer).length } catch (e) { 'refused' }");
    // ... and opens them with its documented binding, set before the first eval.
    ScriptEngine open = new ScriptEngineManager().getEngineByName("graal.js");
    open.getBindings(ScriptContext.ENGINE_SCOPE).put("polyglot.js.allowHostAccess", true);
    FutharkPolyglot.put(open, ScriptContext.ENGINE_SCOPE, Fakes.SCALE);
    assertEquals(4.0, ((Number) open.eval("new Float64Array(scale(2, [1, 2]).buffer)[1]")).doubleValue());
    assertEquals(0, ((Number) closed).intValue(), "without host access the ByteBuffer looks like an empty object");
  }
}

package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkFunction;
import java.util.concurrent.TimeUnit;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A script engine evaluating ever new sources keeps the programs whose entry points are bound (or
 * that a caller holds), not every program it evaluated; the facade's cache releases the others.
 */
@Tag("native")
class EngineRetentionTest {
  @Test
  void distinctEvalsReleaseTheProgramsNobodyHolds() throws Exception {
    String old = System.setProperty(ProgramCache.PROPERTY, "1");
    try {
      ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
      engine.getContext().setAttribute("futhark4j.backend", "c", ScriptContext.ENGINE_SCOPE);
      long created = Context.createdCount();
      long freed = ContextState.freedCount();
      FutharkFunction first = (FutharkFunction) engine.eval("entry f (x: i64) : i64 = x + 1000 -- retention");
      int n = 8;
      for (int i = 1; i <= n; i++) {
        engine.eval("entry f (x: i64) : i64 = x + " + i + " -- retention");
        assertEquals(2L + i, ((FutharkFunction) engine.get("f")).call(2L));
      }
      assertEquals(n + 1, Context.createdCount() - created, "each distinct source was loaded once");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (ContextState.freedCount() - freed < n - 2 && System.nanoTime() < deadline) {
        System.gc();
        Thread.sleep(20);
      }
      long released = ContextState.freedCount() - freed;
      assertTrue(released >= n - 2, "programs nobody holds are released: " + released + " of " + n);
      assertEquals(1002L, first.call(2L), "a program the caller holds keeps working");
      assertEquals(2L + n, ((FutharkFunction) engine.get("f")).call(2L), "the bound one too");
      ((AutoCloseable) engine).close();
    } finally {
      if (old == null) System.clearProperty(ProgramCache.PROPERTY);
      else System.setProperty(ProgramCache.PROPERTY, old);
    }
  }
}

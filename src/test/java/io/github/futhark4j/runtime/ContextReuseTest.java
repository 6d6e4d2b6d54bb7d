package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.futhark4j.FutharkFunction;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The seed's promise, through the public ScriptEngine: the Futhark context is created when the
 * program is defined (so the first call pays no warm-up), once, and reused by later evals of the same
 * source, even from other engines.
 */
@Tag("native")
class ContextReuseTest {
  private static final String SRC = "entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs -- context reuse test\n";

  @Test
  void theContextIsMadeAtEvalOnceAndSharedByLaterEvals() throws Exception {
    ScriptEngineManager m = new ScriptEngineManager();
    ScriptEngine first = m.getEngineByName("futhark");
    long before = Context.createdCount();
    FutharkFunction f = (FutharkFunction) first.eval(SRC);
    assertEquals(before + 1, Context.createdCount(), "eval created the context before any call");
    assertArrayEquals(new double[] {2, 4}, (double[]) f.call(2.0, new double[] {1, 2}));
    assertEquals(before + 1, Context.createdCount(), "the first call made no context");

    ScriptEngine second = m.getEngineByName("futhark");
    FutharkFunction g = (FutharkFunction) second.eval(SRC);
    assertEquals(before + 1, Context.createdCount(), "a cache-hit eval reuses the loaded program and its context");
    assertArrayEquals(new double[] {3}, (double[]) g.call(3.0, new double[] {1}));
    ((AutoCloseable) first).close();
    assertArrayEquals(new double[] {4}, (double[]) g.call(4.0, new double[] {1}), "closing one engine leaves the other working");
    ((AutoCloseable) second).close();
  }
}

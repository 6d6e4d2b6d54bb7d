package io.github.futhark4j.jsr223;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import java.util.Map;
import javax.script.Invocable;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Java's varargs must not turn a record argument into several arguments: a lone {@code Object[]}
 * given to a one-parameter entry point taking a tuple or record is that tuple, through
 * {@code FutharkFunction.call} and {@code Invocable.invokeFunction}; where the parameter is no
 * record, the error says what to write.
 */
@Tag("native")
class CallTrapsTest {
  static ScriptEngine engine;
  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    engine = new ScriptEngineManager().getEngineByName("futhark");
    p = (FutharkProgram) engine.eval("""
        entry norm (p: (f64, f64)) : f64 = f64.sqrt (p.0 * p.0 + p.1 * p.1)
        entry span (r: {lo: i64, hi: i64}) : i64 = r.hi - r.lo
        entry total (xs: []i64) : i64 = i64.sum xs
        """);
  }

  @AfterAll
  static void close() throws Exception {
    if (engine != null) ((AutoCloseable) engine).close();
  }

  @Test
  void aLoneObjectArrayIsTheTupleArgument() throws Exception {
    FutharkFunction norm = p.function("norm");
    Object[] tuple = {3.0, 4.0};
    assertEquals(5.0, norm.call(tuple), "spread by varargs, still one tuple");
    assertEquals(5.0, norm.call((Object) tuple), "passed as one argument");
    assertEquals(5.0, ((Invocable) engine).invokeFunction("norm", tuple));
    assertEquals(7L, p.function("span").call(new Object[] {9L, 2L}), "a record in the manifest's field order: hi, lo");
    assertEquals(7L, p.function("span").call(Map.of("lo", 2L, "hi", 9L)));
  }

  @Test
  void otherwiseTheErrorSaysWhatToWrite() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> p.function("total").call(new Object[] {1L, 2L}));
    assertTrue(e.getMessage().contains("takes 1 argument") && e.getMessage().contains("call((Object) array)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> p.function("norm").call(new Object[] {1.0, 2.0, 3.0}));
    assertTrue(e.getMessage().contains("norm"), e.getMessage());
  }
}

package io.github.futhark4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.polyglot.ScriptRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Invalid options are refused where they are given, with a message naming the option and what
 * it accepts: in {@link FutharkOptions}, in the script engine's settings, as context options of
 * the polyglot language, and on the script runner's command line.
 */
class OptionsValidationTest {
  @Test
  void theOptionsRecordRefusesBadValues() {
    FutharkOptions d = FutharkOptions.defaults();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.withThreads(-1));
    assertTrue(e.getMessage().contains("threads") && e.getMessage().contains("-1"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.withThreads(FutharkOptions.MAX_THREADS + 1));
    e = assertThrows(IllegalArgumentException.class, () -> d.withBackend("gpu"));
    assertTrue(e.getMessage().contains("multicore"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.withCompiler("gcc"));
    assertThrows(IllegalArgumentException.class, () -> d.withSourceName(""));
    assertThrows(IllegalArgumentException.class,
        () -> new FutharkOptions("x.fut", "builtin", "multicore", -3, null, null));
    // Valid values and the null defaults still pass.
    assertEquals(8, d.withThreads(8).threads());
    assertEquals("cuda", d.withBackend("cuda").backend());
    assertEquals(null, d.withBackend(null).withCompiler(null).withSourceName(null).backend());
  }

  @Test
  void theScriptEngineRefusesABadThreadSetting() {
    ScriptEngine engine = new ScriptEngineManager().getEngineByName("futhark");
    engine.put("futhark4j.threads", "-1");
    Exception e = assertThrows(Exception.class, () -> engine.eval("entry f (x: i32) : i32 = x"));
    Throwable t = e instanceof IllegalArgumentException ? e : e.getCause();
    assertTrue(t instanceof IllegalArgumentException && t.getMessage().contains("threads"), String.valueOf(t));
  }

  @Test
  void thePolyglotLanguageRefusesBadContextOptions() {
    for (String[] option : new String[][] {{"futhark.threads", "-1"}, {"futhark.threads", "many"},
        {"futhark.backend", "gpu"}, {"futhark.compiler", "gcc"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Context.newBuilder("futhark").option(option[0], option[1]).build().close(), option[0]);
      assertTrue(e.getMessage().contains(option[1]), e.getMessage());
    }
  }

  @Test
  void theScriptRunnerReportsABadThreadCountAsUsage(@TempDir Path dir) throws Exception {
    Path js = Files.writeString(dir.resolve("x.js"), "1;\n");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ScriptRunner.run(new String[] {"--threads", "-1", "js", js.toString()},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("threads"), err.toString(StandardCharsets.UTF_8));
  }
}

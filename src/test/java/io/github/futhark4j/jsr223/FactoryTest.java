package io.github.futhark4j.jsr223;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javax.script.Compilable;
import javax.script.Invocable;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineFactory;
import javax.script.ScriptEngineManager;
import org.junit.jupiter.api.Test;

/** Registration and metadata, obtained the way users do: through ScriptEngineManager. */
class FactoryTest {
  private final ScriptEngineManager manager = new ScriptEngineManager();

  @Test
  void registeredUnderEveryNameExtensionAndMimeType() {
    ScriptEngine byName = manager.getEngineByName("futhark");
    assertInstanceOf(FutharkScriptEngine.class, byName);
    assertInstanceOf(FutharkScriptEngine.class, manager.getEngineByName("Futhark"));
    assertInstanceOf(FutharkScriptEngine.class, manager.getEngineByExtension("fut"));
    assertInstanceOf(FutharkScriptEngine.class, manager.getEngineByMimeType("text/x-futhark"));
    assertNotSame(byName, manager.getEngineByName("futhark"), "a new engine each time");
    assertTrue(byName instanceof Compilable && byName instanceof Invocable && byName instanceof AutoCloseable);
    assertTrue(manager.getEngineFactories().stream().anyMatch(f -> f instanceof FutharkScriptEngineFactory));
  }

  @Test
  void answersEveryStandardParameter() {
    ScriptEngineFactory f = manager.getEngineByName("futhark").getFactory();
    assertEquals("Futhark4J", f.getParameter(ScriptEngine.ENGINE));
    assertEquals(f.getEngineVersion(), f.getParameter(ScriptEngine.ENGINE_VERSION));
    assertEquals("futhark", f.getParameter(ScriptEngine.NAME));
    assertEquals("Futhark", f.getParameter(ScriptEngine.LANGUAGE));
    assertEquals(f.getLanguageVersion(), f.getParameter(ScriptEngine.LANGUAGE_VERSION));
    assertEquals("MULTITHREADED", f.getParameter("THREADING"));
    assertNull(f.getParameter("no.such.key"));
    assertEquals(List.of("futhark", "Futhark"), f.getNames());
    assertEquals(List.of("fut"), f.getExtensions());
    assertEquals(List.of("text/x-futhark"), f.getMimeTypes());
    assertNotNull(f.getEngineVersion());
  }

  @Test
  void syntaxHelpers() {
    ScriptEngineFactory f = new FutharkScriptEngineFactory();
    assertEquals("m.f x (y + 1)", f.getMethodCallSyntax("m", "f", "x", "y + 1"));
    assertEquals("entry main : []u8 = \"say \\\"hi\\\"\\n\"", f.getOutputStatement("say \"hi\"\n"));
    assertEquals("def a = 1\nentry main = a\n", f.getProgram("def a = 1", "entry main = a"));
  }

  @Test
  void engineBindingsAreThreadSafeAndTheFactoryIsTheEngines() {
    ScriptEngine e = manager.getEngineByName("futhark");
    assertInstanceOf(FutharkScriptEngineFactory.class, e.getFactory());
    e.put("x", null); // allowed: synchronized HashMap, not ConcurrentHashMap
    assertTrue(e.getBindings(javax.script.ScriptContext.ENGINE_SCOPE).containsKey("x"));
  }
}

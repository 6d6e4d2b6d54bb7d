package io.github.futhark4j.jsr223;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.FutharkProgramException;
import io.github.futhark4j.runtime.Fixture;
import io.github.futhark4j.runtime.LoadedLibrary;
import java.util.List;
import javax.script.ScriptContext;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's binding and Invocable behaviour on the C fixture library, loaded as a compiled
 * script (no Futhark compiler needed).
 */
@Tag("native")
class InvocableTest {
  FutharkScriptEngine engine;
  LoadedLibrary lib;

  @BeforeEach
  void setUp() {
    engine = (FutharkScriptEngine) new ScriptEngineManager().getEngineByName("futhark");
    lib = Fixture.load();
    Object r = new FutharkCompiledScript(engine, lib).eval(engine.getContext());
    assertSame(lib, r, "several entry points: eval gives the program");
  }

  @AfterEach
  void tearDown() {
    engine.close();
    lib.close();
  }

  @Test
  void entryPointsAreBoundByName() {
    assertInstanceOf(FutharkFunction.class, engine.get("sum"));
    assertEquals(6.0, ((FutharkFunction) engine.get("sum")).call((Object) new double[] {1, 2, 3}));
    assertTrue(engine.getBindings(ScriptContext.ENGINE_SCOPE).containsKey("minmax"));
  }

  @Test
  void invokeFunctionCallsEntryPoints() throws Exception {
    assertEquals(6.0, engine.invokeFunction("sum", (Object) new double[] {1, 2, 3}));
    assertArrayEquals(new Object[] {1L, 4L}, (Object[]) engine.invokeFunction("minmax", (Object) new long[] {4, 1}));
    assertEquals(0, engine.invokeFunction("threads"));
  }

  @Test
  void invokeFunctionErrors() {
    NoSuchMethodException nsm = assertThrows(NoSuchMethodException.class, () -> engine.invokeFunction("nope"));
    assertTrue(nsm.getMessage().contains("sum"), nsm.getMessage());
    ScriptException se = assertThrows(ScriptException.class, () -> engine.invokeFunction("check", 50L));
    assertInstanceOf(FutharkProgramException.class, se.getCause());
    assertTrue(se.getMessage().contains("out of bounds"), se.getMessage());
    se = assertThrows(ScriptException.class, () -> engine.invokeFunction("sum", "x"));
    assertInstanceOf(IllegalArgumentException.class, se.getCause());
    assertTrue(se.getMessage().contains("'xs'"));
    assertThrows(NullPointerException.class, () -> engine.invokeFunction(null));
  }

  @Test
  void invokeMethodOnProgramsAndFunctions() throws Exception {
    assertEquals(9L, engine.invokeMethod(lib, "check", 3));
    FutharkFunction check = lib.function("check");
    assertEquals(4L, engine.invokeMethod(check, "call", 2));
    assertEquals(4L, engine.invokeMethod(check, "check", 2));
    FutharkArray a = (FutharkArray) engine.invokeMethod(lib.function("alloc"), "callNative", 3);
    assertTrue(a.isNative());
    a.close();
    assertThrows(NoSuchMethodException.class, () -> engine.invokeMethod(lib, "nope"));
    assertThrows(NoSuchMethodException.class, () -> engine.invokeMethod(check, "nope"));
    assertThrows(IllegalArgumentException.class, () -> engine.invokeMethod("a string", "length"));
    assertThrows(IllegalArgumentException.class, () -> engine.invokeMethod(null, "x"));
  }

  /** Methods map to entry points by name; results are converted to the declared types. */
  public interface Stats {
    double sum(double[] xs);

    long check(long i);

    int cube(int a, int b, int c); // wrong: cube returns an array -> ClassCastException when called

    Object[] minmax(long[] xs);

    List<Object> stats(double[] xs);

    default double mean(double[] xs) {
      return sum(xs) / xs.length;
    }
  }

  /** Returns narrower types than the entry points. */
  public interface Narrow {
    int check(int i);

    float sum(double[] xs);

    void live();

    double[] alloc(long n);
  }

  @Test
  void getInterfaceMapsMethodsToEntryPoints() {
    Stats s = engine.getInterface(Stats.class);
    assertEquals(6.0, s.sum(new double[] {1, 2, 3}));
    assertEquals(2.0, s.mean(new double[] {1, 2, 3}));
    assertEquals(81L, s.check(9));
    assertArrayEquals(new Object[] {2L, 5L}, s.minmax(new long[] {5, 2}));
    assertEquals(3L, s.stats(new double[] {1, 1, 1}).get(2));
    assertThrows(ClassCastException.class, () -> s.cube(1, 1, 1));
    assertThrows(FutharkProgramException.class, () -> s.check(-1));
    assertTrue(s.toString().contains("Stats"));
    assertEquals(s, s);

    Narrow n = engine.getInterface(Narrow.class);
    assertEquals(16, n.check(4));
    assertEquals(1.5f, n.sum(new double[] {0.5, 1}));
    n.live();
    assertArrayEquals(new double[] {0, 1}, n.alloc(2));
  }

  public interface Missing {
    double sum(double[] xs);

    double product(double[] xs);
  }

  @Test
  void getInterfaceGivesNullWhenAnEntryPointIsMissing() {
    assertNull(engine.getInterface(Missing.class));
    assertThrows(IllegalArgumentException.class, () -> engine.getInterface(String.class));
  }

  @Test
  void getInterfaceOnAProgram() {
    Narrow n = engine.getInterface(lib, Narrow.class);
    assertEquals(25, n.check(5));
    assertThrows(IllegalArgumentException.class, () -> engine.getInterface("x", Narrow.class));
  }

  @Test
  void evalReturnsTheSingleFunctionOfAOneEntryProgram() {
    FutharkProgram single = new FutharkProgram() {
      @Override public java.util.Map<String, FutharkFunction> entryPoints() { return java.util.Map.of("sum", lib.function("sum")); }

      @Override public FutharkFunction function(String name) { return lib.function(name); }

      @Override public void close() {}
    };
    assertSame(lib.function("sum"), new FutharkCompiledScript(engine, single).eval(engine.getContext()));
  }
}

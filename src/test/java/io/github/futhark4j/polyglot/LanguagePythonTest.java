package io.github.futhark4j.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.polyglot.language.FutharkLanguage;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Python (GraalPy) calling Futhark through the {@code futhark} language, against fake entry
 * points. GraalPy takes seconds to start, so the whole class shares one context.
 */
class LanguagePythonTest {
  static Engine engine;
  static Context ctx;

  @BeforeAll
  static void setUp() {
    Fakes.install();
    engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build();
    ctx = Context.newBuilder("python", FutharkLanguage.ID).engine(engine).allowPolyglotAccess(PolyglotAccess.ALL).build();
    ctx.eval("python", "import polyglot, array\nk = polyglot.eval(language='futhark', string='kernels')\n"
        + "def err(f, *args):\n"
        + "    try:\n"
        + "        f(*args)\n"
        + "        return 'no error'\n"
        + "    except polyglot.ForeignException as e:\n"
        + "        return str(e)\n");
    // The host route in the same context (a second GraalPy start-up would cost seconds).
    ctx.getPolyglotBindings().putMember("hostKernels", FutharkPolyglot.program(Fakes.PROGRAMS.get("kernels")));
  }

  @AfterAll
  static void tearDown() {
    ctx.close();
    engine.close();
    FutharkLanguage.useCompiler(null);
  }

  static Value py(String expression) {
    return ctx.eval("python", expression);
  }

  @Test
  void buffersOfAllKinds() {
    assertEquals(6.5, py("k.sum(array.array('d', [1, 2, 3.5]))").asDouble());
    assertEquals(5.0, py("k.sum(memoryview(array.array('d', [1, 2, 3]))[1:])").asDouble());
    assertEquals("[2.0, 3.0]", Fakes.SUM.lastArg(0));
    assertEquals(258, py("k.bytesum(b'\\xff\\x01\\x02')").asInt());
    assertEquals(3, py("k.bytesum(bytearray([1, 2]))").asInt());
    assertEquals(3.0, py("k.sum(array.array('d', [1, 2]).tobytes())").asDouble(), "untyped bytes read as f64");
  }

  @Test
  void mismatchedTypecodeIsRefused() {
    String msg = py("err(k.sum, array.array('i', [1, 2]))").asString();
    assertTrue(msg.contains("entry point 'sum', parameter 1 ([]f64)") && msg.contains("array('d')"), msg);
  }

  @Test
  void listsIntsFloatsAndBools() {
    assertEquals(6.0, py("k.sum([1, 2.0, 3])").asDouble());
    assertEquals(5, py("k.add(2, 3)").asInt());
    assertEquals(10L, py("k.rowsums([[1, 2], (3, 4)])[1] - k.rowsums([[0, 0], [0, 0]])[0] + 3").asLong());
    Value z = py("list(k.negate([True, False]))");
    assertEquals(false, z.getArrayElement(0).asBoolean());
    assertEquals(true, z.getArrayElement(1).asBoolean());
    String msg = py("err(k.add, 1, 2.5)").asString();
    assertTrue(msg.contains("entry point 'add', parameter 2 (i32)") && msg.contains("2.5"), msg);
  }

  @Test
  void resultsIndexIterateAndConvert() {
    ctx.eval("python", "r = k.scale(2, array.array('d', [1, 2, 3]))");
    assertEquals(3, py("len(r)").asInt());
    assertEquals(6.0, py("r[2]").asDouble());
    assertEquals(6.0, py("r[-1]").asDouble());
    assertEquals(12.0, py("sum(x for x in r)").asDouble());
    Value l = py("list(r)");
    assertEquals(3, l.getArraySize());
    assertEquals("list", l.getMetaObject().getMetaSimpleName());
    assertEquals("[]f64", py("r.type").asString());
    assertEquals(3, py("list(r.shape)[0]").asInt());
    assertEquals(2.0, py("k.transpose([[1, 2], [3, 4]])[1][0]").asDouble());
    assertEquals("[[1.0, 3.0], [2.0, 4.0]]", py("str([list(row) for row in k.transpose([[1, 2], [3, 4]])])").asString());
  }

  @Test
  void tuplesUnpackAndBigIntegers() {
    assertEquals("(-3, 9, True)", py("lo, hi, ne = k.minmax(array.array('i', [5, -3, 9]))\nstr((lo, hi, ne))").asString());
    assertEquals("18446744073709551615", py("str(k.big(2**64 - 2)[0])").asString());
    assertTrue(py("err(k.big, 2**64)").asString().contains("u64 range"));
  }

  @Test
  void nativeChainingAndRuntimeErrors() {
    assertEquals(12.0, py("k.sum(k.scale.native(2, [1, 2, 3]))").asDouble());
    assertInstanceOf(FakeFunction.FakeHandle.class, Fakes.SUM.lastRawArgs[0]);
    String msg = py("err(k.div, 1, 0)").asString();
    assertTrue(msg.contains("division by zero"), msg);
  }

  @Test
  void hostProxiesFromPolyglotBindings() {
    ctx.eval("python", "h = polyglot.import_value('hostKernels')\nhr = h.scale(2, array.array('d', [1, 2, 3]))");
    assertEquals(3, py("len(hr)").asInt());
    assertEquals(6.0, py("hr[-1]").asDouble());
    assertEquals("[2.0, 4.0, 6.0]", py("str(list(hr))").asString());
    assertEquals(12.0, py("h.sum(hr)").asDouble(), "a proxy result goes back in");
    assertEquals("(-3, 9, True)", py("str(tuple(h.minmax([5, -3, 9])))").asString());
    String msg = py("err(h.add, 1, 'x')").asString();
    assertTrue(msg.contains("entry point 'add', parameter 2 (i32)"), msg);
  }
}

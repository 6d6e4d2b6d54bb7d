package io.github.futhark4j.cli.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.runner.LoadedProgram.EntryInfo;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.cli.runner.PropertyTester.PropAttr;
import io.github.futhark4j.cli.runner.PropertyTester.Problem;
import io.github.futhark4j.cli.runner.PropertyTester.Result;
import io.github.futhark4j.cli.runner.PropertyTester.Settings;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PropertyTester} on programs whose entry points are Java functions. The expected messages
 * and counterexamples are what the reference's {@code futhark test} (Futhark 0.28) printed for the
 * same properties written in Futhark and the same {@code --seed} (runtime error texts aside, which
 * are the program's own).
 */
class PropertyTesterTest {
  /** An entry point in Java. */
  @FunctionalInterface
  interface Fn {
    List<PropValue> call(List<PropValue> args) throws RunFailure;
  }

  /** A program of Java entry points, with their manifest types. */
  static final class JavaProgram implements LoadedProgram {
    final Map<String, EntryInfo> infos = new LinkedHashMap<>();
    final Map<String, Fn> fns = new LinkedHashMap<>();
    final AtomicInteger calls = new AtomicInteger();

    JavaProgram entry(String name, List<String> params, String result, Fn fn) {
      infos.put(name, new EntryInfo(params, List.of(result)));
      fns.put(name, fn);
      return this;
    }

    /** A property {@code t -> bool}. */
    JavaProgram property(String name, String t, java.util.function.Predicate<PropValue> p) {
      return entry(name, List.of(t), "bool", args -> List.of(prim(Value.bool(p.test(args.get(0))))));
    }

    @Override
    public Map<String, EntryInfo> entryPoints() { return infos; }

    @Override
    public List<PropValue> callValues(String entry, List<PropValue> args) throws RunFailure {
      calls.incrementAndGet();
      return fns.get(entry).call(args);
    }

    @Override
    public List<Value> call(String entry, List<Value> args) {
      throw new UnsupportedOperationException("property tests call callValues");
    }

    @Override
    public void close() { }
  }

  private static final PropAttr PLAIN = new PropAttr(null, null, null);

  private static PropValue prim(Value v) {
    return new PropValue.Prim(v);
  }

  private static Value value(PropValue v) {
    return ((PropValue.Prim) v).value();
  }

  private static Result test(JavaProgram p, long seed, String property, PropAttr attr) {
    return new PropertyTester(p, Settings.withSeed(seed)).test(property, attr);
  }

  private static final String SEED1_FIRST_TEN = "[2078259965i32, 1590942859i32, 1777713896i32, 2038250485i32, -1874497939i32, "
      + "322623611i32, 1680874894i32, 497791485i32, 2047204690i32, -1406690895i32]";

  @Test
  void failingCandidatesAreShrunkBySizeToTheReferencesCounterexample() {
    JavaProgram p = new JavaProgram().property("bad_sum", "[]i32", v -> value(v).elementCount() < 10);
    Result r = test(p, 42, "bad_sum", PLAIN);
    assertFalse(r.passed());
    assertEquals("""
        Property bad_sum (size=50, seed=42) failed after 1 tests:
        Counterexample: [-1155275981i32, 1106160387i32, 1348006256i32, 1812817793i32, 575797851i32, 1202179350i32, \
        281089317i32, -1178466213i32, 472791612i32, 374890005i32]""", r.message());
    // The size and the seed are those of the report; the candidates of a smaller size start alike.
    Result sized = test(p, 42, "bad_sum", new PropAttr(null, null, 12L));
    assertTrue(sized.message().startsWith("Property bad_sum (size=12, seed=42) failed after 1 tests:\nCounterexample: [-1155275981i32,"),
        sized.message());
  }

  @Test
  void tuplesAndRecordsAreGeneratedComponentByComponent() {
    JavaProgram p = new JavaProgram().property("tup", "(bool, [][]i8, f32)", v -> false)
        .property("rec", "{b: i32, a: []u8}", v -> false);
    assertEquals("Property tup (size=50, seed=1) failed after 1 tests:\nCounterexample: (true, [[-119i8]], -0.5890391f32)",
        test(p, 1, "tup", PLAIN).message());
    // Record fields are generated and shown sorted by name, as Futhark sorts them.
    assertEquals("Property rec (size=50, seed=1) failed after 1 tests:\nCounterexample: {a = [251u8], b = -1244109303i32}",
        test(p, 1, "rec", PLAIN).message());
  }

  @Test
  void aPropertyThatHoldsIsCalledOncePerTest() {
    JavaProgram p = new JavaProgram().property("rev", "[]f64", v -> true);
    Result r = test(p, 1, "rev", PLAIN);
    assertTrue(r.passed());
    assertEquals("100 tests passed (size=50, seed=1)", r.message());
    assertEquals(100, p.calls.get());
    assertTrue(new PropertyTester(p, new Settings(-1, 7, 3, 5)).test("rev", PLAIN).passed());
    assertEquals(107, p.calls.get());
  }

  @Test
  void aGeneratorAndAShrinkerAreCalledWithTheReferencesNumbers() {
    // entry gen (size: i64) (seed: u64) : i64 = i64.u64 (seed % 1000) + size
    // entry shr (x: i64) (r: u64) : i64 = x - 1 - i64.u64 (r % 2)
    // #[prop(gen(gen), shrink(shr))] entry gs (x: i64) : bool = x < 100
    JavaProgram p = new JavaProgram()
        .entry("gen", List.of("i64", "u64"), "i64", a -> List.of(prim(Value.i64(
            Long.remainderUnsigned(value(a.get(1)).longAt(0), 1000) + value(a.get(0)).longAt(0)))))
        .entry("shr", List.of("i64", "u64"), "i64", a -> List.of(prim(Value.i64(
            value(a.get(0)).longAt(0) - 1 - Long.remainderUnsigned(value(a.get(1)).longAt(0), 2)))))
        .property("gs", "i64", v -> value(v).longAt(0) < 100);
    assertEquals("Property gs (size=50, seed=1) failed after 1 tests:\nCounterexample: 100i64",
        test(p, 1, "gs", new PropAttr("gen", "shr", null)).message());
  }

  @Test
  void aFailingShrinkerFallsBackToShrinkingBySize() {
    JavaProgram p = new JavaProgram()
        .entry("scrash", List.of("[]i32", "u64"), "[]i32", a -> {
          throw new RunFailure("Error: Index [50] out of bounds", false, null);
        })
        .property("b", "[]i32", v -> false);
    assertEquals("""
        Property b (size=50, seed=1) failed after 1 tests:
        Shrinking note: User shrinker failed: Error in shrinker scrash with random=8251698951335059867: \
        scrash has Runtime error: Error: Index [50] out of bounds
        Attempted auto-shrinker fallback.
        Auto-shrinker fallback completed.
        Counterexample: [2078259965i32]""", test(p, 1, "b", new PropAttr(null, "scrash", null)).message());
  }

  @Test
  void aShrinkerThatNeverStopsIsCut() {
    JavaProgram p = new JavaProgram().entry("same", List.of("i32", "u64"), "i32", a -> List.of(a.get(0)))
        .property("p", "i32", v -> false);
    assertEquals("Property p (size=50, seed=1) failed after 1 tests:\nShrinking note: stopped after "
        + PropertyTester.MAX_SHRINK_STEPS + " calls of the shrinker same\nCounterexample: 2078259965i32",
        test(p, 1, "p", new PropAttr(null, "same", null)).message());
  }

  @Test
  void runTimeErrorsOfThePropertyAndTheGenerator() {
    JavaProgram p = new JavaProgram()
        .entry("d", List.of("i32"), "bool", a -> {
          throw new RunFailure("Error: Assertion is false: x == 0", false, null);
        })
        .entry("c", List.of("[]i32"), "bool", a -> {
          int n = value(a.get(0)).elementCount();
          if (n >= 3 && n < 10) throw new RunFailure("Error: Index [" + n + "] out of bounds", false, null);
          return List.of(prim(Value.bool(n < 3)));
        })
        .entry("gcrash", List.of("i64", "u64"), "[]i32", a -> {
          throw new RunFailure("Error: Index [52] out of bounds", false, null);
        })
        .property("a", "[]i32", v -> true);
    // A failure on a test's candidate is reported with the candidate, unshrunk.
    assertEquals("Property d failed with candidate=2078259965i32 with error: d has Runtime error: Error: Assertion is false: x == 0",
        test(p, 1, "d", PLAIN).message());
    // A failure while shrinking keeps the smallest counterexample found so far.
    assertEquals("Property c (size=50, seed=1) failed after 1 tests:\nShrinking failed: Property c has Runtime error: "
        + "Error: Index [9] out of bounds\nCounterexample: " + SEED1_FIRST_TEN, test(p, 1, "c", PLAIN).message());
    assertEquals("User Generator gcrash failed with size=50 and seed=16204969531660614133 with error: Runtime error: "
        + "Error: Index [52] out of bounds", test(p, 1, "a", new PropAttr("gcrash", null, null)).message());
  }

  @Test
  void candidatesTheProgramCannotTakeStopTheProperty() {
    JavaProgram p = new JavaProgram().entry("nested", List.of("{a: (i32, bool), b: i32}"), "bool", a -> {
      throw new RunFailure("expected an opaque value returned by this program", true, null);
    });
    assertEquals("Property nested: its candidates cannot be passed to the program (expected an opaque value returned by "
        + "this program); give it a generator with #[prop(gen(f))]", test(p, 1, "nested", PLAIN).message());
  }

  @Test
  void opaqueTypesComeFromTheirGenEntryPoint() {
    JavaProgram p = new JavaProgram()
        .entry("gen_t", List.of("i64", "u64"), "t", a -> List.of(new PropValue.Native(value(a.get(1)).longAt(0), "t")))
        .property("p", "t", v -> !(v instanceof PropValue.Native n && ((Long) n.handle()) % 3 == 0))
        .property("q", "u", v -> true)
        .property("r", "[](i32, bool)", v -> true);
    Result r = test(p, 1, "p", PLAIN);
    assertTrue(r.message().endsWith("\nCounterexample: <opaque:t>"), r.message());
    assertTrue(test(p, 1, "q", PLAIN).message().startsWith("Automatic generator failed: values of type u are made by an "
        + "entry point gen_u : i64 -> u64 -> u"), "no gen_u");
    assertTrue(test(p, 1, "r", PLAIN).message().startsWith("Automatic generator failed: arrays of tuples, records or opaque"
        + " types ([](i32, bool)) cannot be made automatically"));
  }

  @Test
  void declarationProblemsInTheReferencesOrderAndWords() {
    JavaProgram p = new JavaProgram().property("zz", "i32", v -> true).property("noattr", "i32", v -> true)
        .property("other", "i32", v -> true).property("bb", "i32", v -> true).property("ok", "i32", v -> true);
    p.infos.put("zz", new EntryInfo(List.of("i32", "i32"), List.of("bool")));
    Map<String, PropAttr> attrs = Map.of("zz", PLAIN, "other", PLAIN, "bb", PLAIN, "ok", PLAIN);
    List<Problem> problems = PropertyTester.check(p.entryPoints(), attrs, List.of("zz", "missing", "noattr", "ok"));
    assertEquals(List.of(
        "Entry point \"bb\" not declared as property, but has #[prop(...)] attribute.",
        "Entry point \"noattr\" declared as property, but has no #[prop(...)] attribute.",
        "Entry point \"other\" not declared as property, but has #[prop(...)] attribute.",
        "Property zz has 2 inputs; expected 1.",
        "Declared as property, but is not an entry point: \"missing\"."), problems.stream().map(Problem::message).toList());
    assertEquals(List.of("bb", "noattr", "other", "zz", "missing"), problems.stream().map(Problem::entry).toList());
    assertEquals(List.of(), PropertyTester.check(p.entryPoints(), Map.of("ok", PLAIN), List.of("ok")));
  }

  @Test
  void generatorsAndShrinkersMustHaveTheirTypes() {
    JavaProgram p = new JavaProgram()
        .entry("g1", List.of("i64", "u64"), "i32", a -> List.of())
        .entry("s1", List.of("i64", "u64"), "i64", a -> List.of())
        .entry("s2", List.of("i32"), "i32", a -> List.of())
        .entry("grec", List.of("i64", "u64"), "{a: i32, b: bool}", a -> List.of())
        .property("a", "i64", v -> true).property("c", "i32", v -> true).property("d", "*{b: bool, a: i32}", v -> true);
    p.infos.put("n", new EntryInfo(List.of("i32"), List.of("i32")));
    Map<String, PropAttr> attrs = new LinkedHashMap<>();
    attrs.put("a", new PropAttr("g1", null, null));
    attrs.put("c", new PropAttr(null, "s1", null));
    attrs.put("d", new PropAttr("grec", "s2", null));
    attrs.put("n", PLAIN);
    assertEquals(List.of("""
        Generator "g1" for property "a" has invalid type.
        Expected: i64 -> u64 -> i64
        Actual:   i64 -> u64 -> i32""", """
        Shrinker Mismatch:
        Property c expects i32 but shrinker s1 takes i64""", """
        Shrinker input arity mismatch.
         shrinker s2 inputs: [i32]
        Expected exactly 2 inputs: ({b: bool, a: i32}, u64).""",
        "Property n output must be bool, got: i32"),
        PropertyTester.check(p.entryPoints(), attrs, List.of("a", "c", "d", "n")).stream().map(Problem::message).toList());
  }

  @Test
  void attributesAreReadFromTheEntryPoints(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("props.fut");
    Files.writeString(f, """
        entry g (size: i64) (seed: u64) : i32 = i32.i64 size
        #[prop(gen(g), shrink(s), size(8), something_else)]
        entry p (x: i32) : bool = x >= 0
        #[inline] #[prop]
        entry q (x: i32) : bool = true
        #[prop]
        def not_an_entry (x: i32) : bool = true
        """);
    assertEquals(Map.of("p", new PropAttr("g", "s", 8L), "q", PLAIN), PropertyTester.attributes(f));
    Files.writeString(f, "entry ok (x: i32) : bool = true\n\n#[prop(size(big))]\nentry p (x: i32) : bool = true\n");
    var e = assertThrows(PropertyTester.AttributeException.class, () -> PropertyTester.attributes(f));
    assertEquals(f + ":4:1: entry point \"p\": #[prop(size(N))] takes a non-negative integer, found size(big)", e.getMessage());
    Files.writeString(f, "#[prop] #[prop(gen(g))]\nentry p (x: i32) : bool = true\n");
    e = assertThrows(PropertyTester.AttributeException.class, () -> PropertyTester.attributes(f));
    assertTrue(e.getMessage().endsWith("entry point \"p\": more than one #[prop(...)] attribute"), e.getMessage());
  }

  @Test
  void valuesAreShownAsTheReferenceShowsThem() {
    // Haskell writes floats below 0.1 with an exponent; Java from 0.001 on without.
    assertEquals("[5.0e-2f64, 0.5f64, 1.0e-4f64]", PropValue.text(prim(ValueReader.readAll("[0.05f64, 0.5f64, 0.0001f64]", "t").get(0))));
    assertEquals("-1.25e-3f32", PropValue.text(prim(Value.f32(-0.00125f))));
    assertEquals("10.05f32", PropValue.text(prim(Value.f32(10.05f))));
    assertEquals("{x = 1i32, y = (true, 2u8)}", PropValue.text(new PropValue.Record(List.of("x", "y"), List.of(
        prim(Value.i32(1)), new PropValue.Tuple(List.of(prim(Value.bool(true)), prim(Value.of(ScalarType.U8, null, new byte[] {2}))))))));
  }
}

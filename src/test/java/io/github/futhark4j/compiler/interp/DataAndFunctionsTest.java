package io.github.futhark4j.compiler.interp;

import static io.github.futhark4j.compiler.interp.Interp.main;
import static io.github.futhark4j.compiler.interp.Interp.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Records, tuples, sums, higher-order functions and closures, modules and functors. */
class DataAndFunctionsTest {
  @Test
  void recordsAndTuples() {
    assertEquals("3i32 2.0f32 7i32 true",
        main("type r = {a: i32, b: (f32, bool)}"
            + " entry main (x: i32) = let r: r = {a = x, b = (2, true)} let r2 = r with a = 7"
            + " in (r.a, r.b.0, r2.a, (r2 with b.1 = false).b.1 != r2.b.1)", "3i32"));
  }

  @Test
  void sumsAndMatch() {
    String p = "type shape = #circle f64 | #rect f64 f64 | #none"
        + " def area (s: shape) = match s case #circle r -> 3 * r * r case #rect w h -> w * h case #none -> 0"
        + " def classify (x: i32) = match x case 0 -> \"zero\" case 1 -> \"one\" case _ -> \"many\""
        + " entry main (x: f64) = (area (#circle x), area (#rect x 3), area #none, length (classify 5), (#rect 1 2 : shape) == #rect 1 2)";
    assertEquals("12.0f64 6.0f64 0.0f64 4i64 true", main(p, "2f64"));
    assertEquals("[1i32, 0i32, 2i32]",
        main("type t = #a i32 | #b ([2]i32)"
            + " entry main (xs: []i32) = map (\\x -> match (if x > 1 then #b [x, 0] else #a x : t) case #a y -> y case #b arr -> arr[0] / 2) xs",
            "[1, 0, 4]"));
  }

  @Test
  void higherOrderFunctionsAndClosures() {
    String p = "def twice 'a (f: a -> a) (x: a) = f (f x)"
        + " def compose '^a '^b '^c (f: b -> c) (g: a -> b) = \\x -> f (g x)"
        + " def adder (n: i32) : i32 -> i32 = (+ n)"
        + " entry main (x: i32) = let k = 10 let add_k y = y + k"
        + " in (twice add_k x, (compose (*2) (adder 3)) x, twice (twice (adder 1)) x, map (adder x) [1, 2],"
        + " (flip (-)) 1 x, (curry (\\(a, b) -> a - b)) x 1, (uncurry (-)) (x, 1))";
    assertEquals("25i32 16i32 9i32 [6i32, 7i32] 4i32 4i32 4i32", main(p, "5i32"));
  }

  @Test
  void partialApplicationAndSections() {
    assertEquals("[3i32, 4i32] [-1i32, 0i32] [1i32, 0i32] 6i32",
        main("def add3 (a: i32) (b: i32) (c: i32) = a + b + c"
            + " entry main (xs: []i32) = let f = add3 1 in (map (f 1) xs, map (\\x -> x - 2) xs, map (2 -) xs, f 2 3)",
            "[1, 2]"));
  }

  @Test
  void modulesAndFunctors() {
    String p = "module type monoid = { type t val op : t -> t -> t val ne : t }"
        + " module sum_i32 : monoid with t = i32 = { type t = i32 def op = (+) def ne = 0i32 }"
        + " module prod_f64 : monoid with t = f64 = { type t = f64 def op (x: f64) (y: f64) = x * y def ne = 1f64 }"
        + " module fold (M: monoid) = { def all (xs: []M.t) = reduce M.op M.ne xs"
        + "   def twice (x: M.t) = M.op x x }"
        + " module S = fold sum_i32 module P = fold prod_f64"
        + " module hidden = { def secret = 42i32 def get () = secret }"
        + " entry main (xs: []i32) (ys: []f64) = (S.all xs, P.all ys, S.twice 4, P.twice 1.5, hidden.get ())";
    assertEquals("6i32 24.0f64 8i32 2.25f64 42i32", main(p, "[1, 2, 3] [2, 3, 4]"));
  }

  @Test
  void polymorphismAtSeveralTypes() {
    String p = "def pair 'a 'b (x: a) (y: b) = (y, x)"
        + " def firsts [n] 'a 'b (xs: [n](a, b)) : [n]a = map (.0) xs"
        + " entry main (x: i32) = let (a, b) = pair x true let ((c, d), e) = pair [x] (pair 1f32 x)"
        + " in (a, b, firsts [(1u8, x), (2u8, x)], c, d, e)";
    assertEquals("true 5i32 [1u8, 2u8] 5i32 1.0f32 [5i32]", main(p, "5i32"));
  }

  @Test
  void opaqueResultsAreRefusedClearly() {
    SourceInterpreter in = Interp.load("entry main (x: i32) : {a: i32} = {a = x}");
    OpaqueValueException e = assertThrows(OpaqueValueException.class, () -> in.call("main", Interp.args(in, "main", "1i32")));
    assertTrue(e.getMessage().contains("opaque"), e.getMessage());
    in.run("main", Interp.args(in, "main", "1i32"), null); // running it is fine
  }

  @Test
  void entryPointsReturnTuplesAsSeveralValues() {
    SourceInterpreter in = Interp.load("entry f (x: i32) : (i32, [2]i32, bool) = (x, [x, x], true)");
    assertEquals(3, in.call("f", Interp.args(in, "f", "1i32")).size());
    assertEquals(List.of("i32"), in.entryPoints().get("f").params().stream().map(t -> t.name()).toList());
  }

  @Test
  void forwardModeAd() {
    // Floats, nested differentiation (a second derivative), several seeds, and, as in the
    // reference, integers (their derivative in integer arithmetic) and booleans.
    assertEquals("6.0f64 18.0f64 [2.0f64, 6.0f64] 27i32 true -4.0f32",
        main("entry main (x: f64) (n: i32) (b: bool) (y: f32) ="
            + " (jvp (\\z -> z * z) x 1, jvp (\\a -> jvp (\\z -> z * z * z) a 1) x 1,"
            + " jmp (\\(u, v) -> u * v) (1f64, 2f64) [(1, 0), (2, 2)], jvp (\\z -> z * z * z) n 1, jvp (\\c -> !c) b b,"
            + " jvp (\\z -> f32.cos z * 4) y 1)", "3f64 3i32 true 1.5707963267948966f32"));
    assertEquals("[0.0f64, 1.0f64]",
        main("entry main (x: f64) = let (_, t) = jvp2 (\\(a, b) -> [f64.max a b, f64.min a b]) (x, 2 * x) (0, 1) in t", "-1f64"));
  }

  @Test
  void secondDerivativesOfGammaAreRefusedByName() {
    SourceInterpreter in = Interp.load("entry main (x: f64) = jvp (\\a -> jvp f64.gamma a 1) x 1");
    UnsupportedConstructException e = assertThrows(UnsupportedConstructException.class,
        () -> in.call("main", Interp.args(in, "main", "3f64")));
    assertTrue(e.getMessage().contains("gamma"), e.getMessage());
  }

  @Test
  void localFunctionsCaptureValuesAndRecurse() {
    assertEquals("120i64 [2i32, 3i32]",
        run("entry main (n: i64) (xs: []i32) = let one = 1"
            + " let fact (k: i64) : i64 = loop acc = 1 for i < k do acc * (i + 1)"
            + " let inc = map (+ one) in (fact n, inc xs)", "main", "5i64 [1, 2]"));
  }
}

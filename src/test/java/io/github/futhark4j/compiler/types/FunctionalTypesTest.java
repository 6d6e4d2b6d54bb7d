package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.diag.DiagCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.diag.Diagnostic;
import org.junit.jupiter.api.Test;

/** Functions may not be stored in data: the restrictions of "Higher-order functions" are type errors. */
class FunctionalTypesTest {
  private static Diagnostic error(String src) {
    return CheckerTest.error(src);
  }

  @Test
  void mapProducingFunctionsInstantiatesANonLiftedParameter() {
    Diagnostic d = error("entry main (xs: []i32) : i32 = let fs = map (+) xs in length fs |> i32.i64");
    assertEquals(DiagCode.E0230, d.code());
    // As the reference: checked after inference, reported at the instantiated function's name.
    assertEquals("Type\n  i32 -> i32\nfound to be functional.\nWhen instantiating type parameter of \"map\".", d.message());
    assertEquals(1, d.span().line(), d.raw());
    assertEquals(41, d.span().column(), d.raw());
  }

  @Test
  void instantiationsAreCheckedAfterTheDefinitionsOtherTypeErrors() {
    // A later plain type error comes first, as in the reference (its check follows inference).
    Diagnostic d = error("def f (xs: []i32) = (map (\\x y -> x + y) xs, 1 + true)");
    assertEquals(DiagCode.E0206, d.code(), d.raw());
    // An array of functions applied to one more argument is applied elementwise: the reference
    // reports the functions, not the number of arguments.
    d = error("def f (xs: []i32) (ys: []i32) = map (\\x y -> x + y) xs ys");
    assertEquals(DiagCode.E0230, d.code(), d.raw());
    assertTrue(d.message().endsWith("found to be functional.\nWhen instantiating type parameter of \"map\"."), d.raw());
    assertEquals(33, d.span().column(), d.raw());
    // ... also when the elements' type is still unknown (unflatten's old two size arguments).
    d = error("def f (n: i64) (m: i64) (xs: []i32) : [][]i32 = unflatten n m xs");
    assertTrue(d.message().startsWith("Cannot apply \"unflatten\" to \"n\""), d.raw());
  }

  @Test
  void typeVariablesInAnInstantiationAreGeneralisedNonLifted() {
    // The element type of what sorter returns is found through map's non-lifted parameter.
    CheckerTest.ok("""
        def wrap [n] 't sorter key (xs: [n]t) : [n]t =
          map key xs
          |> zip (iota n)
          |> sorter (\\(_, k) -> k)
          |> map (\\(i: i64, _) -> xs[i])
        """);
  }

  @Test
  void aFunctionTypeInferredFromAPipeObservesItsArgument() {
    // map's result is unique; the inferred parameter of sorter is not (it does not consume).
    CheckerTest.ok("def wrap [n] 't sorter key (xs: [n]t) : [n]t = map key xs |> sorter |> map (\\(i: i64) -> xs[i])");
  }

  @Test
  void ifReturningAFunction() {
    Diagnostic d = error("def f (b: bool) (x: i32) = (if b then (+ 1) else (* 2)) x");
    assertEquals(DiagCode.E0231, d.code());
    assertTrue(d.message().startsWith("If-expression returns type\n  i32 -> i32\nbut if-results may not be of function type."), d.message());
  }

  @Test
  void matchAndLoopReturningFunctions() {
    assertEquals(DiagCode.E0231, error("def f (k: i32) = match k case 0 -> (+ 1) case _ -> (* 2)").code());
    assertEquals(DiagCode.E0231, error("def f = loop g = (+ 1i32) for i < 3 do (\\y -> g y)").code());
  }

  @Test
  void arrayLiteralOfFunctions() {
    Diagnostic d = error("def f (x: i32) = let fs = [(+ 1), (* 2)] in fs[0] x");
    assertEquals(DiagCode.E0232, d.code());
    assertTrue(d.message().contains("i32 -> i32"), d.message());
  }

  @Test
  void liftedParametersAcceptFunctions() {
    CheckerTest.ok("""
        def ap '^a 'b (f: a) (g: a -> b) : b = g f
        def g (x: i32) = (id (+ 1)) x + const (* 2) 1 x + ap (+ 1) (\\f -> f x)
        def h = let app f v = f v in app (app (\\f -> f)) (+ 1) 2i32
        """);
  }

  @Test
  void unliftedUserParameterRejectsAFunctionButAcceptsARecordOfData() {
    String pick = "def pick 't (b: bool) (x: t) (y: t) : t = if b then x else y\n";
    assertEquals(DiagCode.E0230, error(pick + "def g (b: bool) = pick b (+ 1i32) (* 2)").code());
    CheckerTest.ok(pick + "def g (b: bool) = pick b {a = 1i32} {a = 2}");
  }

  @Test
  void showWritesArrowsAsFuthark() {
    Type f = new Type.Arrow(null, Type.I32, Type.I32);
    assertEquals("(i32 -> i32) -> i32", new Type.Arrow(null, f, Type.I32).toString());
    assertEquals("i32 -> i32 -> i32", new Type.Arrow(null, Type.I32, f).toString());
  }
}

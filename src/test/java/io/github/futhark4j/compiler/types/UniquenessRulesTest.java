package io.github.futhark4j.compiler.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import io.github.futhark4j.compiler.diag.DiagCode;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.diag.Diagnostic;
import org.junit.jupiter.api.Test;

/** The uniqueness rules at function boundaries, with the wording of the reference's error index. */
class UniquenessRulesTest {
  @Test
  void uniqueComponentsOfAResultMayNotAliasEachOther() {
    Diagnostic d = CheckerTest.error("def main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)");
    assertEquals(DiagCode.E0305, d.code());
    assertTrue(d.message().startsWith("A unique-typed component of the return value is aliased to some other component."), d.message());
    CheckerTest.ok("def main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, copy xs)");
    // Through names bound on the way to the result, and in either branch's tuple.
    assertEquals(DiagCode.E0305, CheckerTest.error("def main (xs: *[]i32) : (*[]i32, []i32) = let ys = xs[1:] in (xs, ys)").code());
    assertEquals(DiagCode.E0305, CheckerTest.error(
        "def main (b: bool) (xs: *[]i32) : (*[]i32, *[]i32) = let zs = xs in if b then (zs, copy xs) else (xs, zs)").code());
    CheckerTest.ok("def main (xs: *[]i32) : (*[]i32, []i32) = let ys = copy xs[1:] in (xs, ys)");
    // Non-unique components may alias each other.
    CheckerTest.ok("def main (xs: []i32) : ([]i32, []i32) = (xs, xs)");
  }

  @Test
  void consumingFunctionForANonConsumingParameter() {
    String defs = "def apply 'a 'b (f: a -> b) (x: a) = f x\n"
        + "def consume (xs: *[]i32) = xs with [0] = 0\n";
    Diagnostic d = CheckerTest.error(defs + "def f (arr: *[]i32) = apply consume arr");
    assertEquals(DiagCode.E0306, d.code());
    // As the reference words it (when it unifies the types).
    assertTrue(d.message().startsWith("Cannot apply \"apply\" to \"consume\" (invalid type).\nExpected: [n]i32 -> [n]i32\n"
        + "Actual:   *[n]i32 -> *[n]i32\n\nParameters\n  [n]i32\nand\n  *[n]i32\nare incompatible regarding consuming their arguments."),
        d.message());
    // A non-unique result where a unique one is expected.
    Diagnostic r = CheckerTest.error("def app (f: []i32 -> *[]i32) (x: []i32) = f x\ndef g (x: []i32) = x\ndef h (a: []i32) = app g a");
    assertEquals(DiagCode.E0306, r.code());
    assertTrue(r.message().contains("\n\nReturn types\n  *[d]i32\nand\n  [n]i32\nhave incompatible uniqueness."), r.message());
    CheckerTest.ok("def app (f: []i32 -> *[]i32) (x: []i32) = f x\ndef g (x: []i32) = copy x\ndef h (a: []i32) = app g a");
    CheckerTest.ok(defs + "def apply_c [n] 'b (f: *[n]i32 -> b) (x: *[n]i32) = f x\n"
        + "def f (arr: *[]i32) = apply_c consume arr");
    CheckerTest.ok(defs + "def f (arr: []i32) = apply (\\(ys: []i32) -> copy ys) arr");
  }

  @Test
  void resultAliasingATopLevelArray() {
    Diagnostic d = CheckerTest.error("def x = [1, 2, 3]\ndef f (_: i32) : []i32 = x");
    assertEquals(DiagCode.E0307, d.code());
    assertTrue(d.message().startsWith("Function result aliases the free variable \"x\"."), d.message());
    assertEquals(DiagCode.E0307, CheckerTest.error("def x = [1, 2, 3]\ndef f (b: bool) = if b then (x, 1) else (x[1:], 2)").code());
    CheckerTest.ok("def x = [1, 2, 3]\ndef f (_: i32) = copy x");
    CheckerTest.ok("def x = [1, 2, 3]\ndef f (i: i64) = x[i]");
    // A parameter or local of the same name is not the free variable.
    CheckerTest.ok("def x = [1, 2, 3]\ndef f (x: []i32) = x");
    CheckerTest.ok("def x = [1, 2, 3]\ndef f (n: i64) = let x = iota n in x");
  }

  @Test
  void nonUniqueArgumentForAConsumingParameter() {
    Diagnostic d = CheckerTest.error("def update (xs: *[]i32) : *[]i32 = xs with [0] = 0\n"
        + "def main (ys: []i32) : []i32 = update ys");
    // As the reference words it: the argument is consumed, and a non-unique parameter may not be.
    assertEquals(DiagCode.E0302, d.code());
    assertTrue(d.message().startsWith("Consuming variable \"ys\", which is not consumable."), d.message());
  }

  @Test
  void aUniqueArgumentForAPolymorphicParameterIsNotConsumed() {
    // copy's parameter is 't, not *t: passing a unique array to it leaves the array usable.
    CheckerTest.ok("def main (xs: *[]i32) : (*[]i32, *[]i32) = let ys = copy xs in (xs with [0] = 7, ys)");
    CheckerTest.ok("def main (xs: *[]i32) : (i32, *[]i32) = let n = id xs in (n[0], xs with [0] = 1)");
  }
}

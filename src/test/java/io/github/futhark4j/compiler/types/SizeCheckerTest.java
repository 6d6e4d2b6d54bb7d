package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.diag.DiagCode;
import static io.github.futhark4j.compiler.types.CheckerTest.error;
import static io.github.futhark4j.compiler.types.CheckerTest.ok;
import static org.junit.jupiter.api.Assertions.*;

import io.github.futhark4j.compiler.diag.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * The size rules of the Language Reference ("Size types" and the size errors of its error index):
 * invalid programs get the reference's message, and the valid forms next to them still check.
 */
class SizeCheckerTest {
  private static Diagnostic sizeError(DiagCode code, String text) {
    Diagnostic d = error(text);
    assertEquals(code, d.code(), d.message());
    return d;
  }

  // ---- rigid sizes ----------------------------------------------------------------------------

  @Test
  void distinctSizeParametersDoNotMatch() {
    Diagnostic d = sizeError(DiagCode.E0220, "def f [n][m] (xs: [n]i32) (ys: [m]i32) = zip xs ys");
    assertTrue(d.message().contains("Sizes \"n\" and \"m\" do not match."), d.message());
  }

  @Test
  void anonymousParameterSizesAreInferred() {
    // Today's Futhark: an anonymous size in a parameter type is a size to infer (here, the same for both).
    ok("entry main (xs: []i32) (ys: []i32) : []i32 = map2 (+) xs ys");
    ok("def f (xs: []i32) = map2 (+) xs xs");
    ok("def f [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys");
  }

  @Test
  void resultSizeIsCheckedAgainstTheDeclaredReturnSize() {
    sizeError(DiagCode.E0220, "entry main (n: i64) : [n]i32 = replicate (n + 1) 0");
    sizeError(DiagCode.E0220, "def twice [n] (xs: [n]i32) : [n]i32 = xs ++ xs");
    ok("entry main (n: i64) : [n]i32 = replicate n 0");
    ok("def twice [n] (xs: [n]i32) : [n]i32 = xs ++ xs :> [n]i32");
    ok("def f (n: i64) : []i32 = replicate (n + 1) 0");
  }

  @Test
  void anonymousSizesOfAFunctionAreInstantiatedAtEachUse() {
    ok("def f (xs: []i32) = length xs\ndef g (a: []i32) (b: []i32) = f a + f b");
    ok("def f xs = map (+ 1i32) xs\ndef g (a: []i32) (b: []i32) = (f a, f b)");
    ok("def f (a: []i32) (b: []i32) = let g (xs: []i32) = length xs in g a + g b");
    ok("def f [n] (a: [n]i32) (b: [n]i32) : [n]i32 = let g (xs: []i32) = map (* 2) xs in map2 (+) (g a) b");
    // g's size is that of the enclosing parameter xs: not g's own, so f's uses still instantiate it.
    ok("def f xs = let g ys = map2 (+) xs ys in g xs\ndef h (a: []i32) (b: []i32) = (f a, f b)");
  }

  @Test
  void existentialResultsAreFreshAtEachApplication() {
    sizeError(DiagCode.E0220, "def f (xs: []i32) = zip (filter (> 0) xs) (filter (> 0) xs)");
    ok("def f (xs: []i32) = let ys = filter (> 0) xs in zip ys ys");
    ok("def f (xs: []i32) = let ys = filter (> 0) xs in zip ys (map (+ 1) ys)");
  }

  @Test
  void branchesAndLoopsWithDifferentSizesAreExistential() {
    ok("def f (c: bool) (a: []i32) (b: []i32) : []i32 = if c then a else b");
    ok("def f (c: bool) (a: []i32) = if c then [1, 2] else a");
    ok("def f (x: i32) (a: []i32) = match x case 0 -> a case _ -> filter (> 0) a");
    ok("def f (n: i64) = loop xs = [1i32] for _i < n do xs ++ xs");
    ok("def f (xs: []i32) (ys: []i32) = xs == ys");
  }

  @Test
  void arrayLiteralRowsMustHaveTheSameSize() {
    Diagnostic d = sizeError(DiagCode.E0220, "entry main (x: i32) : [][]i32 = [[x, x], [x]]");
    assertTrue(d.message().contains("Sizes \"2\" and \"1\" do not match."), d.message());
    ok("entry main (x: i32) : [][]i32 = [[x, x], [x, 1]]");
  }

  @Test
  void coercionKeepsTheValuesOwnSizes() {
    ok("entry main [n] (m: [][]i32) (v: [n]i32) : [][n]i32 = map (\\r -> map2 (+) (r :> [n]i32) v) m");
  }

  // ---- the size errors of the reference's error index ------------------------------------------

  @Test
  void sizeUnusedInPattern() {
    assertTrue(sizeError(DiagCode.E0225, "def f [n] (x: i32) : i32 = x").message()
        .startsWith("Cannot generalise type of \"f\".\n\nSize [n] unused in pattern."));
    assertTrue(sizeError(DiagCode.E0225, "entry main (x: i32) : i32 = let [n] (y: i32) = x in y").message()
        .startsWith("Size [n] unused in pattern."));
    // A size of the result counts as used, declared or inferred (the caller's expected type determines it).
    ok("def f [n] (x: i64) : [n]i64 = replicate n x");
    ok("def f [n] (x: i64) = replicate n x");
    ok("def g [n] a = map (\\i -> a[i] + 1i32) (iota n)");
    ok("def f [n] (g: [n]i32 -> i32) (xs: [n]i32) : i32 = g xs");
    ok("def f (xs: []i32) : i64 = let [n] (ys: [n]i32) = filter (> 0) xs in n");
  }

  @Test
  void ambiguousSizeOnlyInAFunctionArgument() {
    Diagnostic d = sizeError(DiagCode.E0222, "def pick [n] (g: [n]i64 -> i64) : i64 = n\nentry main (x: i64) : i64 = pick (\\xs -> xs[0]) + x");
    assertTrue(d.message().startsWith("Ambiguous size \"n\""), d.message());
    ok("def pick [n] (g: [n]i64 -> i64) : i64 = n\nentry main (x: i64) : i64 = pick (\\(xs: [1]i64) -> xs[0]) + x");
    ok("def app [n] (xs: [n]i64) (g: [n]i64 -> i64) : i64 = g xs\ndef h (ys: []i64) = app ys (\\zs -> zs[0])");
  }

  @Test
  void unknowableSizeInParameterOfAReturnedFunction() {
    Diagnostic d = sizeError(DiagCode.E0223, "def mk (xs: []i32) =\n  let ys = filter (> 0) xs\n  in \\(v: [length ys]i32) -> i32.sum v");
    assertTrue(d.message().startsWith("Cannot generalise type of \"mk\".\n\nUnknown size \"d\" in parameter of \"mk\""), d.message());
    ok("def mk (xs: []i32) =\n  let ys = filter (> 0) xs\n  in \\(v_any: []i32) -> let v = v_any :> [length ys]i32 in i32.sum v");
    ok("def mk (k: i64) = \\(v: [k]i32) -> i32.sum v");
    // An if without bindings is a size: the parameter's size is known to callers in terms of b.
    ok("def mk (b: bool) =\n  let k = if b then 3 else 4\n  in \\(v: [k]i32) -> i32.sum v");
  }

  @Test
  void existentialSizeInComposition() {
    Diagnostic d = sizeError(DiagCode.E0224, "entry main (xs: []i32) : i64 = (filter (> 0) >-> length) xs");
    assertTrue(d.message().startsWith("Existential size would appear in function parameter of return type"), d.message());
    ok("entry main (xs: []i32) : i64 = xs |> filter (> 0) |> length");
    ok("entry main (xs: []i32) : i32 = (map (+ 1) >-> i32.sum) xs");
  }

  @Test
  void causalityOfAnEmptyArrayLiteralsSizes() {
    Diagnostic d = sizeError(DiagCode.E0221, "def g (xs: []i32) : bool =\n  let early = [] : [][]i32\n"
        + "  let late = [filter (< 0) xs]\n  in early[0] == late[0]");
    assertTrue(d.message().contains("Causality check: size \"d\" needed for this type"), d.message());
    ok("def g (xs: []i32) : bool =\n  let late = [filter (< 0) xs]\n  let early = [] : [][]i32\n  in early[0] == late[0]");
  }

  @Test
  void typeAbbreviationSizes() {
    Diagnostic d = sizeError(DiagCode.E0226, "type vec [n] = []i32");
    assertEquals("Size parameter \"[n]\" unused.", d.message());
    assertEquals("Unknown name \"n\"", sizeError(DiagCode.E0201, "type vec = [n]i32").message());
    ok("type square [n] = [n][n]i32\ndef f [n] (m: square [n]) : i64 = n");
    // An existential size makes a type size-lifted, as an anonymous one does.
    sizeError(DiagCode.E0230, "type arr = ?[k].[k]i32");
    ok("type vec [n] = [n]i32\ntype~ arr = ?[k].[k]i32\ndef f (v: vec [3]) : i32 = v[0]");
  }
}

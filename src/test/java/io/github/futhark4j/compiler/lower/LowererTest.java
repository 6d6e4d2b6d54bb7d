package io.github.futhark4j.compiler.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.PrimType;
import org.junit.jupiter.api.Test;

/** Lowering from the checked tree: specialisation, flattening, checks. */
class LowererTest {
  private static Program lower(String src) throws Exception {
    Program p = Lowerer.lower(Frontend.check(new Source("prog.fut", src)));
    Verifier.verify(p, "lower");
    return p;
  }

  @Test
  void specialisesPolymorphicHigherOrderFunctions() throws Exception {
    Program p = lower("""
        def twice 'a (f: a -> a) (x: a) : a = f (f x)
        entry g (x: i32) (y: f64) : (i32, f64) = (twice (\\v -> v + 1) x, twice (\\v -> v * 2) y)
        """);
    Program.Entry e = p.entries().get(0);
    assertEquals(2, e.body().results().size());
    assertEquals(new IrType.Scalar(PrimType.I32), e.body().results().get(0).type());
    assertEquals(new IrType.Scalar(PrimType.F64), e.body().results().get(1).type());
    String ir = Printer.program(p);
    assertEquals(4, ir.split("let").length - 1, ir);
  }

  @Test
  void arraysOfTuplesBecomeTuplesOfArrays() throws Exception {
    Program p = lower("entry f [n] (xs: [n]i64) (ys: []f32) : ([]f32, []i64) = unzip (map (\\(a, b) -> (b, a)) (zip xs (ys :> [n]f32)))");
    Program.Entry e = p.entries().get(0);
    assertEquals(new IrType.Arr(PrimType.F32, 1), e.body().results().get(0).type());
    assertEquals(new IrType.Arr(PrimType.I64, 1), e.body().results().get(1).type());
    // The size coercion of ys checks its size at run time.
    assertTrue(e.body().stms().stream().anyMatch(s -> s.exp() instanceof Exp.Assert), Printer.program(p));
  }

  @Test
  void modelProgramLowersToWhileLoopWithInPlaceUpdate() {
    Program p = Lowerer.lower(io.github.futhark4j.compiler.codegen.CGenTestAccess.factorize());
    Verifier.verify(p, "lower");
    String ir = Printer.program(p);
    assertTrue(ir.contains("while"), ir);
    assertTrue(ir.contains(" with ["), ir);
    Exp.Map m = assertInstanceOf(Exp.Map.class, p.entries().get(0).body().stms().stream()
        .filter(s -> s.exp() instanceof Exp.Map).findFirst().orElseThrow().exp());
    assertEquals(new IrType.Arr(PrimType.I64, 1), m.f().returnTypes().get(0));
    assertFalse(ir.contains("factorize"), "no function calls remain");
  }

  @Test
  void sumTypesAtTheApiAreATagAndEveryPayload() throws Exception {
    Program p = lower("type t = #a i64 | #b | #c f32 bool\nentry f (x: i64) : t = #a x");
    assertEquals(4, p.entries().get(0).body().results().size());
    assertEquals(new IrType.Scalar(PrimType.I8), p.entries().get(0).body().results().get(0).type());
  }

  @Test
  void recordEntryValuesAreFlattened() throws Exception {
    Program p = lower("entry f (r: {a: i64, b: []f32}) : {a: i64, b: []f32} = {a = r.a + 1, b = r.b}");
    assertEquals(2, p.entries().get(0).params().size());
    assertEquals(2, p.entries().get(0).body().results().size());
  }

  // ---- recursive functions ------------------------------------------------------------------

  @Test
  void recursiveFunctionsBecomeFunctionsCalledFromInsideAndOutside() throws Exception {
    Program p = lower("""
        def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)
        entry main (a: i32) (b: i32) : i32 = fact a + fact b
        """);
    assertEquals(1, p.functions().size(), Printer.program(p));
    Program.Function f = p.functions().get(0);
    assertEquals("fact", f.source());
    assertEquals(java.util.List.of(new IrType.Scalar(PrimType.I32)), f.results());
    String ir = Printer.program(p);
    assertEquals(3, ir.split("call " + f.name() + "\\(").length - 1, ir);
  }

  @Test
  void quicksortsOuterAndRecursiveCallsShareASpecialisation() throws Exception {
    // The outer call knows the size n, the recursive calls (on filter's results) do not: n is read
    // off the argument's shape either way, so both call one function.
    Program p = lower("""
        def qs [n] (xs: [n]i32) : []i32 =
          if n <= 1 then xs else let p = xs[0] in qs (filter (< p) xs) ++ filter (== p) xs ++ qs (filter (> p) xs)
        entry main (xs: []i32) : []i32 = qs xs
        """);
    assertEquals(1, p.functions().size(), Printer.program(p));
    assertEquals(1, p.functions().get(0).params().size(), Printer.program(p));
  }

  @Test
  void higherOrderParametersSpecialisePerClosureAndPassWhatTheyCapture() throws Exception {
    Program p = lower("""
        def repeat (n: i64) (f: i64 -> i64) (x: i64) : i64 = if n == 0 then x else repeat (n - 1) f (f x)
        entry main (n: i64) (x: i64) (k: i64) : i64 =
          let g (y: i64) = y * k + 1
          in repeat n (\\y -> y + 1) x + repeat n (\\y -> y * 2) x + repeat n g x + repeat (n + 1) g k
        """);
    // One function per closure: the two lambdas and g (both uses of g share it).
    assertEquals(3, p.functions().size(), Printer.program(p));
    // g's function takes the value g captures (k) as a parameter of its own.
    long withCapture = p.functions().stream().filter(f -> f.params().size() == 3).count();
    assertEquals(1, withCapture, Printer.program(p));
  }

  @Test
  void uniqueParametersAreConsumedAndRecordsAndSumsAreFlattened() throws Exception {
    Program p = lower("""
        def fill [n] (i: i64) (xs: *[n]i64) : *[n]i64 = if i == n then xs else fill (i + 1) (xs with [i] = i)
        type r = {a: i64, b: f64}
        def walk (s: #go i64 | #stop) (acc: r) : (r, bool) =
          match s case #stop -> (acc, true) case #go k -> if k < 0 then (acc, false) else walk (#go (k - 1)) (acc with a = acc.a + k)
        entry main (n: i64) : ([]i64, i64, f64, bool) =
          let (r, ok) = walk (#go n) {a = 0, b = 1}
          in (fill 0 (replicate n 0), r.a, r.b, ok)
        """);
    Program.Function fill = p.functions().stream().filter(f -> f.source().equals("fill")).findFirst().orElseThrow();
    assertEquals(java.util.List.of(false, true), fill.consumed(), Printer.program(p));
    Program.Function walk = p.functions().stream().filter(f -> f.source().equals("walk")).findFirst().orElseThrow();
    // The sum is its tag and the payload of each constructor; the record its two fields.
    assertEquals(java.util.List.of(new IrType.Scalar(PrimType.I8), new IrType.Scalar(PrimType.I64),
        new IrType.Scalar(PrimType.I64), new IrType.Scalar(PrimType.F64)),
        walk.params().stream().map(v -> v.type()).toList(), Printer.program(p));
    assertEquals(3, walk.results().size());
  }
}

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
}

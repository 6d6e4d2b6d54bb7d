package io.github.futhark4j.compiler.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Local functions are polymorphic in the type parameters they declare, instantiated per use by the
 * lowering. As in today's Futhark (0.27 and later), a local function is not let-generalised: one
 * without declared type parameters has one type, fixed by its uses.
 */
class LocalPolymorphismTest {
  private static Program lower(String src) throws Exception {
    Program p = Lowerer.lower(Frontend.check(new Source("prog.fut", src)));
    Verifier.verify(p, "lower");
    return p;
  }

  private static List<IrType> resultTypes(Program p) {
    return p.entries().get(0).body().results().stream().map(Atom::type).toList();
  }

  private static final IrType I32 = new IrType.Scalar(PrimType.I32);
  private static final IrType F64 = new IrType.Scalar(PrimType.F64);

  @Test
  void explicitTypeParameterUsedAtTwoTypes() throws Exception {
    String src = """
        entry main (x: i32) (y: f64) : (i32, i32, f64, f64) =
          let dup 't (v: t) = (v, v)
          let (a, b) = dup x
          let (c, d) = dup y
          in (a, b, c, d)
        """;
    TProgram tp = Frontend.check(new Source("prog.fut", src));
    TDecl main = tp.decls().stream().filter(d -> d.name().base().equals("main")).findFirst().orElseThrow();
    TExp.LetFun lf = (TExp.LetFun) main.fun().body();
    assertEquals(1, lf.fun().typeParams().size());
    assertTrue(lf.fun().typeParams().get(0).startsWith("t"), lf.fun().typeParams().toString());
    assertEquals(List.of(I32, I32, F64, F64), resultTypes(lower(src)));
  }

  @Test
  void inferredLocalFunctionIsNotGeneralised() throws Exception {
    Program p = lower("""
        entry main (x: i32) (y: i32) : (i32, i32) =
          let pick a b = if x > 0 then a else b
          in (pick x 2, pick y 1)
        """);
    assertEquals(List.of(I32, I32), resultTypes(p));
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Frontend.check(new Source("prog.fut", """
        entry main (x: i32) (y: f64) : (i32, f64) =
          let pick a b = if x > 0 then a else b
          in (pick x 2, pick y 1.0)
        """)));
    assertTrue(e.getMessage().contains("f64") && e.getMessage().contains("i32"), e.getMessage());
  }

  @Test
  void typeOfACapturedVariableIsNotGeneralised() throws Exception {
    // 'z' has the type of the enclosing parameter, which is still being inferred when 'g' is
    // bound; generalising it would let the two uses disagree. Using g at bool and i32 is an error.
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Frontend.check(new Source("prog.fut", """
        def f z =
          let g (w: bool) = if w then z else z
          in (g true, z + 1i32, z && true)
        """)));
    assertTrue(e.getMessage().contains("bool") || e.getMessage().contains("i32"), e.getMessage());
  }

  @Test
  void higherOrderLocalFunctionAtTwoTypes() throws Exception {
    Program p = lower("""
        entry main (xs: []i32) (ys: []f64) : ([]i32, []f64) =
          let twice 'a (f: a -> a) (v: a) = f (f v)
          let both 'a (f: a -> a) (vs: []a) = map (twice f) vs
          in (both (+1) xs, both (*2) ys)
        """);
    assertEquals(List.of(new IrType.Arr(PrimType.I32, 1), new IrType.Arr(PrimType.F64, 1)), resultTypes(p));
  }

  @Test
  void localTypeParameterShadowingTheEnclosingOne() throws Exception {
    // The inner 't' is another parameter than the outer one: 'pair' returns (outer t, inner t).
    Program p = lower("""
        def outer 't (x: t) (n: i64) : [n](t, i64) =
          let pair 't (y: t) = (x, y)
          let _ = pair true
          in map (\\i -> pair i) (iota n)
        entry main (v: f64) (n: i64) : ([n]f64, [n]i64) = unzip (outer v n)
        """);
    assertEquals(List.of(new IrType.Arr(PrimType.F64, 1), new IrType.Arr(PrimType.I64, 1)), resultTypes(p));
    assertTrue(Printer.program(p).contains("map"), Printer.program(p));
  }

  @Test
  void emptyArrayInAPolymorphicLocalFunctionTakesTheUsesType() throws Exception {
    Program p = lower("""
        entry main (x: f64) (y: i32) : ([]f64, []i32) =
          let orEmpty 't (b: bool) (v: t) : []t = if b then [v] else []
          in (orEmpty false x, orEmpty true y)
        """);
    assertEquals(List.of(new IrType.Arr(PrimType.F64, 1), new IrType.Arr(PrimType.I32, 1)), resultTypes(p));
  }

  @Test
  void polymorphicLocalFunctionPassedToATopLevelOne() throws Exception {
    Program p = lower("""
        def apply2 'a 'b (f: a -> (a, a)) (g: b -> (b, b)) (x: a) (y: b) = (f x, g y)
        entry main (x: i32) (y: f64) : ((i32, i32), (f64, f64)) =
          let dup 'v (z: v) = (z, z)
          in apply2 dup dup x y
        """);
    assertEquals(List.of(I32, I32, F64, F64), resultTypes(p));
  }

  @Test
  void localFunctionUsingEqualityTakesItsUsesType() throws Exception {
    Program p = lower("""
        entry main (x: i32) (y: i32) (xs: []i64) : (bool, bool) =
          let same a b = a == b
          in (same x 1, same y 2)
        """);
    IrType bool = new IrType.Scalar(PrimType.BOOL);
    assertEquals(List.of(bool, bool), resultTypes(p));
    // Not generalised: a second type is an error, and functions still cannot be compared.
    org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Frontend.check(new Source("prog.fut",
        "def f (x: i32) (y: f64) = let same a b = a == b in (same x 1, same y 2.5)")));
    org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Frontend.check(new Source("prog.fut",
        "def f (x: i32) = let same a b = a == b in same (\\(y: i32) -> y) (\\y -> y + x)")));
  }
}

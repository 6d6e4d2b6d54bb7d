package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.diag.DiagCode;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.PrimType;
import static org.junit.jupiter.api.Assertions.*;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CheckerTest {
  static TProgram ok(String text) {
    try {
      return Frontend.check(new Source("t.fut", text));
    } catch (CompileException e) {
      return fail("unexpected errors:\n" + e.getMessage());
    }
  }

  static Diagnostic error(String text) {
    CompileException e = assertThrows(CompileException.class, () -> Frontend.check(new Source("t.fut", text)));
    return e.primary();
  }

  static TDecl decl(TProgram p, String base) {
    return p.decls().stream().filter(d -> d.name().base().equals(base)).reduce((a, b) -> b).orElseThrow();
  }

  static String body(TProgram p, String base) {
    return TypedPrinter.exp(decl(p, base).fun().body());
  }

  // ---- inference and defaults --------------------------------------------------------------

  @Test
  void oneLineCollapsesWhitespaceAsTheRegexDid() {
    for (String t : new String[] {"", " ", "a", "  a  b\n\t c \r\n", "x\u000Bx\fy", "\u0001 q ", "f (x:\n   i32)"}) {
      assertEquals(t.replaceAll("\\s+", " ").trim(), Terms.oneLine(t), t);
    }
  }

  @Test
  void integerLiteralsDefaultToI32() {
    assertEquals(Type.I32, decl(ok("def x = 1 + 2"), "x").fun().returnType());
  }

  @Test
  void decimalLiteralsDefaultToF64() {
    assertEquals(Type.F64, decl(ok("def x = 1.5 * 2"), "x").fun().returnType());
  }

  @Test
  void literalsTakeTheTypeTheyAreUsedAt() {
    TProgram p = ok("def f (x: u8) = x + 1");
    assertEquals("(x_" + tagOf(p, "f", "x") + " +@u8 1u8)", body(p, "f"));
  }

  @Test
  void literalOutOfBoundsIsAnError() {
    Diagnostic d = error("def x : i8 = 300");
    assertEquals(DiagCode.E0208, d.code());
    assertEquals(1, d.line());
    assertEquals(14, d.column());
  }

  @Test
  void negativeLiteralsFitTheirType() {
    assertEquals("-128i8", body(ok("def x : i8 = -128"), "x"));
  }

  @Test
  void polymorphicFunctionsAreInstantiatedPerUse() {
    TProgram p = ok("def id 't (x: t) : t = x\ndef a = id 1i64\ndef b = id true");
    List<String> tps = decl(p, "id").fun().typeParams();
    assertEquals(1, tps.size());
    assertTrue(tps.get(0).startsWith("t_"), tps.toString()); // type parameters have unique names
    TExp.Apply ap = (TExp.Apply) decl(p, "a").fun().body();
    assertEquals(Type.I64, ((TExp.Var) ap.function()).typeArgs().get(tps.get(0)));
    TExp.Apply bp = (TExp.Apply) decl(p, "b").fun().body();
    assertEquals(Type.BOOL, ((TExp.Var) bp.function()).typeArgs().get(tps.get(0)));
  }

  @Test
  void unannotatedFunctionsAreGeneralised() {
    TProgram p = ok("def pair x y = (x, y)");
    assertEquals(2, decl(p, "pair").fun().typeParams().size());
  }

  @Test
  void partialApplicationIsEtaExpanded() {
    TProgram p = ok("def add (x: i32) (y: i32) : i32 = x + y\nentry main (xs: []i32) = map (add 1) xs");
    TExp.Apply map = (TExp.Apply) decl(p, "main").fun().body();
    TExp.Lambda lam = assertInstanceOf(TExp.Lambda.class, map.args().get(0));
    TExp.Apply inner = assertInstanceOf(TExp.Apply.class, lam.body());
    assertEquals(2, inner.args().size(), "the call inside the lambda is saturated");
  }

  @Test
  void operatorSectionsBecomeLambdasOverBinOps() {
    TProgram p = ok("entry main (xs: []f32) = map (2 -) xs");
    // (2 -) is let x = 2 in \y -> x - y: the operand is evaluated once, where the section is.
    TExp.Let let = (TExp.Let) ((TExp.Apply) decl(p, "main").fun().body()).args().get(0);
    assertInstanceOf(TExp.Literal.class, let.value());
    TExp.Lambda lam = (TExp.Lambda) let.body();
    TExp.BinOp b = assertInstanceOf(TExp.BinOp.class, lam.body());
    assertEquals(TExp.BinOperator.SUB, b.op());
    assertEquals(Type.prim(PrimType.F32), b.operandType());
  }

  @Test
  void higherOrderFunctionsApplyFunctionParameters() {
    TProgram p = ok("def twice 'a (f: a -> a) (x: a) : a = f (f x)\nentry main (x: i32) = twice (*2) x");
    assertTrue(body(p, "twice").startsWith("(f_"), body(p, "twice"));
  }

  @Test
  void userOperatorsAreCalls() {
    TProgram p = ok("def (a: i32) +^ (b: i32) : i32 = a * 10 + b\nentry main (x: i32) = x +^ 1 +^ 2");
    assertTrue(body(p, "main").contains("+^"), body(p, "main"));
    assertFalse(body(p, "main").contains("@"), "a user operator is not a built-in BinOp");
  }

  @Test
  void userDefinitionsShadowThePreludeOnlyForTheUser() {
    // The user's unflatten_3d takes an i32; the prelude's unflatten and reduce still see their own names.
    TProgram p = ok("def unflatten_3d (x: i32) : i32 = x\ndef reduce (x: i32) : i32 = x + 1\n"
        + "def f [n] (xs: [n * 2]i32) = (unflatten_3d 1, reduce 2, unflatten xs : [n][2]i32, i32.sum xs)");
    assertEquals(1, p.decls().stream().filter(d -> d.name().base().equals("unflatten_3d")).count());
    assertTrue(p.decls().stream().anyMatch(d -> d.name().base().equals("unflatten")), "the prelude's unflatten is used");
  }

  @Test
  void shadowedBuiltinOperatorIsTheUserFunction() {
    TProgram p = ok("def (+) (x: i32) (y: i32) : i32 = x - y\nentry main (x: i32) = x + 1");
    assertFalse(body(p, "main").contains("+@"), body(p, "main"));
  }

  @Test
  void equalityOnArraysAndRecords() {
    TProgram p = ok("entry main (xs: []i32) (ys: []i32) : bool = xs == ys");
    TExp.BinOp b = (TExp.BinOp) decl(p, "main").fun().body();
    assertInstanceOf(Type.Array.class, b.operandType());
  }

  @Test
  void recordsAndFieldInference() {
    TProgram p = ok("entry main (xs: [](i32, f32)) : []f32 = map (\\p -> p.1 * 2) xs");
    assertNotNull(p);
    TProgram q = ok("def f (r: {x: i64}) = r.x + 1\nentry main = f {x = 2}");
    assertEquals(Type.I64, decl(q, "main").fun().returnType());
    // As in Futhark, a top-level function cannot project from a parameter of unknown type.
    assertEquals(DiagCode.E0212, error("def f r = r.x + 1i64").code());
  }

  @Test
  void unknownFieldIsReported() {
    Diagnostic d = error("def f (r: {a: i32}) = r.b");
    assertEquals(DiagCode.E0204, d.code());
    assertTrue(d.message().startsWith("Cannot unify record type with fields\n  {b: 'a}\nwith record type\n  {a: i32}"), d.message());
  }

  @Test
  void sumTypesAndExhaustiveMatch() {
    TProgram p = ok("type opt = #none | #some i32\n"
        + "def get (o: opt) : i32 = match o case #some x -> x case #none -> 0\n"
        + "entry main (x: i32) = get (#some x)");
    assertTrue(body(p, "get").startsWith("(match"));
    Diagnostic d = error("type opt = #none | #some i32\ndef get (o: opt) : i32 = match o case #some x -> x");
    assertEquals(DiagCode.E0215, d.code());
    assertTrue(d.message().contains("#none"), d.message());
    Diagnostic b = error("def f (x: bool) : i32 = match x case true -> 1");
    assertEquals(DiagCode.E0215, b.code());
    ok("def f (x: i32) : i32 = match x case 0 -> 1 case _ -> 2");
  }

  @Test
  void typeAbbreviationsWithParameters() {
    TProgram p = ok("type vec [n] 't = [n]t\ntype two 't = (t, t)\n"
        + "def f [n] (xs: vec [n] f32) : two (vec [n] f32) = (xs, xs)");
    assertEquals("([n_" + sizeTag(p, "f") + "]f32, [n_" + sizeTag(p, "f") + "]f32)", decl(p, "f").fun().returnType().toString());
  }

  @Test
  void sizeParametersNameParameterShapes() {
    TProgram p = ok("def f [n] (xs: [n]i32) : [n]i32 = xs");
    TDecl f = decl(p, "f");
    VName n = f.fun().sizeParams().get(0);
    Type.Array t = (Type.Array) f.fun().params().get(0).type();
    assertEquals(new Size.Var(n), t.shape().get(0));
  }

  @Test
  void sizesFlowThroughCalls() {
    TProgram p = ok("entry main (n: i64) : [n]i64 = iota n");
    TExp.Apply ap = (TExp.Apply) decl(p, "main").fun().body();
    Type.Array t = (Type.Array) ap.type();
    TPat.Id param = (TPat.Id) decl(p, "main").fun().params().get(0);
    assertEquals(new Size.Var(param.name()), t.shape().get(0));
    Type.Array r = (Type.Array) ((TExp.Apply) decl(ok("def r = replicate 32 0i64"), "r").fun().body()).type();
    assertEquals(new Size.Const(32), r.shape().get(0));
  }

  @Test
  void sizesGoingOutOfScopeBecomeUnknown() {
    // A let-bound size stands for its definition when it goes out of scope (as in the reference).
    TProgram p = ok("def f (xs: []i32) = let n = length xs in iota n");
    Type.Array t = (Type.Array) decl(p, "f").fun().returnType();
    assertInstanceOf(Size.Expr.class, t.shape().get(0));
    // A size bound by a pattern in a loop or match goes out of scope as an unknown size: a name
    // bound nowhere, distinct from every other size.
    p = ok("def g (b: bool) = match b case true -> iota 1 case false -> iota 2");
    t = (Type.Array) decl(p, "g").fun().returnType();
    Size.Var v = assertInstanceOf(Size.Var.class, t.shape().get(0));
    assertEquals("differ", v.name().base()); // named as the reference names it
  }

  @Test
  void everyBinderHasAUniqueName() {
    TProgram p = ok("def f (x: i32) = let x = x + 1 let x = x * 2 in x\ndef g (x: i32) = x");
    Set<VName> seen = new HashSet<>();
    List<VName> all = new ArrayList<>();
    for (TDecl d : p.decls()) {
      all.add(d.name());
      for (TPat pt : d.fun().params()) if (pt instanceof TPat.Id id) all.add(id.name());
    }
    TExp e = decl(p, "f").fun().body();
    while (e instanceof TExp.Let l) {
      all.add(((TPat.Id) l.pattern()).name());
      e = l.body();
    }
    for (VName v : all) assertTrue(seen.add(v), "duplicate " + v);
    assertEquals(6, seen.size());
  }

  @Test
  void stringLiteralsAreU8Arrays() {
    TExp.ArrayLit a = (TExp.ArrayLit) decl(ok("def s = \"é!\""), "s").fun().body();
    assertEquals(3, a.elements().size());
    assertEquals("[3]u8", a.type().toString());
  }

  @Test
  void rangesNeedIntegers() {
    assertEquals(DiagCode.E0206, error("def r = 1.0..<2.0").code());
  }

  // ---- errors ----------------------------------------------------------------------------------

  @Test
  void typeMismatchShowsBothTypes() {
    Diagnostic d = error("def f (x: i32) : bool =\n  x");
    assertEquals(DiagCode.E0202, d.code());
    assertEquals(2, d.line());
    assertEquals(3, d.column());
    assertTrue(d.message().contains("Expected: bool"), d.message());
    assertTrue(d.message().contains("Actual:   i32"), d.message());
  }

  @Test
  void unknownTypesAreNamedInOrderInMessages() {
    Diagnostic d = error("def k = let (a, b) = (1, 2, 3) in a");
    assertTrue(d.message().startsWith("Pattern\n  (a, b)\ncannot match value of type\n  (i32, i32, i32)"), d.message());
    assertTrue(error("def k (x: i32) = x[0]").message().startsWith("Cannot unify\n  i32\nwith\n  []'a"));
  }

  @Test
  void arithmeticOnBoolIsRejected() {
    Diagnostic d = error("def f (x: bool) = x + x");
    assertEquals(DiagCode.E0206, d.code());
    assertTrue(d.message().contains("bool"), d.message());
  }

  @Test
  void unknownTypeIsReported() {
    Diagnostic d = error("def f (x: vec3) = x");
    assertEquals(DiagCode.E0203, d.code());
    assertEquals(11, d.column());
  }

  @Test
  void holesTakeTheirTypeFromTheContextAndFailWhenEvaluated() {
    TProgram p = ok("def f (x: i32) : i32 = if x > 0 then x else ???");
    TExp.If i = (TExp.If) decl(p, "f").fun().body();
    TExp.Assert hole = (TExp.Assert) i.otherwise();
    assertEquals(Type.I32, hole.type());
    assertEquals(new TExp.Literal(io.github.futhark4j.compiler.typed.PrimValue.ofBool(false), Type.BOOL, hole.cond().span()), hole.cond());
    assertEquals("Reached hole of type: i32", hole.message());
    // Any type: records, arrays, sums, functions and type parameters.
    ok("def g 't (x: t) : (t, []f32, #a i32 | #b, i32 -> i32) = ???");
  }

  @Test
  void onlyTopLevelFunctionsAreRecursive() {
    // A top-level function is in scope of its own body (monomorphic in types, fresh sizes per call).
    ok("def f (x: i32) : i32 = if x == 0 then 0 else f (x - 1)");
    ok("def sum (xs: []i32) = if length xs == 0 then 0 else xs[0] + sum (drop 1 xs)");
    ok("def f (f: i32) = f + 2");
    // A constant and a local function are not.
    assertTrue(error("def c = \\(x: i32) -> if x == 0 then 0 else c (x - 1)").message().contains("Unknown name \"c\""));
    assertTrue(error("def f (n: i32) = let g (k: i32) : i32 = if k == 0 then 0 else g (k - 1) in g n")
        .message().contains("Unknown name \"g\""));
    Diagnostic d = error("def f (g: i32 -> i32) (n: i32) : i32 = if n == 0 then 0 else f (\\x -> g x) (n - 1)");
    assertEquals(DiagCode.E0234, d.code());
  }

  @Test
  void applyingANonFunction() {
    assertEquals(DiagCode.E0207, error("def f (x: i32) = x 1").code());
  }

  @Test
  void entryPointsMustBeFirstOrderAndMonomorphic() {
    assertEquals(DiagCode.E0402, error("entry f (g: i32 -> i32) = g 1").code());
    assertEquals(DiagCode.E0401, error("entry f 't (x: t) = x").code());
  }

  @Test
  void entryPointResultSizesMustBeDeterminedByParameters() {
    // A size parameter that no parameter determines: the caller could not choose it (the reference's
    // "size-polymorphic in their return type").
    assertEquals(DiagCode.E0401, error("entry f [n] (x: i32) : [0][n]i32 = []").code());
    ok("entry f [n] (xs: [n]i32) : [1][n]i32 = [xs]");
    ok("entry f (n: i64) : [0][n]i32 = []");
  }

  @Test
  void passingAUniqueArrayToATypeParameterDoesNotConsumeIt() {
    // copy and id take a bare 't: the argument's own uniqueness (iota's *[]i64) must not turn the
    // call into a consuming one.
    ok("def f (n: i64) = let xs = iota n let ys = copy xs let ys[0] = 1 in (ys, xs[0])");
    ok("def f (n: i64) = let xs = iota n let ys = id xs in (ys, xs[0])");
    ok("def dup 't (x: t) : (t, t) = (x, x)\ndef f (n: i64) = let xs = iota n let p = dup xs in (p.0, xs[0])");
    assertEquals(DiagCode.E0301, error("def g (xs: *[]i64) : i64 = 0\ndef f (n: i64) = let xs = iota n let _ = g xs in xs[0]").code());
  }

  @Test
  void modulesAliasesOpenAndFunctors() {
    ok("module m = { def x = 1i32 }\nmodule n = m\nopen n\ndef y = x + n.x");
    ok("module F = f32\ndef r = F.sqrt 2.0");
    TProgram p = ok("module s (N: numeric) = { def sq (x: N.t) : N.t = N.(x * x) }\nmodule a = s i32\nmodule b = s f64\n"
        + "def u = a.sq 3\ndef v = b.sq 1.5");
    assertEquals(Type.I32, decl(p, "u").fun().returnType());
    assertEquals(Type.F64, decl(p, "v").fun().returnType());
    // Types declared in modules keep meaning the same outside them.
    TProgram q = ok("module s (N: numeric) = { type t = N.t type p = (t, t) }\nmodule a = s f32\n"
        + "module m = { type t = i64 type u = [2]t }\ndef f (x: a.p) (y: m.u) : a.t = x.0 + f32.i64 y[0]");
    assertEquals(Type.prim(PrimType.F32), decl(q, "f").fun().returnType());
    // The parameter is only visible inside the functor.
    assertEquals(DiagCode.E0201, error("module s (N: numeric) = { def one : N.t = N.i32 1 }\nmodule a = s i32\ndef w = N.i32 1").code());
  }

  @Test
  void entryPointsMayNotBeDeclaredInModules() {
    assertEquals(DiagCode.E0405, error("module m = { entry f (x: i32) = x }").code());
  }

  @Test
  void useAfterConsumeHasTheReferenceWording() {
    Diagnostic d = error("def f (xs: *[]i32) =\n  let ys = xs with [0] = 1\n  in xs[0] + ys[0]");
    assertEquals(DiagCode.E0301, d.code());
    assertEquals(3, d.line());
    assertTrue(d.message().startsWith("Using variable \"xs\", but this was consumed at 2:12-27."), d.message());
  }

  @Test
  void consumingThroughAnAlias() {
    Diagnostic d = error("def f (xs: *[]i32) =\n  let ys = xs\n  let zs = ys with [0] = 1\n  in xs[0] + zs[0]");
    assertEquals(DiagCode.E0301, d.code());
  }

  @Test
  void scalarsComputedFromAnArrayDoNotAliasIt() {
    ok("def f (xs: *[]i32) : []i32 =\n  let t = xs[0]\n  let xs[0] = xs[1]\n  let xs[1] = t\n  in xs");
    ok("def f (xs: *[]i32) : (i64, []i32) =\n  let n = length xs\n  let xs[0] = 1\n  in (n, xs)");
    ok("def f (xs: *[]i32) : (i32, []i32) =\n  let s = i32.sum xs\n  let xs[0] = 1\n  in (s, xs)");
    // A row of a 2-d array is an array and still aliases it.
    assertEquals(DiagCode.E0301, error("def f (xss: *[][]i32) =\n  let r = xss[0]\n  let xss[0,0] = 1\n  in r[0]").code());
    // So does a tuple holding an array next to a scalar.
    assertEquals(DiagCode.E0301, error("def f (xs: *[]i32) =\n  let p = (xs[0], xs)\n  let xs[0] = 1\n  in p.0").code());
  }

  @Test
  void preludeHasAndOrNullSizedAndReduceByIndex2d() {
    ok("def f (xs: []bool) : (bool, bool) = (and xs, or xs)");
    ok("def f (xs: []i32) : (bool, [3]i32) = (null xs, sized 3 xs)");
    ok("def f (is: [](i64, i64)) (vs: []i32) : [2][3]i32 =\n"
        + "  let k = length vs in reduce_by_index_2d (replicate 2 (replicate 3 0)) (+) 0 (is :> [k](i64, i64)) (vs :> [k]i32)");
    assertEquals(DiagCode.E0202, error("def f (xs: []i32) = and xs").code());
  }

  @Test
  void pipeAndCompositionOperatorsAreValues() {
    ok("def f (x: i32) : (i32, i32, i32, i32) = ((|>) x (+ 1), (<|) (* 2) x, ((>->) (+ 1) (* 3)) x, ((<-<) (+ 1) (* 3)) x)");
    assertEquals(DiagCode.E0202, error("def f (x: i32) : f64 = (|>) x (+ 1)").code());
    ok("def g (xs: []i32) : []i32 = (|> map (+ 1)) xs");
    ok("def g (xs: []i32) : i32 = (xs |>) (reduce (+) 0)");
    // A user definition of the operator still wins over the syntax.
    ok("def (|>) (x: i32) (y: i32) : i32 = x - y\ndef g : i32 = (|>) 5 3");
    assertEquals(DiagCode.E0202, error("def f (x: i32) = (|>) x true").code());
  }

  @Test
  void backtickLeftSections() {
    ok("def f (xs: []i32) : []i32 = map (10 `i32.min`) xs");
  }

  @Test
  void aNameMayBeBoundOnceAcrossParameters() {
    Diagnostic d = error("def f (x: i32) (x: i32) : i32 = x");
    assertEquals(DiagCode.E0210, d.code());
    assertEquals("Name \"x\" also bound at t.fut:1:8-9.", d.message());
    assertEquals(17, d.column()); // at the second "x"
    assertEquals(DiagCode.E0210, error("def f (x: i32) ((y, x): (i32, i32)) : i32 = x + y").code());
    assertEquals(DiagCode.E0210, error("def f = \\(a: i32) (a: i32) -> a").code());
    assertEquals(DiagCode.E0210, error("def f (z: i32) = let g (a: i32) (a: i32) = a in g z z").code());
    // Wildcards bind nothing and may repeat; one pattern's duplicate is reported once, as before.
    ok("def f (_: i32) (_: i32) : i32 = 0");
    List<Diagnostic> ds = assertThrows(CompileException.class, () -> Frontend.check(new Source("t.fut", "def f ((x, x): (i32, i32)) : i32 = x"))).diagnostics();
    assertEquals(1, ds.size(), ds.toString());
  }

  @Test
  void consumingANonUniqueParameter() {
    Diagnostic d = error("def f (xs: []i32) : []i32 = xs with [0] = 1");
    assertEquals(DiagCode.E0302, d.code());
    assertTrue(d.message().startsWith("Consuming variable \"xs\", which is not consumable."), d.message());
  }

  @Test
  void passingToAUniqueParameterConsumes() {
    Diagnostic d = error("def g (xs: *[]i32) : []i32 = xs with [0] = 2\n"
        + "def f (xs: *[]i32) = let ys = g xs in xs[0] + ys[0]");
    assertEquals(DiagCode.E0301, d.code());
  }

  @Test
  void consumingAFreeVariableInALambdaOrLoop() {
    // As in the reference: inside a lambda or loop body, what is bound outside is not consumable.
    assertEquals(DiagCode.E0302, error("def f (xs: *[]i32) = map (\\i -> (xs with [i] = 0)[0]) (iota 3)").code());
    assertEquals(DiagCode.E0302, error("def f (xs: *[]i32) (n: i64) = loop s = 0 for i < n do (xs with [i] = 1)[0] + s").code());
    ok("def f (xs: *[]i32) (n: i64) = loop xs for i < n do xs with [i] = 1");
    ok("def f (n: i64) = map (\\i -> let a = replicate 3 0 in a with [0] = i) (iota n)");
  }

  @Test
  void uniqueResultMustNotAliasANonUniqueParameter() {
    assertEquals(DiagCode.E0304, error("def f (xs: []i32) : *[]i32 = xs").code());
    ok("def f (xs: []i32) : *[]i32 = copy xs");
    ok("def f (xs: *[]i32) : *[]i32 = xs");
  }

  @Test
  void functionResultsAliasTheirArgumentsUnlessUnique() {
    assertEquals(DiagCode.E0302, error("def f (xs: []i32) = let ys = id xs in ys with [0] = 1").code());
    assertEquals(DiagCode.E0302, error("def f [n] (xs: [n](i32, i32)) = let (p, _) = unzip xs in p with [0] = 1").code());
    // zip returns a unique array, as in the reference.
    ok("def f [n] (xs: [n]i32) (ys: [n]i32) = let p = zip xs ys in p with [0] = (1, 2)");
    assertEquals(DiagCode.E0302, error("def f (xs: [][]i32) = let t = transpose xs in t with [0, 0] = 1").code());
    ok("def f (xs: []i32) = let ys = map (+ 1) xs in ys with [0] = 1");
    ok("def f (xs: []i32) = let ys = copy xs in ys with [0] = 1");
    ok("def f (xs: []i32) (i: i64) = let ys = replicate i xs[0] in ys with [0] = xs[1]");
    ok("def g (n: i64) (x: i32) : []i32 = replicate n x\ndef f (x: i32) = let ys = g 3 x in ys with [0] = 1");
  }

  @Test
  void loopParametersAreConsumable() {
    ok("def f (n: i64) = loop acc = replicate n 0 for i < n do acc with [i] = i32.i64 i");
  }

  @Test
  void severalErrorsAreReported() {
    CompileException e = assertThrows(CompileException.class, () -> Frontend.check(new Source("t.fut",
        "def a = x\ndef b : bool = 1\ndef c = a")));
    assertEquals(2, e.diagnostics().size(), e.getMessage());
    assertEquals(1, e.diagnostics().get(0).line());
    assertEquals(2, e.diagnostics().get(1).line());
  }

  @Test
  void refutablePatternsOnlyInMatch() {
    Diagnostic d = error("def f (x: i32) = let (a, 1) = (x, 1) in a");
    assertEquals(DiagCode.E0211, d.code());
    // The whole pattern, as the reference reports it, with a value it does not match.
    assertEquals(22, d.column());
    assertTrue(d.message().startsWith("Refutable pattern not allowed here.\nUnmatched cases:\n  (_, _)"), d.message());
    ok("type t = #x i32\ndef g (v: t) = let #x y = v in y");
  }

  @Test
  void argumentMismatchUsesTheReferenceWording() {
    Diagnostic d = error("def f (x: i32) = x\ndef g (y: f32) = f   (y  +\n  1)");
    assertEquals(DiagCode.E0202, d.code());
    assertTrue(d.message().startsWith("Cannot apply \"f\" to \"(y + 1)\" (invalid type)."), d.message());
  }

  @Test
  void constructorNotInTheSumType() {
    Diagnostic d = error("type opt = #none | #some i32\ndef x : opt = #maybe 1");
    assertEquals(DiagCode.E0214, d.code());
    assertTrue(d.message().contains("#maybe"), d.message());
  }

  @Test
  void operatorMismatchNamesTheOperator() {
    Diagnostic d = error("def f (x: i32) = x + true");
    assertEquals(DiagCode.E0202, d.code());
    assertTrue(d.message().startsWith("Cannot apply \"+\" to \"true\" (invalid type)."), d.message());
    assertEquals(22, d.column());
  }

  @Test
  void rangeFromZeroHasTheBoundAsSize() {
    TProgram p = ok("def f (n: i64) = 0..<n");
    TPat.Id n = (TPat.Id) decl(p, "f").fun().params().get(0);
    assertEquals(new Size.Var(n.name()), ((Type.Array) decl(p, "f").fun().returnType()).shape().get(0));
  }

  @Test
  void importsAreResolvedRelativeToTheImportingFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Files.createDirectories(dir.resolve("lib"));
    java.nio.file.Files.writeString(dir.resolve("lib/util.fut"), "import \"more\"\ndef double (x: i32) : i32 = triple x - x");
    java.nio.file.Files.writeString(dir.resolve("lib/more.fut"), "def triple (x: i32) : i32 = 3 * x");
    java.nio.file.Path main = dir.resolve("main.fut");
    String text = "import \"lib/util\"\nentry main (x: i32) : i32 = double x";
    java.nio.file.Files.writeString(main, text);
    TProgram p = Frontend.check(new Source("main.fut", text, main));
    List<String> names = p.decls().stream().map(d -> d.name().base()).toList();
    assertEquals(List.of("triple", "double", "main"), names);
    CompileException e = assertThrows(CompileException.class,
        () -> Frontend.check(new Source("main.fut", "import \"nope\"", main)));
    assertEquals(DiagCode.E0104, e.primary().code());
  }

  @Test
  void letSizeBindersBecomeLengthBindings() {
    TProgram p = ok("def f (xs: []i32) : i64 = let [n] (ys: [n]i32) = filter (> 0) xs in n");
    // let sized = filter ... in let n = length sized in ... let ys = sized in n
    TExp.Let outer = (TExp.Let) decl(p, "f").fun().body();
    TExp e = outer.body();
    TExp.Let nBinding = null;
    while (e instanceof TExp.Let l) {
      if (l.pattern() instanceof TPat.Id id && id.name().base().equals("n")) nBinding = l;
      e = l.body();
    }
    assertNotNull(nBinding, TypedPrinter.exp(outer));
    TExp.Apply len = (TExp.Apply) nBinding.value();
    assertEquals("length", ((TExp.Intrinsic) len.function()).name());
  }

  @Test
  void localFunctionSizesAreInstantiatedPerUse() {
    TProgram p = ok("def g (m: i64) = let f [n] (ys: [n]i64) : [n]i64 = ys in f (iota m)");
    TPat.Id m = (TPat.Id) decl(p, "g").fun().params().get(0);
    TExp.LetFun lf = (TExp.LetFun) decl(p, "g").fun().body();
    assertEquals(1, lf.fun().sizeParams().size());
    Type.Array t = (Type.Array) lf.body().type();
    assertEquals(new Size.Var(m.name()), t.shape().get(0), "the call's size is the caller's, not f's parameter");
  }

  @Test
  void lambdaWithReturnType() {
    TProgram p = ok("def f (xs: []i32) = map (\\x : i64 -> i64.i32 x) xs");
    Type.Array t = (Type.Array) decl(p, "f").fun().returnType();
    assertEquals(Type.I64, t.elem());
    TPat.Id xs = (TPat.Id) decl(p, "f").fun().params().get(0);
    assertEquals(((Type.Array) xs.type()).shape(), t.shape(), "map keeps the size");
  }

  @Test
  void qualifiedOperatorSection() {
    TProgram p = ok("def f (xs: []i32) = reduce (i32.+) 0 xs");
    assertTrue(p.decls().stream().anyMatch(d -> d.name().base().equals("+")), "the module's + is used");
  }

  @Test
  void functionReturningFunctionIsNestedApply() {
    TProgram p = ok("def adder (x: i32) : i32 -> i32 = \\y -> x + y\ndef f = adder 1 2");
    TExp.Apply outer = (TExp.Apply) decl(p, "f").fun().body();
    TExp.Apply inner = assertInstanceOf(TExp.Apply.class, outer.function());
    assertEquals(1, inner.args().size());
    assertEquals(1, outer.args().size());
  }

  @Test
  void pointFreeDefinitionsGetParameters() {
    TProgram p = ok("def inc = map (+ 1i32)");
    assertEquals(1, decl(p, "inc").fun().params().size());
    Type.Array t = (Type.Array) decl(p, "inc").fun().returnType();
    assertEquals(Type.I32, t.elem());
    assertEquals(((Type.Array) decl(p, "inc").fun().params().get(0).type()).shape(), t.shape());
  }

  @Test
  void onlyUsedPreludeDefinitionsAreIncluded() {
    TProgram p = ok("entry main (x: f64) : f64 = f64.sqrt x");
    List<String> names = p.decls().stream().map(d -> d.name().base()).toList();
    assertEquals(List.of("sqrt", "main"), names);
    TExp.Apply call = (TExp.Apply) decl(p, "sqrt").fun().body();
    TExp.Intrinsic in = assertInstanceOf(TExp.Intrinsic.class, call.function());
    assertEquals("sqrt", in.name());
    assertEquals("f64 -> f64", in.type().toString());
  }

  @Test
  void localOpenBringsModuleNamesIntoScope() {
    TProgram p = ok("def f (x: f32) = f32.(sqrt x + pi * abs x)");
    List<String> names = p.decls().stream().map(d -> d.name().base()).toList();
    assertTrue(names.containsAll(List.of("sqrt", "pi", "abs")), names.toString());
    assertEquals(Type.prim(PrimType.F32), decl(p, "f").fun().returnType());
  }

  @Test
  void chainedUpdates() {
    TProgram p = ok("def f (xs: *[]i32) = xs with [0] = 1 with [1] = 2");
    assertNotNull(p);
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private static int tagOf(TProgram p, String def, String param) {
    for (TPat pt : decl(p, def).fun().params()) if (pt instanceof TPat.Id id && id.name().base().equals(param)) return id.name().tag();
    throw new AssertionError("no parameter " + param);
  }

  private static int sizeTag(TProgram p, String def) {
    return decl(p, def).fun().sizeParams().get(0).tag();
  }
}

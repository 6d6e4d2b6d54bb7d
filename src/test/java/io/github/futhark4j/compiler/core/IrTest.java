package io.github.futhark4j.compiler.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Printer and verifier of the IR. */
public class IrTest {
  public static final IrType I64 = new IrType.Scalar(PrimType.I64);
  public static final IrType ARR = new IrType.Arr(PrimType.I64, 1);

  public static Atom.Var v(String n, IrType t) { return new Atom.Var(n, t); }

  public static Stm let(Atom.Var x, Exp e) { return new Stm(List.of(x), e); }

  public static Exp add(Atom x, Atom y) { return new Exp.BinOp(BinOperator.ADD, PrimType.I64, x, y, Span.NONE); }

  /** {@code \x -> x + k}. */
  public static Lambda plus(String p, String r, Atom k) {
    Atom.Var x = v(p, I64), y = v(r, I64);
    return new Lambda(List.of(x), new Body(List.of(let(y, add(x, k))), List.of(y)));
  }

  /** {@code map (+1) xs} then {@code reduce (+) 0}. */
  public static Body mapReduce() {
    Atom.Var xs = v("xs", ARR), n = v("n", I64), ys = v("ys", ARR), s = v("s", I64);
    Atom.Var a = v("a", I64), b = v("b", I64), c = v("c", I64);
    Lambda op = new Lambda(List.of(a, b), new Body(List.of(let(c, add(a, b))), List.of(c)));
    return new Body(List.of(
        let(n, new Exp.Shape(xs, 0)),
        let(ys, new Exp.Map(n, plus("x", "y", Atom.i64(1)), List.of(xs))),
        let(s, new Exp.Reduce(n, op, List.of(Atom.i64(0)), null, List.of(ys), false))), List.of(s));
  }

  @Test
  void printsNestedStructure() {
    String text = Printer.body(mapReduce());
    assertTrue(text.contains("let (ys: []i64) = map n (xs)"), text);
    assertTrue(text.contains("f \\(x: i64) ->"), text);
    assertTrue(text.contains("let (s: i64) = reduce n (0i64) (ys)"), text);
    assertTrue(text.strip().endsWith("in (s)"), text);
  }

  @Test
  void acceptsWellFormedBody() {
    Verifier.verifyBody(mapReduce(), List.of(v("xs", ARR)), "test");
  }

  @Test
  void rejectsUnboundVariable() {
    var e = assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(mapReduce(), List.of(), "test"));
    assertTrue(e.getMessage().contains("xs used out of scope"), e.getMessage());
    assertTrue(e.getMessage().contains("after pass 'test'"), e.getMessage());
  }

  @Test
  void rejectsDoubleBindingAndTypeMismatch() {
    Atom.Var x = v("x", I64);
    Body twice = new Body(List.of(let(x, new Exp.AtomE(Atom.i64(1))), let(x, new Exp.AtomE(Atom.i64(2)))), List.of(x));
    assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(twice, List.of(), "t"));
    Body wrong = new Body(List.of(let(v("y", ARR), new Exp.AtomE(Atom.i64(1)))), List.of());
    var e = assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(wrong, List.of(), "t"));
    assertTrue(e.getMessage().contains("pattern type"), e.getMessage());
  }

  @Test
  void rejectsBranchesOfDifferentTypes() {
    Atom.Var r = v("r", I64);
    Body bad = new Body(List.of(new Stm(List.of(r), new Exp.If(Atom.bool(true),
        new Body(List.of(), List.of(Atom.i64(1))), new Body(List.of(), List.of(Atom.bool(false)))))), List.of(r));
    assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(bad, List.of(), "t"));
  }

  @Test
  void rejectsLambdaNotTakingRows() {
    Atom.Var xs = v("xs", new IrType.Arr(PrimType.I64, 2)), n = v("n", I64), ys = v("ys", ARR);
    Body bad = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        let(ys, new Exp.Map(n, plus("x", "y", Atom.i64(1)), List.of(xs)))), List.of(ys));
    var e = assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(bad, List.of(xs), "t"));
    assertTrue(e.getMessage().contains("map lambda parameter"), e.getMessage());
  }

  @Test
  void typingOfSoacs() {
    Stm map = mapReduce().stms().get(1);
    assertEquals(List.of(ARR), Typing.typesOf(map.exp()));
    assertEquals(List.of(I64), Typing.typesOf(mapReduce().stms().get(2).exp()));
  }
}

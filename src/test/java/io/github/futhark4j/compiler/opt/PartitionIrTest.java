package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.core.IrTest.ARR;
import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.add;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Typing;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@link Exp.Partition} node through the IR utilities and the optimisation passes. */
class PartitionIrTest {
  private static final IrType MAT = new IrType.Arr(PrimType.F32, 2);
  private final Atom.Var xs = v("xs", ARR), m = v("m", MAT), k = v("k", I64), n = v("n", I64);

  /** {@code \x (r: [][]f32 row) -> (x + base) % k}: reads the free {@code k} and {@code base}. */
  private Lambda classes(Atom base) {
    Atom.Var x = v("x", I64), r = v("r", new IrType.Arr(PrimType.F32, 1)), y = v("y", I64), c = v("c", I64);
    return new Lambda(List.of(x, r), new Body(List.of(let(y, add(x, base)),
        let(c, new Exp.BinOp(BinOperator.MOD, PrimType.I64, y, k, Span.NONE))), List.of(c)));
  }

  private Exp.Partition partition(Atom base) { return new Exp.Partition(n, k, classes(base), List.of(xs, m)); }

  private static Body checked(Body b, String pass, Atom.Var... scope) {
    Verifier.verifyBody(b, List.of(scope), pass);
    return b;
  }

  @Test
  void resultsAreTheArraysThenTheClassSizes() {
    assertEquals(List.of(ARR, MAT, ARR), Typing.typesOf(partition(Atom.i64(1))));
    assertTrue(FreeVars.ofExp(partition(Atom.i64(1))).containsAll(List.of("n", "k", "xs", "m")));
    assertFalse(FreeVars.ofExp(partition(Atom.i64(1))).contains("x"));
  }

  @Test
  void printsAndVerifies() {
    Atom.Var a = v("a", ARR), b = v("b", MAT), s = v("s", ARR);
    Body body = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        new io.github.futhark4j.compiler.core.Stm(List.of(a, b, s), partition(Atom.i64(1)))), List.of(a, b, s));
    String text = Printer.body(checked(body, "test", xs, m, k));
    assertTrue(text.contains("partition n k (xs, m)"), text);
    assertTrue(text.contains("cls \\(x: i64"), text);
    // k must be in scope and an i64.
    assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(body, List.of(xs, m), "test"));
  }

  @Test
  void rejectsClassesThatAreNotI64() {
    Atom.Var x = v("x", I64), r = v("r", new IrType.Arr(PrimType.F32, 1));
    Atom.Var bad = v("bad", new IrType.Scalar(PrimType.BOOL));
    Lambda pred = new Lambda(List.of(x, r), new Body(List.of(let(bad,
        new Exp.BinOp(BinOperator.LT, PrimType.I64, x, k, Span.NONE))), List.of(bad)));
    Atom.Var a = v("a", ARR), b = v("b", MAT), s = v("s", ARR);
    Body body = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        new io.github.futhark4j.compiler.core.Stm(List.of(a, b, s), new Exp.Partition(n, k, pred, List.of(xs, m)))),
        List.of(s));
    var e = assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(body, List.of(xs, m, k), "test"));
    assertTrue(e.getMessage().contains("partition classes"), e.getMessage());
  }

  @Test
  void rewriteReachesTheClassCountAndTheLambda() {
    Atom.Var k2 = v("k2", I64);
    Exp e = Rewrite.exp(partition(Atom.i64(1)), at -> at.equals(k) ? k2 : at, bd -> bd);
    Exp.Partition p = assertInstanceOf(Exp.Partition.class, e);
    assertEquals(k2, p.k());
    assertEquals(n, p.width());
  }

  @Test
  void simplifyKnowsTheOuterSizeOfThePartitionedArrays() {
    Atom.Var a = v("a", ARR), b = v("b", MAT), s = v("s", ARR), len = v("len", I64), rows = v("rows", I64);
    Body body = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        new io.github.futhark4j.compiler.core.Stm(List.of(a, b, s), partition(Atom.i64(1))),
        let(len, new Exp.Shape(a, 0)), let(rows, new Exp.Shape(b, 0))), List.of(len, rows, s));
    Program p = new Program(List.of(new Program.Entry(null, List.of(xs, m, k), List.of("xs", "m", "k"), body)));
    Body out = checked(Simplify.program(p).entries().get(0).body(), "simplify", xs, m, k);
    // Both sizes are n; the class sizes' length is not (k may be negative), so s stays.
    assertEquals(List.of(n, n, s), out.results());
  }

  @Test
  void hoistLiftsInvariantClassCodeAndDeadCodeDropsUnusedPartitions() {
    // base = k + 7 inside the lambda depends on nothing bound there.
    Atom.Var x = v("x", I64), r = v("r", new IrType.Arr(PrimType.F32, 1)), base = v("base", I64), y = v("y", I64);
    Lambda cls = new Lambda(List.of(x, r), new Body(List.of(let(base, add(k, Atom.i64(7))), let(y, add(x, base))),
        List.of(y)));
    Atom.Var a = v("a", ARR), b = v("b", MAT), s = v("s", ARR);
    Body body = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        new io.github.futhark4j.compiler.core.Stm(List.of(a, b, s), new Exp.Partition(n, k, cls, List.of(xs, m)))),
        List.of(a));
    Body hoisted = checked(Hoist.body(body), "hoist", xs, m, k);
    assertEquals(3, hoisted.stms().size(), () -> Printer.body(hoisted));
    Exp.Partition p = assertInstanceOf(Exp.Partition.class, hoisted.stms().get(2).exp());
    assertEquals(1, p.cls().body().stms().size());
    Body unused = new Body(body.stms(), List.of(n));
    assertEquals(1, checked(DeadCode.body(unused), "dead-code", xs, m, k).stms().size());
  }
}

package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static io.github.futhark4j.compiler.opt.OptIr.after;
import static io.github.futhark4j.compiler.opt.OptIr.all;
import static io.github.futhark4j.compiler.opt.OptIr.entry;
import static io.github.futhark4j.compiler.opt.OptIr.f32s;
import static io.github.futhark4j.compiler.opt.OptIr.i32s;
import static io.github.futhark4j.compiler.opt.OptIr.i64;
import static io.github.futhark4j.compiler.opt.OptIr.i64s;
import static io.github.futhark4j.compiler.opt.OptIr.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.opt.OptIr.Run;
import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Interpreter;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TDecl;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link IotaIndex} on IR from source (lowered and optimised up to the pass before it,
 * {@code dead-code}) and on hand-written IR: where it must turn reads by a map's position into
 * inputs, where it must not, and that the interpreter computes the same results either way.
 */
class IotaIndexTest {
  private static Run indices(String src) throws Exception {
    return OptIr.run(src, IotaIndex::program, "indices");
  }

  private static long count(Program.Entry e, Class<? extends Exp> kind) {
    return all(e.body()).stream().filter(s -> kind.isInstance(s.exp())).count();
  }

  private static Exp.Map topMap(Program.Entry e) {
    List<Stm> maps = e.body().stms().stream().filter(s -> s.exp() instanceof Exp.Map).toList();
    assertEquals(1, maps.size(), () -> Printer.body(e.body()));
    return (Exp.Map) maps.get(0).exp();
  }

  private static List<String> names(List<Atom> atoms) {
    return atoms.stream().map(a -> ((Atom.Var) a).name().replaceAll("_[0-9]+$", "")).toList();
  }

  @Test
  void readsByPositionBecomeRowsOfTheArraysRead() throws Exception {
    Run r = indices("""
        entry f [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 = tabulate n (\\i -> 2 * xs[i] + ys[i])
        """);
    Program.Entry e = entry(r.after(), "f");
    Exp.Map m = topMap(e);
    assertEquals(List.of("xs", "ys"), names(m.arrays()), r::text);
    assertEquals(0, count(e, Exp.Index.class), r::text);
    assertEquals(List.of(IrType.Scalar.class, IrType.Scalar.class), m.f().params().stream().map(p -> p.type().getClass()).toList());
    assertEquals(2, m.f().params().size(), "the iota is no input any more: " + r.text());
    // Before, the map read both by position.
    assertEquals(2, count(entry(r.before(), "f"), Exp.Index.class));

    Interpreter.ArrayValue xs = new Interpreter.ArrayValue(PrimType.F32, new long[] {3}, new float[] {1, 2, 3});
    Interpreter.ArrayValue ys = new Interpreter.ArrayValue(PrimType.F32, new long[] {3}, new float[] {10, 20, 30});
    assertEquals("[3]: [12.0, 24.0, 36.0]", run(r.after(), "f", xs, ys));
    assertEquals(run(r.before(), "f", xs, ys), run(r.after(), "f", xs, ys));
  }

  @Test
  void otherUsesOfThePositionKeepTheIotaAndOneReadServesBoth() throws Exception {
    Run r = indices("""
        entry twice [n] (xs: [n]i32) : [n]i32 = tabulate n (\\k -> xs[k] * xs[k] + i32.i64 k)
        """);
    Program.Entry e = entry(r.after(), "twice");
    Exp.Map m = topMap(e);
    assertEquals(List.of("iota", "xs"), names(m.arrays()), r::text);
    assertEquals(0, count(e, Exp.Index.class), r::text);
    // The second read of xs[k] is the first one's parameter.
    Stm copy = m.f().body().stms().get(0);
    Exp.AtomE same = assertInstanceOf(Exp.AtomE.class, copy.exp(), r::text);
    assertEquals(m.f().params().get(1), same.atom());

    Interpreter.ArrayValue xs = i32s(3, -1, 5, 0);
    assertEquals("[4]: [9, 2, 27, 3]", run(r.after(), "twice", xs));
    assertEquals(run(r.before(), "twice", xs), run(r.after(), "twice", xs));
  }

  @Test
  void theMatrixProductMapsOverRowsAndColumns() throws Exception {
    Run r = indices("""
        entry mm [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
          tabulate_2d n p (\\i j -> f32.sum (tabulate m (\\k -> a[i, k] * b[k, j])))
        """);
    Program.Entry e = entry(r.after(), "mm");
    assertEquals(0, count(e, Exp.Index.class), r::text);
    assertEquals(0, all(e.body()).stream().filter(s -> s.exp() instanceof Exp.Map mp
        && mp.arrays().stream().anyMatch(a -> ((Atom.Var) a).name().startsWith("iota"))).count(), r::text);
    // b's columns are the rows of its transpose, made once: hoisted out of the maps in between the rounds.
    List<Stm> transposes = all(e.body()).stream().filter(s -> s.exp() instanceof Exp.Transpose).toList();
    assertEquals(1, transposes.size(), r::text);
    assertTrue(e.body().stms().contains(transposes.get(0)), "at the top level: " + r.text());
    Exp.Map outer = topMap(e);
    assertEquals(List.of("a"), names(outer.arrays()), r::text);
    Exp.Map middle = (Exp.Map) outer.f().body().stms().stream().filter(s -> s.exp() instanceof Exp.Map).findFirst().orElseThrow().exp();
    assertEquals(List.of(transposes.get(0).pattern().get(0)), middle.arrays(), r::text);
    Exp.Map inner = (Exp.Map) middle.f().body().stms().stream().filter(s -> s.exp() instanceof Exp.Map).findFirst().orElseThrow().exp();
    assertEquals(List.of(outer.f().params().get(0), middle.f().params().get(0)), inner.arrays(),
        "the innermost map zips a row of a with a column of b: " + r.text());

    Interpreter.ArrayValue a = f32s(2, 3, 1, 2, 3, 4, 5, 6);
    Interpreter.ArrayValue b = f32s(3, 2, 1, 0, 0, 1, 1, 1);
    assertEquals("[2][2]: [4.0, 5.0, 10.0, 11.0]", run(r.after(), "mm", a, b));
    assertEquals(run(r.before(), "mm", a, b), run(r.after(), "mm", a, b));
    // An empty product: nothing indexed, nothing fails.
    Interpreter.ArrayValue a0 = f32s(2, 0), b0 = f32s(0, 3);
    assertEquals("[2][3]: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]", run(r.after(), "mm", a0, b0));
  }

  @Test
  void aRowIndexBoundOutsideMustBeProvenInRange() throws Exception {
    // i is an argument: a[i] before the map could fail where the map runs zero times and does not.
    Run r = indices("""
        entry row [n][m] (a: [n][m]i64) (i: i64) : [m]i64 = tabulate m (\\k -> a[i, k])
        """);
    assertSame(r.before(), r.after(), "an unchanged program is returned as it is:\n" + r.text());
    Interpreter.ArrayValue empty = new Interpreter.ArrayValue(PrimType.I64, new long[] {2, 0}, new long[0]);
    assertEquals("[0]: []", run(r.after(), "row", empty, i64(7)));
    // The same for a column index.
    Run c = indices("""
        entry col [m][p] (b: [m][p]i64) (j: i64) : [m]i64 = tabulate m (\\k -> b[k, j])
        """);
    assertSame(c.before(), c.after(), c::text);
  }

  @Test
  void anArrayNotKnownToHaveTheMapsSizeIsStillIndexed() throws Exception {
    // xs may be shorter than n: reading it by position must keep failing as it did.
    Run r = indices("""
        entry other (n: i64) (xs: []i32) : [n]i32 = tabulate n (\\k -> xs[k])
        """);
    assertSame(r.before(), r.after(), r::text);
    var err = assertThrows(Interpreter.ProgramError.class, () -> run(r.after(), "other", i64(3), i32s(1, 2)));
    assertTrue(err.getMessage().startsWith("Index [2] out of bounds"), err.getMessage());

    // One array proven, one not: only the proven one becomes an input, the position stays.
    Run mixed = indices("""
        entry mixed [n] (xs: [n]i32) (ws: []i32) : [n]i32 = tabulate n (\\k -> xs[k] + ws[k])
        """);
    Exp.Map m = topMap(entry(mixed.after(), "mixed"));
    assertEquals(List.of("iota", "xs"), names(m.arrays()), mixed::text);
    assertEquals(1, count(entry(mixed.after(), "mixed"), Exp.Index.class), mixed::text);
    assertEquals("[2]: [11, 22]", run(mixed.after(), "mixed", i32s(1, 2), i32s(10, 20, 30)));
    var e2 = assertThrows(Interpreter.ProgramError.class, () -> run(mixed.after(), "mixed", i32s(1, 2, 3), i32s(10, 20)));
    assertTrue(e2.getMessage().startsWith("Index [2] out of bounds"), e2.getMessage());
  }

  @Test
  void arraysMadeInsideTheMapAreNotInputs() throws Exception {
    Run r = indices("""
        entry inner [n] (xs: [n]i64) : [n]i64 = tabulate n (\\k -> let ys = map (+k) xs in ys[k])
        """);
    Program.Entry e = entry(r.after(), "inner");
    assertEquals(List.of("iota"), names(topMap(e).arrays()), r::text);
    assertEquals(1, count(e, Exp.Index.class), r::text);
    assertEquals("[3]: [10, 21, 32]", run(r.after(), "inner", i64s(10, 20, 30)));
  }

  @Test
  void handWrittenRowAndTransposeReads() {
    // a: [][]i64; n = shape a 0, m = shape a 1;
    // out = map n (iota n) (\i -> map m (iota m) (\k -> a[i, k] + t[k, i]))  where t = transpose a of [m][n]
    IrType m2 = new IrType.Arr(PrimType.I64, 2), arr = new IrType.Arr(PrimType.I64, 1);
    Atom.Var a = v("a", m2), n = v("n", I64), m = v("m", I64), t = v("t", m2), in = v("in", arr), im = v("im", arr);
    Atom.Var i = v("i", I64), k = v("k", I64), x = v("x", I64), y = v("y", I64), s = v("s", I64);
    Atom.Var row = v("row", arr), out = v("out", m2);
    Lambda innerF = new Lambda(List.of(k), new Body(List.of(
        let(x, new Exp.Index(a, List.of(i, k), Span.NONE)),
        let(y, new Exp.Index(t, List.of(k, i), Span.NONE)),
        let(s, new Exp.BinOp(io.github.futhark4j.compiler.typed.TExp.BinOperator.ADD, PrimType.I64, x, y, Span.NONE))),
        List.of(s)));
    Lambda outerF = new Lambda(List.of(i), new Body(List.of(let(row, new Exp.Map(m, innerF, List.of(im)))), List.of(row)));
    Body body = new Body(List.of(
        let(n, new Exp.Shape(a, 0)), let(m, new Exp.Shape(a, 1)), let(t, new Exp.Transpose(a)),
        let(in, new Exp.Iota(n, PrimType.I64)), let(im, new Exp.Iota(m, PrimType.I64)),
        let(out, new Exp.Map(n, outerF, List.of(in)))), List.of(out));
    Program p = new Program(List.of(new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), List.of(a),
        List.of("a"), body)), List.of(), List.of());
    Verifier.verify(p, "test");
    Program q = IotaIndex.program(p);
    Verifier.verify(q, "indices");
    Program.Entry e = q.entries().get(0);
    String text = Printer.program(q);
    assertEquals(0, count(e, Exp.Index.class), text);
    // a[i, k] reads row a[i]; t[k, i] reads column i of t, row i of transpose t; the outer map then
    // reads rows of a and of transpose t instead of the position.
    Exp.Map outer = topMap(e);
    assertEquals(2, outer.arrays().size(), text);
    assertTrue(outer.arrays().contains(a), text);
    assertEquals(0, outer.arrays().stream().filter(z -> ((Atom.Var) z).name().startsWith("in")).count(), text);

    Interpreter.ArrayValue av = new Interpreter.ArrayValue(PrimType.I64, new long[] {2, 3}, new long[] {1, 2, 3, 4, 5, 6});
    // out[i][k] = a[i][k] + t[k][i] = 2 * a[i][k]
    assertEquals("[2][3]: [2, 4, 6, 8, 10, 12]", run(q, "main", av));
    assertEquals(run(p, "main", av), run(q, "main", av));
  }
}

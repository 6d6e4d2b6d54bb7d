package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static io.github.futhark4j.compiler.opt.OptIr.after;
import static io.github.futhark4j.compiler.opt.OptIr.all;
import static io.github.futhark4j.compiler.opt.OptIr.entry;
import static io.github.futhark4j.compiler.opt.OptIr.i32s;
import static io.github.futhark4j.compiler.opt.OptIr.i64;
import static io.github.futhark4j.compiler.opt.OptIr.i64s;
import static io.github.futhark4j.compiler.opt.OptIr.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link Bounds} on IR from source (as the pass before {@code indices} leaves it, so that the
 * indexing is still there) and on hand-written IR: which checks it drops, which it must keep, and
 * that the interpreter (which reports an unchecked index out of bounds as an internal error, not as
 * the program's failure) runs the result as before.
 */
class BoundsTest {
  private static Run bounds(String src) throws Exception {
    return OptIr.run(src, Bounds::program, "bounds");
  }

  /**
   * The indexing of an entry in order, names without their numbers: {@code xs[x]} for an index
   * without check, {@code xs[x]?} for one with, {@code p with [i]} / {@code p with [i]?} for updates.
   */
  private static List<String> checks(Program p, String name) {
    List<String> out = new ArrayList<>();
    Function<Atom, String> n = a -> a instanceof Atom.Var v ? v.name().replaceAll("_[0-9]+$", "") : a.toString();
    for (Stm s : all(entry(p, name).body())) {
      if (s.exp() instanceof Exp.Index ix) {
        out.add(n.apply(ix.array()) + "[" + String.join(", ", ix.indices().stream().map(n).toList()) + "]"
            + (ix.span() == null ? "" : "?"));
      } else if (s.exp() instanceof Exp.Update u) {
        out.add(n.apply(u.array()) + " with [" + String.join(", ", u.indices().stream().map(n).toList()) + "]"
            + (u.span() == null ? "" : "?"));
      }
    }
    return out;
  }

  private static Interpreter.ProgramError fails(Program p, String name, Object... args) {
    return assertThrows(Interpreter.ProgramError.class, () -> run(p, name, args), () -> Printer.program(p));
  }

  @Test
  void iotaElementsIndexArraysOfTheSameSize() throws Exception {
    Run r = bounds("""
        entry f [n] (xs: [n]i64) (ys: [n]i64) : [n]i64 = tabulate n (\\i -> 2 * xs[i] + ys[i])
        """);
    assertEquals(List.of("xs[x]?", "ys[x]?"), checks(r.before(), "f"));
    // xs has n rows by its shape, ys by the entry point's size check (n_ys == n; assert).
    assertEquals(List.of("xs[x]", "ys[x]"), checks(r.after(), "f"), r::text);
    assertEquals("[3]: [12, 24, 36]", run(r.after(), "f", i64s(1, 2, 3), i64s(10, 20, 30)));
  }

  @Test
  void constantIndicesBelowAConstantDimension() throws Exception {
    // Rows of [n][3] (an entry point's type, a size coercion's checked shape: a conjunction of one
    // equality per dimension) take r[0] and r[2] without checks; r[3] and a row of unknown size keep theirs.
    Run r = bounds("""
        entry typed [n] (d: [n][3]i64) : [n]i64 = map (\\r -> r[0] * 10 + r[2]) d
        entry coerced (k: i64) (xs: []i64) : []i64 =
          let d = map (\\x -> [x, x + 1, x + 2]) xs ++ [[7, 8, 9]] :> [k][3]i64
          in map (\\r -> r[1] + r[2]) d
        entry past [n] (d: [n][3]i64) : [n]i64 = map (\\r -> r[3]) d
        entry unknown (d: [][]i64) : []i64 = map (\\r -> r[0]) d
        """);
    assertEquals(List.of("x[0i32]", "x[2i32]"), checks(r.after(), "typed"), r::text);
    assertEquals(List.of("x[1i32]", "x[2i32]"), checks(r.after(), "coerced"), r::text);
    assertEquals(List.of("x[3i32]?"), checks(r.after(), "past"), r::text);
    assertEquals(List.of("x[0i32]?"), checks(r.after(), "unknown"), r::text);
    var d = new Interpreter.ArrayValue(PrimType.I64, new long[] {2, 3}, new long[] {1, 2, 3, 4, 5, 6});
    assertEquals("[2]: [13, 46]", run(r.after(), "typed", d));
    assertEquals("[2]: [5, 17]", run(r.after(), "coerced", i64(2), i64s(1)));
    assertTrue(fails(r.after(), "coerced", i64(3), i64s(1)).getMessage().contains("cannot match shape"));
    assertTrue(fails(r.after(), "past", d).getMessage().startsWith("Index [3] out of bounds"));
  }

  @Test
  void anArrayOfUnknownSizeKeepsItsCheck() throws Exception {
    Run r = bounds("""
        entry other (n: i64) (xs: []i32) : [n]i32 = tabulate n (\\k -> xs[k])
        entry asserted (n: i64) (xs: []i32) : [n]i32 = assert (n == length xs) (tabulate n (\\i -> xs[i]))
        """);
    assertEquals(List.of("xs[x]?"), checks(r.after(), "other"), r::text);
    assertTrue(fails(r.after(), "other", i64(3), i32s(7, 8)).getMessage().startsWith("Index [2] out of bounds"));
    // An assertion that the sizes are equal is as good as a size in the type.
    assertEquals(List.of("xs[x]"), checks(r.after(), "asserted"), r::text);
    assertEquals("[2]: [7, 8]", run(r.after(), "asserted", i64(2), i32s(7, 8)));
    assertTrue(fails(r.after(), "asserted", i64(3), i32s(7, 8)).getMessage().startsWith("Assertion is false"));
  }

  @Test
  void indicesComputedFromThePositionKeepTheirChecks() throws Exception {
    Run r = bounds("""
        entry behind [n] (xs: [n]i64) : [n]i64 = tabulate n (\\i -> xs[i-1])
        entry ahead [n] (xs: [n]i64) : [n]i64 = tabulate n (\\i -> xs[i+1])
        """);
    assertEquals(List.of("xs[t]?"), checks(r.after(), "behind"), r::text);
    assertEquals(List.of("xs[t]?"), checks(r.after(), "ahead"), r::text);
    assertTrue(fails(r.after(), "behind", i64s(1, 2, 3)).getMessage().startsWith("Index [-1] out of bounds"));
    assertTrue(fails(r.after(), "ahead", i64s(1, 2, 3)).getMessage().startsWith("Index [3] out of bounds"));
  }

  @Test
  void elementsOfAnUpwardRangeAreInRange() throws Exception {
    // for i in 1..<n: i and i - 1 lie in [0, n); from 0 the left neighbour does not, nor i + 1.
    Run r = bounds("""
        entry prefix [n] (xs: [n]i64) : [n]i64 = loop ys = copy xs for i in 1..<n do ys with [i] = ys[i] + ys[i-1]
        entry zero [n] (xs: [n]i64) : i64 = loop s = 0 for i in 0..<n do s + xs[i]
        entry behind [n] (xs: [n]i64) : i64 = loop s = 0 for i in 0..<n do s + xs[i-1]
        entry ahead [n] (xs: [n]i64) : i64 = loop s = 0 for i in 1..<n do s + xs[i+1]
        """);
    assertEquals(List.of("range[i]", "p[elem]", "p[t]", "p with [elem]"), checks(r.after(), "prefix"), r::text);
    assertEquals(List.of("range[i]", "xs[elem]"), checks(r.after(), "zero"), r::text);
    assertEquals(List.of("range[i]", "xs[t]?"), checks(r.after(), "behind"), r::text);
    assertEquals(List.of("range[i]", "xs[t]?"), checks(r.after(), "ahead"), r::text);
    assertEquals("[3]: [1, 3, 6]", run(r.after(), "prefix", i64s(1, 2, 3)));
    assertTrue(fails(r.after(), "behind", i64s(1, 2, 3)).getMessage().startsWith("Index [-1] out of bounds"));
    assertTrue(fails(r.after(), "ahead", i64s(1, 2, 3)).getMessage().startsWith("Index [3] out of bounds"));
  }

  @Test
  void theLeftNeighbourAwayFromTheBoundaryIsInRange() throws Exception {
    // i - 1 where i < n and i is not 0: the branch of i > 0, 0 < i, or the else of i == 0.
    Run r = bounds("""
        entry shifted [n] (xs: [n]i64) : [n]i64 = tabulate n (\\i -> if i > 0 then xs[i-1] else 0)
        entry lt [n] (xs: [n]i64) : [n]i64 = tabulate n (\\i -> if 0 < i then xs[i-1] else 0)
        entry eq [n] (xs: [n]i64) : [n]i64 =
          loop ys = copy xs for i < n do if i == 0 then ys else ys with [i] = ys[i-1] + xs[i]
        entry wrong [n] (xs: [n]i64) : [n]i64 = tabulate n (\\i -> if i == 0 then xs[i-1] else 0)
        """);
    assertEquals(List.of("xs[t]"), checks(r.after(), "shifted"), r::text);
    assertEquals(List.of("xs[t]"), checks(r.after(), "lt"), r::text);
    assertTrue(checks(r.after(), "eq").stream().noneMatch(c -> c.endsWith("?")), r::text);
    assertEquals(List.of("xs[t]?"), checks(r.after(), "wrong"), r::text);
    assertEquals("[3]: [0, 1, 2]", run(r.after(), "shifted", i64s(1, 2, 3)));
    assertEquals("[3]: [0, 1, 2]", run(r.after(), "lt", i64s(1, 2, 3)));
    assertEquals("[3]: [1, 3, 6]", run(r.after(), "eq", i64s(1, 2, 3)));
    assertTrue(fails(r.after(), "wrong", i64s(1, 2, 3)).getMessage().startsWith("Index [-1] out of bounds"));
  }

  @Test
  void forLoopIndicesAndLoopParametersThatKeepTheirSize() throws Exception {
    Run r = bounds("""
        entry loopupd [n] (xs: [n]i64) : [n]i64 =
          loop out = copy xs for i < n do out with [i] = out[i] * 2
        entry repln (n: i64) : [n]i64 = loop out = replicate n 0 for i < n do out with [i] = i
        entry repl (n: i64) (m: i64) : [m]i64 = loop out = replicate m 0 for i < n do out with [i] = i
        """);
    assertEquals(List.of("p[i]", "p with [i]"), checks(r.after(), "loopupd"), r::text);
    assertEquals("[3]: [2, 4, 6]", run(r.after(), "loopupd", i64s(1, 2, 3)));
    assertEquals(List.of("p with [i]"), checks(r.after(), "repln"), r::text);
    assertEquals("[4]: [0, 1, 2, 3]", run(r.after(), "repln", i64(4)));
    // The loop runs to n, the array has m elements.
    assertEquals(List.of("p with [i]?"), checks(r.after(), "repl"), r::text);
    assertEquals("[3]: [0, 1, 0]", run(r.after(), "repl", i64(2), i64(3)));
    assertTrue(fails(r.after(), "repl", i64(3), i64(2)).getMessage().contains("out of bounds"));
  }

  @Test
  void aLoopParameterThatChangesSizeIsNotAssumedToKeepIt() throws Exception {
    // acc starts with n elements but loses one every iteration: acc[i] fails from i = 1 on (n >= 2).
    Run r = bounds("""
        entry shrink [n] (xs: [n]i64) : i64 = (loop (acc, s) = (xs, 0) for i < n do (acc[1:], s + acc[i])).1
        """);
    assertEquals(List.of("p[i]?"), checks(r.after(), "shrink"), r::text);
    assertEquals("5", run(r.after(), "shrink", i64s(5)));
    assertTrue(fails(r.after(), "shrink", i64s(1, 2, 3)).getMessage().startsWith("Index [2] out of bounds"));
  }

  @Test
  void clampedIndicesAreInRangeWhereTheSizeIsKnownToBePositive() throws Exception {
    Run r = bounds("""
        def clamp (n: i64) (i: i64) = i64.max 0 (i64.min (n - 1) i)
        entry smooth [n] (xs: [n]i64) : [n]i64 =
          tabulate n (\\i -> xs[clamp n (i - 1)] + xs[clamp n (i + 1)])
        entry swapped [n] (xs: [n]i64) (js: []i64) : []i64 = map (\\j -> xs[i64.max (i64.min j (n - 1)) 0]) js
        entry top [n] (xs: [n]i64) (i: i64) : i64 = xs[clamp n i]
        entry other [n] [m] (xs: [n]i64) (ys: [m]i64) : [m]i64 = tabulate m (\\i -> xs[clamp m i])
        entry iterated [n] (xs: [n]i64) (k: i64) : [n]i64 =
          loop xs for _j < k do tabulate n (\\i -> xs[clamp n (i - 1)] + xs[i])
        """);
    // Inside a map over n rows, n >= 1; a map over js says nothing about n (n = 0 with js
    // non-empty indexes an empty array).
    assertEquals(List.of("xs[max]", "xs[max]"), checks(r.after(), "smooth"), r::text);
    assertEquals("[3]: [3, 4, 5]", run(r.after(), "smooth", i64s(1, 2, 3)));
    assertEquals(List.of("xs[max]?"), checks(r.after(), "swapped"), r::text);
    // At the top level n may be 0: the clamped index is 0, out of bounds, and must stay checked.
    assertEquals(List.of("xs[max]?"), checks(r.after(), "top"), r::text);
    assertTrue(fails(r.after(), "top", i64s(), i64(5)).getMessage().startsWith("Index [0] out of bounds"));
    assertEquals("3", run(r.after(), "top", i64s(1, 2, 3), i64(7)));
    // Clamped into another size than the array's.
    assertEquals(List.of("xs[max]?"), checks(r.after(), "other"), r::text);
    // A loop over a map keeps its parameter's size, so the clamp holds in every iteration.
    assertEquals(List.of("p[max]", "p[x]"), checks(r.after(), "iterated"), r::text);
    assertEquals("[3]: [4, 5, 8]", run(r.after(), "iterated", i64s(1, 2, 3), i64(2)));
    assertTrue(fails(r.after(), "swapped", i64s(), i64s(4)).getMessage().startsWith("Index [0] out of bounds"));
  }

  @Test
  void modulusOfTheSizeIsInRangeOnlyInI64() throws Exception {
    Run r = bounds("""
        entry modidx [n] (xs: [n]i64) (js: []i64) : []i64 = map (\\j -> xs[j % n]) js
        entry mod32 (xs: []i32) (j: i32) : i32 = xs[i64.i32 (j % i32.i64 (length xs))]
        """);
    assertEquals(List.of("xs[t]"), checks(r.after(), "modidx"), r::text);
    // Futhark's % takes the sign of the divisor.
    assertEquals("[3]: [30, 20, 10]", run(r.after(), "modidx", i64s(10, 20, 30), i64s(-1, 4, 3)));
    assertTrue(fails(r.after(), "modidx", i64s(), i64s(1)).getMessage().startsWith("division by zero"),
        "n = 0: the % fails, not the index");
    assertEquals(List.of("xs[conv]?"), checks(r.after(), "mod32"), r::text);
  }

  @Test
  void twoDimensionsEachInRangeAndTransposes() throws Exception {
    Run r = bounds("""
        entry transp [n][m] (a: [n][m]i64) : [m][n]i64 = tabulate_2d m n (\\j i -> a[i, j])
        entry swapped [n][m] (a: [n][m]i64) : [n][m]i64 = tabulate_2d n m (\\i j -> a[j, i])
        entry viat [n][m] (a: [n][m]i64) : [n][m]i64 = let t = transpose a in tabulate_2d n m (\\i j -> t[j, i])
        """);
    assertEquals(List.of("a[x, x]"), checks(r.after(), "transp"), r::text);
    assertEquals(List.of("a[x, x]?"), checks(r.after(), "swapped"), r::text);
    assertEquals(List.of("tr[x, x]"), checks(r.after(), "viat"), r::text);
    Interpreter.ArrayValue a = new Interpreter.ArrayValue(PrimType.I64, new long[] {2, 3}, new long[] {1, 2, 3, 4, 5, 6});
    assertEquals("[3][2]: [1, 4, 2, 5, 3, 6]", run(r.after(), "transp", a));
    assertEquals("[2][3]: [1, 2, 3, 4, 5, 6]", run(r.after(), "viat", a));
    assertTrue(fails(r.after(), "swapped", a).getMessage().contains("out of bounds"));
    Interpreter.ArrayValue sq = new Interpreter.ArrayValue(PrimType.I64, new long[] {2, 2}, new long[] {1, 2, 3, 4});
    assertEquals("[2][2]: [1, 3, 2, 4]", run(r.after(), "swapped", sq));
  }

  private static Program program(Body body, List<Atom.Var> params) {
    Program p = new Program(List.of(new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), params,
        params.stream().map(Atom.Var::name).toList(), body)), List.of(), List.of());
    Verifier.verify(p, "test");
    return p;
  }

  private static Exp eq(Atom x, Atom y) {
    return new Exp.BinOp(BinOperator.EQ, PrimType.I64, x, y, Span.NONE);
  }

  private static Stm assertion(Atom cond) {
    return new Stm(List.of(), new Exp.Assert(cond, "sizes differ", List.of(), Span.NONE));
  }

  /**
   * {@code m = shape xs 0; t = n == m; [assert t]; r = if c then {[assert t]; 0} else {1};
   * ys = map n (iota n) (\k -> xs[k])}, with the assertion at the top or in a branch.
   */
  private static Program assertedIn(boolean top) {
    IrType arr = new IrType.Arr(PrimType.I64, 1), bool = new IrType.Scalar(PrimType.BOOL);
    Atom.Var xs = v("xs", arr), n = v("n", I64), c = v("c", bool), m = v("m", I64), t = v("t", bool), r = v("r", I64);
    Atom.Var it = v("it", arr), ys = v("ys", arr), k = v("k", I64), e = v("e", I64);
    List<Stm> stms = new ArrayList<>(List.of(let(m, new Exp.Shape(xs, 0)), let(t, eq(n, m))));
    if (top) stms.add(assertion(t));
    Body then = new Body(top ? List.of() : List.of(assertion(t)), List.of(Atom.i64(0)));
    stms.add(let(r, new Exp.If(c, then, new Body(List.of(), List.of(Atom.i64(1))))));
    stms.add(let(it, new Exp.Iota(n, PrimType.I64)));
    stms.add(let(ys, new Exp.Map(n, new Lambda(List.of(k), new Body(List.of(let(e, new Exp.Index(xs, List.of(k), Span.NONE))),
        List.of(e))), List.of(it))));
    return program(new Body(stms, List.of(ys, r)), List.of(xs, n, c));
  }

  @Test
  void whatABranchLearnsStaysInTheBranch() {
    Program top = Bounds.program(assertedIn(true));
    Verifier.verify(top, "bounds");
    assertEquals(List.of("xs[k]"), checks(top, "main"), () -> Printer.program(top));

    Program branch = Bounds.program(assertedIn(false));
    Verifier.verify(branch, "bounds");
    assertEquals(List.of("xs[k]?"), checks(branch, "main"), () -> Printer.program(branch));
    // c false: the assertion never runs, and xs[k] fails as the program's own failure.
    Interpreter.ProgramError err = fails(branch, "main", i64s(1, 2), i64(3), PrimValue.ofBool(false));
    assertTrue(err.getMessage().startsWith("Index [2] out of bounds"), err.getMessage());
    assertEquals("[[2]: [1, 2], 0]", run(branch, "main", i64s(1, 2), i64(2), PrimValue.ofBool(true)));
  }

  @Test
  void anEqualityThatIsNotAssertedProvesNothing() {
    IrType arr = new IrType.Arr(PrimType.I64, 1), bool = new IrType.Scalar(PrimType.BOOL);
    Atom.Var xs = v("xs", arr), n = v("n", I64), m = v("m", I64), t = v("t", bool), it = v("it", arr);
    Atom.Var ys = v("ys", arr), k = v("k", I64), e = v("e", I64);
    Body body = new Body(List.of(let(m, new Exp.Shape(xs, 0)), let(t, eq(n, m)), let(it, new Exp.Iota(n, PrimType.I64)),
        let(ys, new Exp.Map(n, new Lambda(List.of(k), new Body(List.of(let(e, new Exp.Index(xs, List.of(k), Span.NONE))),
            List.of(e))), List.of(it)))), List.of(ys, t));
    Program q = Bounds.program(program(body, List.of(xs, n)));
    assertEquals(List.of("xs[k]?"), checks(q, "main"), () -> Printer.program(q));
  }

  @Test
  void aConstantModulusIndexesAnArrayOfThatSize() {
    // r = replicate 5 x; a = r[j % 5]; b = r[j % 6]; al = j % 5; d = r[al]; e = r[j]
    IrType arr = new IrType.Arr(PrimType.I64, 1);
    Atom.Var x = v("x", I64), j = v("j", I64), r = v("r", arr), m5 = v("m5", I64), m6 = v("m6", I64), al = v("al", I64);
    Atom.Var a = v("a", I64), b = v("b", I64), d = v("d", I64);
    Body body = new Body(List.of(
        let(r, new Exp.Replicate(Atom.i64(5), x)),
        let(m5, new Exp.BinOp(BinOperator.MOD, PrimType.I64, j, Atom.i64(5), Span.NONE)),
        let(m6, new Exp.BinOp(BinOperator.MOD, PrimType.I64, j, Atom.i64(6), Span.NONE)),
        let(al, new Exp.AtomE(m5)),
        let(a, new Exp.Index(r, List.of(m5), Span.NONE)),
        let(b, new Exp.Index(r, List.of(m6), Span.NONE)),
        let(d, new Exp.Index(r, List.of(al), Span.NONE)),
        let(v("e", I64), new Exp.Index(r, List.of(j), Span.NONE))), List.of(a, b, d));
    Program q = Bounds.program(program(body, List.of(x, j)));
    Verifier.verify(q, "bounds");
    assertEquals(List.of("r[m5]", "r[m6]?", "r[al]", "r[j]?"), checks(q, "main"), () -> Printer.program(q));
  }

  @Test
  void theWholePipelineStillComputesTheSame() throws Exception {
    // Every pass, then the interpreter: an index left without its check that goes out of bounds
    // would be the interpreter's internal error, not these results.
    String src = """
        entry f [n] (xs: [n]i64) (ys: [n]i64) : [n]i64 = tabulate n (\\i -> 2 * xs[i] + ys[i % n])
        entry g [n] (xs: [n]i64) : [n]i64 = loop out = copy xs for i < n do out with [i] = out[(i + 1) % n] + 1
        """;
    Program lowered = after(src, "lower");
    Program all = after(src, "schedule");
    for (String e : List.of("f", "g")) assertTrue(checks(all, e).stream().noneMatch(s -> s.endsWith("?")), Printer.program(all));
    assertEquals("[3]: [12, 24, 36]", run(all, "f", i64s(1, 2, 3), i64s(10, 20, 30)));
    assertEquals(run(lowered, "f", i64s(1, 2, 3), i64s(10, 20, 30)), run(all, "f", i64s(1, 2, 3), i64s(10, 20, 30)));
    // out[0] = xs[1] + 1 = 3, out[1] = xs[2] + 1 = 4, out[2] = out[0] + 1 = 4
    assertEquals("[3]: [3, 4, 4]", run(all, "g", i64s(1, 2, 3)));
    assertEquals(run(lowered, "g", i64s(1, 2, 3)), run(all, "g", i64s(1, 2, 3)));
  }
}

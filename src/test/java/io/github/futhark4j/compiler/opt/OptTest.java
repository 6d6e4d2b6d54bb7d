package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.core.IrTest.ARR;
import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.add;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.plus;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrTest;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optimisation passes on hand-written IR; the verifier runs after each. */
class OptTest {
  private static Body check(Body b, String pass) {
    Verifier.verifyBody(b, List.of(v("xs", ARR), v("m", new IrType.Arr(PrimType.I64, 2))), pass);
    return b;
  }

  @Test
  void mapFusesIntoReduce() {
    Body b = check(Fusion.body(IrTest.mapReduce()), "fusion");
    b = check(DeadCode.body(b), "dead-code");
    assertEquals(2, b.stms().size(), () -> io.github.futhark4j.compiler.core.Printer.body(Fusion.body(IrTest.mapReduce())));
    Exp.Reduce r = assertInstanceOf(Exp.Reduce.class, b.stms().get(1).exp());
    assertNotNull(r.mapf());
    assertEquals(List.of(v("xs", ARR)), r.arrays());
  }

  @Test
  void mapFusesIntoMapButNotWhenShared() {
    Atom.Var xs = v("xs", ARR), n = v("n", I64), ys = v("ys", ARR), zs = v("zs", ARR);
    Body b = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        let(ys, new Exp.Map(n, plus("x", "y", Atom.i64(1)), List.of(xs))),
        let(zs, new Exp.Map(n, plus("p", "q", Atom.i64(2)), List.of(ys)))), List.of(zs));
    Body fused = check(Fusion.body(b), "fusion");
    assertEquals(2, fused.stms().size());
    Exp.Map m = assertInstanceOf(Exp.Map.class, fused.stms().get(1).exp());
    assertEquals(List.of(xs), m.arrays());
    Body simple = check(Simplify.program(new io.github.futhark4j.compiler.core.Program(List.of(
        new io.github.futhark4j.compiler.core.Program.Entry(null, List.of(xs), List.of("xs"), fused)))).entries().get(0).body(),
        "simplify");
    assertEquals(2, ((Exp.Map) simple.stms().get(1).exp()).f().body().stms().size());

    // ys also returned: fusing would lose it.
    Body shared = new Body(b.stms(), List.of(zs, ys));
    assertEquals(3, check(Fusion.body(shared), "fusion").stms().size());
  }

  @Test
  void simplifyFoldsConstantsAndBranches() {
    Atom.Var a = v("a", I64), c = v("c", new IrType.Scalar(PrimType.BOOL)), r = v("r", I64);
    Body b = new Body(List.of(let(a, add(Atom.i64(2), Atom.i64(3))),
        let(c, new Exp.BinOp(io.github.futhark4j.compiler.typed.TExp.BinOperator.LT, PrimType.I64, a, Atom.i64(10), null)),
        let(r, new Exp.If(c, new Body(List.of(), List.of(a)), new Body(List.of(), List.of(Atom.i64(0)))))), List.of(r));
    var p = new io.github.futhark4j.compiler.core.Program(List.of(
        new io.github.futhark4j.compiler.core.Program.Entry(null, List.of(), List.of(), b)));
    Body out = Simplify.program(p).entries().get(0).body();
    assertEquals(List.of(), out.stms());
    assertEquals(List.of(Atom.i64(5)), out.results());
  }

  @Test
  void deadCodeKeepsAssertions() {
    Atom.Var u = v("u", I64);
    Body b = new Body(List.of(let(u, add(Atom.i64(1), Atom.i64(1))),
        new io.github.futhark4j.compiler.core.Stm(List.of(), new Exp.Assert(Atom.bool(false), "no", List.of(), null))),
        List.of(Atom.i64(0)));
    Body out = DeadCode.body(b);
    assertEquals(1, out.stms().size());
    assertInstanceOf(Exp.Assert.class, out.stms().get(0).exp());
  }

  @Test
  void deadCodeDropsAMapsUnusedResultsAndTheCodeComputingThem() {
    Atom.Var xs = v("xs", ARR), n = v("n", I64), used = v("used", ARR), unused = v("unused", ARR);
    Atom.Var x = v("x", I64), y = v("y", I64), z = v("z", I64);
    Lambda f = new Lambda(List.of(x), new Body(List.of(let(y, add(x, Atom.i64(1))), let(z, add(x, Atom.i64(2)))), List.of(y, z)));
    Body b = new Body(List.of(let(n, new Exp.Shape(xs, 0)),
        new io.github.futhark4j.compiler.core.Stm(List.of(used, unused), new Exp.Map(n, f, List.of(xs)))), List.of(used));
    Body out = check(DeadCode.body(b), "dead-code");
    io.github.futhark4j.compiler.core.Stm s = out.stms().get(1);
    assertEquals(List.of(used), s.pattern());
    Exp.Map map = assertInstanceOf(Exp.Map.class, s.exp());
    assertEquals(List.of(y), map.f().body().results());
    assertEquals(1, map.f().body().stms().size());
  }

  @Test
  void hoistsInvariantTransposeOutOfMap() {
    IrType m2 = new IrType.Arr(PrimType.I64, 2);
    Atom.Var m = v("m", m2), xs = v("xs", ARR), n = v("n", I64), out = v("out", new IrType.Arr(PrimType.I64, 1));
    Atom.Var x = v("x", I64), t = v("t", m2), k = v("k", I64), y = v("y", I64);
    Lambda f = new Lambda(List.of(x), new Body(List.of(let(t, new Exp.Transpose(m)), let(k, new Exp.Shape(t, 0)),
        let(y, add(x, k))), List.of(y)));
    Body b = new Body(List.of(let(n, new Exp.Shape(xs, 0)), let(out, new Exp.Map(n, f, List.of(xs)))), List.of(out));
    Body h = check(Hoist.body(b), "hoist");
    assertInstanceOf(Exp.Transpose.class, h.stms().get(1).exp());
    Exp.Map map = assertInstanceOf(Exp.Map.class, h.stms().get(h.stms().size() - 1).exp());
    assertEquals(1, map.f().body().stms().size());
  }

  @Test
  void mapsThatFusionBringsTogetherFuseInTurn() throws Exception {
    // The two outer maps compose; the inner maps then meet in one function (the second reading
    // the first's outer size) and compose too: two maps in all, one inside the other.
    String src = """
        entry main (xss: [][]f32) : [][]f32 =
          let a = map (\\xs -> map (+1) xs) xss
          in map (\\ys -> let n = length ys in map (\\y -> y * f32.i64 n) ys) a
        """;
    var p = OptIr.after(src, "fusion");
    Body b = p.entries().get(0).body();
    assertEquals(2, count(b, Exp.Map.class), () -> io.github.futhark4j.compiler.core.Printer.program(p));
    assertEquals("[2][2]: [4.0, 6.0, 8.0, 10.0]", OptIr.run(p, "main", OptIr.f32s(2, 2, 1, 2, 3, 4)));
  }

  @Test
  void aMapFusesIntoAReductionThatAlsoReadsOtherArrays() throws Exception {
    // argmin over (iota n, map f xs): the map becomes the reduction's function, which passes the
    // indices through; no intermediate array.
    String src = """
        entry argmin [n] (xs: [n]f32) : i64 =
          (reduce_comm (\\(i, a) (j, b) -> if b < a then (j, b) else (i, a)) (-1, f32.inf)
                       (zip (iota n) (map (\\x -> (x - 2) * (x - 2)) xs))).0
        """;
    var p = OptIr.after(src, "fusion");
    Body b = p.entries().get(0).body();
    assertEquals(0, count(b, Exp.Map.class), () -> io.github.futhark4j.compiler.core.Printer.program(p));
    Exp.Reduce r = (Exp.Reduce) b.stms().stream().filter(s -> s.exp() instanceof Exp.Reduce).findFirst().orElseThrow().exp();
    assertNotNull(r.mapf(), () -> io.github.futhark4j.compiler.core.Printer.program(p));
    assertEquals("2", OptIr.run(p, "argmin", OptIr.f32s(5f, 0f, 2.5f, -1f)));
  }

  @Test
  void keepsInvariantArraysThatTheBodyUpdatesInPlace() throws Exception {
    // Both replicates are invariant; the one updated in place (directly, and as a loop's initial
    // value) stays in the map's body, where each iteration makes its own; the one only read moves.
    String src = """
        entry main (n: i64) (xs: []i64) : [][]i64 =
          map (\\x -> let ys = replicate n 0
                      let zs = replicate n 1
                      let ys[0] = x
                      let ys = loop ys for i < n do ys with [i] = ys[i] + zs[i]
                      in ys) xs
        """;
    Body b = OptIr.after(src, "hoist").entries().get(0).body();
    Exp.Map map = (Exp.Map) b.stms().stream().filter(s -> s.exp() instanceof Exp.Map).findFirst().orElseThrow().exp();
    assertEquals(1, count(map.f().body(), Exp.Replicate.class), () -> io.github.futhark4j.compiler.core.Printer.body(b));
    assertEquals(2, count(b, Exp.Replicate.class), () -> io.github.futhark4j.compiler.core.Printer.body(b));
  }

  @Test
  void repeatedScalarComputationsAreComputedOnce() throws Exception {
    // The clamp is inlined at each of its four uses: h - 1 four times, min and max three times
    // with distinct operands. After simplification each is computed once; the division in the
    // branch is not reused after it (not in scope there), and a division by zero still fails.
    String src = """
        def clamp (h: i64) (i: i64) : i64 = i64.max 0 (i64.min (h - 1) i)
        entry main [h] (xs: [h]f32) (k: i64) : f32 =
          let a = xs[clamp h (k - 1)] + xs[clamp h k] + xs[clamp h (k + 1)] + xs[clamp h k]
          let b = if k > 0 then 10 / k else 0
          in a + f32.i64 (b + 10 / k)
        """;
    var before = OptIr.after(src, "dead-code");
    var after = OptIr.after(src, "simplify-2");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertEquals(2, countOps(b, io.github.futhark4j.compiler.typed.TExp.BinOperator.SUB, Atom.i64(1)), text); // k - 1, h - 1
    assertEquals(3, count(b, Exp.PrimCall.class) / 2, text);
    assertEquals(2, countOps(b, io.github.futhark4j.compiler.typed.TExp.BinOperator.DIV, null), text);
    var xs = OptIr.f32s(1f, 2f, 3f);
    for (long k : new long[] {-1, 0, 2, 5}) {
      assertEquals(outcome(before, xs, k), outcome(after, xs, k));
    }
  }

  @Test
  void projectionsOfUnzippedArraysAreTheArraysThemselves() throws Exception {
    // unzip3 of a map's results becomes three maps that each take one element of a triple: they
    // are the map's arrays, not copies of them (only the computing map and the product are left);
    // an update of one of them afterwards still leaves the other uses their old values.
    String src = """
        entry main (xs: []f32) : (f32, f32) =
          let (a, b, c) = unzip3 (map (\\x -> (x + 1, x * 2, x - 3)) xs)
          let d = map2 (*) a b
          let a2 = copy a with [0] = 100
          in (f32.sum d + c[0] + a2[0], a[0])
        """;
    var before = OptIr.after(src, "dead-code");
    var after = OptIr.after(src, "dead-code-2");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertTrue(count(b, Exp.Map.class) <= 2, text);
    var xs = OptIr.f32s(1f, 2f, 3f);
    assertEquals(OptIr.run(before, "main", xs), OptIr.run(after, "main", xs));
  }

  @Test
  void mapsThatReadAllOfAScansResultsRunInsideIt() throws Exception {
    // The two maps after the scan of pairs become its post map: no map is left and the scan's
    // pairs are never stored; the scan whose result is also returned keeps its map apart.
    String src = """
        entry main (xs: []f32) : ([]f32, []f32, []f32) =
          let fs = scan (\\(a0, a1) (b0, b1) -> (b0 + b1 * a0, a1 * b1)) (0, 1) (map (\\x -> (x, 0.5)) xs)
          let ys = map (\\(a, b) -> a + b * 3) fs
          let zs = map (\\y -> y * 2) ys
          let s = scan (+) 0 xs
          in (zs, s, map (+ 1) s)
        """;
    var before = OptIr.after(src, "dead-code");
    var after = OptIr.after(src, "fusion");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    List<Exp.Scan> scans = b.stms().stream().map(s -> s.exp()).filter(e -> e instanceof Exp.Scan).map(e -> (Exp.Scan) e).toList();
    assertEquals(2, scans.size(), text);
    assertTrue(scans.get(0).postf() != null && scans.get(0).postf().returnTypes().size() == 1, text);
    assertEquals(null, scans.get(1).postf(), text);
    assertEquals(1, count(b, Exp.Map.class), text);
    var xs = OptIr.f32s(1f, 2f, 4f, -1f);
    assertEquals(OptIr.run(before, "main", xs), OptIr.run(after, "main", xs));
    var none = OptIr.f32s();
    assertEquals(OptIr.run(before, "main", none), OptIr.run(after, "main", none));
  }

  @Test
  void aSizeComparedWithItselfIsEqualAndItsCheckGoes() throws Exception {
    // map2 of two rows of one array compares n with n: always true, so the size check goes; a float
    // compared with itself stays (NaN differs from itself).
    String src = """
        entry main [n] (xs: [n]i64) (x: f64) : ([n]i64, bool, bool) =
          let k = n - 1
          in (map2 (+) xs xs, x == x, k <= k && !(k < k))
        """;
    var after = OptIr.after(src, "simplify-2");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertEquals(0, b.stms().stream().filter(s -> s.exp() instanceof Exp.Assert).count(), text);
    assertTrue(text.contains("==f64"), text);
    assertEquals("[[3]: [2, 4, 6], false, true]", OptIr.run(after, "main", OptIr.i64s(1, 2, 3),
        io.github.futhark4j.compiler.typed.PrimValue.ofFloat(PrimType.F64, Double.NaN)));
  }

  @Test
  void aSharedProducerDoesNotStopAnotherFromFusing() throws Exception {
    // w is read by two maps (not fusible), u by the last one only: u's map fuses into it although
    // w comes first among its inputs.
    String src = """
        entry main (xs: []f32) : ([]f32, []f32) =
          let w = map (\\x -> x * 2) xs
          let u = map2 (+) w xs
          let r = map2 (\\a b -> a - b) w u
          in (r, map (+ 1) w)
        """;
    var before = OptIr.after(src, "dead-code");
    var after = OptIr.after(src, "fusion");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertEquals(3, b.stms().stream().filter(s -> s.exp() instanceof Exp.Map).count(), text);
    var xs = OptIr.f32s(1f, 2f, -4f);
    assertEquals(OptIr.run(before, "main", xs), OptIr.run(after, "main", xs));
  }

  @Test
  void aReversedArrayIsAMapThatReadsItBackwards() throws Exception {
    // reverse xs: a map over iota n reading xs[n - 1 - i] without a check, which the map after it
    // then fuses; a two-dimensional reverse stays a slice.
    String src = """
        entry main (xs: []f32) (xss: [][]f32) : ([]f32, [][]f32) =
          (map (\\x -> x * 2) (reverse xs), reverse xss)
        """;
    var before = OptIr.after(src, "lower");
    var after = OptIr.after(src, "fusion");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertEquals(1, count(b, Exp.Map.class), text);
    assertEquals(1, count(b, Exp.Slice.class), text);
    var xs = OptIr.f32s(1f, 2f, -4f);
    var xss = OptIr.f32s(2, 1, 5, 6);
    assertEquals("[[3]: [-8.0, 4.0, 2.0], [2][1]: [6.0, 5.0]]", OptIr.run(after, "main", xs, xss));
    assertEquals(OptIr.run(before, "main", xs, xss), OptIr.run(after, "main", xs, xss));
    var none = OptIr.f32s();
    assertEquals(OptIr.run(before, "main", none, xss), OptIr.run(after, "main", none, xss));
  }

  @Test
  void aMapReadTwiceByOneConsumerFusesIntoIt() throws Exception {
    // w is read twice by the map2 and nowhere else: it fuses (both parameters get its element), and
    // the map2 into the sum; v is read three times by the map3 once map (+ 1) v has fused into it,
    // and then fuses too: one map is left.
    String src = """
        entry main (xs: []f32) : (f32, []f32) =
          let w = map (\\x -> x + 1) xs
          let v = map (\\x -> x * 3) xs
          in (f32.sum (map2 (*) w w), map3 (\\a b c -> a + b - c) v v (map (+ 1) v))
        """;
    var before = OptIr.after(src, "dead-code");
    var after = OptIr.after(src, "fusion");
    Body b = after.entries().get(0).body();
    String text = io.github.futhark4j.compiler.core.Printer.body(b);
    assertEquals(1, b.stms().stream().filter(s -> s.exp() instanceof Exp.Reduce r && r.mapf() != null).count(), text);
    assertEquals(1, b.stms().stream().filter(s -> s.exp() instanceof Exp.Map).count(), text);
    var xs = OptIr.f32s(1f, 2f, -4f);
    assertEquals(OptIr.run(before, "main", xs), OptIr.run(after, "main", xs));
  }

  @Test
  void operationsOnDifferentFloatConstantsStayApart() throws Exception {
    // A float constant's value is not in PrimValue.bits: x * 2.0 and x * 3.0 must not be one,
    // nor x + 0.0 and x + -0.0 (which differ for x = -0.0).
    String src = """
        entry main (x: f64) : (f64, f64, f64, f64, f32, f32) =
          (x * 2.0, x * 3.0, x + 0.0, x + -0.0, f32.inf * f32.f64 x, -f32.inf * f32.f64 x)
        """;
    var after = OptIr.after(src, "simplify-2");
    assertEquals("[-4.0, -6.0, -2.0, -2.0, -Infinity, Infinity]",
        OptIr.run(after, "main", io.github.futhark4j.compiler.typed.PrimValue.ofFloat(PrimType.F64, -2.0)));
    assertEquals("[-0.0, -0.0, 0.0, -0.0, NaN, NaN]",
        OptIr.run(after, "main", io.github.futhark4j.compiler.typed.PrimValue.ofFloat(PrimType.F64, -0.0)));
  }

  private static String outcome(io.github.futhark4j.compiler.core.Program p, Object xs, long k) {
    try {
      return OptIr.run(p, "main", xs, OptIr.i64(k));
    } catch (RuntimeException e) {
      return "failed: " + e.getMessage();
    }
  }

  /** How many binary operations {@code op} the body has (with {@code y} as right operand, unless null). */
  private static int countOps(Body b, io.github.futhark4j.compiler.typed.TExp.BinOperator op, Atom y) {
    int[] n = {0};
    for (var s : b.stms()) {
      if (s.exp() instanceof Exp.BinOp o && o.op() == op && (y == null || o.y().equals(y))) n[0]++;
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> a, nested -> {
        n[0] += countOps(nested, op, y);
        return nested;
      });
    }
    return n[0];
  }

  /** The entries of a program after all passes (the verifier runs after each). */
  private static List<io.github.futhark4j.compiler.core.Program.Entry> optimised(String src) throws Exception {
    var typed = io.github.futhark4j.compiler.Frontend.check(new io.github.futhark4j.compiler.source.Source("t.fut", src));
    return io.github.futhark4j.compiler.Backend.optimised(typed, true).entries();
  }

  private static int count(Body b, Class<?> kind) {
    int[] n = {0};
    for (var s : b.stms()) {
      if (kind.isInstance(s.exp())) n[0]++;
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> a, nested -> {
        n[0] += count(nested, kind);
        return nested;
      });
    }
    return n[0];
  }

  @Test
  void tabulateOverRowsMapsOverTheRows() throws Exception {
    // The same product spelt two ways reaches code generation as the same operators: the
    // tabulate's index only picks rows of bt, which has exactly p rows.
    var es = optimised("""
        entry by_map [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
          map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a
        entry by_tabulate [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
          let bt = transpose b
          in map (\\r -> tabulate p (\\j -> f32.sum (map2 (*) r bt[j]))) a
        """);
    for (var e : es) {
      assertEquals(0, count(e.body(), Exp.Index.class), () -> io.github.futhark4j.compiler.core.Printer.body(e.body()));
      assertEquals(0, count(e.body(), Exp.Iota.class), () -> io.github.futhark4j.compiler.core.Printer.body(e.body()));
      assertEquals(2, count(e.body(), Exp.Map.class));
      assertEquals(1, count(e.body(), Exp.Reduce.class));
    }
    // An index that may fail (xs need not have n rows) is kept, and so is the iota.
    var kept = optimised("""
        entry f (n: i64) (xs: []i32) : [n]i32 = tabulate n (\\i -> xs[i] + 1)
        """);
    assertEquals(1, count(kept.get(0).body(), Exp.Index.class));
  }
}

package io.github.futhark4j.compiler.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrTest;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.core.Verifier;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.source.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** map→hist fusion, and the plans the last pass ({@link Schedule}) puts on statements. */
class ScheduleTest {
  private static Program optimised(String src) throws Exception {
    return Backend.optimised(Frontend.check(new Source("prog.fut", src)), true);
  }

  /** The IR right after pass {@code pass}, verified after every pass up to it. */
  private static Program after(String src, String pass) throws Exception {
    return Optimiser.run(Lowerer.lower(Frontend.check(new Source("prog.fut", src))), true, pass, (n, p) -> { });
  }

  /** Every statement of entry {@code name}, at any depth, in order. */
  private static List<Stm> stms(Program p, String name) {
    List<Stm> out = new ArrayList<>();
    for (Program.Entry e : p.entries()) if (e.signature().name().equals(name)) collect(e.body(), out);
    return out;
  }

  private static void collect(Body b, List<Stm> out) {
    for (Stm s : b.stms()) {
      out.add(s);
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> a, body -> {
        collect(body, out);
        return body;
      });
    }
  }

  private static Stm first(Program p, String name, Class<? extends Exp> kind) {
    return stms(p, name).stream().filter(s -> kind.isInstance(s.exp())).findFirst().orElseThrow();
  }

  @Test
  void mapFusesIntoHist() throws Exception {
    String src = """
        entry main (k: i64) (xs: []i64) : []i32 =
          reduce_by_index (replicate k 0i32) (+) 0i32 (map (\\x -> x % 4) xs) (map i32.i64 xs)
        """;
    Program p = after(src, "fusion");
    List<Stm> top = p.entries().get(0).body().stms();
    assertTrue(top.stream().noneMatch(s -> s.exp() instanceof Exp.Map), () -> Printer.program(p));
    List<Exp.Hist> hists = top.stream().filter(s -> s.exp() instanceof Exp.Hist).map(s -> (Exp.Hist) s.exp()).toList();
    assertEquals(1, hists.size(), () -> Printer.program(p));
    Exp.Hist h = hists.get(0);
    assertNotNull(h.mapf());
    // Both maps read xs: the function takes two rows of it and returns the index and the value.
    assertEquals(2, h.arrays().size());
    assertEquals(2, h.mapf().returnTypes().size());
    assertTrue(Printer.program(p).contains("mapf \\("), Printer.program(p));
  }

  @Test
  void mapFusesIntoHistBesideAPassedThroughInput() {
    // hist (+) 0 dest (map (+1) xs) vs: the map's function becomes the index part, vs's rows pass through.
    Atom.Var xs = IrTest.v("xs", IrTest.ARR), vs = IrTest.v("vs", IrTest.ARR), d = IrTest.v("d", IrTest.ARR);
    Atom.Var n = IrTest.v("n", IrTest.I64), is = IrTest.v("is", IrTest.ARR), r = IrTest.v("r", IrTest.ARR);
    Atom.Var a = IrTest.v("a", IrTest.I64), b = IrTest.v("b", IrTest.I64), c = IrTest.v("c", IrTest.I64);
    Lambda op = new Lambda(List.of(a, b), new Body(List.of(IrTest.let(c, IrTest.add(a, b))), List.of(c)));
    Body body = new Body(List.of(
        IrTest.let(n, new Exp.Shape(xs, 0)),
        IrTest.let(is, new Exp.Map(n, IrTest.plus("x", "y", Atom.i64(1)), List.of(xs))),
        IrTest.let(r, new Exp.Hist(n, op, List.of(Atom.i64(0)), List.of(d), is, List.of(vs)))), List.of(r));
    Body fused = Fusion.body(body);
    Verifier.verifyBody(fused, List.of(xs, vs, d), "fusion");
    assertEquals(2, fused.stms().size(), () -> Printer.body(fused));
    Exp.Hist h = assertInstanceOf(Exp.Hist.class, fused.stms().get(1).exp());
    assertEquals(List.of(xs, vs), h.arrays());
    assertEquals(h.mapf().params().get(1), h.mapf().body().results().get(1));

    // The map's result also returned: not fused.
    Body shared = new Body(body.stms(), List.of(r, is));
    assertEquals(3, Fusion.body(shared).stms().size());
  }

  @Test
  void iotaReadByAMapIsVirtual() throws Exception {
    Program p = optimised("entry main (n: i64) : []i64 = map (\\i -> i * 2) (iota n)");
    Stm iota = first(p, "main", Exp.Iota.class);
    assertEquals(Set.of(Plan.VIRTUAL), iota.plan());
    assertTrue(Printer.program(p).contains("#[virtual] let ("), Printer.program(p));
    // Returned as well: materialised.
    Program q = optimised("entry main (n: i64) : ([]i64, []i64) = let is = iota n in (map (\\i -> i * 2) is, is)");
    assertEquals(Set.of(), first(q, "main", Exp.Iota.class).plan());
  }

  @Test
  void matrixProductIsInterchangedAndItsTransposeVirtual() throws Exception {
    Program p = optimised("""
        entry mm [n][m][q] (a: [n][m]f32) (b: [m][q]f32) : [n][q]f32 =
          map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a
        entry rowsums [n][m] (a: [n][m]f32) : [n]f32 = map (\\r -> f32.sum r) a
        """);
    Stm outer = first(p, "mm", Exp.Map.class);
    assertEquals(Set.of(Plan.INTERCHANGE), outer.plan());
    assertNotNull(Schedule.nest((Exp.Map) outer.exp()));
    assertEquals(Set.of(Plan.VIRTUAL), first(p, "mm", Exp.Transpose.class).plan());
    assertTrue(Printer.program(p).contains("#[interchange] let ("), Printer.program(p));
    // A map of sums of contiguous rows gains nothing.
    assertEquals(Set.of(), first(p, "rowsums", Exp.Map.class).plan());
  }

  @Test
  void mapOfAWhileLoopGetsLanes() throws Exception {
    Program p = optimised("""
        entry collatz (ns: []i64) : []i32 =
          map (\\n -> (loop (x, i) = (n, 0i32) while x > 1 && i < 500 do
                        (if x % 2 == 0 then x / 2 else 3 * x + 1, i + 1)).1) ns
        entry counted (ns: []i64) : []i64 = map (\\n -> loop x = n for i < 3 do x + i) ns
        """);
    assertEquals(Set.of(Plan.LANES), first(p, "collatz", Exp.Map.class).plan());
    assertEquals(Set.of(), first(p, "counted", Exp.Map.class).plan());
    assertTrue(Printer.program(p).contains("#[lanes] let ("), Printer.program(p));
  }

  @Test
  void innerMapWritesDirectRows() throws Exception {
    Program p = optimised("entry main [n][m] (xss: [n][m]f32) : [n][m]f32 = map (\\xs -> map (\\x -> x + 1f32) xs) xss");
    List<Stm> maps = stms(p, "main").stream().filter(s -> s.exp() instanceof Exp.Map).toList();
    assertEquals(2, maps.size(), () -> Printer.program(p));
    assertEquals(Set.of(), maps.get(0).plan());
    assertEquals(Set.of(Plan.DIRECT_ROW), maps.get(1).plan());
    assertTrue(Printer.program(p).contains("#[direct-row] let ("), Printer.program(p));
  }

  @Test
  void innerMapReadingAVirtualTransposeIsInterchangedNotADirectRow() throws Exception {
    // The outer map is no nest (the inner map also reads a row of zss), so the inner map is
    // interchanged alone; written into the outer map's rows it would read the transpose row by row.
    Program p = optimised("""
        entry main [a] [b] [c] (xs: [a][c]i32) (ys: [c][b]i32) (zss: [a][b][c]i32) : [a][b]i32 =
          map2 (\\x zs -> map2 (\\y z -> i32.sum (map2 (*) z (map2 (*) x y))) (transpose ys) zs) xs zss
        """);
    List<Stm> maps = stms(p, "main").stream().filter(s -> s.exp() instanceof Exp.Map).toList();
    assertEquals(Set.of(), maps.get(0).plan(), () -> Printer.program(p));
    assertEquals(Set.of(Plan.INTERCHANGE), maps.get(1).plan(), () -> Printer.program(p));
    assertEquals(Set.of(Plan.VIRTUAL), first(p, "main", Exp.Transpose.class).plan());
  }

  @Test
  void passesBeforeTheScheduleLeaveNoPlans() throws Exception {
    Program p = after("entry main (n: i64) : []i64 = map (\\i -> i * 2) (iota n)", "dead-code-2");
    assertTrue(stms(p, "main").stream().allMatch(s -> s.plan().isEmpty()));
    assertFalse(Printer.program(p).contains("#["));
  }

  @Test
  void verifierRejectsPlansThatDoNotFit() {
    Atom.Var n = IrTest.v("n", IrTest.I64), is = IrTest.v("is", IrTest.ARR), y = IrTest.v("y", IrTest.ARR);
    // A virtual iota returned by its body.
    Body returned = new Body(List.of(new Stm(List.of(is), new Exp.Iota(n, io.github.futhark4j.compiler.typed.PrimType.I64),
        Set.of(Plan.VIRTUAL))), List.of(is));
    var e = assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(returned, List.of(n), "schedule"));
    assertTrue(e.getMessage().contains("virtual is"), e.getMessage());
    // Lanes on something that is not a map.
    Body lanes = new Body(List.of(new Stm(List.of(is), new Exp.Iota(n, io.github.futhark4j.compiler.typed.PrimType.I64),
        Set.of(Plan.LANES))), List.of(is));
    assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(lanes, List.of(n), "schedule"));
    // A direct row that is not the result of a map's lambda.
    Body direct = new Body(List.of(new Stm(List.of(y), new Exp.Map(n, IrTest.plus("x", "z", Atom.i64(1)), List.of(is)),
        Set.of(Plan.DIRECT_ROW))), List.of(y));
    assertThrows(Verifier.IrException.class, () -> Verifier.verifyBody(direct, List.of(n, is), "schedule"));
    // A virtual iota read by a map is fine.
    Body ok = new Body(List.of(new Stm(List.of(is), new Exp.Iota(n, io.github.futhark4j.compiler.typed.PrimType.I64),
        Set.of(Plan.VIRTUAL)), IrTest.let(y, new Exp.Map(n, IrTest.plus("x", "z", Atom.i64(1)), List.of(is)))), List.of(y));
    Verifier.verifyBody(ok, List.of(n), "schedule");
  }
}

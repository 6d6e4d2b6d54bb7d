package io.github.futhark4j.compiler.opt;

import static io.github.futhark4j.compiler.core.IrTest.ARR;
import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.add;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FunctionsIrTest;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TDecl;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The passes on programs with functions: they optimise the functions' bodies and never move a call. */
class FunctionsOptTest {
  private static Exp.Call fact(Atom x) {
    return new Exp.Call("fact", List.of(x), List.of(false), List.of(I64), Span.NONE);
  }

  private static Program program(Body entry, List<Atom.Var> params) {
    return new Program(List.of(new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), params,
        params.stream().map(Atom.Var::name).toList(), entry)), List.of(), List.of(FunctionsIrTest.fact()));
  }

  @Test
  void passesOptimiseFunctionBodies() {
    // A function whose body has a constant to fold and a dead statement.
    Atom.Var n = v("n", I64), a = v("a", I64), d = v("d", I64), r = v("r", I64);
    Body body = new Body(List.of(let(a, add(Atom.i64(2), Atom.i64(3))), let(d, add(n, n)), let(r, add(n, a))), List.of(r));
    Program.Function g = new Program.Function("g", List.of(n), List.of(false), List.of(I64), body, "g");
    Atom.Var x = v("x", I64), y = v("y", I64);
    Program p = new Program(List.of(new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), List.of(x),
        List.of("x"), new Body(List.of(let(y, new Exp.Call("g", List.of(x), List.of(false), List.of(I64), Span.NONE))),
        List.of(y)))), List.of(), List.of(g));
    Program q = Optimiser.run(p, true);
    Body gb = q.function("g").body();
    assertEquals(1, gb.stms().size(), Printer.program(q));
    assertEquals("n +i64 5i64", Printer.stm(gb.stms().get(0)).replaceAll(".*= ", ""));
  }

  @Test
  void callsStayInTheLoopsAndLambdasThatMakeThem() {
    // An invariant call inside a map's lambda and a loop's body: hoisting it would run it where the
    // program does not (a map over no elements must not fail or recurse).
    Atom.Var xs = v("xs", ARR), k = v("k", I64), nn = v("nn", I64), out = v("out", ARR);
    Atom.Var x = v("x", I64), c = v("call1", I64), y = v("y", I64);
    Lambda f = new Lambda(List.of(x), new Body(List.of(let(c, fact(k)), let(y, add(x, c))), List.of(y)));
    Atom.Var acc = v("acc", I64), i = v("i", I64), c2 = v("c2", I64), acc2 = v("acc2", I64), l = v("l", I64);
    Exp.Loop loop = new Exp.Loop(List.of(acc), List.of(Atom.i64(0)), new Exp.LoopForm.For(i, nn),
        new Body(List.of(let(c2, fact(k)), let(acc2, add(acc, c2))), List.of(acc2)));
    Body entry = new Body(List.of(let(nn, new Exp.Shape(xs, 0)), let(out, new Exp.Map(nn, f, List.of(xs))), let(l, loop)),
        List.of(out, l));
    Program q = Optimiser.run(program(entry, List.of(xs, k)), true);
    Body b = q.entries().get(0).body();
    for (Stm s : b.stms()) assertFalse(s.exp() instanceof Exp.Call, "a call was hoisted:\n" + Printer.program(q));
    Exp.Map m = (Exp.Map) b.stms().stream().filter(s -> s.exp() instanceof Exp.Map).findFirst().orElseThrow().exp();
    assertInstanceOf(Exp.Call.class, m.f().body().stms().get(0).exp());
    // Nor is a map whose function calls one straight-line scalar code (simd, lanes).
    assertFalse(Schedule.scalarLambda(m.f()));
    assertTrue(q.entries().get(0).body().stms().stream().allMatch(s -> s.plan().isEmpty()), Printer.program(q));
  }
}

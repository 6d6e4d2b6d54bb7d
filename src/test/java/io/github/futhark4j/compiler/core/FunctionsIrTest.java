package io.github.futhark4j.compiler.core;

import static io.github.futhark4j.compiler.core.IrTest.ARR;
import static io.github.futhark4j.compiler.core.IrTest.I64;
import static io.github.futhark4j.compiler.core.IrTest.let;
import static io.github.futhark4j.compiler.core.IrTest.v;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The IR's functions and calls: printer, verifier, interpreter and the shared helpers. */
public class FunctionsIrTest {
  private static final IrType BOOL = new IrType.Scalar(PrimType.BOOL);

  private static Exp bin(BinOperator op, Atom x, Atom y) { return new Exp.BinOp(op, PrimType.I64, x, y, Span.NONE); }

  private static Exp.Call call(String fn, Atom... args) {
    return new Exp.Call(fn, List.of(args), java.util.Collections.nCopies(args.length, false), List.of(I64), Span.NONE);
  }

  /** {@code fun fact (n) = if n == 0 then 1 else n * fact (n - 1)}. */
  public static Program.Function fact() {
    Atom.Var n = v("n", I64), c = v("c", BOOL), r = v("r", I64), m = v("m", I64), f = v("f", I64), t = v("t", I64);
    Body otherwise = new Body(List.of(let(m, bin(BinOperator.SUB, n, Atom.i64(1))), let(f, call("fact", m)),
        let(t, bin(BinOperator.MUL, n, f))), List.of(t));
    Body body = new Body(List.of(let(c, bin(BinOperator.EQ, n, Atom.i64(0))),
        let(r, new Exp.If(c, new Body(List.of(), List.of(Atom.i64(1))), otherwise))), List.of(r));
    return new Program.Function("fact", List.of(n), List.of(false), List.of(I64), body, "fact");
  }

  /** An entry point {@code main (x) = fact x}. */
  public static Program factProgram() {
    Atom.Var x = v("x", I64), y = v("y", I64);
    Program.Entry e = new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), List.of(x), List.of("x"),
        new Body(List.of(let(y, call("fact", x))), List.of(y)));
    return new Program(List.of(e), List.of(), List.of(fact()));
  }

  @Test
  void printsFunctionsAndCalls() {
    String text = Printer.program(factProgram());
    assertTrue(text.startsWith("fun fact (n: i64) : (i64) =\n"), text);
    assertTrue(text.contains("let (f: i64) = call fact(m)"), text);
    assertTrue(text.contains("entry main (x: i64) =\n  let (y: i64) = call fact(x)"), text);
  }

  @Test
  void verifierChecksCallsAgainstTheirFunctions() {
    Verifier.verify(factProgram(), "test");
    Atom.Var x = v("x", I64), y = v("y", I64), b = v("b", BOOL);
    for (Exp bad : List.of(
        call("nope", x),
        call("fact", x, x),
        new Exp.Call("fact", List.of(Atom.bool(true)), List.of(false), List.of(I64), Span.NONE),
        new Exp.Call("fact", List.of(x), List.of(true), List.of(I64), Span.NONE))) {
      Program.Entry e = new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), List.of(x), List.of("x"),
          new Body(List.of(let(y, bad)), List.of(y)));
      assertThrows(Verifier.IrException.class, () -> Verifier.verify(new Program(List.of(e), List.of(), List.of(fact())), "t"),
          bad.toString());
    }
    // The results a call binds are the function's.
    Program.Entry e = new Program.Entry(new TDecl.EntryPoint("main", List.of(), List.of()), List.of(x), List.of("x"),
        new Body(List.of(new Stm(List.of(b), new Exp.Call("fact", List.of(x), List.of(false), List.of(BOOL), Span.NONE))),
            List.of(b)));
    var ex = assertThrows(Verifier.IrException.class, () -> Verifier.verify(new Program(List.of(e), List.of(), List.of(fact())), "t"));
    assertTrue(ex.getMessage().contains("returns"), ex.getMessage());
    // A function body returns the declared results.
    Program.Function f = fact();
    Program.Function wrong = new Program.Function("fact", f.params(), f.consumed(), List.of(BOOL), f.body(), "fact");
    assertThrows(Verifier.IrException.class, () -> Verifier.verify(new Program(List.of(), List.of(), List.of(wrong)), "t"));
  }

  @Test
  void interpreterRunsCallsAndLimitsTheirDepth() {
    Program p = factProgram();
    List<Object> r = Interpreter.run(p, p.entries().get(0), List.of(PrimValue.ofInt(PrimType.I64, 10)), 1_000_000);
    assertEquals(3628800L, ((PrimValue) r.get(0)).bits());
    // fact of a negative number never stops: the depth limit ends it with the generated C's message.
    var e = assertThrows(Interpreter.ProgramError.class,
        () -> Interpreter.run(p, p.entries().get(0), List.of(PrimValue.ofInt(PrimType.I64, -1)), 10_000_000));
    assertTrue(e.getMessage().startsWith(Program.recursionTooDeep("fact")), e.getMessage());
  }

  @Test
  void helpersSeeCalls() {
    Atom.Var xs = v("xs", ARR), k = v("k", I64);
    Exp.Call c = new Exp.Call("g", List.of(xs, k), List.of(true, false), List.of(ARR, I64), Span.NONE);
    assertEquals(List.of(ARR, I64), Typing.typesOf(c));
    assertEquals(java.util.Set.of("xs", "k"), FreeVars.ofExp(c));
    assertTrue(Effects.mayFail(c), "a call may fail");
    assertFalse(Effects.onlyAllocates(c), "a call is never evaluated speculatively");
    assertTrue(Effects.consumes(c));
    assertFalse(Effects.consumes(new Exp.Call("g", List.of(xs, k), List.of(false, false), List.of(ARR, I64), Span.NONE)));
    Exp renamed = Rewrite.exp(c, a -> a.equals(k) ? Atom.i64(3) : a, b -> b);
    assertEquals(new Exp.Call("g", List.of(xs, Atom.i64(3)), List.of(true, false), List.of(ARR, I64), Span.NONE), renamed);
    // Functions' bodies are rewritten with entries' bodies, and counted by Structure.
    Program p = Rewrite.bodies(factProgram(), b -> new Body(b.stms(), b.results()));
    assertEquals(1, p.functions().size());
    Map<String, Integer> counts = Structure.count(p);
    assertEquals(2, counts.get("Call"), counts.toString());
    assertEquals(1, counts.get("/If/False/Call"), counts.toString());
  }
}

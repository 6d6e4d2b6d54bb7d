package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.core.Typing;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Emits statements in A-normal form into the current block and makes fresh names. */
final class Builder {
  private int counter;
  private List<Stm> stms = new ArrayList<>();
  /** The size budget of the program being lowered (one Builder per program). */
  final Budget budget = new Budget();
  /**
   * The call site of the function being inlined (with its callers), or null at an entry point's
   * top level: what {@link #add} records in the span of every statement, for backtraces.
   */
  Span callers;
  /**
   * The program's own call site (with its callers) of the prelude function being inlined, or null:
   * what fails in the prelude's code is reported there.
   */
  Span preludeSite;

  String fresh(String base) {
    StringBuilder sb = new StringBuilder();
    for (char c : base.toCharArray()) sb.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
    if (sb.isEmpty() || Character.isDigit(sb.charAt(0))) sb.insert(0, 'v');
    return sb + "_" + (counter++);
  }

  Atom.Var var(String base, IrType t) { return new Atom.Var(fresh(base), t); }

  void add(Stm s) {
    budget.statement();
    if (callers != null || preludeSite != null) s = new Stm(s.pattern(), Rewrite.spans(s.exp(), this::located), s.plan());
    stms.add(s);
  }

  /** Where a statement at {@code sp} fails: there within the calls being inlined, or at the program's call of the prelude function it is in. */
  private Span located(Span sp) {
    if (sp == null || sp == Span.NONE || sp.caller() != null) return sp;
    if (sp.inPrelude() && preludeSite != null) return preludeSite;
    return sp.calledFrom(callers);
  }

  List<Atom.Var> bindN(String base, Exp e) {
    List<Atom.Var> vs = new ArrayList<>();
    for (IrType t : Typing.typesOf(e)) vs.add(var(base, t));
    add(new Stm(vs, e));
    return vs;
  }

  Atom.Var bind(String base, Exp e) {
    List<Atom.Var> vs = bindN(base, e);
    if (vs.size() != 1) throw new IllegalStateException("expression of " + vs.size() + " values");
    return vs.get(0);
  }

  /** Runs {@code f} with a fresh statement list and returns the block it built. */
  Body block(Supplier<List<Atom>> f) {
    List<Stm> saved = stms;
    stms = new ArrayList<>();
    try {
      List<Atom> res = f.get();
      return new Body(stms, res);
    } finally {
      stms = saved;
    }
  }

  Atom shape(Atom arr, int dim) {
    return bind("n", new Exp.Shape(arr, dim));
  }

  Atom binop(BinOperator op, PrimType t, Atom x, Atom y) {
    return bind("t", new Exp.BinOp(op, t, x, y, Span.NONE));
  }

  /** Emits a run-time check that {@code a == b} (two i64s) with an error message naming span. */
  void checkEq(Atom a, Atom b, String message, Span span) {
    if (a.equals(b)) return;
    Atom ok = binop(BinOperator.EQ, PrimType.I64, a, b);
    add(new Stm(List.of(), new Exp.Assert(ok, message, List.of(a, b), span)));
  }
}

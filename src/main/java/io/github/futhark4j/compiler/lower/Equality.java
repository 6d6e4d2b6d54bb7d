package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;

/** Structural equality of values and the tests of {@code match} patterns, as IR. */
final class Equality {
  private Equality() {}

  static Atom and(Lowerer l, Atom x, Atom y) {
    if (x instanceof Atom.Const c) return c.value().boolValue() ? y : x;
    if (y instanceof Atom.Const c) return c.value().boolValue() ? x : y;
    return l.b.binop(BinOperator.LAND, PrimType.BOOL, x, y);
  }

  /** {@code x == y} for values of the same type (records, sums and arrays compared deeply). */
  static Atom equal(Lowerer l, V x, V y) {
    List<Atom> xs = V.leaves(x), ys = V.leaves(y);
    Atom acc = Atom.bool(true);
    for (int i = 0; i < xs.size(); i++) acc = and(l, acc, leafEqual(l, xs.get(i), ys.get(i)));
    return acc;
  }

  private static Atom leafEqual(Lowerer l, Atom a, Atom c) {
    IrType t = a.type();
    if (t.rank() == 0) return l.b.binop(BinOperator.EQ, t.elem(), a, c);
    Atom same = Atom.bool(true);
    for (int d = 0; d < t.rank(); d++) {
      same = and(l, same, l.b.binop(BinOperator.EQ, PrimType.I64, l.b.shape(a, d), l.b.shape(c, d)));
    }
    Atom fa = a, fc = c;
    for (int d = 1; d < t.rank(); d++) {
      fa = l.b.bind("flat", new Exp.Flatten(fa));
      fc = l.b.bind("flat", new Exp.Flatten(fc));
    }
    Atom ffa = fa, ffc = fc;
    Body th = l.b.block(() -> {
      Atom n = l.b.shape(ffa, 0);
      Atom.Var p = l.b.var("x", new IrType.Scalar(t.elem())), q = l.b.var("y", new IrType.Scalar(t.elem()));
      Lambda mapf = new Lambda(List.of(p, q), l.b.block(() -> List.of(l.b.binop(BinOperator.EQ, t.elem(), p, q))));
      Atom.Var r = l.b.var("a", new IrType.Scalar(PrimType.BOOL)), s = l.b.var("b", new IrType.Scalar(PrimType.BOOL));
      Lambda op = new Lambda(List.of(r, s), l.b.block(() -> List.of(l.b.binop(BinOperator.LAND, PrimType.BOOL, r, s))));
      return List.of(l.b.bind("alleq", new Exp.Reduce(n, op, List.of(Atom.bool(true)), mapf, List.of(ffa, ffc), true)));
    });
    if (same instanceof Atom.Const) return l.b.bindN("eq", new Exp.If(same, th, new Body(List.of(), List.of(Atom.bool(false))))).get(0);
    return l.b.bindN("eq", new Exp.If(same, th, new Body(List.of(), List.of(Atom.bool(false))))).get(0);
  }

  /** Whether {@code v} matches pattern {@code p} (bindings are made separately). */
  static Atom matches(Lowerer l, TPat p, V v) {
    return switch (p) {
      case TPat.Id id -> Atom.bool(true);
      case TPat.Wildcard w -> Atom.bool(true);
      case TPat.Lit lit -> {
        Atom a = ((V.Leaf) v).atom();
        yield l.b.binop(BinOperator.EQ, a.type().elem(), a, new Atom.Const(lit.value()));
      }
      case TPat.Record r -> {
        Atom acc = Atom.bool(true);
        V.Rec rec = (V.Rec) v;
        for (var e : r.fields().entrySet()) acc = and(l, acc, matches(l, e.getValue(), rec.fields().get(e.getKey())));
        yield acc;
      }
      case TPat.Constr c -> {
        V.Sum s = (V.Sum) v;
        int tag = new ArrayList<>(s.payloads().keySet()).indexOf(c.name());
        Atom acc = l.b.binop(BinOperator.EQ, PrimType.I8, s.tag(), new Atom.Const(PrimValue.ofInt(PrimType.I8, tag)));
        List<V> payload = s.payloads().get(c.name());
        for (int i = 0; i < c.payload().size(); i++) acc = and(l, acc, matches(l, c.payload().get(i), payload.get(i)));
        yield acc;
      }
    };
  }
}

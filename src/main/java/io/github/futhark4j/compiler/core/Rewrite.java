package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.source.Span;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Structural rewriting of expressions: substitute atoms (copy propagation) and transform nested
 * bodies (so a pass can recurse into branches, loops and lambdas).
 */
public final class Rewrite {
  private Rewrite() {}

  /** Rebuilds {@code e} with every operand atom mapped by {@code a} and every nested body by {@code b}. */
  public static Exp exp(Exp e, UnaryOperator<Atom> a, UnaryOperator<Body> b) {
    return exp(e, a, b, UnaryOperator.identity());
  }

  /** {@code e} with its own span (not those inside its nested bodies) mapped by {@code s}. */
  public static Exp spans(Exp e, UnaryOperator<Span> s) {
    return exp(e, UnaryOperator.identity(), UnaryOperator.identity(), s);
  }

  /** As {@link #exp(Exp, UnaryOperator, UnaryOperator)}, with the expression's span mapped by {@code s}. */
  public static Exp exp(Exp e, UnaryOperator<Atom> a, UnaryOperator<Body> b, UnaryOperator<Span> s) {
    return switch (e) {
      case Exp.AtomE x -> new Exp.AtomE(a.apply(x.atom()));
      case Exp.BinOp x -> new Exp.BinOp(x.op(), x.type(), a.apply(x.x()), a.apply(x.y()), s.apply(x.span()));
      case Exp.UnOp x -> new Exp.UnOp(x.op(), x.type(), a.apply(x.x()));
      case Exp.Convert x -> new Exp.Convert(x.to(), a.apply(x.x()));
      case Exp.PrimCall x -> new Exp.PrimCall(x.name(), atoms(x.args(), a), x.result());
      case Exp.Shape x -> new Exp.Shape(a.apply(x.array()), x.dim());
      case Exp.Index x -> new Exp.Index(a.apply(x.array()), atoms(x.indices(), a), s.apply(x.span()));
      case Exp.Slice x -> new Exp.Slice(a.apply(x.array()), dims(x.dims(), a), s.apply(x.span()));
      case Exp.Update x -> new Exp.Update(a.apply(x.array()), atoms(x.indices(), a), a.apply(x.value()), s.apply(x.span()));
      case Exp.UpdateSlice x -> new Exp.UpdateSlice(a.apply(x.array()), dims(x.dims(), a), a.apply(x.value()), s.apply(x.span()));
      case Exp.ArrayLit x -> new Exp.ArrayLit(atoms(x.elements(), a), x.type(), s.apply(x.span()));
      case Exp.Iota x -> new Exp.Iota(a.apply(x.n()), x.type());
      case Exp.Replicate x -> new Exp.Replicate(a.apply(x.n()), a.apply(x.value()));
      case Exp.Copy x -> new Exp.Copy(a.apply(x.array()));
      case Exp.Concat x -> new Exp.Concat(atoms(x.arrays(), a), s.apply(x.span()));
      case Exp.Transpose x -> new Exp.Transpose(a.apply(x.array()));
      case Exp.Flatten x -> new Exp.Flatten(a.apply(x.array()));
      case Exp.Unflatten x -> new Exp.Unflatten(a.apply(x.n()), a.apply(x.m()), a.apply(x.array()), s.apply(x.span()));
      case Exp.Rotate x -> new Exp.Rotate(a.apply(x.amount()), a.apply(x.array()));
      case Exp.Range x -> new Exp.Range(a.apply(x.start()), x.second() == null ? null : a.apply(x.second()),
          a.apply(x.end()), x.kind(), x.type(), s.apply(x.span()));
      case Exp.If x -> new Exp.If(a.apply(x.cond()), b.apply(x.then()), b.apply(x.otherwise()));
      case Exp.Loop x -> new Exp.Loop(x.params(), atoms(x.inits(), a), switch (x.form()) {
        case Exp.LoopForm.For f -> new Exp.LoopForm.For(f.index(), a.apply(f.bound()));
        case Exp.LoopForm.While w -> new Exp.LoopForm.While(b.apply(w.cond()));
      }, b.apply(x.body()));
      case Exp.Assert x -> new Exp.Assert(a.apply(x.cond()), x.message(), atoms(x.args(), a), s.apply(x.span()));
      case Exp.Call x -> new Exp.Call(x.fn(), atoms(x.args(), a), x.consumed(), x.results(), s.apply(x.span()));
      case Exp.Map x -> new Exp.Map(a.apply(x.width()), lam(x.f(), b), atoms(x.arrays(), a));
      case Exp.Reduce x -> new Exp.Reduce(a.apply(x.width()), lam(x.op(), b), atoms(x.nes(), a), lam(x.mapf(), b),
          atoms(x.arrays(), a), x.commutative());
      case Exp.Scan x -> new Exp.Scan(a.apply(x.width()), lam(x.op(), b), atoms(x.nes(), a), lam(x.mapf(), b),
          atoms(x.arrays(), a), lam(x.postf(), b));
      case Exp.Filter x -> new Exp.Filter(a.apply(x.width()), lam(x.pred(), b), atoms(x.arrays(), a));
      case Exp.Partition x -> new Exp.Partition(a.apply(x.width()), a.apply(x.k()), lam(x.cls(), b), atoms(x.arrays(), a));
      case Exp.Hist x -> new Exp.Hist(a.apply(x.width()), lam(x.op(), b), atoms(x.nes(), a), atoms(x.dests(), a),
          lam(x.mapf(), b), atoms(x.arrays(), a));
      case Exp.Scatter x -> new Exp.Scatter(a.apply(x.width()), atoms(x.dests(), a), a.apply(x.inds()), atoms(x.vals(), a));
      case Exp.WithVjp x -> new Exp.WithVjp(atoms(x.args(), a), lam(x.f(), b), lam(x.adjoint(), b));
    };
  }

  private static Lambda lam(Lambda l, UnaryOperator<Body> b) {
    return l == null ? null : new Lambda(l.params(), b.apply(l.body()));
  }

  private static List<Atom> atoms(List<Atom> as, UnaryOperator<Atom> a) {
    return as.stream().map(a).toList();
  }

  private static List<Exp.SliceDim> dims(List<Exp.SliceDim> ds, UnaryOperator<Atom> a) {
    return ds.stream().map(d -> (Exp.SliceDim) switch (d) {
      case Exp.SliceDim.Fix f -> new Exp.SliceDim.Fix(a.apply(f.index()));
      case Exp.SliceDim.Range r -> new Exp.SliceDim.Range(r.start() == null ? null : a.apply(r.start()),
          r.end() == null ? null : a.apply(r.end()), r.stride() == null ? null : a.apply(r.stride()));
    }).toList();
  }

  /** Applies {@code f} to every entry body and function body of a program. */
  public static Program bodies(Program p, UnaryOperator<Body> f) {
    return new Program(p.entries().stream()
        .map(e -> new Program.Entry(e.signature(), e.params(), e.paramNames(), f.apply(e.body()))).toList(), p.tuningParams(),
        p.functions().stream().map(fn -> new Program.Function(fn.name(), fn.params(), fn.consumed(), fn.results(),
            f.apply(fn.body()), fn.source())).toList());
  }
}

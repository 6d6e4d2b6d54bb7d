package io.github.futhark4j.compiler.ad;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Emits the statements of derivative code into a list, with fresh names, folding the trivial
 * arithmetic of zero and one tangents ({@code 0 * x}, {@code x + 0}) so derivative code stays small.
 */
final class Emit {
  private final Function<String, String> fresh;
  List<Stm> out = new ArrayList<>();

  Emit(Function<String, String> fresh) {
    this.fresh = fresh;
  }

  Atom.Var var(String base, IrType t) { return new Atom.Var(fresh.apply(base), t); }

  Atom.Var bind(String base, IrType t, Exp e) {
    Atom.Var v = var(base, t);
    out.add(new Stm(List.of(v), e));
    return v;
  }

  /** Binds the results of {@code e}, of types {@code ts}, to fresh variables. */
  List<Atom.Var> bindAll(String base, List<IrType> ts, Exp e) {
    List<Atom.Var> vs = new ArrayList<>();
    for (IrType t : ts) vs.add(var(base, t));
    out.add(new Stm(vs, e));
    return vs;
  }

  /** Runs {@code f} with statements going to a fresh list, which is returned (for nested bodies). */
  List<Stm> collect(Runnable f) {
    List<Stm> saved = out;
    out = new ArrayList<>();
    try {
      f.run();
      return out;
    } finally {
      out = saved;
    }
  }

  /** Zeros of the type and shape of {@code like} (a constant for a scalar). */
  Atom zeros(Atom like) {
    IrType t = like.type();
    Atom z = num(t.elem(), 0);
    List<Atom> dims = new ArrayList<>();
    for (int d = 0; d < t.rank(); d++) dims.add(bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(like, d)));
    for (int d = t.rank() - 1; d >= 0; d--) z = bind("zeros", IrType.of(t.elem(), t.rank() - d), new Exp.Replicate(dims.get(d), z));
    return z;
  }

  static Atom.Const num(PrimType t, double v) {
    return new Atom.Const(t.isFloat() ? PrimValue.ofFloat(t, v) : t.isBool() ? PrimValue.ofBool(v != 0) : PrimValue.ofInt(t, (long) v));
  }

  static boolean isZero(Atom a) {
    return a instanceof Atom.Const c && (c.value().type().isFloat() ? c.value().floatValue() == 0 && 1 / c.value().floatValue() > 0
        : c.value().type().isBool() ? !c.value().boolValue() : c.value().bits() == 0);
  }

  static boolean isOne(Atom a) {
    return a instanceof Atom.Const c && (c.value().type().isFloat() ? c.value().floatValue() == 1
        : c.value().type().isBool() ? c.value().boolValue() : c.value().bits() == 1);
  }

  Atom add(PrimType t, Atom x, Atom y) {
    if (isZero(x)) return y;
    if (isZero(y)) return x;
    return bind("d", new IrType.Scalar(t), new Exp.BinOp(t.isBool() ? BinOperator.LOR : BinOperator.ADD, t, x, y, null));
  }

  Atom sub(PrimType t, Atom x, Atom y) {
    if (isZero(y)) return x;
    if (isZero(x)) return neg(t, y);
    return bind("d", new IrType.Scalar(t), new Exp.BinOp(BinOperator.SUB, t, x, y, null));
  }

  Atom mul(PrimType t, Atom x, Atom y) {
    if (isZero(x) || isZero(y)) return num(t, 0);
    if (isOne(x)) return y;
    if (isOne(y)) return x;
    return bind("d", new IrType.Scalar(t), new Exp.BinOp(t.isBool() ? BinOperator.LAND : BinOperator.MUL, t, x, y, null));
  }

  Atom div(PrimType t, Atom x, Atom y) {
    if (isZero(x)) return num(t, 0);
    if (isOne(y)) return x;
    return bind("d", new IrType.Scalar(t), new Exp.BinOp(BinOperator.DIV, t, x, y, null));
  }

  Atom pow(PrimType t, Atom x, Atom y) {
    return bind("d", new IrType.Scalar(t), new Exp.BinOp(BinOperator.POW, t, x, y, null));
  }

  Atom neg(PrimType t, Atom x) {
    if (isZero(x)) return num(t, 0);
    return bind("d", new IrType.Scalar(t), new Exp.UnOp(UnOperator.NEG, t, x));
  }

  Atom cmp(BinOperator op, PrimType t, Atom x, Atom y) {
    return bind("c", new IrType.Scalar(PrimType.BOOL), new Exp.BinOp(op, t, x, y, null));
  }

  /** 1 or 0 of type {@code t}: a comparison's truth as a number. */
  Atom ofBool(PrimType t, Atom b) {
    return bind("d", new IrType.Scalar(t), new Exp.Convert(t, b));
  }

  Atom call(String name, PrimType t, Atom... args) {
    return bind("d", new IrType.Scalar(t), new Exp.PrimCall(name, List.of(args), t));
  }

  Atom convert(PrimType to, Atom x) {
    if (isZero(x)) return num(to, 0);
    return bind("d", new IrType.Scalar(to), new Exp.Convert(to, x));
  }

  /** {@code b ? x : y} for values computed already (an if whose branches only return them). */
  Atom select(Atom b, Atom x, Atom y) {
    if (x.equals(y)) return x;
    return bind("sel", x.type(), new Exp.If(b, new io.github.futhark4j.compiler.core.Body(List.of(), List.of(x)),
        new io.github.futhark4j.compiler.core.Body(List.of(), List.of(y))));
  }
}

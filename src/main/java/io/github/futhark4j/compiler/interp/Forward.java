package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * Forward-mode automatic differentiation ({@code jvp2}, {@code jmp2}) by dual numbers. A primitive
 * value that depends on the input of a {@code jvp2} is a {@link Dual}: its value and its tangent,
 * tagged by that {@code jvp2} (tags grow, so a {@code jvp2} nested in another has the higher tag,
 * and a dual's parts hold only lower tags: perturbations of nested differentiations do not mix).
 * As in the reference's interpreter, every primitive type has tangents: integers by integer
 * arithmetic, booleans with {@code ||} and {@code &&} as addition and multiplication; comparisons
 * and bitwise operators are constant. Every primitive operation on duals computes its value as
 * without AD and its tangent by the chain rule (through the same operations, so that nested
 * {@code jvp2}s give higher derivatives). Float functions use their mathematical derivatives.
 */
final class Forward {
  private Forward() {}

  /** A float and its tangent for the differentiation {@code tag}. */
  static final class Dual {
    final int tag;
    final Object primal;
    final Object tangent;

    Dual(int tag, Object primal, Object tangent) {
      this.tag = tag;
      this.primal = primal;
      this.tangent = tangent;
    }
  }

  static int tag(Object v) {
    return v instanceof Dual d ? d.tag : 0;
  }

  /** The value without any tangent. */
  static PrimValue strip(Object v) {
    while (v instanceof Dual d) v = d.primal;
    return (PrimValue) v;
  }

  private static Object primal(Object v, int t) {
    return v instanceof Dual d && d.tag == t ? d.primal : v;
  }

  private static Object tangent(Object v, int t) {
    return v instanceof Dual d && d.tag == t ? d.tangent : zero(v);
  }

  static Object zero(Object like) {
    PrimValue p = strip(like);
    PrimType ty = p.type();
    return ty.isFloat() ? PrimValue.ofFloat(ty, 0) : ty.isBool() ? PrimArith.FALSE : PrimArith.ofInt(ty, 0);
  }

  /** {@code v} in the primitive type of {@code like}. */
  private static Object constant(Object like, double v) {
    PrimType ty = strip(like).type();
    return ty.isFloat() ? PrimValue.ofFloat(ty, v) : ty.isBool() ? PrimArith.bool(v != 0) : PrimArith.ofInt(ty, (long) v);
  }

  private static boolean isZero(Object v) {
    PrimValue p = strip(v);
    return p.type().isFloat() ? p.floatValue() == 0 : p.bits() == 0;
  }

  private static Object dual(int t, Object primal, Object tangent) {
    return new Dual(t, primal, tangent);
  }

  // ---- generic arithmetic (on primitive values and duals) --------------------------------

  static Object add(Object x, Object y) { return binop(BinOperator.ADD, x, y); }

  static Object sub(Object x, Object y) { return binop(BinOperator.SUB, x, y); }

  static Object mul(Object x, Object y) { return binop(BinOperator.MUL, x, y); }

  static Object div(Object x, Object y) { return binop(BinOperator.DIV, x, y); }

  private static Object fn(String name, Object... xs) { return call(name, xs, null); }

  private static Object neg(Object x) { return unop(UnOperator.NEG, x); }

  private static Object and(Object x, Object y) { return binop(BinOperator.LAND, x, y); }

  private static Object or(Object x, Object y) { return binop(BinOperator.LOR, x, y); }

  /**
   * A binary operator. As in the reference, every primitive type is differentiated: integers by the
   * rules of the reference's {@code pdBinOp} (integer division's partials by truncating division,
   * shifts as multiplication and division by a power of two, bitwise operators constant), booleans
   * with {@code ||} for addition and {@code &&} for multiplication; comparisons are constant.
   */
  static Object binop(BinOperator op, Object x, Object y) {
    int t = Math.max(tag(x), tag(y));
    if (t == 0) return PrimArith.binop(op, (PrimValue) x, (PrimValue) y);
    PrimType ty = strip(x).type();
    switch (op) {
      case EQ, NEQ, LT, LE, GT, GE -> {
        return PrimArith.binop(op, strip(x), strip(y));
      }
      default -> { }
    }
    if (ty.isBool() && op == BinOperator.BXOR) return PrimArith.binop(op, strip(x), strip(y));
    Object xp = primal(x, t), yp = primal(y, t), dx = tangent(x, t), dy = tangent(y, t);
    Object p = binop(op, xp, yp);
    Object d;
    if (ty.isBool()) {
      d = switch (op) {
        case LAND, BAND -> or(and(yp, dx), and(xp, dy));
        case LOR, BOR -> dx;
        default -> throw new IllegalStateException("operator " + op.symbol + " on bool");
      };
    } else if (ty.isInteger()) {
      d = switch (op) {
        case ADD -> add(dx, dy);
        case SUB -> sub(dx, dy);
        case MUL -> add(mul(dx, yp), mul(xp, dy));
        case DIV, QUOT -> divPartials(xp, yp, dx, dy);
        case MOD, REM -> dx;
        case POW -> isZero(yp) ? constant(xp, 0)
            : mul(dx, mul(binop(BinOperator.POW, xp, sub(yp, constant(yp, 1))), yp));
        case SHL -> {
          Object p2 = binop(BinOperator.POW, constant(xp, 2), yp);
          yield add(mul(dx, p2), mul(dy, xp));
        }
        case SHR, USHR -> divPartials(xp, binop(BinOperator.POW, constant(xp, 2), yp), dx, dy);
        case BAND, BOR, BXOR -> constant(xp, 0);
        default -> throw new IllegalStateException("operator " + op.symbol + " on " + ty);
      };
    } else {
      d = switch (op) {
        case ADD -> add(dx, dy);
        case SUB -> sub(dx, dy);
        case MUL -> add(mul(dx, yp), mul(xp, dy));
        case DIV -> div(sub(dx, mul(p, dy)), yp);
        case MOD, REM -> sub(dx, mul(fn("trunc", div(xp, yp)), dy));
        case POW -> {
          boolean zeroBase = strip(xp).floatValue() == 0 && strip(yp).floatValue() < 1;
          Object ddx = zeroBase ? constant(xp, 0) : mul(yp, binop(BinOperator.POW, xp, sub(yp, constant(yp, 1))));
          Object ddy = strip(xp).floatValue() <= 0 ? constant(xp, 0) : mul(p, fn("log", xp));
          yield add(mul(dx, ddx), mul(dy, ddy));
        }
        default -> throw new IllegalStateException("operator " + op.symbol + " on a float with a tangent");
      };
    }
    return dual(t, p, d);
  }

  /** The tangent of an integer division x / y: partials 1 // y and -(x // (y * y)) (0 where y * y wraps to 0). */
  private static Object divPartials(Object xp, Object yp, Object dx, Object dy) {
    Object yy = mul(yp, yp);
    Object py = isZero(yy) ? constant(xp, 0) : unop(UnOperator.NEG, binop(BinOperator.QUOT, xp, yy));
    Object px = isZero(yp) ? constant(xp, 0) : binop(BinOperator.QUOT, constant(xp, 1), yp);
    return add(mul(dx, px), mul(dy, py));
  }

  static Object unop(UnOperator op, Object x) {
    if (!(x instanceof Dual d)) return PrimArith.unop(op, (PrimValue) x);
    PrimType ty = strip(x).type();
    Object p = unop(op, d.primal);
    if (ty.isBool()) return dual(d.tag, p, and(d.primal, d.tangent));
    if (op == UnOperator.NEG) return dual(d.tag, p, unop(op, d.tangent));
    return dual(d.tag, p, mul(p, d.tangent));
  }

  /** A primitive intrinsic on values some of which are duals. */
  static Object call(String name, Object[] a, PrimType result) {
    int t = 0;
    for (Object x : a) t = Math.max(t, tag(x));
    if (t == 0) {
      PrimValue[] ps = new PrimValue[a.length];
      for (int i = 0; i < a.length; i++) ps[i] = (PrimValue) a[i];
      return PrimArith.call(name, ps, result);
    }
    Object x = a[0];
    Object xp = primal(x, t), dx = tangent(x, t);
    switch (name) {
      case "convert" -> {
        // As the reference: the tangent is converted as the value is.
        return dual(t, call(name, new Object[] {xp}, result), call(name, new Object[] {dx}, result));
      }
      case "isnan", "isinf", "to_bits", "from_bits", "popc", "clz", "ctz" -> {
        Object[] ps = new Object[a.length];
        for (int i = 0; i < a.length; i++) ps[i] = strip(a[i]);
        return call(name, ps, result);
      }
      default -> { }
    }
    Object[] ps = new Object[a.length];
    for (int i = 0; i < a.length; i++) ps[i] = primal(a[i], t);
    Object p = call(name, ps, result);
    Object one = constant(xp, 1);
    Object d = switch (name) {
      case "sqrt" -> div(dx, mul(constant(xp, 2), p));
      case "cbrt" -> div(dx, mul(constant(xp, 3), mul(p, p)));
      case "exp" -> mul(dx, p);
      case "exp2" -> mul(dx, mul(p, constant(xp, Math.log(2))));
      case "exp10" -> mul(dx, mul(p, constant(xp, Math.log(10))));
      case "log" -> div(dx, xp);
      case "log2" -> div(dx, mul(xp, constant(xp, Math.log(2))));
      case "log10" -> div(dx, mul(xp, constant(xp, Math.log(10))));
      case "log1p" -> div(dx, add(one, xp));
      case "sin" -> mul(dx, fn("cos", xp));
      case "cos" -> neg(mul(dx, fn("sin", xp)));
      case "tan" -> { Object c = fn("cos", xp); yield div(dx, mul(c, c)); }
      case "asin" -> div(dx, fn("sqrt", sub(one, mul(xp, xp))));
      case "acos" -> neg(div(dx, fn("sqrt", sub(one, mul(xp, xp)))));
      case "atan" -> div(dx, add(one, mul(xp, xp)));
      case "sinh" -> mul(dx, fn("cosh", xp));
      case "cosh" -> mul(dx, fn("sinh", xp));
      case "tanh" -> mul(dx, sub(one, mul(p, p)));
      case "asinh" -> div(dx, fn("sqrt", add(mul(xp, xp), one)));
      case "acosh" -> div(dx, fn("sqrt", sub(mul(xp, xp), one)));
      case "atanh" -> div(dx, sub(one, mul(xp, xp)));
      case "erf" -> mul(dx, mul(constant(xp, 2 / Math.sqrt(Math.PI)), fn("exp", neg(mul(xp, xp)))));
      case "erfc" -> neg(mul(dx, mul(constant(xp, 2 / Math.sqrt(Math.PI)), fn("exp", neg(mul(xp, xp))))));
      case "gamma" -> mul(dx, mul(p, digamma(xp)));
      case "lgamma" -> mul(dx, digamma(xp));
      case "abs" -> mul(dx, fn("sgn", xp));
      case "sgn", "floor", "ceil", "round", "trunc" -> constant(xp, 0);
      case "nextafter" -> dx;
      case "copysign" -> mul(dx, mul(fn("sgn", xp), fn("copysign", one, ps[1])));
      case "ldexp" -> call("ldexp", new Object[] {dx, a[1]}, null);
      case "min", "max" -> {
        // The operand chosen (C's fmin/fmax: the other one when one is NaN) brings its tangent.
        PrimValue xv = strip(xp), yv = strip(ps[1]);
        boolean first = xv.type().isFloat()
            ? Double.isNaN(yv.floatValue()) || (name.equals("max") ? xv.floatValue() >= yv.floatValue() : xv.floatValue() <= yv.floatValue())
            : Evaluator.truth(PrimArith.binop(name.equals("max") ? BinOperator.GE : BinOperator.LE, xv, yv));
        yield tangent(first ? a[0] : a[1], t);
      }
      case "mul_hi" -> add(mul(dx, ps[1]), mul(xp, tangent(a[1], t)));
      case "mad_hi" -> add(add(mul(dx, ps[1]), mul(xp, tangent(a[1], t))), tangent(a[2], t));
      case "atan2" -> {
        Object yp = ps[1], dy = tangent(a[1], t);
        yield div(sub(mul(dx, yp), mul(xp, dy)), add(mul(xp, xp), mul(yp, yp)));
      }
      case "hypot" -> add(mul(dx, div(xp, p)), mul(tangent(a[1], t), div(ps[1], p)));
      case "pow" -> tangent(binop(BinOperator.POW, a[0], a[1]), t);
      case "fma", "mad" -> add(add(mul(dx, ps[1]), mul(xp, tangent(a[1], t))), tangent(a[2], t));
      case "lerp" -> {
        Object dv1 = tangent(a[1], t), dt = tangent(a[2], t), tt = ps[2];
        yield add(add(mul(dx, sub(one, tt)), mul(dv1, tt)), mul(sub(ps[1], xp), dt));
      }
      default -> throw new UnsupportedConstructException("the derivative of " + name, Span.NONE);
    };
    return dual(t, p, d);
  }

  /** The digamma function of a value without tangents (second derivatives of gamma are not supported). */
  private static Object digamma(Object x) {
    if (x instanceof Dual) throw new UnsupportedConstructException("second derivatives of gamma and lgamma", Span.NONE);
    PrimValue p = (PrimValue) x;
    return PrimValue.ofFloat(p.type(), MathFns.digamma(p.floatValue()));
  }

  // ---- jvp2 and jmp2 ----------------------------------------------------------------------

  private static final java.util.concurrent.atomic.AtomicInteger COUNTER = new java.util.concurrent.atomic.AtomicInteger();

  /** {@code jvp2 f x x'}: the value of {@code f x} and its tangent for the tangent {@code x'} of {@code x}. */
  static RecordVal jvp2(Object f, Object x, Object dx) {
    int t = COUNTER.incrementAndGet();
    Object r = FunVal.apply1(f, seed(x, dx, t));
    return RecordVal.tuple(extract(r, t, true), extract(r, t, false));
  }

  /**
   * {@code vjp2 f x y'}: the value of {@code f x} and the cotangent of {@code x} for the seed
   * {@code y'}, by forward mode over a basis of {@code x}: the cotangent's k-th primitive leaf is the
   * sum over the result's leaves of the tangent for the k-th unit tangent times the seed. Slow
   * (one run of {@code f} per leaf of {@code x}) and exact, which is what an oracle needs.
   */
  static RecordVal vjp2(Object f, Object x, Object ybar) {
    Object primal = FunVal.apply1(f, x);
    List<Object> xs = new ArrayList<>();
    leaves(x, xs);
    List<Object> seeds = new ArrayList<>();
    leaves(ybar, seeds);
    Object[] cot = new Object[xs.size()];
    for (int k = 0; k < cot.length; k++) {
      PrimType tk = strip(xs.get(k)).type();
      if (tk.isBool()) {
        cot[k] = PrimArith.FALSE;
        continue;
      }
      int kk = k;
      // The unit tangent: the zero of each leaf's type, a one at leaf k.
      Object unit = replaceLeaves(x, i -> constant(xs.get(i), i == kk ? 1 : 0), new int[] {0});
      List<Object> ts = new ArrayList<>();
      leaves(jvp2(f, x, unit).values[1], ts);
      // Dual arithmetic: where this vjp2 is itself differentiated (x, the seed or what f closes
      // over carries an outer tangent), the cotangent carries its derivative.
      Object sum = zero(xs.get(k));
      for (int j = 0; j < ts.size() && j < seeds.size(); j++) {
        Object t = ts.get(j), y = seeds.get(j);
        if (strip(t).type().isBool()) continue;
        Object term = mul(t, y);
        if (strip(term).type() != tk) term = call("convert", new Object[] {term}, tk);
        sum = add(sum, term);
      }
      cot[k] = sum;
    }
    return RecordVal.tuple(primal, replaceLeaves(x, i -> cot[i], new int[] {0}));
  }

  /** {@code mjp2 f x ys'}: the value of {@code f x} and the cotangent of {@code x} for each seed. */
  static RecordVal mjp2(Object f, Object x, ArrayVal seeds) {
    Object primal = FunVal.apply1(f, x);
    Object[] cots = new Object[seeds.length()];
    for (int i = 0; i < cots.length; i++) cots[i] = vjp2(f, x, seeds.elems[i]).values[1];
    RowShape row = cots.length > 0 ? RowShape.of(cots[0]) : RowShape.of(x);
    return RecordVal.tuple(primal, ArrayVal.of(cots, row));
  }

  /**
   * The primitive leaves of a value (duals as they are), in order (none inside sums, whose
   * cotangent is left as it is).
   */
  private static void leaves(Object v, List<Object> out) {
    switch (v) {
      case PrimValue p -> out.add(p);
      case Dual d -> out.add(d);
      case ArrayVal a -> { for (Object e : a.elems) leaves(e, out); }
      case RecordVal r -> { for (Object e : r.values) leaves(e, out); }
      default -> { }
    }
  }

  /** {@code x} with its i-th primitive leaf (in {@link #leaves} order) replaced by {@code leaf.apply(i)}. */
  private static Object replaceLeaves(Object x, java.util.function.IntFunction<Object> leaf, int[] at) {
    return switch (x) {
      case PrimValue p -> leaf.apply(at[0]++);
      case Dual d -> leaf.apply(at[0]++);
      case ArrayVal a -> {
        Object[] out = new Object[a.length()];
        for (int i = 0; i < out.length; i++) out[i] = replaceLeaves(a.elems[i], leaf, at);
        yield ArrayVal.of(out, a.row);
      }
      case RecordVal r -> {
        Object[] out = new Object[r.values.length];
        for (int i = 0; i < out.length; i++) out[i] = replaceLeaves(r.values[i], leaf, at);
        yield new RecordVal(r.names, out);
      }
      default -> x;
    };
  }

  /** {@code jmp2 f x xs'}: the value of {@code f x} and its tangent for each tangent in {@code xs'}. */
  static RecordVal jmp2(Object f, Object x, ArrayVal dxs) {
    Object primal = null;
    Object[] tangents = new Object[dxs.length()];
    for (int i = 0; i < tangents.length; i++) {
      RecordVal r = jvp2(f, x, dxs.elems[i]);
      primal = r.values[0];
      tangents[i] = r.values[1];
    }
    if (primal == null) primal = FunVal.apply1(f, x);
    RowShape row = tangents.length > 0 ? RowShape.of(tangents[0]) : RowShape.of(primal);
    return RecordVal.tuple(primal, ArrayVal.of(tangents, row));
  }

  private static Object seed(Object x, Object dx, int t) {
    return switch (x) {
      case PrimValue p -> dual(t, x, dx);
      case Dual d -> dual(t, x, dx);
      case ArrayVal a -> {
        ArrayVal da = (ArrayVal) dx;
        Object[] out = new Object[a.length()];
        for (int i = 0; i < out.length; i++) out[i] = seed(a.elems[i], da.elems[i], t);
        yield ArrayVal.of(out, a.row);
      }
      case RecordVal r -> {
        RecordVal dr = (RecordVal) dx;
        Object[] out = new Object[r.values.length];
        for (int i = 0; i < out.length; i++) out[i] = seed(r.values[i], dr.get(r.names[i]), t);
        yield new RecordVal(r.names, out);
      }
      case SumVal s -> {
        SumVal ds = (SumVal) dx;
        Object[] out = new Object[s.payload.length];
        boolean same = ds.constructor.equals(s.constructor);
        for (int i = 0; i < out.length; i++) out[i] = same ? seed(s.payload[i], ds.payload[i], t) : s.payload[i];
        yield new SumVal(s.constructor, out);
      }
      default -> x;
    };
  }

  /** The value ({@code primal}) or the tangent of a result, for differentiation {@code t}. */
  private static Object extract(Object v, int t, boolean primal) {
    return switch (v) {
      case Dual d when d.tag == t -> primal ? d.primal : d.tangent;
      case Dual d -> primal ? d : zero(d);
      case PrimValue p -> primal ? p : zero(p);
      case ArrayVal a -> {
        Object[] out = new Object[a.length()];
        for (int i = 0; i < out.length; i++) out[i] = extract(a.elems[i], t, primal);
        yield ArrayVal.of(out, a.row);
      }
      case RecordVal r -> {
        Object[] out = new Object[r.values.length];
        for (int i = 0; i < out.length; i++) out[i] = extract(r.values[i], t, primal);
        yield new RecordVal(r.names, out);
      }
      case SumVal s -> {
        Object[] out = new Object[s.payload.length];
        for (int i = 0; i < out.length; i++) out[i] = extract(s.payload[i], t, primal);
        yield new SumVal(s.constructor, out);
      }
      default -> {
        if (!primal) throw new UnsupportedConstructException("the tangent of a function", Span.NONE);
        yield v;
      }
    };
  }

}

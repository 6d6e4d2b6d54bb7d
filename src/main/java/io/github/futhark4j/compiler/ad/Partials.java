package io.github.futhark4j.compiler.ad;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * The partial derivatives of the primitive operations, with respect to each argument, as statements
 * emitted into an {@link Emit}: the one table both modes of automatic differentiation use (forward:
 * a tangent is the sum of partials times argument tangents; reverse: each argument's adjoint gets a
 * partial times the result's adjoint). Integers are differentiated as the reference does (in integer
 * arithmetic), booleans too ({@code &&} a product, {@code ||} a sum, {@code !} its own partial);
 * comparisons have none ({@code null}). The rules are the textbook ones (those of the reference's
 * {@code Futhark.AD.Derivatives}, where that agrees with calculus).
 */
final class Partials {
  private Partials() {}

  /** Thrown for a primitive function without a derivative. */
  static final class NoDerivative extends RuntimeException {
    NoDerivative(String what) { super(what, null, false, false); }
  }

  /** Partials of {@code x op y} of type {@code t} (null for a non-float operation). */
  static Atom[] binOp(Emit e, BinOperator op, PrimType t, Atom x, Atom y) {
    if (t.isBool()) {
      // Booleans are differentiated as the reference does: && like a product, || as the first argument.
      return switch (op) {
        case LAND -> new Atom[] {y, x};
        case LOR -> new Atom[] {Emit.num(t, 1), Emit.num(t, 0)};
        default -> new Atom[] {null, null};
      };
    }
    if (!t.isFloat()) return intBinOp(e, op, t, x, y);
    return switch (op) {
      case ADD -> new Atom[] {Emit.num(t, 1), Emit.num(t, 1)};
      case SUB -> new Atom[] {Emit.num(t, 1), Emit.num(t, -1)};
      case MUL -> new Atom[] {y, x};
      case DIV -> new Atom[] {e.div(t, Emit.num(t, 1), y), e.neg(t, e.div(t, x, e.mul(t, y, y)))};
      case POW -> {
        // d/dx x**y = y * x**(y-1) (0 where x is 0 and y < 1); d/dy x**y = x**y * log x (0 where x <= 0).
        Atom dx = e.mul(t, y, e.pow(t, x, e.sub(t, y, Emit.num(t, 1))));
        Atom xZeroYSmall = e.bind("c", new io.github.futhark4j.compiler.core.IrType.Scalar(PrimType.BOOL),
            new io.github.futhark4j.compiler.core.Exp.BinOp(BinOperator.LAND, PrimType.BOOL,
                e.cmp(BinOperator.EQ, t, x, Emit.num(t, 0)), e.cmp(BinOperator.LT, t, y, Emit.num(t, 1)), null));
        dx = e.select(xZeroYSmall, Emit.num(t, 0), dx);
        Atom logx = e.select(e.cmp(BinOperator.LE, t, x, Emit.num(t, 0)), Emit.num(t, 0), e.call("log", t, x));
        yield new Atom[] {dx, e.mul(t, e.pow(t, x, y), logx)};
      }
      // Floating-point remainder: x - y * trunc(x / y); its derivative in x is 1 (as the reference).
      case MOD, REM -> new Atom[] {Emit.num(t, 1), Emit.num(t, 0)};
      default -> new Atom[] {null, null}; // comparisons: boolean results
    };
  }

  /**
   * Partials of an integer operation, as the reference defines them: integers are differentiated
   * like numbers, divisions in integer arithmetic, shifts as multiplications and divisions by powers
   * of two, remainders as the identity in {@code x}, bitwise operations and comparisons as constant.
   */
  private static Atom[] intBinOp(Emit e, BinOperator op, PrimType t, Atom x, Atom y) {
    return switch (op) {
      case ADD -> new Atom[] {Emit.num(t, 1), Emit.num(t, 1)};
      case SUB -> new Atom[] {Emit.num(t, 1), Emit.num(t, -1)};
      case MUL -> new Atom[] {y, x};
      case POW -> new Atom[] {e.mul(t, e.pow(t, x, e.sub(t, y, Emit.num(t, 1))), y), Emit.num(t, 0)};
      case DIV, QUOT -> quotient(e, t, x, y);
      case MOD, REM -> new Atom[] {Emit.num(t, 1), Emit.num(t, 0)};
      case SHL -> new Atom[] {e.pow(t, Emit.num(t, 2), y), x};
      case SHR, USHR -> quotient(e, t, x, e.pow(t, Emit.num(t, 2), y));
      default -> new Atom[] {null, null};
    };
  }

  /** The partials of {@code x / y} in integer arithmetic: {@code 1 // y} and {@code -(x // (y * y))}. */
  private static Atom[] quotient(Emit e, PrimType t, Atom x, Atom y) {
    Atom dx = e.bind("d", new io.github.futhark4j.compiler.core.IrType.Scalar(t),
        new io.github.futhark4j.compiler.core.Exp.BinOp(BinOperator.QUOT, t, Emit.num(t, 1), y, null));
    Atom q = e.bind("d", new io.github.futhark4j.compiler.core.IrType.Scalar(t),
        new io.github.futhark4j.compiler.core.Exp.BinOp(BinOperator.QUOT, t, x, e.mul(t, y, y), null));
    return new Atom[] {dx, e.neg(t, q)};
  }

  /** Partials of the primitive function {@code name} applied to {@code args}, of result type {@code t}. */
  static Atom[] call(Emit e, String name, PrimType t, List<Atom> args) {
    Atom x = args.isEmpty() ? null : args.get(0);
    PrimType at = x == null ? t : x.type().elem();
    if (t.isInteger() && at == t) {
      return switch (name) {
        case "abs" -> one(e.call("sgn", t, x));
        case "min" -> new Atom[] {e.ofBool(t, e.cmp(BinOperator.LE, t, x, args.get(1))), e.ofBool(t, e.cmp(BinOperator.GT, t, x, args.get(1)))};
        case "max" -> new Atom[] {e.ofBool(t, e.cmp(BinOperator.GE, t, x, args.get(1))), e.ofBool(t, e.cmp(BinOperator.LT, t, x, args.get(1)))};
        default -> new Atom[args.size()]; // sgn, popc, clz, ctz, mul_hi, ...: constant
      };
    }
    if (!t.isFloat()) return new Atom[args.size()]; // isnan, isinf, to_bits
    if (!at.isFloat() && !name.equals("ldexp")) return new Atom[args.size()]; // from_bits
    Atom one = Emit.num(t, 1);
    return switch (name) {
      case "sqrt" -> one(e.div(t, one, e.mul(t, Emit.num(t, 2), e.call("sqrt", t, x))));
      case "cbrt" -> {
        Atom c = e.call("cbrt", t, x);
        yield one(e.div(t, one, e.mul(t, Emit.num(t, 3), e.mul(t, c, c))));
      }
      case "exp" -> one(e.call("exp", t, x));
      case "exp2" -> one(e.mul(t, e.call("exp2", t, x), Emit.num(t, Math.log(2))));
      case "exp10" -> one(e.mul(t, e.call("exp10", t, x), Emit.num(t, Math.log(10))));
      case "log" -> one(e.div(t, one, x));
      case "log2" -> one(e.div(t, one, e.mul(t, x, Emit.num(t, Math.log(2)))));
      case "log10" -> one(e.div(t, one, e.mul(t, x, Emit.num(t, Math.log(10)))));
      case "log1p" -> one(e.div(t, one, e.add(t, x, one)));
      case "sin" -> one(e.call("cos", t, x));
      case "cos" -> one(e.neg(t, e.call("sin", t, x)));
      case "tan" -> {
        Atom c = e.call("cos", t, x);
        yield one(e.div(t, one, e.mul(t, c, c)));
      }
      case "asin" -> one(e.div(t, one, e.call("sqrt", t, e.sub(t, one, e.mul(t, x, x)))));
      case "acos" -> one(e.neg(t, e.div(t, one, e.call("sqrt", t, e.sub(t, one, e.mul(t, x, x))))));
      case "atan" -> one(e.div(t, one, e.add(t, one, e.mul(t, x, x))));
      case "sinh" -> one(e.call("cosh", t, x));
      case "cosh" -> one(e.call("sinh", t, x));
      case "tanh" -> {
        Atom th = e.call("tanh", t, x);
        yield one(e.sub(t, one, e.mul(t, th, th)));
      }
      case "asinh" -> one(e.div(t, one, e.call("sqrt", t, e.add(t, e.mul(t, x, x), one))));
      case "acosh" -> one(e.div(t, one, e.call("sqrt", t, e.sub(t, e.mul(t, x, x), one))));
      case "atanh" -> one(e.div(t, one, e.sub(t, one, e.mul(t, x, x))));
      case "erf" -> one(e.mul(t, Emit.num(t, 2 / Math.sqrt(Math.PI)), e.call("exp", t, e.neg(t, e.mul(t, x, x)))));
      case "erfc" -> one(e.mul(t, Emit.num(t, -2 / Math.sqrt(Math.PI)), e.call("exp", t, e.neg(t, e.mul(t, x, x)))));
      case "abs" -> one(e.call("sgn", t, x));
      case "sgn", "floor", "ceil", "round", "trunc" -> one(Emit.num(t, 0));
      case "min" -> {
        Atom y = args.get(1);
        yield new Atom[] {e.ofBool(t, e.cmp(BinOperator.LE, t, x, y)), e.ofBool(t, e.cmp(BinOperator.GT, t, x, y))};
      }
      case "max" -> {
        Atom y = args.get(1);
        yield new Atom[] {e.ofBool(t, e.cmp(BinOperator.GE, t, x, y)), e.ofBool(t, e.cmp(BinOperator.LT, t, x, y))};
      }
      case "pow" -> binOp(e, BinOperator.POW, t, x, args.get(1));
      case "atan2" -> {
        // atan2 y x: d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2)
        Atom y = x, xx = args.get(1);
        Atom r = e.add(t, e.mul(t, xx, xx), e.mul(t, y, y));
        yield new Atom[] {e.div(t, xx, r), e.neg(t, e.div(t, y, r))};
      }
      case "hypot" -> {
        Atom h = e.call("hypot", t, x, args.get(1));
        yield new Atom[] {e.div(t, x, h), e.div(t, args.get(1), h)};
      }
      case "fma", "mad" -> new Atom[] {args.get(1), x, one};
      case "lerp" -> {
        // v0 + (v1 - v0) * t
        Atom c = args.get(2);
        yield new Atom[] {e.sub(t, one, c), c, e.sub(t, args.get(1), x)};
      }
      case "copysign" -> new Atom[] {e.mul(t, e.call("sgn", t, x), e.call("sgn", t, e.call("copysign", t, one, args.get(1)))),
          Emit.num(t, 0)};
      case "nextafter" -> new Atom[] {one, Emit.num(t, 0)};
      case "ldexp" -> new Atom[] {e.call("ldexp", t, one, args.get(1)), null};
      case "from_bits" -> new Atom[] {null};
      default -> throw new NoDerivative(name);
    };
  }

  private static Atom[] one(Atom a) { return new Atom[] {a}; }

  /** The sum of partials times tangents ({@code null} partials and zero tangents skipped). */
  static Atom chain(Emit e, PrimType t, Atom[] partials, List<Atom> tangents) {
    Atom sum = Emit.num(t, 0);
    List<Atom> terms = new ArrayList<>();
    for (int i = 0; i < partials.length; i++) {
      if (partials[i] == null || Emit.isZero(tangents.get(i))) continue;
      terms.add(e.mul(t, partials[i], tangents.get(i)));
    }
    for (Atom a : terms) sum = e.add(t, sum, a);
    return sum;
  }
}

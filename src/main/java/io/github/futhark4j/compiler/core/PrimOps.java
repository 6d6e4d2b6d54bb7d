package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;

/**
 * Futhark's primitive operations on {@link PrimValue}s, written from the language's semantics for the
 * {@link Interpreter}: integers wrap at their width, {@code /} and {@code %} round towards negative
 * infinity, {@code //} and {@code %%} towards zero, shifts by the width or more give 0 (or the sign
 * fill), unsigned types compare and divide as unsigned, f16 is computed in single precision and
 * rounded to half precision after every operation, float to integer conversion truncates and gives
 * 0 for NaN and infinities. Integer division by zero is a {@link ArithmeticException} (the
 * interpreter reports it as Futhark's "division by zero").
 */
public final class PrimOps {
  private PrimOps() {}

  // ---- constructors --------------------------------------------------------------------------

  static PrimValue ofFloat(PrimType t, double v) {
    return switch (t) {
      case F16 -> new PrimValue(t, 0, Float.float16ToFloat(Float.floatToFloat16((float) v)));
      case F32 -> new PrimValue(t, 0, (float) v);
      default -> new PrimValue(t, 0, v);
    };
  }

  /** f16 and f32 results of a single-precision computation. */
  private static PrimValue ofSingle(PrimType t, float v) {
    return t == PrimType.F16 ? new PrimValue(t, 0, Float.float16ToFloat(Float.floatToFloat16(v))) : new PrimValue(t, 0, v);
  }

  static PrimValue ofInt(PrimType t, long v) { return new PrimValue(t, PrimValue.wrap(t, v), 0); }

  static PrimValue ofBool(boolean b) { return PrimValue.ofBool(b); }

  private static long mask(PrimType t) { return t.bits() == 64 ? -1L : (1L << t.bits()) - 1; }

  private static int compare(PrimType t, long a, long b) {
    return t.isUnsigned() ? Long.compareUnsigned(a, b) : Long.compare(a, b);
  }

  // ---- binary operators ----------------------------------------------------------------------

  /** {@code x op y} on values of type {@code t}. @throws ArithmeticException integer division by zero */
  public static PrimValue binop(BinOperator op, PrimType t, PrimValue x, PrimValue y) {
    if (t.isInteger()) return intBinop(op, t, x.bits(), y.bits());
    if (t.isFloat()) return floatBinop(op, t, x.floatValue(), y.floatValue());
    boolean a = x.boolValue(), b = y.boolValue();
    return ofBool(switch (op) {
      case LAND, BAND -> a && b;
      case LOR, BOR -> a || b;
      case BXOR, NEQ -> a != b;
      case EQ -> a == b;
      case LT -> !a && b;
      case LE -> !a || b;
      case GT -> a && !b;
      case GE -> a || !b;
      default -> throw new IllegalArgumentException("operator " + op + " on bool");
    });
  }

  private static PrimValue intBinop(BinOperator op, PrimType t, long a, long b) {
    int bits = t.bits();
    boolean uns = t.isUnsigned();
    switch (op) {
      case EQ: return ofBool(a == b);
      case NEQ: return ofBool(a != b);
      case LT: return ofBool(compare(t, a, b) < 0);
      case LE: return ofBool(compare(t, a, b) <= 0);
      case GT: return ofBool(compare(t, a, b) > 0);
      case GE: return ofBool(compare(t, a, b) >= 0);
      default: break;
    }
    long r = switch (op) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MUL -> a * b;
      case BAND -> a & b;
      case BOR -> a | b;
      case BXOR -> a ^ b;
      case DIV, MOD, QUOT, REM -> divide(op, t, a, b);
      case POW -> pow(t, a, b);
      case SHL -> Long.compareUnsigned(b & mask(t), bits) >= 0 ? 0 : a << (b & mask(t));
      case SHR -> Long.compareUnsigned(b & mask(t), bits) >= 0 ? (uns ? 0 : (a < 0 ? -1 : 0))
          : uns ? (a & mask(t)) >>> (b & mask(t)) : a >> (b & mask(t));
      case USHR -> Long.compareUnsigned(b & mask(t), bits) >= 0 ? 0 : (a & mask(t)) >>> (b & mask(t));
      default -> throw new IllegalArgumentException("operator " + op + " on " + t);
    };
    return ofInt(t, r);
  }

  private static long divide(BinOperator op, PrimType t, long a, long b) {
    if (b == 0) throw new ArithmeticException(RuntimeMessages.DIVISION_BY_ZERO);
    if (t.isUnsigned()) {
      return op == BinOperator.DIV || op == BinOperator.QUOT ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b);
    }
    long q = b == -1 ? -a : a / b;
    long r = b == -1 ? 0 : a % b;
    boolean adjust = r != 0 && ((r < 0) != (b < 0));
    return switch (op) {
      case QUOT -> q;
      case REM -> r;
      case DIV -> adjust ? q - 1 : q;
      default -> adjust ? r + b : r;
    };
  }

  private static long pow(PrimType t, long x, long y) {
    if (t.isSigned() && y < 0) return x == 1 ? 1 : x == -1 ? ((y & 1) != 0 ? -1 : 1) : 0;
    long e = y & mask(t);
    long r = 1, b = x;
    while (e != 0) {
      if ((e & 1) != 0) r *= b;
      b *= b;
      e >>>= 1;
    }
    return r;
  }

  private static PrimValue floatBinop(BinOperator op, PrimType t, double x, double y) {
    switch (op) {
      case EQ: return ofBool(x == y);
      case NEQ: return ofBool(x != y);
      case LT: return ofBool(x < y);
      case LE: return ofBool(x <= y);
      case GT: return ofBool(x > y);
      case GE: return ofBool(x >= y);
      default: break;
    }
    if (t == PrimType.F64) {
      return ofFloat(t, switch (op) {
        case ADD -> x + y;
        case SUB -> x - y;
        case MUL -> x * y;
        case DIV -> x / y;
        case MOD, REM -> x % y;
        case QUOT -> trunc(x / y);
        case POW -> pow(x, y);
        default -> throw new IllegalArgumentException("operator " + op + " on " + t);
      });
    }
    float a = (float) x, b = (float) y;
    return ofSingle(t, switch (op) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MUL -> a * b;
      case DIV -> a / b;
      case MOD, REM -> a % b;
      case QUOT -> (float) trunc(a / b);
      case POW -> (float) pow(a, b);
      default -> throw new IllegalArgumentException("operator " + op + " on " + t);
    });
  }

  private static double trunc(double d) {
    return d < 0 ? Math.ceil(d) : Math.floor(d);
  }

  // ---- unary operators and conversions -------------------------------------------------------

  public static PrimValue unop(UnOperator op, PrimType t, PrimValue x) {
    if (t.isBool()) return ofBool(!x.boolValue());
    if (t.isFloat()) {
      if (op != UnOperator.NEG) throw new IllegalArgumentException("operator " + op + " on " + t);
      return ofFloat(t, -x.floatValue());
    }
    return ofInt(t, op == UnOperator.NEG ? -x.bits() : ~x.bits());
  }

  /** Conversion between any two primitive types, as Futhark's {@code t.from} functions. */
  public static PrimValue convert(PrimType from, PrimType to, PrimValue x) {
    if (from == to) return x;
    if (to.isBool()) return ofBool(from.isFloat() ? x.floatValue() != 0 : from.isBool() ? x.boolValue() : x.bits() != 0);
    if (from.isBool()) return to.isFloat() ? ofFloat(to, x.boolValue() ? 1 : 0) : ofInt(to, x.boolValue() ? 1 : 0);
    if (to.isFloat()) {
      if (from.isFloat()) return to == PrimType.F64 ? ofFloat(to, x.floatValue()) : ofFloat(to, (float) x.floatValue());
      long v = x.bits();
      if (to == PrimType.F64) return ofFloat(to, from == PrimType.U64 ? unsignedToDouble(v) : (double) v);
      return ofSingle(to, from == PrimType.U64 ? unsignedToFloat(v) : (float) v);
    }
    if (from.isFloat()) {
      // As the generated C does it (CPrim.convert, after the reference's C on x86-64): NaN and the
      // infinities give 0; a value out of the conversion instruction's range gives the lowest
      // integer of its width, whose low bits narrower types keep. Signed types of up to 32 bits
      // and u8/u16 convert through 32 bits, u32 and i64 through 64 bits.
      double d = x.floatValue();
      long v;
      if (Double.isNaN(d) || Double.isInfinite(d)) v = 0;
      else if (to == PrimType.U64) {
        if (d < 9223372036854775808.0) v = d < -9223372036854775808.0 ? Long.MIN_VALUE : (long) d;
        else if (d >= 18446744073709551616.0) v = 0;
        else v = (long) (d - 9223372036854775808.0) ^ Long.MIN_VALUE;
      } else if (to == PrimType.I64 || to == PrimType.U32) {
        v = d >= 9223372036854775808.0 || d < -9223372036854775808.0 ? Long.MIN_VALUE : (long) d;
      } else {
        v = d >= 2147483648.0 || d < -2147483648.0 ? Integer.MIN_VALUE : (int) d;
      }
      return ofInt(to, v);
    }
    // Integer to integer: sign-extends only from a signed type into a signed one; into a wider
    // unsigned type the source's bits are zero-extended.
    long v = x.bits();
    if (from.isSigned() && to.isUnsigned() && to.bits() > from.bits()) v &= mask(from);
    return ofInt(to, v);
  }

  private static double unsignedToDouble(long v) {
    if (v >= 0) return v;
    return ((double) ((v >>> 1) | (v & 1))) * 2.0;
  }

  private static float unsignedToFloat(long v) {
    if (v >= 0) return v;
    return ((float) ((v >>> 1) | (v & 1))) * 2.0f;
  }

  // ---- intrinsic functions -------------------------------------------------------------------

  /** A primitive intrinsic ({@link Exp.PrimCall}); {@code argType} is the type of the first argument. */
  public static PrimValue call(String name, List<PrimValue> args, PrimType argType, PrimType result) {
    PrimValue x = args.get(0);
    PrimValue y = args.size() > 1 ? args.get(1) : null;
    PrimValue z = args.size() > 2 ? args.get(2) : null;
    PrimType t = argType;
    if (t.isBool()) {
      return switch (name) {
        case "min" -> ofBool(x.boolValue() && y.boolValue());
        case "max" -> ofBool(x.boolValue() || y.boolValue());
        default -> throw new IllegalArgumentException("no bool intrinsic " + name);
      };
    }
    if (t.isInteger()) {
      long a = x.bits(), b = y == null ? 0 : y.bits();
      long m = mask(t);
      return switch (name) {
        case "min" -> compare(t, a, b) <= 0 ? x : y;
        case "max" -> compare(t, a, b) >= 0 ? x : y;
        case "abs" -> t.isUnsigned() || a >= 0 ? x : ofInt(t, -a);
        case "sgn" -> ofInt(t, t.isUnsigned() ? (a != 0 ? 1 : 0) : Long.signum(a));
        case "mul_hi" -> ofInt(t, mulHi(t, a, b));
        case "mad_hi" -> ofInt(t, mulHi(t, a, b) + z.bits());
        case "popc" -> ofInt(PrimType.I32, Long.bitCount(a & m));
        case "clz" -> ofInt(PrimType.I32, (a & m) == 0 ? t.bits() : Long.numberOfLeadingZeros(a & m) - (64 - t.bits()));
        case "ctz" -> ofInt(PrimType.I32, (a & m) == 0 ? t.bits() : Long.numberOfTrailingZeros(a & m));
        case "pow" -> ofInt(t, pow(t, a, b));
        case "from_bits" -> switch (result) {
          case F64 -> ofFloat(result, Double.longBitsToDouble(a));
          case F32 -> ofFloat(result, Float.intBitsToFloat((int) a));
          default -> ofFloat(result, Float.float16ToFloat((short) a));
        };
        default -> throw new IllegalArgumentException("no integer intrinsic " + name);
      };
    }
    double a = x.floatValue();
    double b = y == null ? 0 : y.floatValue();
    double c = z == null ? 0 : z.floatValue();
    boolean single = t != PrimType.F64;
    PrimValue out = switch (name) {
      case "isnan" -> ofBool(Double.isNaN(a));
      case "isinf" -> ofBool(Double.isInfinite(a));
      case "to_bits" -> switch (t) {
        case F64 -> ofInt(result, Double.doubleToRawLongBits(a));
        case F32 -> ofInt(result, Float.floatToRawIntBits((float) a));
        default -> ofInt(result, Float.floatToFloat16((float) a));
      };
      case "min" -> Double.isNaN(a) ? y : Double.isNaN(b) ? x : a <= b ? x : y;
      case "max" -> Double.isNaN(a) ? y : Double.isNaN(b) ? x : a >= b ? x : y;
      case "fma" -> single ? ofSingle(t, Math.fma((float) a, (float) b, (float) c)) : ofFloat(t, Math.fma(a, b, c));
      case "mad" -> single ? ofSingle(t, (float) a * (float) b + (float) c) : ofFloat(t, a * b + c);
      case "lerp" -> single ? ofSingle(t, (float) a + ((float) b - (float) a) * (float) c) : ofFloat(t, a + (b - a) * c);
      case "nextafter" -> single ? ofSingle(t, Math.nextAfter((float) a, b)) : ofFloat(t, Math.nextAfter(a, b));
      case "copysign" -> ofFloat(t, Math.copySign(a, b));
      case "ldexp" -> single ? ofSingle(t, Math.scalb((float) a, (int) y.bits())) : ofFloat(t, Math.scalb(a, (int) y.bits()));
      case "sgn" -> ofFloat(t, a > 0 ? 1 : a < 0 ? -1 : a);
      case "abs" -> ofFloat(t, Math.abs(a));
      default -> null;
    };
    if (out != null) return out;
    double r = switch (name) {
      case "atan2" -> Math.atan2(a, b);
      case "hypot" -> Math.hypot(a, b);
      case "pow" -> pow(a, b);
      case "sqrt" -> Math.sqrt(a);
      case "cbrt" -> Math.cbrt(a);
      case "exp" -> Math.exp(a);
      case "exp2" -> Math.pow(2, a);
      case "exp10" -> Math.pow(10, a);
      case "log" -> Math.log(a);
      case "log2" -> log2(a);
      case "log10" -> Math.log10(a);
      case "log1p" -> Math.log1p(a);
      case "sin" -> Math.sin(a);
      case "cos" -> Math.cos(a);
      case "tan" -> Math.tan(a);
      case "asin" -> Math.asin(a);
      case "acos" -> Math.acos(a);
      case "atan" -> Math.atan(a);
      case "sinh" -> Math.sinh(a);
      case "cosh" -> Math.cosh(a);
      case "tanh" -> Math.tanh(a);
      case "asinh" -> asinh(a);
      case "acosh" -> a < 1 ? Double.NaN : Math.log(a + Math.sqrt(a * a - 1));
      case "atanh" -> 0.5 * Math.log1p(2 * a / (1 - a));
      case "erf" -> erf(a);
      case "erfc" -> 1 - erf(a);
      case "gamma" -> gamma(a);
      case "lgamma" -> lgamma(a);
      case "floor" -> Math.floor(a);
      case "ceil" -> Math.ceil(a);
      case "trunc" -> trunc(a);
      case "round" -> Math.rint(a);
      default -> throw new IllegalArgumentException("no float intrinsic " + name);
    };
    return result.isFloat() ? ofFloat(result, single ? (float) r : r) : ofFloat(t, r);
  }

  private static long mulHi(PrimType t, long a, long b) {
    return switch (t) {
      case I64 -> Math.multiplyHigh(a, b);
      case U64 -> Math.unsignedMultiplyHigh(a, b);
      default -> t.isUnsigned() ? (a * b) >>> t.bits() : (a * b) >> t.bits();
    };
  }

  private static double log2(double a) {
    if (a > 0 && !Double.isInfinite(a)) {
      int e = Math.getExponent(a);
      if (e > Double.MIN_EXPONENT && a == Math.scalb(1.0, e)) return e;
    }
    return Math.log(a) / Math.log(2);
  }

  private static double asinh(double a) {
    if (Double.isInfinite(a) || Double.isNaN(a)) return a;
    double x = Math.abs(a);
    double r = x > 1e8 ? Math.log(x) + Math.log(2) : Math.log1p(x + x * x / (1 + Math.sqrt(1 + x * x)));
    return Math.copySign(r, a);
  }

  /** The error function to about 1e-13 (series near zero, continued fraction for the tail). */
  static double erf(double x) {
    if (Double.isNaN(x)) return x;
    double ax = Math.abs(x);
    if (ax < 2.5) {
      double sum = ax, term = ax, x2 = ax * ax;
      for (int n = 1; n < 200; n++) {
        term *= -x2 / n;
        double add = term / (2 * n + 1);
        sum += add;
        if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
      }
      return Math.copySign(2 / Math.sqrt(Math.PI) * sum, x);
    }
    if (ax > 6) return Math.copySign(1.0, x);
    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...)))) evaluated backwards.
    double f = ax;
    for (int k = 60; k >= 1; k--) f = ax + (k / 2.0) / f;
    double erfc = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / f;
    return Math.copySign(1 - erfc, x);
  }

  private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
      771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
      9.9843695780195716e-6, 1.5056327351493116e-7};

  static double gamma(double x) {
    if (Double.isNaN(x)) return x;
    if (x == Math.rint(x) && x <= 0) return x == 0 ? Math.copySign(Double.POSITIVE_INFINITY, x) : Double.NaN;
    if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
    if (x > 171.7) return Double.POSITIVE_INFINITY;
    if (x == Math.rint(x) && x < 30) {
      double r = 1;
      for (int i = 2; i < (int) x; i++) r *= i;
      return r;
    }
    return Math.exp(lgamma(x));
  }

  static double lgamma(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) return Math.abs(x);
    if (x == Math.rint(x) && x <= 0) return Double.POSITIVE_INFINITY;
    if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
    double xx = x - 1;
    double a = LANCZOS[0];
    double tt = xx + 7.5;
    for (int i = 1; i < 9; i++) a += LANCZOS[i] / (xx + i);
    return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(tt) - tt + Math.log(a);
  }

  /**
   * {@code x ** y} as C's {@code pow}, which the compiled code calls: unlike {@link Math#pow}, 1 to
   * any power (NaN too) and -1 to an infinite one are 1.
   */
  static double pow(double x, double y) {
    if (x == 1.0 || (x == -1.0 && Double.isInfinite(y))) return 1.0;
    return Math.pow(x, y);
  }
}

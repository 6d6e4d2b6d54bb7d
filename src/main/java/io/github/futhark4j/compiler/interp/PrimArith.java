package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;

/**
 * Futhark's primitive operations on {@link PrimValue}s. Integers wrap at their width; {@code /} and
 * {@code %} round towards negative infinity, {@code //} and {@code %%} towards zero; shifts by at
 * least the width give 0 (or the sign for an arithmetic right shift), as the compiled code does
 * where the language leaves them undefined. Floats are computed in double precision and rounded to
 * their type after every operation (exact for the basic operations, which double rounding cannot
 * disturb; f16 is rounded through f32 as the compiled code computes it); float {@code %} is C's
 * {@code fmod}, as the reference compiler's C has it.
 */
final class PrimArith {
  private PrimArith() {}

  /** A failure of a primitive operation (division by zero ...); the evaluator adds the location. */
  static final class Failure extends RuntimeException {
    Failure(String message) {
      super(message, null, false, false);
    }
  }

  static final PrimValue TRUE = PrimValue.ofBool(true);
  static final PrimValue FALSE = PrimValue.ofBool(false);

  static PrimValue bool(boolean b) { return b ? TRUE : FALSE; }

  private static final PrimValue[] SMALL_I64 = new PrimValue[1024 + 128];

  static {
    for (int i = 0; i < SMALL_I64.length; i++) SMALL_I64[i] = PrimValue.ofInt(PrimType.I64, i - 128);
  }

  static PrimValue i64(long v) {
    return v >= -128 && v < 1024 ? SMALL_I64[(int) v + 128] : PrimValue.ofInt(PrimType.I64, v);
  }

  static PrimValue ofInt(PrimType t, long v) {
    return t == PrimType.I64 ? i64(v) : PrimValue.ofInt(t, v);
  }

  static long mask(PrimType t) {
    return t.bits() == 64 ? -1L : (1L << t.bits()) - 1;
  }

  /** The value as a signed Java long: signed types as they are, unsigned ones zero-extended (u64: raw bits). */
  static long asLong(PrimValue v) {
    return v.bits();
  }

  /** Whether an unsigned shift amount (of the width of {@code t}) is at least the width. */
  private static boolean tooFar(PrimType t, long y) {
    return Long.compareUnsigned(y & mask(t), t.bits()) >= 0;
  }

  static PrimValue binop(BinOperator op, PrimValue x, PrimValue y) {
    PrimType t = x.type();
    if (t.isInteger()) return intOp(op, t, x.bits(), y.bits());
    if (t.isFloat()) return floatOp(op, t, x.floatValue(), y.floatValue());
    boolean a = x.bits() != 0, b = y.bits() != 0;
    return switch (op) {
      case LAND, BAND -> bool(a && b);
      case LOR, BOR -> bool(a || b);
      case BXOR, NEQ -> bool(a != b);
      case EQ -> bool(a == b);
      case LT -> bool(!a && b);
      case LE -> bool(!a || b);
      case GT -> bool(a && !b);
      case GE -> bool(a || !b);
      default -> throw new IllegalStateException("operator " + op.symbol + " on bool");
    };
  }

  private static PrimValue intOp(BinOperator op, PrimType t, long x, long y) {
    boolean signed = t.isSigned();
    return switch (op) {
      case ADD -> ofInt(t, x + y);
      case SUB -> ofInt(t, x - y);
      case MUL -> ofInt(t, x * y);
      case DIV -> {
        if (y == 0) throw new Failure(RuntimeMessages.DIVISION_BY_ZERO);
        yield ofInt(t, signed ? Math.floorDiv(x, y) : Long.divideUnsigned(x, y));
      }
      case MOD -> {
        if (y == 0) throw new Failure(RuntimeMessages.DIVISION_BY_ZERO);
        yield ofInt(t, signed ? Math.floorMod(x, y) : Long.remainderUnsigned(x, y));
      }
      case QUOT -> {
        if (y == 0) throw new Failure(RuntimeMessages.DIVISION_BY_ZERO);
        yield ofInt(t, signed ? x / y : Long.divideUnsigned(x, y));
      }
      case REM -> {
        if (y == 0) throw new Failure(RuntimeMessages.DIVISION_BY_ZERO);
        yield ofInt(t, signed ? x % y : Long.remainderUnsigned(x, y));
      }
      case POW -> {
        if (signed && y < 0) throw new Failure(RuntimeMessages.NEGATIVE_EXPONENT);
        long r = 1, b = x, e = y;
        while (e != 0) {
          if ((e & 1) != 0) r *= b;
          b *= b;
          e >>>= 1;
        }
        yield ofInt(t, r);
      }
      case SHL -> ofInt(t, tooFar(t, y) ? 0 : x << y);
      case SHR -> signed ? ofInt(t, tooFar(t, y) ? (x < 0 ? -1 : 0) : x >> y)
          : ofInt(t, tooFar(t, y) ? 0 : x >>> y);
      case USHR -> ofInt(t, tooFar(t, y) ? 0 : (x & mask(t)) >>> y);
      case BAND -> ofInt(t, x & y);
      case BOR -> ofInt(t, x | y);
      case BXOR -> ofInt(t, x ^ y);
      case EQ -> bool(x == y);
      case NEQ -> bool(x != y);
      case LT -> bool(cmp(signed, x, y) < 0);
      case LE -> bool(cmp(signed, x, y) <= 0);
      case GT -> bool(cmp(signed, x, y) > 0);
      case GE -> bool(cmp(signed, x, y) >= 0);
      case LAND, LOR -> throw new IllegalStateException("operator " + op.symbol + " on " + t);
    };
  }

  private static int cmp(boolean signed, long x, long y) {
    return signed ? Long.compare(x, y) : Long.compareUnsigned(x, y);
  }

  /** Rounds a double to float type {@code t} (f32 and f16 through f32). */
  static PrimValue ofFloat(PrimType t, double v) {
    return PrimValue.ofFloat(t, v);
  }

  private static PrimValue floatOp(BinOperator op, PrimType t, double x, double y) {
    return switch (op) {
      case ADD -> ofFloat(t, x + y);
      case SUB -> ofFloat(t, x - y);
      case MUL -> ofFloat(t, x * y);
      case DIV -> ofFloat(t, x / y);
      case MOD, REM -> ofFloat(t, x % y);
      case QUOT -> ofFloat(t, trunc(round(t, x / y)));
      case POW -> ofFloat(t, t == PrimType.F64 ? pow(x, y) : (float) pow((float) x, (float) y));
      case EQ -> bool(x == y);
      case NEQ -> bool(x != y);
      case LT -> bool(x < y);
      case LE -> bool(x <= y);
      case GT -> bool(x > y);
      case GE -> bool(x >= y);
      default -> throw new IllegalStateException("operator " + op.symbol + " on " + t);
    };
  }

  /** {@code v} rounded to the precision computations of type {@code t} are done in (f16 in f32). */
  private static double round(PrimType t, double v) {
    return t == PrimType.F64 ? v : (double) (float) v;
  }

  static double trunc(double v) {
    return v < 0 ? Math.ceil(v) : Math.floor(v);
  }

  static PrimValue unop(UnOperator op, PrimValue x) {
    PrimType t = x.type();
    return switch (op) {
      case NEG -> t.isInteger() ? ofInt(t, -x.bits()) : t.isFloat() ? ofFloat(t, -x.floatValue()) : bool(x.bits() == 0);
      case NOT, COMPLEMENT -> t.isBool() ? bool(x.bits() == 0) : ofInt(t, ~x.bits());
    };
  }

  /** {@code convert}: every conversion between primitive types. */
  static PrimValue convert(PrimValue x, PrimType to) {
    PrimType from = x.type();
    if (from == to) return x;
    if (to.isBool()) return bool(from.isFloat() ? x.floatValue() != 0 : x.bits() != 0);
    if (from.isBool()) return to.isFloat() ? ofFloat(to, x.bits()) : ofInt(to, x.bits());
    if (to.isFloat()) {
      if (from.isFloat()) return ofFloat(to, to == PrimType.F64 ? x.floatValue() : (double) (float) x.floatValue());
      return intToFloat(from, x.bits(), to);
    }
    if (from.isFloat()) return ofInt(to, floatToInt(x.floatValue(), to));
    // Integer to integer: sign extension only from a signed type into a wider signed type; into a
    // wider unsigned type the source's bits are zero-extended (u32.i16 (-1) is 65535).
    long v = x.bits();
    if (from.isSigned() && to.isUnsigned() && to.bits() > from.bits()) v &= mask(from);
    return ofInt(to, v);
  }

  private static PrimValue intToFloat(PrimType from, long v, PrimType to) {
    boolean u64 = from == PrimType.U64 && v < 0;
    if (to == PrimType.F64) {
      double d = u64 ? unsignedToDouble(v) : (double) v;
      return PrimValue.ofFloat(to, d);
    }
    // f32 and f16: one rounding to float, as C's (float) conversion (f16 then rounds that).
    float f = u64 ? unsignedToFloat(v) : (float) v;
    return PrimValue.ofFloat(to, f);
  }

  private static double unsignedToDouble(long v) {
    long half = (v >>> 1) | (v & 1);
    return (double) half * 2.0;
  }

  private static float unsignedToFloat(long v) {
    long half = (v >>> 1) | (v & 1);
    return (float) half * 2.0f;
  }

  /**
   * Float to integer: truncation towards zero; NaN and the infinities give 0, and values out of
   * range what the reference's generated C gives on x86-64 (undefined in the language).
   */
  static long floatToInt(double x, PrimType to) {
    if (Double.isNaN(x) || Double.isInfinite(x)) return 0;
    switch (to) {
      case U64 -> {
        if (x < 9223372036854775808.0) return ftoi64(x);
        if (x >= 18446744073709551616.0) return 0;
        return ftoi64(x - 9223372036854775808.0) ^ Long.MIN_VALUE;
      }
      case I64, U32 -> { return ftoi64(x); }
      default -> {
        if (x >= 2147483648.0 || x < -2147483648.0) return Integer.MIN_VALUE;
        return (int) x;
      }
    }
  }

  private static long ftoi64(double x) {
    if (x >= 9223372036854775808.0 || x < -9223372036854775808.0) return Long.MIN_VALUE;
    return (long) x;
  }

  // ---- intrinsic functions ----------------------------------------------------------------

  /** A primitive intrinsic ({@link io.github.futhark4j.compiler.typed.Intrinsics#PRIM}) on its arguments. */
  static PrimValue call(String name, PrimValue[] a, PrimType result) {
    PrimType t = a[0].type();
    if (name.equals("convert")) return convert(a[0], result);
    if (name.equals("to_bits")) return toBits(a[0]);
    if (t.isInteger()) return intCall(name, t, a);
    if (t.isBool()) {
      return switch (name) {
        case "min" -> bool(a[0].bits() != 0 && a[1].bits() != 0);
        case "max" -> bool(a[0].bits() != 0 || a[1].bits() != 0);
        default -> throw new IllegalStateException("intrinsic " + name + " on bool");
      };
    }
    return floatCall(name, t, a);
  }

  private static PrimValue intCall(String name, PrimType t, PrimValue[] a) {
    long x = a[0].bits();
    long y = a.length > 1 ? a[1].bits() : 0;
    boolean s = t.isSigned();
    return switch (name) {
      case "min" -> cmp(s, x, y) <= 0 ? a[0] : a[1];
      case "max" -> cmp(s, x, y) >= 0 ? a[0] : a[1];
      case "abs" -> s && x < 0 ? ofInt(t, -x) : a[0];
      case "sgn" -> ofInt(t, s ? Long.signum(x) : (x != 0 ? 1 : 0));
      case "popc" -> PrimValue.ofInt(PrimType.I32, Long.bitCount(x & mask(t)));
      case "clz" -> PrimValue.ofInt(PrimType.I32, (x & mask(t)) == 0 ? t.bits() : Long.numberOfLeadingZeros(x & mask(t)) - (64 - t.bits()));
      case "ctz" -> PrimValue.ofInt(PrimType.I32, (x & mask(t)) == 0 ? t.bits() : Long.numberOfTrailingZeros(x));
      case "mul_hi" -> ofInt(t, mulHi(t, x, y));
      case "mad_hi" -> ofInt(t, mulHi(t, x, y) + a[2].bits());
      case "pow" -> intOp(BinOperator.POW, t, x, y);
      case "from_bits" -> switch (t.bits()) {
        case 64 -> PrimValue.ofFloat(PrimType.F64, Double.longBitsToDouble(x));
        case 32 -> PrimValue.ofFloat(PrimType.F32, Float.intBitsToFloat((int) x));
        default -> PrimValue.ofFloat(PrimType.F16, Float.float16ToFloat((short) x));
      };
      default -> throw new IllegalStateException("intrinsic " + name + " on " + t);
    };
  }

  private static long mulHi(PrimType t, long x, long y) {
    if (t.bits() == 64) return t.isSigned() ? Math.multiplyHigh(x, y) : Math.unsignedMultiplyHigh(x, y);
    long p = x * y;
    return t.isSigned() ? p >> t.bits() : p >>> t.bits();
  }

  private static PrimValue floatCall(String name, PrimType t, PrimValue[] a) {
    double x = a[0].floatValue();
    double y = a.length > 1 ? a[1].floatValue() : 0;
    double z = a.length > 2 ? a[2].floatValue() : 0;
    boolean d = t == PrimType.F64;
    if (name.equals("isnan")) return bool(Double.isNaN(x));
    if (name.equals("isinf")) return bool(Double.isInfinite(x));
    double r = switch (name) {
      case "min" -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
      case "max" -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
      case "atan2" -> Math.atan2(x, y);
      case "hypot" -> Math.hypot(x, y);
      case "pow" -> d ? pow(x, y) : (float) pow(x, y);
      case "copysign" -> Math.copySign(x, y);
      case "nextafter" -> nextAfter(t, x, y);
      case "abs" -> Math.abs(x);
      case "sgn" -> x > 0 ? 1.0 : x < 0 ? -1.0 : x;
      case "sqrt" -> Math.sqrt(x);
      case "cbrt" -> Math.cbrt(x);
      case "exp" -> Math.exp(x);
      case "exp2" -> Math.pow(2.0, x);
      case "exp10" -> Math.pow(10.0, x);
      case "log" -> Math.log(x);
      case "log2" -> MathFns.log2(x);
      case "log10" -> Math.log10(x);
      case "log1p" -> Math.log1p(x);
      case "sin" -> Math.sin(x);
      case "cos" -> Math.cos(x);
      case "tan" -> Math.tan(x);
      case "asin" -> Math.asin(x);
      case "acos" -> Math.acos(x);
      case "atan" -> Math.atan(x);
      case "sinh" -> Math.sinh(x);
      case "cosh" -> Math.cosh(x);
      case "tanh" -> Math.tanh(x);
      case "asinh" -> MathFns.asinh(x);
      case "acosh" -> MathFns.acosh(x);
      case "atanh" -> MathFns.atanh(x);
      case "erf" -> MathFns.erf(x);
      case "erfc" -> MathFns.erfc(x);
      case "gamma" -> MathFns.gamma(x);
      case "lgamma" -> MathFns.lgamma(x);
      case "floor" -> Math.floor(x);
      case "ceil" -> Math.ceil(x);
      case "round" -> Math.rint(x);
      case "trunc" -> trunc(x);
      case "fma" -> d ? Math.fma(x, y, z) : Math.fma((float) x, (float) y, (float) z);
      case "mad" -> d ? x * y + z : (float) ((float) (x * y) + z);
      case "lerp" -> d ? x + (y - x) * z : (float) (x + (float) ((float) (y - x) * z));
      case "ldexp" -> d ? Math.scalb(x, (int) a[1].bits()) : Math.scalb((float) x, (int) a[1].bits());
      default -> throw new IllegalStateException("intrinsic " + name + " on " + t);
    };
    return ofFloat(t, r);
  }

  static PrimValue toBits(PrimValue v) {
    return switch (v.type()) {
      case F64 -> PrimValue.ofInt(PrimType.U64, Double.doubleToRawLongBits(v.floatValue()));
      case F32 -> PrimValue.ofInt(PrimType.U32, Float.floatToRawIntBits((float) v.floatValue()));
      case F16 -> PrimValue.ofInt(PrimType.U16, Float.floatToFloat16((float) v.floatValue()));
      default -> throw new IllegalStateException("to_bits on " + v.type());
    };
  }

  /** The next value of type {@code t} after {@code x} in the direction of {@code y}. */
  private static double nextAfter(PrimType t, double x, double y) {
    return switch (t) {
      case F64 -> Math.nextAfter(x, y);
      case F32 -> Math.nextAfter((float) x, y);
      default -> {
        if (Double.isNaN(x) || Double.isNaN(y)) yield Double.NaN;
        if (x == y) yield y;
        short h = Float.floatToFloat16((float) x);
        int bits = h & 0xFFFF;
        if ((bits & 0x7FFF) == 0) {
          bits = y > 0 ? 1 : 0x8001;
        } else if ((x < y) == (x > 0)) {
          bits++;
        } else {
          bits--;
        }
        yield Float.float16ToFloat((short) bits);
      }
    };
  }

  /** {@code x ** y} as C's {@code pow} (and the reference): 1 to any power and -1 to an infinite one are 1, not NaN. */
  private static double pow(double x, double y) {
    if (x == 1.0 || (x == -1.0 && Double.isInfinite(y))) return 1.0;
    return Math.pow(x, y);
  }
}

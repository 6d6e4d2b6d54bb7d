package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;

/**
 * C expressions for primitive values and operations with Futhark's semantics. Integer arithmetic
 * goes through the engine's {@code fut_*_T} functions (wrapping, flooring division); f16 is
 * computed in {@code float} and rounded to binary16 after every operation.
 */
final class CPrim {
  private CPrim() {}

  /** The C type holding a scalar in generated code (f16 is computed as float). */
  static String ctype(PrimType t) {
    return switch (t) {
      case F16 -> "float";
      case BOOL -> "bool";
      default -> t.cType();
    };
  }

  /** The C type of an array element in memory (f16 stored as binary16). */
  static String stype(PrimType t) {
    return t == PrimType.F16 ? "fut_f16" : ctype(t);
  }

  static String ctype(IrType t) {
    return t.rank() == 0 ? ctype(t.elem()) : "fut_arr";
  }

  static int esize(PrimType t) {
    return t.bytes();
  }

  static String literal(PrimValue v) {
    PrimType t = v.type();
    return switch (t.kind()) {
      case BOOL -> v.boolValue() ? "true" : "false";
      case SIGNED -> t == PrimType.I64 && v.bits() == Long.MIN_VALUE ? "INT64_MIN"
          : "((" + t.cType() + ")" + v.bits() + "LL)";
      case UNSIGNED -> "((" + t.cType() + ")" + Long.toUnsignedString(v.bits()) + "ULL)";
      case FLOAT -> {
        double d = v.floatValue();
        String s;
        if (Double.isNaN(d)) s = "NAN";
        else if (Double.isInfinite(d)) s = d > 0 ? "INFINITY" : "-INFINITY";
        else s = Double.toHexString(d);
        yield t == PrimType.F64 ? "((double)" + s + ")" : "((float)" + s + ")";
      }
    };
  }

  static String atom(Atom a) {
    return switch (a) {
      case Atom.Var v -> v.name();
      case Atom.Const c -> literal(c.value());
    };
  }

  private static String r16(PrimType t, String e) {
    return t == PrimType.F16 ? "fut_r16(" + e + ")" : e;
  }

  static boolean isDivision(BinOperator op) {
    return op == BinOperator.DIV || op == BinOperator.MOD || op == BinOperator.QUOT || op == BinOperator.REM;
  }

  static String binop(BinOperator op, PrimType t, String x, String y) {
    String ct = t.cType();
    if (t.isInteger()) {
      return switch (op) {
        case ADD -> "fut_add_" + ct + "(" + x + ", " + y + ")";
        case SUB -> "fut_sub_" + ct + "(" + x + ", " + y + ")";
        case MUL -> "fut_mul_" + ct + "(" + x + ", " + y + ")";
        case DIV -> "fut_div_" + ct + "(" + x + ", " + y + ")";
        case MOD -> "fut_mod_" + ct + "(" + x + ", " + y + ")";
        case QUOT -> "fut_quot_" + ct + "(" + x + ", " + y + ")";
        case REM -> "fut_rem_" + ct + "(" + x + ", " + y + ")";
        case POW -> "fut_pow_" + ct + "(" + x + ", " + y + ")";
        case SHL -> "fut_shl_" + ct + "(" + x + ", " + y + ")";
        case SHR -> "fut_ashr_" + ct + "(" + x + ", " + y + ")";
        case USHR -> "fut_lshr_" + ct + "(" + x + ", " + y + ")";
        case BAND -> "((" + ct + ")(" + x + " & " + y + "))";
        case BOR -> "((" + ct + ")(" + x + " | " + y + "))";
        case BXOR -> "((" + ct + ")(" + x + " ^ " + y + "))";
        default -> compare(op, x, y);
      };
    }
    if (t.isFloat()) {
      String f = t == PrimType.F64 ? "" : "f";
      return switch (op) {
        case ADD -> r16(t, "(" + x + " + " + y + ")");
        case SUB -> r16(t, "(" + x + " - " + y + ")");
        case MUL -> r16(t, "(" + x + " * " + y + ")");
        case DIV -> r16(t, "(" + x + " / " + y + ")");
        case MOD, REM -> r16(t, "fmod" + f + "(" + x + ", " + y + ")");
        case QUOT -> r16(t, "trunc" + f + "(" + x + " / " + y + ")");
        case POW -> r16(t, "pow" + f + "(" + x + ", " + y + ")");
        default -> compare(op, x, y);
      };
    }
    return switch (op) {
      case LAND, BAND -> "(" + x + " && " + y + ")";
      case LOR, BOR -> "(" + x + " || " + y + ")";
      case BXOR -> "(" + x + " != " + y + ")";
      default -> compare(op, x, y);
    };
  }

  private static String compare(BinOperator op, String x, String y) {
    String s = switch (op) {
      case EQ -> "==";
      case NEQ -> "!=";
      case LT -> "<";
      case LE -> "<=";
      case GT -> ">";
      case GE -> ">=";
      case LAND -> "&&";
      case LOR -> "||";
      default -> throw new IllegalArgumentException("operator " + op);
    };
    return "(" + x + " " + s + " " + y + ")";
  }

  static String unop(UnOperator op, PrimType t, String x) {
    return switch (op) {
      case NEG -> t.isInteger() ? "fut_neg_" + t.cType() + "(" + x + ")" : t.isBool() ? "(!" + x + ")" : "(-" + x + ")";
      case NOT -> t.isBool() ? "(!" + x + ")" : "((" + t.cType() + ")~" + x + ")";
      case COMPLEMENT -> "((" + t.cType() + ")~" + x + ")";
    };
  }

  static String convert(PrimType from, PrimType to, String x) {
    if (from == to) return x;
    if (to.isBool()) return "(" + x + " != 0)";
    if (from.isBool()) return to.isFloat() ? "(" + x + " ? 1.0f : 0.0f)" : "((" + to.cType() + ")(" + x + " ? 1 : 0))";
    if (to.isFloat()) return r16(to, "((" + ctype(to) + ")" + x + ")");
    if (from.isFloat()) {
      String via = to == PrimType.U64 ? "fut_ftou64" : to == PrimType.I64 || to == PrimType.U32 ? "fut_ftoi64" : "fut_ftoi32";
      return "((" + to.cType() + ")" + via + "(" + x + "))";
    }
    // Integer conversions sign-extend only from a signed to a signed type; into an unsigned type
    // (or from an unsigned one) they zero-extend, as the reference's prelude does (u32.i16 (-1) is 65535).
    if (from.isSigned() && to.isUnsigned() && to.bits() > from.bits()) {
      return "((" + to.cType() + ")(uint" + from.bits() + "_t)" + x + ")";
    }
    return "((" + to.cType() + ")" + x + ")";
  }

  static String call(String name, List<String> xs, PrimType argType, PrimType result) {
    PrimType t = argType;
    String x = xs.get(0);
    String y = xs.size() > 1 ? xs.get(1) : null;
    String z = xs.size() > 2 ? xs.get(2) : null;
    if (t.isInteger()) {
      String ct = t.cType();
      String ut = "uint" + t.bits() + "_t";
      return switch (name) {
        case "min" -> "(" + x + " < " + y + " ? " + x + " : " + y + ")";
        case "max" -> "(" + x + " > " + y + " ? " + x + " : " + y + ")";
        case "abs" -> "fut_abs_" + ct + "(" + x + ")";
        case "sgn" -> "fut_sgn_" + ct + "(" + x + ")";
        case "mul_hi" -> "fut_mulhi_" + ct + "(" + x + ", " + y + ")";
        case "mad_hi" -> "fut_add_" + ct + "(fut_mulhi_" + ct + "(" + x + ", " + y + "), " + z + ")";
        case "popc" -> "fut_popc64((uint64_t)(" + ut + ")" + x + ")";
        case "clz" -> "fut_clz64((uint64_t)(" + ut + ")" + x + ", " + t.bits() + ")";
        case "ctz" -> "fut_ctz64((uint64_t)(" + ut + ")" + x + ", " + t.bits() + ")";
        case "pow" -> "fut_pow_" + ct + "(" + x + ", " + y + ")";
        case "from_bits" -> switch (result) {
          case F64 -> "fut_bits_f64(" + x + ")";
          case F32 -> "fut_bits_f32(" + x + ")";
          default -> "fut_bits_f16(" + x + ")";
        };
        default -> throw new IllegalArgumentException("no integer intrinsic " + name);
      };
    }
    if (t.isBool()) {
      return switch (name) {
        case "min" -> "(" + x + " && " + y + ")";
        case "max" -> "(" + x + " || " + y + ")";
        default -> throw new IllegalArgumentException("no bool intrinsic " + name);
      };
    }
    String f = t == PrimType.F64 ? "" : "f";
    String w = t == PrimType.F64 ? "64" : "32";
    String e = switch (name) {
      case "min" -> "fmin" + f + "(" + x + ", " + y + ")";
      case "max" -> "fmax" + f + "(" + x + ", " + y + ")";
      case "atan2", "hypot", "pow", "copysign", "nextafter" -> name + f + "(" + x + ", " + y + ")";
      case "abs" -> "fabs" + f + "(" + x + ")";
      case "sgn" -> "fut_sgn" + w + "(" + x + ")";
      case "gamma" -> "tgamma" + f + "(" + x + ")";
      case "round" -> "rint" + f + "(" + x + ")";
      case "exp10" -> "fut_exp10_" + w + "(" + x + ")";
      case "sqrt", "cbrt", "exp", "exp2", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
           "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "lgamma", "floor", "ceil",
           "trunc" -> name + f + "(" + x + ")";
      case "isnan" -> "(isnan(" + x + ") != 0)";
      case "isinf" -> "(isinf(" + x + ") != 0)";
      case "fma" -> "fma" + f + "(" + x + ", " + y + ", " + z + ")";
      case "mad" -> "(" + x + " * " + y + " + " + z + ")";
      case "lerp" -> "fut_lerp" + w + "(" + x + ", " + y + ", " + z + ")";
      case "ldexp" -> "ldexp" + f + "(" + x + ", " + y + ")";
      case "to_bits" -> switch (t) {
        case F64 -> "fut_f64_bits(" + x + ")";
        case F32 -> "fut_f32_bits(" + x + ")";
        default -> "fut_f16_bits(" + x + ")";
      };
      default -> throw new IllegalArgumentException("no float intrinsic " + name);
    };
    return result.isFloat() ? r16(result, e) : e;
  }
}

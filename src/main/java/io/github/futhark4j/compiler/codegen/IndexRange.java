package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.HashMap;
import java.util.Map;

/**
 * The range of values an integer lambda result can take, from the few operations that bound it:
 * {@code x & c} with {@code c >= 0}, {@code x % c} with {@code c > 0} (Futhark's {@code %} rounds
 * towards negative infinity, so the result lies in {@code [0, c)}), conversions, constants and the
 * ranges of the narrower integer types. Anything else has its type's range (unknown for 64 bits).
 *
 * <p>Used to drop a histogram's per-element bucket check ({@code 0 <= ix < buckets}) when the
 * index function (fused into the histogram) can only produce indices below the bucket count,
 * which is tested once at run time: {@code hist (+) 0 256 (map (\x -> i64.i32 (x & 255)) xs)}
 * spends a compare and a branch per element otherwise.
 */
final class IndexRange {
  private IndexRange() {}

  /** A closed range of integer values. */
  record Range(long lo, long hi) {}

  /** The range of the lambda's first result, or null if it is not an integer with a known range. */
  static Range ofResult(Lambda f) {
    Map<String, Range> known = new HashMap<>();
    for (Atom.Var p : f.params()) put(known, p.name(), typeRange(p.type()));
    for (Stm s : f.body().stms()) {
      if (s.pattern().size() != 1) continue;
      Atom.Var v = s.pattern().get(0);
      put(known, v.name(), of(s.exp(), v.type(), known));
    }
    if (f.body().results().isEmpty()) return null;
    return atom(f.body().results().get(0), known);
  }

  private static void put(Map<String, Range> known, String name, Range r) {
    if (r != null) known.put(name, r);
  }

  private static Range of(Exp e, IrType t, Map<String, Range> known) {
    Range own = typeRange(t);
    if (own == null && !isInt(t)) return null;
    Range r = switch (e) {
      case Exp.AtomE a -> atom(a.atom(), known);
      case Exp.BinOp b when b.op() == BinOperator.BAND && isInt(b.type()) -> band(atom(b.x(), known), atom(b.y(), known));
      case Exp.BinOp b when b.op() == BinOperator.MOD && isInt(b.type()) && b.y() instanceof Atom.Const c && c.value().bits() > 0
          && (b.type().isSigned() || b.type().bits() < 64) -> new Range(0, c.value().bits() - 1);
      case Exp.Convert c when isInt(c.x().type()) -> atom(c.x(), known);
      default -> null;
    };
    // A range that the result type cannot hold (a narrowing conversion) falls back to the type's.
    return r != null && fits(t, r) ? r : own;
  }

  private static Range band(Range x, Range y) {
    Range r = null;
    for (Range s : new Range[] {x, y}) {
      if (s != null && s.lo() >= 0) r = r == null || s.hi() < r.hi() ? new Range(0, s.hi()) : r;
    }
    return r;
  }

  private static Range atom(Atom a, Map<String, Range> known) {
    return switch (a) {
      case Atom.Const c when isInt(c.type()) -> c.value().type().isUnsigned() && c.value().bits() < 0 ? null
          : new Range(c.value().bits(), c.value().bits());
      case Atom.Const c -> null;
      case Atom.Var v -> known.getOrDefault(v.name(), typeRange(v.type()));
    };
  }

  private static boolean isInt(IrType t) { return !t.isArray() && isInt(t.elem()); }

  private static boolean isInt(PrimType p) { return p.isSigned() || p.isUnsigned(); }

  /** The values of an integer type narrower than 64 bits; null otherwise. */
  private static Range typeRange(IrType t) {
    if (!isInt(t) || t.elem().bits() >= 64) return null;
    int b = t.elem().bits();
    return t.elem().isSigned() ? new Range(-(1L << (b - 1)), (1L << (b - 1)) - 1) : new Range(0, (1L << b) - 1);
  }

  private static boolean fits(IrType t, Range r) {
    Range own = typeRange(t);
    if (own != null) return own.lo() <= r.lo() && r.hi() <= own.hi();
    return t.elem().isSigned() || r.lo() >= 0; // 64 bits: every long fits i64; u64 holds the non-negative ones
  }
}

package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Copy propagation, constant folding of integer and boolean operations, removal of branches on
 * constants and of assertions known to hold, and common subexpression elimination of scalar
 * operations. Division is never folded so that a division by zero still fails at run time with
 * its source position.
 *
 * <p>A {@code map} over {@code iota n} that indexes arrays by its position is normalised into a
 * map over their rows by {@link IotaIndex}, which runs after the first simplification.
 */
public final class Simplify {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "constant folding, copy propagation, algebraic identities, branches on constants, assertions known to hold, shapes of known arrays, common scalar subexpressions, maps that only pick their inputs' elements (unzip)";

  private Simplify() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, b -> new Simplify.Run().body(b));
  }

  private static final class Run {
    private final Map<String, Atom> subst = new HashMap<>();
    /** Known outer sizes of arrays, so {@code shape xs 0} does not keep a fusible array alive. */
    private final Map<String, Atom> outer = new HashMap<>();
    /** {@code shape xs d} statements seen: "xs#d" to the variable holding it. */
    private final Map<String, Atom> dims = new HashMap<>();
    /**
     * Scalar computations in scope, by what they compute ({@link #pureKey}), to the variable
     * holding the result: a second one with the same operands reuses the first (common
     * subexpression elimination). Inlined helpers and hoisting leave many, such as {@code n - 1}
     * once per call of a clamping function; left to the C compiler, each would be a separate
     * variable of a parallel region, which it cannot tell equal.
     */
    private final Map<String, Atom> computed = new HashMap<>();

    private Atom atom(Atom a) {
      while (a instanceof Atom.Var v && subst.containsKey(v.name())) a = subst.get(v.name());
      return a;
    }

    Body body(Body b) {
      // A shape read inside this body is not in scope after it: forget it on the way out.
      Set<String> dimsBefore = new HashSet<>(dims.keySet());
      Set<String> computedBefore = new HashSet<>(computed.keySet());
      List<Stm> out = new ArrayList<>();
      for (Stm s : b.stms()) stm(s, out);
      dims.keySet().retainAll(dimsBefore);
      computed.keySet().retainAll(computedBefore);
      return new Body(out, b.results().stream().map(this::atom).toList());
    }

    private void stm(Stm s, List<Stm> out) {
      Exp e = Rewrite.exp(s.exp(), this::atom, this::body);
      if (e instanceof Exp.AtomE a && s.pattern().size() == 1) {
        subst.put(s.pattern().get(0).name(), a.atom());
        return;
      }
      if (e instanceof Exp.If i && i.cond() instanceof Atom.Const c) {
        Body taken = c.value().boolValue() ? i.then() : i.otherwise();
        out.addAll(taken.stms());
        for (int k = 0; k < s.pattern().size(); k++) subst.put(s.pattern().get(k).name(), taken.results().get(k));
        return;
      }
      if (e instanceof Exp.Assert a && a.cond() instanceof Atom.Const c && c.value().boolValue()) return;
      if (e instanceof Exp.Map m && projections(s, m, subst)) return;
      if (e instanceof Exp.Slice sl && s.pattern().size() == 1 && isReversal(sl)) {
        out.addAll(reversal(s.pattern().get(0), sl.array()));
        return;
      }
      if (e instanceof Exp.Shape sh && sh.dim() == 0 && sh.array() instanceof Atom.Var v && outer.containsKey(v.name())) {
        subst.put(s.pattern().get(0).name(), outer.get(v.name()));
        return;
      }
      Atom width = switch (e) {
        case Exp.Map m -> m.width();
        case Exp.Scan sc -> sc.width();
        case Exp.Iota io -> io.n();
        case Exp.Replicate r -> r.n();
        default -> null;
      };
      if (width != null) for (var v : s.pattern()) outer.put(v.name(), width);
      if (e instanceof Exp.Shape sh && sh.array() instanceof Atom.Var v) dims.putIfAbsent(v.name() + "#" + sh.dim(), s.pattern().get(0));
      // transpose xs has xs's second dimension as its outer one.
      if (e instanceof Exp.Transpose t && t.array() instanceof Atom.Var v && dims.containsKey(v.name() + "#1")) {
        outer.put(s.pattern().get(0).name(), dims.get(v.name() + "#1"));
      }
      // A partition's arrays keep their outer size (its class sizes number k only when k >= 0).
      if (e instanceof Exp.Partition p) {
        for (var v : s.pattern().subList(0, p.arrays().size())) outer.put(v.name(), p.width());
      }
      Atom folded = fold(e);
      if (folded != null && s.pattern().size() == 1) {
        subst.put(s.pattern().get(0).name(), folded);
        return;
      }
      String key = s.pattern().size() == 1 ? pureKey(e) : null;
      if (key != null) {
        Atom earlier = computed.get(key);
        if (earlier != null) {
          subst.put(s.pattern().get(0).name(), earlier);
          return;
        }
        computed.put(key, s.pattern().get(0));
      }
      out.add(new Stm(s.pattern(), e));
    }
  }

  /**
   * A map's results that are elements of its inputs as they are ({@code map (\\(x, _, _) -> x)
   * (xs, ys, zs)}, which {@code unzip3} becomes) are those inputs: they are substituted, and the
   * map is left for dead-code removal. Sharing is safe, since an update copies an array that is
   * still used elsewhere. Returns whether the map is gone (all its results were such, and its body
   * computes nothing else).
   */
  private static boolean projections(Stm s, Exp.Map m, Map<String, Atom> subst) {
    List<Atom.Var> params = m.f().params();
    boolean all = true;
    for (int k = 0; k < s.pattern().size(); k++) {
      Atom r = m.f().body().results().get(k);
      int j = r instanceof Atom.Var v ? params.indexOf(v) : -1;
      if (j >= 0 && m.arrays().get(j).type().equals(s.pattern().get(k).type())) {
        subst.put(s.pattern().get(k).name(), m.arrays().get(j));
      } else {
        all = false;
      }
    }
    return all && m.f().body().stms().isEmpty();
  }

  /** Whether {@code sl} is {@code xs[::-1]} of a one-dimensional array: {@code reverse xs}. */
  private static boolean isReversal(Exp.Slice sl) {
    return sl.array().type().rank() == 1 && sl.dims().size() == 1
        && sl.dims().get(0) instanceof Exp.SliceDim.Range r && r.start() == null && r.end() == null
        && r.stride() instanceof Atom.Const c && c.value().type().isInteger() && c.value().bits() == -1;
  }

  /**
   * {@code y = reverse xs} as {@code map (\i -> xs[n - 1 - i]) (iota n)}: a map fuses into the
   * map that reads it, and a map a lambda returns writes straight into its row of the outer map's
   * result, where the slice was a fresh array copied there (a tridiagonal solver's backward sweep
   * returns one per row). The index cannot fail: {@code i} lies in {@code [0, n)}. Names are the
   * result's with a suffix lowered names never end in (they end in a number).
   */
  private static List<Stm> reversal(Atom.Var y, Atom xs) {
    String b = y.name();
    IrType.Scalar i64 = new IrType.Scalar(PrimType.I64);
    Atom.Var n = new Atom.Var(b + "_revn", i64), last = new Atom.Var(b + "_revlast", i64);
    Atom.Var is = new Atom.Var(b + "_revis", new IrType.Arr(PrimType.I64, 1));
    Atom.Var i = new Atom.Var(b + "_revi", i64), j = new Atom.Var(b + "_revj", i64);
    Atom.Var x = new Atom.Var(b + "_revx", xs.type().row());
    var sub = io.github.futhark4j.compiler.typed.TExp.BinOperator.SUB;
    Body f = new Body(List.of(
        new Stm(List.of(j), new Exp.BinOp(sub, PrimType.I64, last, i, null)),
        new Stm(List.of(x), new Exp.Index(xs, List.of(j), null))), List.of(x));
    return List.of(
        new Stm(List.of(n), new Exp.Shape(xs, 0)),
        new Stm(List.of(last), new Exp.BinOp(sub, PrimType.I64, n, Atom.i64(1), null)),
        new Stm(List.of(is), new Exp.Iota(n, PrimType.I64)),
        new Stm(List.of(y), new Exp.Map(n, new io.github.futhark4j.compiler.core.Lambda(List.of(i), f), List.of(is))));
  }

  /**
   * What a scalar operation computes, as a string equal for equal operations on equal operands,
   * or null for an expression that is not one. Variables are bound once (the verifier checks it),
   * so a name means one value wherever it is in scope; an operation that can fail (division)
   * fails at its first occurrence, which comes before any reuse.
   */
  static String pureKey(Exp e) {
    return switch (e) {
      case Exp.BinOp b -> "bin " + b.op() + " " + b.type() + " " + key(b.x()) + " " + key(b.y());
      case Exp.UnOp u -> "un " + u.op() + " " + u.type() + " " + key(u.x());
      case Exp.Convert c -> "conv " + c.to() + " " + key(c.x());
      case Exp.PrimCall c -> "call " + c.name() + " " + c.result() + " " + String.join(" ", c.args().stream().map(Simplify::key).toList());
      case Exp.Shape sh -> "shape " + sh.dim() + " " + key(sh.array());
      default -> null;
    };
  }

  private static String key(Atom a) {
    return switch (a) {
      case Atom.Var v -> "v:" + v.name();
      // Both fields: a float constant keeps its value in floatValue (raw bits: -0.0 is not 0.0).
      case Atom.Const c -> "c:" + c.value().type() + ":" + c.value().bits() + ":" + Double.doubleToRawLongBits(c.value().floatValue());
    };
  }

  /** The constant value of an expression, or null. */
  static Atom fold(Exp e) {
    if (e instanceof Exp.BinOp b && b.x() instanceof Atom.Const cx && b.y() instanceof Atom.Const cy) {
      PrimType t = b.type();
      long x = cx.value().bits(), y = cy.value().bits();
      if (t.isInteger()) {
        boolean u = t.isUnsigned();
        return switch (b.op()) {
          case ADD -> new Atom.Const(PrimValue.ofInt(t, x + y));
          case SUB -> new Atom.Const(PrimValue.ofInt(t, x - y));
          case MUL -> new Atom.Const(PrimValue.ofInt(t, x * y));
          case BAND -> new Atom.Const(PrimValue.ofInt(t, x & y));
          case BOR -> new Atom.Const(PrimValue.ofInt(t, x | y));
          case BXOR -> new Atom.Const(PrimValue.ofInt(t, x ^ y));
          case EQ -> Atom.bool(x == y);
          case NEQ -> Atom.bool(x != y);
          case LT -> Atom.bool(u ? Long.compareUnsigned(x, y) < 0 : x < y);
          case LE -> Atom.bool(u ? Long.compareUnsigned(x, y) <= 0 : x <= y);
          case GT -> Atom.bool(u ? Long.compareUnsigned(x, y) > 0 : x > y);
          case GE -> Atom.bool(u ? Long.compareUnsigned(x, y) >= 0 : x >= y);
          default -> null;
        };
      }
      if (t.isBool()) {
        boolean p = x != 0, q = y != 0;
        return switch (b.op()) {
          case LAND, BAND -> Atom.bool(p && q);
          case LOR, BOR -> Atom.bool(p || q);
          case EQ -> Atom.bool(p == q);
          case NEQ, BXOR -> Atom.bool(p != q);
          default -> null;
        };
      }
    }
    if (e instanceof Exp.BinOp b && (b.type().isInteger() || b.type().isBool()) && b.x() instanceof Atom.Var
        && b.x().equals(b.y())) {
      // x == x (integers and booleans; not floats, where NaN differs from itself): the size checks
      // of two arrays of one size.
      switch (b.op()) {
        case EQ, LE, GE -> { return Atom.bool(true); }
        case NEQ, LT, GT -> { return Atom.bool(false); }
        default -> { }
      }
    }
    if (e instanceof Exp.BinOp b && b.type().isInteger() && b.y() instanceof Atom.Const cy) {
      long y = cy.value().bits();
      if ((b.op() == io.github.futhark4j.compiler.typed.TExp.BinOperator.ADD
          || b.op() == io.github.futhark4j.compiler.typed.TExp.BinOperator.SUB) && y == 0) return b.x();
      if (b.op() == io.github.futhark4j.compiler.typed.TExp.BinOperator.MUL && y == 1) return b.x();
    }
    if (e instanceof Exp.UnOp u && u.x() instanceof Atom.Const c && u.type().isBool()
        && u.op() == io.github.futhark4j.compiler.typed.TExp.UnOperator.NOT) {
      return Atom.bool(!c.value().boolValue());
    }
    if (e instanceof Exp.Convert c && c.x() instanceof Atom.Const k && c.to().isInteger() && k.value().type().isInteger()) {
      // As at run time: sign-extended only from a signed type into a signed one (u16.i8 (-3) is 253).
      return new Atom.Const(io.github.futhark4j.compiler.core.PrimOps.convert(k.value().type(), c.to(), k.value()));
    }
    return null;
  }
}

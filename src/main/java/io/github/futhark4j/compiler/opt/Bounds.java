package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Bounds-check elimination: an index {@code a[i]} (or an in-place update {@code a with [i] = v})
 * whose every index is provably within its dimension loses its check (its span becomes null,
 * which {@link io.github.futhark4j.compiler.core.Effects} and code generation read as "cannot
 * fail"). What the proof knows, in program order and scoped like the program's bodies:
 *
 * <ul>
 *   <li>which sizes are equal: {@code n = shape a d} names dimension d of a; {@code t = x == y}
 *       followed by {@code assert t} (the entry point's and the size checks of the lowering)
 *       makes x and y one size; copies keep sizes;
 *   <li>the dimensions of arrays: {@code iota n}, {@code replicate n v}, a map's results (its
 *       width), copies and in-place updates (the array's), transposes, rows, loop parameters whose
 *       every iteration keeps the dimensions of the initial value;
 *   <li>which integers lie in {@code [0, n)}: the element of {@code iota n} a SOAC lambda gets,
 *       the index of {@code for i < n}, an element of a range {@code a..<n} ({@code a} a
 *       constant, at least 0; at least 1 is also known when a is), and {@code x % n} (Futhark's {@code %} takes the sign of
 *       the divisor; a zero divisor fails at the {@code %} itself);
 *   <li>{@code x - 1} for such an x where {@code x >= 1} is known, in the branch of {@code if x == 0}
 *       or {@code if 0 < x} where x is not zero (the left neighbour away from the boundary);
 *   <li>which integers are clamped into {@code [0, n - 1]}: {@code max 0 (min (n - 1) x)} (in either
 *       operand order), which lies in {@code [0, n)} where {@code n >= 1} is known: inside a SOAC
 *       lambda over an array of n rows and in the body of {@code for i < n}, which run only then
 *       (the clamped reads of a stencil);
 *   <li>the inner dimensions of a map's results, from the maps, iotas and replicates of sizes
 *       bound outside it that its lambda returns, so that a loop over a 2D map keeps its
 *       parameter's dimensions.
 * </ul>
 *
 * <p>So {@code tabulate n (\i -> a * xs[i] + ys[i])} with {@code xs, ys : [n]f32} and
 * {@code loop out for i < n do out with [i] = ...} index without checks, and the map becomes
 * straight-line code that vectorises like its {@code map2} spelling. Runs after the passes that
 * move statements ({@code hoist}), so an index proven in range where it stands stays there.
 */
public final class Bounds {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "drops the checks of indices proven in range (iota elements, for-loop indices, elements of a..<n, x % n, x - 1 where x >= 1, clamps into [0, n-1] where n >= 1, sizes equal by shape and assertions)";

  private Bounds() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, b -> body(b, new Facts(null)));
  }

  /** What is known at a point of the program; a nested body gets a child that adds to it. */
  static final class Facts {
    final Facts up;
    final Map<String, String> rep = new HashMap<>();       // size key -> an equal size key (union-find)
    final Map<String, List<String>> dims = new HashMap<>(); // array -> size key per dimension (null: unknown)
    final Map<String, String> below = new HashMap<>();     // integer -> size key n with 0 <= it < n
    final Map<String, String> iota = new HashMap<>();      // array -> n of the iota n it is
    final Map<String, String[]> upTo = new HashMap<>();    // array -> {a, n} of the range a..<n it is (0 <= a constant)
    final Map<String, String[]> eqs = new HashMap<>();     // boolean -> the two sizes it compares
    final Map<String, String[]> conj = new HashMap<>();    // boolean -> the two booleans it is the && of
    final Map<String, String> pred = new HashMap<>();      // integer -> size key n with it = n - 1
    final Map<String, String> atMost = new HashMap<>();    // integer -> size key n with it <= n - 1
    final Map<String, String> clamp = new HashMap<>();     // integer -> size key n with 0 <= it <= n - 1
    final List<String> positive = new ArrayList<>();       // size keys (integers) known to be at least 1 here
    final Map<String, String> isZero = new HashMap<>();    // boolean -> integer x it says x == 0 of
    final Map<String, String> isPos = new HashMap<>();     // boolean -> integer x it says 0 < x of

    Facts(Facts up) { this.up = up; }

    <V> V get(String k, java.util.function.Function<Facts, Map<String, V>> m) {
      for (Facts f = this; f != null; f = f.up) {
        V v = m.apply(f).get(k);
        if (v != null) return v;
      }
      return null;
    }

    String find(String k) {
      if (k == null) return null;
      for (int guard = 0; guard < 10_000; guard++) {
        String r = get(k, f -> f.rep);
        if (r == null || r.equals(k)) return k;
        k = r;
      }
      return k;
    }

    void union(String a, String b) {
      if (a == null || b == null) return;
      String ra = find(a), rb = find(b);
      // A constant stays its class's representative, so that find says which constant a size is.
      if (ra.startsWith("#")) rep.put(rb, ra);
      else if (!ra.equals(rb)) rep.put(ra, rb);
    }

    /** The constant size {@code k} is known to equal, or -1. */
    long constant(String k) {
      String r = find(k);
      return r != null && r.startsWith("#") ? Long.parseLong(r.substring(1)) : -1;
    }

    boolean same(String a, String b) { return a != null && b != null && find(a).equals(find(b)); }

    List<String> dims(String array) { return get(array, f -> f.dims); }

    String below(String x) { return get(x, f -> f.below); }

    String iota(String array) { return get(array, f -> f.iota); }

    String[] upTo(String array) { return get(array, f -> f.upTo); }

    String[] eq(String t) { return get(t, f -> f.eqs); }

    String pred(String x) { return get(x, f -> f.pred); }

    String atMost(String x) { return get(x, f -> f.atMost); }

    String clamp(String x) { return get(x, f -> f.clamp); }

    /** Whether size {@code n} is known to be at least 1 here. */
    boolean positive(String n) {
      for (Facts f = this; f != null; f = f.up) for (String p : f.positive) if (same(p, n)) return true;
      return false;
    }
  }

  /** The size key of an atom: a variable's name, or an integer constant. */
  static String key(Atom a) {
    return switch (a) {
      case Atom.Var v -> v.name();
      case Atom.Const c when c.value().type().isSigned() || c.value().type().isUnsigned() -> "#" + c.value().bits();
      case Atom.Const c -> null;
    };
  }

  static String name(Atom a) { return a instanceof Atom.Var v ? v.name() : null; }

  private static Body body(Body b, Facts facts) {
    List<Stm> out = new ArrayList<>(b.stms().size());
    for (Stm s : b.stms()) {
      Exp e = nested(s, facts);
      e = switch (e) {
        case Exp.Index ix when ix.span() != null && inRange(ix.array(), ix.indices(), facts) ->
            new Exp.Index(ix.array(), ix.indices(), null);
        case Exp.Update u when u.span() != null && inRange(u.array(), u.indices(), facts) ->
            new Exp.Update(u.array(), u.indices(), u.value(), null);
        default -> e;
      };
      learn(s.pattern(), e, facts);
      out.add(new Stm(s.pattern(), e, s.plan()));
    }
    return new Body(out, b.results());
  }

  private static boolean inRange(Atom array, List<Atom> indices, Facts facts) {
    List<String> ds = name(array) == null ? null : facts.dims(name(array));
    if (ds == null) return false;
    for (int d = 0; d < indices.size(); d++) {
      if (d >= ds.size()) return false;
      // A constant index below a dimension known to be a larger constant ([n][3] rows' r[0], r[2]).
      if (indices.get(d) instanceof Atom.Const c && c.value().bits() >= 0 && c.value().bits() < facts.constant(ds.get(d))) {
        continue;
      }
      String i = name(indices.get(d));
      if (i == null) return false;
      boolean below = facts.same(facts.below(i), ds.get(d));
      boolean clamped = facts.same(facts.clamp(i), ds.get(d)) && facts.positive(ds.get(d));
      if (!below && !clamped) return false;
    }
    return true;
  }

  /** A rewriting of a body given the facts that hold at its start (which it may add to). */
  interface BodyFn {
    Body apply(Body b, Facts facts);
  }

  private static Exp nested(Stm s, Facts facts) { return nested(s, facts, Bounds::body); }

  /**
   * Rewrites the bodies inside {@code s}'s expression with {@code fn}, each with the facts that
   * hold there; for a loop also records the dimensions of its results in {@code facts}.
   */
  static Exp nested(Stm s, Facts facts, BodyFn fn) {
    return switch (s.exp()) {
      case Exp.If i -> {
        // A branch on x == 0 or 0 < x (a boundary case): x >= 1 in the branch where it is not zero.
        Facts then = new Facts(facts), otherwise = new Facts(facts);
        String c = name(i.cond());
        String zero = c == null ? null : facts.get(c, f -> f.isZero), pos = c == null ? null : facts.get(c, f -> f.isPos);
        if (zero != null) otherwise.positive.add(zero);
        if (pos != null) then.positive.add(pos);
        Body tb = fn.apply(i.then(), then), ob = fn.apply(i.otherwise(), otherwise);
        // An array that both branches return with the same dimensions has them.
        for (int k = 0; k < s.pattern().size() && k < tb.results().size(); k++) {
          String a = name(tb.results().get(k)), b = name(ob.results().get(k));
          if (a == null || b == null || !s.pattern().get(k).type().isArray()) continue;
          List<String> da = then.dims(a), db = otherwise.dims(b);
          if (sameDims(da, db, facts)) facts.dims.put(s.pattern().get(k).name(), da);
        }
        yield new Exp.If(i.cond(), tb, ob);
      }
      case Exp.Loop l -> loop(l, facts, s.pattern(), fn);
      case Exp.Map m -> new Exp.Map(m.width(), lambda(m.f(), m.arrays(), facts, fn), m.arrays());
      case Exp.Reduce r -> new Exp.Reduce(r.width(), lambda(r.op(), List.of(), facts, fn), r.nes(),
          r.mapf() == null ? null : lambda(r.mapf(), r.arrays(), facts, fn), r.arrays(), r.commutative());
      case Exp.Scan sc -> new Exp.Scan(sc.width(), lambda(sc.op(), List.of(), facts, fn), sc.nes(),
          sc.mapf() == null ? null : lambda(sc.mapf(), sc.arrays(), facts, fn), sc.arrays(),
          sc.postf() == null ? null : lambda(sc.postf(), List.of(), facts, fn));
      case Exp.Hist h -> new Exp.Hist(h.width(), lambda(h.op(), List.of(), facts, fn), h.nes(), h.dests(),
          h.mapf() == null ? null : lambda(h.mapf(), h.arrays(), facts, fn), h.arrays());
      case Exp.Filter f -> new Exp.Filter(f.width(), lambda(f.pred(), f.arrays(), facts, fn), f.arrays());
      case Exp.Partition p -> new Exp.Partition(p.width(), p.k(), lambda(p.cls(), p.arrays(), facts, fn), p.arrays());
      default -> s.exp();
    };
  }

  /** The facts inside a SOAC lambda whose parameters are the rows of {@code arrays}. */
  static Facts lambdaFacts(Lambda f, List<Atom> arrays, Facts facts) {
    Facts inner = new Facts(facts);
    for (int k = 0; k < arrays.size() && k < f.params().size(); k++) {
      String a = name(arrays.get(k)), p = f.params().get(k).name();
      if (a == null) continue;
      String n = facts.iota(a);
      if (n != null) {
        inner.below.put(p, n);
        inner.positive.add(n); // the lambda runs only for a non-empty array
      }
      List<String> ds = facts.dims(a);
      if (ds != null && ds.get(0) != null) inner.positive.add(ds.get(0));
      if (ds != null && ds.size() > 1) inner.dims.put(p, ds.subList(1, ds.size()));
    }
    return inner;
  }

  /** A SOAC lambda whose parameters are the rows of {@code arrays} (none for operators). */
  private static Lambda lambda(Lambda f, List<Atom> arrays, Facts facts, BodyFn fn) {
    return new Lambda(f.params(), fn.apply(f.body(), lambdaFacts(f, arrays, facts)));
  }

  /**
   * A loop: its index lies below its bound; an array parameter keeps its initial value's
   * dimensions if every iteration's result for it has them, which is checked after rewriting the
   * body under that assumption (a parameter for which it fails is dropped and the body redone).
   */
  private static Exp loop(Exp.Loop l, Facts facts, List<Atom.Var> pattern, BodyFn fn) {
    List<Boolean> keep = new ArrayList<>();
    for (int k = 0; k < l.params().size(); k++) {
      String init = name(l.inits().get(k));
      keep.add(l.params().get(k).type().isArray() && init != null && facts.dims(init) != null);
    }
    while (true) {
      Facts inner = new Facts(facts);
      for (int k = 0; k < l.params().size(); k++) {
        if (keep.get(k)) inner.dims.put(l.params().get(k).name(), facts.dims(name(l.inits().get(k))));
      }
      Exp.LoopForm form = l.form();
      if (form instanceof Exp.LoopForm.For f && key(f.bound()) != null) {
        inner.below.put(f.index().name(), key(f.bound()));
        inner.positive.add(key(f.bound())); // the body runs only when the bound is at least 1
      }
      if (form instanceof Exp.LoopForm.While w) form = new Exp.LoopForm.While(fn.apply(w.cond(), new Facts(inner)));
      Facts bodyFacts = new Facts(inner);
      Body b = fn.apply(l.body(), bodyFacts);
      boolean stable = true;
      for (int k = 0; k < l.params().size(); k++) {
        if (!keep.get(k)) continue;
        String r = name(b.results().get(k));
        if (r == null || !sameDims(bodyFacts.dims(r), inner.dims(l.params().get(k).name()), bodyFacts)) {
          keep.set(k, false);
          stable = false;
        }
      }
      if (stable) {
        // The loop's results have the dimensions of the parameters that kept them.
        for (int k = 0; k < pattern.size() && k < keep.size(); k++) {
          if (keep.get(k)) facts.dims.put(pattern.get(k).name(), facts.dims(name(l.inits().get(k))));
        }
        return new Exp.Loop(l.params(), l.inits(), form, b);
      }
    }
  }

  private static boolean sameDims(List<String> a, List<String> b, Facts facts) {
    if (a == null || b == null || a.size() != b.size()) return false;
    for (int d = 0; d < a.size(); d++) if (!facts.same(a.get(d), b.get(d))) return false;
    return true;
  }

  /** Records what statement {@code pattern = e} tells. */
  static void learn(List<Atom.Var> pattern, Exp e, Facts facts) {
    if (pattern.isEmpty()) {
      if (e instanceof Exp.Assert a && name(a.cond()) != null) asserted(name(a.cond()), facts, 0);
      return;
    }
    String v = pattern.get(0).name();
    switch (e) {
      case Exp.Shape sh when name(sh.array()) != null -> {
        String a = name(sh.array());
        List<String> ds = facts.dims(a);
        if (ds != null && sh.dim() < ds.size() && ds.get(sh.dim()) != null) {
          facts.union(v, ds.get(sh.dim()));
        } else {
          int rank = sh.array().type().rank();
          List<String> nd = new ArrayList<>();
          for (int d = 0; d < rank; d++) nd.add(ds != null && d < ds.size() ? ds.get(d) : null);
          nd.set(sh.dim(), v);
          facts.dims.put(a, nd);
        }
      }
      case Exp.AtomE x when x.atom() instanceof Atom.Var src -> {
        if (src.type().isArray()) {
          copyArray(src.name(), v, facts);
        } else {
          facts.union(v, src.name());
          String b = facts.below(src.name());
          if (b != null) facts.below.put(v, b);
        }
      }
      case Exp.BinOp b when b.op() == BinOperator.EQ && key(b.x()) != null && key(b.y()) != null
          && (b.type().isSigned() || b.type().isUnsigned()) -> {
        facts.eqs.put(v, new String[] {key(b.x()), key(b.y())});
        if ("#0".equals(key(b.y())) && name(b.x()) != null) facts.isZero.put(v, name(b.x()));
        if ("#0".equals(key(b.x())) && name(b.y()) != null) facts.isZero.put(v, name(b.y()));
      }
      case Exp.BinOp b when b.op() == BinOperator.LAND && name(b.x()) != null && name(b.y()) != null ->
          facts.conj.put(v, new String[] {name(b.x()), name(b.y())});
      case Exp.BinOp b when b.op() == BinOperator.LT && b.type() == PrimType.I64 && "#0".equals(key(b.x()))
          && name(b.y()) != null -> facts.isPos.put(v, name(b.y()));
      case Exp.BinOp b when b.op() == BinOperator.GT && b.type() == PrimType.I64 && "#0".equals(key(b.y()))
          && name(b.x()) != null -> facts.isPos.put(v, name(b.x()));
      case Exp.BinOp b when b.op() == BinOperator.MOD && b.type() == PrimType.I64 && key(b.y()) != null ->
          facts.below.put(v, key(b.y()));
      case Exp.BinOp b when b.op() == BinOperator.SUB && b.type() == PrimType.I64 && key(b.x()) != null
          && "#1".equals(key(b.y())) -> {
        facts.pred.put(v, key(b.x()));
        // 1 <= x < n: x - 1 lies in [0, n) (the left neighbour xs[i-1] away from the boundary).
        String x = name(b.x());
        if (x != null && facts.below(x) != null && facts.positive(x)) facts.below.put(v, facts.below(x));
      }
      // min (n - 1) x <= n - 1; max 0 of that lies in [0, n - 1] (empty when n < 1).
      case Exp.PrimCall c when c.name().equals("min") && c.result() == PrimType.I64 && c.args().size() == 2 -> {
        String n = bound(c.args().get(0), facts);
        if (n == null) n = bound(c.args().get(1), facts);
        if (n != null) facts.atMost.put(v, n);
      }
      case Exp.PrimCall c when c.name().equals("max") && c.result() == PrimType.I64 && c.args().size() == 2 -> {
        Atom x = c.args().get(0), y = c.args().get(1);
        String n = "#0".equals(key(x)) && name(y) != null ? facts.atMost(name(y))
            : "#0".equals(key(y)) && name(x) != null ? facts.atMost(name(x)) : null;
        if (n != null) facts.clamp.put(v, n);
      }
      case Exp.Iota i when key(i.n()) != null -> {
        facts.dims.put(v, List.of(key(i.n())));
        facts.iota.put(v, key(i.n()));
      }
      // The elements of a..<n (a a constant >= 0, i64) lie in [a, n): the range checks a <= n.
      case Exp.Range r when r.kind() == io.github.futhark4j.compiler.typed.TExp.RangeKind.UP_TO_EXCLUSIVE
          && r.second() == null && r.type() == PrimType.I64 && r.start() instanceof Atom.Const c && c.value().bits() >= 0
          && key(r.end()) != null -> facts.upTo.put(v, new String[] {key(r.start()), key(r.end())});
      case Exp.Index ix when ix.indices().size() == 1 && name(ix.array()) != null && facts.upTo(name(ix.array())) != null -> {
        String[] range = facts.upTo(name(ix.array()));
        facts.below.put(v, range[1]);
        if (!range[0].equals("#0")) facts.positive.add(v);
      }
      case Exp.Replicate r when key(r.n()) != null -> {
        List<String> ds = new ArrayList<>();
        ds.add(key(r.n()));
        if (r.value().type().isArray()) {
          List<String> inner = name(r.value()) == null ? null : facts.dims(name(r.value()));
          if (inner == null) return;
          ds.addAll(inner);
        }
        facts.dims.put(v, ds);
      }
      case Exp.Copy c when name(c.array()) != null -> copyArray(name(c.array()), v, facts);
      case Exp.Transpose t when name(t.array()) != null && facts.dims(name(t.array())) != null
          && facts.dims(name(t.array())).size() >= 2 -> {
        List<String> ds = new ArrayList<>(facts.dims(name(t.array())));
        String d0 = ds.get(0);
        ds.set(0, ds.get(1));
        ds.set(1, d0);
        facts.dims.put(v, ds);
      }
      case Exp.Index ix when name(ix.array()) != null && facts.dims(name(ix.array())) != null
          && ix.indices().size() < facts.dims(name(ix.array())).size() -> {
        List<String> ds = facts.dims(name(ix.array()));
        facts.dims.put(v, ds.subList(ix.indices().size(), ds.size()));
      }
      // An updated array keeps the dimensions, not the elements: it is no longer an iota.
      case Exp.Update u when name(u.array()) != null && facts.dims(name(u.array())) != null ->
          facts.dims.put(v, facts.dims(name(u.array())));
      case Exp.UpdateSlice u when name(u.array()) != null && facts.dims(name(u.array())) != null ->
          facts.dims.put(v, facts.dims(name(u.array())));
      case Exp.Map m when key(m.width()) != null -> {
        for (int k = 0; k < pattern.size(); k++) {
          Atom.Var r = pattern.get(k);
          List<String> ds = new ArrayList<>();
          ds.add(key(m.width()));
          List<String> inner = k < m.f().body().results().size() ? resultDims(m.f(), m.f().body().results().get(k)) : null;
          for (int d = 1; d < r.type().rank(); d++) ds.add(inner != null && d - 1 < inner.size() ? inner.get(d - 1) : null);
          facts.dims.put(r.name(), ds);
        }
      }
      default -> { }
    }
  }

  /**
   * What an assertion of boolean {@code t} tells past it: the sizes each equality it is (or is a
   * conjunction of, as a size coercion's check of every dimension) compares are equal.
   */
  private static void asserted(String t, Facts facts, int depth) {
    String[] eq = facts.eq(t);
    if (eq != null) facts.union(eq[0], eq[1]);
    String[] both = facts.get(t, f -> f.conj);
    if (both != null && depth < 64) {
      asserted(both[0], facts, depth + 1);
      asserted(both[1], facts, depth + 1);
    }
  }

  /** The size key n when {@code a} is known to be at most n - 1 ({@code n - 1} itself, or a min with it). */
  private static String bound(Atom a, Facts facts) {
    String x = name(a);
    if (x == null) return null;
    String n = facts.pred(x);
    return n != null ? n : facts.atMost(x);
  }

  /**
   * The dimensions of {@code result}, an array a SOAC lambda returns, as far as they are sizes
   * bound outside the lambda: an array made in its body by a map, an iota or a replicate of such
   * a size (each dimension null where unknown); null when nothing is known.
   */
  private static List<String> resultDims(Lambda f, Atom result) {
    String r = name(result);
    if (r == null || !result.type().isArray()) return null;
    java.util.Set<String> local = new java.util.HashSet<>();
    for (Atom.Var p : f.params()) local.add(p.name());
    Exp made = null;
    for (Stm s : f.body().stms()) {
      for (Atom.Var v : s.pattern()) {
        local.add(v.name());
        if (v.name().equals(r)) made = s.exp();
      }
    }
    Atom n = switch (made) {
      case Exp.Map m -> m.width();
      case Exp.Iota i -> i.n();
      case Exp.Replicate rep when !rep.value().type().isArray() -> rep.n();
      case null, default -> null;
    };
    String k = n == null ? null : key(n);
    if (k == null || local.contains(k)) return null;
    List<String> ds = new ArrayList<>();
    ds.add(k);
    for (int d = 1; d < result.type().rank(); d++) ds.add(null);
    return ds;
  }

  private static void copyArray(String from, String to, Facts facts) {
    List<String> ds = facts.dims(from);
    if (ds != null) facts.dims.put(to, ds);
    String n = facts.iota(from);
    if (n != null) facts.iota.put(to, n);
  }
}

package io.github.futhark4j.compiler.ad;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Hoist;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reverse-mode automatic differentiation of the first-order IR ({@code vjp}): the primal code runs
 * first, then its statements are visited backwards, each adding to the adjoints of its operands
 * the adjoint of what it binds times its partial derivatives ({@link Partials}, the table forward
 * mode uses). The cost is a small multiple of the primal's whatever the size of the input.
 *
 * <p>Covered: scalar code, conversions and primitive functions, indexing a scalar, copies,
 * transpositions, flattening, array literals, in-place updates, {@code if} (each
 * branch is run again, renamed, before its reverse), {@code map} (each row's reverse in a map;
 * the contributions to free scalars are summed, those to the elements of free arrays it reads added
 * by a histogram, those to free arrays read whole summed over the rows by a reduction that adds
 * in place), sums ({@code reduce (+)}, with a fused map) and minima and maxima of floats.
 * Loops record a tape of their parameters (arrays included, where the body keeps their shape; a
 * while loop counts its iterations first) and run backwards (the body again, then its reverse, per
 * iteration). Scans by {@code +} run a scan of the adjoints backwards; histograms by {@code +} and
 * scatters gather the result's adjoint at their indices; indexing and updating rows add and take
 * rows of adjoints; rotations send the adjoint's rows back; reductions by any other operator reverse
 * {@code (l op y) op r} per element (l and r: the reductions before and after it). Anything else
 * (other scans and histograms) throws {@link Fwd.Unsupported}, and the caller falls back to forward mode over the
 * input's basis, which is exact but costs one pass per input scalar.
 */
public final class Rev {
  private final Emit e;
  /** The adjoint accumulated so far for each variable. */
  private Map<String, Atom> adj = new HashMap<>();
  /** Array adjoints built here, which may be updated in place. */
  private Set<String> owned = new HashSet<>();
  /**
   * In the reverse of a map's function: the free arrays it reads element by element, whose
   * adjoints are not built per row but gathered ({@link #gathers}) and added by a histogram.
   */
  private Set<String> gatherable = Set.of();
  private List<Gather> gathers = new ArrayList<>();

  /**
   * The variables bound outside the function differentiated (closed over): constants, whose
   * adjoints nobody asks for, so none are computed.
   */
  private Set<String> constants = Set.of();

  /**
   * The variables whose values do not depend on the function's parameters: the {@link #constants}
   * and what is computed from them alone (lambda parameters count as dependent).
   */
  private Set<String> inactive = Set.of();

  /**
   * The loops run forward with a tape, by the name of their first result: each parameter's value at
   * every iteration's start, and the for loop the reverse runs backwards (a while loop's counts
   * its iterations).
   */
  private final Map<String, Taped> tapes = new HashMap<>();

  private record Taped(List<Atom.Var> tapes, Exp.LoopForm.For form) {}

  /** A contribution {@code value} to the adjoint of the element {@code indices} of {@code array}. */
  private record Gather(Atom.Var array, List<Atom> indices, Atom value) {}

  public Rev(Function<String, String> fresh) {
    e = new Emit(fresh);
  }

  /**
   * The reverse derivative of {@code f}: parameters {@code xs ++ ys'} (one seed per result), results
   * {@code ys ++ xs'} (one cotangent per parameter, of its type).
   *
   * @throws Fwd.Unsupported for code this transformation does not cover
   */
  public Lambda vjp(Lambda g) {
    // Invariant code out of maps first: an array computed from free ones inside a map's function
    // (a transposition, say) then gets its adjoint summed over the rows once, not per row.
    Lambda f = new Lambda(g.params(), Hoist.body(g.body()));
    Set<String> closed = new HashSet<>(FreeVars.ofBody(f.body()));
    for (Atom.Var p : f.params()) closed.remove(p.name());
    constants = closed;
    inactive = new HashSet<>(closed);
    markInactive(f.body());
    try {
      List<Atom.Var> params = new ArrayList<>(f.params());
      List<Atom.Var> seeds = new ArrayList<>();
      for (Atom r : f.body().results()) seeds.add(e.var("seed", r.type()));
      params.addAll(seeds);
      List<Atom> results = new ArrayList<>(f.body().results());
      List<Stm> stms = e.collect(() -> {
        for (Stm s : f.body().stms()) forward(s);
        for (int i = 0; i < seeds.size(); i++) contribute(f.body().results().get(i), seeds.get(i));
        reverse(f.body().stms());
        for (Atom.Var p : f.params()) results.add(adjointOf(p));
      });
      return new Lambda(params, new Body(stms, results));
    } catch (Partials.NoDerivative x) {
      UNCOVERED.increment();
      throw new Fwd.Unsupported("automatic differentiation of " + x.getMessage() + ", which has no derivative");
    } catch (Fwd.Unsupported u) {
      UNCOVERED.increment();
      throw u;
    }
  }

  private void markInactive(Body b) {
    for (Stm s : b.stms()) {
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> a, inner -> {
        markInactive(inner);
        return inner;
      });
      if (inactive.containsAll(FreeVars.ofExp(s.exp()))) for (Atom.Var v : s.pattern()) inactive.add(v.name());
    }
  }

  private static final java.util.concurrent.atomic.LongAdder UNCOVERED = new java.util.concurrent.atomic.LongAdder();

  /**
   * How many functions this JVM asked the reverse sweep for that it did not cover (the compiler then
   * differentiates them by forward mode over the input's basis): for tests and diagnostics.
   */
  public static long uncovered() {
    return UNCOVERED.sum();
  }

  // ---- adjoints -----------------------------------------------------------------------------

  private Atom adjointOf(Atom.Var v) {
    Atom a = adj.get(v.name());
    return a != null ? a : e.zeros(v);
  }

  /** Adds {@code d} to the adjoint of {@code a} (nothing for constants). */
  private void contribute(Atom a, Atom d) {
    if (!(a instanceof Atom.Var v) || Emit.isZero(d) || constants.contains(v.name())) return;
    Atom cur = adj.get(v.name());
    if (cur == null) {
      adj.put(v.name(), d);
      owned.remove(v.name());
    } else {
      adj.put(v.name(), add(cur, d));
      if (v.type().isArray()) owned.add(v.name());
    }
  }

  /** The adjoint of an array, as a value of our own that may be updated in place. */
  private Atom ownedAdjoint(Atom.Var v) {
    Atom cur = adj.get(v.name());
    if (cur == null) cur = e.zeros(v);
    else if (!owned.contains(v.name())) cur = e.bind("adj", v.type(), new Exp.Copy(cur));
    adj.put(v.name(), cur);
    owned.add(v.name());
    return cur;
  }

  private Atom add(Atom x, Atom y) {
    if (!x.type().isArray()) return e.add(x.type().elem(), x, y);
    Atom w = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(x, 0));
    return e.bind("adj", x.type(), new Exp.Map(w, plus(x.type().row()), List.of(x, y)));
  }

  /** {@code \a b -> a + b} on values of type {@code t} (elementwise for arrays). */
  private Lambda plus(IrType t) {
    Atom.Var a = e.var("a", t), b = e.var("b", t);
    Atom[] res = new Atom[1];
    List<Stm> body = e.collect(() -> res[0] = add(a, b));
    return new Lambda(List.of(a, b), new Body(body, List.of(res[0])));
  }

  private Atom sum(Atom arr) {
    PrimType t = arr.type().elem();
    if (arr.type().rank() != 1) throw new Fwd.Unsupported("automatic differentiation (reverse) of a sum of arrays");
    Atom w = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(arr, 0));
    return e.bind("sum", new IrType.Scalar(t), new Exp.Reduce(w, plus(new IrType.Scalar(t)), List.of(Emit.num(t, 0)), null,
        List.of(arr), true));
  }

  // ---- the reverse sweep ----------------------------------------------------------------------

  private void reverse(List<Stm> stms) {
    for (int i = stms.size() - 1; i >= 0; i--) {
      Stm s = stms.get(i);
      boolean live = false;
      for (Atom.Var p : s.pattern()) live |= adj.containsKey(p.name());
      if (live) stm(s);
    }
  }

  private void stm(Stm s) {
    List<Atom.Var> pat = s.pattern();
    Atom.Var p0 = pat.isEmpty() ? null : pat.get(0);
    switch (s.exp()) {
      case Exp.AtomE a -> contribute(a.atom(), adjointOf(p0));
      case Exp.BinOp b -> {
        if (p0.type().elem() != b.type()) return; // a comparison
        Atom d = adjointOf(p0);
        Atom[] pd = Partials.binOp(e, b.op(), b.type(), b.x(), b.y());
        if (pd[0] != null) contribute(b.x(), e.mul(b.type(), pd[0], d));
        if (pd[1] != null) contribute(b.y(), e.mul(b.type(), pd[1], d));
      }
      case Exp.UnOp u -> {
        Atom d = adjointOf(p0);
        switch (u.op()) {
          case NEG -> contribute(u.x(), u.type().isBool() ? e.mul(u.type(), d, u.x()) : e.neg(u.type(), d));
          case NOT -> contribute(u.x(), e.mul(u.type(), d, u.x()));
          case COMPLEMENT -> contribute(u.x(), e.mul(u.type(), d, p0));
        }
      }
      case Exp.Convert c -> contribute(c.x(), e.convert(c.x().type().elem(), adjointOf(p0)));
      case Exp.PrimCall c -> {
        Atom d = adjointOf(p0);
        Atom[] pd = Partials.call(e, c.name(), c.result(), c.args());
        for (int i = 0; i < pd.length; i++) {
          if (pd[i] == null) continue;
          Atom arg = c.args().get(i);
          Atom g = e.mul(c.result(), pd[i], d);
          contribute(arg, arg.type().elem() == c.result() ? g : e.convert(arg.type().elem(), g));
        }
      }
      case Exp.Shape x -> { }
      case Exp.Iota x -> {
        // As the reference: the size's adjoint is the sum of the elements' (vjp of i64.sum (iota n) at 5 is 5).
        if (!(x.n() instanceof Atom.Var n) || constants.contains(n.name()) || !adj.containsKey(p0.name())) return;
        Atom total = sum(adj.get(p0.name()));
        contribute(n, x.type() == PrimType.I64 ? total : e.convert(PrimType.I64, total));
      }
      case Exp.Range x -> { }
      case Exp.Assert x -> { }
      case Exp.Index x -> {
        if (!(x.array() instanceof Atom.Var arr) || constants.contains(arr.name())) return;
        if (p0.type().isArray()) {
          // a row: its adjoint is added to the array's at that row
          Atom cur = ownedAdjoint(arr);
          Atom old = e.bind("adj", p0.type(), new Exp.Index(cur, x.indices(), x.span()));
          Atom sum = add(old, adjointOf(p0));
          adj.put(arr.name(), e.bind("adj", arr.type(), new Exp.Update(cur, x.indices(), sum, x.span())));
          return;
        }
        if (gatherable.contains(arr.name())) {
          gathers.add(new Gather(arr, x.indices(), adjointOf(p0)));
          return;
        }
        Atom cur = ownedAdjoint(arr);
        Atom old = e.bind("adj", p0.type(), new Exp.Index(cur, x.indices(), x.span()));
        Atom upd = e.bind("adj", arr.type(), new Exp.Update(cur, x.indices(), e.add(p0.type().elem(), old, adjointOf(p0)), x.span()));
        adj.put(arr.name(), upd);
      }
      case Exp.Update x -> {
        Atom d = ownedAdjoint(p0);
        if (x.value().type().isArray()) {
          Atom row = e.bind("adj", x.value().type(), new Exp.Copy(e.bind("adj", x.value().type(), new Exp.Index(d, x.indices(), x.span()))));
          contribute(x.value(), row);
          contribute(x.array(), e.bind("adj", p0.type(), new Exp.Update(d, x.indices(), e.zeros(x.value()), x.span())));
          return;
        }
        contribute(x.value(), e.bind("adj", x.value().type(), new Exp.Index(d, x.indices(), x.span())));
        Atom rest = e.bind("adj", p0.type(), new Exp.Update(d, x.indices(), Emit.num(p0.type().elem(), 0), x.span()));
        contribute(x.array(), rest);
      }
      case Exp.Copy x -> contribute(x.array(), adjointOf(p0));
      case Exp.Rotate x -> {
        // row i came from row (i + r) % n (i + r wrapping, as the language defines it): sent back there
        IrType i64 = new IrType.Scalar(PrimType.I64);
        Atom rbar = adjointOf(p0), r = i64(x.amount());
        Atom n = e.bind("n", i64, new Exp.Shape(rbar, 0));
        Atom.Var i = e.var("i", i64);
        Atom[] j = new Atom[1];
        List<Stm> body = e.collect(() -> j[0] = e.bind("j", i64, new Exp.BinOp(BinOperator.MOD, PrimType.I64,
            e.bind("j", i64, new Exp.BinOp(BinOperator.ADD, PrimType.I64, i, r, null)), n, null)));
        Atom iota = e.bind("iota", IrType.of(PrimType.I64, 1), new Exp.Iota(n, PrimType.I64));
        Atom inds = e.bind("inds", IrType.of(PrimType.I64, 1), new Exp.Map(n, new Lambda(List.of(i), new Body(body, List.of(j[0]))),
            List.of(iota)));
        contribute(x.array(), e.bind("adj", x.array().type(), new Exp.Scatter(n, List.of(e.zeros(x.array())), inds, List.of(rbar))));
      }
      case Exp.Transpose x -> contribute(x.array(), e.bind("adj", x.array().type(), new Exp.Transpose(adjointOf(p0))));
      case Exp.Flatten x -> {
        Atom a = x.array();
        Atom n = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(a, 0));
        Atom m = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(a, 1));
        contribute(a, e.bind("adj", a.type(), new Exp.Unflatten(n, m, adjointOf(p0), null)));
      }
      case Exp.Unflatten x -> contribute(x.array(), e.bind("adj", x.array().type(), new Exp.Flatten(adjointOf(p0))));
      case Exp.ArrayLit x -> {
        if (p0.type().rank() != 1) throw unsupported("an array literal of arrays");
        Atom d = adjointOf(p0);
        for (int i = 0; i < x.elements().size(); i++) {
          contribute(x.elements().get(i), e.bind("adj", x.elements().get(i).type(), new Exp.Index(d, List.of(io.github.futhark4j.compiler.core.Atom.i64(i)), null)));
        }
      }
      case Exp.Replicate x -> {
        if (x.value().type().isArray()) throw unsupported("a replicate of arrays");
        contribute(x.value(), sum(adjointOf(p0)));
      }
      case Exp.If x -> reverseIf(pat, x);
      case Exp.Loop x -> reverseLoop(pat, x);
      case Exp.Map x -> reverseMap(pat, x);
      case Exp.Reduce x -> reverseReduce(pat, x);
      case Exp.Scan x -> reverseScan(pat, x);
      case Exp.Hist x -> reverseHist(pat, x);
      case Exp.Scatter x -> reverseScatter(pat, x);
      case Exp.WithVjp x -> reverseWithVjp(pat, x);
      default -> throw unsupported(s.exp().getClass().getSimpleName());
    }
  }

  private static Fwd.Unsupported unsupported(String what) {
    return new Fwd.Unsupported("reverse-mode differentiation of " + what);
  }

  /**
   * The variables free in {@code bodies} (and bound outside), in a fixed order, with their types:
   * those whose adjoints the reverse of a nested body may contribute to (not {@link #constants}).
   */
  private List<Atom.Var> freeVars(List<Body> bodies, List<Atom.Var> bound) {
    Set<String> names = new HashSet<>();
    for (Body b : bodies) names.addAll(FreeVars.ofBody(b));
    for (Atom.Var v : bound) names.remove(v.name());
    names.removeAll(constants);
    Map<String, Atom.Var> found = new LinkedHashMap<>();
    for (Body b : bodies) collectVars(b, names, found);
    return new ArrayList<>(found.values());
  }

  private static void collectVars(Body b, Set<String> names, Map<String, Atom.Var> found) {
    for (Stm s : b.stms()) {
      io.github.futhark4j.compiler.core.Rewrite.exp(s.exp(), a -> {
        if (a instanceof Atom.Var v && names.contains(v.name())) found.putIfAbsent(v.name(), v);
        return a;
      }, inner -> {
        collectVars(inner, names, found);
        return inner;
      });
    }
    for (Atom a : b.results()) if (a instanceof Atom.Var v && names.contains(v.name())) found.putIfAbsent(v.name(), v);
  }

  /**
   * The reverse of a body run again: a renamed copy of its statements, then their reverse from the
   * adjoints {@code seeds} of its results; returns the adjoints of {@code wanted}.
   */
  private List<Atom> reverseBody(Body b, Map<String, Atom> renaming, List<Atom> seeds, List<Atom.Var> wanted) {
    return reverseBody(b, renaming, seeds, wanted, Set.of(), new ArrayList<>(), Map.of());
  }

  /**
   * As above; {@code gather}: the free arrays whose element reads are collected in {@code gathered}
   * ({@link #reverseRows}); {@code initial}: adjoints the reverse starts from (owned, for arrays).
   */
  private List<Atom> reverseBody(Body b, Map<String, Atom> renaming, List<Atom> seeds, List<Atom.Var> wanted,
      Set<String> gather, List<Gather> gathered, Map<String, Atom> initial) {
    Map<String, Atom> savedAdj = adj;
    Set<String> savedOwned = owned, savedGatherable = gatherable;
    List<Gather> savedGathers = gathers;
    adj = new HashMap<>();
    owned = new HashSet<>();
    gatherable = gather;
    gathers = gathered;
    try {
      Body copy = new Renamer(e, renaming).body(b);
      for (Stm s : copy.stms()) forward(s);
      for (var en : initial.entrySet()) {
        adj.put(en.getKey(), en.getValue());
        if (en.getValue().type().isArray()) owned.add(en.getKey());
      }
      for (int i = 0; i < seeds.size(); i++) contribute(copy.results().get(i), seeds.get(i));
      reverse(copy.stms());
      List<Atom> out = new ArrayList<>();
      for (Atom.Var w : wanted) {
        Atom r = renaming.getOrDefault(w.name(), w);
        out.add(r instanceof Atom.Var rv ? adjointOf(rv) : e.zeros(w));
      }
      return out;
    } finally {
      adj = savedAdj;
      owned = savedOwned;
      gatherable = savedGatherable;
      gathers = savedGathers;
    }
  }

  /**
   * Emits a statement of the primal code: as it is, except a loop, which also records each
   * parameter's value at the start of every iteration (its tape) for the reverse. A while loop
   * runs first as it is, counting its iterations, then again as a for loop of that many iterations
   * that records the tape. Array parameters need rows of one shape in the tape: a loop whose body
   * may change an array parameter's shape is emitted as it is (and its reverse is not covered).
   */
  private void forward(Stm s) {
    if (!(s.exp() instanceof Exp.Loop x) || x.params().isEmpty() || !shapesKept(x)) {
      e.out.add(s);
      return;
    }
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Exp.LoopForm.For f;
    if (x.form() instanceof Exp.LoopForm.For ff) {
      f = ff;
    } else {
      Exp.Loop copy = (Exp.Loop) fresh().exp(x);
      List<Atom.Var> ps = new ArrayList<>(copy.params());
      Body cond = ((Exp.LoopForm.While) copy.form()).cond(), body = copy.body();
      Atom.Var c = e.var("count", i64), next = e.var("count", i64);
      List<Stm> stms = new ArrayList<>(body.stms());
      stms.add(new Stm(List.of(next), new Exp.BinOp(BinOperator.ADD, PrimType.I64, c, Atom.i64(1), null)));
      List<Atom> results = new ArrayList<>(body.results());
      results.add(next);
      ps.add(c);
      List<Atom> inits = new ArrayList<>(x.inits());
      inits.add(Atom.i64(0));
      List<Atom.Var> outs = new ArrayList<>();
      for (Atom.Var p : ps) outs.add(e.var(p.name(), p.type()));
      e.out.add(new Stm(outs, new Exp.Loop(ps, inits, new Exp.LoopForm.While(cond), new Body(stms, results))));
      f = new Exp.LoopForm.For(e.var("i", i64), outs.get(outs.size() - 1));
    }
    List<Atom.Var> params = new ArrayList<>(x.params()), tapeOuts = new ArrayList<>();
    List<Atom> inits = new ArrayList<>(x.inits()), results = new ArrayList<>(x.body().results());
    List<Stm> body = new ArrayList<>();
    Atom n = i64(f.bound());
    for (int k = 0; k < x.params().size(); k++) {
      Atom.Var p = x.params().get(k);
      IrType tt = IrType.of(p.type().elem(), p.type().rank() + 1);
      Atom row = p.type().isArray() ? x.inits().get(k) : Emit.num(p.type().elem(), 0);
      inits.add(e.bind("tape", tt, new Exp.Replicate(n, row)));
      Atom.Var tp = e.var("tape", tt), upd = e.var("tape", tt);
      params.add(tp);
      Atom.Var idx = f.index();
      Atom at = idx;
      if (idx.type().elem() != PrimType.I64) {
        Atom.Var c = e.var("i", i64);
        body.add(new Stm(List.of(c), new Exp.Convert(PrimType.I64, idx)));
        at = c;
      }
      body.add(new Stm(List.of(upd), new Exp.Update(tp, List.of(at), p, null)));
      results.add(upd);
      tapeOuts.add(e.var("tape", tt));
    }
    body.addAll(x.body().stms());
    List<Atom.Var> pat = new ArrayList<>(s.pattern());
    pat.addAll(tapeOuts);
    e.out.add(new Stm(pat, new Exp.Loop(params, inits, f, new Body(body, results))));
    tapes.put(s.pattern().get(0).name(), new Taped(tapeOuts, f));
  }

  /** Whether every array parameter of {@code x} keeps its shape: the body's result for it is provably of the same shape. */
  private static boolean shapesKept(Exp.Loop x) {
    for (int k = 0; k < x.params().size(); k++) {
      Atom.Var p = x.params().get(k);
      if (p.type().isArray() && !sameShape(x.body(), x.body().results().get(k), p, 0)) return false;
    }
    return true;
  }

  /** Whether {@code r}, bound in {@code b}, has the shape of {@code p}: {@code p} itself, an update or copy of such, or a map over such. */
  private static boolean sameShape(Body b, Atom r, Atom.Var p, int depth) {
    if (r.equals(p)) return true;
    if (depth > 32) return false;
    for (Stm s : b.stms()) {
      if (!s.pattern().contains(r)) continue;
      return switch (s.exp()) {
        case Exp.Update u -> sameShape(b, u.array(), p, depth + 1);
        case Exp.UpdateSlice u -> sameShape(b, u.array(), p, depth + 1);
        case Exp.Copy c -> sameShape(b, c.array(), p, depth + 1);
        case Exp.AtomE a -> sameShape(b, a.atom(), p, depth + 1);
        case Exp.Map m -> r.type().rank() == 1 && m.arrays().stream().anyMatch(a -> sameShape(b, a, p, depth + 1));
        default -> false;
      };
    }
    return false;
  }

  private Atom i64(Atom a) {
    return a.type().elem() == PrimType.I64 ? a : e.convert(PrimType.I64, a);
  }

  /**
   * A loop backwards (a while loop as the for loop {@link #forward} ran): from the last iteration
   * to the first, the parameters are restored from
   * the tape, the body runs again and its reverse carries the parameters' adjoints to the previous
   * iteration; the adjoints of free variables are carried along and added to.
   */
  private void reverseLoop(List<Atom.Var> pat, Exp.Loop x) {
    Taped taped = tapes.get(pat.get(0).name());
    if (taped == null) throw unsupported("a loop whose body may change the shape of an array parameter");
    List<Atom.Var> tape = taped.tapes();
    Exp.LoopForm.For f = taped.form();
    List<Atom.Var> bound = new ArrayList<>(x.params());
    bound.add(f.index());
    List<Atom.Var> free = freeVars(List.of(x.body()), bound);
    free.removeIf(v -> v.type().elem().isBool());
    List<Atom.Var> loopParams = new ArrayList<>();
    List<Atom> inits = new ArrayList<>();
    for (Atom.Var p : pat) {
      inits.add(adjointOf(p));
      loopParams.add(e.var("adj", p.type()));
    }
    for (Atom.Var v : free) {
      inits.add(v.type().isArray() ? ownedAdjoint(v) : adjointOf(v));
      loopParams.add(e.var("adj", v.type()));
    }
    PrimType it = f.index().type().elem();
    Atom.Var ii = e.var("ii", new IrType.Scalar(it));
    List<Atom> res = new ArrayList<>();
    List<Stm> body = e.collect(() -> {
      Atom i = e.sub(it, e.sub(it, f.bound(), Emit.num(it, 1)), ii);
      Atom at = i64(i);
      Map<String, Atom> renaming = new HashMap<>();
      renaming.put(f.index().name(), i);
      for (int j = 0; j < x.params().size(); j++) {
        Atom.Var p = x.params().get(j);
        renaming.put(p.name(), e.bind(p.name(), p.type(), new Exp.Index(tape.get(j), List.of(at), null)));
      }
      Map<String, Atom> initial = new HashMap<>();
      for (int l = 0; l < free.size(); l++) initial.put(free.get(l).name(), loopParams.get(pat.size() + l));
      List<Atom.Var> wanted = new ArrayList<>(x.params());
      wanted.addAll(free);
      res.addAll(reverseBody(x.body(), renaming, new ArrayList<>(loopParams.subList(0, pat.size())), wanted, Set.of(),
          new ArrayList<>(), initial));
    });
    List<Atom.Var> outs = new ArrayList<>();
    for (Atom.Var p : loopParams) outs.add(e.var("adj", p.type()));
    e.out.add(new Stm(outs, new Exp.Loop(loopParams, inits, new Exp.LoopForm.For(ii, f.bound()), new Body(body, res))));
    // The free variables' adjoints are the loop's (it started from them); then the initial values'.
    for (int l = 0; l < free.size(); l++) {
      Atom.Var v = free.get(l);
      adj.put(v.name(), outs.get(pat.size() + l));
      if (v.type().isArray()) owned.add(v.name());
      else owned.remove(v.name());
    }
    for (int j = 0; j < x.inits().size(); j++) contribute(x.inits().get(j), outs.get(j));
  }

  private void reverseIf(List<Atom.Var> pat, Exp.If x) {
    List<Atom.Var> free = freeVars(List.of(x.then(), x.otherwise()), List.of());
    free.removeIf(v -> v.type().elem().isBool() && !v.type().isArray());
    List<Atom> seeds = new ArrayList<>();
    for (Atom.Var p : pat) seeds.add(adjointOf(p));
    Body[] branches = new Body[2];
    Body[] sources = {x.then(), x.otherwise()};
    for (int k = 0; k < 2; k++) {
      Body src = sources[k];
      List<Atom> res = new ArrayList<>();
      List<Stm> stms = e.collect(() -> res.addAll(reverseBody(src, new HashMap<>(), seeds, free)));
      branches[k] = new Body(stms, res);
    }
    List<Atom.Var> outs = new ArrayList<>();
    for (Atom.Var v : free) outs.add(e.var("adj", v.type()));
    e.out.add(new Stm(outs, new Exp.If(x.cond(), branches[0], branches[1])));
    for (int i = 0; i < free.size(); i++) contribute(free.get(i), outs.get(i));
  }

  /**
   * {@code map f xs}: a map of the reverse of {@code f} over the rows of the arrays and of the
   * result's adjoint; contributions to free scalars come out as arrays and are summed.
   */
  private void reverseMap(List<Atom.Var> pat, Exp.Map x) {
    List<Atom> seeds = new ArrayList<>();
    for (Atom.Var p : pat) seeds.add(adjointOf(p));
    reverseRows(x.width(), x.f(), x.arrays(), seeds, true);
  }

  /**
   * The reverse of {@code f} applied to each row of {@code arrays}, with the adjoints of its results
   * the rows of {@code seeds} (or, when {@code seedsAreArrays} is false, the same seeds for every
   * row): adds to the adjoints of the arrays and of the free scalars.
   */
  private void reverseRows(Atom width, Lambda f, List<Atom> arrays, List<Atom> seeds, boolean seedsAreArrays) {
    List<Atom.Var> free = freeVars(List.of(f.body()), f.params());
    Set<String> gather = new HashSet<>();
    for (Atom.Var v : free) {
      // A free array read element by element gets its adjoint by a histogram; one read otherwise
      // (as a whole, by an inner operator) gets an adjoint per row, summed.
      if (v.type().isArray() && v.type().rank() <= 2 && readByElement(f.body(), v)) gather.add(v.name());
    }
    free.removeIf(v -> v.type().elem().isBool() || gather.contains(v.name()));
    List<Atom.Var> params = new ArrayList<>();
    Map<String, Atom> renaming = new HashMap<>();
    for (Atom.Var p : f.params()) {
      Atom.Var np = e.var(p.name(), p.type());
      params.add(np);
      renaming.put(p.name(), np);
    }
    List<Atom> seedRows = new ArrayList<>();
    List<Atom> mapped = new ArrayList<>(arrays);
    for (Atom sd : seeds) {
      if (seedsAreArrays) {
        Atom.Var r = e.var("seed", sd.type().row());
        params.add(r);
        seedRows.add(r);
        mapped.add(sd);
      } else {
        seedRows.add(sd);
      }
    }
    List<Atom.Var> wanted = new ArrayList<>(f.params());
    wanted.addAll(free);
    List<Atom> res = new ArrayList<>();
    List<Gather> gathered = new ArrayList<>();
    // The inner size of each gathered two-dimensional array, for linear indices.
    Map<String, Atom> inner = new HashMap<>();
    for (Atom.Var v : free0(f, gather)) {
      if (v.type().rank() == 2) inner.put(v.name(), e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(v, 1)));
    }
    List<Stm> stms = e.collect(() -> {
      res.addAll(reverseBody(f.body(), renaming, seedRows, wanted, gather, gathered, Map.of()));
      for (Gather g : gathered) {
        Atom idx = g.indices().get(0);
        if (g.indices().size() == 2) {
          idx = e.add(PrimType.I64, e.mul(PrimType.I64, idx, inner.get(g.array().name())), g.indices().get(1));
        }
        res.add(idx);
        res.add(g.value());
      }
    });
    // The adjoints of the rows and the gathered contributions come out of a map; those of the free
    // variables are summed over the rows by a reduction over a copy of the same function (each
    // keeps only the code its results need: often one of the two is dead), which adds each row's
    // contribution into accumulators in place instead of keeping one per row.
    List<Atom> perRow = new ArrayList<>(res.subList(0, f.params().size()));
    perRow.addAll(res.subList(f.params().size() + free.size(), res.size()));
    List<Atom> summed = new ArrayList<>(res.subList(f.params().size(), f.params().size() + free.size()));
    List<Atom.Var> summedVars = free;
    List<Atom.Var> outs = new ArrayList<>();
    for (Atom r : perRow) outs.add(e.var("adj", IrType.of(r.type().elem(), r.type().rank() + 1)));
    e.out.add(new Stm(outs, new Exp.Map(width, new Lambda(params, new Body(stms, perRow)), mapped)));
    for (int i = 0; i < arrays.size(); i++) contribute(arrays.get(i), outs.get(i));
    int k = arrays.size();
    for (Gather g : gathered) {
      addByIndex(g.array(), width, outs.get(k), outs.get(k + 1));
      k += 2;
    }
    if (summed.isEmpty()) return;
    List<Atom> zeros = new ArrayList<>();
    for (Atom.Var v : summedVars) zeros.add(e.zeros(v));
    Lambda mapf = fresh().lambda(new Lambda(params, new Body(stms, summed)));
    List<Atom.Var> sums = new ArrayList<>();
    for (Atom.Var v : summedVars) sums.add(e.var("adj", v.type()));
    e.out.add(new Stm(sums, new Exp.Reduce(width, plus(summedVars.stream().map(Atom.Var::type).toList()), zeros, mapf,
        mapped, true)));
    for (int i = 0; i < summedVars.size(); i++) contribute(summedVars.get(i), sums.get(i));
  }

  /** {@code \(a0, ..., b0, ...) -> (a0 + b0, ...)} on values of types {@code ts} (elementwise for arrays). */
  private Lambda plus(List<IrType> ts) {
    List<Atom.Var> as = new ArrayList<>(), bs = new ArrayList<>();
    for (IrType t : ts) as.add(e.var("a", t));
    for (IrType t : ts) bs.add(e.var("b", t));
    List<Atom> res = new ArrayList<>();
    List<Stm> body = e.collect(() -> {
      for (int i = 0; i < ts.size(); i++) res.add(add(as.get(i), bs.get(i)));
    });
    List<Atom.Var> ps = new ArrayList<>(as);
    ps.addAll(bs);
    return new Lambda(ps, new Body(body, res));
  }

  private List<Atom.Var> free0(Lambda f, Set<String> names) {
    List<Atom.Var> out = new ArrayList<>();
    for (Atom.Var v : freeVars(List.of(f.body()), f.params())) if (names.contains(v.name())) out.add(v);
    return out;
  }

  /** Whether {@code v} is used in {@code b} only by its statements indexing one element of it, or its shape. */
  private static boolean readByElement(Body b, Atom.Var v) {
    for (Atom r : b.results()) if (r.equals(v)) return false;
    for (Stm s : b.stms()) {
      if (!FreeVars.ofExp(s.exp()).contains(v.name())) continue;
      boolean ok = switch (s.exp()) {
        case Exp.Index x -> x.array().equals(v) && !x.indices().contains(v) && x.indices().size() == v.type().rank();
        case Exp.Shape x -> true;
        default -> false;
      };
      if (!ok) return false;
    }
    return true;
  }

  /** Adds the values {@code vals} to the adjoint of {@code arr} at the (linear) indices {@code inds}. */
  private void addByIndex(Atom.Var arr, Atom width, Atom inds, Atom vals) {
    PrimType t = arr.type().elem();
    Atom dest = ownedAdjoint(arr);
    if (arr.type().rank() == 2) dest = e.bind("adj", IrType.of(t, 1), new Exp.Copy(e.bind("adj", IrType.of(t, 1), new Exp.Flatten(dest))));
    Atom h = e.bind("adj", dest.type(), new Exp.Hist(width, plus(new IrType.Scalar(t)), List.of(Emit.num(t, 0)),
        List.of(dest), inds, List.of(vals)));
    if (arr.type().rank() == 2) {
      Atom n = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(arr, 0));
      Atom m = e.bind("n", new IrType.Scalar(PrimType.I64), new Exp.Shape(arr, 1));
      h = e.bind("adj", arr.type(), new Exp.Unflatten(n, m, h, null));
    }
    adj.put(arr.name(), h);
    owned.add(arr.name());
  }

  /** {@code reduce (+)} (with a fused map or not): every reduced value gets the result's adjoint. */
  private void reverseReduce(List<Atom.Var> pat, Exp.Reduce x) {
    if (isMinOrMax(x.op())) {
      reverseMinMax(pat, x);
      return;
    }
    if (!isElementwiseAdd(x.op())) {
      reverseGeneralReduce(pat, x);
      return;
    }
    List<Atom> seeds = new ArrayList<>();
    for (Atom.Var p : pat) seeds.add(adjointOf(p));
    for (int i = 0; i < x.nes().size(); i++) contribute(x.nes().get(i), seeds.get(i));
    if (x.mapf() != null) {
      reverseRows(x.width(), x.mapf(), x.arrays(), seeds, false);
    } else {
      for (int i = 0; i < x.arrays().size(); i++) {
        Atom sd = seeds.get(i);
        contribute(x.arrays().get(i), e.bind("adj", x.arrays().get(i).type(), new Exp.Replicate(x.width(), sd)));
      }
    }
  }

  /**
   * {@code scan (+)} (with a fused map or not), per component: element j of the scanned values
   * gets the sum of the result's adjoints from j on (a scan of them reversed), the neutral element
   * the sum of them all.
   */
  private void reverseScan(List<Atom.Var> pat, Exp.Scan x) {
    // Differentiation runs while lowering, before fusion makes post maps.
    if (x.postf() != null) throw new IllegalStateException("reverse mode meets a scan with a post map");
    if (!isElementwiseAdd(x.op())) throw unsupported("a scan with an operator other than +");
    for (Atom ne : x.nes()) if (ne.type().isArray()) throw unsupported("a scan of arrays");
    List<Atom> sums = new ArrayList<>();
    for (int k = 0; k < pat.size(); k++) {
      PrimType t = pat.get(k).type().elem();
      Atom seed = adjointOf(pat.get(k));
      if (!(seed instanceof Atom.Var)) seed = e.bind("adj", pat.get(k).type(), new Exp.Copy(seed));
      contribute(x.nes().get(k), sum(seed));
      Atom suffix = e.bind("adj", pat.get(k).type(), new Exp.Scan(x.width(), plus(new IrType.Scalar(t)), List.of(Emit.num(t, 0)),
          null, List.of(reversed(seed, x.width()))));
      sums.add(reversed(suffix, x.width()));
    }
    if (x.mapf() != null) {
      reverseRows(x.width(), x.mapf(), x.arrays(), sums, true);
    } else {
      for (int k = 0; k < x.arrays().size(); k++) contribute(x.arrays().get(k), sums.get(k));
    }
  }

  /**
   * {@code hist (+)} (with a fused map or not): the destinations get the result's adjoint, each
   * value the adjoint of its bucket (none for an index out of range).
   */
  private void reverseHist(List<Atom.Var> pat, Exp.Hist x) {
    if (!isElementwiseAdd(x.op())) throw unsupported("a histogram with an operator other than +");
    for (Atom d : x.dests()) if (d.type().rank() != 1) throw unsupported("a histogram of arrays");
    Atom inds = x.arrays().get(0);
    if (x.mapf() != null) {
      Lambda c = fresh().lambda(x.mapf());
      inds = e.bind("inds", IrType.of(PrimType.I64, 1), new Exp.Map(x.width(),
          new Lambda(c.params(), new Body(c.body().stms(), List.of(c.body().results().get(0)))), x.arrays()));
    }
    List<Atom> valueAdjoints = new ArrayList<>();
    for (int k = 0; k < pat.size(); k++) {
      Atom rbar = adjointOf(pat.get(k));
      contribute(x.dests().get(k), rbar);
      valueAdjoints.add(gathered(rbar, inds, x.width()));
    }
    if (x.mapf() == null) {
      for (int k = 0; k < valueAdjoints.size(); k++) contribute(x.arrays().get(k + 1), valueAdjoints.get(k));
      return;
    }
    List<Atom> seeds = new ArrayList<>();
    seeds.add(e.bind("zeros", IrType.of(PrimType.I64, 1), new Exp.Replicate(x.width(), Atom.i64(0))));
    seeds.addAll(valueAdjoints);
    reverseRows(x.width(), x.mapf(), x.arrays(), seeds, true);
  }

  /**
   * {@code scatter}: each value gets the adjoint of the element it wrote (none for an index out of
   * range), the destination the result's adjoint with the written elements' set to zero. Like the
   * reference, this takes the indices written to be distinct.
   */
  private void reverseScatter(List<Atom.Var> pat, Exp.Scatter x) {
    for (Atom d : x.dests()) if (d.type().rank() != 1) throw unsupported("a scatter into arrays of arrays");
    for (int k = 0; k < pat.size(); k++) {
      IrType t = pat.get(k).type();
      Atom rbar = adjointOf(pat.get(k));
      contribute(x.vals().get(k), gathered(rbar, x.inds(), x.width()));
      Atom zeros = e.bind("zeros", t, new Exp.Replicate(x.width(), Emit.num(t.elem(), 0)));
      Atom copy = e.bind("adj", t, new Exp.Copy(rbar));
      contribute(x.dests().get(k), e.bind("adj", t, new Exp.Scatter(x.width(), List.of(copy), x.inds(), List.of(zeros))));
    }
  }

  /** {@code arr[inds[i]]} for each i below {@code w}, or 0 where {@code inds[i]} is out of range. */
  private Atom gathered(Atom arr, Atom inds, Atom w) {
    PrimType t = arr.type().elem();
    IrType i64 = new IrType.Scalar(PrimType.I64), bool = new IrType.Scalar(PrimType.BOOL);
    Atom m = e.bind("n", i64, new Exp.Shape(arr, 0));
    Atom.Var i = e.var("i", i64);
    Atom[] r = new Atom[1];
    List<Stm> body = e.collect(() -> {
      Atom ok = e.bind("c", bool, new Exp.BinOp(BinOperator.LAND, PrimType.BOOL, e.cmp(BinOperator.LE, PrimType.I64, Atom.i64(0), i),
          e.cmp(BinOperator.LT, PrimType.I64, i, m), null));
      Atom[] v = new Atom[1];
      List<Stm> then = e.collect(() -> v[0] = e.bind("adj", new IrType.Scalar(t), new Exp.Index(arr, List.of(i), null)));
      r[0] = e.bind("adj", new IrType.Scalar(t), new Exp.If(ok, new Body(then, List.of(v[0])), new Body(List.of(), List.of(Emit.num(t, 0)))));
    });
    return e.bind("adj", IrType.of(t, 1), new Exp.Map(w, new Lambda(List.of(i), new Body(body, List.of(r[0]))), List.of(inds)));
  }

  /** The elements of {@code arr} (of length {@code w}) in reverse order. */
  private Atom reversed(Atom arr, Atom w) {
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom.Var i = e.var("i", i64);
    Atom[] r = new Atom[1];
    List<Stm> body = e.collect(() -> {
      Atom j = e.sub(PrimType.I64, e.sub(PrimType.I64, w, Atom.i64(1)), i);
      r[0] = e.bind("x", arr.type().row(), new Exp.Index(arr, List.of(j), null));
    });
    Atom iota = e.bind("iota", IrType.of(PrimType.I64, 1), new Exp.Iota(w, PrimType.I64));
    return e.bind("rev", arr.type(), new Exp.Map(w, new Lambda(List.of(i), new Body(body, List.of(r[0]))), List.of(iota)));
  }

  /**
   * An operator {@code \a b -> min a b} or {@code max a b} on floats: the partials of which give a
   * tie to {@code a}, the accumulator ({@link Partials}), so forward mode's tangent is that of the
   * first element equal to the result, or of the neutral element if it equals the result.
   */
  private static boolean isMinOrMax(Lambda op) {
    Body b = op.body();
    if (op.params().size() != 2 || b.stms().size() != 1 || b.results().size() != 1) return false;
    Stm s = b.stms().get(0);
    return s.exp() instanceof Exp.PrimCall c && (c.name().equals("min") || c.name().equals("max"))
        && c.result().isFloat() && c.args().equals(List.copyOf(op.params())) && s.pattern().equals(b.results());
  }

  /**
   * {@code reduce min/max}: the result's adjoint goes to the neutral element if it equals the
   * result, else to the first element that does (through the reverse of the fused map, applied to
   * that row alone), as forward mode's tangent comes from there.
   */
  private void reverseMinMax(List<Atom.Var> pat, Exp.Reduce x) {
    for (Atom a : x.arrays()) if (a.type().rank() != 1) throw unsupported("a minimum or maximum over arrays of arrays");
    Atom.Var r = pat.get(0);
    PrimType t = r.type().elem();
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom seed = adjointOf(r), w = x.width(), ne = x.nes().get(0);
    // The index of the first element equal to the result (the width if none is).
    Atom.Var iv = e.var("i", i64);
    List<Atom.Var> ps = new ArrayList<>(List.of(iv));
    for (Atom a : x.arrays()) ps.add(e.var("x", a.type().row()));
    Atom[] at = new Atom[1];
    List<Stm> body = e.collect(() -> {
      Atom y = x.mapf() == null ? ps.get(1) : inline(x.mapf(), ps.subList(1, ps.size())).get(0);
      at[0] = e.select(e.cmp(BinOperator.EQ, t, y, r), iv, w);
    });
    Atom.Var ia = e.var("a", i64), ib = e.var("b", i64);
    Atom[] least = new Atom[1];
    List<Stm> opBody = e.collect(() -> least[0] = e.call("min", PrimType.I64, ia, ib));
    Atom iota = e.bind("iota", IrType.of(PrimType.I64, 1), new Exp.Iota(w, PrimType.I64));
    List<Atom> arrs = new ArrayList<>(List.of(iota));
    arrs.addAll(x.arrays());
    Atom idx = e.bind("idx", i64, new Exp.Reduce(w, new Lambda(List.of(ia, ib), new Body(opBody, List.of(least[0]))), List.of(w),
        new Lambda(ps, new Body(body, List.of(at[0]))), arrs, true));
    Atom toNe = e.cmp(BinOperator.EQ, t, r, ne);
    contribute(ne, e.mul(t, e.ofBool(t, toNe), seed));
    Atom toElem = e.bind("c", new IrType.Scalar(PrimType.BOOL), new Exp.BinOp(BinOperator.LAND, PrimType.BOOL,
        e.bind("c", new IrType.Scalar(PrimType.BOOL), new Exp.UnOp(io.github.futhark4j.compiler.typed.TExp.UnOperator.NOT, PrimType.BOOL, toNe)),
        e.cmp(BinOperator.LT, PrimType.I64, idx, w), null));
    // The element's contribution, in a branch taken only when there is one: the adjoints of the
    // arrays, updated at idx, and of the fused map's free variables.
    List<Atom.Var> free = x.mapf() == null ? new ArrayList<>() : freeVars(List.of(x.mapf().body()), x.mapf().params());
    free.removeIf(v -> v.type().elem().isBool());
    List<Atom.Var> arrays = new ArrayList<>();
    for (Atom a : x.arrays()) if (a instanceof Atom.Var v && !arrays.contains(v) && !constants.contains(v.name())) arrays.add(v);
    List<Atom> before = new ArrayList<>();
    for (Atom.Var v : arrays) before.add(ownedAdjoint(v));
    List<Atom> outsThen = new ArrayList<>();
    List<Stm> thenStms = e.collect(() -> {
      List<Atom> rows = new ArrayList<>();
      for (Atom a : x.arrays()) rows.add(e.bind("x", a.type().row(), new Exp.Index(a, List.of(idx), null)));
      List<Atom> rowAdj = new ArrayList<>();
      List<Atom> freeAdj = new ArrayList<>();
      if (x.mapf() == null) {
        rowAdj.add(seed);
      } else {
        Map<String, Atom> ren = new HashMap<>();
        for (int j = 0; j < x.mapf().params().size(); j++) ren.put(x.mapf().params().get(j).name(), rows.get(j));
        List<Atom.Var> wanted = new ArrayList<>(x.mapf().params());
        wanted.addAll(free);
        List<Atom> got = reverseBody(x.mapf().body(), ren, List.of(seed), wanted);
        rowAdj.addAll(got.subList(0, x.mapf().params().size()));
        freeAdj.addAll(got.subList(x.mapf().params().size(), got.size()));
      }
      List<Atom> cur = new ArrayList<>(before);
      for (int j = 0; j < x.arrays().size(); j++) {
        if (!(x.arrays().get(j) instanceof Atom.Var v) || !arrays.contains(v)) continue;
        int k = arrays.indexOf(v);
        Atom old = e.bind("adj", v.type().row(), new Exp.Index(cur.get(k), List.of(idx), null));
        cur.set(k, e.bind("adj", v.type(), new Exp.Update(cur.get(k), List.of(idx), add(old, rowAdj.get(j)), null)));
      }
      outsThen.addAll(cur);
      outsThen.addAll(freeAdj);
    });
    List<Atom> outsElse = new ArrayList<>(before);
    List<Stm> elseStms = e.collect(() -> {
      for (Atom.Var v : free) outsElse.add(e.zeros(v));
    });
    List<Atom.Var> outs = new ArrayList<>();
    for (Atom a : outsThen) outs.add(e.var("adj", a.type()));
    e.out.add(new Stm(outs, new Exp.If(toElem, new Body(thenStms, outsThen), new Body(elseStms, outsElse))));
    for (int k = 0; k < arrays.size(); k++) {
      adj.put(arrays.get(k).name(), outs.get(k));
      owned.add(arrays.get(k).name());
    }
    for (int k = 0; k < free.size(); k++) contribute(free.get(k), outs.get(arrays.size() + k));
  }

  /**
   * A reduction by any associative operator {@code op} (products, tuples of operators...): the
   * result is {@code (l_i op y_i) op r_i} for every element {@code y_i}, with {@code l_i} the
   * reduction of the elements before it and {@code r_i} of those after it (exclusive scans from
   * both ends), so each element's adjoint is the reverse of that expression in {@code y_i}. The
   * neutral elements are taken to be neutral (as the language requires): an active one is not
   * covered.
   */
  private void reverseGeneralReduce(List<Atom.Var> pat, Exp.Reduce x) {
    for (Atom ne : x.nes()) {
      if (ne.type().isArray()) throw unsupported("a reduction of arrays with an operator other than +");
      if (ne instanceof Atom.Var v && !inactive.contains(v.name())) throw unsupported("a reduction whose neutral element is differentiated");
    }
    int m = x.nes().size();
    Atom w = x.width();
    List<Atom> ys = new ArrayList<>(x.arrays());
    if (x.mapf() != null) {
      ys = new ArrayList<>(e.bindAll("y", x.nes().stream().map(ne -> IrType.of(ne.type().elem(), 1)).toList(),
          new Exp.Map(w, fresh().lambda(x.mapf()), x.arrays())));
    }
    // Inclusive scans from the front (op) and from the back (op with its arguments swapped).
    List<IrType> rowTypes = x.nes().stream().map(Atom::type).toList(), arrTypes = rowTypes.stream().map(t -> IrType.of(t.elem(), 1)).toList();
    List<Atom> front = new ArrayList<>(e.bindAll("scan", arrTypes, new Exp.Scan(w, renamedOp(x.op(), false), x.nes(), null, ys)));
    List<Atom> backwards = new ArrayList<>();
    for (Atom y : ys) backwards.add(reversed(y, w));
    List<Atom> back = new ArrayList<>(e.bindAll("scan", arrTypes, new Exp.Scan(w, renamedOp(x.op(), true), x.nes(), null, backwards)));
    // l_i = front[i - 1] (ne at 0); r_i = back[n - 2 - i] (ne at n - 1)
    List<Atom> ls = new ArrayList<>(), rs = new ArrayList<>();
    for (int k = 0; k < m; k++) {
      ls.add(shifted(front.get(k), x.nes().get(k), w, false));
      rs.add(shifted(back.get(k), x.nes().get(k), w, true));
    }
    // g(y, l, r) = (l op y) op r, reversed per element with the result's adjoints as seeds
    List<Atom.Var> yp = new ArrayList<>(), lp = new ArrayList<>(), rp = new ArrayList<>();
    for (IrType t : rowTypes) {
      yp.add(e.var("y", t));
      lp.add(e.var("l", t));
      rp.add(e.var("r", t));
    }
    List<Atom> out = new ArrayList<>();
    List<Stm> body = e.collect(() -> {
      List<Atom> t = applyOp(x.op(), lp, yp);
      out.addAll(applyOp(x.op(), t, rp));
    });
    List<Atom.Var> params = new ArrayList<>(yp);
    params.addAll(lp);
    params.addAll(rp);
    List<Atom> arrays = new ArrayList<>(ys);
    arrays.addAll(ls);
    arrays.addAll(rs);
    List<Atom> seeds = new ArrayList<>();
    for (Atom.Var p : pat) seeds.add(adjointOf(p));
    reverseRows(w, new Lambda(params, new Body(body, out)), arrays, seeds, false);
    if (x.mapf() != null) {
      List<Atom> ybar = new ArrayList<>();
      for (Atom y : ys) ybar.add(adjointOf((Atom.Var) y));
      reverseRows(w, x.mapf(), x.arrays(), ybar, true);
    }
  }

  /** A renamed copy of the operator {@code op}, with its two arguments swapped when {@code swap}. */
  private Lambda renamedOp(Lambda op, boolean swap) {
    Lambda c = fresh().lambda(op);
    if (!swap) return c;
    int m = op.params().size() / 2;
    List<Atom.Var> ps = new ArrayList<>(c.params().subList(m, 2 * m));
    ps.addAll(c.params().subList(0, m));
    return new Lambda(ps, c.body());
  }

  /** Emits {@code op a b} inline; returns its results. */
  private List<Atom> applyOp(Lambda op, List<? extends Atom> a, List<? extends Atom> b) {
    List<Atom> args = new ArrayList<>(a);
    args.addAll(b);
    return inline(op, args);
  }

  /** Emits a renamed copy of {@code f}'s body with its parameters bound to {@code args}; returns its results. */
  private List<Atom> inline(Lambda f, List<? extends Atom> args) {
    Map<String, Atom> ren = new HashMap<>();
    for (int k = 0; k < f.params().size(); k++) ren.put(f.params().get(k).name(), args.get(k));
    Body copy = new Renamer(e, ren).body(f.body());
    e.out.addAll(copy.stms());
    return copy.results();
  }

  /**
   * {@code with_vjp f f' x}: the user's adjoint {@code f'}, given {@code f}'s results (the
   * statement's own variables, computed by the forward sweep) and their adjoints, gives the
   * adjoints of the arguments. Booleans get none; {@code f}'s free variables get none either
   * (the language reference says so).
   */
  private void reverseWithVjp(List<Atom.Var> pat, Exp.WithVjp x) {
    List<Atom> in = new ArrayList<>(pat);
    for (Atom.Var p : pat) in.add(adjointOf(p)); // false for booleans
    List<Atom> contribs = inline(x.adjoint(), in);
    for (int k = 0; k < x.args().size(); k++) {
      if (!x.args().get(k).type().elem().isBool()) contribute(x.args().get(k), contribs.get(k));
    }
  }

  /** A renamer for a fresh copy of code (every name it binds renamed, nothing bound outside). */
  private Renamer fresh() {
    return new Renamer(e, new HashMap<>());
  }

  /**
   * The exclusive scan from an inclusive one of length {@code w}: element i is {@code inc[i - 1]}
   * ({@code ne} at 0); {@code fromBack}: {@code inc} scanned the elements in reverse, and element i
   * is {@code inc[w - 2 - i]} ({@code ne} at {@code w - 1}).
   */
  private Atom shifted(Atom inc, Atom ne, Atom w, boolean fromBack) {
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom.Var i = e.var("i", i64);
    Atom[] r = new Atom[1];
    List<Stm> body = e.collect(() -> {
      Atom edge = fromBack ? e.sub(PrimType.I64, w, Atom.i64(1)) : Atom.i64(0);
      Atom c = e.cmp(BinOperator.EQ, PrimType.I64, i, edge);
      Atom[] v = new Atom[1];
      List<Stm> other = e.collect(() -> {
        Atom j = fromBack ? e.sub(PrimType.I64, e.sub(PrimType.I64, w, Atom.i64(2)), i) : e.sub(PrimType.I64, i, Atom.i64(1));
        v[0] = e.bind("x", ne.type(), new Exp.Index(inc, List.of(j), null));
      });
      r[0] = e.bind("x", ne.type(), new Exp.If(c, new Body(List.of(), List.of(ne)), new Body(other, List.of(v[0]))));
    });
    Atom iota = e.bind("iota", IrType.of(PrimType.I64, 1), new Exp.Iota(w, PrimType.I64));
    return e.bind("ex", inc.type(), new Exp.Map(w, new Lambda(List.of(i), new Body(body, List.of(r[0]))), List.of(iota)));
  }

  /** An operator {@code \(a..., b...) -> (a1 + b1, ...)} on numbers. */
  private static boolean isElementwiseAdd(Lambda op) {
    int m = op.params().size() / 2;
    Body b = op.body();
    if (b.results().size() != m || b.stms().size() != m) return false;
    for (int k = 0; k < m; k++) {
      Stm s = b.stms().get(k);
      if (!(s.exp() instanceof Exp.BinOp bo) || bo.op() != BinOperator.ADD || bo.type().isBool()) return false;
      if (s.pattern().size() != 1 || !b.results().contains(s.pattern().get(0))) return false;
      int r = b.results().indexOf(s.pattern().get(0));
      Atom.Var a = op.params().get(r), c = op.params().get(r + m);
      boolean ok = bo.x().equals(a) && bo.y().equals(c) || bo.x().equals(c) && bo.y().equals(a);
      if (!ok) return false;
    }
    return true;
  }
}

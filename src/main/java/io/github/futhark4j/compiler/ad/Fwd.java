package io.github.futhark4j.compiler.ad;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Forward-mode automatic differentiation of the first-order IR ({@code jvp}): every value gets a
 * tangent of the same type, computed alongside it (integers and booleans too, differentiated as the
 * reference does: see {@link Partials}). Statements are transformed one by one: the primal statement is kept
 * and the statements computing the tangents of what it binds follow it; control flow and SOACs carry
 * their tangents along (a map's lambda is transformed and maps over the tangents too; a reduction
 * reduces pairs of values and tangents with the transformed operator; and so on). Free variables of
 * the differentiated code are constants: their tangents are zero.
 */
public final class Fwd {
  private final Emit e;
  /** The tangent of each primal variable in scope that has one . */
  private Map<String, Atom> tans = new HashMap<>();

  public Fwd(Function<String, String> fresh) {
    this.e = new Emit(fresh);
  }

  /** Thrown for code the transformation does not support (a primitive without a derivative). */
  public static final class Unsupported extends RuntimeException {
    public Unsupported(String message) { super(message, null, false, false); }
  }

  /**
   * The derivative of {@code f}: parameters {@code xs ++ dxs}, results {@code ys ++ dys}, one
   * tangent per parameter and result, of its type.
   */
  public Lambda jvp(Lambda f) {
    List<Atom.Var> params = new ArrayList<>(f.params());
    Map<String, Atom> saved = tans;
    tans = new HashMap<>();
    try {
      for (Atom.Var p : f.params()) {
        Atom.Var dp = e.var(p.name() + "_tan", p.type());
        params.add(dp);
        tans.put(p.name(), dp);
      }
      List<Atom> results = new ArrayList<>();
      List<Stm> stms = e.collect(() -> {
        for (Stm s : f.body().stms()) stm(s);
        results.addAll(f.body().results());
        for (Atom r : f.body().results()) results.add(tan(r));
      });
      return new Lambda(params, new Body(stms, results));
    } catch (Partials.NoDerivative x) {
      throw new Unsupported("automatic differentiation of " + x.getMessage() + ", which has no derivative");
    } finally {
      tans = saved;
    }
  }


  /** The tangent of an atom: zero for constants, integers, booleans and free variables. */
  private Atom tan(Atom a) {
    if (a instanceof Atom.Var v && tans.containsKey(v.name())) return tans.get(v.name());
    return zeroLike(a);
  }

  private Atom zeroLike(Atom a) {
    Atom z = e.zeros(a);
    if (a.type().rank() == 0) return z;
    if (a instanceof Atom.Var v) tans.put(v.name(), z);
    return z;
  }

  /** A body with its results followed by the tangents of its results. */
  private Body body(Body b) {
    Map<String, Atom> saved = new HashMap<>(tans);
    try {
      List<Atom> results = new ArrayList<>(b.results());
      List<Stm> stms = e.collect(() -> {
        for (Stm s : b.stms()) stm(s);
        for (Atom r : b.results()) results.add(tan(r));
      });
      return new Body(stms, results);
    } finally {
      tans = saved;
    }
  }

  /**
   * A lambda with parameters {@code params ++ tangents of the parameters} (or, with
   * {@code interleave}, each half of the parameters followed by its tangents: an operator on pairs)
   * and results {@code results ++ tangents of the results}.
   */
  private Lambda lambda(Lambda f, boolean interleave) {
    Map<String, Atom> saved = new HashMap<>(tans);
    try {
      List<Atom.Var> ps = f.params();
      List<List<Atom.Var>> groups = interleave ? List.of(ps.subList(0, ps.size() / 2), ps.subList(ps.size() / 2, ps.size())) : List.of(ps);
      List<Atom.Var> params = new ArrayList<>();
      for (List<Atom.Var> g : groups) {
        params.addAll(g);
        for (Atom.Var p : g) {
          Atom.Var dp = e.var(p.name() + "_tan", p.type());
          params.add(dp);
          tans.put(p.name(), dp);
        }
      }
      return new Lambda(params, body(f.body()));
    } finally {
      tans = saved;
    }
  }

  /** The tangents of the atoms among {@code as}. */
  private List<Atom> tangentsOf(List<Atom> as) {
    List<Atom> out = new ArrayList<>();
    for (Atom a : as) out.add(tan(a));
    return out;
  }

  private static List<Atom> concat(List<? extends Atom> a, List<? extends Atom> b) {
    List<Atom> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** Binds the pattern's variables' tangents to new variables, returned in order. */
  private List<Atom.Var> tanPattern(List<Atom.Var> pattern) {
    List<Atom.Var> out = new ArrayList<>();
    for (Atom.Var p : pattern) {
      Atom.Var dp = e.var(p.name() + "_tan", p.type());
      out.add(dp);
      tans.put(p.name(), dp);
    }
    return out;
  }

  private void emit(List<Atom.Var> pattern, Exp x) {
    e.out.add(new Stm(pattern, x));
  }

  private void stm(Stm s) {
    List<Atom.Var> pat = s.pattern();
    Atom.Var p0 = pat.isEmpty() ? null : pat.get(0);
    switch (s.exp()) {
      case Exp.AtomE a -> {
        emit(pat, a);
        tans.put(p0.name(), tan(a.atom()));
      }
      case Exp.BinOp b -> {
        emit(pat, b);
        PrimType rt = p0.type().elem();
        if (rt != b.type()) { // a comparison: a constant
          tans.put(p0.name(), Emit.num(rt, 0));
          return;
        }
        Atom[] pd = Partials.binOp(e, b.op(), b.type(), b.x(), b.y());
        tans.put(p0.name(), Partials.chain(e, rt, pd, List.of(tan(b.x()), tan(b.y()))));
      }
      case Exp.UnOp u -> {
        emit(pat, u);
        switch (u.op()) {
          case NEG -> tans.put(p0.name(), u.type().isBool() ? e.mul(u.type(), tan(u.x()), u.x()) : e.neg(u.type(), tan(u.x())));
          // As the reference's partials: ! on a boolean has the argument as its partial, an integer's
          // complement the complement.
          case NOT -> tans.put(p0.name(), e.mul(u.type(), tan(u.x()), u.x()));
          case COMPLEMENT -> tans.put(p0.name(), e.mul(u.type(), tan(u.x()), p0));
        }
      }
      case Exp.Convert c -> {
        emit(pat, c);
        tans.put(p0.name(), e.convert(c.to(), tan(c.x())));
      }
      case Exp.PrimCall c -> {
        emit(pat, c);
        Atom[] pd = Partials.call(e, c.name(), c.result(), c.args());
        tans.put(p0.name(), Partials.chain(e, c.result(), pd, c.args().stream().map(this::tan).toList()));
      }
      case Exp.Shape x -> emit(pat, x);
      case Exp.Iota x -> emit(pat, x);
      case Exp.Range x -> emit(pat, x);
      case Exp.Assert x -> emit(pat, x);
      case Exp.Index x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Index(tan(x.array()), x.indices(), x.span())));
      }
      case Exp.Slice x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Slice(tan(x.array()), x.dims(), x.span())));
      }
      case Exp.Update x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Update(tan(x.array()), x.indices(), tan(x.value()), x.span())));
      }
      case Exp.UpdateSlice x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.UpdateSlice(tan(x.array()), x.dims(), tan(x.value()), x.span())));
      }
      case Exp.ArrayLit x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.ArrayLit(x.elements().stream().map(this::tan).toList(), x.type(), x.span())));
      }
      case Exp.Replicate x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Replicate(x.n(), tan(x.value()))));
      }
      case Exp.Copy x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Copy(tan(x.array()))));
      }
      case Exp.Concat x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Concat(x.arrays().stream().map(this::tan).toList(), x.span())));
      }
      case Exp.Transpose x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Transpose(tan(x.array()))));
      }
      case Exp.Flatten x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Flatten(tan(x.array()))));
      }
      case Exp.Unflatten x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Unflatten(x.n(), x.m(), tan(x.array()), x.span())));
      }
      case Exp.Rotate x -> {
        emit(pat, x);
        tans.put(p0.name(), e.bind(p0.name() + "_tan", p0.type(), new Exp.Rotate(x.amount(), tan(x.array()))));
      }
      case Exp.If x -> {
        Body t = body(x.then()), f = body(x.otherwise());
        emit(concat(pat, tanPattern(pat)).stream().map(a -> (Atom.Var) a).toList(), new Exp.If(x.cond(), t, f));
      }
      case Exp.Loop x -> {
        List<Atom.Var> params = new ArrayList<>(x.params());
        List<Atom> inits = new ArrayList<>(x.inits());
        Map<String, Atom> saved = new HashMap<>(tans);
        List<Atom> dinits = tangentsOf(x.inits());
        for (Atom.Var p : x.params()) {
          Atom.Var dp = e.var(p.name() + "_tan", p.type());
          params.add(dp);
          tans.put(p.name(), dp);
        }
        inits.addAll(dinits);
        Body b = body(x.body());
        tans = saved;
        emit(concat(pat, tanPattern(pat)).stream().map(a -> (Atom.Var) a).toList(), new Exp.Loop(params, inits, x.form(), b));
      }
      case Exp.Map x -> {
        Lambda f = lambda(x.f(), false);
        List<Atom> arrays = concat(x.arrays(), tangentsOf(x.arrays()));
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Map(x.width(), f, arrays));
      }
      case Exp.Reduce x -> {
        Lambda op = lambda(x.op(), true);
        Lambda mapf = x.mapf() == null ? null : lambda(x.mapf(), false);
        List<Atom> nes = concat(x.nes(), tangentsOf(x.nes()));
        List<Atom> arrays = concat(x.arrays(), tangentsOf(x.arrays()));
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Reduce(x.width(), op, nes, mapf, arrays, x.commutative()));
      }
      case Exp.Scan x -> {
        // Differentiation runs while lowering, before fusion makes post maps.
        if (x.postf() != null) throw new IllegalStateException("forward mode meets a scan with a post map");
        Lambda op = lambda(x.op(), true);
        Lambda mapf = x.mapf() == null ? null : lambda(x.mapf(), false);
        List<Atom> nes = concat(x.nes(), tangentsOf(x.nes()));
        List<Atom> arrays = concat(x.arrays(), tangentsOf(x.arrays()));
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Scan(x.width(), op, nes, mapf, arrays));
      }
      case Exp.Filter x -> {
        List<Atom> dts = tangentsOf(x.arrays());
        Lambda pred = ignoring(x.pred(), dts);
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Filter(x.width(), pred, concat(x.arrays(), dts)));
      }
      case Exp.Partition x -> {
        List<Atom> dts = tangentsOf(x.arrays());
        Lambda cls = ignoring(x.cls(), dts);
        List<Atom.Var> arrays = pat.subList(0, pat.size() - 1);
        List<Atom.Var> np = new ArrayList<>(arrays);
        np.addAll(tanPattern(arrays));
        np.add(pat.get(pat.size() - 1));
        emit(np, new Exp.Partition(x.width(), x.k(), cls, concat(x.arrays(), dts)));
      }
      case Exp.Hist x -> {
        Lambda op = lambda(x.op(), true);
        List<Atom> nes = concat(x.nes(), tangentsOf(x.nes()));
        List<Atom> dests = concat(x.dests(), tangentsOf(x.dests()));
        Lambda mapf;
        List<Atom> arrays;
        if (x.mapf() != null) {
          mapf = lambda(x.mapf(), false);
          arrays = concat(x.arrays(), tangentsOf(x.arrays()));
        } else {
          mapf = null;
          // The index array, the value arrays, then the values' tangents.
          arrays = concat(x.arrays(), tangentsOf(x.arrays().subList(1, x.arrays().size())));
        }
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Hist(x.width(), op, nes, dests, mapf, arrays));
      }
      case Exp.Scatter x -> {
        List<Atom> dests = new ArrayList<>(x.dests()), vals = new ArrayList<>(x.vals());
        for (int i = 0; i < x.dests().size(); i++) {
          dests.add(tan(x.dests().get(i)));
          vals.add(tan(x.vals().get(i)));
        }
        emit(vars(concat(pat, tanPattern(pat))), new Exp.Scatter(x.width(), dests, x.inds(), vals));
      }
      case Exp.Call c -> throw new Unsupported("automatic differentiation through a call of a recursive function (at "
          + c.span().render() + ")");
      // Forward mode differentiates f itself (as the reference does): the custom adjoint is for reverse sweeps.
      case Exp.WithVjp x -> {
        Map<String, Atom> args = new HashMap<>();
        for (int k = 0; k < x.f().params().size(); k++) args.put(x.f().params().get(k).name(), x.args().get(k));
        Body f = new Renamer(e, args).body(x.f().body());
        for (Stm t : f.stms()) stm(t);
        for (int k = 0; k < pat.size(); k++) stm(new Stm(List.of(pat.get(k)), new Exp.AtomE(f.results().get(k))));
      }
      default -> throw new Unsupported("automatic differentiation of " + s.exp().getClass().getSimpleName());
    }
  }

  /** {@code f} taking extra parameters for {@code extra} (the tangents it carries along and ignores). */
  private Lambda ignoring(Lambda f, List<Atom> extra) {
    List<Atom.Var> params = new ArrayList<>(f.params());
    for (Atom a : extra) params.add(e.var("ignored", a.type().row()));
    return new Lambda(params, f.body());
  }

  private static List<Atom.Var> vars(List<? extends Atom> as) {
    return as.stream().map(a -> (Atom.Var) a).toList();
  }
}

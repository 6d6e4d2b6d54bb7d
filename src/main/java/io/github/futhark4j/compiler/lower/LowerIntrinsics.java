package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.RowShapes;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.ad.Fwd;
import io.github.futhark4j.compiler.ad.Rev;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The meaning of each intrinsic ({@link io.github.futhark4j.compiler.typed.Intrinsics}) as IR.
 * Function arguments of SOACs are specialised into {@link Lambda}s here.
 */
final class LowerIntrinsics {
  private final Lowerer l;

  LowerIntrinsics(Lowerer l) { this.l = l; }

  /** A lambda made from a closure, and the structure of the values it returns. */
  record LamRes(Lambda lambda, V result) {}

  /** Specialises {@code fn} for arguments shaped like {@code templates} (leaf types mapped by {@code ty}). */
  LamRes lambda(V fn, List<V> templates, UnaryOperator<IrType> ty, Span span) {
    List<Atom.Var> params = new ArrayList<>();
    List<V> args = new ArrayList<>();
    for (V t : templates) {
      List<Atom> ps = new ArrayList<>();
      for (Atom a : V.leaves(t)) {
        Atom.Var p = l.b.var("x", ty.apply(a.type()));
        params.add(p);
        ps.add(p);
      }
      args.add(V.rebuild(t, ps.iterator()));
    }
    V[] res = new V[1];
    Body body = l.b.block(() -> {
      res[0] = l.apply(fn, args, span);
      return V.leaves(res[0]);
    });
    return new LamRes(new Lambda(params, body), res[0]);
  }

  private List<Atom> leavesOf(List<V> vs) {
    List<Atom> out = new ArrayList<>();
    for (V v : vs) out.addAll(V.leaves(v));
    return out;
  }

  /** The common outer size of the arrays, checked at run time. */
  private Atom width(List<Atom> arrays, Span span) {
    if (arrays.isEmpty()) {
      // An array of values without data (of () or of empty records) has no leaf to carry its shape.
      throw new LowerException("arrays of values without data (such as [n]()) as SOAC inputs, at " + span);
    }
    Atom w = l.b.shape(arrays.get(0), 0);
    for (int i = 1; i < arrays.size(); i++) {
      l.b.checkEq(l.b.shape(arrays.get(i), 0), w, "Sizes of arrays do not match: %lld and %lld.", span);
    }
    return w;
  }

  private static Atom leaf(V v) {
    if (v instanceof V.Leaf l) return l.atom();
    throw new LowerException("expected a primitive or array argument");
  }

  V apply(String name, Type type, List<V> args, Span span) {
    return switch (name) {
      case "map", "map2", "map3", "map4", "map5" -> {
        List<V> arrs = args.subList(1, args.size());
        List<Atom> leaves = leavesOf(arrs);
        Atom w = width(leaves, span);
        LamRes f = lambda(args.get(0), arrs, IrType::row, span);
        List<Atom.Var> outs = l.b.bindN("map", new Exp.Map(w, f.lambda(), leaves));
        yield V.rebuild(f.result(), keepRowShape(outs, Lowerer.resultType(type), w, f.lambda(), leaves).iterator());
      }
      case "reduce", "reduce_comm" -> {
        V ne = args.get(1);
        List<Atom> xs = V.leaves(args.get(2));
        Atom w = width(xs, span);
        LamRes op = lambda(args.get(0), List.of(ne, ne), t -> t, span);
        yield V.rebuild(ne, l.b.bindN("red", new Exp.Reduce(w, op.lambda(), V.leaves(ne), null, xs,
            name.equals("reduce_comm"))).iterator());
      }
      case "scan" -> {
        V ne = args.get(1);
        List<Atom> xs = V.leaves(args.get(2));
        Atom w = width(xs, span);
        LamRes op = lambda(args.get(0), List.of(ne, ne), t -> t, span);
        yield V.rebuild(ne, l.b.bindN("scan", new Exp.Scan(w, op.lambda(), V.leaves(ne), null, xs)).iterator());
      }
      case "filter" -> {
        List<Atom> xs = V.leaves(args.get(1));
        Atom w = width(xs, span);
        LamRes p = lambda(args.get(0), List.of(args.get(1)), IrType::row, span);
        yield V.rebuild(args.get(1), l.b.bindN("filter", new Exp.Filter(w, p.lambda(), xs)).iterator());
      }
      case "partition" -> Partition.lower(l, this, args, span);
      case "hist" -> {
        V ne = args.get(1);
        Atom is = leaf(args.get(3));
        List<Atom> vs = V.leaves(args.get(4));
        Atom w = width(concat(List.of(is), vs), span);
        LamRes op = lambda(args.get(0), List.of(ne, ne), t -> t, span);
        yield V.rebuild(args.get(2), l.b.bindN("hist", new Exp.Hist(w, op.lambda(), V.leaves(ne),
            V.leaves(args.get(2)), is, vs)).iterator());
      }
      case "scatter" -> {
        Atom is = leaf(args.get(1));
        List<Atom> vs = V.leaves(args.get(2));
        Atom w = width(concat(List.of(is), vs), span);
        yield V.rebuild(args.get(0), l.b.bindN("scatter", new Exp.Scatter(w, V.leaves(args.get(0)), is, vs)).iterator());
      }
      case "iota" -> new V.Leaf(l.b.bind("iota", new Exp.Iota(leaf(args.get(0)), PrimType.I64)));
      case "replicate" -> {
        Atom n = leaf(args.get(0));
        yield l.map(args.get(1), a -> l.b.bind("rep", new Exp.Replicate(n, a)));
      }
      case "concat" -> {
        List<Atom> xs = V.leaves(args.get(0)), ys = V.leaves(args.get(1));
        List<Atom> out = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) out.add(l.b.bind("concat", new Exp.Concat(List.of(xs.get(i), ys.get(i)), span)));
        yield V.rebuild(args.get(0), out.iterator());
      }
      case "flatten" -> l.map(args.get(0), a -> l.b.bind("flat", new Exp.Flatten(a)));
      case "unflatten" -> {
        Atom n = leaf(args.get(0)), m = leaf(args.get(1));
        yield l.map(args.get(2), a -> l.b.bind("unflat", new Exp.Unflatten(n, m, a, span)));
      }
      case "transpose" -> l.map(args.get(0), a -> l.b.bind("tr", new Exp.Transpose(a)));
      case "rotate" -> {
        Atom r = leaf(args.get(0));
        yield l.map(args.get(1), a -> l.b.bind("rot", new Exp.Rotate(r, a)));
      }
      case "zip" -> {
        List<Atom> all = concat(V.leaves(args.get(0)), V.leaves(args.get(1)));
        if (!all.isEmpty()) width(all, span);
        yield V.Rec.of(Map.of("0", args.get(0), "1", args.get(1)));
      }
      case "unzip", "opaque", "manifest", "trace", "break" -> args.get(0);
      case "length" -> {
        List<Atom> ls = V.leaves(args.get(0));
        if (ls.isEmpty()) throw new LowerException("length of an array without data");
        // length xs d (checker-made only): the size of dimension d, read without indexing a row.
        int d = args.size() > 1 ? (int) ((Atom.Const) leaf(args.get(1))).value().bits() : 0;
        yield new V.Leaf(l.b.shape(ls.get(0), d));
      }
      case "copy" -> l.map(args.get(0), a -> a.type().isArray() ? l.b.bind("copy", new Exp.Copy(a)) : a);
      case "convert" -> {
        PrimType to = ((Type.Prim) Lowerer.resultType(type)).prim();
        yield new V.Leaf(l.b.bind("conv", new Exp.Convert(to, leaf(args.get(0)))));
      }
      case "scatter_2d", "scatter_3d" -> scatterNd(name.equals("scatter_2d") ? 2 : 3, args, span);
      case "jvp2" -> jvp2(args, span);
      case "jmp2" -> jmp2(args, span);
      case "vjp2" -> vjp2(args, span);
      case "mjp2" -> mjp2(args, span);
      case "with_vjp" -> withVjp(args, span);
      default -> {
        if (!(Lowerer.resultType(type) instanceof Type.Prim rp)) throw new LowerException("unknown intrinsic " + name);
        List<Atom> as = new ArrayList<>();
        for (V a : args) as.add(leaf(a));
        yield new V.Leaf(l.b.bind(name, new Exp.PrimCall(name, as, rp.prim())));
      }
    };
  }

  /** {@code f} specialised for {@code x} and differentiated in forward mode ({@link Fwd#jvp}). */
  private record Jvp(Lambda lambda, V result, int results) {}

  private Jvp jvp(V f, V x, Span span) {
    LamRes lr = lambda(f, List.of(x), t -> t, span);
    try {
      return new Jvp(new Fwd(l.b::fresh).jvp(lr.lambda()), lr.result(), lr.lambda().body().results().size());
    } catch (Fwd.Unsupported e) {
      throw new LowerException(e.getMessage() + ", at " + span);
    }
  }

  /** The statements of {@code lam} with its parameters bound to {@code args}; its results. */
  private List<Atom> inline(Lambda lam, List<Atom> args) {
    for (int i = 0; i < args.size(); i++) l.b.add(new Stm(List.of(lam.params().get(i)), new Exp.AtomE(args.get(i))));
    for (Stm s : lam.body().stms()) l.b.add(s);
    return lam.body().results();
  }

  /**
   * Tangents may be updated in place where the primal is (a unique parameter updated), but the
   * tangent argument need not be unique: the derivative gets its own copy of array tangents.
   */
  private List<Atom> ownTangents(List<Atom> tangents) {
    List<Atom> out = new ArrayList<>();
    for (Atom a : tangents) out.add(a.type().isArray() ? l.b.bind("tan", new Exp.Copy(a)) : a);
    return out;
  }

  /** {@code jvp2 f x x'}: the primal result and its tangent, in one pass. */
  private V jvp2(List<V> args, Span span) {
    Jvp d = jvp(args.get(0), args.get(1), span);
    List<Atom> in = concat(V.leaves(args.get(1)), ownTangents(V.leaves(args.get(2))));
    List<Atom> res = inline(d.lambda(), in);
    V primal = V.rebuild(d.result(), res.subList(0, d.results()).iterator());
    V tangent = V.rebuild(d.result(), res.subList(d.results(), res.size()).iterator());
    return V.Rec.of(Map.of("0", primal, "1", tangent));
  }

  /**
   * {@code jmp2 f x xs'}: the primal result, and the tangent for each seed of {@code xs'} (a map of
   * the derivative over the seeds, the primal inputs free in it).
   */
  private V jmp2(List<V> args, Span span) {
    LamRes p = lambda(args.get(0), List.of(args.get(1)), t -> t, span);
    V primal = V.rebuild(p.result(), inline(p.lambda(), V.leaves(args.get(1))).iterator());
    Jvp d = jvp(args.get(0), args.get(1), span);
    List<Atom> xs = V.leaves(args.get(1)), seeds = V.leaves(args.get(2));
    Atom n = seeds.isEmpty() ? null : width(seeds, span);
    if (n == null) throw new LowerException("jmp of a function of a value without data, at " + span);
    Lambda lam = d.lambda();
    List<Atom.Var> tanParams = lam.params().subList(xs.size(), lam.params().size());
    List<Stm> stms = new ArrayList<>();
    for (int i = 0; i < xs.size(); i++) stms.add(new Stm(List.of(lam.params().get(i)), new Exp.AtomE(xs.get(i))));
    stms.addAll(lam.body().stms());
    List<Atom> res = lam.body().results();
    Lambda perSeed = new Lambda(tanParams, new Body(stms, res.subList(d.results(), res.size())));
    List<Atom.Var> outs = l.b.bindN("jmp", new Exp.Map(n, perSeed, seeds));
    return V.Rec.of(Map.of("0", primal, "1", V.rebuild(d.result(), outs.iterator())));
  }

  /**
   * {@code vjp2 f x y'}: the primal result and the cotangent of {@code x} for the seed {@code y'}.
   * Each scalar of {@code x} gets {@code <J e_k, y'>}: the forward-mode derivative along the k-th
   * A reverse sweep ({@link Rev}) where it covers {@code f}'s code; elsewhere each scalar of
   * {@code x} gets {@code <J e_k, y'>}: the forward-mode derivative along the k-th basis vector,
   * dotted with the seed (a map over the scalars of each part of {@code x}), exact but one forward
   * pass per scalar of {@code x}.
   */
  private V vjp2(List<V> args, Span span) {
    LamRes p = lambda(args.get(0), List.of(args.get(1)), t -> t, span);
    List<Atom> xs = V.leaves(args.get(1));
    Lambda rev = reverse(p.lambda());
    if (rev != null) {
      List<Atom> res = inline(rev, concat(xs, V.leaves(args.get(2))));
      int n = p.lambda().body().results().size();
      V primal = V.rebuild(p.result(), res.subList(0, n).iterator());
      return V.Rec.of(Map.of("0", primal, "1", V.rebuild(args.get(1), res.subList(n, res.size()).iterator())));
    }
    V primal = V.rebuild(p.result(), inline(p.lambda(), xs).iterator());
    List<Atom> adj = cotangents(args.get(0), args.get(1), V.leaves(args.get(2)), span);
    return V.Rec.of(Map.of("0", primal, "1", V.rebuild(args.get(1), adj.iterator())));
  }

  /** The reverse sweep of {@code f} ({@link Rev}), or null where it does not cover {@code f}'s code. */
  private Lambda reverse(Lambda f) {
    try {
      return new Rev(l.b::fresh).vjp(f);
    } catch (Fwd.Unsupported u) {
      return null;
    }
  }

  /** {@code mjp2 f x ys'}: the primal result and, for each seed of {@code ys'}, the cotangent of {@code x}. */
  private V mjp2(List<V> args, Span span) {
    LamRes p = lambda(args.get(0), List.of(args.get(1)), t -> t, span);
    V primal = V.rebuild(p.result(), inline(p.lambda(), V.leaves(args.get(1))).iterator());
    List<Atom> seeds = V.leaves(args.get(2));
    Atom n = seeds.isEmpty() ? null : width(seeds, span);
    if (n == null) throw new LowerException("mjp of a function of a value without data, at " + span);
    List<Atom.Var> rows = new ArrayList<>();
    for (Atom sd : seeds) rows.add(l.b.var("seed", sd.type().row()));
    LamRes q = lambda(args.get(0), List.of(args.get(1)), t -> t, span);
    Lambda rev = reverse(q.lambda());
    int nres = q.lambda().body().results().size();
    Lambda perSeed = new Lambda(rows, l.b.block(() -> rev != null
        ? new ArrayList<>(inline(rev, concat(V.leaves(args.get(1)), new ArrayList<>(rows))).subList(nres, rev.body().results().size()))
        : cotangents(args.get(0), args.get(1), new ArrayList<>(rows), span)));
    List<Atom.Var> outs = l.b.bindN("mjp", new Exp.Map(n, perSeed, seeds));
    return V.Rec.of(Map.of("0", primal, "1", V.rebuild(args.get(1), outs.iterator())));
  }

  /**
   * {@code with_vjp f f' x}: {@code f x}, kept with the custom adjoint {@code f'} (specialised to
   * take {@code f}'s results and then their adjoints) as one {@link Exp.WithVjp} statement, which
   * a reverse sweep of the code around it uses ({@link Rev}) and {@link WithVjps} turns into
   * {@code f}'s code when lowering ends.
   */
  private V withVjp(List<V> args, Span span) {
    LamRes p = lambda(args.get(0), List.of(args.get(2)), t -> t, span);
    LamRes adj = lambda(args.get(1), List.of(p.result(), p.result()), t -> t, span);
    List<Atom.Var> outs = l.b.bindN("with_vjp", new Exp.WithVjp(V.leaves(args.get(2)), p.lambda(), adj.lambda()));
    return V.rebuild(p.result(), outs.iterator());
  }

  /** The cotangent of each leaf of {@code x} for the seed leaves {@code ybar} (see {@link #vjp2}). */
  private List<Atom> cotangents(V f, V x, List<Atom> ybar, Span span) {
    Builder b = l.b;
    List<Atom> xs = V.leaves(x);
    List<Atom> out = new ArrayList<>();
    IrType i64 = new IrType.Scalar(PrimType.I64);
    for (int j = 0; j < xs.size(); j++) {
      Atom xj = xs.get(j);
      PrimType tj = xj.type().elem();
      if (tj.isBool()) {
        out.add(zeros(xj));
        continue;
      }
      int rank = xj.type().rank();
      Atom count = Atom.i64(1);
      for (int d = 0; d < rank; d++) count = b.binop(BinOperator.MUL, PrimType.I64, count, b.shape(xj, d));
      Atom.Var k = b.var("k", i64);
      final int jj = j;
      final Atom total = count;
      Body body = b.block(() -> {
        List<Atom> seeds = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) seeds.add(i == jj ? basis(xs.get(i), total, k) : zeros(xs.get(i)));
        Jvp d = jvp(f, x, span);
        List<Atom> res = inline(d.lambda(), concat(xs, seeds));
        List<Atom> dys = res.subList(d.results(), res.size());
        Atom sum = num(tj, 0);
        for (int r = 0; r < dys.size() && r < ybar.size(); r++) {
          Atom dot = dot(dys.get(r), ybar.get(r));
          if (dot == null) continue;
          if (dot.type().elem() != tj) dot = b.bind("conv", new Exp.Convert(tj, dot));
          sum = b.binop(BinOperator.ADD, tj, sum, dot);
        }
        return List.of(sum);
      });
      Atom flat = b.bind("vjp", new Exp.Map(total, new Lambda(List.of(k), body), List.of(b.bind("k", new Exp.Iota(total, PrimType.I64)))));
      out.add(rank == 0 ? b.bind("adj", new Exp.Index(flat, List.of(Atom.i64(0)), span)) : unflattenLike(flat, xj, span));
    }
    return out;
  }

  /** The k-th of the {@code count} basis vectors of the space of {@code x}'s values, shaped as {@code x}. */
  private Atom basis(Atom x, Atom count, Atom k) {
    Builder b = l.b;
    PrimType t = x.type().elem();
    if (!x.type().isArray()) return num(t, 1);
    Atom.Var i = b.var("i", new IrType.Scalar(PrimType.I64));
    Lambda hot = new Lambda(List.of(i), b.block(() -> List.of(b.bind("e", new Exp.Convert(t,
        b.binop(BinOperator.EQ, PrimType.I64, i, k))))));
    Atom flat = b.bind("basis", new Exp.Map(count, hot, List.of(b.bind("i", new Exp.Iota(count, PrimType.I64)))));
    return unflattenLike(flat, x, null);
  }

  /** Zeros shaped as {@code x}. */
  private Atom zeros(Atom x) {
    Atom z = num(x.type().elem(), 0);
    for (int d = x.type().rank() - 1; d >= 0; d--) z = l.b.bind("zeros", new Exp.Replicate(l.b.shape(x, d), z));
    return z;
  }

  /** The one-dimensional {@code flat} in the shape of {@code like}: its innermost dimension split off first. */
  private Atom unflattenLike(Atom flat, Atom like, Span span) {
    Builder b = l.b;
    Atom r = flat;
    for (int d = like.type().rank() - 1; d >= 1; d--) {
      Atom outer = b.shape(like, 0);
      for (int e = 1; e < d; e++) outer = b.binop(BinOperator.MUL, PrimType.I64, outer, b.shape(like, e));
      r = b.bind("unflat", new Exp.Unflatten(outer, b.shape(like, d), r, span));
    }
    return r;
  }

  private static Atom num(PrimType t, int v) {
    return new Atom.Const(t.isFloat() ? PrimValue.ofFloat(t, v) : t.isBool() ? PrimValue.ofBool(v != 0) : PrimValue.ofInt(t, v));
  }

  /** The sum of the elementwise products of two values of one type (null for booleans). */
  private Atom dot(Atom a, Atom b2) {
    Builder b = l.b;
    PrimType t = a.type().elem();
    if (t.isBool()) return null;
    if (!a.type().isArray()) return b.binop(BinOperator.MUL, t, a, b2);
    Atom fa = a, fb = b2;
    for (int d = 1; d < a.type().rank(); d++) {
      fa = b.bind("flat", new Exp.Flatten(fa));
      fb = b.bind("flat", new Exp.Flatten(fb));
    }
    IrType st = new IrType.Scalar(t);
    Atom.Var x = b.var("x", st), y = b.var("y", st), u = b.var("u", st), v = b.var("v", st);
    Lambda add = new Lambda(List.of(u, v), b.block(() -> List.of(b.binop(BinOperator.ADD, t, u, v))));
    Lambda mul = new Lambda(List.of(x, y), b.block(() -> List.of(b.binop(BinOperator.MUL, t, x, y))));
    return b.bind("dot", new Exp.Reduce(b.shape(fa, 0), add, List.of(num(t, 0)), mul, List.of(fa, fb), true));
  }

  /**
   * {@code scatter_2d/3d}: a one-dimensional scatter into the flattened destination, with each
   * index tuple turned into a linear index (or -1, which is ignored, when out of range).
   */
  private V scatterNd(int d, List<V> args, Span span) {
    Builder b = l.b;
    List<Atom> dests = V.leaves(args.get(0)), idxs = V.leaves(args.get(1)), vs = V.leaves(args.get(2));
    Atom w = width(concat(idxs, vs), span);
    List<Atom> dims = new ArrayList<>();
    for (int k = 0; k < d; k++) dims.add(b.shape(dests.get(0), k));
    IrType i64 = new IrType.Scalar(PrimType.I64);
    List<Atom.Var> ps = new ArrayList<>();
    for (int k = 0; k < d; k++) ps.add(b.var("i", i64));
    Lambda lin = new Lambda(ps, b.block(() -> {
      Atom ok = Atom.bool(true), acc = Atom.i64(0);
      for (int k = 0; k < d; k++) {
        Atom in = b.binop(BinOperator.LAND, PrimType.BOOL, b.binop(BinOperator.LE, PrimType.I64, Atom.i64(0), ps.get(k)),
            b.binop(BinOperator.LT, PrimType.I64, ps.get(k), dims.get(k)));
        ok = b.binop(BinOperator.LAND, PrimType.BOOL, ok, in);
        acc = b.binop(BinOperator.ADD, PrimType.I64, b.binop(BinOperator.MUL, PrimType.I64, acc, dims.get(k)), ps.get(k));
      }
      Atom fin = acc;
      return List.of(b.bindN("lin", new Exp.If(ok, new Body(List.of(), List.of(fin)),
          new Body(List.of(), List.of(Atom.i64(-1))))).get(0));
    }));
    Atom linear = b.bindN("lin", new Exp.Map(w, lin, idxs)).get(0);
    List<Atom> flat = new ArrayList<>();
    for (Atom dest : dests) {
      Atom f = dest;
      for (int k = 1; k < d; k++) f = b.bind("flat", new Exp.Flatten(f));
      flat.add(f);
    }
    List<Atom.Var> outs = b.bindN("scatter", new Exp.Scatter(w, flat, linear, vs));
    List<Atom> res = new ArrayList<>();
    for (Atom o : outs) {
      Atom r = o;
      if (d == 3) r = b.bind("unflat", new Exp.Unflatten(b.binop(BinOperator.MUL, PrimType.I64, dims.get(0), dims.get(1)), dims.get(2), r, span));
      res.add(b.bind("unflat", new Exp.Unflatten(dims.get(0), dims.get(1), r, span)));
    }
    return V.rebuild(args.get(0), res.iterator());
  }

  /**
   * A map producing rows learns their shape from its first row, so over zero elements it gives
   * {@code [0][0]} unless the lambda's rows have a shape known outside it ({@link RowShapes}, which
   * the code generator and the interpreter use). Otherwise, when the result type names the row
   * sizes ({@code [n][2]i32}, or a size bound in scope), an empty map yields {@code replicate 0
   * (replicate 2 0)}, which keeps them (an {@code if} that fusion does not see through, so only
   * where needed).
   */
  private List<Atom> keepRowShape(List<Atom.Var> outs, Type result, Atom w, Lambda f, List<Atom> arrays) {
    List<Atom> res = new ArrayList<>(outs);
    if (!(result instanceof Type.Array arr)) return res;
    // Where the lambda's rows have a shape known outside it, an empty map gets it anyway (RowShapes).
    List<List<RowShapes.Dim>> known = RowShapes.of(f, arrays);
    // One leaf type per output, in the order V flattens records (tuples: [n](a, b) gives two maps).
    List<Type.Array> leafTypes = new ArrayList<>();
    if (!leafArrays(arr.elem(), arr.shape(), leafTypes) || leafTypes.size() != outs.size()) return res;
    List<List<Atom>> rowSizes = new ArrayList<>();
    boolean any = false;
    for (int k = 0; k < outs.size(); k++) {
      IrType t = outs.get(k).type();
      Type.Array lt = leafTypes.get(k);
      List<Atom> sizes = null;
      if (t.rank() >= 2 && lt.shape().size() == t.rank() && known.get(k) == null) {
        sizes = new ArrayList<>();
        for (int d = 1; d < t.rank() && sizes != null; d++) {
          Atom s = l.sizeAtom(lt.shape().get(d));
          if (s == null) sizes = null;
          else sizes.add(s);
        }
      }
      rowSizes.add(sizes);
      any |= sizes != null;
    }
    if (!any) return res;
    Builder b = l.b;
    Atom empty = b.binop(BinOperator.EQ, PrimType.I64, w, Atom.i64(0));
    Body then = b.block(() -> {
      List<Atom> vs = new ArrayList<>();
      for (int k = 0; k < outs.size(); k++) {
        List<Atom> sizes = rowSizes.get(k);
        if (sizes == null) {
          vs.add(outs.get(k));
          continue;
        }
        PrimType et = outs.get(k).type().elem();
        Atom v = new Atom.Const(et.isBool() ? io.github.futhark4j.compiler.typed.PrimValue.ofBool(false)
            : et.isFloat() ? io.github.futhark4j.compiler.typed.PrimValue.ofFloat(et, 0)
            : io.github.futhark4j.compiler.typed.PrimValue.ofInt(et, 0));
        for (int d = sizes.size() - 1; d >= 0; d--) v = b.bind("row", new Exp.Replicate(sizes.get(d), v));
        vs.add(b.bind("empty", new Exp.Replicate(Atom.i64(0), v)));
      }
      return vs;
    });
    List<Atom.Var> chosen = b.bindN("map", new Exp.If(empty, then, new Body(List.of(), new ArrayList<Atom>(outs))));
    return new ArrayList<>(chosen);
  }

  /** The array types of the leaves of {@code [shape]elem}, in V's field order; false for sums. */
  private static boolean leafArrays(Type elem, List<Size> shape, List<Type.Array> out) {
    switch (elem) {
      case Type.Prim p -> out.add(new Type.Array(p, shape, false));
      case Type.Array a -> {
        List<Size> sh = new ArrayList<>(shape);
        sh.addAll(a.shape());
        return leafArrays(a.elem(), sh, out);
      }
      case Type.Record r -> {
        java.util.TreeMap<String, Type> sorted = new java.util.TreeMap<>(V.FIELD_ORDER);
        sorted.putAll(r.fields());
        for (Type f : sorted.values()) if (!leafArrays(f, shape, out)) return false;
      }
      default -> { return false; }
    }
    return true;
  }

  static List<Atom> concat(List<Atom> a, List<Atom> b) {
    List<Atom> r = new ArrayList<>(a);
    r.addAll(b);
    return r;
  }
}

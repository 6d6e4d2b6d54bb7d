package io.github.futhark4j.compiler.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shape of the rows a map produces, where its lambda computes it from values bound outside
 * the lambda: {@code map (\x -> replicate k x) xs} has rows of size {@code k}, {@code map (\r ->
 * map f r) xss} rows of {@code xss}'s second dimension. A map over no elements runs its lambda
 * never, yet its result has these rows ({@code empty([0][k])}, as the language defines it): the
 * code generator and the IR interpreter read them from here. Where a row's size depends on the
 * element (a filter's result), it is unknown and an empty map's rows are empty.
 */
public final class RowShapes {
  private RowShapes() {}

  /** One dimension of a row: the value of an atom bound outside the lambda, or a dimension of an array bound outside. */
  public sealed interface Dim {
    record Of(Atom atom) implements Dim {}

    record ShapeOf(Atom.Var array, int dim) implements Dim {}
  }

  /**
   * Per result of {@code f} mapped over {@code arrays}: the dimensions of one row ({@code []} for a
   * scalar result), or null where they are not known before the lambda runs.
   */
  public static List<List<Dim>> of(Lambda f, List<Atom> arrays) {
    Walk w = new Walk();
    binders(f, w.bound);
    List<List<Dim>> argShapes = new ArrayList<>();
    for (Atom a : arrays) argShapes.add(w.shape(a));
    return w.lambda(f, argShapes);
  }

  /** Every name bound anywhere inside {@code f}, nested lambdas and bodies included. */
  private static void binders(Lambda f, Set<String> out) {
    for (Atom.Var p : f.params()) out.add(p.name());
    binders(f.body(), out);
  }

  private static void binders(Body b, Set<String> out) {
    for (Stm s : b.stms()) {
      for (Atom.Var v : s.pattern()) out.add(v.name());
      switch (s.exp()) {
        case Exp.If i -> { binders(i.then(), out); binders(i.otherwise(), out); }
        case Exp.Loop l -> {
          for (Atom.Var p : l.params()) out.add(p.name());
          if (l.form() instanceof Exp.LoopForm.For fo) out.add(fo.index().name());
          if (l.form() instanceof Exp.LoopForm.While wh) binders(wh.cond(), out);
          binders(l.body(), out);
        }
        case Exp.Map m -> binders(m.f(), out);
        case Exp.Reduce r -> { binders(r.op(), out); if (r.mapf() != null) binders(r.mapf(), out); }
        case Exp.Scan r -> {
          binders(r.op(), out);
          if (r.mapf() != null) binders(r.mapf(), out);
          if (r.postf() != null) binders(r.postf(), out);
        }
        case Exp.Filter r -> binders(r.pred(), out);
        case Exp.Partition r -> binders(r.cls(), out);
        case Exp.Hist r -> { binders(r.op(), out); if (r.mapf() != null) binders(r.mapf(), out); }
        default -> { }
      }
    }
  }

  private static final class Walk {
    final Set<String> bound = new HashSet<>();
    /** Shapes of arrays bound inside (null: unknown). */
    final Map<String, List<Dim>> shapes = new HashMap<>();
    /** Values of i64 scalars bound inside that are known outside. */
    final Map<String, Dim> scalars = new HashMap<>();

    List<List<Dim>> lambda(Lambda f, List<List<Dim>> argShapes) {
      for (int k = 0; k < f.params().size(); k++) {
        List<Dim> s = k < argShapes.size() ? argShapes.get(k) : null;
        shapes.put(f.params().get(k).name(), s == null || s.isEmpty() ? null : s.subList(1, s.size()));
      }
      return body(f.body());
    }

    List<List<Dim>> body(Body b) {
      for (Stm s : b.stms()) stm(s);
      List<List<Dim>> out = new ArrayList<>();
      for (Atom r : b.results()) out.add(r.type().isArray() ? shape(r) : List.of());
      return out;
    }

    Dim dim(Atom a) {
      if (!(a instanceof Atom.Var v)) return new Dim.Of(a);
      if (!bound.contains(v.name())) return new Dim.Of(a);
      return scalars.get(v.name());
    }

    List<Dim> shape(Atom a) {
      if (!(a instanceof Atom.Var v) || !a.type().isArray()) return null;
      if (bound.contains(v.name())) return shapes.get(v.name());
      List<Dim> ds = new ArrayList<>();
      for (int d = 0; d < v.type().rank(); d++) ds.add(new Dim.ShapeOf(v, d));
      return ds;
    }

    private static List<Dim> cons(Dim d, List<Dim> rest) {
      if (d == null || rest == null) return null;
      List<Dim> out = new ArrayList<>();
      out.add(d);
      out.addAll(rest);
      return out;
    }

    private void stm(Stm s) {
      List<Atom.Var> pat = s.pattern();
      List<List<Dim>> res = switch (s.exp()) {
        case Exp.AtomE a -> {
          if (!a.atom().type().isArray() && pat.size() == 1) {
            Dim d = dim(a.atom());
            if (d != null) scalars.put(pat.get(0).name(), d);
          }
          yield one(shapeOrScalar(a.atom()));
        }
        case Exp.Shape sh -> {
          List<Dim> ds = shape(sh.array());
          if (ds != null && sh.dim() < ds.size() && ds.get(sh.dim()) != null) scalars.put(pat.get(0).name(), ds.get(sh.dim()));
          yield null;
        }
        case Exp.Replicate r -> one(cons(dim(r.n()), r.value().type().isArray() ? shape(r.value()) : List.of()));
        case Exp.Iota i -> one(cons(dim(i.n()), List.of()));
        case Exp.Copy c -> one(shape(c.array()));
        case Exp.Rotate r -> one(shape(r.array()));
        case Exp.Update u -> one(shape(u.array()));
        case Exp.UpdateSlice u -> one(shape(u.array()));
        case Exp.Transpose t -> {
          List<Dim> ds = shape(t.array());
          if (ds == null || ds.size() < 2) yield null;
          List<Dim> sw = new ArrayList<>(ds);
          sw.set(0, ds.get(1));
          sw.set(1, ds.get(0));
          yield one(sw);
        }
        case Exp.Unflatten u -> {
          List<Dim> ds = shape(u.array());
          yield ds == null ? null : one(cons(dim(u.n()), cons(dim(u.m()), ds.subList(1, ds.size()))));
        }
        case Exp.ArrayLit l -> {
          Dim n = new Dim.Of(Atom.i64(l.elements().size()));
          if (l.elements().isEmpty()) yield null;
          Atom first = l.elements().get(0);
          yield one(cons(n, first.type().isArray() ? shape(first) : List.of()));
        }
        case Exp.Map m -> {
          List<List<Dim>> args = new ArrayList<>();
          for (Atom a : m.arrays()) args.add(shape(a));
          Dim w = dim(m.width());
          List<List<Dim>> rows = lambda(m.f(), args);
          List<List<Dim>> out = new ArrayList<>();
          for (List<Dim> r : rows) out.add(cons(w, r));
          yield out;
        }
        case Exp.Scan sc -> {
          List<List<Dim>> out = new ArrayList<>();
          for (Atom.Var p : pat) out.add(p.type().rank() == 1 ? cons(dim(sc.width()), List.of()) : null);
          yield out;
        }
        case Exp.Reduce r -> shapes(r.nes());
        case Exp.Hist h -> shapes(h.dests());
        case Exp.Scatter sc -> shapes(sc.dests());
        case Exp.If i -> {
          List<List<Dim>> t = body(i.then()), e = body(i.otherwise());
          List<List<Dim>> out = new ArrayList<>();
          for (int k = 0; k < t.size(); k++) out.add(t.get(k) != null && t.get(k).equals(e.get(k)) ? t.get(k) : null);
          yield out;
        }
        case Exp.Loop l -> {
          // The shapes of the initial values, where the body keeps them.
          List<List<Dim>> init = new ArrayList<>();
          for (int k = 0; k < l.params().size(); k++) {
            Atom a = l.inits().get(k);
            List<Dim> sh = shapeOrScalar(a);
            init.add(sh);
            shapes.put(l.params().get(k).name(), sh);
            if (!a.type().isArray()) {
              // A scalar parameter changes between iterations: not known outside.
              scalars.remove(l.params().get(k).name());
            }
          }
          if (l.form() instanceof Exp.LoopForm.While wh) body(wh.cond());
          List<List<Dim>> after = body(l.body());
          List<List<Dim>> out = new ArrayList<>();
          for (int k = 0; k < init.size(); k++) out.add(init.get(k) != null && init.get(k).equals(after.get(k)) ? init.get(k) : null);
          yield out;
        }
        default -> null;
      };
      for (int k = 0; k < pat.size(); k++) {
        if (!pat.get(k).type().isArray()) continue;
        shapes.put(pat.get(k).name(), res == null || k >= res.size() ? null : res.get(k));
      }
    }

    /** The shapes of {@code as} (an empty one for a scalar): a reduction's neutral elements, the destinations of hist and scatter. */
    private List<List<Dim>> shapes(List<Atom> as) {
      List<List<Dim>> out = new ArrayList<>();
      for (Atom a : as) out.add(shapeOrScalar(a));
      return out;
    }

    /** A one-element list that may hold null (an unknown shape). */
    private static List<List<Dim>> one(List<Dim> x) {
      return java.util.Collections.singletonList(x);
    }

    private List<Dim> shapeOrScalar(Atom a) {
      return a.type().isArray() ? shape(a) : List.of();
    }
  }
}

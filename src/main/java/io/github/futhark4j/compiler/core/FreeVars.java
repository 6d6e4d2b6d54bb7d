package io.github.futhark4j.compiler.core;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Free variables of expressions and bodies. A variable is free in a body when it is read and not
 * bound by the body itself (names are unique, so no shadowing has to be considered).
 */
public final class FreeVars {
  private FreeVars() {}

  public static Set<String> ofBody(Body b) {
    List<Atom.Var> out = new java.util.ArrayList<>();
    body(b, out);
    Set<String> s = new HashSet<>();
    for (Atom.Var v : out) s.add(v.name());
    return s;
  }

  /**
   * The free variables of lambda {@code l} (not its parameters), with their types, each once, in
   * the order they first occur.
   */
  public static List<Atom.Var> ofLambda(Lambda l) {
    List<Atom.Var> out = new java.util.ArrayList<>();
    lambda(l, out);
    return once(out);
  }

  /** How many times each free variable of {@code e} occurs in it (an array argument and a use in a lambda are two). */
  public static java.util.Map<String, Integer> occurrences(Exp e) {
    List<Atom.Var> out = new java.util.ArrayList<>();
    exp(e, out);
    java.util.Map<String, Integer> n = new java.util.HashMap<>();
    for (Atom.Var v : out) n.merge(v.name(), 1, Integer::sum);
    return n;
  }

  /** The free variables of {@code e}, with their types, each once, in the order they first occur. */
  public static List<Atom.Var> typedOfExp(Exp e) {
    List<Atom.Var> out = new java.util.ArrayList<>();
    exp(e, out);
    return once(out);
  }

  /** {@code vs} with each name once, at its first occurrence. */
  private static List<Atom.Var> once(List<Atom.Var> vs) {
    java.util.Map<String, Atom.Var> first = new java.util.LinkedHashMap<>();
    for (Atom.Var v : vs) first.putIfAbsent(v.name(), v);
    return List.copyOf(first.values());
  }

  public static Set<String> ofExp(Exp e) {
    List<Atom.Var> out = new java.util.ArrayList<>();
    exp(e, out);
    Set<String> s = new HashSet<>();
    for (Atom.Var v : out) s.add(v.name());
    return s;
  }

  static void body(Body b, List<Atom.Var> out) {
    Set<String> bound = new HashSet<>();
    List<Atom.Var> inner = new java.util.ArrayList<>();
    for (Stm s : b.stms()) {
      exp(s.exp(), inner);
      for (Atom.Var v : s.pattern()) bound.add(v.name());
    }
    atoms(b.results(), inner);
    for (Atom.Var v : inner) if (!bound.contains(v.name())) out.add(v);
  }

  static void lambda(Lambda l, List<Atom.Var> out) {
    if (l == null) return;
    List<Atom.Var> inner = new java.util.ArrayList<>();
    body(l.body(), inner);
    Set<String> ps = new HashSet<>();
    for (Atom.Var p : l.params()) ps.add(p.name());
    for (Atom.Var v : inner) if (!ps.contains(v.name())) out.add(v);
  }

  static void atom(Atom a, List<Atom.Var> out) {
    if (a instanceof Atom.Var v) out.add(v);
  }

  static void atoms(List<Atom> as, List<Atom.Var> out) {
    for (Atom a : as) atom(a, out);
  }

  private static void slice(List<Exp.SliceDim> ds, List<Atom.Var> out) {
    for (Exp.SliceDim d : ds) {
      switch (d) {
        case Exp.SliceDim.Fix f -> atom(f.index(), out);
        case Exp.SliceDim.Range r -> {
          if (r.start() != null) atom(r.start(), out);
          if (r.end() != null) atom(r.end(), out);
          if (r.stride() != null) atom(r.stride(), out);
        }
      }
    }
  }

  static void exp(Exp e, List<Atom.Var> out) {
    switch (e) {
      case Exp.AtomE a -> atom(a.atom(), out);
      case Exp.BinOp b -> { atom(b.x(), out); atom(b.y(), out); }
      case Exp.UnOp u -> atom(u.x(), out);
      case Exp.Convert c -> atom(c.x(), out);
      case Exp.PrimCall p -> atoms(p.args(), out);
      case Exp.Shape s -> atom(s.array(), out);
      case Exp.Index ix -> { atom(ix.array(), out); atoms(ix.indices(), out); }
      case Exp.Slice s -> { atom(s.array(), out); slice(s.dims(), out); }
      case Exp.Update u -> { atom(u.array(), out); atoms(u.indices(), out); atom(u.value(), out); }
      case Exp.UpdateSlice u -> { atom(u.array(), out); slice(u.dims(), out); atom(u.value(), out); }
      case Exp.ArrayLit a -> atoms(a.elements(), out);
      case Exp.Iota i -> atom(i.n(), out);
      case Exp.Replicate r -> { atom(r.n(), out); atom(r.value(), out); }
      case Exp.Copy c -> atom(c.array(), out);
      case Exp.Concat c -> atoms(c.arrays(), out);
      case Exp.Transpose t -> atom(t.array(), out);
      case Exp.Flatten f -> atom(f.array(), out);
      case Exp.Unflatten u -> { atom(u.n(), out); atom(u.m(), out); atom(u.array(), out); }
      case Exp.Rotate r -> { atom(r.amount(), out); atom(r.array(), out); }
      case Exp.Range r -> {
        atom(r.start(), out);
        if (r.second() != null) atom(r.second(), out);
        atom(r.end(), out);
      }
      case Exp.If i -> { atom(i.cond(), out); body(i.then(), out); body(i.otherwise(), out); }
      case Exp.Loop l -> {
        atoms(l.inits(), out);
        Set<String> ps = new HashSet<>();
        for (Atom.Var p : l.params()) ps.add(p.name());
        List<Atom.Var> inner = new java.util.ArrayList<>();
        switch (l.form()) {
          case Exp.LoopForm.For f -> { atom(f.bound(), out); ps.add(f.index().name()); }
          case Exp.LoopForm.While w -> body(w.cond(), inner);
        }
        body(l.body(), inner);
        for (Atom.Var v : inner) if (!ps.contains(v.name())) out.add(v);
      }
      case Exp.Assert a -> { atom(a.cond(), out); atoms(a.args(), out); }
      case Exp.Call c -> atoms(c.args(), out);
      case Exp.Map m -> { atom(m.width(), out); lambda(m.f(), out); atoms(m.arrays(), out); }
      case Exp.Reduce r -> {
        atom(r.width(), out); lambda(r.op(), out); atoms(r.nes(), out); lambda(r.mapf(), out); atoms(r.arrays(), out);
      }
      case Exp.Scan s -> {
        atom(s.width(), out); lambda(s.op(), out); atoms(s.nes(), out); lambda(s.mapf(), out); atoms(s.arrays(), out);
        lambda(s.postf(), out);
      }
      case Exp.Filter f -> { atom(f.width(), out); lambda(f.pred(), out); atoms(f.arrays(), out); }
      case Exp.Partition p -> { atom(p.width(), out); atom(p.k(), out); lambda(p.cls(), out); atoms(p.arrays(), out); }
      case Exp.Hist h -> {
        atom(h.width(), out); lambda(h.op(), out); atoms(h.nes(), out); atoms(h.dests(), out);
        lambda(h.mapf(), out); atoms(h.arrays(), out);
      }
      case Exp.Scatter s -> { atom(s.width(), out); atoms(s.dests(), out); atom(s.inds(), out); atoms(s.vals(), out); }
      case Exp.WithVjp w -> { atoms(w.args(), out); lambda(w.f(), out); lambda(w.adjoint(), out); }
    }
  }
}

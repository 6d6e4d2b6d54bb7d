package io.github.futhark4j.compiler.ad;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A copy of IR code with a fresh name for every variable it binds (statement patterns, lambda and
 * loop parameters, loop indices), so that the copy can sit in the same program as the original
 * (every variable is bound once). Variables bound outside are kept, unless the given renaming maps
 * them.
 */
final class Renamer {
  private final Emit e;
  private final Map<String, Atom> map;

  Renamer(Emit e, Map<String, Atom> renaming) {
    this.e = e;
    this.map = renaming;
  }

  Body body(Body b) {
    List<Stm> stms = new ArrayList<>();
    for (Stm s : b.stms()) {
      Exp x = exp(s.exp());
      List<Atom.Var> pat = new ArrayList<>();
      for (Atom.Var v : s.pattern()) pat.add(bind(v));
      stms.add(new Stm(pat, x, s.plan()));
    }
    return new Body(stms, b.results().stream().map(this::atom).toList());
  }

  private Atom.Var bind(Atom.Var v) {
    Atom.Var nv = e.var(v.name(), v.type());
    map.put(v.name(), nv);
    return nv;
  }

  private Atom atom(Atom a) {
    return a instanceof Atom.Var v ? map.getOrDefault(v.name(), v) : a;
  }

  /** A copy of {@code l} with fresh parameters (null for null). */
  Lambda lambda(Lambda l) {
    if (l == null) return null;
    List<Atom.Var> ps = new ArrayList<>();
    for (Atom.Var p : l.params()) ps.add(bind(p));
    return new Lambda(ps, body(l.body()));
  }

  private List<Atom> atoms(List<Atom> as) {
    return as.stream().map(this::atom).toList();
  }

  /** A copy of {@code x}: what it binds (loop parameters included) gets fresh names. */
  Exp exp(Exp x) {
    return switch (x) {
      case Exp.Loop l -> {
        List<Atom> inits = atoms(l.inits());
        List<Atom.Var> ps = new ArrayList<>();
        for (Atom.Var p : l.params()) ps.add(bind(p));
        Exp.LoopForm form = switch (l.form()) {
          case Exp.LoopForm.For f -> {
            Atom bound = atom(f.bound());
            yield new Exp.LoopForm.For(bind(f.index()), bound);
          }
          case Exp.LoopForm.While w -> new Exp.LoopForm.While(body(w.cond()));
        };
        yield new Exp.Loop(ps, inits, form, body(l.body()));
      }
      case Exp.Map m -> new Exp.Map(atom(m.width()), lambda(m.f()), atoms(m.arrays()));
      case Exp.Reduce r -> new Exp.Reduce(atom(r.width()), lambda(r.op()), atoms(r.nes()), lambda(r.mapf()),
          atoms(r.arrays()), r.commutative());
      case Exp.Scan s -> new Exp.Scan(atom(s.width()), lambda(s.op()), atoms(s.nes()), lambda(s.mapf()), atoms(s.arrays()),
          lambda(s.postf()));
      case Exp.Filter f -> new Exp.Filter(atom(f.width()), lambda(f.pred()), atoms(f.arrays()));
      case Exp.Partition p -> new Exp.Partition(atom(p.width()), atom(p.k()), lambda(p.cls()), atoms(p.arrays()));
      case Exp.Hist h -> new Exp.Hist(atom(h.width()), lambda(h.op()), atoms(h.nes()), atoms(h.dests()), lambda(h.mapf()),
          atoms(h.arrays()));
      case Exp.WithVjp w -> new Exp.WithVjp(atoms(w.args()), lambda(w.f()), lambda(w.adjoint()));
      // Branches bind nothing visible outside them; their own bindings are renamed in them.
      default -> Rewrite.exp(x, this::atom, b -> new Renamer(e, new HashMap<>(map)).body(b));
    };
  }
}

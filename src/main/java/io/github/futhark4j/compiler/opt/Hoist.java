package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Effects;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Loop-invariant code motion: statements of a SOAC lambda or a loop body that depend on nothing
 * bound inside it are computed once, before the operator. Only statements that cannot fail (other
 * than by running out of memory) and consume nothing move, so an operator that runs zero times
 * still raises no error. This is what keeps {@code map (\r -> ... (transpose b)) a} from
 * transposing once per row.
 */
public final class Hoist {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "loop-invariant statements that cannot fail out of loops and SOAC lambdas";

  private Hoist() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, Hoist::body);
  }

  public static Body body(Body b) {
    List<Stm> out = new ArrayList<>();
    for (Stm s : b.stms()) {
      Exp e = Rewrite.exp(s.exp(), a -> a, Hoist::body);
      List<Stm> hoisted = new ArrayList<>();
      e = switch (e) {
        case Exp.Map m -> new Exp.Map(m.width(), lift(m.f(), hoisted), m.arrays());
        case Exp.Reduce r -> new Exp.Reduce(r.width(), r.op(), r.nes(), r.mapf() == null ? null : lift(r.mapf(), hoisted),
            r.arrays(), r.commutative());
        case Exp.Scan sc -> new Exp.Scan(sc.width(), sc.op(), sc.nes(), sc.mapf() == null ? null : lift(sc.mapf(), hoisted),
            sc.arrays(), sc.postf() == null ? null : lift(sc.postf(), hoisted));
        case Exp.Hist h -> new Exp.Hist(h.width(), h.op(), h.nes(), h.dests(), h.mapf() == null ? null : lift(h.mapf(), hoisted),
            h.arrays());
        case Exp.Filter f -> new Exp.Filter(f.width(), lift(f.pred(), hoisted), f.arrays());
        case Exp.Partition p -> new Exp.Partition(p.width(), p.k(), lift(p.cls(), hoisted), p.arrays());
        case Exp.Loop l -> {
          Set<String> bound = new HashSet<>();
          for (Atom.Var v : l.params()) bound.add(v.name());
          if (l.form() instanceof Exp.LoopForm.For f) bound.add(f.index().name());
          yield new Exp.Loop(l.params(), l.inits(), l.form(), liftBody(l.body(), bound, hoisted));
        }
        default -> e;
      };
      out.addAll(hoisted);
      out.add(new Stm(s.pattern(), e));
    }
    return new Body(out, b.results());
  }

  private static Lambda lift(Lambda l, List<Stm> hoisted) {
    Set<String> bound = new HashSet<>();
    for (Atom.Var v : l.params()) bound.add(v.name());
    return new Lambda(l.params(), liftBody(l.body(), bound, hoisted));
  }

  /**
   * Moves invariant statements of {@code b} (given the names bound around it) into {@code hoisted}.
   * A statement whose result the body updates in place stays: hoisted, its one array would be
   * shared by every iteration (and every thread), so each update would copy it, and the threads
   * would contend for its reference count.
   */
  private static Body liftBody(Body b, Set<String> bound, List<Stm> hoisted) {
    Set<String> inner = new HashSet<>(bound);
    Set<String> updated = new HashSet<>();
    consumedIn(b, updated);
    List<Stm> kept = new ArrayList<>();
    for (Stm s : b.stms()) {
      boolean invariant = !Effects.consumes(s.exp()) && Effects.onlyAllocates(s.exp())
          && !(s.exp() instanceof Exp.Assert)
          && s.pattern().stream().noneMatch(v -> updated.contains(v.name()))
          && FreeVars.ofExp(s.exp()).stream().noneMatch(inner::contains);
      if (invariant) {
        hoisted.add(s);
      } else {
        kept.add(s);
        for (Atom.Var v : s.pattern()) inner.add(v.name());
      }
    }
    return new Body(kept, b.results());
  }

  /** Adds to {@code out} every variable consumed in {@code b}, nested bodies and lambdas included. */
  private static void consumedIn(Body b, Set<String> out) {
    for (Stm s : b.stms()) {
      out.addAll(Effects.consumedOperands(s.exp()));
      Rewrite.exp(s.exp(), a -> a, nested -> {
        consumedIn(nested, out);
        return nested;
      });
    }
  }
}

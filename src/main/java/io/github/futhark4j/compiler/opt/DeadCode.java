package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Removes statements whose results are never used. Only assertions are kept for their effect;
 * like the real compiler, an unused index whose bounds check would fail is removed too. A map
 * some of whose results are unused loses those results, and its function the code computing them.
 */
public final class DeadCode {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "removes statements whose results nobody uses (also failing ones, as the reference does) and a map's unused results; assertions stay";

  private DeadCode() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, DeadCode::body);
  }

  static Body body(Body b) {
    Set<String> live = new HashSet<>();
    for (Atom a : b.results()) if (a instanceof Atom.Var v) live.add(v.name());
    List<Stm> kept = new ArrayList<>();
    for (int i = b.stms().size() - 1; i >= 0; i--) {
      Stm s = b.stms().get(i);
      boolean used = s.exp() instanceof Exp.Assert || s.pattern().stream().anyMatch(v -> live.contains(v.name()));
      if (!used) continue;
      if (s.exp() instanceof Exp.Map m && !s.pattern().stream().allMatch(v -> live.contains(v.name()))) s = liveResults(s, m, live);
      Exp e = Rewrite.exp(s.exp(), a -> a, DeadCode::body);
      kept.add(new Stm(s.pattern(), e));
      live.addAll(FreeVars.ofExp(e));
    }
    Collections.reverse(kept);
    return new Body(kept, b.results());
  }

  /** The map {@code s} with only the results that are {@code live}. */
  private static Stm liveResults(Stm s, Exp.Map m, Set<String> live) {
    List<Atom.Var> pattern = new ArrayList<>();
    List<Atom> results = new ArrayList<>();
    for (int k = 0; k < s.pattern().size(); k++) {
      if (!live.contains(s.pattern().get(k).name())) continue;
      pattern.add(s.pattern().get(k));
      results.add(m.f().body().results().get(k));
    }
    Lambda f = new Lambda(m.f().params(), new Body(m.f().body().stms(), results));
    return new Stm(pattern, new Exp.Map(m.width(), f, m.arrays()));
  }
}

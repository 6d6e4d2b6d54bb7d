package io.github.futhark4j.compiler.core;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code let (x, y, ...) = e}: binds one variable per value {@code e} produces. {@code plan} is
 * how it runs when not in the ordinary way ({@link Plan}); empty until {@code opt.Schedule}.
 */
public record Stm(List<Atom.Var> pattern, Exp exp, Set<Plan> plan) {
  public Stm {
    pattern = List.copyOf(pattern);
    plan = plan.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(EnumSet.copyOf(plan));
  }

  /** A statement without a plan. */
  public Stm(List<Atom.Var> pattern, Exp exp) { this(pattern, exp, Set.of()); }

  /** Whether the schedule chose {@code p} for this statement. */
  public boolean has(Plan p) { return plan.contains(p); }

  /** This statement with {@code p} added to its plan. */
  public Stm with(Plan p) {
    Set<Plan> s = EnumSet.noneOf(Plan.class);
    s.addAll(plan);
    s.add(p);
    return new Stm(pattern, exp, s);
  }

  @Override public String toString() { return Printer.stm(this); }
}

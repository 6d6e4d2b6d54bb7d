package io.github.futhark4j.compiler.types;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Let-polymorphism for local functions (Language Reference, "Local functions": a function bound
 * by {@code let f ... = ...} may be used at several types). A local function's explicit type
 * parameters become rigid {@link Ty.Param}s under names that cannot clash with the enclosing
 * definition's, and the inference variables of its type that are unconstrained and do not occur
 * in the type of any variable in scope are generalised into further parameters. Each use
 * instantiates them afresh (as for top-level definitions) and records the instantiation as the
 * use's type arguments, which the lowering applies when it inlines the function.
 */
final class LocalPoly {
  private LocalPoly() {}

  /** The name a local type parameter gets: its own unless an enclosing one uses it. */
  static String paramName(String wanted, Map<String, Ty> enclosing, int tag) {
    if (!enclosing.containsKey(wanted) && !usedAsParam(wanted, enclosing)) return wanted;
    return wanted + "'" + tag;
  }

  private static boolean usedAsParam(String name, Map<String, Ty> enclosing) {
    for (Ty t : enclosing.values()) if (Unifier.resolve(t) instanceof Ty.Param p && p.name().equals(name)) return true;
    return false;
  }

  /**
   * Generalises the free, unconstrained inference variables of {@code fnTy} that do not occur in
   * {@code scope} (the variables in scope where the function is bound) or in {@code enclosing}
   * (type parameters in scope). Returns the names of the new parameters (empty when none); those
   * that must be instantiated with types supporting {@code ==} are added to {@code equality}.
   */
  static List<String> generalise(Ty fnTy, CheckerBase.Scope scope, Map<String, Ty> enclosing, int tag,
                                 Set<String> equality) {
    Set<Ty.Var> candidates = Collections.newSetFromMap(new IdentityHashMap<>());
    collect(fnTy, candidates, false);
    // Equality-constrained variables (from ==) are generalised too; the constraint is kept per use.
    candidates.removeIf(v -> v.prims != null || v.fields != null || v.constructors != null);
    if (candidates.isEmpty()) return List.of();
    Set<Ty.Var> env = Collections.newSetFromMap(new IdentityHashMap<>());
    for (CheckerBase.Scope s = scope; s != null; s = s.next()) {
      switch (s.b()) {
        case CheckerBase.LocalB l -> collect(l.ty(), env, true);
        case CheckerBase.FunB f -> collect(f.ty(), env, true);
        default -> { }
      }
    }
    for (Ty t : enclosing.values()) collect(t, env, true);
    List<String> names = new ArrayList<>();
    // Deterministic order: as the variables occur in the type, left to right.
    List<Ty.Var> ordered = new ArrayList<>();
    collectOrdered(fnTy, ordered, false);
    int k = 0;
    for (Ty.Var v : ordered) {
      if (!candidates.contains(v) || env.contains(v) || v.ref != null) continue;
      String name = "t" + k++ + "'" + tag;
      if (v.equality) equality.add(name);
      v.ref = new Ty.Param(name);
      names.add(name);
    }
    return names;
  }

  private static void collect(Ty t, Set<Ty.Var> out, boolean intoConstrained) {
    List<Ty.Var> l = new ArrayList<>();
    collectOrdered(t, l, intoConstrained);
    out.addAll(l);
  }

  /**
   * The variables of {@code t0} in order; with {@code intoConstrained} also those in the parts
   * (fields, payloads) required of a record or sum that is still a variable: such parts are
   * never generalised (their owner is not), but they do occur in the environment.
   */
  private static void collectOrdered(Ty t0, List<Ty.Var> out, boolean intoConstrained) {
    Deque<Ty> work = new ArrayDeque<>();
    work.push(t0);
    while (!work.isEmpty()) {
      Ty t = Unifier.resolve(work.pop());
      switch (t) {
        case Ty.Var v -> {
          if (!out.contains(v)) out.add(v);
          if (intoConstrained && v.fields != null) v.fields.values().forEach(work::push);
          if (intoConstrained && v.constructors != null) v.constructors.values().forEach(ts -> ts.forEach(work::push));
        }
        case Ty.Arr a -> work.push(a.elem());
        case Ty.Rec r -> new ArrayList<>(r.fields().values()).reversed().forEach(work::push);
        case Ty.Sum s -> s.constructors().values().forEach(ts -> ts.forEach(work::push));
        case Ty.Fun f -> {
          work.push(f.result());
          work.push(f.param());
        }
        default -> { }
      }
    }
  }
}

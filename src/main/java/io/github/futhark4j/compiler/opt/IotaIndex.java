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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Normalises indexing by a map's position into the map's own inputs: in a map over {@code iota n}
 * whose parameter {@code k} indexes an array along a dimension of size {@code n}, the elements
 * read become rows of a new input, so the later passes see the spelling they know.
 *
 * <ul>
 *   <li>{@code xs[k]} becomes a row of {@code xs};
 *   <li>{@code a[i, k]} becomes an element of row {@code a[i]};
 *   <li>{@code b[k, j]} becomes an element of column j, a row of {@code transpose b};
 * </ul>
 *
 * <p>where {@code i} and {@code j} are bound outside the map and proven in range (as
 * {@link Bounds} proves it), so the new input is no new failure even when the map runs zero
 * times. {@code tabulate_2d n p (\i j -> f32.sum (tabulate m (\k -> a[i, k] * b[k, j])))} thus
 * becomes {@code map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a}, the
 * matrix product the interchange schedule runs as a blocked kernel (a transpose made inside a
 * map is hoisted out of it in between the two rounds of this pass). Uses of {@code k} other
 * than such indexing keep the {@code iota} input.
 */
public final class IotaIndex {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "a map over iota n indexing arrays by its position (xs[k], a[i, k], b[k, j]) maps over their rows and columns instead";

  private IotaIndex() {}

  /** Two rounds with hoisting in between (the second sees the hoisted transposes); unchanged programs stay as they are. */
  public static Program program(Program p) {
    boolean[] changed = {false};
    Program q = round(p, changed);
    if (!changed[0]) return p;
    return round(Hoist.program(q), changed);
  }

  private static Program round(Program p, boolean[] changed) {
    return Rewrite.bodies(p, b -> body(b, new Bounds.Facts(null), changed));
  }

  private static Body body(Body b, Bounds.Facts facts, boolean[] changed) {
    List<Stm> out = new ArrayList<>(b.stms().size());
    for (Stm s : b.stms()) {
      Exp e = Bounds.nested(s, facts, (inner, f) -> body(inner, f, changed));
      if (e instanceof Exp.Map m) {
        List<Stm> before = new ArrayList<>();
        Exp.Map r = rewrite(m, facts, before);
        if (r != m) {
          changed[0] = true;
          for (Stm pre : before) {
            Bounds.learn(pre.pattern(), pre.exp(), facts);
            out.add(pre);
          }
          e = r;
        }
      }
      Bounds.learn(s.pattern(), e, facts);
      out.add(new Stm(s.pattern(), e, s.plan()));
    }
    return new Body(out, b.results());
  }

  private static Exp.Map rewrite(Exp.Map m, Bounds.Facts facts, List<Stm> before) {
    Lambda f = m.f();
    Set<String> inside = new HashSet<>();
    for (Atom.Var v : f.params()) inside.add(v.name());
    for (Stm s : f.body().stms()) for (Atom.Var v : s.pattern()) inside.add(v.name());
    Map<String, Atom.Var> inputs = new HashMap<>(); // the new parameter, by what it reads: "row a i", "col b j", "all xs"
    List<Stm> stms = new ArrayList<>(f.body().stms());
    List<Atom.Var> newParams = new ArrayList<>();
    List<Atom> newArrays = new ArrayList<>();
    for (int k = 0; k < m.arrays().size() && k < f.params().size(); k++) {
      String it = Bounds.name(m.arrays().get(k));
      String n = it == null ? null : facts.iota(it);
      if (n == null) continue;
      String p = f.params().get(k).name();
      for (int t = 0; t < stms.size(); t++) {
        Stm s = stms.get(t);
        if (!(s.exp() instanceof Exp.Index ix) || s.pattern().size() != 1 || !(ix.array() instanceof Atom.Var arr)
            || inside.contains(arr.name()) || FreeVars.ofExp(s.exp()).stream().filter(p::equals).count() != 1) continue;
        List<Atom> idx = ix.indices();
        int d = -1;
        for (int j = 0; j < idx.size(); j++) if (idx.get(j) instanceof Atom.Var v && v.name().equals(p)) d = j;
        List<String> ds = facts.dims(arr.name());
        if (d < 0 || ds == null || d >= ds.size() || !facts.same(ds.get(d), n)) continue;
        Atom.Var x = s.pattern().get(0);
        String key;
        List<Stm> make = new ArrayList<>();
        Atom.Var array;
        if (idx.size() == 1) {
          key = "all " + arr.name();
          array = arr;
        } else if (idx.size() == 2 && arr.type().rank() == 2 && fixedInRange(idx.get(1 - d), ds.get(1 - d), inside, facts)) {
          Atom.Var c = (Atom.Var) idx.get(1 - d);
          key = (d == 1 ? "row " : "col ") + arr.name() + " " + c.name();
          Atom.Var src = arr;
          if (d == 0) {
            src = new Atom.Var(x.name() + "_ixtr", arr.type());
            make.add(new Stm(List.of(src), new Exp.Transpose(arr)));
          }
          array = new Atom.Var(x.name() + (d == 1 ? "_ixrow" : "_ixcol"), arr.type().row());
          make.add(new Stm(List.of(array), new Exp.Index(src, List.of(c), null)));
        } else {
          continue;
        }
        Atom.Var known = inputs.get(key);
        if (known == null) {
          inputs.put(key, x);
          before.addAll(make);
          newParams.add(x);
          newArrays.add(array);
          stms.remove(t);
          t--;
        } else {
          stms.set(t, new Stm(List.of(x), new Exp.AtomE(known)));
        }
      }
    }
    if (newParams.isEmpty()) return m;
    // An iota whose position is no longer used is no longer an input.
    Body nb = new Body(stms, f.body().results());
    Set<String> used = FreeVars.ofBody(nb);
    List<Atom.Var> params = new ArrayList<>();
    List<Atom> arrays = new ArrayList<>();
    for (int k = 0; k < f.params().size(); k++) {
      String a = Bounds.name(m.arrays().get(k));
      if (a != null && facts.iota(a) != null && !used.contains(f.params().get(k).name())) continue;
      params.add(f.params().get(k));
      arrays.add(m.arrays().get(k));
    }
    params.addAll(newParams);
    arrays.addAll(newArrays);
    return new Exp.Map(m.width(), new Lambda(params, nb), arrays);
  }

  /** Whether a fixed index is bound outside the map and proven within its dimension. */
  private static boolean fixedInRange(Atom c, String dim, Set<String> inside, Bounds.Facts facts) {
    return c instanceof Atom.Var v && !inside.contains(v.name()) && facts.same(facts.below(v.name()), dim);
  }
}

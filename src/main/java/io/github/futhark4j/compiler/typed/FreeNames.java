package io.github.futhark4j.compiler.typed;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The free variables of a checked expression: the names it refers to that it does not bind itself
 * (by a pattern of a {@code let}, lambda, loop or case, or a local function's name and parameters).
 * Size arguments and types are not looked at.
 */
public final class FreeNames {
  private FreeNames() {}

  /** The free variables of {@code e}, in the order of their first occurrence. */
  public static Set<VName> of(TExp e) {
    Set<VName> out = new LinkedHashSet<>();
    collect(e, new HashSet<>(), out);
    return out;
  }

  private static void collect(TExp e, Set<VName> bound, Set<VName> out) {
    switch (e) {
      case TExp.Var v -> { if (!bound.contains(v.name())) out.add(v.name()); }
      case TExp.ArrayLit a -> a.elements().forEach(x -> collect(x, bound, out));
      case TExp.RecordLit r -> r.fields().values().forEach(x -> collect(x, bound, out));
      case TExp.Range r -> {
        collect(r.start(), bound, out);
        if (r.second() != null) collect(r.second(), bound, out);
        collect(r.end(), bound, out);
      }
      case TExp.Project p -> collect(p.record(), bound, out);
      case TExp.Index i -> { collect(i.array(), bound, out); i.indices().forEach(d -> dim(d, bound, out)); }
      case TExp.Update u -> { collect(u.array(), bound, out); u.indices().forEach(d -> dim(d, bound, out)); collect(u.value(), bound, out); }
      case TExp.RecordUpdate u -> { collect(u.record(), bound, out); collect(u.value(), bound, out); }
      case TExp.Let l -> {
        collect(l.value(), bound, out);
        collect(l.body(), with(bound, l.pattern()), out);
      }
      case TExp.LetFun l -> {
        Set<VName> inner = new HashSet<>(bound);
        inner.add(l.name());
        Set<VName> params = new HashSet<>(inner);
        params.addAll(l.fun().sizeParams());
        for (TPat p : l.fun().params()) binders(p, params);
        collect(l.fun().body(), params, out);
        collect(l.body(), inner, out);
      }
      case TExp.If i -> { collect(i.cond(), bound, out); collect(i.then(), bound, out); collect(i.otherwise(), bound, out); }
      case TExp.Loop l -> {
        collect(l.init(), bound, out);
        Set<VName> inner = with(bound, l.param());
        switch (l.form()) {
          case TExp.LoopForm.For f -> {
            collect(f.bound(), bound, out);
            inner.add(f.index());
          }
          case TExp.LoopForm.ForIn f -> {
            collect(f.array(), bound, out);
            binders(f.element(), inner);
          }
          case TExp.LoopForm.While w -> collect(w.cond(), inner, out);
        }
        collect(l.body(), inner, out);
      }
      case TExp.Apply a -> { collect(a.function(), bound, out); a.args().forEach(x -> collect(x, bound, out)); }
      case TExp.Lambda l -> {
        Set<VName> inner = new HashSet<>(bound);
        for (TPat p : l.params()) binders(p, inner);
        collect(l.body(), inner, out);
      }
      case TExp.BinOp b -> { collect(b.x(), bound, out); collect(b.y(), bound, out); }
      case TExp.UnOp u -> collect(u.x(), bound, out);
      case TExp.Match m -> {
        collect(m.scrutinee(), bound, out);
        for (TExp.Case c : m.cases()) collect(c.body(), with(bound, c.pattern()), out);
      }
      case TExp.Constr c -> c.payload().forEach(x -> collect(x, bound, out));
      case TExp.Assert a -> { collect(a.cond(), bound, out); collect(a.body(), bound, out); }
      case TExp.Coerce c -> collect(c.body(), bound, out);
      case TExp.Attr a -> collect(a.body(), bound, out);
      case TExp.Literal l -> { }
      case TExp.Intrinsic i -> { }
    }
  }

  private static Set<VName> with(Set<VName> bound, TPat p) {
    Set<VName> s = new HashSet<>(bound);
    binders(p, s);
    return s;
  }

  /** Adds the names a pattern binds. */
  public static void binders(TPat p, Set<VName> out) {
    switch (p) {
      case TPat.Id i -> out.add(i.name());
      case TPat.Record r -> r.fields().values().forEach(x -> binders(x, out));
      case TPat.Constr c -> c.payload().forEach(x -> binders(x, out));
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
    }
  }

  private static void dim(TExp.DimIndex d, Set<VName> bound, Set<VName> out) {
    switch (d) {
      case TExp.DimIndex.Fix f -> collect(f.index(), bound, out);
      case TExp.DimIndex.Slice s -> {
        if (s.start() != null) collect(s.start(), bound, out);
        if (s.end() != null) collect(s.end(), bound, out);
        if (s.stride() != null) collect(s.stride(), bound, out);
      }
    }
  }
}

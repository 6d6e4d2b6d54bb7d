package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.VName;
import java.util.Set;

/** The variables a checked expression refers to (for ordering definitions by dependency). */
final class TypedRefs {
  private TypedRefs() {}

  static void collect(TExp e, Set<VName> out) {
    switch (e) {
      case TExp.Var v -> out.add(v.name());
      case TExp.ArrayLit a -> a.elements().forEach(x -> collect(x, out));
      case TExp.RecordLit r -> r.fields().values().forEach(x -> collect(x, out));
      case TExp.Range r -> {
        collect(r.start(), out);
        if (r.second() != null) collect(r.second(), out);
        collect(r.end(), out);
      }
      case TExp.Project p -> collect(p.record(), out);
      case TExp.Index i -> { collect(i.array(), out); i.indices().forEach(d -> dim(d, out)); }
      case TExp.Update u -> { collect(u.array(), out); u.indices().forEach(d -> dim(d, out)); collect(u.value(), out); }
      case TExp.RecordUpdate u -> { collect(u.record(), out); collect(u.value(), out); }
      case TExp.Let l -> { collect(l.value(), out); collect(l.body(), out); }
      case TExp.LetFun l -> { collect(l.fun().body(), out); collect(l.body(), out); }
      case TExp.If i -> { collect(i.cond(), out); collect(i.then(), out); collect(i.otherwise(), out); }
      case TExp.Loop l -> {
        collect(l.init(), out);
        switch (l.form()) {
          case TExp.LoopForm.For f -> collect(f.bound(), out);
          case TExp.LoopForm.ForIn f -> collect(f.array(), out);
          case TExp.LoopForm.While w -> collect(w.cond(), out);
        }
        collect(l.body(), out);
      }
      case TExp.Apply a -> { collect(a.function(), out); a.args().forEach(x -> collect(x, out)); }
      case TExp.Lambda l -> collect(l.body(), out);
      case TExp.BinOp b -> { collect(b.x(), out); collect(b.y(), out); }
      case TExp.UnOp u -> collect(u.x(), out);
      case TExp.Match m -> { collect(m.scrutinee(), out); m.cases().forEach(c -> collect(c.body(), out)); }
      case TExp.Constr c -> c.payload().forEach(x -> collect(x, out));
      case TExp.Assert a -> { collect(a.cond(), out); collect(a.body(), out); }
      case TExp.Coerce c -> collect(c.body(), out);
      case TExp.Attr a -> collect(a.body(), out);
      case TExp.Literal l -> { }
      case TExp.Intrinsic i -> { }
    }
  }

  private static void dim(TExp.DimIndex d, Set<VName> out) {
    switch (d) {
      case TExp.DimIndex.Fix f -> collect(f.index(), out);
      case TExp.DimIndex.Slice s -> {
        if (s.start() != null) collect(s.start(), out);
        if (s.end() != null) collect(s.end(), out);
        if (s.stride() != null) collect(s.stride(), out);
      }
    }
  }
}

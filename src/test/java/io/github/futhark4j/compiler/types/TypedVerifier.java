package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the invariants the back end relies on (see {@code compiler.typed}): every variable is
 * bound before use (definitions in dependency order, locals in scope), binders are unique,
 * applications are saturated for their callee, built-in operators on non-equality types are
 * primitive. Returns the violations found, empty when the program is well formed.
 */
public final class TypedVerifier {
  private final List<String> problems = new ArrayList<>();
  private final Map<VName, Integer> arity = new HashMap<>();
  private final Set<VName> binders = new HashSet<>();

  public static List<String> verify(TProgram p) {
    TypedVerifier v = new TypedVerifier();
    Set<VName> globals = new HashSet<>();
    for (TDecl d : p.decls()) {
      v.fun(d.fun(), new HashSet<>(globals), d.name().toString());
      v.binder(d.name());
      globals.add(d.name());
      v.arity.put(d.name(), d.fun().params().size());
    }
    return v.problems;
  }

  private void binder(VName n) {
    if (!binders.add(n)) problems.add("binder " + n + " bound twice");
  }

  private void fun(FunDef f, Set<VName> scope, String where) {
    Set<VName> s = new HashSet<>(scope);
    for (VName n : f.sizeParams()) {
      binder(n);
      s.add(n);
    }
    for (TPat p : f.params()) pat(p, s);
    exp(f.body(), s, where);
  }

  private void pat(TPat p, Set<VName> scope) {
    switch (p) {
      case TPat.Id id -> {
        binder(id.name());
        scope.add(id.name());
      }
      case TPat.Record r -> r.fields().values().forEach(x -> pat(x, scope));
      case TPat.Constr c -> c.payload().forEach(x -> pat(x, scope));
      default -> { }
    }
  }

  private static int arrows(io.github.futhark4j.compiler.typed.Type t) {
    int n = 0;
    while (t instanceof Type.Arrow a) { n++; t = a.result(); }
    return n;
  }

  private void exp(TExp e, Set<VName> scope, String where) {
    switch (e) {
      case TExp.Var v -> {
        if (!scope.contains(v.name())) problems.add(where + ": " + v.name() + " used out of scope at " + v.span());
      }
      case TExp.Apply a -> {
        int want = switch (a.function()) {
          case TExp.Var v -> arity.getOrDefault(v.name(), arrows(v.type()));
          case TExp.Lambda l -> l.params().size();
          default -> arrows(a.function().type());
        };
        if (want != a.args().size()) problems.add(where + ": unsaturated call at " + a.span() + " (" + a.args().size() + " of " + want + ")");
        exp(a.function(), scope, where);
        a.args().forEach(x -> exp(x, scope, where));
      }
      case TExp.BinOp b -> {
        boolean eq = b.op() == TExp.BinOperator.EQ || b.op() == TExp.BinOperator.NEQ;
        if (!eq && !(b.operandType() instanceof Type.Prim)) problems.add(where + ": " + b.op() + " on " + b.operandType());
        exp(b.x(), scope, where);
        exp(b.y(), scope, where);
      }
      case TExp.Let l -> {
        exp(l.value(), scope, where);
        Set<VName> s = new HashSet<>(scope);
        pat(l.pattern(), s);
        exp(l.body(), s, where);
      }
      case TExp.LetFun l -> {
        binder(l.name());
        fun(l.fun(), scope, where);
        arity.put(l.name(), l.fun().params().size());
        Set<VName> s = new HashSet<>(scope);
        s.add(l.name());
        exp(l.body(), s, where);
      }
      case TExp.Lambda l -> {
        Set<VName> s = new HashSet<>(scope);
        l.params().forEach(p -> pat(p, s));
        exp(l.body(), s, where);
      }
      case TExp.Loop l -> {
        exp(l.init(), scope, where);
        Set<VName> s = new HashSet<>(scope);
        pat(l.param(), s);
        switch (l.form()) {
          case TExp.LoopForm.For f -> {
            exp(f.bound(), scope, where);
            binder(f.index());
            s.add(f.index());
          }
          case TExp.LoopForm.ForIn f -> {
            exp(f.array(), scope, where);
            pat(f.element(), s);
          }
          case TExp.LoopForm.While w -> exp(w.cond(), s, where);
        }
        exp(l.body(), s, where);
      }
      case TExp.Match m -> {
        exp(m.scrutinee(), scope, where);
        for (TExp.Case c : m.cases()) {
          Set<VName> s = new HashSet<>(scope);
          pat(c.pattern(), s);
          exp(c.body(), s, where);
        }
      }
      case TExp.ArrayLit a -> a.elements().forEach(x -> exp(x, scope, where));
      case TExp.RecordLit r -> r.fields().values().forEach(x -> exp(x, scope, where));
      case TExp.Range r -> {
        exp(r.start(), scope, where);
        if (r.second() != null) exp(r.second(), scope, where);
        exp(r.end(), scope, where);
      }
      case TExp.Project p -> exp(p.record(), scope, where);
      case TExp.Index i -> {
        exp(i.array(), scope, where);
        indices(i.indices(), scope, where);
      }
      case TExp.Update u -> {
        exp(u.array(), scope, where);
        indices(u.indices(), scope, where);
        exp(u.value(), scope, where);
      }
      case TExp.RecordUpdate u -> {
        exp(u.record(), scope, where);
        exp(u.value(), scope, where);
      }
      case TExp.If i -> {
        exp(i.cond(), scope, where);
        exp(i.then(), scope, where);
        exp(i.otherwise(), scope, where);
      }
      case TExp.UnOp u -> exp(u.x(), scope, where);
      case TExp.Constr c -> c.payload().forEach(x -> exp(x, scope, where));
      case TExp.Assert a -> {
        exp(a.cond(), scope, where);
        exp(a.body(), scope, where);
      }
      case TExp.Coerce c -> exp(c.body(), scope, where);
      case TExp.Attr a -> exp(a.body(), scope, where);
      case TExp.Literal l -> { }
      case TExp.Intrinsic i -> { }
    }
  }

  private void indices(List<TExp.DimIndex> is, Set<VName> scope, String where) {
    for (TExp.DimIndex d : is) {
      switch (d) {
        case TExp.DimIndex.Fix f -> exp(f.index(), scope, where);
        case TExp.DimIndex.Slice s -> {
          if (s.start() != null) exp(s.start(), scope, where);
          if (s.end() != null) exp(s.end(), scope, where);
          if (s.stride() != null) exp(s.stride(), scope, where);
        }
      }
    }
  }
}

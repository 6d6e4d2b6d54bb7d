package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Contexts;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recursive functions, as the reference has them (language reference, "Recursive functions"; its
 * Note [Checking recursive functions] and {@code recursionCheck}). Only a top-level (or module-level)
 * definition with parameters is in scope of its own body; mutual and local recursion are not.
 * Recursion is monomorphic in types: a recursive call uses the definition's own type parameters.
 * Sizes are per use: with a declared return type the name stands for the declared type, whose size
 * parameters each use instantiates (size-polymorphic recursion); without one, each use gets a type
 * of its own that, once the body is checked, is the function's type with fresh sizes everywhere.
 * A recursive function's result must be first-order, and when it has higher-order parameters every
 * recursive call must be fully saturated and pass those parameters unchanged.
 */
final class Recursion {
  private final TcState st;
  private final Unify u;

  Recursion(TcState st, Unify u) {
    this.st = st;
    this.u = u;
  }

  /** The binding of {@code v} (being defined by {@code d}, with signature {@code sig}) in its own body. */
  Env.Recursive bind(VName v, ValDecl d, Defs.Sig sig) {
    Env.Scheme declared = null;
    if (sig.ret() != null) {
      // The declared type, the parameters' anonymous sizes and the size parameters instantiable.
      Map<Ty.Flex, VName> made = new HashMap<>();
      List<VName> sizeParams = new ArrayList<>();
      for (Env.TParam tp : sig.tparams()) if (tp.isSize()) sizeParams.add(tp.name());
      Ty type = placeholders(sig.ret(), made);
      for (int i = sig.params().size() - 1; i >= 0; i--) {
        Pats.PatRes p = sig.params().get(i);
        VName pname = Defs.isNamePattern(p) ? p.binds().get(0).v() : null;
        type = new Ty.Fun(pname, placeholders(p.ty(), made), i == sig.params().size() - 1 ? sig.exts() : List.of(), type);
      }
      sizeParams.addAll(made.values());
      declared = new Env.Scheme(List.of(), sizeParams, type);
    }
    return new Env.Recursive(v, declared, new ArrayList<>(), d.nameSpan());
  }

  /** {@code t} with its sizes still to be inferred named by fresh size parameters. */
  private Ty placeholders(Ty t, Map<Ty.Flex, VName> made) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> {
        SE s = a.size();
        if (SE.norm(s) instanceof SE.F f) s = SE.var(made.computeIfAbsent(f.flex(), k -> st.fresh(k.name != null ? k.name : "n")));
        yield new Ty.Arr(placeholders(a.elem(), made), s, a.unique());
      }
      case Ty.Rec r -> {
        Map<String, Ty> m = new java.util.LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, placeholders(x, made)));
        yield new Ty.Rec(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.pname(), placeholders(f.param(), made), f.exts(), placeholders(f.result(), made));
      case Ty.Prim p -> t;
      case Ty.Sum s -> t;
      case Ty.Named n -> t;
      case Ty.Var v -> t;
    };
  }

  /**
   * After the body: each use of the name (without a declared return type) has the function's type
   * with fresh sizes, so a recursive call may have other sizes than the definition.
   */
  void close(Env.Recursive r, Defs.Sig sig, Ty ret, Span span) {
    if (r.declared() != null || r.uses().isEmpty()) return;
    Ty fty = ret;
    for (int i = sig.params().size() - 1; i >= 0; i--) fty = new Ty.Fun(sig.params().get(i).ty(), fty);
    for (Ty use : r.uses()) {
      Ty fresh = Unify.freshSizes(fty, st.level, null);
      try {
        u.unify(use, fresh);
      } catch (Unify.Failure f) {
        String[] shown = Unify.showAll(fresh, use);
        st.typeError(TypeErrors.mismatch(span, Contexts.recursiveUse(), shown[0], shown[1], f.why));
        return;
      }
    }
  }

  /**
   * The reference's restrictions on a recursive function (syntactic, on its body as written): a
   * first-order result; with higher-order parameters, only fully saturated recursive calls that pass
   * those parameters unchanged.
   */
  void check(ValDecl d, Defs.Sig sig, Ty ret, Causality.Trace trace, Span span) {
    if (trace.recursive.isEmpty()) return;
    if (functional(ret)) {
      st.typeError(TypeErrors.recursiveFunctionResult(span, d.name(), Unify.show(ret)));
      return;
    }
    boolean[] ho = new boolean[sig.params().size()];
    boolean any = false;
    for (int i = 0; i < ho.length; i++) any |= ho[i] = functional(sig.params().get(i).ty());
    if (any) walk(d.body(), d, sig, ho, trace);
  }

  private boolean functional(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Fun f -> true;
      case Ty.Named n -> st.paramLiftedness.get(n.name()) == Liftedness.LIFTED;
      case Ty.Arr a -> functional(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(this::functional);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(this::functional);
      case Ty.Prim p -> false;
      case Ty.Var v -> false;
    };
  }

  private void walk(Exp e, ValDecl d, Defs.Sig sig, boolean[] ho, Causality.Trace trace) {
    if (e instanceof Apply) {
      List<Exp> args = new ArrayList<>();
      Exp head = e;
      while (head instanceof Apply ap) {
        args.add(0, ap.arg());
        head = ap.function();
      }
      if (trace.recursive.contains(head)) {
        if (args.size() != ho.length) {
          st.typeError(TypeErrors.recursiveApplicationNotSaturated(e.span(), d.name(), ho.length, args.size()));
          return;
        }
        for (int i = 0; i < ho.length; i++) {
          if (!ho[i]) continue;
          VName named = trace.resolved.get(args.get(i));
          boolean unchanged = named != null && sig.params().get(i).binds().stream().anyMatch(b -> b.v().equals(named));
          if (!unchanged) {
            st.typeError(TypeErrors.higherOrderArgumentChanged(args.get(i).span(), d.name()));
            return;
          }
        }
        for (Exp a : args) walk(a, d, sig, ho, trace);
        return;
      }
    }
    if (trace.recursive.contains(e)) {
      st.typeError(TypeErrors.recursiveReferenceNotApplied(e.span(), d.name()));
      return;
    }
    for (Exp k : Ast.subExps(e)) walk(k, d, sig, ho, trace);
  }
}

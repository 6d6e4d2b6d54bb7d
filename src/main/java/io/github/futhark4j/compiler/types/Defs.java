package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Contexts;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.diag.ModuleErrors;
import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.SizeErrors;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.diag.TypeMessages;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Message;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Parser;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Env.TParam;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Function definitions: top-level {@code def}/{@code entry}, local functions and lambdas, with
 * let-generalisation of what inference leaves open (type variables become type parameters,
 * flexible sizes of parameters become size parameters, unknown sizes of the result become
 * existential), the checked entry points, and the types of the intrinsics.
 */
final class Defs {
  private final TcState st;
  private final Unify u;
  private final TypeConv types;
  private final Pats pats;
  private final Zonk zonk;
  private final Causality causality;
  private final Recursion recursion;
  private Terms terms;

  Defs(TcState st, Unify u, TypeConv types, Pats pats, Zonk zonk) {
    this.st = st;
    this.u = u;
    this.types = types;
    this.pats = pats;
    this.zonk = zonk;
    this.causality = new Causality(st);
    this.recursion = new Recursion(st, u);
  }

  void setTerms(Terms terms) { this.terms = terms; }

  private Consumption consumption;

  void setConsumption(Consumption c) { this.consumption = c; }

  /** What kind of function is being checked. */
  enum Kind { TOP, LOCAL, LAMBDA }

  /**
   * A function's signature, checked before its body: type parameters, parameter patterns (with
   * their names in {@code ctx}), the declared return type (null when inferred) and its
   * existential sizes. {@code outerLevel} is the binding depth around the function;
   * {@code paramPats} are the parameters as written, {@code retSpan} the declared return type's
   * (null when inferred).
   */
  record Sig(List<TParam> tparams, List<Pats.PatRes> params, Ty ret, List<VName> exts, Ctx ctx, int outerLevel, int bodyLevel,
      List<Pat> paramPats, Span retSpan) {
    Sig withRet(Ty ret, List<VName> exts) { return new Sig(tparams, params, ret, exts, ctx, outerLevel, bodyLevel, paramPats, retSpan); }

    Sig withCtx(Ctx ctx) { return new Sig(tparams, params, ret, exts, ctx, outerLevel, bodyLevel, paramPats, retSpan); }

    /**
     * What the parameter patterns bind other than whole named parameters: names the function's
     * type cannot refer to (the reference's hidden parameter names).
     */
    Set<VName> hiddenNames() {
      Set<VName> hidden = new LinkedHashSet<>();
      for (Pats.PatRes p : params) if (!isNamePattern(p)) for (Pats.Bound b : p.binds()) hidden.add(b.v());
      return hidden;
    }
  }

  Sig signature(Ctx ctx, List<TypeParam> tps, List<Pat> params, TypeExp retType, Kind kind) {
    int outer = st.level;
    st.level++;
    TypeConv.Params tp = types.bindTypeParams(tps, ctx);
    Ctx c = tp.ctx();
    List<Pats.PatRes> ps = new ArrayList<>();
    // Size parameters and the parameters' names are one set of names (type parameters are types),
    // checked for a name bound twice before any type, as the reference's name resolution does.
    Map<String, Span> seen = new HashMap<>();
    for (TypeParam t : tps) if (t.isSize()) seen.putIfAbsent(t.name(), t.span());
    for (Pat p : params) {
      Pats.names(p, (b, ascribed) -> {
        Span prev = seen.putIfAbsent(b.name(), b.span());
        if (prev != null) st.error(TypeErrors.alsoBoundAt(b.span(), b.name(), prev.render()));
      });
    }
    for (Pat p : params) {
      // The parameter's type exists before the parameter: it cannot depend on it.
      Ty.Var pt = new Ty.Var(st.level);
      st.level++;
      Pats.PatRes pr = pats.check(p, pt, c, Pats.Mode.PARAM, Map.of());
      c = pr.bindAll(c, st.level);
      for (Ty.Flex fl : pr.flexes()) fl.paramSize = true;
      ps.add(pr);
    }
    Ty ret = null;
    List<VName> exts = new ArrayList<>();
    if (retType != null) {
      TypeConv.Conv conv = new TypeConv.Conv();
      ret = types.convert(retType, c, kind == Kind.LAMBDA ? TypeConv.Anon.LAMBDA_RET : TypeConv.Anon.EXIST, conv);
      exts.addAll(conv.exts);
    }
    st.level++;
    int body = st.level;
    st.level = outer;
    return new Sig(tp.params(), ps, ret, exts, c, outer, body, List.copyOf(params), retType == null ? null : retType.span());
  }

  /** A checked function: its signature, body and type (a scheme for named functions), and the builder of its definition. */
  record Fn(Sig sig, List<TParam> tparams, List<VName> sizeParams, Ty type, Ty ret, Terms.Res body, Supplier<FunDef> build) {}

  Fn function(Sig sig, Exp body, Kind kind, Span span, String name) {
    return function(sig, body, kind, span, name, null);
  }

  /** {@code rec}: the definition's own name in its body, when it may recurse (else null). */
  Fn function(Sig sig, Exp body, Kind kind, Span span, String name, Env.Recursive rec) {
    int saved = st.level;
    st.level = sig.bodyLevel();
    Terms.Res b;
    Ty ret;
    try {
      b = terms.check(body, sig.ctx());
      if (sig.ret() != null) {
        // The existential sizes of a declared return type accept any size from the body.
        Map<VName, SE> open = new HashMap<>();
        for (VName e : sig.exts()) open.put(e, new SE.F(new Ty.Flex(Integer.MAX_VALUE / 2, e.base())));
        Ty expected = Unify.subst(sig.ret(), Map.of(), open);
        boolean ok = true;
        VName hidden = hiddenNameOf(sig.ret(), sig);
        if (hidden != null) {
          ok = false;
          // Reported where the reference reports it: at the annotation, or at the whole lambda.
          Span at = kind == Kind.LAMBDA ? span : sig.retSpan();
          st.typeError(SizeErrors.returnTypeNamesInnerComponent(at, Unify.show(sig.ret()), hidden.base()));
        } else try {
          u.unifyDeclared(expected, b.ty());
          // A declared function type that observes its argument cannot be given a consuming function.
          if (Modules.consumesMore(b.ty(), expected)) {
            throw new Unify.Failure(TypeMessages.consumesAgainstDeclaredType());
          }
        } catch (Unify.Failure f) {
          ok = false;
          terms.report(body.span(), sig.ret(), b.ty(), Contexts.functionBody(), f);
        }
        ret = sig.ret();
        if (ok) {
          // An anonymous size of the declared result ([]t) is inferred from the body when the
          // body's size is known outside the function (from the parameters): def f (n: i64) : []i32
          // = iota n has type (n: i64) -> [n]i32. Otherwise, and for ?[k] written out, it stays
          // existential.
          Map<VName, SE> known = new HashMap<>();
          List<VName> distinctExts = new ArrayList<>();
          for (VName e : sig.exts()) {
            SE v = SE.norm(open.get(e));
            // A lambda's declared sizes, ?[m] written out too, are what its body gives when that is
            // known outside (as in the reference, where a lambda returns whatever type the context
            // requires): \k : ?[m].[m]i32 -> replicate k 1 has type (k: i64) -> [k]i32.
            boolean absorbable = st.unknownSizes.containsKey(e) || kind == Kind.LAMBDA;
            if (absorbable && !(v instanceof SE.F) && knownOutside(v, sig)) known.put(e, open.get(e));
            // One that nothing determines is chosen by the caller: a size parameter (generaliseSizes).
            else if (st.unknownSizes.containsKey(e) && v instanceof SE.F) known.put(e, v);
            else if (st.unknownSizes.containsKey(e)) {
              // Anonymous sizes that the body gives one size it makes are one existential size:
              // (*[]i64, *[]i64) returning two arrays of a let-bound size n is ?[n].([n]i64, [n]i64).
              VName same = distinctExts.stream().filter(d -> SE.same(SE.norm(open.get(d)), v)).findFirst().orElse(null);
              if (same != null) known.put(e, SE.var(same));
              else distinctExts.add(e);
            }
          }
          if (!known.isEmpty()) {
            ret = Unify.subst(sig.ret(), Map.of(), known);
            List<VName> exts = new ArrayList<>(sig.exts());
            exts.removeAll(known.keySet());
            sig = sig.withRet(ret, exts);
          }
        }
      } else {
        ret = b.ty();
      }
      if (rec != null) recursion.close(rec, sig, ret, span);
    } finally {
      st.level = saved;
    }
    return finish(sig, ret, b, kind, span, name);
  }

  /**
   * Whether a size can be named outside a function: its variables are named parameters, size
   * parameters or names from outside the function, none an unknown size or a flexible one.
   */
  private boolean knownOutside(SE v, Sig sig) {
    // Flexible sizes of the parameters' types become size parameters: known outside.
    List<Ty.Flex> inV = new ArrayList<>(), inParams = new ArrayList<>();
    flexes(v, inV);
    for (Pats.PatRes p : sig.params()) flexes(p.ty(), inParams);
    if (!inParams.containsAll(inV)) return false;
    Set<VName> vars = new HashSet<>();
    SE.vars(v, vars);
    Set<VName> params = new HashSet<>();
    for (TParam tp : sig.tparams()) if (tp.isSize()) params.add(tp.name());
    for (Pats.PatRes p : sig.params()) if (isNamePattern(p)) params.add(p.binds().get(0).v());
    for (VName x : vars) {
      if (params.contains(x)) continue;
      if (st.unknownSizes.containsKey(x)) return false;
      Integer lvl = st.nameLevel.get(x);
      if (lvl != null && lvl > sig.outerLevel()) return false;
    }
    return true;
  }

  /**
   * The reference's restriction on parameters (its verifyFunctionParams): a function type names
   * each parameter only as a whole, so no parameter's type may refer to a name bound inside a
   * tuple or record parameter, nor to a later parameter. Checked once the body has inferred the
   * parameters' types.
   */
  private void inaccessibleSizes(Sig sig, Kind kind, String name) {
    Set<VName> forbidden = new HashSet<>();
    for (Pats.PatRes p : sig.params()) for (Pats.Bound b : p.binds()) forbidden.add(b.v());
    for (int i = 0; i < sig.params().size(); i++) {
      Pats.PatRes p = sig.params().get(i);
      Set<VName> sizes = new LinkedHashSet<>();
      Unify.sizeVars(p.ty(), sizes);
      for (VName d : sizes) {
        if (!forbidden.contains(d)) continue;
        Pat written = sig.paramPats().get(i);
        String text = written instanceof PAscribe ? "(" + written.span().withoutParens().text() + ")" : written.span().text();
        st.typeError(SizeErrors.inaccessibleSize(written.span(), kind == Kind.LAMBDA ? null : name,
            "(" + text + ": " + Unify.show(p.ty()) + ")", d.base()));
        return;
      }
      if (isNamePattern(p)) forbidden.remove(p.binds().get(0).v());
    }
  }

  /** Generalises and builds a function whose body is checked. */
  private Fn finish(Sig sig, Ty ret, Terms.Res b, Kind kind, Span span, String name) {
    inaccessibleSizes(sig, kind, name);
    List<TParam> tparams = new ArrayList<>(sig.tparams().stream().filter(t -> !t.isSize()).toList());
    List<VName> sizeParams = new ArrayList<>(sig.tparams().stream().filter(TParam::isSize).map(TParam::name).toList());
    List<VName> exts = new ArrayList<>(sig.exts());
    int outer = sig.outerLevel();
    List<Ty> paramTys = sig.params().stream().map(Pats.PatRes::ty).toList();
    // Sizes of an inferred result that name what a parameter pattern binds (other than a whole
    // named parameter, which the function type can refer to) become unknown sizes, as the names go
    // out of scope: existential in the result (\(k, x) -> replicate k x has type
    // (i64, t) -> ?[d].[d]t), an error in a parameter of a returned function (unknownSizesInParameters).
    if (sig.ret() == null) ret = unscopeHidden(ret, sig, span);
    // Sizes of the result that are unknown outside the function (made in its body) are existential.
    if (sig.ret() == null) ret = existentialResult(ret, outer, exts, paramTys);
    if (kind != Kind.LAMBDA) {
      unknownSizesInParameters(sig, ret, outer, name, span);
      generaliseSizes(paramTys, ret, outer, sizeParams, exts);
      // As in the reference, only top-level definitions are generalised; a local function is
      // polymorphic only in the type parameters it declares.
      if (kind == Kind.TOP) generaliseTypes(paramTys, ret, outer, tparams, span);
    }
    Ty type = ret;
    List<Pats.PatRes> ps = sig.params();
    for (int i = ps.size() - 1; i >= 0; i--) {
      Pats.PatRes p = ps.get(i);
      VName pname = isNamePattern(p) ? p.binds().get(0).v() : null;
      type = new Ty.Fun(pname, p.ty(), i == ps.size() - 1 ? exts : List.of(), type);
    }
    Ty fty = type, rty = ret;
    List<String> tpNames = tparams.stream().map(t -> t.name().toString()).toList();
    Supplier<FunDef> build = () -> {
      List<TPat> params = ps.stream().map(p -> p.build().get()).toList();
      TExp body = b.build().get();
      return new FunDef(tpNames, List.copyOf(sizeParams), params, zonk.type(rty), body);
    };
    return new Fn(sig, tparams, sizeParams, fty, rty, b, build);
  }

  /**
   * A size the body makes (an unknown size) may not be the size of a parameter of the function type
   * that a binding is generalised to: no caller could ever supply an argument of that size. As the
   * reference's let-generalisation (closeOverSizes), unless the size is witnessed where it is bound:
   * a size of the value itself, or of the result of an arrow around the parameter (it is then an
   * existential of that result, fresh at each application).
   */
  private void unknownSizesInParameters(Sig sig, Ty ret, int outer, String name, Span span) {
    Ty fty = ret;
    for (int i = sig.params().size() - 1; i >= 0; i--) fty = new Ty.Fun(sig.params().get(i).ty(), fty);
    java.util.function.Predicate<VName> unknown = v -> {
      Integer l = st.nameLevel.get(v);
      return l != null && l > outer && st.unknownSizes.containsKey(v);
    };
    Set<VName> immediate = new LinkedHashSet<>();
    Unify.sizeUses(fty, immediate, new HashSet<>());
    VName bad = unwitnessed(fty, immediate, unknown);
    if (bad == null) return;
    String origin = st.unknownSizes.get(bad);
    st.typeError(SizeErrors.cannotGeneralise(span, name, bad.base(), Unify.show(fty), origin));
  }

  /** An unknown size of a parameter type inside {@code t} that no enclosing result witnesses, or null. */
  private static VName unwitnessed(Ty t, Set<VName> bound, java.util.function.Predicate<VName> unknown) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Fun f -> {
        Set<VName> inParam = new LinkedHashSet<>();
        Unify.sizeVars(f.param(), inParam);
        for (VName v : inParam) if (unknown.test(v) && !bound.contains(v)) return v;
        Set<VName> inner = new HashSet<>(bound);
        Unify.sizeUses(f.result(), inner, new HashSet<>());
        return unwitnessed(f.result(), inner, unknown);
      }
      case Ty.Rec r -> {
        for (Ty x : r.fields().values()) {
          VName v = unwitnessed(x, bound, unknown);
          if (v != null) return v;
        }
        return null;
      }
      case Ty.Sum s -> {
        for (List<Ty> l : s.constructors().values()) {
          for (Ty x : l) {
            VName v = unwitnessed(x, bound, unknown);
            if (v != null) return v;
          }
        }
        return null;
      }
      case Ty.Named n -> {
        Set<VName> inArgs = new LinkedHashSet<>();
        Unify.sizeVars(n, inArgs);
        for (VName v : inArgs) if (unknown.test(v) && !bound.contains(v)) return v;
        return null;
      }
      case Ty.Prim p -> { return null; }
      case Ty.Arr a -> { return null; }
      case Ty.Var v -> { return null; }
    }
  }

  /** The inferred result {@code ret} seen outside the function, where its hidden parameter names are gone. */
  private Ty unscopeHidden(Ty ret, Sig sig, Span span) {
    int saved = st.level;
    // The unknown sizes belong to the function's body, as those its body makes.
    st.level = sig.bodyLevel();
    try {
      return terms.unscope(ret, sig.hiddenNames(), span);
    } finally {
      st.level = saved;
    }
  }

  /** A name of {@code t} that a parameter pattern binds inside a tuple or record, or null. */
  private static VName hiddenNameOf(Ty t, Sig sig) {
    Set<VName> used = new LinkedHashSet<>();
    Unify.sizeVars(t, used);
    used.retainAll(sig.hiddenNames());
    return used.isEmpty() ? null : used.iterator().next();
  }

  /** Whether the parameter is a plain name (possibly ascribed): only then may the result use it as a size. */
  static boolean isNamePattern(Pats.PatRes p) {
    return p.binds().size() == 1 && Unify.resolve(p.binds().get(0).ty()) == Unify.resolve(p.ty());
  }

  /**
   * Unknown sizes of an inferred result that are not known outside the function (made in its
   * body) become existential sizes of the result.
   */
  private Ty existentialResult(Ty ret, int outer, List<VName> exts, List<Ty> paramTys) {
    Set<VName> vs = new LinkedHashSet<>();
    Unify.sizeVars(ret, vs);
    Set<VName> inParams = new HashSet<>();
    for (Ty p : paramTys) Unify.sizeVars(p, inParams);
    for (VName v : vs) {
      Integer l = st.nameLevel.get(v);
      if (l != null && l > outer && st.unknownSizes.containsKey(v) && !inParams.contains(v) && !exts.contains(v)) exts.add(v);
    }
    return ret;
  }

  /** Flexible sizes left open: of parameters, new size parameters; of the result only, existential. */
  private void generaliseSizes(List<Ty> paramTys, Ty ret, int outer, List<VName> sizeParams, List<VName> exts) {
    List<Ty.Flex> inParams = new ArrayList<>();
    for (Ty p : paramTys) flexes(p, inParams);
    for (Ty.Flex f : inParams) {
      if (f.ref == null && f.level > outer) {
        VName v = st.fresh(f.name != null ? f.name : "n");
        st.nameLevel.put(v, outer + 1);
        f.ref = SE.var(v);
        sizeParams.add(v);
      }
    }
    // Flexible sizes of parameters of a returned function are size parameters too.
    List<Ty.Flex> inRetParams = new ArrayList<>();
    flexesInParams(ret, inRetParams);
    for (Ty.Flex f : inRetParams) {
      if (f.ref == null && f.level > outer) {
        VName v = st.fresh(f.name != null ? f.name : "n");
        st.nameLevel.put(v, outer + 1);
        f.ref = SE.var(v);
        sizeParams.add(v);
      }
    }
    // A size of the result that nothing determines is chosen by the caller, as in the reference
    // (an unconstrained size variable is closed over as a size parameter): def f (x: i32) : [][]i32 = []
    // is f [d] (x: i32) : [0][d]i32. Sizes the body makes are existential (existentialResult).
    List<Ty.Flex> inRet = new ArrayList<>();
    flexes(ret, inRet);
    for (Ty.Flex f : inRet) {
      if (f.ref == null && f.level > outer) {
        VName v = st.fresh(f.name != null ? f.name : "d");
        st.nameLevel.put(v, outer + 1);
        f.ref = SE.var(v);
        sizeParams.add(v);
      }
    }
  }

  /** Type variables left open become type parameters. */
  private void generaliseTypes(List<Ty> paramTys, Ty ret, int outer, List<TParam> tparams, Span span) {
    List<Ty.Var> vars = new ArrayList<>();
    for (Ty p : paramTys) vars(p, vars);
    vars(ret, vars);
    int k = 0;
    for (Ty.Var v : vars) {
      // A type only an overloaded literal or operator constrains is defaulted, with a warning (the
      // reference's "Defaulting ambiguous type").
      if (v.ref == null && v.level > outer && v.prims != null) {
        PrimType p = Zonk.defaultOf(v.prims);
        st.warn(TypeErrors.defaultingAmbiguousType(span, p.futName()));
        v.ref = new Ty.Prim(p);
        continue;
      }
      if (v.ref != null || v.level <= outer || v.prims != null || v.fields != null || v.constructors != null) continue;
      String base;
      do base = "t" + k++; while (false);
      VName n = st.fresh(base);
      Liftedness l = v.ceiling.ordinal() < v.lifted.ordinal() ? v.ceiling : v.lifted;
      st.paramLiftedness.put(n, l);
      v.ref = new Ty.Named(n, List.of(), false);
      tparams.add(new TParam(n, false, l));
    }
  }

  static void flexes(Ty t, List<Ty.Flex> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Arr a -> { flexes(a.size(), out); flexes(a.elem(), out); }
      case Ty.Rec r -> r.fields().values().forEach(x -> flexes(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> flexes(x, out)));
      case Ty.Fun f -> { flexes(f.param(), out); flexes(f.result(), out); }
      case Ty.Named n -> n.args().forEach(a -> {
        if (a.type() != null) flexes(a.type(), out);
        else flexes(a.size(), out);
      });
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  /** The flexible sizes in parameter positions of function types within {@code t}. */
  static void flexesInParams(Ty t, List<Ty.Flex> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Fun f -> {
        flexes(f.param(), out);
        flexesInParams(f.result(), out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> flexesInParams(x, out));
      case Ty.Prim p -> { }
      case Ty.Arr a -> { }
      case Ty.Sum s -> { }
      case Ty.Named n -> { }
      case Ty.Var v -> { }
    }
  }

  /** Whether a type has a size the body made (an unknown size: an existential of a value binding). */
  private boolean hasUnknownSize(Ty t) {
    Set<VName> vs = new HashSet<>();
    Unify.sizeVars(t, vs);
    return vs.stream().anyMatch(st.unknownSizes::containsKey);
  }

  static void flexes(SE e, List<Ty.Flex> out) {
    SE.forEach(e, x -> { if (x instanceof SE.F f && !out.contains(f.flex())) out.add(f.flex()); });
  }

  static void vars(Ty t, List<Ty.Var> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Var v -> { if (!out.contains(v)) out.add(v); }
      case Ty.Arr a -> vars(a.elem(), out);
      case Ty.Rec r -> r.fields().values().forEach(x -> vars(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> vars(x, out)));
      case Ty.Fun f -> { vars(f.param(), out); vars(f.result(), out); }
      case Ty.Named n -> n.args().forEach(a -> { if (a.type() != null) vars(a.type(), out); });
      case Ty.Prim p -> { }
    }
  }

  // ---- lambdas and local functions ------------------------------------------------------------

  /**
   * A lambda, checked where it is written, as the reference does: parameters without a declared
   * type have type variables, which what the body does with them constrains.
   */
  Terms.Res lambda(Lambda l, Ctx ctx) {
    Sig sig = signature(ctx, List.of(), l.params(), l.returnType(), Kind.LAMBDA);
    for (int i = 0; i < sig.params().size() && i < l.params().size(); i++) st.trace.type(l.params().get(i), sig.params().get(i).ty());
    Fn f = function(sig, l.body(), Kind.LAMBDA, l.span(), "lambda");
    if (l.returnType() != null) st.declaredLambdaReturns.add(l.span());
    return new Terms.Res(f.type(), () -> {
      FunDef fd = f.build().get();
      return new TExp.Lambda(fd.params(), fd.body(), zonk.type(f.type()), l.span());
    });
  }

  Terms.Res letFun(LetFun l, Ctx ctx, Terms t) {
    Sig sig = signature(ctx, l.typeParams(), l.params(), l.returnType(), Kind.LOCAL);
    Fn f = function(sig, l.value(), Kind.LOCAL, l.span(), l.name());
    // A local function's size parameters are a top-level one's: each must be used.
    checkSizeParamsUsed(l.name(), l.typeParams(), l.params(), f);
    VName v = st.fresh(l.name());
    st.arity.put(v, l.params().size());
    if (l.returnType() != null) st.declaredLocalReturns.add(v);
    Env.Scheme scheme = new Env.Scheme(f.tparams(), f.sizeParams(), f.type());
    Ctx inner = ctx.bind(l.name(), new Env.Global(v, scheme, null, l.nameSpan()));
    int saved = st.level;
    st.level++;
    Terms.Res body;
    try {
      body = t.check(l.body(), inner);
    } finally {
      st.level = saved;
    }
    Terms.Res b = body;
    t.surface(b.ty());
    return new Terms.Res(b.ty(), () -> {
      FunDef fd = f.build().get();
      TExp tb = b.build().get();
      return new TExp.LetFun(v, fd, tb, tb.type(), l.span());
    });
  }

  // ---- top-level definitions ----------------------------------------------------------------

  /**
   * Checks a top-level value definition, binds it in {@code env} and emits it. In the prelude a
   * fully annotated definition gets its type from its signature alone; its body is checked only if
   * something uses it ({@link #demand}).
   */
  Env.Global valDecl(ValDecl d, Ctx ctx, boolean lazy, boolean mainFile, boolean topOfFile) {
    int errors = st.errorCount();
    st.errorSpans.clear();
    if (d.name().equals("&&") || d.name().equals("||")) {
      st.error(Diagnostics.reservedOperator(d.nameSpan(), d.name()));
    }
    VName v = st.fresh(d.name());
    String savedDef = st.currentDef;
    Causality.Trace savedTrace = st.trace;
    st.currentDef = d.name();
    st.trace = new Causality.Trace();
    try {
      return valDeclIn(d, ctx, lazy, mainFile, topOfFile, v, errors);
    } finally {
      st.currentDef = savedDef;
      st.trace = savedTrace;
    }
  }

  private Env.Global valDeclIn(ValDecl d, Ctx ctx, boolean lazy, boolean mainFile, boolean topOfFile, VName v, int errors) {
    int instBefore = st.instFlexes.size(), tyInstsBefore = st.tyInsts.size(), laterErrors = st.unlessOtherErrors.size();
    Sig sig = signature(ctx, d.typeParams(), d.params(), d.returnType(), Kind.TOP);
    boolean annotated = d.returnType() != null && d.params().stream().allMatch(p -> p instanceof PAscribe);
    if (lazy && annotated && !d.isEntry()) {
      // The type from the signature: the body cannot change it.
      Ty ret = sig.ret();
      Fn provisional = finishSignatureOnly(sig, ret);
      Env.Scheme scheme = new Env.Scheme(provisional.tparams(), provisional.sizeParams(), provisional.type());
      st.arity.put(v, d.params().isEmpty() ? Terms.arrows(zonkSafe(scheme.type())) : d.params().size());
      // Its declared type (with the uniqueness of parameters and result) is known now.
      st.defTypes.put(v, zonkSafe(scheme.type()));
      st.pending.put(v, () -> {
        int saved = st.level;
        List<Span> savedSpans = new ArrayList<>(st.errorSpans);
        st.errorSpans.clear();
        try {
          int insts = st.tyInsts.size(), later = st.unlessOtherErrors.size(), errorsBefore = st.errorCount();
          Fn f = functionWithSig(sig, provisional, d.body(), d.span(), d.name());
          instantiationLiftedness(insts, later, errorsBefore);
          emit(v, f, d, null, mainFile, errors);
        } finally {
          st.level = saved;
          st.errorSpans.clear();
          st.errorSpans.addAll(savedSpans);
        }
      });
      return new Env.Global(v, scheme, null, d.nameSpan());
    }
    int sumsBefore = st.partialVars.size();
    // A definition with parameters is in scope of its own body (Recursion).
    // (A parameter of the same name shadows it.)
    boolean shadowed = sig.params().stream().anyMatch(p -> p.binds().stream().anyMatch(b -> b.name().equals(d.name())));
    Env.Recursive rec = d.params().isEmpty() || shadowed ? null : recursion.bind(v, d, sig);
    Sig bodySig = rec == null ? sig
        : sig.withCtx(sig.ctx().bind(d.name(), rec));
    Fn f = function(bodySig, d.body(), Kind.TOP, d.span(), d.name(), rec);
    instantiationLiftedness(tyInstsBefore, laterErrors, errors);
    if (rec != null && st.errorCount() == errors) recursion.check(d, bodySig, f.ret(), st.trace, d.span());
    ambiguousSizes(instBefore);
    ambiguousPartialTypesIn(sumsBefore);
    if (st.errorCount() == errors) causality.check(d.body(), st.trace);
    if (d.params().isEmpty() && !f.sizeParams().isEmpty() && !(zonkSafe(f.type()) instanceof Type.Arrow)
        && hasUnknownSize(f.type())) {
      // Size-polymorphic constants are fine (def iota' [n] : [n]i64 = ...), but not with sizes the
      // body makes: each use would need both the caller's and the body's sizes.
      st.error(SizeErrors.existentialInSizePolymorphicValue(d.span(), Unify.show(f.type()),
          f.sizeParams().stream().map(VName::base).toList()));
    }
    checkSizeParamsUsed(d.name(), d.typeParams(), d.params(), f);
    ambiguousSums(f.type(), d.nameSpan());
    Env.Scheme scheme = new Env.Scheme(f.tparams(), f.sizeParams(), f.type());
    boolean isEntry = d.isEntry() || (mainFile && topOfFile && d.name().equals("main"));
    if (d.isEntry() && !topOfFile) {
      st.error(ModuleErrors.entryPointInModule(d.nameSpan()));
      isEntry = false;
    }
    if (isEntry && mainFile && !f.sizeParams().isEmpty()) {
      Set<VName> inParams = new HashSet<>(), inRet = new HashSet<>();
      for (Pats.PatRes p : f.sig().params()) Unify.sizeVars(p.ty(), inParams);
      // A point-free entry point's parameters are those of the function it returns.
      Ty r = Unify.resolve(f.ret());
      while (r instanceof Ty.Fun fn) {
        Unify.sizeVars(fn.param(), inParams);
        r = Unify.resolve(fn.result());
      }
      Unify.sizeVars(r, inRet);
      if (f.sizeParams().stream().anyMatch(n -> !inParams.contains(n) && inRet.contains(n))) {
        st.error(ModuleErrors.sizePolymorphicEntryResult(d.span()));
      } else {
        // Every size parameter must be the size of an array an argument has (not only of an
        // abstract type's argument): the caller passes only values.
        Set<VName> witnessed = new HashSet<>();
        for (Pats.PatRes p : f.sig().params()) witnessedSizes(p.ty(), witnessed);
        Ty rr = Unify.resolve(f.ret());
        while (rr instanceof Ty.Fun fn) {
          witnessedSizes(fn.param(), witnessed);
          rr = Unify.resolve(fn.result());
        }
        for (VName n : f.sizeParams()) {
          if (witnessed.contains(n)) continue;
          Span at = d.typeParams().stream().filter(tp -> tp.name().equals(n.base())).map(TypeParam::span).findFirst().orElse(d.nameSpan());
          st.error(SizeErrors.entrySizeParameterNotConstructive(at, n.base()));
          break;
        }
      }
    }
    if (isEntry && mainFile && st.errorCount() == errors && liftedAbstract(f.type())) {
      // A lifted abstract type may be a function (the reference's orderZeroM), whatever it stands for.
      st.error(ModuleErrors.higherOrderEntryPoint(d.span()));
    }
    st.arity.put(v, d.params().isEmpty() ? Terms.arrows(zonkSafe(scheme.type())) : d.params().size());
    emit(v, f, d, isEntry && mainFile ? d : null, mainFile, errors);
    if (d.returnType() == null && !d.params().isEmpty() && st.defTypes.get(v) != null) {
      // The result's uniqueness, when not declared, is what the consumption check inferred.
      scheme = new Env.Scheme(f.tparams(), f.sizeParams(), resultUniqueness(f.type(), st.defTypes.get(v), d.params().size()));
    }
    return new Env.Global(v, scheme, null, d.nameSpan());
  }

  /** The size variables that are whole sizes of arrays of a value of type {@code t} (not in function or abstract types). */
  private static void witnessedSizes(Ty t, Set<VName> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        if (SE.norm(a.size()) instanceof SE.V v) out.add(v.v());
        witnessedSizes(a.elem(), out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> witnessedSizes(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> witnessedSizes(x, out)));
      // A size argument of a type is one of the value's sizes; a type argument's sizes are not.
      case Ty.Named n -> n.args().forEach(x -> { if (x.size() != null && SE.norm(x.size()) instanceof SE.V v) out.add(v.v()); });
      case Ty.Prim p -> { }
      case Ty.Fun f -> { }
      case Ty.Var v -> { }
    }
  }

  /** Function type {@code t} with its result (after {@code n} parameters) unique where {@code inferred}'s is. */
  private static Ty resultUniqueness(Ty t, Type inferred, int n) {
    t = Unify.resolve(t);
    if (n == 0) return uniqueWhere(t, inferred);
    if (t instanceof Ty.Fun f && inferred instanceof Type.Arrow a) {
      return new Ty.Fun(f.pname(), f.param(), f.exts(), resultUniqueness(f.result(), a.result(), n - 1));
    }
    return t;
  }

  private static Ty uniqueWhere(Ty t, Type u) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a when u instanceof Type.Array ua && ua.unique() -> new Ty.Arr(a.elem(), a.size(), true);
      case Ty.Named n when u instanceof Type.Param up && up.unique() -> new Ty.Named(n.name(), n.args(), true);
      case Ty.Rec r when u instanceof Type.Record ur -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, ur.fields().containsKey(k) ? uniqueWhere(x, ur.fields().get(k)) : x));
        yield new Ty.Rec(m);
      }
      case Ty.Prim p -> t;
      case Ty.Arr a -> t;
      case Ty.Rec r -> t;
      case Ty.Sum s -> t;
      case Ty.Fun f -> t;
      case Ty.Named n -> t;
      case Ty.Var v -> t;
    };
  }

  private Type zonkSafe(Ty t) {
    try {
      return zonk.type(t);
    } catch (RuntimeException e) {
      return Type.UNIT;
    }
  }

  /** A signature's scheme without its body: only for fully annotated definitions. */
  private Fn finishSignatureOnly(Sig sig, Ty ret) {
    List<TParam> tparams = new ArrayList<>(sig.tparams().stream().filter(t -> !t.isSize()).toList());
    List<VName> sizeParams = new ArrayList<>(sig.tparams().stream().filter(TParam::isSize).map(TParam::name).toList());
    List<VName> exts = new ArrayList<>(sig.exts());
    List<Ty> paramTys = sig.params().stream().map(Pats.PatRes::ty).toList();
    generaliseSizes(paramTys, ret, sig.outerLevel(), sizeParams, exts);
    Ty type = ret;
    List<Pats.PatRes> ps = sig.params();
    for (int i = ps.size() - 1; i >= 0; i--) {
      Pats.PatRes p = ps.get(i);
      VName pname = isNamePattern(p) ? p.binds().get(0).v() : null;
      type = new Ty.Fun(pname, p.ty(), i == ps.size() - 1 ? exts : List.of(), type);
    }
    return new Fn(sig, tparams, sizeParams, type, ret, null, null);
  }

  /** Checks the body of a definition whose scheme was fixed by its signature. */
  private Fn functionWithSig(Sig sig, Fn provisional, Exp body, Span span, String name) {
    st.level = sig.bodyLevel();
    Terms.Res b = terms.check(body, sig.ctx());
    Map<VName, SE> open = new HashMap<>();
    for (VName e : sig.exts()) open.put(e, new SE.F(new Ty.Flex(Integer.MAX_VALUE / 2, e.base())));
    try {
      u.unifyDeclared(Unify.subst(sig.ret(), Map.of(), open), b.ty());
    } catch (Unify.Failure f) {
      terms.report(body.span(), sig.ret(), b.ty(), Contexts.functionBody(), f);
    }
    List<String> tpNames = provisional.tparams().stream().map(t -> t.name().toString()).toList();
    List<Pats.PatRes> ps = sig.params();
    Ty rty = sig.ret();
    Supplier<FunDef> build = () -> new FunDef(tpNames, List.copyOf(provisional.sizeParams()),
        ps.stream().map(p -> p.build().get()).toList(), zonk.type(rty), b.build().get());
    return new Fn(sig, provisional.tparams(), provisional.sizeParams(), provisional.type(), rty, b, build);
  }

  /** Builds the definition and adds it to the program (an entry point when {@code entry} is given). */
  private void emit(VName v, Fn f, ValDecl d, ValDecl entry, boolean mainFile, int errorsBefore) {
    try {
      FunDef written = f.build().get();
      FunDef fd = etaExpand(written, entry != null, d.span());
      st.arity.put(v, fd.params().size());
      // Uniqueness is checked on the definition as written: a constant of function type is not a
      // function (its result may alias other constants).
      if (st.errorCount() == errorsBefore) {
        st.defTypes.put(v, consumption.checkDef(written, d.returnType() != null, d.span()));
      }
      TDecl.EntryPoint ep = entry != null ? entryPoint(entry, fd, st.errorCount() == errorsBefore) : null;
      st.out.add(new TDecl(v, fd, ep, d.span()));
    } catch (Zonk.Ambiguous a) {
      st.error(TypeErrors.ambiguousProjection(d.span()));
    } catch (RuntimeException e) {
      if (st.errorCount() == errorsBefore && st.quiet == 0) throw e;
      // The definition had errors; its checked form is not needed.
    }
  }

  /**
   * The type parameters the definition instantiated (from {@code from} on), checked against their
   * liftedness once its types are inferred, as the reference's checkTyInstLiftedness: a non-lifted
   * or size-lifted one may not be a function type, nor hold a type parameter or abstract type more
   * lifted than itself. The first use that breaks this is reported; then, if the definition
   * (whose errors were {@code errorsBefore} before it) has no error, the first of those kept for
   * that case (TcState.unlessOtherErrors, from {@code laterFrom} on).
   */
  private void instantiationLiftedness(int from, int laterFrom, int errorsBefore) {
    List<TcState.TyInst> made = st.tyInsts.subList(Math.min(from, st.tyInsts.size()), st.tyInsts.size());
    for (TcState.TyInst i : made) {
      Message why = Unify.containsFun(i.var()) ? TypeMessages.foundToBeFunctional(Unify.show(i.var()))
          : TypeConv.liftedVar(i.var(), st, i.liftedness());
      if (why != null) {
        st.error(TypeErrors.instantiationLiftedness(i.at(), why, i.name()));
        break;
      }
    }
    made.clear();
    List<Diagnostic> later = st.unlessOtherErrors.subList(Math.min(laterFrom, st.unlessOtherErrors.size()), st.unlessOtherErrors.size());
    if (!later.isEmpty() && st.errorCount() == errorsBefore) st.error(later.get(0));
    later.clear();
  }

  /**
   * A size parameter of a function that the application could not determine (it occurs only in the
   * type of a function argument whose size nothing fixes) is ambiguous.
   */
  private void ambiguousSizes(int from) {
    List<TcState.Watched> made = st.instFlexes.subList(from, st.instFlexes.size());
    for (TcState.Watched m : made) {
      if (SE.norm(new SE.F(m.flex())) instanceof SE.F) {
        st.error(SizeErrors.ambiguousSize(m.at(), m.name(), m.arising()));
        m.flex().ref = SE.var(st.fresh(m.name()));
        break;
      }
    }
    made.clear();
  }

  /**
   * A sum type known only by the constructors used, or a record type known only by the fields used,
   * still unknown at the end of a definition, is ambiguous (reported as the reference does, once).
   */
  private void ambiguousPartialTypesIn(int from) {
    List<Object[]> made = st.partialVars.subList(Math.min(from, st.partialVars.size()), st.partialVars.size());
    for (Object[] m : made) {
      Ty.Var v = (Ty.Var) m[0];
      Ty r = Unify.resolve(v);
      if (r instanceof Ty.Var rv && rv.constructors != null) {
        st.error(TypeErrors.ambiguousSum((Span) m[1], Unify.show(new Ty.Sum(rv.constructors))));
        rv.ref = new Ty.Sum(rv.constructors);
        break;
      }
      if (r instanceof Ty.Var rv && rv.fields != null) {
        String[] shown = Unify.showAll(rv, new Ty.Rec(rv.fields));
        st.error(TypeErrors.ambiguousRecord((Span) m[1], shown[0], shown[1]));
        rv.ref = new Ty.Rec(rv.fields);
        break;
      }
    }
    made.clear();
  }

  /**
   * A size parameter of a function, top-level or local, must be the size of some parameter or of the
   * result, declared or inferred, as in the reference: the caller's expected type then determines it
   * (def f [n] (x: i64) = replicate n x). An entry point's result may not have one (reported with
   * the entry point's own rules).
   */
  private void checkSizeParamsUsed(String name, List<TypeParam> typeParams, List<Pat> params, Fn f) {
    Set<VName> used = new HashSet<>();
    for (Pats.PatRes p : f.sig().params()) Unify.sizeVars(p.ty(), used);
    Unify.sizeVars(f.ret(), used);
    for (TypeParam tp : typeParams) {
      if (!tp.isSize() || params.isEmpty()) continue;
      VName v = f.sig().tparams().stream().filter(t -> t.isSize() && t.name().base().equals(tp.name())).map(TParam::name)
          .findFirst().orElse(null);
      if (v != null && !used.contains(v)) {
        st.error(SizeErrors.sizeParameterUnused(tp.span(), name, tp.name()));
      }
    }
  }

  /** A sum type known only by the constructors used, in a definition's type, is ambiguous. */
  private void ambiguousSums(Ty t, Span span) {
    List<Ty.Var> vs = new ArrayList<>();
    vars(t, vs);
    for (Ty.Var v : vs) {
      if (v.ref == null && v.constructors != null) {
        st.error(TypeErrors.ambiguousSum(span, Unify.show(new Ty.Sum(v.constructors))));
        v.ref = new Ty.Sum(v.constructors);
      }
    }
  }

  /**
   * A definition without parameters whose value is a function gets the function's parameters, and
   * so does an entry point returning a function ({@code entry f (m: i64) = map (g m)} takes the array
   * too): the C API has no function values.
   */
  private FunDef etaExpand(FunDef fd, boolean entry, Span span) {
    if (!(entry || fd.params().isEmpty()) || !(fd.returnType() instanceof Type.Arrow)) return fd;
    int n = Terms.arrows(fd.returnType());
    Type t = fd.returnType();
    List<TPat> params = new ArrayList<>(fd.params());
    List<TExp> args = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Type.Arrow a = (Type.Arrow) t;
      VName x = st.fresh("x");
      params.add(new TPat.Id(x, a.param(), span));
      args.add(new TExp.Var(x, a.param(), Map.of(), span));
      t = a.result();
    }
    TExp body = terms.buildCall(fd.body(), args, List.of(fd.returnType()), span);
    return new FunDef(fd.typeParams(), fd.sizeParams(), params, t, body);
  }

  // ---- entry points -------------------------------------------------------------------------

  private TDecl.EntryPoint entryPoint(ValDecl d, FunDef fd, boolean report) {
    if (!fd.typeParams().isEmpty() && report) {
      st.error(ModuleErrors.polymorphicEntryPoint(d.span()));
    }
    List<TDecl.EntryType> params = new ArrayList<>();
    for (int i = 0; i < fd.params().size(); i++) {
      TPat p = fd.params().get(i);
      Pat src = i < d.params().size() ? d.params().get(i) : null;
      params.add(entryType(p.type(), src instanceof PAscribe a ? a.type() : null, d, true));
    }
    List<TDecl.EntryType> results = new ArrayList<>();
    Type ret = fd.returnType();
    TypeExp retSrc = fd.params().size() == d.params().size() ? d.returnType() : null;
    if (ret instanceof Type.Record r && r.isTuple() && !r.fields().isEmpty()) {
      int i = 0;
      for (Type t : r.fields().values()) {
        TypeExp part = retSrc instanceof TTuple tt && i < tt.elements().size() ? tt.elements().get(i) : null;
        results.add(entryType(t, part, d, false));
        i++;
      }
    } else {
      results.add(entryType(ret, retSrc, d, false));
    }
    return new TDecl.EntryPoint(d.name(), params, results);
  }

  private TDecl.EntryType entryType(Type t, TypeExp written, ValDecl d, boolean input) {
    if (functional(t)) {
      st.error(ModuleErrors.higherOrderEntryPoint(d.span()));
    }
    boolean unique = input ? t instanceof Type.Array a && a.unique() : written instanceof TUnique;
    if (written instanceof TUnique uq) written = uq.type();
    String name = manifestName(t);
    if (name == null) name = writtenName(written);
    if (name == null) name = opaqueName(t);
    return new TDecl.EntryType(name, t, unique);
  }

  /** Whether a type mentions a lifted abstract type. */
  private boolean liftedAbstract(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Named n -> st.abstractTypes.contains(n.name()) && st.paramLiftedness.get(n.name()) == io.github.futhark4j.compiler.syntax.Ast.Liftedness.LIFTED
          || n.args().stream().anyMatch(a -> a.type() != null && liftedAbstract(a.type()));
      case Ty.Arr a -> liftedAbstract(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(this::liftedAbstract);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(this::liftedAbstract);
      case Ty.Fun f -> liftedAbstract(f.param()) || liftedAbstract(f.result());
      case Ty.Prim p -> false;
      case Ty.Var v -> false;
    };
  }

  static boolean functional(Type t) {
    return switch (t) {
      case Type.Arrow a -> true;
      case Type.Array a -> functional(a.elem());
      case Type.Record r -> r.fields().values().stream().anyMatch(Defs::functional);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Defs::functional);
      case Type.Prim p -> false;
      case Type.Param p -> false;
    };
  }

  private static String writtenName(TypeExp written) {
    String dims = "";
    while (written instanceof TArray a) {
      dims += "[]";
      written = a.elem();
    }
    if (written instanceof TUnique uq) return writtenName(uq.type());
    return written instanceof TName n && PrimType.byName(n.name()) == null ? dims + n.name() : null;
  }

  static String manifestName(Type t) {
    if (t instanceof Type.Prim p) return p.prim().futName();
    if (t instanceof Type.Array a && a.elem() instanceof Type.Prim p) return "[]".repeat(a.rank()) + p.prim().futName();
    return null;
  }

  static String opaqueName(Type t) {
    return switch (t) {
      case Type.Prim p -> p.prim().futName();
      case Type.Array a -> "[]".repeat(a.rank()) + opaqueName(a.elem());
      case Type.Record r when r.isTuple() -> r.fields().values().stream().map(Defs::opaqueName)
          .collect(Collectors.joining(", ", "(", ")"));
      case Type.Record r -> r.fields().entrySet().stream().map(e -> e.getKey() + ": " + opaqueName(e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
      case Type.Sum s -> t.toString();
      case Type.Arrow a -> t.toString();
      case Type.Param p -> t.toString();
    };
  }

  // ---- demand-driven prelude ----------------------------------------------------------------

  /** Notes that a definition is used: a pending prelude definition is then checked. */
  void demand(VName v) {
    if (st.pending.containsKey(v)) st.demanded.add(v);
  }

  /** Checks the pending definitions that were used, and those they use. */
  void drain() {
    while (!st.demanded.isEmpty()) {
      VName v = st.demanded.iterator().next();
      st.demanded.remove(v);
      Runnable r = st.pending.remove(v);
      if (r != null) r.run();
    }
  }

  // ---- intrinsics ---------------------------------------------------------------------------

  private static final Map<String, String> SIGS = new HashMap<>();

  static {
    SIGS.put("map", "(a -> b) -> [n]a -> *[n]b");
    SIGS.put("map2", "(a -> b -> c) -> [n]a -> [n]b -> *[n]c");
    SIGS.put("map3", "(a -> b -> c -> d) -> [n]a -> [n]b -> [n]c -> *[n]d");
    SIGS.put("map4", "(a -> b -> c -> d -> e) -> [n]a -> [n]b -> [n]c -> [n]d -> *[n]e");
    SIGS.put("map5", "(a -> b -> c -> d -> e -> t) -> [n]a -> [n]b -> [n]c -> [n]d -> [n]e -> *[n]t");
    SIGS.put("reduce", "(a -> a -> a) -> a -> [n]a -> a");
    SIGS.put("reduce_comm", "(a -> a -> a) -> a -> [n]a -> a");
    SIGS.put("scan", "(a -> a -> a) -> a -> [n]a -> *[n]a");
    SIGS.put("filter", "(a -> bool) -> [n]a -> ?[k].*[k]a");
    SIGS.put("partition", "i64 -> (a -> i64) -> [n]a -> ([n]a, []i64)");
    SIGS.put("hist", "(a -> a -> a) -> a -> *[m]a -> [n]i64 -> [n]a -> *[m]a");
    SIGS.put("scatter", "*[m]a -> [n]i64 -> [n]a -> *[m]a");
    SIGS.put("scatter_2d", "*[m][k]a -> [n](i64, i64) -> [n]a -> *[m][k]a");
    SIGS.put("scatter_3d", "*[m][k][l]a -> [n](i64, i64, i64) -> [n]a -> *[m][k][l]a");
    SIGS.put("iota", "(x: i64) -> *[x]i64");
    SIGS.put("replicate", "(x: i64) -> a -> *[x]a");
    SIGS.put("concat", "[n]a -> [m]a -> *[n+m]a");
    SIGS.put("flatten", "[n][m]a -> [n*m]a");
    SIGS.put("unflatten", "(x: i64) -> (y: i64) -> [n]a -> [x][y]a");
    SIGS.put("transpose", "[n][m]a -> [m][n]a");
    SIGS.put("rotate", "i64 -> [n]a -> [n]a");
    SIGS.put("zip", "[n]a -> [n]b -> [n](a, b)");
    SIGS.put("unzip", "[n](a, b) -> ([n]a, [n]b)");
    SIGS.put("length", "[n]a -> i64");
    SIGS.put("coerce", "[n]a -> [m]a");
    for (String s : List.of("copy", "opaque", "manifest", "trace", "break")) SIGS.put(s, "a -> a");
    SIGS.put("jvp2", "(a -> b) -> a -> a -> (b, b)");
    SIGS.put("jmp2", "(a -> b) -> a -> [n]a -> (b, [n]b)");
    SIGS.put("vjp2", "(a -> b) -> a -> b -> (b, a)");
    SIGS.put("mjp2", "(a -> b) -> a -> [n]b -> (b, [n]a)");
    SIGS.put("with_vjp", "(a -> b) -> (b -> b -> a) -> a -> b");
    SIGS.put("convert", "p -> q");
    for (String s : List.of("min", "max", "atan2", "hypot", "pow", "copysign", "nextafter", "mul_hi")) SIGS.put(s, "p -> p -> p");
    for (String s : List.of("abs", "sgn", "sqrt", "cbrt", "exp", "exp2", "exp10", "log", "log2", "log10", "log1p",
        "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc",
        "gamma", "lgamma", "floor", "ceil", "round", "trunc")) SIGS.put(s, "p -> p");
    SIGS.put("isnan", "p -> bool");
    SIGS.put("isinf", "p -> bool");
    for (String s : List.of("popc", "clz", "ctz")) SIGS.put(s, "p -> i32");
    for (String s : List.of("fma", "mad", "mad_hi", "lerp")) SIGS.put(s, "p -> p -> p -> p");
    SIGS.put("to_bits", "p -> q");
    SIGS.put("from_bits", "p -> q");
    SIGS.put("ldexp", "p -> i32 -> p");
  }

  /** Whether intrinsic {@code name} has a type signature. */
  static boolean hasSignature(String name) { return SIGS.containsKey(name); }

  private static final Map<String, TypeExp> PARSED = new java.util.concurrent.ConcurrentHashMap<>();

  private static TypeExp parsed(String name) {
    return PARSED.computeIfAbsent(name, n -> {
      List<Diagnostic> ds = new ArrayList<>();
      TypeExp t = Parser.parseTypeText(new Source("<intrinsic " + n + ">", SIGS.get(n)), ds);
      if (!ds.isEmpty() || t == null) throw new IllegalStateException("bad intrinsic signature for " + n + ": " + ds);
      return t;
    });
  }

  /** A fresh instance of the type of intrinsic {@code name}, or null if there is none. */
  Ty intrinsicType(String name, Ctx ctx) {
    if (!SIGS.containsKey(name) || !io.github.futhark4j.compiler.typed.Intrinsics.isIntrinsic(name) && !name.equals("coerce")) {
      return null;
    }
    Map<String, Ty> tps = new HashMap<>();
    for (String v : List.of("a", "b", "c", "d", "e", "t")) tps.put(v, new Ty.Var(st.level));
    Ty.Var p = new Ty.Var(st.level);
    p.prims = Ty.ALL_PRIMS;
    p.origin = Phrases.intrinsic(name);
    Ty.Var q = new Ty.Var(st.level);
    q.prims = Ty.ALL_PRIMS;
    q.origin = Phrases.intrinsic(name);
    tps.put("p", p);
    tps.put("q", q);
    Map<String, SE> sizes = new HashMap<>();
    for (String s : List.of("n", "m", "k", "l")) sizes.put(s, new SE.F(new Ty.Flex(st.level, s)));
    Ctx c = new Ctx(new Env(null), null, tps, ctx.file());
    return types.convert(parsed(name), c, TypeConv.Anon.FLEX, new TypeConv.Conv(), sizes);
  }
}

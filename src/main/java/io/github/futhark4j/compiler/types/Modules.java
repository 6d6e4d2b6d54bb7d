package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.diag.ModuleErrors;
import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.SizeErrors;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.diag.TypeErrors.Namespace;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Env.Functor;
import io.github.futhark4j.compiler.types.Env.FunSig;
import io.github.futhark4j.compiler.types.Env.Global;
import io.github.futhark4j.compiler.types.Env.MTy;
import io.github.futhark4j.compiler.types.Env.Mod;
import io.github.futhark4j.compiler.types.Env.Struct;
import io.github.futhark4j.compiler.types.Env.TParam;
import io.github.futhark4j.compiler.types.Env.TypeB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The module system: declarations of files and structures, module expressions (structures, names,
 * applications, ascriptions, parametric modules, imports), module types (specifications,
 * refinement with {@code with}, parametric module types) and matching a module against a module
 * type.
 *
 * <p>Abstract types are {@link Ty.Named} types with names of their own; an ascription makes new
 * ones and records what they stand for ({@link TcState#abstractImpl}), so the checker enforces
 * the abstraction while the back end sees through it. A parametric module is checked once with
 * abstract parameter types (its errors are reported then) and elaborated anew at each application
 * with the parameter bound to the argument: each application makes definitions of its own.
 *
 * <p>Matching follows the reference's rules (Modules.hs, matchMTys): the module type's abstract
 * types are resolved first, then its type definitions, values and modules are matched in that
 * order, the first mismatch being the error, in the reference's words.
 */
final class Modules {
  private final TcState st;
  private final Unify u;
  private final TypeConv types;
  private final Defs defs;
  private final Checker checker;

  Modules(TcState st, Unify u, TypeConv types, Defs defs, Checker checker) {
    this.st = st;
    this.u = u;
    this.types = types;
    this.defs = defs;
    this.checker = checker;
  }

  // ---- declarations -------------------------------------------------------------------------

  /**
   * Elaborates declarations into {@code env} (a file's or structure's environment being built).
   * Two declarations of one name in one sequence are an error, found before any is checked
   * (the reference's checkForDuplicateDecs; {@code local}, {@code open} and {@code import}
   * declarations are not counted).
   */
  void decls(List<Decl> ds, Env env, Checker.FileCtx file, boolean topOfFile) {
    Map<String, Span> seen = new HashMap<>();
    for (Decl d : ds) {
      switch (d) {
        case ValDecl v -> duplicate(seen, Namespace.NAME, v.name(), d.span());
        case LazyValDecl v -> duplicate(seen, Namespace.NAME, v.name(), d.span());
        case TypeDecl t -> duplicate(seen, Namespace.TYPE, t.name(), d.span());
        case ModDecl m -> duplicate(seen, Namespace.NAME, m.name(), d.span());
        case ModTypeDecl m -> duplicate(seen, Namespace.MODULE_TYPE, m.name(), d.span());
        case Import i -> { }
        case Local l -> { }
        case Open o -> { }
      }
    }
    for (Decl d : ds) decl(d, env, file, topOfFile, false);
  }

  /** Reports {@code name} of {@code namespace} if it was seen before in the sequence (at the whole declaration, as the reference). */
  private void duplicate(Map<String, Span> seen, Namespace namespace, String name, Span declSpan) {
    Span prev = seen.putIfAbsent(namespace + " " + name, declSpan);
    if (prev != null) st.error(TypeErrors.duplicateDefinition(declSpan, namespace, name, prev.render()));
  }

  private void decl(Decl d, Env env, Checker.FileCtx file, boolean topOfFile, boolean local) {
    Ctx ctx = new Ctx(env, null, Map.of(), file);
    switch (d) {
      case ValDecl v -> {
        if (file.prelude() && topOfFile) {
          preludeFunction(v.name(), () -> v, ctx, env, local);
          return;
        }
        // A definition checked later (the prelude's) sees the names declared before it, only.
        Ctx dctx = file.prelude() ? ctx.withEnv(env.snapshot()) : ctx;
        env.terms.put(v.name(), defs.valDecl(v, dctx, file.prelude(), file.main(), topOfFile));
        if (local) env.hiddenTerms.add(v.name());
        else env.hiddenTerms.remove(v.name());
        if (topOfFile && !file.prelude()) defs.drain();
      }
      case LazyValDecl lv -> {
        if (file.prelude() && topOfFile) preludeFunction(lv.name(), lv.parse(), ctx, env, local);
        else decl(lv.parse().get(), env, file, topOfFile, local);
      }
      case TypeDecl t -> {
        TypeB tb = typeDecl(t, ctx);
        env.types.put(t.name(), tb);
        if (local) env.hiddenTypes.add(t.name());
        else env.hiddenTypes.remove(t.name());
      }
      case Import i -> {
        Env f = checker.importEnv(i.path(), file, i.span());
        if (f != null) env.addAll(f, true);
      }
      case Local l -> decl(l.decl(), env, file, topOfFile, true);
      case Open o -> {
        Mod m = modExp(o.module(), ctx);
        if (m instanceof Struct s) env.addAll(s.env(), local);
        else if (m != null) st.error(ModuleErrors.parametricModuleHere(o.module().span()));
      }
      case ModDecl m -> {
        Mod mod = modDecl(m, ctx);
        if (mod != null) {
          env.terms.put(m.name(), mod);
          if (local) env.hiddenTerms.add(m.name());
          else env.hiddenTerms.remove(m.name());
        }
        if (topOfFile && !file.prelude()) defs.drain();
      }
      case ModTypeDecl m -> {
        if (file.prelude() && topOfFile) {
          // Checked when a program first names it, seeing the names declared before it.
          Ctx at = ctx.withEnv(env.snapshot());
          env.sigs.put(m.name(), lazy(() -> preludeChecked(() -> sig(m.signature(), at))));
        } else {
          env.sigs.put(m.name(), sig(m.signature(), ctx));
        }
        if (local) env.hiddenSigs.add(m.name());
        else env.hiddenSigs.remove(m.name());
      }
    }
  }

  /**
   * A function at the top of the prelude: checked when a program first names one (its body only
   * when used), seeing the names declared before it, only; most programs use a few of them. A
   * {@link LazyValDecl} is parsed then too.
   */
  private void preludeFunction(String name, java.util.function.Supplier<ValDecl> decl, Ctx ctx, Env env, boolean local) {
    Ctx dctx = ctx.withEnv(env.snapshot());
    env.terms.put(name, lazy(() -> preludeChecked(() -> defs.valDecl(decl.get(), dctx, true, false, true))));
    if (local) env.hiddenTerms.add(name);
    else env.hiddenTerms.remove(name);
  }

  /**
   * {@code type name params = t} (the reference's checkTypeBind): an anonymous size in a function
   * parameter must also be an array size outside functions, every size parameter must be used,
   * and the declared liftedness must allow what the definition contains.
   */
  TypeB typeDecl(TypeDecl t, Ctx ctx) {
    TypeConv.Params ps = types.bindTypeParams(t.params(), ctx, true);
    TypeConv.Conv conv = new TypeConv.Conv();
    int errors = st.errorCount();
    Ty body = types.convert(t.type(), ps.ctx(), TypeConv.Anon.ABBREV, conv);
    Liftedness declared = t.liftedness();
    TypeB result = new TypeB(ps.params(), declared, body, conv.exts);
    if (st.errorCount() != errors) return result;
    Set<VName> witnessed = new java.util.HashSet<>();
    witnesses(body, witnessed);
    if (conv.paramAnons.stream().anyMatch(a -> !witnessed.contains(a))) {
      st.error(SizeErrors.anonymousSizeNotConstructive(t.type().span()));
      return result;
    }
    Set<VName> used = new java.util.HashSet<>();
    Unify.sizeVars(body, used);
    for (int i = 0; i < t.params().size(); i++) {
      TypeParam tp = t.params().get(i);
      if (tp.isSize() && !used.contains(ps.params().get(i).name())) {
        st.error(SizeErrors.typeSizeParameterUnused(t.span(), tp.name()));
        return result;
      }
    }
    if (conv.functional && declared != Liftedness.LIFTED) {
      st.error(TypeErrors.functionInNonLiftedAbbreviation(t.span()));
    } else if (conv.sizeLifted && declared == Liftedness.UNLIFTED) {
      st.error(TypeErrors.sizeLiftedInNonSizeLiftedAbbreviation(t.span()));
    } else if (!conv.exts.isEmpty() && declared == Liftedness.UNLIFTED) {
      st.error(TypeErrors.existentialInNonLiftedAbbreviation(t.span(), t.name()));
    }
    return result;
  }

  /** Whether {@code v} is an array dimension of {@code t} outside any function type. */
  static boolean constructive(Ty t, VName v) {
    return constructive(t, se -> se instanceof SE.V x && x.v().equals(v));
  }

  /** Whether a size that {@code isIt} picks is the size of an array that {@code t} holds (not only of a function's). */
  static boolean constructive(Ty t, java.util.function.Predicate<SE> isIt) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> isIt.test(SE.norm(a.size())) || constructive(a.elem(), isIt);
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> constructive(x, isIt));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> constructive(x, isIt));
      case Ty.Named n -> n.args().stream().anyMatch(a -> a.size() != null && isIt.test(SE.norm(a.size()))
          || a.type() != null && constructive(a.type(), isIt));
      case Ty.Prim p -> false;
      case Ty.Fun f -> false;
      case Ty.Var va -> false;
    };
  }

  // ---- module expressions -------------------------------------------------------------------

  /**
   * Checks a module of the prelude when a program first names it ({@link Env.Lazy}), which may be
   * in the middle of checking one of the program's definitions: that definition's state (binding
   * depth, quiet mode, the error spans and the instantiated sizes and sum types it still has to
   * judge) is kept aside and restored.
   */
  Mod preludeModule(ModDecl m, Env env, Checker.FileCtx file) {
    return preludeChecked(() -> modDecl(m, new Ctx(env, null, Map.of(), file)));
  }

  /** A binding checked when first looked up ({@link Env.Lazy}), remembered for whole-prelude checks. */
  Env.Lazy lazy(java.util.function.Supplier<Object> check) {
    Env.Lazy l = new Env.Lazy(check);
    st.lazies.add(l);
    return l;
  }

  /**
   * Checks a declaration of the prelude (see {@link #preludeModule}) with the state of whatever
   * definition of the program is being checked kept aside.
   */
  private <T> T preludeChecked(java.util.function.Supplier<T> check) {
    int level = st.level, quiet = st.quiet, flexes = st.instFlexes.size(), sums = st.partialVars.size(), insts = st.tyInsts.size();
    String def = st.currentDef;
    List<Span> spans = new ArrayList<>(st.errorSpans);
    st.level = 0;
    st.quiet = 0;
    try {
      return check.get();
    } finally {
      st.level = level;
      st.quiet = quiet;
      st.currentDef = def;
      st.instFlexes.subList(Math.min(flexes, st.instFlexes.size()), st.instFlexes.size()).clear();
      st.partialVars.subList(Math.min(sums, st.partialVars.size()), st.partialVars.size()).clear();
      st.tyInsts.subList(Math.min(insts, st.tyInsts.size()), st.tyInsts.size()).clear();
      st.errorSpans.clear();
      st.errorSpans.addAll(spans);
    }
  }

  private Mod modDecl(ModDecl m, Ctx ctx) {
    if (m.params().isEmpty()) {
      Mod mod = modExp(m.body(), ctx);
      // A mismatch is reported at the whole binding, as the reference does.
      if (mod != null && m.signature() != null) mod = ascribe(mod, sig(m.signature(), ctx), m.span(), m.name());
      return mod;
    }
    // module f (a: A) (b: B) : R = e  is  module f = \(a: A) -> \(b: B) : R -> e
    ModExp body = m.body();
    SigExp res = m.signature();
    for (int i = m.params().size() - 1; i >= 1; i--) {
      body = new MLambda(m.params().get(i), res, body, m.span());
      res = null;
    }
    return functor(m.params().get(0), res, body, ctx, m.span());
  }

  Mod modExp(ModExp me, Ctx ctx) {
    switch (me) {
      case MVar v -> {
        if (v.name().equals("intrinsics") && ctx.term("intrinsics") == null) {
          st.error(ModuleErrors.intrinsicsInModuleExpression(v.span()));
          return null;
        }
        Mod m = ctx.module(v.name());
        if (m == null && v.name().contains(".") && ctx.throughParametric(v.name().substring(0, v.name().lastIndexOf('.')))) {
          st.error(ModuleErrors.parametricModuleHere(v.span()));
        } else if (m == null) {
          st.error(ModuleErrors.unknownModule(v.span(), v.name()));
        }
        return m;
      }
      case MStruct s -> {
        Env env = new Env(ctx.env());
        decls(s.decls(), env, ctx.file(), false);
        return new Struct(env.exports());
      }
      case MApply a -> {
        Mod f = modExp(a.functor(), ctx);
        Mod arg = modExp(a.arg(), ctx);
        if (f == null || arg == null) return null;
        if (f instanceof FunSig fs) {
          // A parametric module known only by its module type (a parameter's member): the result
          // is its result type, with the parameter's abstract types as the argument's.
          Match m = match(arg, fs.param(), a.span());
          if (m == null) return null;
          MTy r = refresh(fs.result());
          return substMod(r.mod(), m.types());
        }
        if (!(f instanceof Functor fn)) {
          st.error(ModuleErrors.applyNonParametric(a.span()));
          return null;
        }
        return apply(fn, arg, a.arg().span(), a.span());
      }
      case MAscribe a -> {
        Mod m = modExp(a.module(), ctx);
        if (m == null) return null;
        return ascribe(m, sig(a.signature(), ctx), a.span(), null);
      }
      case MLambda l -> { return functor(l.param(), l.result(), l.body(), ctx, l.span()); }
      case MImport i -> {
        Env f = checker.importEnv(i.path(), ctx.file(), i.span());
        return f == null ? null : new Struct(f);
      }
    }
  }

  /** A parametric module: checked now with abstract parameter types, elaborated again at each application. */
  private Mod functor(ModParam param, SigExp resSig, ModExp body, Ctx ctx, Span span) {
    MTy paramType = sig(param.signature(), ctx);
    Ctx inner = ctx.withEnv(withModule(ctx.env(), param.name(), paramType.mod()));
    int outBefore = st.out.size();
    Mod result = modExp(body, inner);
    if (result != null && resSig != null) result = ascribe(result, sig(resSig, inner), span, null);
    // The definitions of this check are not code: applications make their own.
    while (st.out.size() > outBefore) st.out.remove(st.out.size() - 1);
    MTy resultType = new MTy(Map.of(), result == null ? new Struct(new Env(null)) : result);
    return new Functor(param, resSig, body, new Env.Closure(ctx.env().frozen(), ctx.file()), paramType, resultType);
  }

  private static Env withModule(Env parent, String name, Mod m) {
    Env e = new Env(parent);
    e.terms.put(name, m);
    return e;
  }

  /** Applies a parametric module to an argument module. */
  Mod apply(Functor f, Mod arg, Span argSpan, Span span) {
    if (f.seenAs() != null) {
      // Typed by the module type it is seen through; its result is seen through that type's result.
      FunSig fs = f.seenAs();
      Match m = match(arg, fs.param(), span);
      if (m == null) return null;
      Mod raw = apply(new Functor(f.param(), f.resultSig(), f.body(), f.closure(), f.paramType(), f.resultType()), arg, argSpan, span);
      if (raw == null) return null;
      MTy result = new MTy(fs.result().abs(), substMod(fs.result().mod(), m.types()));
      st.quiet++;
      try {
        return ascribe(raw, result, span, null);
      } finally {
        st.quiet--;
      }
    }
    MTy paramType = refresh(f.paramType());
    Match m = match(arg, paramType, span);
    if (m == null) return null;
    Mod view = instantiate(paramType.mod(), m, false);
    Ctx ctx = new Ctx(withModule(f.closure().env(), f.param().name(), view), null, Map.of(), f.closure().file());
    st.quiet++;
    try {
      Mod result = modExp(f.body(), ctx);
      if (result != null && f.resultSig() != null) result = ascribe(result, sig(f.resultSig(), ctx), span, null);
      return result;
    } finally {
      st.quiet--;
    }
  }

  // ---- module types -------------------------------------------------------------------------

  MTy sig(SigExp se, Ctx ctx) {
    switch (se) {
      case SVar v -> {
        MTy m = ctx.sig(v.name());
        if (m == null && v.name().contains(".") && ctx.throughParametric(v.name().substring(0, v.name().lastIndexOf('.')))) {
          st.error(ModuleErrors.parametricModuleHere(v.span()));
          return new MTy(Map.of(), new Struct(new Env(null)));
        }
        if (m == null) {
          st.error(ModuleErrors.unknownModuleType(v.span(), v.name()));
          return new MTy(Map.of(), new Struct(new Env(null)));
        }
        return refresh(m);
      }
      case SSpecs s -> {
        Env env = new Env(ctx.env());
        Map<VName, Liftedness> abs = new LinkedHashMap<>();
        Map<String, Span> seen = new HashMap<>();
        for (Spec sp : s.specs()) {
          switch (sp) {
            case ValSpec v -> duplicate(seen, Namespace.NAME, v.name(), v.span());
            case TypeAbbrSpec t -> duplicate(seen, Namespace.TYPE, t.decl().name(), t.span());
            case AbstractTypeSpec t -> duplicate(seen, Namespace.TYPE, t.name(), t.span());
            case ModSpec m -> duplicate(seen, Namespace.NAME, m.name(), m.span());
            case IncludeSpec i -> { }
          }
        }
        for (Spec sp : s.specs()) spec(sp, env, abs, ctx);
        return new MTy(abs, new Struct(env.exports()));
      }
      case SWith w -> {
        MTy base = sig(w.sig(), ctx);
        return refine(base, w, ctx, w.sig().span());
      }
      case SArrow a -> {
        MTy p = sig(a.param(), ctx);
        Ctx inner = a.paramName() == null ? ctx : ctx.withEnv(withModule(ctx.env(), a.paramName(), p.mod()));
        MTy r = sig(a.result(), inner);
        return new MTy(Map.of(), new FunSig(a.paramName(), p, r));
      }
    }
  }

  private void spec(Spec sp, Env env, Map<VName, Liftedness> abs, Ctx outer) {
    Ctx ctx = new Ctx(env, null, Map.of(), outer.file());
    switch (sp) {
      case ValSpec v -> {
        int saved = st.level;
        st.level++;
        try {
          TypeConv.Params ps = types.bindTypeParams(v.typeParams(), ctx);
          TypeConv.Conv conv = new TypeConv.Conv();
          int errors = st.errorCount();
          Ty t = types.convert(v.type(), ps.ctx(), TypeConv.Anon.EXIST, conv);
          List<VName> sizeParams = new ArrayList<>(ps.params().stream().filter(TParam::isSize).map(TParam::name).toList());
          // Only a function's result may have anonymous (existential) sizes: a parameter's, or the
          // value's own, would have to be named.
          List<Ty.Flex> fl = new ArrayList<>();
          Defs.flexes(t, fl);
          if ((!conv.exts.isEmpty() || !fl.isEmpty()) && st.errorCount() == errors) {
            st.error(SizeErrors.anonymousSizeInParameter(v.span(), v.name()));
          }
          for (Ty.Flex f : fl) if (f.ref == null) f.ref = SE.var(st.fresh("d"));
          Env.Scheme scheme = new Env.Scheme(ps.params().stream().filter(p -> !p.isSize()).toList(), sizeParams, t);
          env.terms.put(v.name(), new Global(st.fresh(v.name()), scheme, null, v.nameSpan()));
        } finally {
          st.level = saved;
        }
      }
      case TypeAbbrSpec t -> env.types.put(t.decl().name(), typeDecl(t.decl(), ctx));
      case AbstractTypeSpec a -> {
        TypeConv.Params ps = types.bindTypeParams(a.params(), ctx, true);
        VName n = st.fresh(a.name());
        st.paramLiftedness.put(n, a.liftedness());
        st.abstractTypes.add(n);
        abs.put(n, a.liftedness());
        List<Ty.Arg> args = new ArrayList<>();
        for (TParam p : ps.params()) {
          args.add(p.isSize() ? Ty.Arg.of(SE.var(p.name())) : Ty.Arg.of(new Ty.Named(p.name(), List.of(), false)));
        }
        env.types.put(a.name(), new TypeB(ps.params(), a.liftedness(), new Ty.Named(n, args, false)));
      }
      case ModSpec m -> {
        MTy mt = sig(m.signature(), ctx);
        abs.putAll(mt.abs());
        env.terms.put(m.name(), mt.mod());
      }
      case IncludeSpec i -> {
        MTy mt = sig(i.signature(), ctx);
        abs.putAll(mt.abs());
        if (mt.mod() instanceof Struct s) env.addAll(s.env(), false);
        else st.error(ModuleErrors.parametricModuleHere(i.signature().span()));
      }
    }
  }

  /**
   * {@code S with t params = type} (the reference's refineEnv): {@code t} must be an abstract type
   * of {@code S} (through its modules: {@code M.t}), and the parameters must be of the same kinds,
   * the new ones at least as lifted. The refined type keeps its liftedness; what the new
   * definition may contain is not checked, as in the reference (no module could match a
   * malformed refinement).
   */
  private MTy refine(MTy base, SWith w, Ctx ctx, Span sigSpan) {
    if (!(base.mod() instanceof Struct)) {
      st.error(ModuleErrors.parametricModuleHere(sigSpan));
      return base;
    }
    String[] path = w.typeName().split("\\.");
    Env e = moduleEnv((Struct) base.mod(), path);
    TypeB tb = e == null ? null : e.types.get(path[path.length - 1]);
    VName abstractName = tb != null && tb.body() instanceof Ty.Named n && base.abs().containsKey(n.name()) ? n.name() : null;
    if (abstractName == null) {
      st.error(ModuleErrors.notAbstract(w.span(), w.typeName()));
      return base;
    }
    TypeConv.Params ps = types.bindTypeParams(w.params(), ctx);
    if (!paramsMatch(tb.params(), ps.params())) {
      st.error(ModuleErrors.refinementParameters(w.span(), typeParams(ps.params()), typeParams(tb.params())));
      return base;
    }
    TypeConv.Conv conv = new TypeConv.Conv();
    Ty t = types.convert(w.type(), ps.ctx(), TypeConv.Anon.ABBREV, conv);
    Map<VName, Liftedness> abs = new LinkedHashMap<>(base.abs());
    abs.remove(abstractName);
    // The abstract type's own parameters, as its uses apply it, stand for the new ones.
    TypeB impl = new TypeB(ps.params(), tb.liftedness(), t, conv.exts);
    Mod refined = substMod(base.mod(), Map.of(abstractName, impl));
    // The specification now defines the type with the refinement's parameters (so a module's
    // 'a does not match a refined '^a), as the reference's refineEnv.
    Env re = moduleEnv((Struct) refined, path);
    if (re != null) re.types.put(path[path.length - 1], impl);
    return new MTy(abs, refined);
  }

  /** The environment of the module that holds the last name of {@code path} ({@code M.N.t}: N's), or null. */
  private static Env moduleEnv(Struct root, String[] path) {
    Env e = root.env();
    for (int i = 0; i < path.length - 1 && e != null; i++) e = e.terms.get(path[i]) instanceof Struct s ? s.env() : null;
    return e;
  }

  /** The reference's paramsMatch: as many parameters, of the same kinds, the refining ones at least as lifted. */
  private static boolean paramsMatch(List<TParam> cur, List<TParam> ps) {
    if (cur.size() != ps.size()) return false;
    for (int i = 0; i < cur.size(); i++) {
      TParam a = cur.get(i), b = ps.get(i);
      if (a.isSize() != b.isSize()) return false;
      if (!a.isSize() && a.liftedness().ordinal() > b.liftedness().ordinal()) return false;
    }
    return true;
  }

  /** Type parameters as the reference prints them: {@code [n]}, {@code 'a}, {@code '^a}. */
  private static List<String> typeParams(List<TParam> ps) {
    return ps.stream().map(p -> p.isSize() ? "[" + p.name().base() + "]" : "'" + p.liftedness().mark + p.name().base()).toList();
  }

  // ---- matching -----------------------------------------------------------------------------

  /**
   * What matching found: the abstract types' definitions, the module's values for the
   * specification's, and the module's parametric modules by their path (an ascribed module's
   * parametric modules stay applicable).
   */
  record Match(Map<VName, TypeB> types, Map<VName, Global> values, Map<String, Functor> functors) {}

  /** While matching: the specification's value names and the module's values they stand for. */
  private final Map<VName, SE> valueNames = new HashMap<>();
  /** While matching: the module's parametric modules by path. */
  private Map<String, Functor> functors = new HashMap<>();

  /**
   * Matches module {@code m} against module type {@code sig} (an ascription, an argument of a
   * parametric module, a parametric module's body and its declared result); the first mismatch
   * is reported at {@code span} and gives null.
   */
  Match match(Mod m, MTy sig, Span span) {
    Map<String, Functor> savedFunctors = functors;
    functors = new HashMap<>();
    try {
      Map<VName, TypeB> abs = new HashMap<>();
      Map<VName, Global> vals = new HashMap<>();
      if (m instanceof Functor fm && sig.mod() instanceof FunSig) functors.put("", fm);
      boolean ok = matchMTy(m, sig.mod(), sig.abs(), abs, vals, span, "");
      return ok ? new Match(abs, vals, functors) : null;
    } finally {
      functors = savedFunctors;
    }
  }

  /**
   * A module against a module type (the reference's matchMTys): a structure against a parametric
   * module type or the other way round is an error (worded as the reference words it here, "paramatric"
   * included); otherwise the abstract types are resolved first, then everything is matched.
   */
  private boolean matchMTy(Mod m, Mod s, Map<VName, Liftedness> absNames, Map<VName, TypeB> abs, Map<VName, Global> vals,
                           Span span, String prefix) {
    if (isParametric(m) && s instanceof Struct) {
      st.error(ModuleErrors.parametricForNonParametric(span));
      return false;
    }
    if (m instanceof Struct && s instanceof FunSig) {
      st.error(ModuleErrors.nonParametricForParametricAbstract(span));
      return false;
    }
    if (!resolveAbs(m, s, absNames, abs, span, prefix)) return false;
    return matchMods(m, s, abs, vals, span, prefix);
  }

  private static boolean isParametric(Mod m) {
    return m instanceof Functor || m instanceof FunSig;
  }

  /**
   * What each abstract type of the module type stands for: the module's type of the same (qualified)
   * name, which must be no more lifted than the abstract type, and without anonymous sizes unless
   * the abstract type is size-lifted (the reference's resolveAbsTypes).
   */
  private boolean resolveAbs(Mod m, Mod s, Map<VName, Liftedness> absNames, Map<VName, TypeB> abs, Span span, String prefix) {
    if (!(s instanceof Struct ss)) return true;
    Env me = m instanceof Struct ms ? ms.env() : new Env(null);
    for (var e : ss.env().types.entrySet()) {
      String name = e.getKey();
      TypeB spec = e.getValue();
      if (!isAbstractSpec(name, spec, absNames)) continue;
      VName absName = ((Ty.Named) spec.body()).name();
      Liftedness want = absNames.get(absName);
      TypeB impl = me.types.get(name);
      if (impl == null) {
        st.error(ModuleErrors.missingType(span, prefix + name));
        return false;
      }
      if (impl.liftedness().ordinal() > want.ordinal()) {
        st.error(ModuleErrors.tooLifted(span, ppTypeAbbr(prefix + name, impl), lifted(want)));
        return false;
      }
      if (want != Liftedness.SIZE_LIFTED && want != Liftedness.LIFTED && !impl.anons().isEmpty()) {
        st.error(ModuleErrors.anonymousSizesForNonLifted(span, ppTypeAbbr(prefix + name, impl)));
        return false;
      }
      abs.put(absName, impl);
    }
    for (var e : ss.env().terms.entrySet()) {
      if (!(e.getValue() instanceof Struct sub)) continue;
      Object impl = me.terms.get(e.getKey());
      if (!resolveAbs(impl instanceof Mod im ? im : new Struct(new Env(null)), sub, absNames, abs, span, prefix + e.getKey() + ".")) {
        return false;
      }
    }
    // An abstract type shadowed by a later specification of the same name (include A include B,
    // both with type t) is still the module's type of that name, as the reference finds it.
    Set<VName> mentioned = new java.util.LinkedHashSet<>();
    for (TypeB tb : ss.env().types.values()) if (tb.body() != null) namedIn(tb.body(), mentioned);
    for (Object o : ss.env().terms.values()) if (o instanceof Global g) namedIn(g.scheme().type(), mentioned);
    for (VName n : mentioned) {
      if (!absNames.containsKey(n) || abs.containsKey(n)) continue;
      TypeB impl = me.types.get(n.base());
      if (impl == null) {
        st.error(ModuleErrors.missingType(span, prefix + n.base()));
        return false;
      }
      if (impl.liftedness().ordinal() > absNames.get(n).ordinal()) {
        st.error(ModuleErrors.tooLifted(span, ppTypeAbbr(prefix + n.base(), impl), lifted(absNames.get(n))));
        return false;
      }
      abs.put(n, impl);
    }
    return true;
  }

  /** How the messages name the liftedness an abstract type allows. */
  private static ModuleErrors.Lifted lifted(Liftedness l) {
    return l == Liftedness.UNLIFTED ? ModuleErrors.Lifted.NON_LIFTED
        : l == Liftedness.SIZE_LIFTED ? ModuleErrors.Lifted.SIZE_LIFTED : ModuleErrors.Lifted.LIFTED;
  }

  /** A module against a module type's module whose abstract types are resolved (the reference's matchMods). */
  private boolean matchMods(Mod m, Mod s, Map<VName, TypeB> abs, Map<VName, Global> vals, Span span, String prefix) {
    if (m instanceof Struct && s instanceof FunSig) {
      st.error(ModuleErrors.nonParametricForParametric(span));
      return false;
    }
    if (isParametric(m) && s instanceof Struct) {
      st.error(ModuleErrors.parametricForNonParametric(span));
      return false;
    }
    if (s instanceof FunSig fs) return matchFunctor(m, fs, abs, vals, span, prefix);
    if (!(m instanceof Struct ms) || !(s instanceof Struct ss)) return false;
    return matchEnvs(ms.env(), ss.env(), abs, vals, span, prefix);
  }

  /**
   * A parametric module against a parametric module type: the argument the module type allows
   * must be acceptable to the module (its parameter type, as a module, matches the module's
   * parameter type), and the module's result, with its parameter's abstract types standing for
   * the module type's, must match the module type's result.
   */
  private boolean matchFunctor(Mod m, FunSig fs, Map<VName, TypeB> abs, Map<VName, Global> vals, Span span, String prefix) {
    FunSig ms = m instanceof Functor f ? f.seenAs() : (FunSig) m;
    MTy mParam = ms != null ? ms.param() : ((Functor) m).paramType();
    MTy mResult = ms != null ? ms.result() : ((Functor) m).resultType();
    MTy sParam = substMTy(fs.param(), abs);
    Map<VName, TypeB> pAbs = new HashMap<>(abs);
    if (!resolveAbs(sParam.mod(), mParam.mod(), mParam.abs(), pAbs, span, prefix)) return false;
    if (!matchMods(sParam.mod(), mParam.mod(), pAbs, new HashMap<>(), span, prefix)) return false;
    Map<VName, TypeB> paramTypes = new HashMap<>();
    mParam.abs().keySet().forEach(k -> { if (pAbs.containsKey(k)) paramTypes.put(k, pAbs.get(k)); });
    Mod result = substMod(mResult.mod(), paramTypes);
    MTy sResult = substMTy(fs.result(), abs);
    Map<VName, TypeB> rAbs = new HashMap<>(abs);
    return matchMTy(result, sResult.mod(), sResult.abs(), rAbs, vals, span, prefix);
  }

  /** A structure against a module type's structure: its types, then values, then modules (the reference's matchEnvs). */
  private boolean matchEnvs(Env me, Env se, Map<VName, TypeB> abs, Map<VName, Global> vals, Span span, String prefix) {
    for (var e : se.types.entrySet()) {
      String name = e.getKey();
      TypeB impl = me.types.get(name);
      if (impl == null) {
        st.error(ModuleErrors.missingType(span, name));
        return false;
      }
      if (!matchTypeAbbr(prefix + name, e.getValue(), impl, abs, span)) return false;
    }
    // A specification's types may use the specification's values as sizes (val n: i64 val f: [n]t):
    // those stand for the module's values of the same names.
    for (var e : se.terms.entrySet()) {
      if (e.getValue() instanceof Global sv && me.terms.get(e.getKey()) instanceof Global iv && !sv.target().equals(iv.target())) {
        valueNames.put(sv.target(), SE.var(iv.target()));
      }
    }
    for (var e : se.terms.entrySet()) {
      if (!(e.getValue() instanceof Global sv)) continue;
      String name = e.getKey();
      List<VName> top = new ArrayList<>();
      Ty specTy = substAbs(sv.scheme().type(), abs, top);
      top = distinct(top);
      Set<VName> witnessed = new java.util.HashSet<>();
      witnesses(specTy, witnessed);
      if (top.stream().anyMatch(witnessed::contains)) {
        st.error(ModuleErrors.topLevelSizeSubstitution(span, name));
        return false;
      }
      if (!(me.terms.get(name) instanceof Global iv)) {
        st.error(ModuleErrors.missingValue(span, name));
        return false;
      }
      List<VName> sizeParams = new ArrayList<>(sv.scheme().sizeParams());
      sizeParams.addAll(top);
      Env.Scheme spec = new Env.Scheme(sv.scheme().tparams(), sizeParams, specTy);
      Global view = matchVal(iv, spec, span, prefix + name);
      if (view == null) return false;
      vals.put(sv.target(), view);
    }
    for (var e : se.terms.entrySet()) {
      if (!(e.getValue() instanceof Mod sm)) continue;
      String name = e.getKey();
      if (!(me.terms.get(name) instanceof Mod im)) {
        st.error(ModuleErrors.missingModule(span, name));
        return false;
      }
      if (im instanceof Functor fi && sm instanceof FunSig) functors.put(prefix + name + ".", fi);
      if (!matchMods(im, sm, abs, vals, span, prefix + name + ".")) return false;
    }
    return true;
  }

  /**
   * A type of the module against its specification (the reference's matchTypeAbbr): as many
   * parameters; an abstract type's size parameters must be array sizes of its definition; and
   * the specified definition, with the abstract types substituted, must unify with the module's,
   * whose parameters and anonymous sizes may be instantiated.
   */
  private boolean matchTypeAbbr(String name, TypeB spec, TypeB impl, Map<VName, TypeB> abs, Span span) {
    boolean kinds = spec.params().size() == impl.params().size();
    for (int i = 0; kinds && i < spec.params().size(); i++) kinds = spec.params().get(i).isSize() == impl.params().get(i).isSize();
    TypeB specT = kinds ? substTypeB(spec, abs) : spec;
    if (kinds) {
      if (spec.body() instanceof Ty.Named n && abs.containsKey(n.name()) && isParamsOnly(n, spec)) {
        Set<VName> witnessed = new java.util.HashSet<>();
        witnesses(impl.body(), witnessed);
        for (TParam p : impl.params()) {
          if (p.isSize() && !witnessed.contains(p.name())) {
            st.error(SizeErrors.cannotMakeAbstract(span, ppTypeAbbr(name, impl), p.name().base()));
            return false;
          }
        }
      }
      if (sameType(specT, impl)) return true;
    }
    st.error(ModuleErrors.typeDefinitionDiffers(span, ppTypeAbbr(name, impl, abs.keySet()), ppTypeAbbr(name, specT, abs.keySet())));
    return false;
  }

  /**
   * Whether a specified type definition unifies with the module's: the specification's
   * parameters are rigid, the module's parameters and anonymous sizes are instantiated.
   */
  private boolean sameType(TypeB spec, TypeB impl) {
    Map<VName, Ty> ts = new HashMap<>();
    Map<VName, SE> ss = new HashMap<>();
    int saved = st.level;
    st.level += 1000;
    try {
      for (TParam p : impl.params()) {
        if (p.isSize()) ss.put(p.name(), new SE.F(new Ty.Flex(st.level, p.name().base())));
        else {
          Ty.Var v = new Ty.Var(st.level);
          v.lifted = p.liftedness();
          ts.put(p.name(), v);
        }
      }
      for (VName a : impl.anons()) ss.put(a, new SE.F(new Ty.Flex(st.level, a.base())));
      for (int i = 0; i < spec.params().size(); i++) {
        TParam a = spec.params().get(i), b = impl.params().get(i);
        if (a.isSize() != b.isSize()) return false;
      }
      Ty x = Unify.subst(spec.body(), Map.of(), valueNames);
      Ty y = Unify.subst(impl.body(), ts, ss);
      u.unify(x, y);
      return true;
    } catch (Unify.Failure f) {
      return false;
    } finally {
      st.level = saved;
    }
  }

  /**
   * Matches a value with its specification (the reference's doUnification): the specification's
   * type and size parameters are rigid, the value's are instantiated; a function's existential
   * sizes may stand for anything in the specification but not in the value; consuming
   * parameters and unique results must agree. Returns the value as the specification sees it.
   */
  private Global matchVal(Global impl, Env.Scheme spec, Span span, String name) {
    int saved = st.level;
    st.level += 1000;
    try {
      Terms.Inst in = instantiateScheme(impl.scheme(), impl.targetArgs(), impl.targetSizes());
      Ty want = Unify.subst(spec.type(), Map.of(), valueNames);
      Ty have = inferredUniqueness(in.ty(), impl);
      String problem = matchTy(want, have, false);
      if (problem == null) problem = liftednessProblem(impl.scheme(), in, spec);
      if (problem != null) {
        st.error(ModuleErrors.valueDiffers(span, ppVal(name, spec, spec.type()),
            ppVal(name, impl.scheme(), inferredUniqueness(impl.scheme().type(), impl)), problem));
        return null;
      }
      Env.Scheme viewScheme = new Env.Scheme(spec.tparams(), spec.sizeParams(), want);
      return new Global(impl.target(), viewScheme, in.typeArgs(), in.sizeArgs(), impl.definedAt());
    } finally {
      st.level = saved;
    }
  }

  /**
   * Unifies a specified type with the module's ({@code ord}: the two swapped, inside a parameter):
   * the reference's sized unification of two types already equal up to sizes. Returns what is
   * wrong, or null.
   */
  private String matchTy(Ty spec, Ty impl, boolean ord) {
    Ty a = Unify.resolve(spec), b = Unify.resolve(impl);
    switch (a) {
      case Ty.Fun fa when b instanceof Ty.Fun fb -> {
        boolean ca = consumes(fa.param()), cb = consumes(fb.param());
        if (ord ? (!cb && ca) : (!ca && cb)) {
          return Phrases.consumptionDiffers(Unify.show(fa.param()), Unify.show(fb.param()));
        }
        boolean ua = uniqueResult(fa.result()), ub = uniqueResult(fb.result());
        if (ord ? (!ua && ub) : (!ub && ua)) {
          return Phrases.uniquenessDiffers(Unify.show(fa.result()), Unify.show(fb.result()));
        }
        String p = matchTy(fa.param(), fb.param(), !ord);
        if (p != null) return p;
        // The specification's existential sizes may be anything; the module's are what they are.
        Map<VName, SE> renA = new HashMap<>(), renB = new HashMap<>();
        for (VName x : ord ? fb.exts() : fa.exts()) (ord ? renB : renA).put(x, new SE.F(new Ty.Flex(st.level, x.base())));
        if (fa.pname() != null && fb.pname() != null) renB.put(fb.pname(), SE.var(fa.pname()));
        return matchTy(Unify.subst(fa.result(), Map.of(), renA), Unify.subst(fb.result(), Map.of(), renB), ord);
      }
      case Ty.Arr aa when b instanceof Ty.Arr ab -> {
        try {
          u.unifySize(aa.size(), ab.size());
        } catch (Unify.Failure f) {
          return f.why.text() != null ? f.why.text() : cannotUnify(a, b);
        }
        return matchTy(aa.elem(), ab.elem(), ord);
      }
      case Ty.Rec ra when b instanceof Ty.Rec rb && ra.fields().keySet().equals(rb.fields().keySet()) -> {
        for (var e : ra.fields().entrySet()) {
          String p = matchTy(e.getValue(), rb.fields().get(e.getKey()), ord);
          if (p != null) return p;
        }
        return null;
      }
      case Ty.Sum sa when b instanceof Ty.Sum sb && sa.constructors().keySet().equals(sb.constructors().keySet()) -> {
        for (var e : sa.constructors().entrySet()) {
          List<Ty> xs = e.getValue(), ys = sb.constructors().get(e.getKey());
          if (xs.size() != ys.size()) return cannotUnify(a, b);
          for (int i = 0; i < xs.size(); i++) {
            String p = matchTy(xs.get(i), ys.get(i), ord);
            if (p != null) return p;
          }
        }
        return null;
      }
      case Ty.Prim p -> { return unifyOrWhy(a, b); }
      case Ty.Arr ar -> { return unifyOrWhy(a, b); }
      case Ty.Rec r -> { return unifyOrWhy(a, b); }
      case Ty.Sum s -> { return unifyOrWhy(a, b); }
      case Ty.Fun fu -> { return unifyOrWhy(a, b); }
      case Ty.Named n -> { return unifyOrWhy(a, b); }
      case Ty.Var v -> { return unifyOrWhy(a, b); }
    }
  }

  /** Unifies the two types: null, or what is wrong. */
  private String unifyOrWhy(Ty a, Ty b) {
    try {
      u.unify(a, b);
      return null;
    } catch (Unify.Failure f) {
      return f.why.text() != null ? f.why.text() : cannotUnify(a, b);
    }
  }

  private static String cannotUnify(Ty a, Ty b) {
    String[] shown = Unify.showAll(a, b);
    return Phrases.cannotUnify(shown[0], shown[1]);
  }

  /** The uniqueness of a type as the result of a function: unique if some part is. */
  private static boolean uniqueResult(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> a.unique();
      case Ty.Named n -> n.unique();
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Modules::uniqueResult);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Modules::uniqueResult);
      case Ty.Prim p -> false;
      case Ty.Fun f -> false;
      case Ty.Var v -> false;
    };
  }

  /**
   * A definition's type with the uniqueness of its results as the checker inferred it (a result
   * that aliases no argument is unique: {@code def f (x: i32) = [x]} returns {@code *[1]i32}).
   */
  private Ty inferredUniqueness(Ty t, Global impl) {
    if (impl.targetArgs() != null || impl.targetSizes() != null) return t;
    Type dt = st.defTypes.get(impl.target());
    return dt == null ? t : withResultUniqueness(t, dt);
  }

  private static Ty withResultUniqueness(Ty t, Type dt) {
    Ty r = Unify.resolve(t);
    if (r instanceof Ty.Fun f && dt instanceof Type.Arrow a) {
      return new Ty.Fun(f.pname(), f.param(), f.exts(), withResultUniqueness(f.result(), a.result()));
    }
    if (r instanceof Ty.Fun) return t;
    return uniqueResult(r) || !uniqueType(dt) ? t : markUnique(r, dt);
  }

  private static boolean uniqueType(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Record r -> r.fields().values().stream().anyMatch(Modules::uniqueType);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Modules::uniqueType);
      case Type.Prim p -> false;
      case Type.Arrow a -> false;
      case Type.Param p -> false;
    };
  }

  private static Ty markUnique(Ty t, Type dt) {
    t = Unify.resolve(t);
    if (t instanceof Ty.Rec r && dt instanceof Type.Record dr) {
      Map<String, Ty> fs = new LinkedHashMap<>();
      r.fields().forEach((k, v) -> fs.put(k, dr.fields().containsKey(k) ? markUnique(v, dr.fields().get(k)) : v));
      return new Ty.Rec(fs);
    }
    return uniqueType(dt) ? Unify.unique(t, true) : t;
  }

  /**
   * A non-lifted type parameter of the value instantiated (in the specification) with a type
   * containing a lifted one (the reference's checkLiftedness), or null.
   */
  private static String liftednessProblem(Env.Scheme implScheme, Terms.Inst in, Env.Scheme spec) {
    Map<VName, Liftedness> rigid = new HashMap<>();
    for (TParam p : spec.tparams()) rigid.put(p.name(), p.liftedness());
    for (TParam p : implScheme.tparams()) {
      if (p.liftedness() == Liftedness.LIFTED) continue;
      Ty inst = in.typeArgs().get(p.name());
      if (inst == null) continue;
      if (Unify.containsFun(inst)) {
        return Phrases.functionalTypeArgument(p.name().base(), Unify.show(inst));
      }
      Set<VName> names = new java.util.LinkedHashSet<>();
      namedIn(inst, names);
      for (VName v : names) {
        Liftedness l = rigid.get(v);
        if (l == null) continue;
        if (p.liftedness() == Liftedness.UNLIFTED ? l != Liftedness.UNLIFTED : l == Liftedness.LIFTED) {
          return Phrases.liftedTypeArgument(p.name().base(), v.base());
        }
      }
    }
    return null;
  }

  private static void namedIn(Ty t, Set<VName> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Named n -> {
        out.add(n.name());
        for (Ty.Arg a : n.args()) if (a.type() != null) namedIn(a.type(), out);
      }
      case Ty.Arr a -> namedIn(a.elem(), out);
      case Ty.Rec r -> r.fields().values().forEach(x -> namedIn(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(xs -> xs.forEach(x -> namedIn(x, out)));
      case Ty.Fun f -> { namedIn(f.param(), out); namedIn(f.result(), out); }
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  /**
   * The sizes a type witnesses (the reference's determineSizeWitnesses): names used directly as
   * array sizes or size arguments of a type, outside function types.
   */
  static void witnesses(Ty t, Set<VName> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        if (SE.norm(a.size()) instanceof SE.V v) out.add(v.v());
        witnesses(a.elem(), out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> witnesses(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(xs -> xs.forEach(x -> witnesses(x, out)));
      case Ty.Named n -> {
        for (Ty.Arg a : n.args()) if (a.size() != null && SE.norm(a.size()) instanceof SE.V v) out.add(v.v());
      }
      case Ty.Prim p -> { }
      case Ty.Fun f -> { }
      case Ty.Var v -> { }
    }
  }

  /**
   * Whether the specification of type {@code name} is its own abstract type ({@code type t}), not
   * a definition in terms of another one ({@code type s = t}).
   */
  private static boolean isAbstractSpec(String name, TypeB spec, Map<VName, Liftedness> absNames) {
    return spec.body() instanceof Ty.Named n && absNames.containsKey(n.name()) && n.name().base().equals(name)
        && isParamsOnly(n, spec);
  }

  private static boolean isParamsOnly(Ty.Named n, TypeB spec) {
    if (n.args().size() != spec.params().size()) return false;
    for (int i = 0; i < n.args().size(); i++) {
      Ty.Arg a = n.args().get(i);
      VName p = spec.params().get(i).name();
      boolean same = a.type() != null ? a.type() instanceof Ty.Named x && x.name().equals(p) && x.args().isEmpty()
          : SE.norm(a.size()) instanceof SE.V y && y.v().equals(p);
      if (!same) return false;
    }
    return true;
  }

  /** Whether function type {@code impl} consumes an argument that function type {@code spec} only observes. */
  static boolean consumesMore(Ty impl, Ty spec) {
    spec = Unify.resolve(spec);
    impl = Unify.resolve(impl);
    if (spec instanceof Ty.Fun sf && impl instanceof Ty.Fun f) {
      return consumes(f.param()) && !consumes(sf.param()) || consumesMore(f.result(), sf.result());
    }
    return false;
  }

  /** A consumed (unique) parameter type. */
  private static boolean consumes(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> a.unique();
      case Ty.Named n -> n.unique();
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Modules::consumes);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Modules::consumes);
      case Ty.Prim p -> false;
      case Ty.Fun f -> false;
      case Ty.Var v -> false;
    };
  }

  private Terms.Inst instantiateScheme(Env.Scheme s, Map<VName, Ty> targetArgs, Map<VName, SE> targetSizes) {
    // Unrestricted: what the type parameters may stand for is checked afterwards (liftednessProblem).
    Map<VName, Ty> tsub = new HashMap<>();
    for (TParam p : s.tparams()) tsub.put(p.name(), new Ty.Var(st.level));
    Map<VName, SE> ssub = new HashMap<>();
    for (VName n : s.sizeParams()) ssub.put(n, new SE.F(new Ty.Flex(st.level, n.base())));
    Ty t = Unify.subst(s.type(), tsub, ssub);
    Map<VName, Ty> targs;
    if (targetArgs == null) targs = tsub;
    else {
      targs = new LinkedHashMap<>();
      targetArgs.forEach((k, v) -> targs.put(k, Unify.subst(v, tsub, ssub)));
    }
    // The target's size parameters: instantiated here, or through the view's.
    Map<VName, SE> sizes = new LinkedHashMap<>();
    if (targetArgs == null && targetSizes == null) sizes.putAll(ssub);
    else if (targetSizes != null) targetSizes.forEach((k, v) -> sizes.put(k, SE.subst(v, ssub)));
    return new Terms.Inst(t, targs, sizes);
  }

  /** {@code val name [n] 'a :} and the type below it, as the reference prints a value specification. */
  private static String ppVal(String name, Env.Scheme sc, Ty type) {
    List<String> ps = new ArrayList<>();
    for (VName n : sc.sizeParams()) ps.add("[" + n.base() + "]");
    for (TParam p : sc.tparams()) ps.add("'" + p.liftedness().mark + p.name().base());
    return "val " + name + " " + String.join(" ", ps) + " :\n  " + Unify.show(type);
  }

  /**
   * {@code type name params = t}, or {@code type name params} for an abstract type, as the
   * reference prints a type in a module.
   */
  private String ppTypeAbbr(String name, TypeB tb) {
    return ppTypeAbbr(name, tb, st.abstractTypes);
  }

  /** As above, with the abstract types ({@code abs}) whose definitions are shown by name only. */
  private String ppTypeAbbr(String name, TypeB tb, Set<VName> abs) {
    StringBuilder sb = new StringBuilder("type" + tb.liftedness().mark + " " + name);
    for (TParam p : tb.params()) sb.append(p.isSize() ? " [" + p.name().base() + "]" : " '" + p.liftedness().mark + p.name().base());
    if (tb.body() == null || tb.body() instanceof Ty.Named n && abs.contains(n.name()) && isParamsOnly(n, tb)) {
      return sb.toString();
    }
    String exts = tb.anons().stream().map(a -> "[" + a.base() + "]").collect(java.util.stream.Collectors.joining());
    return sb.append(" = ").append(exts.isEmpty() ? "" : "?" + exts + ".").append(Unify.show(tb.body())).toString();
  }



  // ---- ascription and instantiation ---------------------------------------------------------

  /**
   * {@code m : sig}: the module seen through the module type, with new abstract types that stand
   * for the module's types.
   */
  Mod ascribe(Mod m, MTy sig, Span span, String modName) {
    Match mt = match(m, sig, span);
    if (mt == null) return null;
    return instantiate(sig.mod(), mt, true);
  }

  /**
   * The module type's module with its abstract types replaced: by new abstract types (an
   * ascription: {@code fresh}) or by the matched module's types (a parameter of an application),
   * and its values referring to the matched module's.
   */
  private Mod instantiate(Mod sigMod, Match mt, boolean fresh) {
    Map<VName, TypeB> sub = new HashMap<>();
    for (var e : mt.types().entrySet()) {
      VName abs = e.getKey();
      TypeB impl = e.getValue();
      if (fresh) {
        VName n = st.fresh(abs.base());
        Liftedness l = st.paramLiftedness.getOrDefault(abs, Liftedness.UNLIFTED);
        st.paramLiftedness.put(n, l);
        st.abstractTypes.add(n);
        // What the new abstract type stands for: the module's type, seen through earlier ascriptions.
        st.abstractImpl.put(n, impl);
        List<Ty.Arg> args = new ArrayList<>();
        for (TParam p : impl.params()) {
          args.add(p.isSize() ? Ty.Arg.of(SE.var(p.name())) : Ty.Arg.of(new Ty.Named(p.name(), List.of(), false)));
        }
        sub.put(abs, new TypeB(impl.params(), l, new Ty.Named(n, args, false)));
      } else {
        sub.put(abs, impl);
      }
    }
    Mod r = substMod(sigMod, sub);
    // Sizes in the specification's types that name its values name the module's values now.
    Map<VName, SE> names = new HashMap<>();
    mt.values().forEach((spec, impl) -> names.put(spec, SE.var(impl.target())));
    return withValues(r, mt, names, "");
  }

  private Mod withValues(Mod m, Match mt, Map<VName, SE> names, String prefix) {
    Map<VName, Global> vals = mt.values();
    // A parametric module matched against a parametric module type stays applicable, seen through it.
    if (m instanceof FunSig fs && mt.functors().containsKey(prefix)) return mt.functors().get(prefix).seenAs(fs);
    if (!(m instanceof Struct s)) return m;
    Env out = new Env(null);
    out.types.putAll(s.env().types);
    out.sigs.putAll(s.env().sigs);
    for (var e : s.env().terms.entrySet()) {
      Object o = e.getValue();
      if (o instanceof Global g && vals.containsKey(specTarget(g))) {
        Global impl = vals.get(specTarget(g));
        Env.Scheme sc = g.scheme();
        Env.Scheme renamed = new Env.Scheme(sc.tparams(), sc.sizeParams(), Unify.subst(sc.type(), Map.of(), names));
        // Sizes that matching named (those a size-lifted abstract type brought) but the module type
        // hides: each use leaves them unknown, for the value to tell.
        Map<VName, SE> hidden = new HashMap<>();
        for (VName n : impl.scheme().sizeParams()) {
          if (!sc.sizeParams().contains(n)) hidden.put(n, new SE.F(new Ty.Flex(0, n.base())));
        }
        Map<VName, Ty> targs = impl.targetArgs();
        Map<VName, SE> tsizes = impl.targetSizes();
        if (!hidden.isEmpty()) {
          if (targs != null) {
            Map<VName, Ty> ta = new LinkedHashMap<>();
            targs.forEach((k, v) -> ta.put(k, Unify.subst(v, Map.of(), hidden)));
            targs = ta;
          }
          if (tsizes != null) {
            Map<VName, SE> sa = new LinkedHashMap<>();
            tsizes.forEach((k, v) -> sa.put(k, SE.subst(v, hidden)));
            tsizes = sa;
          }
        }
        out.terms.put(e.getKey(), new Global(impl.target(), renamed, targs, tsizes, impl.definedAt()));
      } else if (o instanceof Mod sub2) {
        out.terms.put(e.getKey(), withValues(sub2, mt, names, prefix + e.getKey() + "."));
      } else {
        out.terms.put(e.getKey(), o);
      }
    }
    return new Struct(out);
  }

  /** The specification a value of a substituted module type came from (its target is the spec's name). */
  private static VName specTarget(Global g) { return g.target(); }

  // ---- substitution of abstract types ---------------------------------------------------------

  /**
   * {@code t} with abstract types replaced by their definitions (the reference's substTypesRet).
   * A size-lifted definition brings sizes of its own: in a function's result they are existential
   * sizes of that result; elsewhere (at the outermost level, in parameters) they are added to
   * {@code state}, which also holds the names already used in this substitution: a definition's
   * sizes keep their names unless they are taken there. Type arguments are substituted apart, as
   * the reference does (so a size brought in a result's type argument may have the name of one
   * brought in a parameter, and then stands for it).
   */
  private Ty substAbs(Ty t, Map<VName, TypeB> abs, List<VName> state) {
    if (abs.isEmpty()) return t;
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Named n -> {
        TypeB impl = abs.get(n.name());
        List<Ty.Arg> args = new ArrayList<>();
        for (Ty.Arg a : n.args()) {
          if (a.type() == null) {
            args.add(a);
            continue;
          }
          List<VName> apart = new ArrayList<>();
          args.add(Ty.Arg.of(substAbs(a.type(), abs, apart)));
          state.addAll(apart);
        }
        if (impl == null) yield new Ty.Named(n.name(), args, n.unique());
        Map<VName, Ty> ts = new HashMap<>();
        Map<VName, SE> ss = new HashMap<>();
        for (int i = 0; i < impl.params().size() && i < args.size(); i++) {
          TParam p = impl.params().get(i);
          // Arguments of another kind (a module whose type has other parameters, reported by
          // matching) leave the type as it is.
          if (p.isSize() != (args.get(i).size() != null)) yield new Ty.Named(n.name(), args, n.unique());
          if (p.isSize()) ss.put(p.name(), args.get(i).size());
          else ts.put(p.name(), args.get(i).type());
        }
        boolean taken = impl.anons().stream().anyMatch(state::contains);
        for (VName a : impl.anons()) {
          VName d = taken ? st.fresh(a.base()) : a;
          state.add(d);
          if (taken) ss.put(a, SE.var(d));
        }
        Ty r = Unify.subst(impl.body(), ts, ss);
        yield n.unique() ? Unify.unique(r, true) : r;
      }
      case Ty.Arr a -> new Ty.Arr(substAbs(a.elem(), abs, state), a.size(), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, substAbs(v, abs, state)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> m = new java.util.TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> substAbs(x, abs, state)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> {
        Ty param = substAbs(f.param(), abs, state);
        if (Unify.resolve(f.result()) instanceof Ty.Fun) yield new Ty.Fun(f.pname(), param, f.exts(), substAbs(f.result(), abs, state));
        List<VName> inner = new ArrayList<>(state);
        Ty res = substAbs(f.result(), abs, inner);
        List<VName> exts = new ArrayList<>();
        for (VName v : inner.subList(state.size(), inner.size())) if (!exts.contains(v)) exts.add(v);
        if (exts.isEmpty()) yield new Ty.Fun(f.pname(), param, f.exts(), res);
        exts.addAll(f.exts());
        yield new Ty.Fun(f.pname(), param, exts, res);
      }
      case Ty.Prim p -> t;
      case Ty.Var v -> t;
    };
  }

  /** {@code names} with each name once. */
  private static List<VName> distinct(List<VName> names) {
    return new ArrayList<>(new java.util.LinkedHashSet<>(names));
  }

  /** A type definition with abstract types replaced; sizes they bring become its anonymous sizes. */
  private TypeB substTypeB(TypeB tb, Map<VName, TypeB> abs) {
    if (tb.body() == null) return tb;
    List<VName> more = new ArrayList<>();
    Ty body = substAbs(tb.body(), abs, more);
    List<VName> anons = new ArrayList<>(tb.anons());
    anons.addAll(more);
    return new TypeB(tb.params(), tb.liftedness(), body, distinct(anons));
  }

  private Mod substMod(Mod m, Map<VName, TypeB> abs) {
    return switch (m) {
      case Struct s -> {
        Env out = new Env(null);
        s.env().types.forEach((k, v) -> out.types.put(k, substTypeB(v, abs)));
        s.env().sigs.forEach((k, v) -> out.sigs.put(k, substMTy((MTy) Env.forced(v), abs)));
        s.env().terms.forEach((k, v) -> {
          if (v instanceof Global g) {
            Env.Scheme sc = g.scheme();
            // Sizes a substituted size-lifted type brings outside function results are the value's size parameters.
            List<VName> more = new ArrayList<>();
            Ty t = substAbs(sc.type(), abs, more);
            List<VName> sizes = new ArrayList<>(sc.sizeParams());
            sizes.addAll(more);
            out.terms.put(k, new Global(g.target(), new Env.Scheme(sc.tparams(), distinct(sizes), t), g.targetArgs(), g.targetSizes(),
                g.definedAt()));
          } else if (v instanceof Mod mm) {
            out.terms.put(k, substMod(mm, abs));
          } else {
            out.terms.put(k, v);
          }
        });
        yield new Struct(out);
      }
      case FunSig f -> new FunSig(f.paramName(), substMTy(f.param(), abs), substMTy(f.result(), abs));
      case Functor f -> m;
    };
  }

  private MTy substMTy(MTy m, Map<VName, TypeB> abs) {
    return new MTy(m.abs(), substMod(m.mod(), abs));
  }

  /** A copy of a module type with new names for its abstract types (each use of a module type is new). */
  MTy refresh(MTy m) {
    if (m.abs().isEmpty()) return m;
    Map<VName, Liftedness> abs = new LinkedHashMap<>();
    for (var e : m.abs().entrySet()) {
      VName n = st.fresh(e.getKey().base());
      st.paramLiftedness.put(n, e.getValue());
      st.abstractTypes.add(n);
      abs.put(n, e.getValue());
    }
    return new MTy(abs, renameAbs(m.mod(), m.abs().keySet().stream().toList(), abs.keySet().stream().toList()));
  }

  private Mod renameAbs(Mod m, List<VName> from, List<VName> to) {
    Map<VName, VName> ren = new HashMap<>();
    for (int i = 0; i < from.size(); i++) ren.put(from.get(i), to.get(i));
    return renameMod(m, ren);
  }

  private Mod renameMod(Mod m, Map<VName, VName> ren) {
    return switch (m) {
      case Struct s -> {
        Env out = new Env(null);
        s.env().types.forEach((k, v) -> out.types.put(k, new TypeB(v.params(), v.liftedness(), renameTy(v.body(), ren), v.anons())));
        s.env().sigs.forEach((k, v) -> out.sigs.put(k, v));
        s.env().terms.forEach((k, v) -> {
          if (v instanceof Global g) {
            Env.Scheme sc = g.scheme();
            out.terms.put(k, new Global(g.target(), new Env.Scheme(sc.tparams(), sc.sizeParams(), renameTy(sc.type(), ren)),
                g.targetArgs(), g.targetSizes(), g.definedAt()));
          } else if (v instanceof Mod mm) {
            out.terms.put(k, renameMod(mm, ren));
          } else {
            out.terms.put(k, v);
          }
        });
        yield new Struct(out);
      }
      case FunSig f -> new FunSig(f.paramName(), new MTy(f.param().abs(), renameMod(f.param().mod(), ren)),
          new MTy(f.result().abs(), renameMod(f.result().mod(), ren)));
      case Functor f -> m;
    };
  }

  private static Ty renameTy(Ty t, Map<VName, VName> ren) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Named n -> new Ty.Named(ren.getOrDefault(n.name(), n.name()),
          n.args().stream().map(a -> a.type() != null ? Ty.Arg.of(renameTy(a.type(), ren)) : a).toList(), n.unique());
      case Ty.Arr a -> new Ty.Arr(renameTy(a.elem(), ren), a.size(), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, renameTy(v, ren)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> m = new java.util.TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> renameTy(x, ren)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.pname(), renameTy(f.param(), ren), f.exts(), renameTy(f.result(), ren));
      case Ty.Prim p -> t;
      case Ty.Var v -> t;
    };
  }
}

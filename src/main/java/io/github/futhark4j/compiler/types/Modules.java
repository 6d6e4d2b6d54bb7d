package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.diag.DiagCode;
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

  /** Where each name of an environment was declared, to report duplicates. */
  private static final class Declared {
    final Map<String, Span> terms = new HashMap<>(), types = new HashMap<>(), sigs = new HashMap<>();
  }

  /** Elaborates declarations into {@code env} (a file's or structure's environment being built). */
  void decls(List<Decl> ds, Env env, Checker.FileCtx file, boolean topOfFile) {
    Declared declared = new Declared();
    for (Decl d : ds) decl(d, env, file, topOfFile, declared, false);
  }

  private void decl(Decl d, Env env, Checker.FileCtx file, boolean topOfFile, Declared declared, boolean local) {
    Ctx ctx = new Ctx(env, null, Map.of(), file);
    switch (d) {
      case ValDecl v -> {
        if (file.prelude() && topOfFile) {
          preludeFunction(v.name(), v.nameSpan(), d.span(), () -> v, ctx, env, declared, local);
          return;
        }
        // A definition checked later (the prelude's) sees the names declared before it, only.
        Ctx dctx = file.prelude() ? ctx.withEnv(env.snapshot()) : ctx;
        define(env, declared.terms, "value", v.name(), v.nameSpan(), d.span());
        env.terms.put(v.name(), defs.valDecl(v, dctx, file.prelude(), file.main(), topOfFile));
        if (local) env.hiddenTerms.add(v.name());
        else env.hiddenTerms.remove(v.name());
        if (topOfFile && !file.prelude()) defs.drain();
      }
      case LazyValDecl lv -> {
        if (file.prelude() && topOfFile) preludeFunction(lv.name(), lv.nameSpan(), d.span(), lv.parse(), ctx, env, declared, local);
        else decl(lv.parse().get(), env, file, topOfFile, declared, local);
      }
      case TypeDecl t -> {
        TypeB tb = typeDecl(t, ctx);
        define(env, declared.types, "type", t.name(), t.nameSpan(), d.span());
        env.types.put(t.name(), tb);
        if (local) env.hiddenTypes.add(t.name());
        else env.hiddenTypes.remove(t.name());
      }
      case Import i -> {
        Env f = checker.importEnv(i.path(), file, i.span());
        if (f != null) env.addAll(f, true);
      }
      case Local l -> decl(l.decl(), env, file, topOfFile, declared, true);
      case Open o -> {
        Mod m = modExp(o.module(), ctx);
        if (m instanceof Struct s) env.addAll(s.env(), local);
        else if (m != null) st.error(DiagCode.E0412, o.span(), "Cannot open a parametric module.");
      }
      case ModDecl m -> {
        Mod mod = modDecl(m, ctx);
        if (mod != null) {
          define(env, declared.terms, "module", m.name(), m.nameSpan(), d.span());
          env.terms.put(m.name(), mod);
          if (local) env.hiddenTerms.add(m.name());
          else env.hiddenTerms.remove(m.name());
        }
        if (topOfFile && !file.prelude()) defs.drain();
      }
      case ModTypeDecl m -> {
        define(env, declared.sigs, "module type", m.name(), m.nameSpan(), d.span());
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
  private void preludeFunction(String name, Span nameSpan, Span span, java.util.function.Supplier<ValDecl> decl, Ctx ctx,
      Env env, Declared declared, boolean local) {
    Ctx dctx = ctx.withEnv(env.snapshot());
    define(env, declared.terms, "value", name, nameSpan, span);
    env.terms.put(name, lazy(() -> preludeChecked(() -> defs.valDecl(decl.get(), dctx, true, false, true))));
    if (local) env.hiddenTerms.add(name);
    else env.hiddenTerms.remove(name);
  }

  private void define(Env env, Map<String, Span> declared, String what, String name, Span at, Span declSpan) {
    Span prev = declared.put(name, at);
    if (prev != null) {
      st.error(DiagCode.E0210, at, "Duplicate definition of " + what + " \"" + name + "\". Previously defined at "
          + prev.shortPos() + ".");
    }
  }

  /** {@code type name params = t}: checks sizes and liftedness. */
  TypeB typeDecl(TypeDecl t, Ctx ctx) {
    TypeConv.Params ps = types.bindTypeParams(t.params(), ctx, true);
    TypeConv.Conv conv = new TypeConv.Conv();
    Ty body = types.convert(t.type(), ps.ctx(), TypeConv.Anon.ABBREV, conv);
    Liftedness declared = t.liftedness();
    int errors = st.errorCount();
    // Every size parameter must be used, in an array dimension.
    Set<VName> used0 = new java.util.HashSet<>();
    Unify.sizeVars(body, used0);
    for (int i = 0; i < t.params().size(); i++) {
      TypeParam tp = t.params().get(i);
      if (tp.isSize() && !used0.contains(ps.params().get(i).name())) {
        st.error(DiagCode.E0226, tp.span(), "Size parameter [" + tp.name() + "] of type \"" + t.name()
            + "\" is unused: all size parameters must be used in the definition.");
      }
    }
    if (st.errorCount() != errors) return new TypeB(ps.params(), declared, body, conv.exts);
    if (conv.functional && declared != Liftedness.LIFTED) {
      st.error(DiagCode.E0230, t.span(), "Non-lifted type abbreviations may not contain functions.\nHint: consider using 'type^'.");
    } else if (conv.anonymous && declared == Liftedness.UNLIFTED) {
      st.error(DiagCode.E0230, t.span(), "Non-lifted type abbreviations may not use anonymous sizes in their definition."
          + "\nHint: use 'type~' or add size parameters to \"" + t.name() + "\".");
    }
    // An anonymous size must be an array dimension outside a function type: one that only a
    // function's parameter has ([]bool -> bool) could never be known.
    for (VName a : conv.exts) {
      if (!constructive(body, a)) {
        st.error(DiagCode.E0229, t.span(), "Type abbreviation \"" + t.name() + "\" has an anonymous size that is not used"
            + " constructively (as an array dimension outside a function type)." + TcState.link("anonymous-nonconstructive"));
        break;
      }
    }
    // Every size parameter must be used, in an array dimension.
    Set<VName> used = new java.util.HashSet<>();
    Unify.sizeVars(body, used);
    for (int i = 0; i < t.params().size(); i++) {
      TypeParam tp = t.params().get(i);
      if (!tp.isSize()) continue;
      VName v = ps.params().get(i).name();
      if (!used.contains(v)) {
        st.error(DiagCode.E0226, tp.span(), "Size parameter [" + tp.name() + "] of type \"" + t.name()
            + "\" is unused: all size parameters must be used in the definition.");
      } else if (!constructive(body, v) && declared != Liftedness.LIFTED) {
        st.error(DiagCode.E0229, tp.span(), "Size parameter [" + tp.name() + "] of type \"" + t.name()
            + "\" is not used constructively (as an array dimension outside a function type).");
      }
    }
    return new TypeB(ps.params(), declared, body, conv.exts);
  }

  /** Whether {@code v} is an array dimension of {@code t} outside any function type. */
  static boolean constructive(Ty t, VName v) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> (SE.norm(a.size()) instanceof SE.V x && x.v().equals(v)) || constructive(a.elem(), v);
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> constructive(x, v));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> constructive(x, v));
      case Ty.Named n -> n.args().stream().anyMatch(a -> a.size() != null && SE.norm(a.size()) instanceof SE.V x && x.v().equals(v)
          || a.type() != null && constructive(a.type(), v));
      default -> false;
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
    int level = st.level, quiet = st.quiet, flexes = st.instFlexes.size(), sums = st.sumVars.size();
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
      st.sumVars.subList(Math.min(sums, st.sumVars.size()), st.sumVars.size()).clear();
      st.errorSpans.clear();
      st.errorSpans.addAll(spans);
    }
  }

  private Mod modDecl(ModDecl m, Ctx ctx) {
    if (m.params().isEmpty()) {
      Mod mod = modExp(m.body(), ctx);
      if (mod != null && m.signature() != null) mod = ascribe(mod, sig(m.signature(), ctx), m.signature().span(), m.name());
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
          st.error(DiagCode.E0412, v.span(), "The 'intrinsics' module may not be used in module expressions.");
          return null;
        }
        Mod m = ctx.module(v.name());
        if (m == null) st.error(DiagCode.E0413, v.span(), "Unknown module \"" + v.name() + "\".");
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
          Match m = match(arg, fs.param(), a.arg().span());
          if (m == null) return null;
          MTy r = refresh(fs.result());
          return substMod(r.mod(), m.types());
        }
        if (!(f instanceof Functor fn)) {
          st.error(DiagCode.E0412, a.span(), "Cannot apply a module that is not parametric.");
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
    if (result != null && resSig != null) result = ascribe(result, sig(resSig, inner), resSig.span(), null);
    // The definitions of this check are not code: applications make their own.
    while (st.out.size() > outBefore) st.out.remove(st.out.size() - 1);
    MTy resultType = new MTy(Map.of(), result == null ? new Struct(new Env(null)) : result);
    return new Functor(param, resSig, body, new Env.Closure(ctx.env(), ctx.file()), paramType, resultType);
  }

  private static Env withModule(Env parent, String name, Mod m) {
    Env e = new Env(parent);
    e.terms.put(name, m);
    return e;
  }

  /** Applies a parametric module to an argument module. */
  Mod apply(Functor f, Mod arg, Span argSpan, Span span) {
    MTy paramType = refresh(f.paramType());
    Match m = match(arg, paramType, argSpan);
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
        if (m == null) {
          st.error(DiagCode.E0413, v.span(), "Unknown module type \"" + v.name() + "\".");
          return new MTy(Map.of(), new Struct(new Env(null)));
        }
        return refresh(m);
      }
      case SSpecs s -> {
        Env env = new Env(ctx.env());
        Map<VName, Liftedness> abs = new LinkedHashMap<>();
        Map<String, Span> declared = new HashMap<>();
        for (Spec sp : s.specs()) spec(sp, env, abs, ctx, declared);
        return new MTy(abs, new Struct(env.exports()));
      }
      case SWith w -> {
        MTy base = sig(w.sig(), ctx);
        return refine(base, w, ctx);
      }
      case SArrow a -> {
        MTy p = sig(a.param(), ctx);
        Ctx inner = a.paramName() == null ? ctx : ctx.withEnv(withModule(ctx.env(), a.paramName(), p.mod()));
        MTy r = sig(a.result(), inner);
        return new MTy(Map.of(), new FunSig(a.paramName(), p, r));
      }
    }
  }

  private void spec(Spec sp, Env env, Map<VName, Liftedness> abs, Ctx outer, Map<String, Span> declared) {
    Ctx ctx = new Ctx(env, null, Map.of(), outer.file());
    switch (sp) {
      case ValSpec v -> {
        int saved = st.level;
        st.level++;
        try {
          TypeConv.Params ps = types.bindTypeParams(v.typeParams(), ctx);
          TypeConv.Conv conv = new TypeConv.Conv();
          Ty t = types.convert(v.type(), ps.ctx(), TypeConv.Anon.EXIST, conv);
          List<VName> sizeParams = new ArrayList<>(ps.params().stream().filter(TParam::isSize).map(TParam::name).toList());
          // Anonymous sizes of parameter types are implicit size parameters.
          List<Ty.Flex> fl = new ArrayList<>();
          Defs.flexes(t, fl);
          for (Ty.Flex f : fl) {
            if (f.ref == null) {
              VName n = st.fresh("n");
              f.ref = SE.var(n);
              sizeParams.add(n);
            }
          }
          Env.Scheme scheme = new Env.Scheme(ps.params().stream().filter(p -> !p.isSize()).toList(), sizeParams, t);
          if (declared.put(v.name(), v.nameSpan()) != null) {
            st.error(DiagCode.E0210, v.nameSpan(), "Duplicate specification of \"" + v.name() + "\".");
          }
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
        else st.error(DiagCode.E0412, i.span(), "Cannot include a parametric module type.");
      }
    }
  }

  /** {@code S with t params = type}. */
  private MTy refine(MTy base, SWith w, Ctx ctx) {
    String[] path = w.typeName().split("\\.");
    Env e = base.mod() instanceof Struct s ? s.env() : null;
    for (int i = 0; i < path.length - 1 && e != null; i++) e = e.terms.get(path[i]) instanceof Struct s ? s.env() : null;
    TypeB tb = e == null ? null : e.types.get(path[path.length - 1]);
    VName abstractName = tb != null && tb.body() instanceof Ty.Named n && base.abs().containsKey(n.name()) ? n.name() : null;
    if (abstractName == null) {
      st.error(DiagCode.E0411, w.span(), "\"" + w.typeName() + "\" is not an abstract type in the module type.");
      return base;
    }
    TypeConv.Params ps = types.bindTypeParams(w.params(), ctx);
    if (ps.params().size() != tb.params().size()) {
      st.error(DiagCode.E0411, w.span(), "Cannot refine a type having " + tb.params().size() + " type parameters with a type having "
          + ps.params().size() + ".");
      return base;
    }
    TypeConv.Conv conv = new TypeConv.Conv();
    Ty t = types.convert(w.type(), ps.ctx(), TypeConv.Anon.ABBREV, conv);
    Map<VName, Liftedness> abs = new LinkedHashMap<>(base.abs());
    abs.remove(abstractName);
    Liftedness l = conv.functional ? Liftedness.LIFTED : conv.anonymous ? Liftedness.SIZE_LIFTED : Liftedness.UNLIFTED;
    if (l.ordinal() > tb.liftedness().ordinal()) {
      st.error(DiagCode.E0411, w.span(), "Cannot refine " + tb.liftedness().mark + "type \"" + w.typeName()
          + "\" with a " + (l == Liftedness.LIFTED ? "lifted" : "size-lifted") + " type.");
    }
    TypeB impl = new TypeB(ps.params(), tb.liftedness(), t, conv.exts);
    return new MTy(abs, substMod(base.mod(), Map.of(abstractName, impl)));
  }

  // ---- matching -----------------------------------------------------------------------------

  /** The result of matching a module with a module type: what each abstract type stands for, and the value instantiations. */
  /**
   * What matching found: the abstract types' definitions, the module's values for the
   * specification's, and the module's parametric modules by their path (an ascribed module's
   * parametric modules stay applicable).
   */
  record Match(Map<VName, TypeB> types, Map<VName, Global> values, Map<String, Functor> functors) {}

  /**
   * Matches module {@code m} against module type {@code sig}; errors are reported at {@code span}
   * and give null.
   */
  /** While matching: the specification's value names and the module's values they stand for. */
  private final Map<VName, SE> valueNames = new HashMap<>();
  /** While matching: the module's parametric modules by path. */
  private Map<String, Functor> functors = new HashMap<>();

  Match match(Mod m, MTy sig, Span span) {
    Map<String, Functor> savedFunctors = functors;
    functors = new HashMap<>();
    try {
      return matchTop(m, sig, span);
    } finally {
      functors = savedFunctors;
    }
  }

  private Match matchTop(Mod m, MTy sig, Span span) {
    Map<VName, TypeB> abs = new HashMap<>();
    Map<VName, Global> vals = new HashMap<>();
    boolean ok = matchMod(m, sig.mod(), sig.abs(), abs, vals, span, "");
    return ok ? new Match(abs, vals, functors) : null;
  }

  private boolean matchMod(Mod m, Mod s, Map<VName, Liftedness> absNames, Map<VName, TypeB> abs, Map<VName, Global> vals,
                           Span span, String prefix) {
    if (s instanceof FunSig fs) {
      if (!(m instanceof Functor f)) {
        st.error(DiagCode.E0410, span, "Cannot match non-parametric module with parametric module type.");
        return false;
      }
      // The argument the signature allows must be acceptable to the module (contravariance: the
      // signature's parameter, seen as a module, matches the module's parameter type), and the
      // module's result, with its parameter's abstract types as the signature's, must match.
      Match pm = match(fs.param().mod(), f.paramType(), span);
      if (pm == null) return false;
      Match rm = match(substMod(f.resultType().mod(), pm.types()), fs.result(), span);
      return rm != null;
    }
    if (m instanceof Functor) {
      st.error(DiagCode.E0410, span, "Cannot match parametric module with non-parametric module type.");
      return false;
    }
    if (!(m instanceof Struct ms) || !(s instanceof Struct ss)) return false;
    Env me = ms.env(), se = ss.env();
    boolean ok = true;
    // Types first: abstract ones are bound to the module's, the others must agree.
    for (var e : se.types.entrySet()) {
      String name = e.getKey();
      TypeB spec = e.getValue();
      TypeB impl = me.types.get(name);
      if (impl == null) {
        st.error(DiagCode.E0410, span, "Module does not define a type named " + prefix + name + ".");
        ok = false;
        continue;
      }
      if (isAbstractSpec(name, spec, absNames)) {
        Ty.Named n = (Ty.Named) spec.body();
        Liftedness want = absNames.get(n.name());
        if (impl.params().size() != spec.params().size() || !kindsMatch(impl.params(), spec.params())) {
          boolean lifting = impl.params().size() == spec.params().size() && kindsMatch(impl.params(), spec.params(), true);
          st.error(DiagCode.E0410, span, "Module defines\n  " + showTypeB(prefix + name, impl) + "\nbut module type requires\n  "
              + showTypeB(prefix + name, spec) + (lifting ? "\n(its type parameters are non-lifted)" : ""));
          ok = false;
          continue;
        }
        // An abstract type's size parameters must be array dimensions of what it stands for.
        for (TParam p : impl.params()) {
          if (p.isSize() && impl.body() != null && !constructive(impl.body(), p.name())) {
            st.error(DiagCode.E0229, span, "Size parameter [" + p.name().base() + "] of abstract type \"" + prefix + name
                + "\" is not used constructively (as an array dimension outside a function type) in its definition.");
            ok = false;
          }
        }
        if (impl.liftedness().ordinal() > want.ordinal() || liftednessOf(impl).ordinal() > want.ordinal()) {
          String what = want == Liftedness.UNLIFTED ? "a non-lifted type" : want == Liftedness.SIZE_LIFTED ? "a size-lifted type" : "a lifted type";
          st.error(DiagCode.E0410, span, "Module defines\n  " + showTypeB(prefix + name, impl) + "\nbut module type requires " + what + ".");
          ok = false;
          continue;
        }
        abs.put(n.name(), impl);
      }
    }
    if (!ok) return false;
    for (var e : se.types.entrySet()) {
      TypeB spec = e.getValue();
      TypeB impl = me.types.get(e.getKey());
      if (isAbstractSpec(e.getKey(), spec, absNames)) continue;
      if (!sameType(impl, spec, abs)) {
        st.error(DiagCode.E0410, span, "Module defines\n  " + showTypeB(prefix + e.getKey(), impl) + "\nbut module type requires\n  "
            + showTypeB(prefix + e.getKey(), substTypeB(spec, abs)));
        ok = false;
      }
    }
    // A specification's types may use the specification's values as sizes (val n: i64 val f: [n]t):
    // those stand for the module's values of the same names.
    for (var e : se.terms.entrySet()) {
      if (e.getValue() instanceof Global sv && me.terms.get(e.getKey()) instanceof Global iv && !sv.target().equals(iv.target())) {
        valueNames.put(sv.target(), SE.var(iv.target()));
      }
    }
    for (var e : se.terms.entrySet()) {
      String name = e.getKey();
      Object spec = e.getValue();
      Object impl = me.terms.get(name);
      if (spec instanceof Global sv) {
        if (!(impl instanceof Global iv)) {
          st.error(DiagCode.E0410, span, "Module does not define a value named " + prefix + name + ".");
          ok = false;
          continue;
        }
        Global view = matchVal(iv, sv, abs, span, prefix + name);
        if (view == null) ok = false;
        else vals.put(sv.target(), view);
      } else if (spec instanceof Mod sm) {
        if (!(impl instanceof Mod im)) {
          st.error(DiagCode.E0410, span, "Module does not define a module named " + prefix + name + ".");
          ok = false;
          continue;
        }
        if (im instanceof Functor fi && sm instanceof FunSig) functors.put(prefix + name, fi);
        ok &= matchMod(im, sm, absNames, abs, vals, span, prefix + name + ".");
      }
    }
    return ok;
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

  private static boolean kindsMatch(List<TParam> a, List<TParam> b) {
    return kindsMatch(a, b, false);
  }

  /** Whether the parameters are of the same kinds (sizes, types); liftedness too unless {@code ignoreLiftedness}. */
  private static boolean kindsMatch(List<TParam> a, List<TParam> b, boolean ignoreLiftedness) {
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i).isSize() != b.get(i).isSize()) return false;
      if (!ignoreLiftedness && !a.get(i).isSize() && a.get(i).liftedness().ordinal() > b.get(i).liftedness().ordinal()) return false;
    }
    return true;
  }

  /** How lifted a type really is: functions make it lifted, unknown sizes size-lifted. */
  private Liftedness liftednessOf(TypeB tb) {
    if (Unify.containsFun(tb.body())) return Liftedness.LIFTED;
    if (!tb.anons().isEmpty()) return Liftedness.SIZE_LIFTED;
    return Liftedness.UNLIFTED;
  }

  /** Whether two type definitions (with parameters) are the same type, after substituting abstract types. */
  private boolean sameType(TypeB impl, TypeB spec, Map<VName, TypeB> abs) {
    if (impl.params().size() != spec.params().size()) return false;
    Map<VName, Ty> ts = new HashMap<>();
    Map<VName, SE> ss = new HashMap<>();
    for (int i = 0; i < impl.params().size(); i++) {
      TParam a = impl.params().get(i), b = spec.params().get(i);
      if (a.isSize() != b.isSize()) return false;
      if (a.isSize()) ss.put(a.name(), SE.var(b.name()));
      else ts.put(a.name(), new Ty.Named(b.name(), List.of(), false));
    }
    Ty x = Unify.subst(impl.body(), ts, ss);
    Ty y = Unify.subst(substAbs(spec.body(), abs), Map.of(), valueNames);
    try {
      u.unify(x, y);
      return true;
    } catch (Unify.Failure f) {
      return false;
    }
  }

  /**
   * Matches a value with its specification: the specified type must be an instance of the value's
   * type. Returns the value as the specification sees it.
   */
  private Global matchVal(Global impl, Global spec, Map<VName, TypeB> abs, Span span, String name) {
    int saved = st.level;
    st.level += 1000;
    try {
      Terms.Inst in = instantiateScheme(impl.scheme(), impl.targetArgs(), impl.targetSizes());
      Ty want = Unify.subst(substAbs(spec.scheme().type(), abs), Map.of(), valueNames);
      try {
        u.unify(want, in.ty());
        if (!uniquenessOk(want, in.ty())) throw new Unify.Failure(DiagCode.E0410, null);
      } catch (Unify.Failure f) {
        String[] shown = Unify.showAll(want, in.ty());
        st.error(DiagCode.E0410, span, "Module type specifies\n  val " + name + " : " + shown[0] + "\nbut module provides\n  val "
            + name + " : " + Unify.show(impl.scheme().type()) + (f.detail != null ? "\n\n" + f.detail : ""));
        return null;
      }
      Env.Scheme viewScheme = new Env.Scheme(spec.scheme().tparams(), spec.scheme().sizeParams(), want);
      return new Global(impl.target(), viewScheme, in.typeArgs(), in.sizeArgs(), impl.definedAt());
    } finally {
      st.level = saved;
    }
  }

  /** A unique (consumed) parameter in the module where the specification observes is an error; results the other way. */
  /** Whether function type {@code impl} consumes an argument that function type {@code spec} only observes. */
  static boolean consumesMore(Ty impl, Ty spec) {
    spec = Unify.resolve(spec);
    impl = Unify.resolve(impl);
    if (spec instanceof Ty.Fun sf && impl instanceof Ty.Fun f) {
      return consumes(f.param()) && !consumes(sf.param()) || consumesMore(f.result(), sf.result());
    }
    return false;
  }

  static boolean uniquenessOk(Ty spec, Ty impl) {
    spec = Unify.resolve(spec);
    impl = Unify.resolve(impl);
    if (spec instanceof Ty.Fun sf && impl instanceof Ty.Fun f) {
      if (consumes(f.param()) && !consumes(sf.param())) return false;
      return uniquenessOk(sf.result(), f.result());
    }
    if (spec instanceof Ty.Arr sa && impl instanceof Ty.Arr a) return !sa.unique() || a.unique();
    return true;
  }

  private static boolean consumes(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> a.unique();
      case Ty.Named n -> n.unique();
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Modules::consumes);
      default -> false;
    };
  }

  private Terms.Inst instantiateScheme(Env.Scheme s, Map<VName, Ty> targetArgs, Map<VName, SE> targetSizes) {
    Map<VName, Ty> tsub = new HashMap<>();
    for (TParam p : s.tparams()) {
      Ty.Var v = new Ty.Var(st.level);
      v.lifted = p.liftedness();
      tsub.put(p.name(), v);
    }
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
        st.paramLiftedness.put(n, st.paramLiftedness.getOrDefault(abs, Liftedness.UNLIFTED));
        // What the new abstract type stands for: the module's type, seen through earlier ascriptions.
        st.abstractImpl.put(n, impl);
        List<Ty.Arg> args = new ArrayList<>();
        for (TParam p : impl.params()) {
          args.add(p.isSize() ? Ty.Arg.of(SE.var(p.name())) : Ty.Arg.of(new Ty.Named(p.name(), List.of(), false)));
        }
        sub.put(abs, new TypeB(impl.params(), impl.liftedness(), new Ty.Named(n, args, false)));
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
        out.terms.put(e.getKey(), new Global(impl.target(), renamed, impl.targetArgs(), impl.targetSizes(), impl.definedAt()));
      } else if (o instanceof FunSig && mt.functors().containsKey(prefix + e.getKey())) {
        out.terms.put(e.getKey(), mt.functors().get(prefix + e.getKey()));
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

  private Ty substAbs(Ty t, Map<VName, TypeB> abs) {
    if (abs.isEmpty()) return t;
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Named n -> {
        TypeB impl = abs.get(n.name());
        List<Ty.Arg> args = n.args().stream().map(a -> a.type() != null ? Ty.Arg.of(substAbs(a.type(), abs)) : a).toList();
        if (impl == null) yield new Ty.Named(n.name(), args, n.unique());
        Map<VName, Ty> ts = new HashMap<>();
        Map<VName, SE> ss = new HashMap<>();
        for (int i = 0; i < impl.params().size() && i < args.size(); i++) {
          TParam p = impl.params().get(i);
          if (p.isSize()) ss.put(p.name(), args.get(i).size());
          else ts.put(p.name(), args.get(i).type());
        }
        for (VName a : impl.anons()) ss.put(a, new SE.F(new Ty.Flex(st.level, null)));
        Ty r = Unify.subst(impl.body(), ts, ss);
        yield n.unique() ? Unify.unique(r, true) : r;
      }
      case Ty.Arr a -> new Ty.Arr(substAbs(a.elem(), abs), a.size(), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, substAbs(v, abs)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> m = new java.util.TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> substAbs(x, abs)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.pname(), substAbs(f.param(), abs), f.exts(), substAbs(f.result(), abs));
      default -> t;
    };
  }

  private TypeB substTypeB(TypeB tb, Map<VName, TypeB> abs) {
    return new TypeB(tb.params(), tb.liftedness(), substAbs(tb.body(), abs), tb.anons());
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
            out.terms.put(k, new Global(g.target(), new Env.Scheme(sc.tparams(), sc.sizeParams(), substAbs(sc.type(), abs)),
                g.targetArgs(), g.targetSizes(), g.definedAt()));
          } else if (v instanceof Mod mm) {
            out.terms.put(k, substMod(mm, abs));
          } else {
            out.terms.put(k, v);
          }
        });
        yield new Struct(out);
      }
      case FunSig f -> new FunSig(f.paramName(), substMTy(f.param(), abs), substMTy(f.result(), abs));
      default -> m;
    };
  }

  private MTy substMTy(MTy m, Map<VName, TypeB> abs) {
    return new MTy(m.abs(), substMod(m.mod(), abs));
  }

  /** A copy of a module type with new names for its abstract types (each use of a module type is new). */
  MTy refresh(MTy m) {
    if (m.abs().isEmpty()) return m;
    Map<VName, TypeB> ren = new HashMap<>();
    Map<VName, Liftedness> abs = new LinkedHashMap<>();
    for (var e : m.abs().entrySet()) {
      VName n = st.fresh(e.getKey().base());
      st.paramLiftedness.put(n, e.getValue());
      abs.put(n, e.getValue());
      ren.put(e.getKey(), new TypeB(List.of(), e.getValue(), null));
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
      default -> m;
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
      default -> t;
    };
  }

  private static String showTypeB(String name, TypeB tb) {
    StringBuilder sb = new StringBuilder("type" + tb.liftedness().mark + " " + name);
    for (TParam p : tb.params()) sb.append(p.isSize() ? " [" + p.name().base() + "]" : " '" + p.liftedness().mark + p.name().base());
    if (tb.body() != null) sb.append(" = ").append(Unify.show(tb.body()));
    return sb.toString();
  }
}

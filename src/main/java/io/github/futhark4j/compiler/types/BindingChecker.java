package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Lexer;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The binding forms of expressions: {@code let} (with patterns, size binders and in-place updates),
 * local functions, lambdas, loops and {@code match}, plus the checking of function definitions
 * shared with top-level declarations. Scoping, consumption and sizes leaving scope are handled here.
 */
abstract class BindingChecker extends CheckerBase {
  BindingChecker(List<Diagnostic> diags) {
    super(diags);
  }

  /** Checks an expression (see {@link ExpChecker}). */
  abstract Res check(Exp e);

  // ---- binding forms --------------------------------------------------------------------------

  Res checkLetPat(LetPat l) {
    Scope saved = scope;
    List<VName> sizeVars = new ArrayList<>();
    for (String s : l.sizes()) {
      VName v = fresh(s);
      sizeVars.add(v);
      consumable.put(v, false);
      bind(s, new LocalB(v, Ty.I64, Set.of()));
    }
    Scope afterSizes = scope;
    scope = saved;
    Res v = check(l.value());
    scope = afterSizes;
    boolean savedLenient = lenientPattern;
    lenientPattern = !sizeVars.isEmpty();
    PatRes p;
    try {
      p = checkPattern(l.pattern(), v.ty(), PatMode.LET, aliasesOf(l.value()));
    } finally {
      lenientPattern = savedLenient;
    }
    bindAll(p);
    Res body = check(l.body());
    scope = saved;
    Set<VName> gone = boundNames(p);
    gone.addAll(sizeVars);
    checkUnknowable(l.body().span(), body.ty(), gone);
    return new Res(scrubTy(body.ty(), gone), () -> {
      TPat tp = p.build().get();
      TExp tv = v.build().get();
      TExp tb = body.build().get();
      TExp inner = tb;
      // let [n] (xs: [n]t) = e in b  becomes  let xs = e in let n = length xs in b : the checked
      // tree has no size binders in let, so sizes are bound as ordinary i64 variables.
      Set<VName> sizeSet = new HashSet<>(sizeVars);
      for (int i = sizeVars.size() - 1; i >= 0; i--) {
        VName n = sizeVars.get(i);
        TPat.Id holder = outerDimHolder(tp, n);
        TExp len;
        if (holder != null) {
          Type arrT = scrub(holder.type(), sizeSet);
          len = new TExp.Apply(new TExp.Intrinsic("length", new Type.Arrow(null, arrT, Type.I64), l.span()),
              List.of(new TExp.Var(holder.name(), arrT, Map.of(), l.span())), Type.I64, l.span());
        } else if (!SizeChecks.patternMentions(tp, n)) {
          error(io.github.futhark4j.compiler.diag.SizeDiagnostics.unusedSize(l.span(), n.base()));
          len = new TExp.Literal(io.github.futhark4j.compiler.typed.PrimValue.ofInt(PrimType.I64, 0), Type.I64, l.span());
        } else {
          error(Diagnostics.badSize(l.span(), n.base(), "is not the outer size of an array bound by the pattern"));
          len = new TExp.Literal(io.github.futhark4j.compiler.typed.PrimValue.ofInt(PrimType.I64, 0), Type.I64, l.span());
        }
        inner = new TExp.Let(new TPat.Id(n, Type.I64, l.span()), len, inner, scrub(inner.type(), gone), l.span());
      }
      return new TExp.Let(sizeVars.isEmpty() ? tp : scrubPat(tp, sizeSet), tv, inner, scrub(tb.type(), gone), l.span());
    });
  }

  /** A variable of the pattern whose outermost dimension is the size {@code n}. */
  private static TPat.Id outerDimHolder(TPat p, VName n) {
    return switch (p) {
      case TPat.Id id when id.type() instanceof Type.Array a && a.shape().get(0).equals(new Size.Var(n)) -> id;
      case TPat.Record r -> r.fields().values().stream().map(x -> outerDimHolder(x, n)).filter(x -> x != null).findFirst().orElse(null);
      default -> null;
    };
  }

  /** A pattern whose types do not mention the sizes it binds (they are bound after it). */
  private static TPat scrubPat(TPat p, Set<VName> gone) {
    return switch (p) {
      case TPat.Id id -> new TPat.Id(id.name(), scrub(id.type(), gone), id.span());
      case TPat.Wildcard w -> new TPat.Wildcard(scrub(w.type(), gone), w.span());
      case TPat.Record r -> {
        Map<String, TPat> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, scrubPat(v, gone)));
        yield new TPat.Record(m, scrub(r.type(), gone), r.span());
      }
      default -> p;
    };
  }

  /** A function's parameters, return type and body (shared by top-level and local definitions). */
  record FunRes(List<PatRes> params, Ty type, Ty ret, Res body, List<VName> sizeParams, Set<VName> bound,
                List<String> typeParams) {}

  FunRes checkFunction(List<TypeParam> tparams, List<Pat> params, TypeExp retType, Exp body, boolean topLevel) {
    return checkFunction(tparams, params, retType, body, topLevel, topLevel, false);
  }

  /**
   * {@code named} is true for top-level and local function definitions, false for lambdas: the
   * anonymous sizes of a named function's parameters are rigid in its body and instantiated at
   * each use, and those of its return type are existential. {@code lambda} marks a lambda's
   * parameters (see {@link #lambdaParams}).
   */
  FunRes checkFunction(List<TypeParam> tparams, List<Pat> params, TypeExp retType, Exp body, boolean topLevel,
                       boolean named, boolean lambda) {
    Scope saved = scope;
    AnonDims savedAnon = paramAnon;
    Set<Ty.Sz.Rigid> savedOwn = ownSizes;
    Set<Ty.Sz.Rigid> own = new HashSet<>();
    Map<String, Ty> savedT = typeParamScope;
    typeParamScope = new HashMap<>(typeParamScope);
    if (!topLevel) level++;
    List<VName> sizeParams = new ArrayList<>();
    List<String> localTypeParams = new ArrayList<>();
    for (TypeParam tp : tparams) {
      if (tp.isSize()) {
        VName v = fresh(tp.name());
        sizeParams.add(v);
        consumable.put(v, false);
        bind(tp.name(), new LocalB(v, Ty.I64, Set.of()));
      } else {
        String name = topLevel ? tp.name() : LocalPoly.paramName(tp.name(), savedT, ++localParamTag);
        if (!topLevel) localTypeParams.add(name);
        typeParamScope.put(tp.name(), new Ty.Param(name));
      }
    }
    List<PatRes> ps = new ArrayList<>();
    List<Ty> paramTys = new ArrayList<>();
    Set<VName> bound = new HashSet<>(sizeParams);
    // A name may be bound once across all parameters, as within one pattern (checkPattern).
    Set<String> paramNames = new HashSet<>();
    for (Pat p : params) {
      Ty t = new Ty.Var();
      paramTys.add(t);
      paramAnon = named ? AnonDims.RIGID : AnonDims.UNKNOWN;
      ownSizes = own;
      PatRes pr = checkPattern(p, t, PatMode.PARAM, Set.of());
      paramAnon = savedAnon;
      ownSizes = savedOwn;
      Set<String> here = new LinkedHashSet<>(); // a duplicate inside p is already reported
      for (var e : pr.binds()) here.add(e.getKey());
      for (String n : here) if (!paramNames.add(n)) error(Diagnostics.duplicate(p.span(), "parameter", n));
      bindAll(pr);
      bound.addAll(boundNames(pr));
      if (lambda) lambdaParams.addAll(boundNames(pr));
      ps.add(pr);
    }
    Ty ret = retType == null ? new Ty.Var() : convertType(retType, named ? AnonDims.EXIST : AnonDims.UNKNOWN);
    if (named) checkUnusedSizes(tparams, sizeParams, paramTys, params);
    Map<VName, Span> savedConsumed = consumed;
    consumed = new HashMap<>(consumed);
    if (retType instanceof TTuple) {
      for (Exp tail : UniquenessChecks.tails(body, new HashSet<>())) if (tail instanceof TupleLit tl) resultTuples.put(tl, List.of());
    }
    Res b = check(body);
    consumed = savedConsumed;
    unifyOrReport(body.span(), ret, b.ty(), "Function body does not have the declared return type");
    checkResultAliases(retType, body, topLevel && !params.isEmpty());
    if (retType instanceof TUnique) {
      // A unique result must not share memory with anything the caller still owns.
      for (VName r : aliasesOf(body)) {
        if (!consumable.getOrDefault(r, false)) {
          error(Diagnostics.uniqueResultAliased(body.span(), r.base()));
          break;
        }
      }
    }
    Ty fnTy = ret;
    for (int i = ps.size() - 1; i >= 0; i--) {
      PatRes pr = ps.get(i);
      VName name = pr.binds().size() == 1 && pr.binds().get(0).getValue() instanceof LocalB lb ? lb.v() : null;
      fnTy = new Ty.Fun(name, paramTys.get(i), fnTy);
    }
    scope = saved;
    typeParamScope = savedT;
    if (!topLevel) level--;
    if (named) {
      // A local function's flexible sizes shared with variables in scope are not its own.
      Set<Ty.Sz.Flex> outer = new HashSet<>();
      if (!topLevel) {
        for (Scope sc = saved; sc != null; sc = sc.next()) {
          if (sc.b() instanceof LocalB lb) outer.addAll(SizeChecks.unresolved(lb.ty()));
          else if (sc.b() instanceof FunB fb) outer.addAll(SizeChecks.unresolved(fb.ty()));
        }
      }
      SizeChecks.generalize(fnTy, own, outer);
      functionSizes.put(fnTy, own);
    }
    return new FunRes(ps, fnTy, ret, b, sizeParams, bound, localTypeParams);
  }

  /** Generalised type parameters of local functions whose instances must support {@code ==}. */
  protected final Set<String> equalityParams = new HashSet<>();

  /** Distinguishes the type parameters of local functions (see {@link LocalPoly#paramName}). */
  private int localParamTag;

  /**
   * Tuples returned by the functions being checked, to the aliases of each component, recorded
   * when the tuple is checked (keys by identity: the same text may occur twice).
   */
  protected final Map<Exp, List<Set<VName>>> resultTuples = new java.util.IdentityHashMap<>();

  /** The name of the function being checked, for messages ("the return value of f"). */
  protected String functionName = "the function";

  /**
   * Uniqueness of a function's result, checked with its parameters in scope: unique components of
   * a tuple result must not alias the other components, and (for top-level functions) the result
   * may not alias a top-level definition.
   */
  private void checkResultAliases(TypeExp retType, Exp body, boolean topLevel) {
    Set<String> bound = new HashSet<>();
    List<Exp> tails = UniquenessChecks.tails(body, bound);
    if (retType instanceof TTuple tt) {
      for (Exp tail : tails) {
        if (!(tail instanceof TupleLit tl) || tl.elements().size() != tt.elements().size()) continue;
        List<Set<VName>> as = resultTuples.remove(tl);
        if (as == null || as.size() != tl.elements().size()) continue;
        boolean clash = false;
        for (int i = 0; i < as.size() && !clash; i++) {
          if (!(tt.elements().get(i) instanceof TUnique)) continue;
          for (int j = 0; j < as.size() && !clash; j++) {
            if (i != j && as.get(i).stream().anyMatch(as.get(j)::contains)) clash = true;
          }
        }
        if (clash) {
          error(Diagnostics.uniqueComponentsAliased(tail.span(), functionName));
          break;
        }
      }
    }
    if (topLevel) {
      Set<String> globals = UniquenessChecks.globalAliases(body, new HashSet<>(),
          n -> lookup(n) instanceof TopB t && t.arity() == 0 && t.typeParams().isEmpty() && hasArray(t.ty()));
      if (!globals.isEmpty()) error(Diagnostics.resultAliasesFree(body.span(), globals.iterator().next()));
    }
  }

  Res checkLetFun(LetFun l) {
    String savedName = functionName;
    functionName = l.name();
    FunRes f = checkFunction(l.typeParams(), l.params(), l.returnType(), l.value(), false, true, false);
    functionName = savedName;
    // Local functions are polymorphic: explicit type parameters, plus what inference left open.
    List<String> typeParams = new ArrayList<>(f.typeParams());
    List<String> generalised = LocalPoly.generalise(f.type(), scope, typeParamScope, ++localParamTag, equalityParams);
    typeParams.addAll(generalised);
    VName v = fresh(l.name());
    Set<String> lifted = new HashSet<>(generalised);
    List<TypeParam> explicit = l.typeParams().stream().filter(tp -> !tp.isSize()).toList();
    for (int i = 0; i < explicit.size(); i++) if (explicit.get(i).lifted()) lifted.add(f.typeParams().get(i));
    liftedParams.put(v, lifted);
    Scope saved = scope;
    bind(l.name(), new FunB(v, List.copyOf(typeParams), f.type(), f.sizeParams(), l.params().size(),
        l.returnType() instanceof TUnique));
    Res body = check(l.body());
    scope = saved;
    return new Res(scrubTy(body.ty(), f.bound()), () -> {
      io.github.futhark4j.compiler.typed.FunDef fd = buildFunDef(List.copyOf(typeParams), f);
      defArity.put(v, fd.params().size());
      TExp tb = body.build().get();
      return new TExp.LetFun(v, fd, tb, tb.type(), l.span());
    });
  }

  io.github.futhark4j.compiler.typed.FunDef buildFunDef(List<String> typeParams, FunRes f) {
    List<TPat> params = f.params().stream().map(p -> p.build().get()).toList();
    TExp body = f.body().build().get();
    Type ret = Unifier.zonk(f.ret());
    return new io.github.futhark4j.compiler.typed.FunDef(typeParams, f.sizeParams(), params, ret, body);
  }

  /**
   * Parameters of lambdas. Their types often come from the application the lambda is an argument
   * of (map's array), which is unified only after the lambda is checked, so the check that a
   * record's type is known where it is updated ({@code r with x = e}) does not apply to them.
   */
  protected final Set<VName> lambdaParams = new HashSet<>();

  Res checkLambda(Lambda l) {
    FunRes f = checkFunction(List.of(), l.params(), l.returnType(), l.body(), false, false, true);
    return new Res(f.type(), () -> {
      List<TPat> params = f.params().stream().map(p -> p.build().get()).toList();
      return new TExp.Lambda(params, f.body().build().get(), Unifier.zonk(f.type()), l.span());
    });
  }

  Res checkLoop(Loop l) {
    Exp initExp = l.init() != null ? l.init() : patternAsExp(l.param());
    Res init = check(initExp);
    Ty paramTy = eraseSizes(init.ty(), false);
    Scope saved = scope;
    level++;
    PatRes p = checkPattern(l.param(), paramTy, PatMode.LOOP, Set.of());
    Supplier<TExp.LoopForm> form;
    Set<VName> gone = new HashSet<>(boundNames(p));
    switch (l.form()) {
      case For f -> {
        Res bound = check(f.bound());
        Ty it = new Ty.Var(Ty.INTS, "A 'for' loop bound");
        unifyOrReport(f.bound().span(), it, bound.ty(), "Loop bound must be an integer");
        bindAll(p);
        VName iv = fresh(f.index());
        consumable.put(iv, false);
        bind(f.index(), new LocalB(iv, it, Set.of()));
        gone.add(iv);
        form = () -> new TExp.LoopForm.For(iv, bound.build().get());
      }
      case ForIn f -> {
        Res arr = check(f.array());
        Ty elem = new Ty.Var();
        unifyOrReport(f.array().span(), new Ty.Arr(elem, new Sz.Flex(), false), arr.ty(), "'for ... in' needs an array");
        bindAll(p);
        PatRes ep = checkPattern(f.element(), elem, PatMode.LET, aliasesOf(f.array()));
        bindAll(ep);
        gone.addAll(boundNames(ep));
        form = () -> new TExp.LoopForm.ForIn(ep.build().get(), arr.build().get());
      }
      case While w -> {
        bindAll(p);
        Res c = check(w.cond());
        unifyOrReport(w.cond().span(), Ty.BOOL, c.ty(), "Loop condition must be bool");
        form = () -> new TExp.LoopForm.While(c.build().get());
      }
    }
    Res body = check(l.body());
    level--;
    unifyOrReport(l.body().span(), paramTy, body.ty(), "Loop body does not have the type of the loop parameter");
    scope = saved;
    consumeLoopInit(l.param(), initExp, p);
    return new Res(paramTy, () -> {
      TPat tp = p.build().get();
      TExp ti = init.build().get();
      TExp.LoopForm tf = form.get();
      TExp tb = body.build().get();
      FunctionalChecks.branch(tp.type(), l.span(), this::error);
      return new TExp.Loop(tp, ti, tf, tb, scrub(tp.type(), gone), l.span());
    });
  }

  /** A loop parameter consumed in the body consumes the variable passed as its initial value. */
  private void consumeLoopInit(Pat param, Exp init, PatRes p) {
    while (param instanceof PAscribe a) param = a.pattern();
    if (param instanceof PId id && init instanceof Var v && v.qualifiers().isEmpty()) {
      for (var e : p.binds()) {
        if (e.getKey().equals(id.name()) && e.getValue() instanceof LocalB lb && consumed.containsKey(lb.v())) {
          consume(init, init.span());
        }
      }
    } else if (param instanceof PTuple pt && init instanceof TupleLit tl && pt.elements().size() == tl.elements().size()) {
      for (int i = 0; i < pt.elements().size(); i++) consumeLoopInit(pt.elements().get(i), tl.elements().get(i), p);
    }
  }

  private Exp patternAsExp(Pat p) {
    return switch (p) {
      case PId id -> new Var(List.of(), id.name(), id.span());
      case PTuple t -> new TupleLit(t.elements().stream().map(this::patternAsExp).toList(), t.span());
      case PAscribe a -> patternAsExp(a.pattern());
      case PRecord r -> new RecordLit(r.fields().stream().map(f -> new Field(f.name(), patternAsExp(f.pattern()), f.span())).toList(), r.span());
      default -> {
        error(Diagnostics.badPattern(p.span(), "A loop without an initial value needs a pattern of names."));
        yield new TupleLit(List.of(), p.span());
      }
    };
  }

  Res checkMatch(Match m) {
    Res s = check(m.scrutinee());
    Ty result = new Ty.Var();
    Map<VName, Span> before = new HashMap<>(consumed);
    Map<VName, Span> all = new HashMap<>(consumed);
    List<Supplier<TExp.Case>> cases = new ArrayList<>();
    for (Case c : m.cases()) {
      consumed = new HashMap<>(before);
      Scope saved = scope;
      PatRes p = checkPattern(c.pattern(), s.ty(), PatMode.MATCH, aliasesOf(m.scrutinee()));
      bindAll(p);
      Res b = check(c.body());
      unifyBranches(c.body().span(), result, scrubTy(b.ty(), boundNames(p)), "Cases of 'match' have different types");
      scope = saved;
      all.putAll(consumed);
      Set<VName> gone = boundNames(p);
      cases.add(() -> {
        TPat tp = p.build().get();
        TExp tb = b.build().get();
        return new TExp.Case(tp, tb);
      });
    }
    consumed = all;
    return new Res(result, () -> {
      TExp ts = s.build().get();
      List<TExp.Case> cs = cases.stream().map(Supplier::get).toList();
      List<List<TPat>> rows = cs.stream().map(c -> List.of(c.pattern())).toList();
      String missing = Exhaustiveness.missing(rows, List.of(ts.type()));
      if (missing != null) error(Diagnostics.unmatchedCases(m.span(), missing));
      Type t = cs.get(0).body().type();
      for (TExp.Case c : cs) t = join(t, c.body().type());
      FunctionalChecks.branch(t, m.span(), this::error);
      return new TExp.Match(ts, cs, t, m.span());
    });
  }

  // ---- size checks (Language Reference, "Size types") -----------------------------------------

  /** Every size parameter of a named function must be used in the type of one of its parameters. */
  private void checkUnusedSizes(List<TypeParam> tparams, List<VName> sizeParams, List<Ty> paramTys, List<Pat> params) {
    Set<VName> used = new HashSet<>();
    for (Ty t : paramTys) used.addAll(SizeChecks.allNames(t));
    int i = 0;
    for (TypeParam tp : tparams) {
      if (!tp.isSize()) continue;
      VName v = sizeParams.get(i++);
      if (!used.contains(v)) error(io.github.futhark4j.compiler.diag.SizeDiagnostics.unusedSize(tp.span(), tp.name()));
    }
  }

  /**
   * A function value leaving the scope of a size its parameter type uses could never be applied:
   * "Unknowable size k in parameter of f".
   */
  void checkUnknowable(Span span, Ty t, Set<VName> gone) {
    if (gone.isEmpty() || !(Unifier.resolve(t) instanceof Ty.Fun)) return;
    for (VName n : SizeChecks.namesInFunctionParams(t)) {
      if (gone.contains(n)) {
        error(io.github.futhark4j.compiler.diag.SizeDiagnostics.unknowableSize(span, n.base(), currentDefName));
        return;
      }
    }
  }
}

package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * State and the non-expression parts of the type checker: scopes and bindings, conversion of type
 * expressions, patterns, consumption tracking, and the helpers that build the checked tree once
 * types are known (see {@link Checker} for the two-phase scheme).
 */
abstract class CheckerBase {
  /** What a name in scope stands for. */
  sealed interface Binding {}

  /** A local value: parameter, let-bound or loop variable, or size parameter. */
  record LocalB(VName v, Ty ty, Set<VName> aliases) implements Binding {}

  /**
   * A local function bound by {@code let f x = ...}; {@code typeParams} name the {@link Ty.Param}s
   * of {@code ty} instantiated at each use (explicit and generalised ones, see {@link LocalPoly}).
   */
  record FunB(VName v, List<String> typeParams, Ty ty, List<VName> sizeParams, int arity, boolean uniqueResult) implements Binding {}

  /** A top-level definition, possibly polymorphic. */
  record TopB(VName v, List<String> typeParams, List<VName> sizeParams, Ty ty, int arity, boolean uniqueResult) implements Binding {}

  /** A type abbreviation. */
  record Abbrev(String name, List<TypeParam> params, TypeExp body) {}

  /** Persistent linked scope of local bindings. */
  record Scope(String name, Binding b, Scope next) {
    Binding lookup(String n) {
      for (Scope s = this; s != null; s = s.next) if (s.name.equals(n)) return s.b;
      return null;
    }
  }

  /** An expression's inferred type and how to build its checked form once types are resolved. */
  record Res(Ty ty, Supplier<TExp> build) {}

  /** A pattern's bindings and how to build its checked form. */
  record PatRes(List<Map.Entry<String, Binding>> binds, Supplier<TPat> build) {}

  protected final List<Diagnostic> diags;
  protected Scope scope;
  protected final Map<String, TopB> globals = new HashMap<>();
  protected final Map<String, Abbrev> abbrevs = new HashMap<>();
  protected final Set<String> modules = new HashSet<>();
  protected String modulePrefix = "";
  /** {@code module a = b} and the parameters of a module being applied: a name to the module's prefix. */
  protected final Map<String, String> moduleAliases = new HashMap<>();
  /** An {@code open m}: the module prefix it was declared in, and the opened module. */
  protected record Opened(String scopePrefix, String module) {}
  protected final List<Opened> opened = new ArrayList<>();
  private int tagCounter;
  protected final Map<VName, Boolean> consumable = new HashMap<>();
  /**
   * Lambdas, local functions and loop bodies are consumption barriers: nothing bound outside one
   * may be consumed inside it (a parallel map or a second iteration would see it consumed).
   * {@code level} counts the barriers around the current expression; {@code bindLevel} records
   * the level each variable was bound at.
   */
  protected int level;
  protected final Map<VName, Integer> bindLevel = new HashMap<>();
  protected Map<VName, Span> consumed = new HashMap<>();
  /** Arity of top-level and local function definitions, filled in as they are built. */
  protected final Map<VName, Integer> defArity = new HashMap<>();
  /**
   * The fully lifted type parameters ({@code '^t}, and those found by generalisation) of each
   * polymorphic definition; the others may not be instantiated with functional types.
   */
  protected final Map<VName, Set<String>> liftedParams = new HashMap<>();
  /** Type parameters of the definition being checked. */
  protected Map<String, Ty> typeParamScope = new HashMap<>();

  CheckerBase(List<Diagnostic> diags) {
    this.diags = diags;
  }

  VName fresh(String base) { return new VName(base, ++tagCounter); }

  protected void error(Diagnostic d) { diags.add(d); }

  protected void bind(String name, Binding b) { scope = new Scope(name, b, scope); }

  /** Looks a value name up: locals, then the current module, then globals. */
  protected Binding lookup(String name) {
    Binding b = scope == null ? null : scope.lookup(name);
    if (b != null) return b;
    name = resolveQualified(name);
    // Operators are never looked up in the enclosing module: inside the numeric modules '+' is
    // the built-in operator, not the module's own (i32.+) which is defined in terms of it.
    if (!modulePrefix.isEmpty() && !name.isEmpty() && "+-*/%=!><|&^".indexOf(name.charAt(0)) < 0) {
      TopB t = global(modulePrefix + name);
      if (t != null) return t;
    } else if (!modulePrefix.isEmpty() && !name.isEmpty() && userDefined(modulePrefix + name)) {
      // ... but an operator the user defined in a module is used inside it and in m.(a + b).
      return global(modulePrefix + name);
    }
    TopB g = global(name);
    if (g != null || name.isEmpty() || "+-*/%=!><|&^".indexOf(name.charAt(0)) >= 0) return g;
    for (int i = opened.size() - 1; i >= 0; i--) {
      Opened o = opened.get(i);
      if (modulePrefix.startsWith(o.scopePrefix()) && (g = global(o.module() + "." + name)) != null) return g;
    }
    return null;
  }

  /** {@code a.x} with {@code a} an alias (or a parameter of the module being applied) rewritten to the module it names. */
  protected String resolveQualified(String q) {
    int dot = q.lastIndexOf('.');
    if (dot <= 0 || moduleAliases.isEmpty()) return q;
    return resolveModule(q.substring(0, dot)) + q.substring(dot);
  }

  /** Whether a name (or what it is an alias of) is a module. */
  protected boolean isModule(String m) {
    if (modules.contains(m) || modules.contains(resolveModule(m))) return true;
    // A module nested in the current one (or in one around it) by its short name.
    for (String p = modulePrefix; !p.isEmpty(); p = p.substring(0, p.lastIndexOf('.', p.length() - 2) + 1)) {
      if (modules.contains(p + m)) return true;
    }
    return false;
  }

  /** The module a (possibly qualified) module name stands for, following aliases. */
  protected String resolveModule(String m) {
    for (int guard = 0; guard < 32; guard++) {
      int dot = m.indexOf('.');
      String head = dot < 0 ? m : m.substring(0, dot);
      String rest = dot < 0 ? "" : m.substring(dot);
      String target = !modulePrefix.isEmpty() && moduleAliases.containsKey(modulePrefix + head)
          ? moduleAliases.get(modulePrefix + head) : moduleAliases.get(head);
      if (target == null || target.equals(head)) return m;
      m = target + rest;
    }
    return m;
  }

  /** Whether a qualified name is a definition of the user's program (not of the prelude). */
  protected boolean userDefined(String qualified) { return false; }

  /** A top-level definition by qualified name (the checker overrides this to check prelude definitions on demand). */
  protected TopB global(String qualified) { return globals.get(qualified); }

  // ---- types ----------------------------------------------------------------------------------

  /**
   * How anonymous dimensions {@code []} are read: as unknown sizes, as sizes to infer, as rigid
   * sizes of a function's parameters (collected in {@link #ownSizes}), as the existential sizes of a
   * function's return type, or as fresh sizes made by an application (the results of intrinsics).
   */
  enum AnonDims { UNKNOWN, INFER, RIGID, EXIST, FRESH }

  /** How function parameters' anonymous dimensions are read (RIGID for named functions, UNKNOWN for lambdas). */
  protected AnonDims paramAnon = AnonDims.UNKNOWN;
  /** Where the rigid anonymous sizes of the parameters being converted are collected. */
  protected Set<Sz.Rigid> ownSizes = new HashSet<>();
  /**
   * The own anonymous sizes of each top-level and local function, by the identity of its type:
   * they are instantiated at each use of the function (see {@link SizeChecks#instantiate}).
   */
  protected final Map<Ty, Set<Sz.Rigid>> functionSizes = new java.util.IdentityHashMap<>();
  /** Set while the pattern of a {@code let [n] ...} is checked: its size binders take the value's sizes. */
  protected boolean lenientPattern;
  /** The name of the top-level definition being checked, for messages. */
  protected String currentDefName = "";
  /** Creation order of the anonymous sizes of expression ascriptions, for the causality check. */
  protected boolean causalAscription;

  Ty convertType(TypeExp te, AnonDims anon) { return convertType(te, anon, Map.of(), Map.of()); }

  Ty convertType(TypeExp te, AnonDims anon, Map<String, Ty> tparams, Map<String, Sz> sizes) {
    return switch (te) {
      case TName n -> convertName(n, anon, tparams, sizes);
      case TArray a -> new Ty.Arr(convertType(a.elem(), anon, tparams, sizes), convertDim(a.dim(), anon, sizes), false);
      case TTuple t -> Ty.tuple(t.elements().stream().map(x -> convertType(x, anon, tparams, sizes)).toList());
      case TRecord r -> {
        Map<String, Ty> fields = new LinkedHashMap<>();
        for (int i = 0; i < r.names().size(); i++) {
          if (fields.put(r.names().get(i), convertType(r.types().get(i), anon, tparams, sizes)) != null) {
            error(Diagnostics.duplicate(r.span(), "field", r.names().get(i)));
          }
        }
        yield new Ty.Rec(fields);
      }
      case TSum s -> {
        SortedMap<String, List<Ty>> cs = new TreeMap<>();
        for (int i = 0; i < s.names().size(); i++) {
          cs.put(s.names().get(i), s.payloads().get(i).stream().map(x -> convertType(x, anon, tparams, sizes)).toList());
        }
        yield new Ty.Sum(cs);
      }
      case TArrow a -> {
        Ty param = convertType(a.param(), anon, tparams, sizes);
        if (a.paramName() == null) yield new Ty.Fun(null, param, convertType(a.result(), anon, tparams, sizes));
        VName v = fresh(a.paramName());
        Map<String, Sz> inner = new HashMap<>(sizes);
        inner.put(a.paramName(), new Sz.Named(v));
        yield new Ty.Fun(v, param, convertType(a.result(), anon, tparams, inner));
      }
      case TUnique u -> {
        Ty t = convertType(u.type(), anon, tparams, sizes);
        yield t instanceof Ty.Arr arr ? new Ty.Arr(arr.elem(), arr.size(), true) : t;
      }
      case TExist e -> {
        Map<String, Sz> inner = new HashMap<>(sizes);
        for (String n : e.names()) inner.put(n, anon == AnonDims.EXIST ? new Sz.Rigid(n, true, false) : Sz.UNKNOWN);
        yield convertType(e.type(), anon, tparams, inner);
      }
    };
  }

  private Ty convertName(TName n, AnonDims anon, Map<String, Ty> tparams, Map<String, Sz> sizes) {
    if (n.args().isEmpty()) {
      PrimType p = PrimType.byName(n.name());
      if (p != null) return new Ty.Prim(p);
      Ty t = tparams.get(n.name());
      if (t == null) t = typeParamScope.get(n.name());
      if (t != null) return t;
    }
    Abbrev ab = modulePrefix.isEmpty() ? null : abbrevs.get(modulePrefix + n.name());
    if (ab == null) ab = abbrevs.get(resolveQualified(n.name()));
    for (int i = opened.size() - 1; i >= 0 && ab == null; i--) {
      Opened o = opened.get(i);
      if (modulePrefix.startsWith(o.scopePrefix())) ab = abbrevs.get(o.module() + "." + n.name());
    }
    if (ab == null) {
      error(Diagnostics.unknownType(n.span(), n.name()));
      return new Ty.Var();
    }
    if (ab.params().size() != n.args().size()) {
      error(Diagnostics.typeArity(n.span(), n.name(), ab.params().size(), n.args().size()));
      return new Ty.Var();
    }
    Map<String, Ty> innerT = new HashMap<>();
    Map<String, Sz> innerS = new HashMap<>();
    for (int i = 0; i < ab.params().size(); i++) {
      TypeParam tp = ab.params().get(i);
      TypeArg arg = n.args().get(i);
      if (tp.isSize()) {
        innerS.put(tp.name(), arg instanceof TArgDim d ? convertDim(d.dim(), anon, sizes) : Sz.UNKNOWN);
      } else if (arg instanceof TArgType t) {
        innerT.put(tp.name(), convertType(t.type(), anon, tparams, sizes));
      } else {
        error(Diagnostics.typeArity(n.span(), n.name(), ab.params().size(), n.args().size()));
        innerT.put(tp.name(), new Ty.Var());
      }
    }
    Map<String, Ty> saved = typeParamScope;
    typeParamScope = Map.of();
    try {
      return convertType(ab.body(), anon, innerT, innerS);
    } finally {
      typeParamScope = saved;
    }
  }

  Sz convertDim(Dim d, AnonDims anon, Map<String, Sz> sizes) {
    return switch (d) {
      case DimConst c -> new Sz.Const(c.value());
      case DimAnon a -> switch (anon) {
        case INFER -> {
          Sz.Flex f = new Sz.Flex();
          if (causalAscription) f.causalSeq = Sz.Rigid.nextSeq();
          yield f;
        }
        case UNKNOWN -> Sz.UNKNOWN;
        case RIGID -> {
          Sz.Rigid r = new Sz.Rigid("d", false, false);
          ownSizes.add(r);
          yield r;
        }
        case EXIST -> new Sz.Rigid("", true, false);
        case FRESH -> SizeChecks.computed("k");
      };
      case DimName n -> {
        Sz s = sizes.get(n.name());
        if (s != null) yield s;
        Binding b = lookup(n.name());
        if (b instanceof LocalB l) {
          try {
            Unifier.unify(l.ty(), Ty.I64);
          } catch (Unifier.Failure f) {
            error(Diagnostics.badSize(n.span(), n.name(), "is used as an array size but is not of type i64"));
          }
          yield new Sz.Named(l.v());
        }
        if (b instanceof TopB t && t.typeParams().isEmpty()) yield new Sz.Named(t.v());
        error(Diagnostics.badSize(n.span(), n.name(), "is not in scope"));
        yield Sz.UNKNOWN;
      }
    };
  }

  // ---- patterns -------------------------------------------------------------------------------

  /** How bound names may be consumed. */
  enum PatMode { PARAM, LET, LOOP, MATCH }

  /**
   * Checks a pattern against the type of what it matches and returns its bindings (not yet in
   * scope). {@code aliases} are the variables the matched value may alias.
   */
  PatRes checkPattern(Pat pat, Ty t, PatMode mode, Set<VName> aliases) {
    if (mode != PatMode.MATCH) {
      Span lit = refutable(pat);
      if (lit != null) error(Diagnostics.badPattern(lit, "Refutable pattern not allowed here: only 'match' cases may match literals."));
    }
    List<Map.Entry<String, Binding>> binds = new ArrayList<>();
    Supplier<TPat> b = pattern(pat, t, mode, aliases, binds, false);
    Set<String> seen = new HashSet<>();
    for (var e : binds) {
      if (!seen.add(e.getKey())) error(Diagnostics.duplicate(pat.span(), "name in pattern", e.getKey()));
    }
    return new PatRes(binds, b);
  }

  private Supplier<TPat> pattern(Pat pat, Ty t, PatMode mode, Set<VName> aliases,
                                 List<Map.Entry<String, Binding>> binds, boolean unique) {
    Span span = pat.span();
    switch (pat) {
      case PId id -> {
        VName v = fresh(id.name());
        boolean cons = switch (mode) {
          case PARAM -> unique;
          case LET, LOOP -> true;
          case MATCH -> unique;
        };
        consumable.put(v, cons);
        bindLevel.put(v, level);
        binds.add(Map.entry(id.name(), new LocalB(v, t, aliases)));
        return () -> new TPat.Id(v, Unifier.zonk(t), span);
      }
      case PWild w -> {
        return () -> new TPat.Wildcard(Unifier.zonk(t), span);
      }
      case PTuple tp -> {
        List<Ty> comps = new ArrayList<>();
        for (int i = 0; i < tp.elements().size(); i++) comps.add(new Ty.Var());
        unifyOrReport(tp.span(), Ty.tuple(comps), t, "Pattern does not match the type of the value");
        Map<String, Supplier<TPat>> subs = new LinkedHashMap<>();
        for (int i = 0; i < comps.size(); i++) {
          subs.put(Integer.toString(i), pattern(tp.elements().get(i), comps.get(i), mode, aliases, binds, false));
        }
        return () -> new TPat.Record(build(subs), Unifier.zonk(t), span);
      }
      case PRecord rp -> {
        Map<String, Ty> fields = new LinkedHashMap<>();
        for (PField f : rp.fields()) {
          if (fields.put(f.name(), new Ty.Var()) != null) error(Diagnostics.duplicate(f.span(), "field", f.name()));
        }
        unifyOrReport(rp.span(), new Ty.Rec(fields), t, "Record pattern does not match the type of the value");
        Map<String, Supplier<TPat>> subs = new LinkedHashMap<>();
        for (PField f : rp.fields()) subs.put(f.name(), pattern(f.pattern(), fields.get(f.name()), mode, aliases, binds, false));
        return () -> new TPat.Record(build(subs), Unifier.zonk(t), span);
      }
      case PLit lit -> {
        Res r = literal(lit.literal(), false);
        unifyOrReport(lit.span(), r.ty(), t, "Literal pattern does not match the type of the value");
        return () -> {
          TExp e = r.build().get();
          PrimValue pv = e instanceof TExp.Literal l ? l.value() : PrimValue.ofBool(false);
          return new TPat.Lit(pv, Unifier.zonk(t), span);
        };
      }
      case PConstr c -> {
        List<Ty> payload = new ArrayList<>();
        for (int i = 0; i < c.payload().size(); i++) payload.add(new Ty.Var());
        Ty.Var need = new Ty.Var();
        need.constructors = new TreeMap<>(Map.of(c.name(), payload));
        unifyOrReport(c.span(), need, t, "Constructor pattern does not match the type of the value");
        List<Supplier<TPat>> subs = new ArrayList<>();
        for (int i = 0; i < payload.size(); i++) subs.add(pattern(c.payload().get(i), payload.get(i), mode, aliases, binds, false));
        return () -> new TPat.Constr(c.name(), subs.stream().map(Supplier::get).toList(), Unifier.zonk(t), span);
      }
      case PAscribe a -> {
        Ty at = convertType(a.type(), AnonDims.INFER);
        if (mode == PatMode.PARAM) at = convertType(a.type(), paramAnon);
        unifyOrReport(a.span(), at, t, "Pattern's type annotation does not match");
        boolean uniq = a.type() instanceof TUnique;
        // The annotation is the more precise type (it names sizes).
        return pattern(a.pattern(), at, mode, aliases, binds, uniq);
      }
    }
  }

  /** The span of a literal inside a pattern, or {@code null}. */
  private static Span refutable(Pat p) {
    return switch (p) {
      case PLit l -> l.span();
      case PTuple t -> t.elements().stream().map(CheckerBase::refutable).filter(x -> x != null).findFirst().orElse(null);
      case PRecord r -> r.fields().stream().map(f -> refutable(f.pattern())).filter(x -> x != null).findFirst().orElse(null);
      case PAscribe a -> refutable(a.pattern());
      case PConstr c -> c.payload().stream().map(CheckerBase::refutable).filter(x -> x != null).findFirst().orElse(null);
      default -> null;
    };
  }

  private static Map<String, TPat> build(Map<String, Supplier<TPat>> subs) {
    Map<String, TPat> out = new LinkedHashMap<>();
    subs.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  void bindAll(PatRes p) {
    for (var e : p.binds()) bind(e.getKey(), e.getValue());
  }

  static Set<VName> boundNames(PatRes p) {
    Set<VName> s = new HashSet<>();
    for (var e : p.binds()) if (e.getValue() instanceof LocalB l) s.add(l.v());
    return s;
  }

  // ---- unification with messages ---------------------------------------------------------------

  /** Spans of the type errors reported in the current definition, to avoid reporting cascades. */
  protected final List<Span> errorSpans = new ArrayList<>();

  boolean unifyOrReport(Span span, Ty expected, Ty actual, String context) {
    return unifyOrReport(span, expected, actual, context, false);
  }

  /** As {@link #unifyOrReport}, with differing sizes allowed (the branches of {@code if} and {@code match}). */
  boolean unifyBranches(Span span, Ty expected, Ty actual, String context) {
    return unifyOrReport(span, expected, actual, context, true);
  }

  private boolean unifyOrReport(Span span, Ty expected, Ty actual, String context, boolean lenientSizes) {
    try {
      if (lenientSizes || lenientPattern) Unifier.lenientSizes(expected, actual);
      else Unifier.unify(expected, actual);
      return true;
    } catch (Unifier.Failure f) {
      // An enclosing expression failing because of an error already reported inside it is noise.
      for (Span e : errorSpans) if (e.source() == span.source() && e.start() >= span.start() && e.end() <= span.end()) return false;
      errorSpans.add(span);
      if (f.constraint != null && f.constraint.startsWith("Constructor #") && f.offending != null) {
        error(Diagnostics.noSuchConstructor(span, f.constraint.substring("Constructor #".length()), Unifier.show(f.offending)));
      } else if (f.sizes != null && SizeChecks.CAUSALITY.equals(f.constraint)) {
        error(io.github.futhark4j.compiler.diag.SizeDiagnostics.causality(span, f.sizes[0]));
      } else if (f.sizes != null) {
        String[] shown = Unifier.showAll(expected, actual);
        error(io.github.futhark4j.compiler.diag.SizeDiagnostics.sizeMismatch(span, context, shown[0], shown[1], f.sizes[0], f.sizes[1]));
      } else if (f.constraint != null) {
        error(Diagnostics.constraint(span, f.constraint, Unifier.show(f.offending != null ? f.offending : actual)));
      } else {
        String[] shown = Unifier.showAll(expected, actual);
        error(Diagnostics.typeMismatch(span, context, shown[0], shown[1]));
      }
      return false;
    }
  }

  // ---- literals -------------------------------------------------------------------------------

  /** A numeric or boolean literal; {@code negate} for a literal under prefix minus. */
  Res literal(Exp e, boolean negate) {
    Span span = e.span();
    switch (e) {
      case IntLit il -> {
        BigInteger v = negate ? il.value().negate() : il.value();
        Ty t = il.suffix() != null ? new Ty.Prim(il.suffix()) : new Ty.Var(Ty.NUMS, "An integer literal");
        String text = (negate ? "-" : "") + il.value();
        return new Res(t, () -> {
          Type zt = Unifier.zonk(t);
          PrimType p = ((Type.Prim) zt).prim();
          if (p.isFloat()) return new TExp.Literal(PrimValue.ofFloat(p, v.doubleValue()), zt, span);
          if (!fits(v, p)) error(Diagnostics.literalOutOfBounds(span, text, p.futName()));
          return new TExp.Literal(PrimValue.ofInt(p, v.longValue()), zt, span);
        });
      }
      case FloatLit fl -> {
        double v = negate ? -fl.value() : fl.value();
        Ty t = fl.suffix() != null ? new Ty.Prim(fl.suffix()) : new Ty.Var(Ty.FLOATS, "A decimal literal");
        return new Res(t, () -> {
          Type zt = Unifier.zonk(t);
          return new TExp.Literal(PrimValue.ofFloat(((Type.Prim) zt).prim(), v), zt, span);
        });
      }
      case BoolLit bl -> {
        return new Res(Ty.BOOL, () -> new TExp.Literal(PrimValue.ofBool(bl.value()), Type.BOOL, span));
      }
      default -> throw new IllegalStateException("type checker: not a literal: " + e);
    }
  }

  static boolean fits(BigInteger v, PrimType p) {
    int bits = p.bits();
    BigInteger min, max;
    if (p.isSigned()) {
      min = BigInteger.ONE.shiftLeft(bits - 1).negate();
      max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
    } else {
      // Futhark accepts negative literals of unsigned type as their two's complement.
      min = BigInteger.ONE.shiftLeft(bits - 1).negate();
      max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }
    return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
  }

  // ---- consumption ----------------------------------------------------------------------------

  /** Reports a use of a variable that (or whose alias) has been consumed. */
  void checkNotConsumed(LocalB b, String name, Span span) {
    Span at = consumed.get(b.v());
    // A value with no array in its type shares no memory, so the consumption of what it was
    // computed from (xs[0], length xs, i32.sum xs) does not affect it.
    if (at == null && hasArray(b.ty())) for (VName a : b.aliases()) if ((at = consumed.get(a)) != null) break;
    if (at != null) error(Diagnostics.usedAfterConsume(span, name, at));
  }

  /** Consumes the variable at the root of {@code e} (a variable, or an index/projection of one). */
  void consume(Exp e, Span span) {
    consume(e, span, false);
  }

  /** As {@link #consume(Exp, Span)}; {@code asArgument} when {@code e} is passed for a consuming parameter. */
  void consume(Exp e, Span span, boolean asArgument) {
    Exp root = e;
    while (true) {
      if (root instanceof Index i) root = i.array();
      else if (root instanceof Project p && !(qualified(p) != null && lookup(qualified(p)) != null)) root = p.record();
      else if (root instanceof Ascribe a) root = a.exp();
      else break;
    }
    if (root instanceof Var v && v.qualifiers().isEmpty() && lookup(v.name()) instanceof LocalB b) {
      Set<VName> roots = new HashSet<>(b.aliases());
      roots.add(b.v());
      boolean ok = true;
      for (VName r : roots) if (!consumable.getOrDefault(r, false)) ok = false;
      if (!ok) error(asArgument ? Diagnostics.consumingParamNonUnique(span, v.name()) : Diagnostics.notConsumable(span, v.name()));
      else for (VName r : roots) {
        if (bindLevel.getOrDefault(r, 0) < level) {
          error(Diagnostics.consumedOutsideBarrier(span, v.name()));
          break;
        }
      }
      for (VName r : roots) consumed.putIfAbsent(r, span);
    }
  }

  /**
   * The aliases of the value of {@code e}: the variables whose memory it may share. Only variables
   * whose type contains an array can be aliased. As in the reference, a function's result aliases
   * the arguments it was given unless its return type is declared unique; the intrinsics that
   * return views of their argument (zip, transpose, ...) alias it, the others return fresh arrays.
   */
  Set<VName> aliasesOf(Exp e) {
    return switch (e) {
      case Var v when v.qualifiers().isEmpty() && lookup(v.name()) instanceof LocalB b -> {
        if (!hasArray(b.ty())) yield Set.of();
        Set<VName> s = new HashSet<>(b.aliases());
        s.add(b.v());
        yield s;
      }
      case Index i -> aliasesOf(i.array());
      case Project p -> aliasesOf(p.record());
      case Ascribe a -> aliasesOf(a.exp());
      case Coerce c -> aliasesOf(c.exp());
      case Attr a -> aliasesOf(a.exp());
      case LocalOpen o -> aliasesOf(o.exp());
      case TupleLit t -> union(t.elements());
      case RecordLit r -> union(r.fields().stream().map(f -> f.value() != null ? f.value() : new Var(List.of(), f.name(), f.span())).toList());
      case If i -> union(List.of(i.then(), i.otherwise()));
      case Apply a -> {
        List<Exp> args = new ArrayList<>();
        Exp head = a;
        while (head instanceof Apply ap) {
          args.add(0, ap.arg());
          head = ap.function();
        }
        yield callAliases(head, args);
      }
      case BinOp b when b.op().full().equals("|>") -> aliasesOf(new Apply(b.right(), b.left(), b.span()));
      case BinOp b when b.op().full().equals("<|") -> aliasesOf(new Apply(b.left(), b.right(), b.span()));
      case BinOp b -> callAliases(b.op(), List.of(b.left(), b.right()));
      default -> Set.of();
    };
  }

  private static final Set<String> VIEW_INTRINSICS = Set.of("zip", "unzip", "transpose", "flatten", "unflatten",
      "rotate", "opaque", "manifest", "trace", "break");

  private Set<VName> callAliases(Exp head, List<Exp> args) {
    String q = qualified(head);
    if (q != null && q.startsWith("intrinsics.")) {
      return VIEW_INTRINSICS.contains(q.substring("intrinsics.".length())) ? union(args) : Set.of();
    }
    Binding b = q == null ? null : lookup(q);
    boolean fresh = switch (b) {
      case TopB t -> t.uniqueResult() && args.size() >= t.arity();
      case FunB f -> f.uniqueResult() && args.size() >= f.arity();
      case null -> q != null && !q.isEmpty() && "+-*/%=!><|&^".indexOf(q.charAt(0)) >= 0; // built-in operators
      default -> false;
    };
    return fresh ? Set.of() : union(args);
  }

  private Set<VName> union(List<Exp> es) {
    Set<VName> s = new HashSet<>();
    for (Exp x : es) s.addAll(aliasesOf(x));
    return s;
  }

  static boolean hasArray(Ty t) {
    t = Unifier.resolve(t);
    return switch (t) {
      case Ty.Arr a -> true;
      case Ty.Rec r -> r.fields().values().stream().anyMatch(CheckerBase::hasArray);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(CheckerBase::hasArray);
      case Ty.Var v -> true;
      case Ty.Param p -> true;
      default -> false;
    };
  }

  /** {@code a.b.c} as a qualified name when {@code e} is a chain of projections on a variable. */
  static String qualified(Exp e) {
    if (e instanceof Var v) return v.full();
    if (e instanceof Project p) {
      String q = qualified(p.record());
      return q == null ? null : q + "." + p.field();
    }
    return null;
  }

  // ---- building -------------------------------------------------------------------------------

  /** Something that can be called: a checked expression, or a built-in operator. */
  interface Callee {
    int arity();

    TExp call(List<TExp> args, Type result, Span span);
  }

  Callee calleeOf(TExp f) {
    int arity = switch (f) {
      case TExp.Var v -> defArity.getOrDefault(v.name(), arrows(v.type()));
      case TExp.Lambda l -> l.params().size();
      default -> arrows(f.type());
    };
    return new Callee() {
      public int arity() { return arity; }

      public TExp call(List<TExp> args, Type result, Span span) { return new TExp.Apply(f, args, result, span); }
    };
  }

  static int arrows(Type t) {
    int n = 0;
    while (t instanceof Type.Arrow a) { n++; t = a.result(); }
    return n;
  }

  /**
   * Builds a call of {@code c} to {@code args}, saturating: extra arguments apply the result,
   * missing ones are eta-expanded into a lambda. {@code fnTypes.get(i)} is the type after i arguments.
   */
  TExp buildCall(Callee c, List<TExp> args, List<Type> fnTypes, Span span) {
    int n = c.arity();
    // Only a program with type errors (already reported) gets here with a non-function callee.
    if (n == 0) throw new IllegalStateException("type checker: call of a non-function");
    if (args.size() < n) {
      Type t = fnTypes.get(args.size());
      List<TPat> params = new ArrayList<>();
      List<TExp> all = new ArrayList<>(args);
      for (int i = args.size(); i < n; i++) {
        Type.Arrow a = (Type.Arrow) t;
        VName v = fresh("x");
        params.add(new TPat.Id(v, a.param(), span));
        all.add(new TExp.Var(v, a.param(), Map.of(), span));
        t = a.result();
      }
      return new TExp.Lambda(params, c.call(all, t, span), fnTypes.get(args.size()), span);
    }
    TExp app = c.call(args.subList(0, n), fnTypes.get(n), span);
    if (args.size() == n) return app;
    return buildCall(calleeOf(app), args.subList(n, args.size()), fnTypes.subList(n, fnTypes.size()), span);
  }

  /** Calls a function-valued expression with all of its arrows' arguments, e.g. to eta-expand a definition. */
  List<Type> peel(Type t, int n) {
    List<Type> out = new ArrayList<>();
    out.add(t);
    for (int i = 0; i < n; i++) {
      t = ((Type.Arrow) t).result();
      out.add(t);
    }
    return out;
  }

  /** The type of a value of either type: sizes that differ become unknown. */
  static Type join(Type a, Type b) {
    if (a instanceof Type.Array x && b instanceof Type.Array y && x.rank() == y.rank()) {
      List<Size> shape = new ArrayList<>();
      for (int i = 0; i < x.rank(); i++) shape.add(x.shape().get(i).equals(y.shape().get(i)) ? x.shape().get(i) : Size.UNKNOWN);
      return new Type.Array(join(x.elem(), y.elem()), shape, x.unique() && y.unique());
    }
    if (a instanceof Type.Record x && b instanceof Type.Record y && x.fields().keySet().equals(y.fields().keySet())) {
      Map<String, Type> m = new LinkedHashMap<>();
      x.fields().forEach((k, v) -> m.put(k, join(v, y.fields().get(k))));
      return new Type.Record(m);
    }
    return a;
  }

  /** {@code t} with sizes named by {@code gone} (going out of scope) made unknown. */
  static Type scrub(Type t, Set<VName> gone) {
    if (gone.isEmpty()) return t;
    return switch (t) {
      case Type.Array a -> new Type.Array(scrub(a.elem(), gone),
          a.shape().stream().map(s -> s instanceof Size.Var v && gone.contains(v.name()) ? Size.UNKNOWN : s).toList(), a.unique());
      case Type.Record r -> {
        Map<String, Type> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, scrub(v, gone)));
        yield new Type.Record(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Type>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> scrub(x, gone)).toList()));
        yield new Type.Sum(m);
      }
      case Type.Arrow a -> new Type.Arrow(a.paramName(), scrub(a.param(), gone), scrub(a.result(), gone));
      default -> t;
    };
  }

  /** {@code t} with sizes named by {@code gone} made unknown, for a type leaving their scope. */
  static Ty scrubTy(Ty t, Set<VName> gone) {
    if (gone.isEmpty() || !Unifier.mentions(t, gone)) return t;
    Map<VName, Sz> m = new HashMap<>();
    for (VName v : gone) m.put(v, Sz.UNKNOWN);
    return Unifier.subst(t, Map.of(), m);
  }

  /** Erases the sizes of a resolved type (for loop parameters, whose sizes may change). */
  static Ty eraseSizes(Ty t, boolean unique) {
    t = Unifier.resolve(t);
    return switch (t) {
      case Ty.Arr a -> new Ty.Arr(eraseSizes(a.elem(), false), Sz.UNKNOWN, unique || a.unique());
      case Ty.Rec r -> new Ty.Rec(Unifier.mapValues(r.fields(), x -> eraseSizes(x, unique)));
      default -> t;
    };
  }

}

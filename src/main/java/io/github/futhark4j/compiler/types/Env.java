package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.Liftedness;
import io.github.futhark4j.compiler.typed.VName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A module-level environment: what value, module, type and module-type names stand for. Values and
 * modules share one name space ("terms"), as in the reference; types and module types have their
 * own. An environment being built (a struct, a file) has a parent for lookups; the environment of
 * a finished module has none and holds only what the module exports.
 */
final class Env {
  final Env parent;
  final Map<String, Object> terms = new TermMap();
  final Map<String, TypeB> types = new LinkedHashMap<>();
  /** The module types: {@link MTy}, or {@link Lazy} ones (the prelude's), as in {@link #terms}. */
  final Map<String, Object> sigs = new TermMap();
  /** Names bound by {@code local} declarations: in scope here, not exported. */
  final java.util.Set<String> hiddenTerms = new java.util.HashSet<>();
  final java.util.Set<String> hiddenTypes = new java.util.HashSet<>();
  final java.util.Set<String> hiddenSigs = new java.util.HashSet<>();

  Env(Env parent) { this.parent = parent; }

  Object term(String n) {
    for (Env e = this; e != null; e = e.parent) {
      Object o = e.terms.get(n);
      if (o != null) return o;
    }
    return null;
  }

  TypeB type(String n) {
    for (Env e = this; e != null; e = e.parent) {
      TypeB t = e.types.get(n);
      if (t != null) return t;
    }
    return null;
  }

  MTy sig(String n) {
    for (Env e = this; e != null; e = e.parent) {
      MTy t = (MTy) e.sigs.get(n);
      if (t != null) return t;
    }
    return null;
  }

  /** A copy of this environment as it is now (same parent). */
  Env snapshot() {
    Env out = new Env(parent);
    out.terms.putAll(terms);
    out.types.putAll(types);
    out.sigs.putAll(sigs);
    return out;
  }

  /**
   * A copy of this environment and of the ones around it, as they are now: what a parametric
   * module's body sees at each application, unaffected by what is bound after it (itself
   * included: modules are not recursive, so in {@code module mk (T: field) = { open mk T }} the
   * inner {@code mk} is an earlier one).
   */
  Env frozen() {
    Env out = new Env(parent == null ? null : parent.frozen());
    out.terms.putAll(terms);
    out.types.putAll(types);
    out.sigs.putAll(sigs);
    return out;
  }

  /** The exported bindings as an environment of their own. */
  Env exports() {
    Env out = new Env(null);
    terms.forEach((k, v) -> { if (!hiddenTerms.contains(k)) out.terms.put(k, v); });
    types.forEach((k, v) -> { if (!hiddenTypes.contains(k)) out.types.put(k, v); });
    sigs.forEach((k, v) -> { if (!hiddenSigs.contains(k)) out.sigs.put(k, v); });
    return out;
  }

  /** Adds every binding of {@code other} (an {@code open}). */
  void addAll(Env other, boolean hidden) {
    other.terms.forEach((k, v) -> {
      terms.put(k, v);
      if (hidden) hiddenTerms.add(k);
      else hiddenTerms.remove(k);
    });
    other.types.forEach((k, v) -> {
      types.put(k, v);
      if (hidden) hiddenTypes.add(k);
      else hiddenTypes.remove(k);
    });
    other.sigs.forEach((k, v) -> {
      sigs.put(k, v);
      if (hidden) hiddenSigs.add(k);
      else hiddenSigs.remove(k);
    });
  }

  /**
   * The term bindings. A binding may be {@link Lazy} (the prelude's top-level definitions and
   * modules): a look-up ({@code get}) checks it on first use and returns the value or module;
   * copying the map ({@code putAll}, {@code forEach}) copies the lazy binding itself, so every copy
   * shares one check.
   */
  private static final class TermMap extends LinkedHashMap<String, Object> {
    @Override
    public Object get(Object key) {
      return forced(super.get(key));
    }
  }

  /** A binding as it is used: a {@link Lazy} one checked (copies of maps hold them unchecked). */
  static Object forced(Object binding) {
    return binding instanceof Lazy l ? l.force() : binding;
  }

  /** A value ({@link ValB}), module ({@link Mod}) or module type ({@link MTy}) checked when its name is first looked up. */
  static final class Lazy {
    private java.util.function.Supplier<Object> check;
    private Object binding;

    Lazy(java.util.function.Supplier<Object> check) { this.check = check; }

    Object force() {
      if (check != null) {
        var c = check;
        check = null;
        binding = c.get();
      }
      return binding;
    }
  }

  // ---- what names stand for -------------------------------------------------------------------

  /** A type parameter of a scheme or type abbreviation: a type ({@code 't}) or a size ({@code [n]}). */
  record TParam(VName name, boolean isSize, Liftedness liftedness) {}

  /**
   * A polymorphic type: the type and size parameters to instantiate at each use. Size parameters
   * are {@code i64} names in {@code type}'s sizes ({@link SE.V}); type parameters are
   * {@link Ty.Named} types.
   */
  record Scheme(List<TParam> tparams, List<VName> sizeParams, Ty type) {
    static Scheme mono(Ty t) { return new Scheme(List.of(), List.of(), t); }
  }

  /** What a value name stands for. */
  sealed interface ValB {}

  /**
   * A local value: parameter, let-bound, loop or pattern variable. {@code sizeAlias} is set for the
   * size binders of {@code let [n] ...}: in types, {@code n} means that size.
   */
  record Local(VName v, Ty ty, int level, SE sizeAlias) implements ValB {}

  /**
   * A defined value: a top-level definition, a local function, or a value of a module parameter.
   * Uses refer to {@code target}; {@code targetArgs}, when not null, instantiate the target's own
   * type parameters in terms of {@code scheme}'s (a module parameter's value seen through its
   * specification), {@code targetSizes} likewise for the target's size parameters;
   * {@code definedAt} is for messages.
   */
  record Global(VName target, Scheme scheme, Map<VName, Ty> targetArgs, Map<VName, SE> targetSizes, Span definedAt)
      implements ValB {
    Global(VName target, Scheme scheme, Map<VName, Ty> targetArgs, Span definedAt) {
      this(target, scheme, targetArgs, null, definedAt);
    }
  }

  /** A function of the {@code intrinsics} module. */
  record Intrinsic(String name) implements ValB {}

  /**
   * A top-level function's name in its own body (see {@link Recursion}): {@code declared} is its type
   * scheme when its return type is declared (each use instantiates the size parameters), else each use
   * gets a type of its own, unified with the function's type with fresh sizes once the body is
   * checked.
   */
  record Recursive(VName v, Scheme declared, List<Ty> uses, Span definedAt) implements ValB {}

  /**
   * A type abbreviation or abstract type: {@code type name params = body}. {@code anons} are the
   * placeholders in {@code body} for its anonymous sizes (a size-lifted abbreviation such as
   * {@code type~ t = []i32}): each use gets sizes of its own.
   */
  record TypeB(List<TParam> params, Liftedness liftedness, Ty body, List<VName> anons) {
    TypeB(List<TParam> params, Liftedness liftedness, Ty body) {
      this(params, liftedness, body, List.of());
    }
  }

  // ---- modules --------------------------------------------------------------------------------

  /** A module: a structure or a parametric module. */
  sealed interface Mod {}

  record Struct(Env env) implements Mod {}

  /**
   * A parametric module. Its body is elaborated anew at each application with the parameter bound
   * to the argument (seen through the parameter's module type); {@code paramType} and
   * {@code resultType} are its module types as checked once with abstract parameter types;
   * {@code seenAs}, when not null, is the module type it was ascribed (or matched against as a
   * member of an ascribed module): its applications are typed by it, and their results seen
   * through its result type.
   */
  record Functor(Ast.ModParam param, Ast.SigExp resultSig, Ast.ModExp body, Closure closure,
                 MTy paramType, MTy resultType, FunSig seenAs) implements Mod {
    Functor(Ast.ModParam param, Ast.SigExp resultSig, Ast.ModExp body, Closure closure, MTy paramType, MTy resultType) {
      this(param, resultSig, body, closure, paramType, resultType, null);
    }

    /** This parametric module seen through a parametric module type (an ascription, a parameter's member). */
    Functor seenAs(FunSig sig) {
      return new Functor(param, resultSig, body, closure, paramType, resultType, sig);
    }
  }

  /**
   * The module type of a parametric module: {@code (param: P) -> R}. {@code paramName} is the
   * parameter's name as the result type may use it.
   */
  record FunSig(String paramName, MTy param, MTy result) implements Mod {}

  /** Where a parametric module was defined: the environment and file its body sees. */
  record Closure(Env env, Checker.FileCtx file) {}

  /**
   * A module type: a module whose abstract types ({@code abs}, with their liftedness) are to be
   * instantiated when it is matched.
   */
  record MTy(Map<VName, Liftedness> abs, Mod mod) {}
}

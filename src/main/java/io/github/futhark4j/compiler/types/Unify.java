package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Message;
import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.TypeMessages;
import io.github.futhark4j.compiler.syntax.Ast.Liftedness;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Flex;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Unification of {@link Ty}s and sizes, substitution, and the rendering of types in messages.
 *
 * <p>Sizes unify syntactically, as in the reference: a flexible size ({@link SE.F}) takes the other
 * side's size, provided every variable of that size is in scope where the flexible size was made
 * (else a scope violation); two known sizes must be the same expression, except that expressions
 * of the same shape unify part by part (so {@code [?a + ?b]} and {@code [n + m]} bind {@code ?a}
 * and {@code ?b}). Uniqueness is ignored.
 */
final class Unify {
  private final TcState st;

  Unify(TcState st) {
    this.st = st;
  }

  /** Unification failed: {@code why} has the code and the sentence after the two types (or none). */
  static final class Failure extends RuntimeException {
    final Message why;
    /** Where two types simply differ: the innermost parts that do (the expected side first), else null. */
    final Ty expected;
    final Ty actual;

    Failure(Message why) {
      this(why, null, null);
    }

    Failure(Message why, Ty expected, Ty actual) {
      super(why.text(), null, false, false);
      this.why = why;
      this.expected = expected;
      this.actual = actual;
    }
  }

  // ---- resolution ---------------------------------------------------------------------------

  static Ty resolve(Ty t) {
    while (t instanceof Ty.Var v && v.ref != null) t = v.ref;
    return t;
  }

  /** Resolves flexible sizes everywhere in a size expression. */
  static SE normFully(SE e) {
    return SE.mapKids(SE.norm(e), Unify::normFully);
  }

  // ---- unification --------------------------------------------------------------------------

  /**
   * While a body is matched against its declared type: a dependent result must fit the declared
   * type as it is (its parameter would escape: a scope violation), not with unknown sizes.
   */
  boolean declared;

  /** {@link #unify} of a declared type with the type of what it declares. */
  void unifyDeclared(Ty declaredType, Ty actual) {
    boolean saved = declared;
    declared = true;
    try {
      unify(declaredType, actual);
    } finally {
      declared = saved;
    }
  }

  /**
   * The pairs of sizes met while the types of a unification are matched, or null when none is
   * running: as the reference, which checks types without sizes first and sizes in a second
   * pass, a mismatch of the types is found before one of the sizes, and sizes are unified
   * outermost first once the types agree.
   */
  private List<SE[]> pendingSizes;

  void unify(Ty a0, Ty b0) {
    if (pendingSizes != null) {
      unifyTypes(a0, b0);
      return;
    }
    List<SE[]> sizes = new ArrayList<>();
    pendingSizes = sizes;
    try {
      unifyTypes(a0, b0);
    } finally {
      pendingSizes = null;
    }
    for (SE[] p : sizes) unifySize(p[0], p[1]);
  }

  private void unifyTypes(Ty a0, Ty b0) {
    Ty a = resolve(a0);
    Ty b = resolve(b0);
    if (a == b) return;
    if (a instanceof Ty.Var va) { bindVar(va, b); return; }
    if (b instanceof Ty.Var vb) { bindVar(vb, a); return; }
    switch (a) {
      case Ty.Prim pa when b instanceof Ty.Prim pb && pa.prim() == pb.prim() -> { }
      case Ty.Arr aa when b instanceof Ty.Arr ab -> {
        pendingSizes.add(new SE[] {aa.size(), ab.size()});
        unifyTypes(aa.elem(), ab.elem());
      }
      case Ty.Rec ra when b instanceof Ty.Rec rb -> {
        if (!ra.fields().keySet().equals(rb.fields().keySet())) {
          List<String> missing = new ArrayList<>();
          for (String k : ra.fields().keySet()) if (!rb.fields().containsKey(k)) missing.add(k);
          for (String k : rb.fields().keySet()) if (!ra.fields().containsKey(k)) missing.add(k);
          missing.sort(Unify::fieldOrder);
          throw new Failure(TypeMessages.unsharedFields(missing));
        }
        for (var e : ra.fields().entrySet()) {
          try {
            unifyTypes(e.getValue(), rb.fields().get(e.getKey()));
          } catch (Failure f) {
            // Leave a breadcrumb: which field the mismatch is in.
            throw new Failure(TypeMessages.inRecordField(f.why, e.getKey()), f.expected, f.actual);
          }
        }
      }
      case Ty.Sum sa when b instanceof Ty.Sum sb -> {
        if (!sa.constructors().keySet().equals(sb.constructors().keySet())) throw mismatch(a, b);
        for (var e : sa.constructors().entrySet()) unifyAll(e.getValue(), sb.constructors().get(e.getKey()));
      }
      case Ty.Fun fa when b instanceof Ty.Fun fb -> {
        // A function type's parameter and result are unified each whole, sizes included: the sizes
        // of its result may depend on its parameter's name.
        List<SE[]> outer = pendingSizes;
        pendingSizes = null;
        try {
          unifyFun(fa, fb);
        } finally {
          pendingSizes = outer;
        }
      }
      case Ty.Named na when b instanceof Ty.Named nb && na.name().equals(nb.name()) && na.args().size() == nb.args().size() -> {
        for (int i = 0; i < na.args().size(); i++) {
          Ty.Arg x = na.args().get(i), y = nb.args().get(i);
          if (x.type() != null && y.type() != null) unifyTypes(x.type(), y.type());
          else if (x.size() != null && y.size() != null) pendingSizes.add(new SE[] {x.size(), y.size()});
          else throw mismatch(a, b);
        }
      }
      case Ty.Prim p -> throw mismatch(a, b);
      case Ty.Arr ar -> throw mismatch(a, b);
      case Ty.Rec r -> throw mismatch(a, b);
      case Ty.Sum s -> throw mismatch(a, b);
      case Ty.Fun f -> throw mismatch(a, b);
      case Ty.Named n -> throw mismatch(a, b);
      case Ty.Var v -> throw mismatch(a, b);
    }
  }

  private void unifyFun(Ty.Fun fa, Ty.Fun fb) {
    unify(fa.param(), fb.param());
    // The existential sizes of the two results stand for each other; a named parameter too.
    Map<VName, SE> ren = new HashMap<>();
    if (fa.pname() != null && fb.pname() != null) ren.put(fb.pname(), SE.var(fa.pname()));
    List<VName> ea = fa.exts(), eb = fb.exts();
    // An existential size of b with no counterpart in a (map f xs, f returning ?[k].[k]t) is a
    // new unknown size: each application has its own.
    for (int i = 0; i < eb.size(); i++) {
      if (i < ea.size()) {
        ren.put(eb.get(i), SE.var(ea.get(i)));
      } else {
        VName d = st.absorbedSize(eb.get(i).base(), Phrases.returnedByFunctionHere());
        madeUnknown.add(d);
        ren.put(eb.get(i), SE.var(d));
      }
    }
    Map<VName, SE> renA = new HashMap<>();
    for (int i = eb.size(); i < ea.size(); i++) renA.put(ea.get(i), new SE.F(new Flex(st.level, ea.get(i).base())));
    // A dependent result ((x: i64) -> [x]t) matched against a function type that cannot name its
    // parameter (a -> b, as map takes it): the sizes depending on the parameter are unknown.
    Ty ra = subst(fa.result(), Map.of(), renA), rb = subst(fb.result(), Map.of(), ren);
    // An existential size of the expected result names a size made by the function; one that
    // depends on a lambda's parameter is out of its scope (the reference's "Cannot link size
    // ... (scope violation)"): \x -> iota x is no i64 -> ?[k].[k]i64 (iota itself is).
    Set<VName> params = new HashSet<>();
    if (fa.pname() != null) params.add(fa.pname());
    if (fb.pname() != null) params.add(fb.pname());
    if (lambdaArgument && !renA.isEmpty() && !params.isEmpty()) existentialsFree(ra, rb, renA, params);
    if (!declared && fb.pname() != null && fa.pname() == null) rb = unknownWhereMentioned(rb, fb.pname());
    if (!declared && fa.pname() != null && fb.pname() == null) ra = unknownWhereMentioned(ra, fa.pname());
    // Those new sizes are what the reference calls anonymous: a non-lifted type variable may not
    // take a type containing them (map f xs where f returns an array of an unknown size).
    Set<VName> before = Set.copyOf(hidden);
    hidden.addAll(madeUnknown);
    madeUnknown.clear();
    try {
      // The parameters' names are bound in the results: an anonymous size cannot stand for a
      // size naming them (the reference's "bound" names of unifySizes).
      unifyUnder(params, ra, rb);
    } finally {
      hidden.retainAll(before);
    }
  }

  private static Failure mismatch() { return new Failure(TypeMessages.mismatch()); }

  private static Failure mismatch(Ty expected, Ty actual) { return new Failure(TypeMessages.mismatch(), expected, actual); }

  private void unifyAll(List<Ty> a, List<Ty> b) {
    if (a.size() != b.size()) throw mismatch();
    for (int i = 0; i < a.size(); i++) unify(a.get(i), b.get(i));
  }

  void unifySize(SE a0, SE b0) {
    // Resolved flexible sizes are followed, but builders kept: a flexible size bound to part of
    // an expression can then still be computed.
    SE ak = followFlex(a0), bk = followFlex(b0);
    SE a = SE.norm(ak);
    SE b = SE.norm(bk);
    // As the reference compares sizes: a literal with a suffix where a size is expected is not
    // the same literal without one where it is given ([2i64] is no [2] of an array literal), while
    // the other way round it is ([3] takes replicate 3i64 x).
    if (a instanceof SE.L la && b instanceof SE.L lb && la.value() == lb.value() && la.type() != null && la.type() != lb.type()) {
      throw new Failure(TypeMessages.sizesDoNotMatch(SE.show(a), SE.show(b), ""));
    }
    if (SE.same(a, b)) return;
    if (a instanceof SE.F fa) { bindFlex(fa.flex(), bk); return; }
    if (b instanceof SE.F fb) { bindFlex(fb.flex(), ak); return; }
    // Expressions of the same shape unify part by part, as the reference's: a mismatch is then the
    // parts' ("Sizes "2i64" and "2"", not "2i64 * n" and "2 * n").
    List<SE[]> parts = similar(a, b);
    if (parts != null) {
      for (SE[] p : parts) unifySize(p[0], p[1]);
      return;
    }
    throw new Failure(TypeMessages.sizesDoNotMatch(SE.show(a), SE.show(b), sizeNotes(a) + sizeNotes(b)));
  }

  /** A note on where an unknown size came from ("\"d\" is unknown size returned by \"filter\" at 3:5."), or empty. */
  private String sizeNotes(SE e) {
    if (SE.norm(e) instanceof SE.V v && st.unknownSizes.get(v.v()) != null) {
      return Phrases.sizeNote(v.v().base(), st.unknownSizes.get(v.v()));
    }
    return "";
  }

  private static SE followFlex(SE e) {
    while (e instanceof SE.F f && f.flex().ref != null) e = f.flex().ref;
    return e;
  }

  private boolean tryUnifySize(SE a, SE b) {
    // As the reference's joins (unifyMostCommon), which link a size only to what is in its scope.
    boolean saved = joining;
    joining = true;
    try {
      unifySize(a, b);
      return true;
    } catch (Failure f) {
      return false;
    } finally {
      joining = saved;
    }
  }

  /** Whether sizes are being unified for a join, where a parameter's size never takes a size made deeper. */
  private boolean joining;

  static boolean hasFlex(SE e) {
    return SE.any(e, x -> x instanceof SE.F);
  }

  /** The pairs of corresponding parts of two expressions of the same shape, or null. */
  private static List<SE[]> similar(SE a, SE b) {
    if (a instanceof SE.F || a instanceof SE.V || a instanceof SE.L || a instanceof SE.Opaque || !SE.sameHead(a, b)) return null;
    List<SE> ka = SE.kids(a), kb = SE.kids(b);
    if (ka.size() != kb.size()) return null;
    List<SE[]> out = new ArrayList<>();
    for (int i = 0; i < ka.size(); i++) out.add(new SE[] {ka.get(i), kb.get(i)});
    return out;
  }

  private void bindFlex(Flex f, SE e) {
    if (SE.norm(e) instanceof SE.F g) {
      if (g.flex() == f) return;
      g.flex().level = Math.min(g.flex().level, f.level);
      if (g.flex().name == null && !g.flex().annotated) g.flex().name = f.name;
      g.flex().annotated |= f.annotated;
      f.ref = g;
      return;
    }
    if (occursFlex(f, e)) throw new Failure(TypeMessages.occursCheckSize(f.name != null ? f.name : "d", SE.show(e)));
    // An anonymous size ([] in a lambda's parameter) is no function type's parameter: it cannot
    // become a size named by one, as (k: i64) -> [k]t asks of \n (xs: []t) -> ...
    if (f.annotated && !arrowBound.isEmpty() && SE.mentions(e, arrowBound)) {
      String anonymous = SE.show(new SE.F(f));
      throw new Failure(TypeMessages.sizesDoNotMatch(anonymous.isEmpty() ? "d" : anonymous, SE.show(e), ""));
    }
    checkScope(e, f);
    lowerLevels(e, f.level);
    f.ref = e;
  }

  private static boolean occursFlex(Flex f, SE e) {
    return SE.any(e, x -> x instanceof SE.F g && g.flex() == f);
  }

  /** Every variable of {@code e}, which the size {@code f} is to stand for, must be bound no deeper than {@code f}. */
  private void checkScope(SE e, Flex f) {
    VName v = deeperName(e, f.level);
    if (v == null) return;
    if (st.unknownSizes.containsKey(v)) {
      // A function's parameter may have it; the enclosing definition cannot be generalised then (Defs).
      if (f.paramSize && !joining) return;
      // An unknown size made by evaluating something (an application, a branch, a loop) is
      // needed where that evaluation has not happened yet.
      throw new Failure(TypeMessages.sizeNeededBeforeComputed(v.base(), st.unknownSizes.get(v)));
    }
    throw new Failure(TypeMessages.sizeLinkOutOfScope(f.name != null ? f.name : "d", SE.show(e), v.base()));
  }

  /** A variable of {@code e} bound deeper than {@code level}, or null. */
  private VName deeperName(SE e, int level) {
    Set<VName> vs = new HashSet<>();
    SE.vars(e, vs);
    for (VName v : vs) {
      Integer l = st.nameLevel.get(v);
      if (l != null && l > level) return v;
    }
    return null;
  }

  private static void lowerLevels(SE e, int level) {
    SE.forEach(e, x -> { if (x instanceof SE.F g) g.flex().level = Math.min(g.flex().level, level); });
  }

  private void bindVar(Ty.Var v, Ty t) {
    if (t instanceof Ty.Var w) {
      mergeInto(v, w);
      v.ref = w;
      return;
    }
    if (occurs(v, t)) {
      String[] shown = showAll(v, t);
      throw new Failure(TypeMessages.occursCheck(shown[0], shown[1]));
    }
    if (v.prims != null && !(t instanceof Ty.Prim p && v.prims.contains(p.prim()))) {
      throw new Failure(TypeMessages.cannotInstantiatePrimitiveClass(v.prims.stream().map(PrimType::toString).toList(), show(t)));
    }
    if (v.equality && containsFun(t)) {
      throw new Failure(TypeMessages.equalityNotDefined(show(t)));
    }
    if (v.lifted == Liftedness.UNLIFTED && !hidden.isEmpty() && mentions(t, hidden)) {
      throw new Failure(TypeMessages.anonymousSizesForTypeVariable(showAll(v)[0], show(t)));
    }
    if (v.lifted != Liftedness.LIFTED && !v.liftednessLater && containsFun(t)) {
      // An array literal's element type, found later to be a function (the reference's check of array literals).
      if (Phrases.arrayElement().equals(v.origin)) throw new Failure(TypeMessages.foundToBeFunctional(show(t)));
      throw new Failure(TypeMessages.functionalForNonLifted(v.origin, show(t)));
    }
    // A non-lifted type variable may not stand for a size-lifted or lifted abstract type or type parameter.
    if (v.lifted == Liftedness.UNLIFTED && !v.liftednessLater && TypeConv.liftedElementVar(t, st) instanceof Message why) {
      throw new Failure(why);
    }
    // As the reference, which infers types before sizes: the variable takes the type's structure,
    // with sizes of its own where the type's sizes name something bound deeper than the variable;
    // those are then unified with the type's sizes (a scope violation, unless they are flexible).
    List<SE[]> links = new ArrayList<>();
    Ty own = ownSizes(t, v.level, links);
    checkTypeScope(own, v.level);
    lowerTypeLevels(own, v.level);
    if (v.ceiling != Liftedness.LIFTED) lowerCeiling(own, v.ceiling);
    if (v.liftednessLater && v.lifted != Liftedness.LIFTED) restrictLater(own, v.lifted);
    // A type variable stands for a type, not for the uniqueness of a particular value.
    v.ref = deepNonUnique(own);
    for (SE[] l : links) unifySize(l[0], l[1]);
    if (v.fields != null) {
      if (!(t instanceof Ty.Rec r) || !r.fields().keySet().containsAll(v.fields.keySet())) {
        v.ref = null;
        // Found by the reference's first pass, which shows types without sizes.
        String[] shown = showAllUnsized(new Ty.Rec(v.fields), t);
        throw new Failure(TypeMessages.recordWithFields(shown[0], t instanceof Ty.Rec ? "record type" : "type", shown[1]));
      }
      for (var e : v.fields.entrySet()) unify(r.fields().get(e.getKey()), e.getValue());
    }
    if (v.constructors != null) {
      if (!(t instanceof Ty.Sum s) || !s.constructors().keySet().containsAll(v.constructors.keySet())) {
        v.ref = null;
        List<String> used = List.copyOf(v.constructors.keySet());
        if (t instanceof Ty.Sum s2) {
          // As the reference words it: every constructor in one of the two but not in both.
          SortedSet<String> unshared = new TreeSet<>(used);
          unshared.addAll(s2.constructors().keySet());
          Set<String> both = new HashSet<>(used);
          both.retainAll(s2.constructors().keySet());
          unshared.removeAll(both);
          throw new Failure(TypeMessages.constructorsNotShared(used, List.copyOf(s2.constructors().keySet()), List.copyOf(unshared)));
        }
        throw new Failure(TypeMessages.noSuchConstructor(show(new Ty.Sum(v.constructors)), show(t)));
      }
      for (var e : v.constructors.entrySet()) {
        List<Ty> want = s.constructors().get(e.getKey());
        if (want.size() != e.getValue().size()) {
          // As the reference words it.
          throw new Failure(TypeMessages.constructorArity(e.getKey(), e.getValue().stream().map(Unify::show).toList(), want.stream().map(Unify::show).toList()));
        }
        unifyAll(want, e.getValue());
      }
    }
  }

  /**
   * An instantiated type parameter's liftedness passed on to the type variables of its solution (an
   * array's elements are non-lifted), as the reference's solver does: they are generalised no more
   * lifted, and a function type they take is reported with the instantiation's.
   */
  private static void restrictLater(Ty t, Liftedness l) {
    switch (resolve(t)) {
      case Ty.Var w -> {
        if (l.ordinal() < w.lifted.ordinal()) {
          w.liftednessLater = w.lifted == Liftedness.LIFTED || w.liftednessLater;
          w.lifted = l;
        }
      }
      case Ty.Arr a -> restrictLater(a.elem(), Liftedness.UNLIFTED);
      case Ty.Rec r -> r.fields().values().forEach(x -> restrictLater(x, l));
      case Ty.Sum s -> s.constructors().values().forEach(xs -> xs.forEach(x -> restrictLater(x, l)));
      case Ty.Fun f -> { }
      case Ty.Prim p -> { }
      case Ty.Named n -> { }
    }
  }

  private void mergeInto(Ty.Var v, Ty.Var w) {
    if (v.prims != null) {
      if (w.prims == null) {
        w.prims = EnumSet.copyOf(v.prims);
        w.origin = v.origin;
      } else {
        EnumSet<PrimType> both = EnumSet.copyOf(w.prims);
        both.retainAll(v.prims);
        if (both.isEmpty()) {
          throw new Failure(TypeMessages.disjointPrimitiveClasses(v.prims.stream().map(PrimType::toString).toList(),
              w.prims.stream().map(PrimType::toString).toList()));
        }
        if (both.equals(v.prims) && !both.equals(w.prims)) w.origin = v.origin;
        w.prims = both;
      }
      if (w.fields != null || w.constructors != null) {
        throw new Failure(TypeMessages.cannotBeRecordOrSum(v.origin));
      }
    }
    w.equality |= v.equality;
    // Checked later only if every restriction of the two comes from an instantiated type parameter.
    w.liftednessLater = (v.lifted == Liftedness.LIFTED || v.liftednessLater) && (w.lifted == Liftedness.LIFTED || w.liftednessLater)
        && (v.lifted != Liftedness.LIFTED || w.lifted != Liftedness.LIFTED);
    if (v.lifted.ordinal() < w.lifted.ordinal()) w.lifted = v.lifted;
    if (v.ceiling.ordinal() < w.ceiling.ordinal()) w.ceiling = v.ceiling;
    w.level = Math.min(w.level, v.level);
    if (v.fields != null) {
      if (w.prims != null) throw new Failure(TypeMessages.fieldOfPrimitive());
      if (w.fields == null) w.fields = new LinkedHashMap<>(v.fields);
      else for (var e : v.fields.entrySet()) {
        Ty prev = w.fields.putIfAbsent(e.getKey(), e.getValue());
        if (prev != null) unify(prev, e.getValue());
      }
    }
    if (v.constructors != null) {
      if (w.constructors == null) w.constructors = new TreeMap<>(v.constructors);
      else for (var e : v.constructors.entrySet()) {
        List<Ty> prev = w.constructors.putIfAbsent(e.getKey(), e.getValue());
        if (prev != null) unifyAll(prev, e.getValue());
      }
    }
    if (w.origin == null) w.origin = v.origin;
  }

  /**
   * {@code t} with a fresh size at {@code level} for each size that names a variable bound deeper;
   * each fresh size and the one it replaces are added to {@code links}.
   */
  private Ty ownSizes(Ty t, int level, List<SE[]> links) {
    return mapSizes(t, e -> ownSize(e, level, links), true);
  }

  /**
   * {@code t} with the sizes written as one of {@code flexes} (before they are resolved) replaced by
   * the variable given for it: the names of a let's size binders in the types of what it binds.
   */
  static Ty nameSizes(Ty t, Map<Flex, VName> flexes) {
    return mapSizes(t, e -> e instanceof SE.F g && flexes.get(g.flex()) instanceof VName v ? SE.var(v) : e, true);
  }

  /** {@code t} with every size a fresh flexible size at {@code level}, named {@code name} in messages (or not). */
  static Ty freshSizes(Ty t, int level, String name) {
    return mapSizes(t, e -> new SE.F(new Flex(level, name)), false);
  }

  /**
   * {@code t} with each size (of an array, or an abstract type's size argument) replaced by
   * {@code f} of it; {@code binders}: whether function types keep their parameter names and
   * existential sizes (a function type whose sizes are all new has neither).
   */
  private static Ty mapSizes(Ty t, java.util.function.UnaryOperator<SE> f, boolean binders) {
    t = resolve(t);
    return switch (t) {
      case Ty.Arr a -> new Ty.Arr(mapSizes(a.elem(), f, binders), f.apply(a.size()), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, mapSizes(x, f, binders)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, xs) -> m.put(k, xs.stream().map(x -> mapSizes(x, f, binders)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun fn -> new Ty.Fun(binders ? fn.pname() : null, mapSizes(fn.param(), f, binders),
          binders ? fn.exts() : List.of(), mapSizes(fn.result(), f, binders));
      case Ty.Named n -> new Ty.Named(n.name(), n.args().stream().map(x -> x.type() != null
          ? Ty.Arg.of(mapSizes(x.type(), f, binders)) : Ty.Arg.of(f.apply(x.size()))).toList(), n.unique());
      case Ty.Prim p -> t;
      case Ty.Var w -> t;
    };
  }

  private SE ownSize(SE e, int level, List<SE[]> links) {
    if (deeperName(e, level) == null) return e;
    SE fresh = new SE.F(new Flex(level, "dv"));
    links.add(new SE[] {fresh, e});
    return fresh;
  }

  /** Named types in {@code t} must be bound no deeper than {@code level}. */
  private void checkTypeScope(Ty t, int level) {
    t = resolve(t);
    switch (t) {
      case Ty.Arr a -> checkTypeScope(a.elem(), level);
      case Ty.Rec r -> r.fields().values().forEach(x -> checkTypeScope(x, level));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> checkTypeScope(x, level)));
      case Ty.Fun f -> {
        checkTypeScope(f.param(), level);
        checkTypeScope(f.result(), level);
      }
      case Ty.Named n -> {
        Integer l = st.nameLevel.get(n.name());
        if (l != null && l > level) {
          throw new Failure(TypeMessages.typeEscapesScope(n.name().base()));
        }
        for (Ty.Arg x : n.args()) if (x.type() != null) checkTypeScope(x.type(), level);
      }
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  private static void lowerTypeLevels(Ty t, int level) {
    t = resolve(t);
    switch (t) {
      case Ty.Var w -> w.level = Math.min(w.level, level);
      case Ty.Arr a -> { lowerLevels(a.size(), level); lowerTypeLevels(a.elem(), level); }
      case Ty.Rec r -> r.fields().values().forEach(x -> lowerTypeLevels(x, level));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> lowerTypeLevels(x, level)));
      case Ty.Fun f -> {
        lowerTypeLevels(f.param(), level);
        lowerTypeLevels(f.result(), level);
      }
      case Ty.Named n -> n.args().forEach(x -> {
        if (x.type() != null) lowerTypeLevels(x.type(), level);
        else lowerLevels(x.size(), level);
      });
      case Ty.Prim p -> { }
    }
  }

  private static boolean occurs(Ty.Var v, Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Var w -> w == v;
      case Ty.Arr a -> occurs(v, a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> occurs(v, x));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> occurs(v, x));
      case Ty.Fun f -> occurs(v, f.param()) || occurs(v, f.result());
      case Ty.Named n -> n.args().stream().anyMatch(x -> x.type() != null && occurs(v, x.type()));
      case Ty.Prim p -> false;
    };
  }

  static boolean containsFun(Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Fun f -> true;
      case Ty.Arr a -> containsFun(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Unify::containsFun);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Unify::containsFun);
      case Ty.Prim p -> false;
      case Ty.Named n -> false;
      case Ty.Var v -> false;
    };
  }

  // ---- joining the types of branches --------------------------------------------------------

  /**
   * The type of a value of either type (the branches of {@code if} and {@code match}): the types
   * must unify, but sizes that differ become a fresh unknown size.
   */
  Ty join(Ty a0, Ty b0, String origin) {
    return join(a0, b0, origin, new HashMap<>());
  }

  /** {@code made}: the unknown size made for each pair of differing sizes (the same pair gets the same one). */
  private Ty join(Ty a0, Ty b0, String origin, Map<String, SE> made) {
    Ty a = resolve(a0), b = resolve(b0);
    if (openSum(a) != null && b instanceof Ty.Sum sb) return joinOpenSum((Ty.Var) a, sb, origin, made);
    if (openSum(b) != null && a instanceof Ty.Sum sa) return joinOpenSum((Ty.Var) b, sa, origin, made);
    if (a instanceof Ty.Var || b instanceof Ty.Var) {
      unify(a, b);
      return a;
    }
    switch (a) {
      case Ty.Arr x when b instanceof Ty.Arr y -> {
        SE sx = SE.norm(x.size()), sy = SE.norm(y.size());
        SE size;
        if (SE.same(sx, sy)) size = x.size();
        else if ((sx instanceof SE.F || sy instanceof SE.F) && tryUnifySize(sx, sy)) {
          size = x.size();
        } else {
          String key = SE.show(normFully(sx)) + "|" + SE.hash(sx) + "/" + SE.show(normFully(sy)) + "|" + SE.hash(sy);
          size = made.computeIfAbsent(key, k -> SE.var(st.unknownSize("differ", origin)));
        }
        return new Ty.Arr(join(x.elem(), y.elem(), origin, made), size, x.unique() && y.unique());
      }
      case Ty.Rec x when b instanceof Ty.Rec y && x.fields().keySet().equals(y.fields().keySet()) -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        x.fields().forEach((k, v) -> m.put(k, join(v, y.fields().get(k), origin, made)));
        return new Ty.Rec(m);
      }
      case Ty.Sum x when b instanceof Ty.Sum y && x.constructors().keySet().equals(y.constructors().keySet()) -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        for (var e : x.constructors().entrySet()) {
          List<Ty> py = y.constructors().get(e.getKey());
          if (py.size() != e.getValue().size()) throw mismatch();
          List<Ty> j = new ArrayList<>();
          for (int i = 0; i < py.size(); i++) j.add(join(e.getValue().get(i), py.get(i), origin, made));
          m.put(e.getKey(), j);
        }
        return new Ty.Sum(m);
      }
      case Ty.Prim p -> { unify(a, b); return a; }
      case Ty.Arr ar -> { unify(a, b); return a; }
      case Ty.Rec r -> { unify(a, b); return a; }
      case Ty.Sum s -> { unify(a, b); return a; }
      case Ty.Fun f -> { unify(a, b); return a; }
      case Ty.Named n -> { unify(a, b); return a; }
      case Ty.Var v -> { unify(a, b); return a; }
    }
  }

  /** The constructors of a sum type known only by the constructors used so far, or null. */
  private static SortedMap<String, List<Ty>> openSum(Ty t) {
    return t instanceof Ty.Var v && v.ref == null && v.constructors != null && v.prims == null && v.fields == null ? v.constructors : null;
  }

  /**
   * Joins a sum type known only by its constructors so far ({@code #some (iota x)}) with a known sum
   * type: constructor by constructor, so that payload sizes that differ become unknown sizes as for
   * arrays, instead of having to be equal. {@code v} takes the known type's constructors, with its
   * own payloads.
   */
  private Ty joinOpenSum(Ty.Var v, Ty.Sum b, String origin, Map<String, SE> made) {
    SortedMap<String, List<Ty>> joined = new TreeMap<>(b.constructors());
    SortedMap<String, List<Ty>> own = new TreeMap<>(b.constructors());
    for (var e : v.constructors.entrySet()) {
      List<Ty> theirs = b.constructors().get(e.getKey());
      if (theirs == null || theirs.size() != e.getValue().size()) {
        // A constructor the known type lacks: unification reports it.
        unify(v, b);
        return b;
      }
      List<Ty> j = new ArrayList<>();
      for (int i = 0; i < theirs.size(); i++) j.add(join(e.getValue().get(i), theirs.get(i), origin, made));
      joined.put(e.getKey(), j);
      own.put(e.getKey(), e.getValue());
    }
    v.ref = new Ty.Sum(own);
    return new Ty.Sum(joined);
  }

  /**
   * Unification for a size coercion {@code e :> t}: the types must have the same shape; the
   * anonymous (flexible) sizes of {@code target} take the value's sizes, the others are checked at
   * run time.
   */
  void unifyShape(Ty target0, Ty actual0) {
    Ty target = resolve(target0), actual = resolve(actual0);
    if (actual instanceof Ty.Var && !(target instanceof Ty.Var)) {
      // A value whose type is not known yet has the target's structure, with sizes of its own.
      unify(freshSizes(target, st.level, "dv"), actual);
      actual = resolve(actual);
    }
    if (target instanceof Ty.Arr x && actual instanceof Ty.Arr y) {
      if (SE.norm(x.size()) instanceof SE.F) unifySize(x.size(), y.size());
      unifyShape(x.elem(), y.elem());
      return;
    }
    if (target instanceof Ty.Rec x && actual instanceof Ty.Rec y && x.fields().keySet().equals(y.fields().keySet())) {
      for (var e : x.fields().entrySet()) unifyShape(e.getValue(), y.fields().get(e.getKey()));
      return;
    }
    // An abstract type's size arguments are sizes too: a coercion may change them (P.vec [n]).
    if (target instanceof Ty.Named x && actual instanceof Ty.Named y && x.name().equals(y.name())
        && x.args().size() == y.args().size()) {
      for (int i = 0; i < x.args().size(); i++) {
        Ty.Arg p = x.args().get(i), q = y.args().get(i);
        if (p.type() != null && q.type() != null) unifyShape(p.type(), q.type());
        else if (p.size() != null && q.size() != null) {
          if (SE.norm(p.size()) instanceof SE.F) unifySize(p.size(), q.size());
        } else throw mismatch();
      }
      return;
    }
    unify(target, actual);
  }

  // ---- substitution -------------------------------------------------------------------------

  /** Replaces named types ({@code types}) and size variables ({@code sizes}) in {@code t}. */
  static Ty subst(Ty t, Map<VName, Ty> types, Map<VName, SE> sizes) {
    if (types.isEmpty() && sizes.isEmpty()) return t;
    t = resolve(t);
    return switch (t) {
      case Ty.Arr a -> new Ty.Arr(subst(a.elem(), types, sizes), SE.subst(a.size(), sizes), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, subst(v, types, sizes)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> subst(x, types, sizes)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.pname(), subst(f.param(), types, sizes), f.exts(), subst(f.result(), types, sizes));
      case Ty.Named n -> {
        Ty r = types.get(n.name());
        if (r != null) yield n.unique() ? unique(r, true) : r;
        List<Ty.Arg> args = n.args().stream().map(x -> x.type() != null ? Ty.Arg.of(subst(x.type(), types, sizes))
            : Ty.Arg.of(SE.subst(x.size(), sizes))).toList();
        yield new Ty.Named(n.name(), args, n.unique());
      }
      case Ty.Prim p -> t;
      case Ty.Var v -> t;
    };
  }

  /** The type with no uniqueness anywhere (except in function types, where it is part of the type). */
  static Ty deepNonUnique(Ty t) {
    Ty r = resolve(t);
    return switch (r) {
      case Ty.Arr a -> new Ty.Arr(deepNonUnique(a.elem()), a.size(), false);
      case Ty.Named n -> n.unique() ? new Ty.Named(n.name(), n.args(), false) : n;
      case Ty.Rec rec -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        rec.fields().forEach((k, v) -> m.put(k, deepNonUnique(v)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(Unify::deepNonUnique).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Prim p -> t;
      case Ty.Fun f -> t;
      case Ty.Var v -> t;
    };
  }

  /** The type with its top-level uniqueness set (arrays and named types; records component-wise). */
  static Ty unique(Ty t, boolean u) {
    t = resolve(t);
    return switch (t) {
      case Ty.Arr a -> a.unique() == u ? a : new Ty.Arr(a.elem(), a.size(), u);
      case Ty.Named n -> n.unique() == u ? n : new Ty.Named(n.name(), n.args(), u);
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, unique(v, u)));
        yield new Ty.Rec(m);
      }
      // *(#some [2]i32 | #none): the arrays of the payloads are unique.
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> unique(x, u)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Prim p -> t;
      case Ty.Fun f -> t;
      case Ty.Var v -> t;
    };
  }

  /**
   * Passes a liftedness ceiling on to the variables of a solution, through records and sums (as the
   * reference's liftednessCheck: an array or function is whatever it is).
   */
  static void lowerCeiling(Ty t, Liftedness l) {
    switch (resolve(t)) {
      case Ty.Var w -> { if (l.ordinal() < w.ceiling.ordinal()) w.ceiling = l; }
      case Ty.Rec r -> r.fields().values().forEach(f -> lowerCeiling(f, l));
      case Ty.Sum s -> s.constructors().values().forEach(ts -> ts.forEach(f -> lowerCeiling(f, l)));
      case Ty.Prim p -> { }
      case Ty.Arr a -> { }
      case Ty.Fun f -> { }
      case Ty.Named n -> { }
    }
  }

  /** Whether {@code t} mentions any of {@code names} in a size. */
  static boolean mentions(Ty t, Set<VName> names) {
    t = resolve(t);
    return switch (t) {
      case Ty.Arr a -> SE.mentions(a.size(), names) || mentions(a.elem(), names);
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> mentions(x, names));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> mentions(x, names));
      case Ty.Fun f -> mentions(f.param(), names) || mentions(f.result(), names);
      case Ty.Named n -> n.args().stream().anyMatch(x -> x.type() != null ? mentions(x.type(), names) : SE.mentions(x.size(), names));
      case Ty.Prim p -> false;
      case Ty.Var v -> false;
    };
  }

  /** {@code t} with the parameter {@code v} a fresh unknown size (the same one wherever it occurs). */
  /**
   * Fails where an existential of {@code exp} (its flexible sizes in {@code exts}, by the
   * existential names they were made for) stands at the position of a size of {@code act} that
   * mentions one of {@code params}.
   */
  private static void existentialsFree(Ty exp, Ty act, Map<VName, SE> exts, Set<VName> params) {
    Ty e = resolve(exp), a = resolve(act);
    if (e instanceof Ty.Arr ea && a instanceof Ty.Arr aa) {
      for (var x : exts.entrySet()) {
        if (x.getValue() instanceof SE.F f && SE.norm(ea.size()) instanceof SE.F g && f.flex() == g.flex() && SE.mentions(aa.size(), params)) {
          Set<VName> named = new java.util.LinkedHashSet<>();
          SE.vars(aa.size(), named);
          named.retainAll(params);
          throw new Failure(TypeMessages.existentialLinkedToParameter(x.getKey().base(), SE.show(aa.size()),
              named.iterator().next().base()));
        }
      }
      existentialsFree(ea.elem(), aa.elem(), exts, params);
    } else if (e instanceof Ty.Rec er && a instanceof Ty.Rec ar && er.fields().keySet().equals(ar.fields().keySet())) {
      for (var f : er.fields().entrySet()) existentialsFree(f.getValue(), ar.fields().get(f.getKey()), exts, params);
    }
  }

  private Ty unknownWhereMentioned(Ty t, VName v) {
    VName d = st.absorbedSize(v.base(), Phrases.returnedByFunctionHere());
    madeUnknown.add(d);
    return subst(t, Map.of(), Map.of(v, SE.var(d)));
  }

  /** The sizes a function type's result hides from its caller while its result is unified. */
  /**
   * Whether the function type being unified with an expected one is a lambda's: its result's
   * dependence on its parameter is fixed (the reference's scope violation, see the Fun case),
   * where a named function's instantiated sizes may become the expected existential ones
   * (concatmap iota xs).
   */
  boolean lambdaArgument;

  private final Set<VName> hidden = new HashSet<>();
  /** The parameter names of the function types whose results are being unified. */
  private final Set<VName> arrowBound = new HashSet<>();

  /** {@link #unify} within the results of function types whose parameters {@code bound} are. */
  private void unifyUnder(Set<VName> bound, Ty a, Ty b) {
    Set<VName> before = Set.copyOf(arrowBound);
    arrowBound.addAll(bound);
    try {
      unify(a, b);
    } finally {
      arrowBound.retainAll(before);
    }
  }
  private final List<VName> madeUnknown = new ArrayList<>();


  /** The size variables of {@code t}. */
  static void sizeVars(Ty t, Set<VName> out) {
    t = resolve(t);
    switch (t) {
      case Ty.Arr a -> { SE.vars(a.size(), out); sizeVars(a.elem(), out); }
      case Ty.Rec r -> r.fields().values().forEach(x -> sizeVars(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> sizeVars(x, out)));
      case Ty.Fun f -> { sizeVars(f.param(), out); sizeVars(f.result(), out); }
      case Ty.Named n -> n.args().forEach(x -> {
        if (x.type() != null) sizeVars(x.type(), out);
        else SE.vars(x.size(), out);
      });
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  /**
   * The size variables of {@code t} by position, as the reference's {@code dimUses}: those of the
   * value itself ({@code immediate}: outside any function type) and those in the parameter types of
   * its function types ({@code params}).
   */
  static void sizeUses(Ty t, Set<VName> immediate, Set<VName> params) {
    sizeUses(t, immediate, params, true);
  }

  private static void sizeUses(Ty t, Set<VName> immediate, Set<VName> params, boolean here) {
    t = resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        if (here) SE.vars(a.size(), immediate);
        sizeUses(a.elem(), immediate, params, here);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> sizeUses(x, immediate, params, here));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> sizeUses(x, immediate, params, here)));
      case Ty.Fun f -> {
        // Everything in a parameter type is a parameter's size; a result's own sizes are neither
        // kind, but the parameters of functions inside it are parameters' sizes.
        sizeVars(f.param(), params);
        sizeUses(f.result(), immediate, params, false);
      }
      case Ty.Named n -> n.args().forEach(x -> {
        // A size argument is in the type's own position; a type argument's sizes are parameters'.
        if (x.type() != null) sizeVars(x.type(), params);
        else if (here) SE.vars(x.size(), immediate);
      });
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  // ---- rendering ----------------------------------------------------------------------------

  static String show(Ty t) {
    return showAll(t)[0];
  }

  /**
   * Renders several types for one message, naming unknown types {@code 'a}, {@code 'b}, ... in order
   * of appearance (the inference variables' numbers mean nothing to a reader).
   */
  static String[] showAll(Ty... ts) {
    return showAll(true, ts);
  }

  /**
   * As {@link #showAll}, without sizes or uniqueness: as the reference's first pass, which finds
   * mismatches of types before it knows any size, shows them ({@code []i32 -> []i32}).
   */
  static String[] showAllUnsized(Ty... ts) {
    return showAll(false, ts);
  }

  private static String[] showAll(boolean sizes, Ty... ts) {
    String[] out = new String[ts.length];
    Map<String, String> names = new HashMap<>();
    for (int i = 0; i < ts.length; i++) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\?(\\d+)").matcher(showRaw(ts[i], sizes));
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        String name = names.computeIfAbsent(m.group(1), k -> "'" + (char) ('a' + names.size() % 26));
        m.appendReplacement(sb, name);
      }
      m.appendTail(sb);
      out[i] = sb.toString();
    }
    return out;
  }

  static int fieldOrder(String a, String b) {
    boolean na = a.chars().allMatch(Character::isDigit) && !a.isEmpty();
    boolean nb = b.chars().allMatch(Character::isDigit) && !b.isEmpty();
    if (na && nb) return Integer.compare(Integer.parseInt(a), Integer.parseInt(b));
    return a.compareTo(b);
  }

  static boolean isTuple(Map<String, ?> fields) {
    if (fields.size() == 1) return false;
    int i = 0;
    for (String k : fields.keySet()) if (!k.equals(Integer.toString(i++))) return false;
    return true;
  }

  private static String showRaw(Ty t, boolean sizes) {
    t = resolve(t);
    return switch (t) {
      case Ty.Prim p -> p.prim().futName();
      case Ty.Var v -> v.prims != null ? Zonk.defaultOf(v.prims).futName() : "?" + v.id;
      case Ty.Arr a -> (sizes && a.unique() ? "*" : "") + "[" + (sizes ? SE.show(a.size()) : "") + "]"
          + showRaw(a.elem(), sizes).replaceFirst("^\\*", "");
      case Ty.Rec r -> {
        if (isTuple(r.fields())) yield r.fields().values().stream().map(x -> showRaw(x, sizes)).collect(Collectors.joining(", ", "(", ")"));
        List<String> keys = new ArrayList<>(r.fields().keySet());
        keys.sort(Unify::fieldOrder);
        yield keys.stream().map(k -> k + ": " + showRaw(r.fields().get(k), sizes)).collect(Collectors.joining(", ", "{", "}"));
      }
      case Ty.Sum s -> s.constructors().entrySet().stream()
          .map(e -> "#" + e.getKey() + e.getValue().stream().map(x -> " " + showAtom(x, sizes)).collect(Collectors.joining()))
          .collect(Collectors.joining(" | "));
      case Ty.Fun f -> {
        Ty p = resolve(f.param());
        String ps = p instanceof Ty.Fun || p instanceof Ty.Sum ? "(" + showRaw(p, sizes) + ")" : showRaw(p, sizes);
        if (sizes && f.pname() != null && mentions(f.result(), Set.of(f.pname()))) ps = "(" + f.pname().base() + ": " + showRaw(p, sizes) + ")";
        String ex = !sizes || f.exts().isEmpty() ? "" : "?" + f.exts().stream().map(x -> "[" + x.base() + "]").collect(Collectors.joining()) + ".";
        yield ps + " -> " + ex + showRaw(f.result(), sizes);
      }
      case Ty.Named n -> (sizes && n.unique() ? "*" : "") + n.name().base() + n.args().stream()
          .map(x -> " " + (x.type() != null ? showAtom(x.type(), sizes) : "[" + (sizes ? SE.show(x.size()) : "") + "]"))
          .collect(Collectors.joining());
    };
  }

  private static String showAtom(Ty t, boolean sizes) {
    Ty r = resolve(t);
    String s = showRaw(r, sizes);
    return r instanceof Ty.Fun || r instanceof Ty.Sum || (r instanceof Ty.Named n && !n.args().isEmpty()) ? "(" + s + ")" : s;
  }
}

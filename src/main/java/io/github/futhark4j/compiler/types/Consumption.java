package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.UniquenessErrors;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Uniqueness and aliasing: checks a checked definition for uses of consumed values, consumption of
 * what may not be consumed, and the aliasing rules of unique results, loop parameters, function
 * arguments and in-place updates, following the reference's rules (Language Reference, "In-place
 * updates" and "Alias analysis"; its type checker's consumption pass). Runs on the checked tree,
 * after type inference, once per top-level definition; like the reference, reports the first
 * problem it finds.
 *
 * <p>Every value has an alias structure mirroring its type ({@link Al}): for each array, value of
 * a type parameter and function (its closure), the variables it may share memory with. An alias is
 * bound (a variable in scope, with the record fields leading to the part of it) or free (the
 * variable has gone out of scope, and then stands for what it aliased). Applications and loops
 * make internal names, so that their results can be told apart in messages ("result of applying
 * "f"").
 *
 * <p>The checked tree is desugared where the reference's is not, and this pass sees through it: a
 * partial application is a lambda around a call ({@link #isPartialApplication}), and an update
 * along a path mixing fields and indices ({@code r with a[i] = v}) is nested updates sharing the
 * update's span ({@link #updatePath}).
 */
final class Consumption {
  private final TcState st;

  Consumption(TcState st) {
    this.st = st;
  }

  // ---- alias structures ---------------------------------------------------------------------

  /** An alias: a variable (and the fields of the part aliased), in scope or gone out of scope ({@code free}). */
  private record Alias(VName v, List<String> fields, boolean free) {}

  /** The reference's order of aliases: bound before free, then by name (a name's tag: the order names were bound), then path. */
  private static final Comparator<Alias> ORDER = Comparator.comparing((Alias a) -> a.free())
      .thenComparingInt(a -> a.v().tag()).thenComparing(a -> String.join(".", a.fields()));

  /** What kind of value a leaf of an alias structure is. */
  private enum Kind { ARRAY, TYPEVAR, FUNCTION }

  /** An alias structure: records and sums by component, a set per array, type variable or function. */
  private sealed interface Al {
    /** A primitive value: no aliases. */
    record Prim() implements Al {}

    /** {@code fn}: for a function, its types when its own type does not say them (else null). */
    record Leaf(Kind kind, Set<Alias> als, Fn fn) implements Al {}

    record Rec(Map<String, Al> fields) implements Al {}

    record Sum(SortedMap<String, List<Al>> cs) implements Al {}
  }

  private static final Al PRIM = new Al.Prim();

  /**
   * A function value's types: {@code applied} with the uniqueness of its result that its
   * definition infers (applications use it), {@code checked} as the type checker sees it, before
   * that inference (a lambda's or local function's result is then unique only if declared so):
   * function arguments are matched against function parameters with it.
   */
  private record Fn(Type applied, Type checked) {
    static Fn of(Type t) {
      return t == null ? null : new Fn(t, t);
    }
  }

  /** A variable in scope: whether it may be consumed here, and its aliases. */
  private record Entry(boolean consumable, Al als, int depth) {}

  // per-definition state
  private Map<VName, Entry> vtable;
  private Map<VName, Span> consumed;
  private Map<VName, String> names;
  private int counter;
  /** Function and loop bodies entered: what is bound outside the innermost is not consumable. */
  private int depth;
  /** The first consumption error of the definition, and the first error of function argument types. */
  private Diagnostic firstError, firstTypeError;

  private static Set<Alias> all(Al a) {
    Set<Alias> s = new HashSet<>();
    collect(a, s);
    return s;
  }

  private static void collect(Al a, Set<Alias> out) {
    switch (a) {
      case Al.Prim p -> { }
      case Al.Leaf l -> out.addAll(l.als());
      case Al.Rec r -> r.fields().values().forEach(x -> collect(x, out));
      case Al.Sum s -> s.cs().values().forEach(l -> l.forEach(x -> collect(x, out)));
    }
  }

  /** The aliases of the arrays and type-variable values in {@code a}, not those of functions. */
  private static Set<Alias> arrayAliases(Al a) {
    Set<Alias> s = new HashSet<>();
    new Object() {
      void go(Al x) {
        switch (x) {
          case Al.Leaf l -> { if (l.kind() != Kind.FUNCTION) s.addAll(l.als()); }
          case Al.Rec r -> r.fields().values().forEach(this::go);
          case Al.Sum u -> u.cs().values().forEach(l -> l.forEach(this::go));
          case Al.Prim p -> { }
        }
      }
    }.go(a);
    return s;
  }

  private static Set<VName> boundVars(Set<Alias> als) {
    Set<VName> s = new LinkedHashSet<>();
    for (Alias a : sorted(als)) if (!a.free()) s.add(a.v());
    return s;
  }

  private static Set<VName> vars(Set<Alias> als) {
    Set<VName> s = new LinkedHashSet<>();
    for (Alias a : sorted(als)) s.add(a.v());
    return s;
  }

  private static List<Alias> sorted(Set<Alias> als) {
    List<Alias> l = new ArrayList<>(als);
    l.sort(ORDER);
    return l;
  }

  private static Kind kind(Type t) {
    return t instanceof Type.Array ? Kind.ARRAY : t instanceof Type.Arrow ? Kind.FUNCTION : Kind.TYPEVAR;
  }

  /** The alias structure of a value of type {@code t} each of whose leaves (at field path p) aliases {@code f(p)}. */
  private static Al shape(Type t, List<String> path, Function<List<String>, Set<Alias>> f) {
    return switch (t) {
      case Type.Prim p -> PRIM;
      case Type.Record r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, shape(v, extend(path, k), f)));
        yield new Al.Rec(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> shape(x, path, f)).toList()));
        yield new Al.Sum(m);
      }
      case Type.Array a -> new Al.Leaf(kind(t), f.apply(path), null);
      case Type.Param a -> new Al.Leaf(kind(t), f.apply(path), null);
      case Type.Arrow a -> new Al.Leaf(kind(t), f.apply(path), null);
    };
  }

  private static Al shape(Type t, Set<Alias> als) {
    return shape(t, List.of(), p -> als);
  }

  private static List<String> extend(List<String> path, String f) {
    List<String> l = new ArrayList<>(path);
    l.add(f);
    return List.copyOf(l);
  }

  /** A parameter's (or other fresh binding's) own aliases: itself, at every part. */
  private static Al selfAliased(VName v, Type t) {
    return shape(t, List.of(), p -> Set.of(new Alias(v, p, false)));
  }

  /** {@code a} with {@code v} (at each part's field path) added to every leaf. */
  private static Al insertSelf(VName v, Al a, List<String> path) {
    return switch (a) {
      case Al.Prim p -> p;
      case Al.Leaf l -> {
        Set<Alias> s = new HashSet<>(l.als());
        s.add(new Alias(v, path, false));
        yield new Al.Leaf(l.kind(), s, l.fn());
      }
      case Al.Rec r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, insertSelf(v, x, extend(path, k))));
        yield new Al.Rec(m);
      }
      case Al.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.cs().forEach((k, l) -> m.put(k, l.stream().map(x -> insertSelf(v, x, path)).toList()));
        yield new Al.Sum(m);
      }
    };
  }

  private static Al map(Al a, Function<Set<Alias>, Set<Alias>> f) {
    return switch (a) {
      case Al.Prim p -> p;
      case Al.Leaf l -> new Al.Leaf(l.kind(), f.apply(l.als()), l.fn());
      case Al.Rec r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, map(v, f)));
        yield new Al.Rec(m);
      }
      case Al.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.cs().forEach((k, v) -> m.put(k, v.stream().map(x -> map(x, f)).toList()));
        yield new Al.Sum(m);
      }
    };
  }

  private static Al clear(Al a) {
    return map(a, s -> Set.of());
  }

  private static Al field(Al a, String f) {
    if (a instanceof Al.Rec r && r.fields().containsKey(f)) return r.fields().get(f);
    return new Al.Leaf(Kind.ARRAY, all(a), null);
  }

  /** Combines the aliases of two values of (roughly) the same type, keeping the first's structure. */
  private static Al combine(Al a, Al b) {
    if (a instanceof Al.Prim) return a;
    if (a instanceof Al.Leaf l) {
      Set<Alias> s = new HashSet<>(l.als());
      s.addAll(all(b));
      return new Al.Leaf(l.kind(), s, l.fn() != null ? l.fn() : b instanceof Al.Leaf m ? m.fn() : null);
    }
    if (b instanceof Al.Leaf l && l.kind() == Kind.TYPEVAR) {
      Set<Alias> s = new HashSet<>(l.als());
      s.addAll(all(a));
      return new Al.Leaf(Kind.TYPEVAR, s, null);
    }
    if (a instanceof Al.Rec x && b instanceof Al.Rec y && x.fields().keySet().equals(y.fields().keySet())) {
      Map<String, Al> m = new LinkedHashMap<>();
      x.fields().forEach((k, v) -> m.put(k, combine(v, y.fields().get(k))));
      return new Al.Rec(m);
    }
    if (a instanceof Al.Sum x && b instanceof Al.Sum y && x.cs().keySet().equals(y.cs().keySet())) {
      SortedMap<String, List<Al>> m = new TreeMap<>();
      for (var e : x.cs().entrySet()) {
        List<Al> ys = y.cs().get(e.getKey());
        List<Al> out = new ArrayList<>();
        for (int i = 0; i < e.getValue().size(); i++) out.add(i < ys.size() ? combine(e.getValue().get(i), ys.get(i)) : e.getValue().get(i));
        m.put(e.getKey(), out);
      }
      return new Al.Sum(m);
    }
    Set<Alias> s = all(a);
    s.addAll(all(b));
    return map(a, x -> s);
  }

  private static Al unscope(Al a, Set<VName> gone) {
    if (gone.isEmpty()) return a;
    return map(a, s -> {
      Set<Alias> out = new HashSet<>();
      for (Alias x : s) out.add(!x.free() && gone.contains(x.v()) ? new Alias(x.v(), x.fields(), true) : x);
      return out;
    });
  }

  // ---- types --------------------------------------------------------------------------------

  /** Whether a parameter of type {@code t} consumes its argument (any part of it unique). */
  private static boolean diet(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Param p -> p.unique();
      case Type.Record r -> r.fields().values().stream().anyMatch(Consumption::diet);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Consumption::diet);
      case Type.Prim p -> false;
      case Type.Arrow f -> false; // a function parameter's own uniqueness is its type's business
    };
  }

  /** Whether a result of type {@code t} is unique (any part of it). */
  private static boolean unique(Type t) {
    return diet(t);
  }

  /** Whether a parameter of type {@code t} may be aliased by a unique result: all of it consumed. */
  private static boolean consumableParamType(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Prim p -> true;
      case Type.Param p -> p.unique();
      case Type.Record r -> r.fields().values().stream().allMatch(Consumption::consumableParamType);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).allMatch(Consumption::consumableParamType);
      case Type.Arrow f -> false;
    };
  }

  /** {@code t} with every array (and type parameter) in it unique or not: what {@code *} on a record or sum means. */
  static Type setUnique(Type t, boolean u) {
    return switch (t) {
      case Type.Array a -> new Type.Array(a.elem(), a.shape(), u);
      case Type.Param p -> new Type.Param(p.name(), u);
      case Type.Record r -> {
        Map<String, Type> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, setUnique(v, u)));
        yield new Type.Record(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Type>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> setUnique(x, u)).toList()));
        yield new Type.Sum(m);
      }
      case Type.Prim p -> t;
      case Type.Arrow f -> t;
    };
  }

  private static boolean orderZero(Type t) {
    return !Defs.functional(t);
  }

  private static String show(Type t) {
    return Holes.show(t, n -> false);
  }

  // ---- entry --------------------------------------------------------------------------------

  /**
   * Checks a definition; returns its type with the result's uniqueness inferred when it was not
   * declared ({@code declaredRet}).
   */
  Type checkDef(FunDef fd, boolean declaredRet, Span span) {
    vtable = new HashMap<>();
    consumed = new HashMap<>();
    names = new HashMap<>();
    counter = 0;
    depth = 0;
    firstError = null;
    firstTypeError = null;
    Set<VName> bound = new HashSet<>();
    for (TPat p : fd.params()) bindParam(p, bound);
    for (TPat p : fd.params()) sizeExpressions(p.type());
    Al body = exp(fd.body());
    if (declaredRet) bodyMatches(fd.body(), body, fd.returnType());
    Type ret = declaredRet ? fd.returnType() : setUnique(fd.returnType(), false);
    checkReturnAlias(span, fd.params(), ret, body);
    checkGlobalAliases(span, fd.params(), body);
    if (declaredRet) {
      if (fd.params().isEmpty() && unique(ret)) error(UniquenessErrors.uniqueConstant(span));
    } else {
      ret = inferReturnUniqueness(fd.params(), ret, body);
    }
    Diagnostic e = firstTypeError != null ? firstTypeError : firstError;
    if (e != null) st.error(e);
    Type t = ret;
    for (int i = fd.params().size() - 1; i >= 0; i--) t = new Type.Arrow(null, patternType(fd.params().get(i)), t);
    return t;
  }

  private void error(Diagnostic d) {
    if (firstError == null) firstError = d;
  }

  private void typeError(Diagnostic d) {
    if (firstTypeError == null) firstTypeError = d;
  }

  /** The size expressions of a parameter's type ([consume ns]) may consume nothing. */
  private void sizeExpressions(Type t) {
    switch (t) {
      case Type.Array a -> {
        for (Size sz : a.shape()) {
          if (!(sz instanceof Size.Expr se)) continue;
          depth++;
          try {
            exp(se.exp());
          } finally {
            depth--;
          }
        }
        sizeExpressions(a.elem());
      }
      case Type.Record r -> r.fields().values().forEach(this::sizeExpressions);
      case Type.Sum su -> su.constructors().values().forEach(ts -> ts.forEach(this::sizeExpressions));
      case Type.Prim p -> { }
      case Type.Param p -> { }
      case Type.Arrow f -> { } // sizes of a function type's parameters and result are not computed here
    }
  }

  // ---- bindings -----------------------------------------------------------------------------

  private static Map<VName, Type> patternMap(TPat p) {
    Map<VName, Type> m = new LinkedHashMap<>();
    walk(p, m);
    return m;
  }

  private static void walk(TPat p, Map<VName, Type> m) {
    switch (p) {
      case TPat.Id id -> m.put(id.name(), id.type());
      case TPat.Record r -> r.fields().values().forEach(x -> walk(x, m));
      case TPat.Constr c -> c.payload().forEach(x -> walk(x, m));
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
    }
  }

  /** The type of a parameter pattern, with the uniqueness of the names it binds. */
  private static Type patternType(TPat p) {
    if (p instanceof TPat.Record r) {
      Map<String, Type> m = new LinkedHashMap<>();
      r.fields().forEach((k, v) -> m.put(k, patternType(v)));
      return new Type.Record(m);
    }
    return p.type();
  }

  /** Binds a parameter: its names are consumable when their types are unique anywhere. */
  private void bindParam(TPat p, Set<VName> out) {
    for (var e : patternMap(p).entrySet()) {
      out.add(e.getKey());
      vtable.put(e.getKey(), new Entry(diet(e.getValue()), selfAliased(e.getKey(), e.getValue()), depth));
    }
  }

  /** The aliases of each name of a pattern matched against a value with aliases {@code als}. */
  private static void matchPat(TPat p, Al als, Map<VName, Al> out) {
    switch (p) {
      case TPat.Id id -> out.put(id.name(), als);
      case TPat.Record r -> {
        if (als instanceof Al.Rec) r.fields().forEach((k, v) -> matchPat(v, field(als, k), out));
      }
      case TPat.Constr c -> {
        if (als instanceof Al.Sum s && s.cs().containsKey(c.name())) {
          List<Al> payload = s.cs().get(c.name());
          for (int i = 0; i < c.payload().size() && i < payload.size(); i++) matchPat(c.payload().get(i), payload.get(i), out);
        }
      }
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
    }
  }

  /** Binds a pattern of a let or match case (consumable names, aliasing themselves too); returns the names. */
  private Set<VName> bindPat(TPat p, Al als) {
    Map<VName, Al> m = new LinkedHashMap<>();
    matchPat(p, als, m);
    Map<VName, Type> names = patternMap(p);
    for (var e : names.entrySet()) {
      // A name the value's structure does not reach aliases all of it.
      Al a = m.containsKey(e.getKey()) ? m.get(e.getKey()) : shape(e.getValue(), all(als));
      vtable.put(e.getKey(), new Entry(true, insertSelf(e.getKey(), a, List.of()), depth));
    }
    return names.keySet();
  }

  private void unbind(Set<VName> vs) {
    for (VName v : vs) vtable.remove(v);
  }

  // ---- consumption --------------------------------------------------------------------------

  private String describe(VName v) {
    String n = names.get(v);
    return n != null ? n : Phrases.variable(v.base());
  }

  private boolean consumable(VName v) {
    Entry e = vtable.get(v);
    return e != null && e.consumable() && e.depth() == depth;
  }

  private void checkIfConsumed(Span at, Set<Alias> als) {
    for (Alias a : sorted(als)) {
      Span where = consumed.get(a.v());
      if (where != null) {
        error(UniquenessErrors.useAfterConsumption(at, describe(a.v()), where.relative()));
        return;
      }
    }
  }

  private void consumeAliases(Span at, Set<Alias> als) {
    for (Alias a : sorted(als)) {
      if (!a.free() && !consumable(a.v())) {
        error(UniquenessErrors.notConsumable(at, describe(a.v())));
      }
    }
    checkIfConsumed(at, als);
    for (Alias a : als) consumed.putIfAbsent(a.v(), at);
  }

  /** Runs {@code f}, returning what it consumed (into {@code out}) and undoing that in the state. */
  private <T> T contain(Supplier<T> f, Map<VName, Span> out) {
    Map<VName, Span> before = new HashMap<>(consumed);
    T x = f.get();
    for (var e : consumed.entrySet()) if (!before.containsKey(e.getKey())) out.put(e.getKey(), e.getValue());
    consumed = before;
    return x;
  }

  private void markConsumed(Map<VName, Span> cons) {
    for (var e : cons.entrySet()) consumed.putIfAbsent(e.getKey(), e.getValue());
  }

  private Al observeVar(TExp.Var v) {
    Entry e = vtable.get(v.name());
    Al als;
    if (e != null) {
      als = e.als();
    } else if (v.type() instanceof Type.Arrow) {
      als = new Al.Leaf(Kind.FUNCTION, Set.of(), Fn.of(st.defTypes.get(v.name())));
    } else if (mentionsLocal(v.type())) {
      // An instance of a size-polymorphic global (its sizes are local names): like a function, it
      // does not alias the global.
      als = shape(v.type(), Set.of());
    } else {
      // A global: its arrays alias it (not its values of abstract type, nor its functions).
      als = globalSelf(v.name(), v.type(), List.of());
    }
    checkIfConsumed(v.span(), all(als));
    return als;
  }

  private boolean mentionsLocal(Type t) {
    return switch (t) {
      case Type.Array a -> a.shape().stream().anyMatch(d -> d instanceof Size.Var sv && vtable.containsKey(sv.name()))
          || mentionsLocal(a.elem());
      case Type.Record r -> r.fields().values().stream().anyMatch(this::mentionsLocal);
      case Type.Sum su -> su.constructors().values().stream().flatMap(List::stream).anyMatch(this::mentionsLocal);
      case Type.Prim p -> false;
      case Type.Param p -> false;
      case Type.Arrow f -> false; // a function's sizes are its own
    };
  }

  private static Al globalSelf(VName v, Type t, List<String> path) {
    return switch (t) {
      case Type.Prim p -> PRIM;
      case Type.Array a -> new Al.Leaf(Kind.ARRAY, Set.of(new Alias(v, path, false)), null);
      case Type.Record r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, globalSelf(v, x, extend(path, k))));
        yield new Al.Rec(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.constructors().forEach((k, x) -> m.put(k, x.stream().map(y -> globalSelf(v, y, path)).toList()));
        yield new Al.Sum(m);
      }
      case Type.Param p -> new Al.Leaf(kind(t), Set.of(), null);
      case Type.Arrow f -> new Al.Leaf(kind(t), Set.of(), null);
    };
  }

  private VName internal(String base, String desc) {
    VName v = new VName(base, -(++counter));
    names.put(v, desc);
    return v;
  }

  // ---- expressions --------------------------------------------------------------------------

  private Al exp(TExp e) {
    switch (e) {
      case TExp.Literal l -> { return PRIM; }
      case TExp.Var v -> { return observeVar(v); }
      case TExp.Intrinsic i -> { return shape(i.type(), Set.of()); }
      case TExp.ArrayLit a -> {
        a.elements().forEach(this::exp);
        return shape(a.type(), Set.of());
      }
      case TExp.RecordLit r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, exp(v)));
        return new Al.Rec(m);
      }
      case TExp.Range r -> {
        exp(r.start());
        if (r.second() != null) exp(r.second());
        exp(r.end());
        return shape(r.type(), Set.of());
      }
      case TExp.Project p -> { return field(exp(p.record()), p.field()); }
      case TExp.Index i -> {
        Al a = exp(i.array());
        for (TExp.DimIndex d : i.indices()) dimIndex(d);
        return shape(i.type(), all(a));
      }
      case TExp.Update up -> { return update(up); }
      case TExp.RecordUpdate ru -> { return update(ru); }
      case TExp.Let l -> {
        Map<VName, Span> cons = new HashMap<>();
        Al v = contain(() -> exp(l.value()), cons);
        markConsumed(cons);
        if (!cons.isEmpty() && !orderZero(l.value().type())) {
          error(UniquenessErrors.consumptionInFunctionalLet(l.value().span(), show(l.value().type())));
        }
        Set<VName> bound = bindPat(l.pattern(), v);
        Al body = exp(l.body());
        unbind(bound);
        return unscope(body, bound);
      }
      case TExp.LetFun lf -> {
        Type declared = st.declaredLocalReturns.contains(lf.name()) ? lf.fun().returnType() : null;
        Al ft = function(lf.fun().params(), lf.fun().body(), lf.fun().returnType(), declared, lf.span(), true);
        vtable.put(lf.name(), new Entry(false, ft, depth));
        Al body = exp(lf.body());
        vtable.remove(lf.name());
        return body;
      }
      case TExp.Lambda l -> {
        if (isPartialApplication(l)) return partialApplication(l);
        Type ret = l.type();
        for (int i = 0; i < l.params().size() && ret instanceof Type.Arrow a; i++) ret = a.result();
        Type declared = st.declaredLambdaReturns.contains(l.span()) ? ret : null;
        return function(l.params(), l.body(), ret, declared, l.span(), false);
      }
      case TExp.If i -> {
        exp(i.cond());
        Map<VName, Span> c1 = new LinkedHashMap<>(), c2 = new LinkedHashMap<>();
        Al a = contain(() -> exp(i.then()), c1);
        Al b = contain(() -> exp(i.otherwise()), c2);
        Map<VName, Span> allCons = new LinkedHashMap<>(c1);
        c2.forEach(allCons::putIfAbsent);
        markConsumed(allCons);
        return map(combine(a, b), s -> notConsumed(s, allCons));
      }
      case TExp.Match m -> {
        Al scrut = exp(m.scrutinee());
        Map<VName, Span> allCons = new LinkedHashMap<>();
        Al result = null;
        for (TExp.Case c : m.cases()) {
          Map<VName, Span> cc = new LinkedHashMap<>();
          Al r = contain(() -> {
            Set<VName> bound = bindPat(c.pattern(), scrut);
            Al body = exp(c.body());
            unbind(bound);
            return unscope(body, bound);
          }, cc);
          cc.forEach(allCons::putIfAbsent);
          result = result == null ? r : combine(result, r);
        }
        markConsumed(allCons);
        if (result == null) return shape(m.type(), Set.of());
        return map(result, s -> notConsumed(s, allCons));
      }
      case TExp.Apply a -> { return apply(a); }
      case TExp.BinOp b -> {
        exp(b.x());
        exp(b.y());
        return shape(b.type(), Set.of());
      }
      case TExp.UnOp u -> {
        exp(u.x());
        return shape(u.type(), Set.of());
      }
      case TExp.Constr c -> {
        List<Al> payload = c.payload().stream().map(this::exp).toList();
        if (c.type() instanceof Type.Sum s) {
          SortedMap<String, List<Al>> m = new TreeMap<>();
          s.constructors().forEach((k, v) -> m.put(k, k.equals(c.name()) ? payload : v.stream().map(x -> shape(x, Set.of())).toList()));
          return new Al.Sum(m);
        }
        return shape(c.type(), Set.of());
      }
      case TExp.Assert a -> {
        exp(a.cond());
        return exp(a.body());
      }
      case TExp.Coerce c -> { return exp(c.body()); }
      case TExp.Attr a -> { return exp(a.body()); }
      case TExp.Loop l -> { return loop(l); }
    }
  }

  private static Set<Alias> notConsumed(Set<Alias> s, Map<VName, Span> cons) {
    Set<Alias> out = new HashSet<>();
    for (Alias x : s) if (!cons.containsKey(x.v())) out.add(x);
    return out;
  }

  private void dimIndex(TExp.DimIndex d) {
    switch (d) {
      case TExp.DimIndex.Fix f -> exp(f.index());
      case TExp.DimIndex.Slice s -> {
        if (s.start() != null) exp(s.start());
        if (s.end() != null) exp(s.end());
        if (s.stride() != null) exp(s.stride());
      }
    }
  }

  // ---- updates ------------------------------------------------------------------------------

  /**
   * An update as written: {@code target with steps = value}, the steps field names and lists of
   * indices. The parser makes a path mixing fields and indices nested updates of parts of the
   * target, all with the update's span; this takes them apart again.
   */
  private record UpdatePath(TExp target, List<Object> steps, TExp value) {}

  private static UpdatePath updatePath(TExp e) {
    TExp target, value;
    List<Object> steps = new ArrayList<>();
    // Only the two update forms get here (a partial function, not a switch over every form).
    if (e instanceof TExp.Update u) {
      target = u.array();
      steps.add(u.indices());
      value = u.value();
    } else if (e instanceof TExp.RecordUpdate r) {
      target = r.record();
      steps.addAll(r.path());
      value = r.value();
    } else {
      throw new IllegalArgumentException("not an in-place update: " + e.getClass().getSimpleName());
    }
    if ((value instanceof TExp.Update || value instanceof TExp.RecordUpdate) && synthesized(value.span(), e.span(), target.span())) {
      UpdatePath inner = updatePath(value);
      steps.addAll(inner.steps());
      value = inner.value();
    }
    return new UpdatePath(target, steps, value);
  }

  /**
   * Whether an update's value is the parser's (the rest of the path): it has the update's span
   * (which parentheses around the update may have widened), or starts where the target does.
   */
  private static boolean synthesized(Span value, Span update, Span target) {
    return value.equals(update) || value.source() == target.source() && value.start() == target.start();
  }

  private Al update(TExp e) {
    UpdatePath p = updatePath(e);
    boolean hasIndex = false;
    for (Object s : p.steps()) {
      if (s instanceof List<?> is) {
        hasIndex = true;
        for (Object d : is) dimIndex((TExp.DimIndex) d);
      }
    }
    Al v = exp(p.value());
    Al src = exp(p.target());
    if (!hasIndex) return setField(src, p.steps(), 0, v);
    Set<Alias> srcAls = all(src);
    for (Alias a : all(v)) {
      if (srcAls.contains(a)) {
        error(UniquenessErrors.updateAliasesValue(p.value().span(), p.target().span().text(), p.value().span().text()));
        break;
      }
    }
    consumeAliases(e.span().withoutParens(), srcAls); // at the update itself, as the reference (not its parentheses)
    return clear(src);
  }

  private static Al setField(Al src, List<Object> path, int i, Al v) {
    if (i == path.size()) return v;
    if (src instanceof Al.Rec r && path.get(i) instanceof String f && r.fields().containsKey(f)) {
      Map<String, Al> m = new LinkedHashMap<>(r.fields());
      m.put(f, setField(r.fields().get(f), path, i + 1, v));
      return new Al.Rec(m);
    }
    return src;
  }

  // ---- functions ----------------------------------------------------------------------------

  /**
   * Whether a lambda is the checker's eta-expansion of a partial application or an operator
   * section ({@code f x} of a function of two parameters is {@code \y -> f x y}, {@code (`f` e)} is
   * {@code \x -> f x e}), with the call's span: each of its parameters is an argument of the call.
   * The reference sees an application, which consumes what it captures when it is made.
   */
  private static boolean isPartialApplication(TExp.Lambda l) {
    if (!(l.body() instanceof TExp.Apply a) || !a.span().equals(l.span())) return false;
    for (TPat p : l.params()) {
      if (!(p instanceof TPat.Id id) || paramPosition(a, id.name()) < 0) return false;
    }
    return true;
  }

  private static int paramPosition(TExp.Apply a, VName v) {
    for (int i = 0; i < a.args().size(); i++) if (a.args().get(i) instanceof TExp.Var x && x.name().equals(v)) return i;
    return -1;
  }

  private Al partialApplication(TExp.Lambda l) {
    TExp.Apply a = (TExp.Apply) l.body();
    int n = a.args().size();
    Al fAls = exp(a.function());
    Type ft = functionType(a.function(), fAls);
    List<Type> params = paramTypes(ft, n);
    Set<Integer> open = new HashSet<>();
    for (TPat p : l.params()) open.add(paramPosition(a, ((TPat.Id) p).name()));
    // The operand of a section ((e op), (op e)) is bound to a name with the section's span: as in
    // the reference, it is observed, not consumed, whatever the operator's parameter.
    Set<Integer> operands = new HashSet<>();
    for (int i = 0; i < n; i++) if (a.args().get(i) instanceof TExp.Var v && v.span().equals(l.span())) operands.add(i);
    Al[] argAls = checkArgs(a, params, n, open, operands);
    VName res = internal("internal_app_result", appDesc(a));
    Set<Alias> closure = new HashSet<>(all(fAls));
    closure.add(new Alias(res, List.of(), true));
    for (int i = 0; i < n; i++) if (!open.contains(i) && (operands.contains(i) || !diet(params.get(i)))) closure.addAll(all(argAls[i]));
    // Its type: the function's, with the parameters the lambda leaves open.
    Type rest = ft;
    for (int i = 0; i < n && rest instanceof Type.Arrow ar; i++) rest = ar.result();
    List<TPat> ps = l.params();
    for (int i = ps.size() - 1; i >= 0; i--) rest = new Type.Arrow(null, params.get(paramPosition(a, ((TPat.Id) ps.get(i)).name())), rest);
    return new Al.Leaf(Kind.FUNCTION, closure, Fn.of(rest));
  }

  /**
   * A lambda or local function: checked with only its own (consuming) parameters consumable, its
   * own consumption forgotten; its value aliases what the free variables of its body alias.
   */
  private Al function(List<TPat> params, TExp body, Type ret, Type declaredRet, Span span, boolean local) {
    depth++;
    Set<VName> paramNames = new LinkedHashSet<>();
    Al b;
    Type fnType, checkedType;
    Set<Alias> closure = new HashSet<>();
    try {
      for (TPat p : params) bindParam(p, paramNames);
      for (TPat p : params) sizeExpressions(p.type());
      b = contain(() -> exp(body), new HashMap<>());
      if (declaredRet != null) bodyMatches(body, b, declaredRet);
      Type r = declaredRet != null ? declaredRet : setUnique(ret, false);
      checkReturnAlias(span, params, r, b);
      checkGlobalAliases(span, params, b);
      Type r2 = declaredRet != null ? declaredRet : inferReturnUniqueness(params, r, b);
      fnType = r2;
      checkedType = r;
      for (int i = params.size() - 1; i >= 0; i--) {
        fnType = new Type.Arrow(null, patternType(params.get(i)), fnType);
        checkedType = new Type.Arrow(null, patternType(params.get(i)), checkedType);
      }
      // A function value aliases what its free variables alias (a local function's parameters too).
      Set<VName> free = new HashSet<>();
      freeVars(body, free);
      for (VName v : free) {
        Entry e = vtable.get(v);
        if (e != null && (local || !paramNames.contains(v))) closure.addAll(all(e.als()));
      }
    } finally {
      unbind(paramNames);
      depth--;
    }
    return unscope(new Al.Leaf(Kind.FUNCTION, closure, new Fn(fnType, checkedType)), paramNames);
  }

  private static void freeVars(TExp e, Set<VName> out) {
    new Object() {
      void go(TExp x) {
        switch (x) {
          case TExp.Var v -> out.add(v.name());
          case TExp.ArrayLit a -> a.elements().forEach(this::go);
          case TExp.RecordLit r -> r.fields().values().forEach(this::go);
          case TExp.Range r -> { go(r.start()); if (r.second() != null) go(r.second()); go(r.end()); }
          case TExp.Project p -> go(p.record());
          case TExp.Index i -> { go(i.array()); i.indices().forEach(this::di); }
          case TExp.Update u -> { go(u.array()); u.indices().forEach(this::di); go(u.value()); }
          case TExp.RecordUpdate u -> { go(u.record()); go(u.value()); }
          case TExp.Let l -> { go(l.value()); go(l.body()); }
          case TExp.LetFun l -> { go(l.fun().body()); go(l.body()); }
          case TExp.If i -> { go(i.cond()); go(i.then()); go(i.otherwise()); }
          case TExp.Loop l -> {
            go(l.init());
            switch (l.form()) {
              case TExp.LoopForm.For f -> go(f.bound());
              case TExp.LoopForm.ForIn f -> go(f.array());
              case TExp.LoopForm.While w -> go(w.cond());
            }
            go(l.body());
          }
          case TExp.Apply a -> { go(a.function()); a.args().forEach(this::go); }
          case TExp.Lambda l -> go(l.body());
          case TExp.BinOp b -> { go(b.x()); go(b.y()); }
          case TExp.UnOp u -> go(u.x());
          case TExp.Match m -> { go(m.scrutinee()); m.cases().forEach(c -> go(c.body())); }
          case TExp.Constr c -> c.payload().forEach(this::go);
          case TExp.Assert a -> { go(a.cond()); go(a.body()); }
          case TExp.Coerce c -> go(c.body());
          case TExp.Attr a -> go(a.body());
          case TExp.Literal l -> { }
          case TExp.Intrinsic i -> { }
        }
      }

      void di(TExp.DimIndex d) {
        if (d instanceof TExp.DimIndex.Fix f) go(f.index());
        else if (d instanceof TExp.DimIndex.Slice s) {
          if (s.start() != null) go(s.start());
          if (s.end() != null) go(s.end());
          if (s.stride() != null) go(s.stride());
        }
      }
    }.go(e);
  }

  /** A unique result must not alias a parameter that is not consumed, nor other parts of the result. */
  private void checkReturnAlias(Span span, List<TPat> params, Type ret, Al body) {
    List<Object[]> parts = new ArrayList<>();
    returnAliases(ret, body, parts);
    Set<Alias> seenUnique = new HashSet<>(), seenAny = new HashSet<>();
    for (Object[] part : parts) {
      boolean u = (Boolean) part[0];
      @SuppressWarnings("unchecked") Set<Alias> als = (Set<Alias>) part[1];
      if (u) {
        if (als.stream().anyMatch(seenAny::contains)) uniqueReturnAliased(span);
        notAliasesParam(span, params, vars(als));
        seenUnique.addAll(als);
      } else if (als.stream().anyMatch(seenUnique::contains)) {
        uniqueReturnAliased(span);
      }
      seenAny.addAll(als);
    }
  }

  private void uniqueReturnAliased(Span span) {
    error(UniquenessErrors.uniqueComponentAliased(span));
  }

  private void notAliasesParam(Span span, List<TPat> params, Set<VName> vs) {
    for (TPat p : params) {
      for (var e : patternMap(p).entrySet()) {
        if (!consumableParamType(e.getValue()) && vs.contains(e.getKey())) {
          error(UniquenessErrors.uniqueResultAliased(span, e.getKey().base()));
          break;
        }
      }
    }
  }

  private static void returnAliases(Type ret, Al als, List<Object[]> out) {
    if (ret instanceof Type.Record r && als instanceof Al.Rec ar) {
      for (var e : r.fields().entrySet()) {
        if (ar.fields().containsKey(e.getKey())) returnAliases(e.getValue(), ar.fields().get(e.getKey()), out);
      }
      return;
    }
    out.add(new Object[] {unique(ret), all(als)});
  }

  /** A function's result may not alias a global (except through functions it returns). */
  private void checkGlobalAliases(Span span, List<TPat> params, Al body) {
    if (params.isEmpty()) return;
    for (VName v : boundVars(arrayAliases(body))) {
      if (!vtable.containsKey(v)) {
        error(UniquenessErrors.resultAliasesFreeVariable(span, v.base()));
        return;
      }
    }
  }

  /**
   * The uniqueness of a result whose type is not declared: unique where it aliases only consumed
   * parameters, and nothing that other parts of the result alias too.
   */
  private static Type inferReturnUniqueness(List<TPat> params, Type ret, Al body) {
    if (params.isEmpty()) return setUnique(ret, false);
    Set<VName> consumings = new HashSet<>();
    for (TPat p : params) patternMap(p).forEach((v, t) -> { if (diet(t)) consumings.add(v); });
    Map<VName, Integer> counts = new HashMap<>();
    countAliases(body, counts);
    Set<VName> forbidden = new HashSet<>();
    counts.forEach((k, n) -> { if (n > 1) forbidden.add(k); });
    return inferU(ret, body, consumings, forbidden);
  }

  private static void countAliases(Al a, Map<VName, Integer> counts) {
    switch (a) {
      case Al.Rec r -> {
        for (Al x : r.fields().values()) {
          Map<VName, Integer> sub = new HashMap<>();
          countAliases(x, sub);
          sub.forEach((k, n) -> counts.merge(k, n, Integer::sum));
        }
      }
      case Al.Leaf l when l.kind() == Kind.TYPEVAR -> {
        for (Alias x : l.als()) counts.put(x.v(), 2);
      }
      case Al.Leaf l -> {
        for (VName v : vars(all(a))) counts.put(v, 1);
      }
      case Al.Sum su -> {
        for (VName v : vars(all(a))) counts.put(v, 1);
      }
      case Al.Prim p -> { }
    }
  }

  private static Type inferU(Type t, Al a, Set<VName> consumings, Set<VName> forbidden) {
    if (t instanceof Type.Record r && a instanceof Al.Rec ar) {
      Map<String, Type> m = new LinkedHashMap<>();
      r.fields().forEach((k, v) -> m.put(k, ar.fields().containsKey(k) ? inferU(v, ar.fields().get(k), consumings, forbidden) : v));
      return new Type.Record(m);
    }
    if (t instanceof Type.Sum s && a instanceof Al.Sum as) {
      SortedMap<String, List<Type>> m = new TreeMap<>();
      s.constructors().forEach((k, ts) -> {
        List<Al> ps = as.cs().get(k);
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) out.add(ps != null && i < ps.size() ? inferU(ts.get(i), ps.get(i), consumings, forbidden) : ts.get(i));
        m.put(k, out);
      });
      return new Type.Sum(m);
    }
    boolean ok = consumings.containsAll(boundVars(arrayAliases(a)));
    for (Alias x : all(a)) if (forbidden.contains(x.v())) ok = false;
    return setUnique(t, ok);
  }

  // ---- applications -------------------------------------------------------------------------

  /**
   * The intrinsics whose results alias their arguments; the others return fresh arrays, as the
   * reference's types of them say ({@code zip}, {@code rotate} and {@code manifest} too: arrays
   * are reference counted, so an update of one that shares memory copies it).
   */
  private static final Set<String> VIEWS = Set.of("unzip", "transpose", "flatten", "unflatten",
      "opaque", "trace", "break", "coerce");

  /** The type of a function value: as its definition has it (with inferred uniqueness) when known. */
  private Type functionType(TExp f, Al fAls) {
    if (fAls instanceof Al.Leaf l && l.fn() != null) return l.fn().applied();
    if (f instanceof TExp.Var v && st.defTypes.containsKey(v.name())) return st.defTypes.get(v.name());
    return f.type();
  }

  /** The type of a function value as the type checker sees it (see {@link Fn}). */
  private Type checkedType(TExp f, Al fAls) {
    if (fAls instanceof Al.Leaf l && l.fn() != null) return l.fn().checked();
    return functionType(f, fAls);
  }

  private static List<Type> paramTypes(Type ft, int n) {
    List<Type> out = new ArrayList<>();
    Type t = ft;
    for (int i = 0; i < n; i++) {
      if (t instanceof Type.Arrow ar) {
        out.add(ar.param());
        t = ar.result();
      } else {
        out.add(Type.UNIT);
      }
    }
    return out;
  }

  private static String appDesc(TExp.Apply a) {
    TExp f = a.function();
    while (f instanceof TExp.Apply inner) f = inner.function();
    return f instanceof TExp.Var v ? Phrases.resultOfApplying(v.name().base(), a.span().relative())
        : Phrases.resultOfApplication(a.span().relative());
  }

  private Al apply(TExp.Apply a) {
    Al fAls = exp(a.function());
    Type ft = functionType(a.function(), fAls);
    List<Type> params = paramTypes(ft, a.args().size());
    String pipe = st.pipes.get(a.span());
    if (pipe != null && !a.args().isEmpty() && diet(params.get(a.args().size() - 1))) {
      // x |> f where f consumes x: the pipe's parameter f: a -> b does not consume.
      String[] opFn = pipe.split("\u0000", 2);
      Type p = params.get(a.args().size() - 1);
      Type inst = overlay(paramTypes(a.function().type(), a.args().size()).get(a.args().size() - 1), p);
      typeError(UniquenessErrors.pipeToConsumingFunction(a.span(), opFn[0], opFn[1],
          show(new Type.Arrow(null, setUnique(inst, false), setUnique(a.type(), false))), show(new Type.Arrow(null, inst, a.type())),
          show(setUnique(inst, false)), show(inst)));
    }
    Al[] argAls = checkArgs(a, params, a.args().size(), Set.of(), Set.of());
    VName res = internal("internal_app_result", appDesc(a));
    if (pipe != null) {
      // The reference's pipes are functions of the prelude, (|>) : a -> (a -> b) -> b: their result,
      // of a type parameter's (non-unique) type, aliases the piped value and the function, whatever
      // the function returns (xs |> map f aliases xs, where map f xs is fresh).
      Set<Alias> als = new HashSet<>(all(fAls));
      als.add(new Alias(res, List.of(), true));
      for (Al x : argAls) als.addAll(all(x));
      return shape(a.type(), als);
    }
    if (a.function() instanceof TExp.Intrinsic in && !VIEWS.contains(in.name())) return shape(a.type(), Set.of());
    Set<Alias> als = new HashSet<>(all(fAls));
    als.add(new Alias(res, List.of(), true));
    for (int i = 0; i < argAls.length; i++) if (!diet(params.get(i))) als.addAll(all(argAls[i]));
    Type declared = ft;
    for (int i = 0; i < a.args().size() && declared instanceof Type.Arrow ar; i++) declared = ar.result();
    return resultAliases(a.type(), declared, als);
  }

  /**
   * Checks the first {@code n} arguments of {@code a}, right to left, as the reference evaluates
   * them, except those at positions {@code open} (a partial application's parameters); those at
   * positions {@code observed} are only observed.
   */
  private Al[] checkArgs(TExp.Apply a, List<Type> params, int n, Set<Integer> open, Set<Integer> observed) {
    List<Type> instParams = paramTypes(a.function().type(), n);
    Al[] argAls = new Al[n];
    List<Integer> done = new ArrayList<>();
    for (int i = n - 1; i >= 0; i--) {
      if (open.contains(i)) {
        argAls[i] = PRIM;
        continue;
      }
      if (observed.contains(i)) {
        argAls[i] = exp(a.args().get(i));
        continue;
      }
      TExp arg = a.args().get(i);
      Map<VName, Span> cons = new HashMap<>();
      Al als = contain(() -> exp(arg), cons);
      markConsumed(cons);
      Type pt = params.get(i);
      if (Defs.functional(arg.type())) {
        Type inst = i < instParams.size() ? instParams.get(i) : pt;
        compatible(a, arg, overlay(inst, pt), overlay(arg.type(), checkedType(arg, als)));
      }
      if (!cons.isEmpty() && !orderZero(arg.type())) {
        error(UniquenessErrors.consumptionInFunctionalArgument(arg.span(), show(arg.type())));
      }
      if (diet(pt)) {
        noSelfAliases(arg.span(), als);
        consumeAliases(arg.span(), all(als));
        for (VName v : boundVars(all(als))) {
          Integer prev = null;
          for (int j : done) if (boundVars(all(argAls[j])).contains(v)) { prev = j; break; }
          if (prev != null) {
            TExp p = a.args().get(prev);
            error(UniquenessErrors.consumedArgumentAliased(arg.span(), v.base(), p.span().text(), p.span().relative()));
            break;
          }
        }
      }
      argAls[i] = als;
      done.add(i);
    }
    return argAls;
  }

  /**
   * The aliases of a result of type {@code actual}: none for the parts the function's type declares
   * unique ({@code declared}, where a type parameter stands for all of the part it is), {@code als} for
   * the others.
   */
  private static Al resultAliases(Type actual, Type declared, Set<Alias> als) {
    if (declared instanceof Type.Param p) return shape(actual, p.unique() ? Set.of() : als);
    return switch (actual) {
      case Type.Prim p -> PRIM;
      case Type.Record r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, resultAliases(v, declared instanceof Type.Record d && d.fields().containsKey(k)
            ? d.fields().get(k) : v, als)));
        yield new Al.Rec(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.constructors().forEach((k, ts) -> {
          List<Type> ds = declared instanceof Type.Sum d ? d.constructors().get(k) : null;
          List<Al> out = new ArrayList<>();
          for (int i = 0; i < ts.size(); i++) out.add(resultAliases(ts.get(i), ds != null && i < ds.size() ? ds.get(i) : ts.get(i), als));
          m.put(k, out);
        });
        yield new Al.Sum(m);
      }
      case Type.Arrow f -> new Al.Leaf(Kind.FUNCTION, als, declared instanceof Type.Arrow ? Fn.of(declared) : null);
      case Type.Array a -> new Al.Leaf(kind(actual), (declared instanceof Type.Array d ? d.unique() : a.unique()) ? Set.of() : als, null);
      case Type.Param p -> new Al.Leaf(kind(actual), (declared instanceof Type.Array d ? d.unique() : p.unique()) ? Set.of() : als, null);
    };
  }

  /**
   * A function passed for a function parameter may not consume what the parameter's type does not
   * let it consume, nor return a non-unique value where a unique one is expected (reported by the
   * reference when unifying the types).
   */
  private void compatible(TExp.Apply a, TExp arg, Type expected, Type actual) {
    String why = incompatible(expected, actual, false);
    if (why == null) return;
    TExp f = a.function();
    String fname = f instanceof TExp.Var v ? v.name().base() : f.span().text();
    typeError(UniquenessErrors.functionArgumentIncompatible(arg.span(), fname, arg.span().text(), show(expected), show(actual), why));
  }

  /**
   * Type {@code inst} (an instance of {@code decl}) with the uniqueness {@code decl} gives its parts
   * (a type parameter's to all of the part it stands for).
   */
  private static Type overlay(Type inst, Type decl) {
    if (decl instanceof Type.Param p && !(inst instanceof Type.Param)) return setUnique(inst, p.unique());
    if (inst instanceof Type.Arrow x && decl instanceof Type.Arrow y) {
      return new Type.Arrow(x.paramName(), overlay(x.param(), y.param()), overlay(x.result(), y.result()));
    }
    if (inst instanceof Type.Record x && decl instanceof Type.Record y && x.fields().keySet().equals(y.fields().keySet())) {
      Map<String, Type> m = new LinkedHashMap<>();
      x.fields().forEach((k, v) -> m.put(k, overlay(v, y.fields().get(k))));
      return new Type.Record(m);
    }
    if (inst instanceof Type.Array x && decl instanceof Type.Array y) return new Type.Array(x.elem(), x.shape(), y.unique());
    return inst;
  }

  /**
   * A function-valued body (or one holding functions, in a record or tuple) must consume and
   * return as the declared return type says.
   */
  private void bodyMatches(TExp body, Al als, Type declared) {
    if (!Defs.functional(declared)) return;
    Type actual = overlay(body.type(), checkedType(body, als));
    String why = incompatible(declared, actual, false);
    if (why != null) {
      typeError(UniquenessErrors.functionBodyIncompatible(body.span(), show(declared), show(actual), why));
    }
  }

  private static String incompatible(Type expected, Type actual, boolean flipped) {
    if (expected instanceof Type.Arrow e && actual instanceof Type.Arrow f) {
      boolean d1 = diet(flipped ? f.param() : e.param()), d2 = diet(flipped ? e.param() : f.param());
      if (!d1 && d2) {
        return Phrases.consumptionDiffers(show(e.param()), show(f.param()));
      }
      boolean u1 = unique(flipped ? e.result() : f.result()), u2 = unique(flipped ? f.result() : e.result());
      if (!(e.result() instanceof Type.Arrow) && !u1 && u2) {
        return Phrases.uniquenessDiffers(show(e.result()), show(f.result()));
      }
      String p = incompatible(e.param(), f.param(), !flipped);
      return p != null ? p : incompatible(e.result(), f.result(), flipped);
    }
    if (expected instanceof Type.Record e && actual instanceof Type.Record f && e.fields().keySet().equals(f.fields().keySet())) {
      for (String k : e.fields().keySet()) {
        String w = incompatible(e.fields().get(k), f.fields().get(k), flipped);
        if (w != null) return w;
      }
    }
    return null;
  }

  private void noSelfAliases(Span at, Al als) {
    List<Set<Alias>> parts = new ArrayList<>();
    aliasParts(als, parts);
    Set<Alias> seen = new HashSet<>();
    for (Set<Alias> s : parts) {
      for (Alias x : s) {
        if (seen.contains(x)) {
          error(UniquenessErrors.selfAliasedArgument(at));
          return;
        }
      }
      seen.addAll(s);
    }
  }

  private static void aliasParts(Al a, List<Set<Alias>> out) {
    if (a instanceof Al.Rec r) r.fields().values().forEach(x -> aliasParts(x, out));
    else out.add(all(a));
  }

  // ---- loops --------------------------------------------------------------------------------

  private Al loop(TExp.Loop l) {
    // The loop form's expressions are checked first, outside the loop.
    switch (l.form()) {
      case TExp.LoopForm.For f -> exp(f.bound());
      case TExp.LoopForm.ForIn f -> exp(f.array());
      case TExp.LoopForm.While w -> exp(w.cond());
    }
    Map<VName, Type> params = patternMap(l.param());
    // Every parameter is consumable in the body, except those declared non-unique; which ones
    // the body consumes decides their diet.
    depth++;
    Set<VName> inner = new LinkedHashSet<>();
    Map<VName, Span> bodyCons = new LinkedHashMap<>();
    Al body;
    try {
      for (var e : params.entrySet()) {
        boolean c = !st.ascribedLoopParams.contains(e.getKey()) || diet(e.getValue());
        vtable.put(e.getKey(), new Entry(c, selfAliased(e.getKey(), e.getValue()), depth));
        inner.add(e.getKey());
      }
      switch (l.form()) {
        case TExp.LoopForm.For f -> {
          vtable.put(f.index(), new Entry(false, PRIM, depth));
          inner.add(f.index());
        }
        case TExp.LoopForm.ForIn f -> {
          for (var e : patternMap(f.element()).entrySet()) {
            vtable.put(e.getKey(), new Entry(false, selfAliased(e.getKey(), e.getValue()), depth));
            inner.add(e.getKey());
          }
        }
        case TExp.LoopForm.While w -> { }
      }
      body = contain(() -> exp(l.body()), bodyCons);
    } finally {
      unbind(inner);
      depth--;
    }
    body = unscope(body, inner);
    // The diets of the parameters, to a fixed point: a parameter is consumed when the body
    // consumes it, or returns for a consumed parameter something that aliases it. As in the
    // reference, an ascribed parameter keeps its declared diet only in the first round: a second
    // round, needed when the consumption grew or an unascribed parameter's diet changed from
    // observing, sees the pattern without its ascriptions, so every diet is then inferred.
    Set<VName> cons = new HashSet<>(bodyCons.keySet());
    Set<VName> declared = new HashSet<>();
    for (var e : params.entrySet()) {
      if (st.ascribedLoopParams.contains(e.getKey()) && diet(e.getValue())) declared.add(e.getKey());
    }
    Set<VName> diets;
    boolean ascriptions = true;
    while (true) {
      diets = new HashSet<>();
      for (var e : params.entrySet()) {
        boolean d = ascriptions && st.ascribedLoopParams.contains(e.getKey()) ? diet(e.getValue()) : cons.contains(e.getKey());
        if (d) diets.add(e.getKey());
      }
      Set<Alias>[] state = newState();
      checkMergeReturn(l.span(), l.param(), body, diets, state);
      Set<VName> next = new HashSet<>(cons);
      for (Alias a : state[0]) next.add(a.v());
      boolean changed = !next.equals(cons) || ascriptions && !diets.equals(declared);
      if (!changed) break;
      ascriptions = false;
      cons = next;
    }
    // The initial value is passed to the loop like an argument to a function with those diets.
    Map<VName, Span> initCons = new LinkedHashMap<>();
    Set<VName> ds = diets;
    Al init = contain(() -> {
      Map<VName, Span> c = new HashMap<>();
      Al x = contain(() -> exp(l.init()), c);
      markConsumed(c);
      if (!c.isEmpty() && !orderZero(l.init().type())) {
        error(UniquenessErrors.consumptionInFunctionalArgument(l.init().span(), show(l.init().type())));
      }
      if (!ds.isEmpty()) {
        noSelfAliases(l.init().span(), x);
        consumeAsNeeded(l.init().span(), l.param(), x, ds);
      }
      return x;
    }, initCons);
    markConsumed(initCons);
    checkFree(l, Phrases.loopBody(), l.body(), initCons);
    if (l.form() instanceof TExp.LoopForm.While w) checkFree(l, Phrases.loopCondition(), w.cond(), initCons);
    VName res = internal("internal_loop_result", Phrases.resultOfLoop(l.span().relative()));
    return combine(loopResult(new Alias(res, List.of(), true), l.param(), init, l.type(), ds), body);
  }

  @SuppressWarnings("unchecked")
  private static Set<Alias>[] newState() {
    return new Set[] {new HashSet<Alias>(), new HashSet<Alias>()};
  }

  private void checkFree(TExp.Loop l, String what, TExp e, Map<VName, Span> initCons) {
    Set<VName> free = new LinkedHashSet<>();
    freeVars(e, free);
    List<VName> fs = new ArrayList<>(free);
    fs.sort(Comparator.comparing(VName::base).thenComparingInt(VName::tag));
    for (VName v : fs) {
      Entry en = vtable.get(v);
      if (en == null) continue;
      if (boundVars(all(en.als())).stream().anyMatch(initCons::containsKey)) {
        error(UniquenessErrors.loopUsesConsumed(l.span(), what, describe(v)));
        return;
      }
    }
  }

  private void consumeAsNeeded(Span at, TPat p, Al als, Set<VName> diets) {
    switch (p) {
      case TPat.Id id -> { if (diets.contains(id.name())) consumeAliases(at, all(als)); }
      case TPat.Record r -> {
        if (als instanceof Al.Rec ar) {
          for (var e : r.fields().entrySet()) if (ar.fields().containsKey(e.getKey())) consumeAsNeeded(at, e.getValue(), ar.fields().get(e.getKey()), diets);
        } else if (patternMap(p).keySet().stream().anyMatch(diets::contains)) {
          consumeAliases(at, all(als));
        }
      }
      // A constructor pattern (of a one-constructor type): its payload's names consume what the value aliases.
      case TPat.Constr c -> { if (patternMap(p).keySet().stream().anyMatch(diets::contains)) consumeAliases(at, all(als)); }
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
    }
  }

  private static List<String> fieldOrder(Map<String, ?> fields) {
    List<String> ks = new ArrayList<>(fields.keySet());
    if (ks.stream().allMatch(k -> k.matches("\\d+"))) ks.sort(Comparator.comparingInt(Integer::parseInt));
    else ks.sort(Comparator.naturalOrder());
    return ks;
  }

  /**
   * The values the body returns for consumed parameters may not alias what is outside the loop,
   * nor values returned for other parameters. {@code state}: the aliases returned for consumed
   * parameters and for the others, in the pattern's order.
   */
  private void checkMergeReturn(Span at, TPat p, Al t, Set<VName> diets, Set<Alias>[] state) {
    switch (p) {
      case TPat.Id id -> {
        boolean consume = diets.contains(id.name());
        Set<Alias> als = all(t);
        if (consume) {
          for (VName v : boundVars(als)) {
            error(UniquenessErrors.loopResultAliases(at, id.name().base(), v.base()));
          }
        }
        if (als.stream().anyMatch(state[0]::contains)) {
          error(UniquenessErrors.loopResultAliasesConsumedParameter(at, id.name().base()));
        }
        if (consume && als.stream().anyMatch(x -> state[0].contains(x) || state[1].contains(x))) {
          error(UniquenessErrors.loopResultAliasesPrevious(at, id.name().base()));
        }
        state[consume ? 0 : 1].addAll(als);
      }
      case TPat.Record r -> {
        if (t instanceof Al.Rec tr) {
          for (String k : fieldOrder(r.fields())) {
            if (tr.fields().containsKey(k)) checkMergeReturn(at, r.fields().get(k), tr.fields().get(k), diets, state);
          }
        }
      }
      case TPat.Constr c -> {
        if (t instanceof Al.Sum ts && ts.cs().get(c.name()) instanceof List<Al> payload) {
          for (int i = 0; i < c.payload().size() && i < payload.size(); i++) checkMergeReturn(at, c.payload().get(i), payload.get(i), diets, state);
        }
      }
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
    }
  }

  /**
   * The aliases of a loop's result from its initial value: none for a consumed parameter, the
   * initial value's (and the loop's own) for the others.
   */
  private static Al loopResult(Alias res, TPat p, Al init, Type t, Set<VName> diets) {
    if (p instanceof TPat.Record r && init instanceof Al.Rec ar && t instanceof Type.Record rt) {
      Map<String, Al> m = new LinkedHashMap<>();
      for (var e : rt.fields().entrySet()) {
        TPat sub = r.fields().get(e.getKey());
        Al a = ar.fields().get(e.getKey());
        m.put(e.getKey(), sub != null && a != null ? loopResult(res, sub, a, e.getValue(), diets) : shape(e.getValue(), Set.of(res)));
      }
      return new Al.Rec(m);
    }
    boolean consume = patternMap(p).keySet().stream().anyMatch(diets::contains);
    if (consume) return shape(t, Set.of());
    Set<Alias> s = new HashSet<>(all(init));
    s.add(res);
    return shape(t, s);
  }
}

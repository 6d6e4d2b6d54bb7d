package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.diag.DiagCode;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Uniqueness and aliasing: checks a checked definition for uses of consumed values, consumption of
 * what may not be consumed, and the aliasing rules of unique results, loop parameters and in-place
 * updates, following the reference's rules (Language Reference, "In-place updates" and "Alias
 * analysis"). Runs on the checked tree, after type inference.
 *
 * <p>Every value has an alias structure mirroring its type ({@link Al}): the variables an array
 * (or a value of a type parameter, or a function's closure) may share memory with. An alias is
 * bound (a variable in scope) or free (the variable has gone out of scope, and then stands for
 * what it aliased). Applications and loops make internal names, so that their results can be told
 * apart in messages ("result of applying "f"").
 */
final class Consumption {
  private final TcState st;

  Consumption(TcState st) {
    this.st = st;
  }

  /** An alias: a variable, in scope ({@code free == false}) or gone out of scope. */
  private record Alias(VName v, boolean free) {}

  /** An alias structure: records and sums by component, everything else one set. */
  private sealed interface Al {
    record Leaf(Set<Alias> als) implements Al {}

    record Rec(Map<String, Al> fields) implements Al {}

    record Sum(SortedMap<String, List<Al>> cs) implements Al {}
  }

  private static final Al NONE = new Al.Leaf(Set.of());

  private record Entry(boolean consumable, Al als) {}

  // per-definition state
  private Map<VName, Entry> vtable;
  private Map<VName, Span> consumed;
  private Map<VName, String> names;
  private Set<VName> globals;
  private Span defSpan;
  private int counter;

  // ---- alias structures ---------------------------------------------------------------------

  private static Set<Alias> all(Al a) {
    Set<Alias> s = new HashSet<>();
    collect(a, s);
    return s;
  }

  private static void collect(Al a, Set<Alias> out) {
    switch (a) {
      case Al.Leaf l -> out.addAll(l.als());
      case Al.Rec r -> r.fields().values().forEach(x -> collect(x, out));
      case Al.Sum s -> s.cs().values().forEach(l -> l.forEach(x -> collect(x, out)));
    }
  }

  private static Set<VName> bound(Set<Alias> als) {
    Set<VName> s = new HashSet<>();
    for (Alias a : als) if (!a.free()) s.add(a.v());
    return s;
  }

  /** The alias structure of a value of type {@code t} whose every part aliases {@code als}. */
  private static Al shaped(Type t, Set<Alias> als) {
    return switch (t) {
      case Type.Prim p -> NONE;
      case Type.Record r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, shaped(v, als)));
        yield new Al.Rec(m);
      }
      case Type.Sum s -> {
        SortedMap<String, List<Al>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> shaped(x, als)).toList()));
        yield new Al.Sum(m);
      }
      default -> new Al.Leaf(als);
    };
  }

  private static Al map(Al a, java.util.function.Function<Set<Alias>, Set<Alias>> f) {
    return switch (a) {
      case Al.Leaf l -> new Al.Leaf(f.apply(l.als()));
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

  private static Al field(Al a, String f) {
    if (a instanceof Al.Rec r && r.fields().containsKey(f)) return r.fields().get(f);
    return a instanceof Al.Leaf ? a : new Al.Leaf(all(a));
  }

  /** Combines the aliases of two values of (roughly) the same type. */
  private static Al combine(Al a, Al b) {
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
        for (int i = 0; i < e.getValue().size() && i < ys.size(); i++) out.add(combine(e.getValue().get(i), ys.get(i)));
        m.put(e.getKey(), out);
      }
      return new Al.Sum(m);
    }
    Set<Alias> s = all(a);
    s.addAll(all(b));
    return new Al.Leaf(s);
  }

  private static Al unscope(Al a, Set<VName> gone) {
    if (gone.isEmpty()) return a;
    return map(a, s -> {
      Set<Alias> out = new HashSet<>();
      for (Alias x : s) out.add(!x.free() && gone.contains(x.v()) ? new Alias(x.v(), true) : x);
      return out;
    });
  }

  // ---- entry --------------------------------------------------------------------------------

  /**
   * Checks a definition; returns its type with the result's uniqueness inferred when it was not
   * declared ({@code declaredRet}).
   */
  Type checkDef(VName name, FunDef fd, boolean declaredRet, Span span, Set<VName> topLevel) {
    vtable = new HashMap<>();
    consumed = new HashMap<>();
    names = new HashMap<>();
    globals = topLevel;
    defSpan = span;
    counter = 0;
    Set<VName> paramNames = new HashSet<>();
    for (TPat p : fd.params()) bindParam(p, paramNames);
    for (TPat p : fd.params()) sizeExpressions(p.type());
    Al body = exp(fd.body());
    checkReturnAlias(span, fd.params(), fd.returnType(), body);
    checkGlobalAliases(span, fd.params(), body);
    Type ret = fd.returnType();
    if (declaredRet) {
      if (fd.params().isEmpty() && unique(ret)) {
        error(DiagCode.E0304, span, "A top-level constant cannot have a unique type.");
      }
    } else {
      ret = inferReturnUniqueness(fd.params(), ret, body);
    }
    Type t = ret;
    for (int i = fd.params().size() - 1; i >= 0; i--) t = new Type.Arrow(null, fd.params().get(i).type(), t);
    return t;
  }

  /** The size expressions of a parameter's type ([consume ns]) may consume nothing. */
  private void sizeExpressions(Type t) {
    switch (t) {
      case Type.Array a -> {
        for (Size sz : a.shape()) {
          if (!(sz instanceof Size.Expr se)) continue;
          Map<VName, Entry> saved = vtable;
          Map<VName, Span> savedConsumed = consumed;
          vtable = new HashMap<>();
          saved.forEach((k, v) -> vtable.put(k, new Entry(false, v.als())));
          consumed = new HashMap<>(consumed);
          try {
            exp(se.exp());
          } finally {
            vtable = saved;
            consumed = savedConsumed;
          }
        }
        sizeExpressions(a.elem());
      }
      case Type.Record r -> r.fields().values().forEach(this::sizeExpressions);
      default -> { }
    }
  }

  private void error(DiagCode code, Span span, String msg) {
    st.error(code, span, msg);
  }

  private static boolean unique(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Param p -> p.unique();
      case Type.Record r -> r.fields().values().stream().anyMatch(Consumption::unique);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Consumption::unique);
      default -> false;
    };
  }

  // ---- bindings -----------------------------------------------------------------------------

  private void bindParam(TPat p, Set<VName> out) {
    for (var e : patternMap(p).entrySet()) {
      VName v = e.getKey();
      Type t = e.getValue();
      out.add(v);
      vtable.put(v, new Entry(consumes(t), shaped(t, Set.of(new Alias(v, false)))));
    }
  }

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
      default -> { }
    }
  }

  /** Whether a parameter of type {@code t} is consumed (declared unique). */
  private static boolean consumes(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Param p -> p.unique();
      case Type.Record r -> !r.fields().isEmpty() && r.fields().values().stream().allMatch(Consumption::consumesOrPrim)
          && r.fields().values().stream().anyMatch(Consumption::consumes);
      // A unique sum type (*t): its payloads' arrays are unique.
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).allMatch(Consumption::consumesOrPrim)
          && s.constructors().values().stream().flatMap(List::stream).anyMatch(Consumption::consumes);
      default -> false;
    };
  }

  private static boolean consumesOrPrim(Type t) {
    return t instanceof Type.Prim || consumes(t);
  }

  /** The aliases of each name of a pattern matched against a value with aliases {@code als}. */
  private static void matchPat(TPat p, Al als, Map<VName, Al> out) {
    switch (p) {
      case TPat.Id id -> out.put(id.name(), als);
      case TPat.Record r -> r.fields().forEach((k, v) -> matchPat(v, field(als, k), out));
      case TPat.Constr c -> {
        List<Al> payload = als instanceof Al.Sum s && s.cs().containsKey(c.name()) ? s.cs().get(c.name()) : null;
        for (int i = 0; i < c.payload().size(); i++) {
          matchPat(c.payload().get(i), payload != null && i < payload.size() ? payload.get(i) : new Al.Leaf(all(als)), out);
        }
      }
      default -> { }
    }
  }

  /** Binds a pattern of a let or match case; returns the names bound. */
  private Set<VName> bindPat(TPat p, Al als) {
    Map<VName, Al> m = new LinkedHashMap<>();
    matchPat(p, als, m);
    for (var e : m.entrySet()) {
      VName v = e.getKey();
      Set<Alias> self = Set.of(new Alias(v, false));
      vtable.put(v, new Entry(true, map(e.getValue(), s -> {
        Set<Alias> x = new HashSet<>(s);
        x.addAll(self);
        return x;
      })));
    }
    return m.keySet();
  }

  // ---- consumption --------------------------------------------------------------------------

  private String describe(VName v) {
    String n = names.get(v);
    return n != null ? n : "variable \"" + v.base() + "\"";
  }

  private void checkIfConsumed(Span at, Set<Alias> als) {
    for (Alias a : als) {
      Span where = consumed.get(a.v());
      if (where != null) {
        error(DiagCode.E0301, at, "Using " + describe(a.v()) + ", but this was consumed at " + where.shortPos()
            + ".  (Possibly through aliases.)" + TcState.link("use-after-consume"));
        return;
      }
    }
  }

  private void consumeAliases(Span at, Set<Alias> als) {
    for (Alias a : als) {
      if (a.free()) continue;
      Entry e = vtable.get(a.v());
      if (e == null || !e.consumable()) {
        error(DiagCode.E0302, at, "Consuming " + describe(a.v()) + ", which is not consumable." + TcState.link("not-consumable"));
        break;
      }
    }
    checkIfConsumed(at, als);
    for (Alias a : als) consumed.putIfAbsent(a.v(), at);
  }

  /** Runs {@code f}, returning what it consumed and undoing that in the state. */
  private <T> T contain(java.util.function.Supplier<T> f, Map<VName, Span> out) {
    Map<VName, Span> before = new HashMap<>(consumed);
    T x = f.get();
    for (var e : consumed.entrySet()) if (!before.containsKey(e.getKey())) out.put(e.getKey(), e.getValue());
    consumed = before;
    return x;
  }

  private Al observeVar(TExp.Var v) {
    Entry e = vtable.get(v.name());
    Al als;
    if (e != null) als = e.als();
    else if (globals.contains(v.name()) && !(v.type() instanceof Type.Arrow)) als = shaped(v.type(), Set.of(new Alias(v.name(), false)));
    else als = shaped(v.type(), Set.of());
    checkIfConsumed(v.span(), all(als));
    return als;
  }

  private VName internal(String desc) {
    VName v = new VName("internal_" + desc, --counter);
    return v;
  }

  // ---- expressions --------------------------------------------------------------------------

  private Al exp(TExp e) {
    switch (e) {
      case TExp.Literal l -> { return NONE; }
      case TExp.Var v -> { return observeVar(v); }
      case TExp.Intrinsic i -> { return NONE; }
      case TExp.ArrayLit a -> {
        a.elements().forEach(this::exp);
        return shaped(a.type(), Set.of());
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
        return shaped(r.type(), Set.of());
      }
      case TExp.Project p -> { return field(exp(p.record()), p.field()); }
      case TExp.Index i -> {
        Al a = exp(i.array());
        for (TExp.DimIndex d : i.indices()) dimIndex(d);
        return shaped(i.type(), all(a));
      }
      case TExp.Update up -> {
        for (TExp.DimIndex d : up.indices()) dimIndex(d);
        Al v = exp(up.value());
        Al src = exp(up.array());
        Set<Alias> overlap = new HashSet<>(all(src));
        overlap.retainAll(all(v));
        if (!overlap.isEmpty()) {
          error(DiagCode.E0311, up.value().span(), "Source array for in-place update\n  " + up.array().span().text()
              + "\nmight alias update value\n  " + up.value().span().text() + "\nHint: use \"copy\" to remove aliases from the value.");
        }
        consumeAliases(up.span(), all(src));
        return shaped(up.type(), Set.of());
      }
      case TExp.RecordUpdate ru -> {
        Al src = exp(ru.record());
        Al v = exp(ru.value());
        return setField(src, ru.path(), 0, v);
      }
      case TExp.Let l -> {
        Map<VName, Span> cons = new HashMap<>();
        // let f = update xs (a partial application): the function's consumption of what it
        // captured is the let's, which the reference reports as such (below), not as consuming a
        // free variable inside a function.
        Al v = contain(() -> captured(l.value()), cons);
        consumed.putAll(cons);
        if (!cons.isEmpty() && Defs.functional(l.value().type())) {
          error(DiagCode.E0309, l.value().span(), "Let-bound expression of higher-order type\n  " + Holes.show(l.value().type(), n -> false)
              + "\ncontains consumption, which is not allowed." + TcState.link("contains-consumption"));
        }
        Set<VName> bound = bindPat(l.pattern(), v);
        Al body = exp(l.body());
        for (VName b : bound) vtable.remove(b);
        return unscope(body, bound);
      }
      case TExp.LetFun lf -> {
        Al ft = function(lf.fun().params(), lf.fun().body(), null, lf.span());
        vtable.put(lf.name(), new Entry(false, ft));
        Al body = exp(lf.body());
        vtable.remove(lf.name());
        return body;
      }
      case TExp.Lambda l -> { return function(l.params(), l.body(), null, l.span()); }
      case TExp.If i -> {
        exp(i.cond());
        Map<VName, Span> c1 = new HashMap<>(), c2 = new HashMap<>();
        Al a = contain(() -> exp(i.then()), c1);
        Al b = contain(() -> exp(i.otherwise()), c2);
        Map<VName, Span> allCons = new HashMap<>(c1);
        allCons.putAll(c2);
        consumed.putAll(allCons);
        return map(combine(a, b), s -> {
          Set<Alias> out = new HashSet<>();
          for (Alias x : s) if (!allCons.containsKey(x.v())) out.add(x);
          return out;
        });
      }
      case TExp.Match m -> {
        Al scrut = exp(m.scrutinee());
        Map<VName, Span> allCons = new HashMap<>();
        Al result = null;
        for (TExp.Case c : m.cases()) {
          Map<VName, Span> cc = new HashMap<>();
          Al r = contain(() -> {
            Set<VName> bound = bindPat(c.pattern(), scrut);
            Al body = exp(c.body());
            for (VName b : bound) vtable.remove(b);
            return unscope(body, bound);
          }, cc);
          allCons.putAll(cc);
          result = result == null ? r : combine(result, r);
        }
        consumed.putAll(allCons);
        if (result == null) return NONE;
        return map(result, s -> {
          Set<Alias> out = new HashSet<>();
          for (Alias x : s) if (!allCons.containsKey(x.v())) out.add(x);
          return out;
        });
      }
      case TExp.Apply a -> { return apply(a); }
      case TExp.BinOp b -> {
        exp(b.x());
        exp(b.y());
        return NONE;
      }
      case TExp.UnOp u -> {
        exp(u.x());
        return NONE;
      }
      case TExp.Constr c -> {
        List<Al> payload = c.payload().stream().map(this::exp).toList();
        if (c.type() instanceof Type.Sum s) {
          SortedMap<String, List<Al>> m = new TreeMap<>();
          s.constructors().forEach((k, v) -> m.put(k, k.equals(c.name()) ? payload : v.stream().map(x -> shaped(x, Set.of())).toList()));
          return new Al.Sum(m);
        }
        return NONE;
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

  private static Al setField(Al src, List<String> path, int i, Al v) {
    if (i == path.size()) return v;
    if (src instanceof Al.Rec r && r.fields().containsKey(path.get(i))) {
      Map<String, Al> m = new LinkedHashMap<>(r.fields());
      m.put(path.get(i), setField(r.fields().get(path.get(i)), path, i + 1, v));
      return new Al.Rec(m);
    }
    return combine(src, v);
  }

  // ---- functions ----------------------------------------------------------------------------

  /** A lambda or local function: its body may consume only its own parameters. */
  /** While checking a partial application's function: its consumption of what it captured is the caller's. */
  private boolean captureFree;

  /**
   * {@code e}'s aliases; when it is a partial application ({@code update xs}, eta-expanded to
   * {@code \i -> update xs i}), consuming a captured value counts as consumption by the enclosing
   * let or call, which the reference reports as "contains consumption".
   */
  private Al captured(TExp e) {
    boolean saved = captureFree;
    captureFree = e instanceof TExp.Lambda l && isPartialApplication(l);
    try {
      return exp(e);
    } finally {
      captureFree = saved;
    }
  }

  private static boolean isPartialApplication(TExp.Lambda l) {
    if (!(l.body() instanceof TExp.Apply a) || a.args().size() < l.params().size()) return false;
    int off = a.args().size() - l.params().size();
    for (int i = 0; i < l.params().size(); i++) {
      if (!(l.params().get(i) instanceof TPat.Id id && a.args().get(off + i) instanceof TExp.Var v && v.name().equals(id.name()))) {
        return false;
      }
    }
    return true;
  }

  private Al function(List<TPat> params, TExp body, Type declaredRet, Span span) {
    Map<VName, Entry> savedTable = vtable;
    Map<VName, Span> savedConsumed = consumed;
    boolean capture = captureFree;
    captureFree = false;
    // Nothing bound outside may be consumed inside a function (except by a let-bound partial
    // application, whose consumption is reported as the let's).
    Map<VName, Entry> inner = new HashMap<>();
    vtable.forEach((k, v) -> inner.put(k, new Entry(capture && v.consumable(), v.als())));
    vtable = inner;
    consumed = new HashMap<>(consumed);
    Set<VName> paramNames = new HashSet<>();
    for (TPat p : params) bindParam(p, paramNames);
    Al b = exp(body);
    // An unannotated function's result is not unique (the checker does not infer it for lambdas).
    Type ret = declaredRet != null ? declaredRet : setUnique(body.type(), false);
    checkReturnAlias(span, params, ret, b);
    checkGlobalAliases(span, params, b);
    if (capture) {
      for (var e : consumed.entrySet()) {
        if (savedTable.containsKey(e.getKey()) && !savedConsumed.containsKey(e.getKey())) savedConsumed.put(e.getKey(), e.getValue());
      }
    }
    vtable = savedTable;
    consumed = savedConsumed;
    // A function value aliases the free variables it uses.
    Set<VName> free = new HashSet<>();
    freeVars(body, free);
    Set<Alias> als = new HashSet<>();
    for (VName v : free) {
      Entry e = vtable.get(v);
      if (e != null && !paramNames.contains(v)) als.addAll(all(e.als()));
    }
    return new Al.Leaf(als);
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
          default -> { }
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

  /** A unique result must not alias anything the caller still has, nor other parts of the result. */
  private void checkReturnAlias(Span span, List<TPat> params, Type ret, Al body) {
    Set<VName> nonConsumableParams = new HashSet<>();
    for (TPat p : params) patternMap(p).forEach((v, t) -> { if (!consumesOrPrim(t) || t instanceof Type.Prim) nonConsumableParams.add(v); });
    List<Object[]> parts = new ArrayList<>();
    returnAliases(ret, body, parts);
    Set<VName> seenUnique = new HashSet<>(), seenAny = new HashSet<>();
    for (Object[] part : parts) {
      boolean u = (Boolean) part[0];
      @SuppressWarnings("unchecked") Set<Alias> als = (Set<Alias>) part[1];
      Set<VName> names = new HashSet<>();
      for (Alias a : als) names.add(a.v());
      if (u) {
        for (VName n : names) {
          if (seenAny.contains(n)) {
            error(DiagCode.E0305, span, "A unique-typed component of the return value is aliased to some other component."
                + TcState.link("unique-return-aliased"));
            return;
          }
        }
        for (VName n : names) {
          if (nonConsumableParams.contains(n)) {
            error(DiagCode.E0304, span, "Unique-typed return value is aliased to \"" + n.base() + "\", which is not consumable."
                + TcState.link("return-aliased"));
            return;
          }
        }
        seenUnique.addAll(names);
      } else {
        for (VName n : names) {
          if (seenUnique.contains(n)) {
            error(DiagCode.E0305, span, "A unique-typed component of the return value is aliased to some other component."
                + TcState.link("unique-return-aliased"));
            return;
          }
        }
      }
      seenAny.addAll(names);
    }
  }

  private static void returnAliases(Type ret, Al als, List<Object[]> out) {
    if (ret instanceof Type.Record r && als instanceof Al.Rec ar) {
      for (var e : r.fields().entrySet()) returnAliases(e.getValue(), field(ar, e.getKey()), out);
      return;
    }
    out.add(new Object[] {unique(ret), all(als)});
  }

  private void checkGlobalAliases(Span span, List<TPat> params, Al body) {
    if (params.isEmpty()) return;
    for (VName v : bound(all(body))) {
      if (globals.contains(v) && !vtable.containsKey(v)) {
        error(DiagCode.E0307, span, "Function result aliases the free variable \"" + v.base() + "\".\nUse \"copy\" to break the aliasing."
            + TcState.link("alias-free-variable"));
        return;
      }
    }
  }

  private Type inferReturnUniqueness(List<TPat> params, Type ret, Al body) {
    if (params.isEmpty()) return setUnique(ret, false);
    Set<VName> consumings = new HashSet<>();
    for (TPat p : params) patternMap(p).forEach((v, t) -> { if (consumes(t)) consumings.add(v); });
    Map<VName, Integer> counts = new HashMap<>();
    countAliases(body, counts);
    return inferU(ret, body, consumings, counts);
  }

  private static void countAliases(Al a, Map<VName, Integer> counts) {
    if (a instanceof Al.Rec r) {
      r.fields().values().forEach(x -> countAliases(x, counts));
      return;
    }
    for (Alias x : all(a)) counts.merge(x.v(), 1, Integer::sum);
  }

  private Type inferU(Type t, Al a, Set<VName> consumings, Map<VName, Integer> counts) {
    if (t instanceof Type.Record r && a instanceof Al.Rec ar) {
      Map<String, Type> m = new LinkedHashMap<>();
      r.fields().forEach((k, v) -> m.put(k, inferU(v, field(ar, k), consumings, counts)));
      return new Type.Record(m);
    }
    Set<Alias> als = all(a);
    boolean ok = consumings.containsAll(bound(als));
    for (Alias x : als) if (counts.getOrDefault(x.v(), 0) > 1) ok = false;
    return setUnique(t, ok);
  }

  private static Type setUnique(Type t, boolean u) {
    return switch (t) {
      case Type.Array a -> new Type.Array(a.elem(), a.shape(), u);
      case Type.Record r -> {
        Map<String, Type> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, setUnique(v, u)));
        yield new Type.Record(m);
      }
      default -> t;
    };
  }

  // ---- applications -------------------------------------------------------------------------

  /** The intrinsics whose results share memory with their arguments; the others return fresh arrays. */
  private static final Set<String> VIEWS = Set.of("zip", "unzip", "transpose", "flatten", "unflatten", "rotate",
      "opaque", "trace", "break", "coerce");

  /** The callee's type as its definition has it (uniqueness of parameters and results). */
  private Type calleeType(TExp f) {
    if (f instanceof TExp.Var v && st.defTypes.containsKey(v.name())) return st.defTypes.get(v.name());
    return f.type();
  }

  private Al apply(TExp.Apply a) {
    Al fAls = exp(a.function());
    // Diets from the instantiated type (it has the uniqueness of the declared parameters); the
    // result is unique if declared or inferred so.
    Type ft = a.function().type();
    Type declared = calleeType(a.function());
    List<Type> paramTypes = new ArrayList<>();
    Type t = ft;
    for (int i = 0; i < a.args().size(); i++) {
      if (t instanceof Type.Arrow ar) {
        paramTypes.add(ar.param());
        t = ar.result();
      } else {
        paramTypes.add(a.args().get(i).type());
      }
    }
    Type retType = t;
    // Arguments are checked right to left, as the reference evaluates them.
    Al[] argAls = new Al[a.args().size()];
    List<Integer> done = new ArrayList<>();
    for (int i = a.args().size() - 1; i >= 0; i--) {
      TExp arg = a.args().get(i);
      Map<VName, Span> cons = new HashMap<>();
      Al als = contain(() -> captured(arg), cons);
      consumed.putAll(cons);
      if (!cons.isEmpty() && Defs.functional(arg.type())) {
        error(DiagCode.E0309, arg.span(), "Argument of functional type\n  " + Holes.show(arg.type(), n -> false) + "\ncontains consumption, which is not allowed."
            + TcState.link("contains-consumption"));
      }
      Type pt = paramTypes.get(i);
      if (arg.type() instanceof Type.Arrow && pt instanceof Type.Arrow && consumesMore(arg.type(), pt)) {
        error(DiagCode.E0306, arg.span(), "Non-consuming higher-order parameter passed consuming argument.");
      }
      if (anyConsumes(pt)) {
        noSelfAliases(arg.span(), als);
        consumeAsNeeded(arg.span(), pt, als);
        for (int j : done) {
          Set<VName> overlap = bound(all(als));
          overlap.retainAll(bound(all(argAls[j])));
          if (!overlap.isEmpty()) {
            VName v = overlap.iterator().next();
            error(DiagCode.E0308, arg.span(), "Argument is consumed, but aliases\n  " + v.base() + "\nwhich is also aliased by other argument\n  "
                + a.args().get(j).span().text() + "\nat " + a.args().get(j).span().shortPos() + ".");
            break;
          }
        }
      }
      argAls[i] = als;
      done.add(i);
    }
    // Consuming functions may not be passed where a non-consuming function is expected.
    VName res = internal("app_result");
    String fname = a.function() instanceof TExp.Var v ? "\"" + v.name().base() + "\"" : null;
    names.put(res, fname != null ? "result of applying " + fname + " (at " + a.span().shortPos() + ")"
        : "result of application at " + a.span().shortPos());
    Set<Alias> resAls = new HashSet<>(all(fAls));
    resAls.add(new Alias(res, true));
    boolean intrinsic = a.function() instanceof TExp.Intrinsic;
    boolean view = a.function() instanceof TExp.Intrinsic in && VIEWS.contains(in.name());
    if (intrinsic && !view) return shaped(a.type(), Set.of());
    for (int i = 0; i < argAls.length; i++) {
      if (!anyConsumes(paramTypes.get(i))) resAls.addAll(all(argAls[i]));
    }
    Type declaredRet = declared;
    for (int i = 0; i < a.args().size() && declaredRet instanceof Type.Arrow ar; i++) declaredRet = ar.result();
    return resultAliases(a.type(), retType, declaredRet, resAls);
  }

  /** Aliases of a result: none for unique parts, {@code als} for the others. */
  private static Al resultAliases(Type actual, Type inst, Type declared, Set<Alias> als) {
    if (actual instanceof Type.Record r) {
      Map<String, Al> m = new LinkedHashMap<>();
      r.fields().forEach((k, v) -> m.put(k, resultAliases(v, fieldOf(inst, k), fieldOf(declared, k), als)));
      return new Al.Rec(m);
    }
    if (actual instanceof Type.Prim) return NONE;
    if (actual instanceof Type.Sum s) {
      SortedMap<String, List<Al>> m = new TreeMap<>();
      s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> resultAliases(x, x, x, als)).toList()));
      return new Al.Sum(m);
    }
    if (isUnique(actual) || isUnique(inst) || isUnique(declared)) return NONE;
    return new Al.Leaf(als);
  }

  private static Type fieldOf(Type t, String k) {
    return t instanceof Type.Record r && r.fields().containsKey(k) ? r.fields().get(k) : t;
  }

  private static boolean isUnique(Type t) {
    return t instanceof Type.Array a && a.unique() || t instanceof Type.Param p && p.unique();
  }

  /** Whether function type {@code f} consumes a parameter that {@code expected} does not. */
  private static boolean consumesMore(Type f, Type expected) {
    while (f instanceof Type.Arrow a && expected instanceof Type.Arrow b) {
      if (anyConsumes(a.param()) && !anyConsumes(b.param())) return true;
      f = a.result();
      expected = b.result();
    }
    return false;
  }

  private static boolean anyConsumes(Type t) {
    return switch (t) {
      case Type.Array a -> a.unique();
      case Type.Param p -> p.unique();
      case Type.Record r -> r.fields().values().stream().anyMatch(Consumption::anyConsumes);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Consumption::anyConsumes);
      default -> false;
    };
  }

  private void consumeAsNeeded(Span at, Type pt, Al als) {
    if (pt instanceof Type.Record r && als instanceof Al.Rec ar) {
      for (var e : r.fields().entrySet()) consumeAsNeeded(at, e.getValue(), field(ar, e.getKey()));
      return;
    }
    if (anyConsumes(pt)) consumeAliases(at, all(als));
  }

  private void noSelfAliases(Span at, Al als) {
    if (!(als instanceof Al.Rec r)) return;
    Set<Alias> seen = new HashSet<>();
    for (Al part : r.fields().values()) {
      Set<Alias> s = all(part);
      for (Alias x : s) {
        if (seen.contains(x)) {
          error(DiagCode.E0308, at, "Argument passed for consuming parameter is self-aliased." + TcState.link("self-aliases-arg"));
          return;
        }
      }
      seen.addAll(s);
    }
  }

  // ---- loops --------------------------------------------------------------------------------

  private Al loop(TExp.Loop l) {
    // The loop form first (its expressions are outside the loop).
    switch (l.form()) {
      case TExp.LoopForm.For f -> exp(f.bound());
      case TExp.LoopForm.ForIn f -> exp(f.array());
      case TExp.LoopForm.While w -> { }
    }
    Map<VName, Type> params = patternMap(l.param());
    // Pretend every parameter is consumable; which ones the body consumes decides their diet.
    Map<VName, Entry> savedTable = vtable;
    Map<VName, Entry> inner = new HashMap<>();
    vtable.forEach((k, v) -> inner.put(k, new Entry(false, v.als())));
    vtable = inner;
    for (var e : params.entrySet()) {
      boolean consumable = !st.observedLoopParams.contains(e.getKey());
      vtable.put(e.getKey(), new Entry(consumable, shaped(e.getValue(), Set.of(new Alias(e.getKey(), false)))));
    }
    if (l.form() instanceof TExp.LoopForm.ForIn f) {
      for (var e : patternMap(f.element()).entrySet()) vtable.put(e.getKey(), new Entry(false, shaped(e.getValue(), Set.of(new Alias(e.getKey(), false)))));
    }
    if (l.form() instanceof TExp.LoopForm.While w) exp(w.cond());
    Map<VName, Span> bodyCons = new HashMap<>();
    Al body = contain(() -> exp(l.body()), bodyCons);
    vtable = savedTable;
    Set<VName> consumedParams = new HashSet<>();
    for (VName v : bodyCons.keySet()) if (params.containsKey(v)) consumedParams.add(v);
    // A parameter declared unique consumes its initial value too.
    params.forEach((v, t) -> { if (anyConsumes(t)) consumedParams.add(v); });
    // The returned values of consumed parameters must not alias what is outside the loop, nor each other.
    checkMergeReturn(l, params, consumedParams, body);
    // The initial value is passed to the loop like an argument to a function consuming those parameters.
    Map<VName, Span> initCons = new HashMap<>();
    Al init = contain(() -> exp(l.init()), initCons);
    consumed.putAll(initCons);
    Map<VName, Al> initParts = new LinkedHashMap<>();
    matchPat(l.param(), init, initParts);
    for (var e : initParts.entrySet()) {
      if (consumedParams.contains(e.getKey())) consumeAliases(l.init().span(), all(e.getValue()));
    }
    // The body must not use what the initial value consumed.
    Set<VName> free = new HashSet<>();
    freeVars(l.body(), free);
    for (VName v : free) {
      Entry e = vtable.get(v);
      if (e == null || params.containsKey(v)) continue;
      for (Alias a : all(e.als())) {
        if (consumed.containsKey(a.v()) && initCons.containsKey(a.v()) || (initParts.values().stream().anyMatch(x -> false))) {
          error(DiagCode.E0310, l.span(), "Loop body uses " + describe(v) + " (or an alias),\nbut this is consumed by the initial loop argument.");
          break;
        }
      }
    }
    Set<Alias> resAls = new HashSet<>();
    for (var e : initParts.entrySet()) if (!consumedParams.contains(e.getKey())) resAls.addAll(all(e.getValue()));
    Set<VName> paramSet = params.keySet();
    Al bodyOut = unscope(body, paramSet);
    return combine(freshLeaves(l.type(), resAls, "result of loop at " + l.span().shortPos()), bodyOut);
  }

  /**
   * Aliases shaped like {@code t} where every array component is a distinct new value (the
   * components of a loop's result do not alias each other), plus the aliases {@code shared}.
   */
  private Al freshLeaves(Type t, Set<Alias> shared, String desc) {
    return switch (t) {
      case Type.Prim p -> NONE;
      case Type.Record r -> {
        Map<String, Al> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, freshLeaves(v, shared, desc)));
        yield new Al.Rec(m);
      }
      default -> {
        VName res = internal("loop_result");
        names.put(res, desc);
        Set<Alias> als = new HashSet<>(shared);
        als.add(new Alias(res, true));
        yield shaped(t, als);
      }
    };
  }

  private void checkMergeReturn(TExp.Loop l, Map<VName, Type> params, Set<VName> consumedParams, Al body) {
    Map<VName, Al> parts = new LinkedHashMap<>();
    matchPat(l.param(), body, parts);
    Set<VName> cons = new HashSet<>(), obs = new HashSet<>();
    for (var e : parts.entrySet()) {
      VName p = e.getKey();
      Set<Alias> als = all(e.getValue());
      Set<VName> names = new HashSet<>();
      for (Alias a : als) names.add(a.v());
      boolean consuming = consumedParams.contains(p) || (params.get(p) != null && consumes(params.get(p)));
      if (consuming) {
        for (VName v : bound(als)) {
          if (!params.containsKey(v) && vtable.containsKey(v)) {
            error(DiagCode.E0310, l.span(), "Return value for consuming loop parameter \"" + p.base() + "\" aliases \"" + v.base() + "\".");
            return;
          }
        }
      }
      Set<VName> inter = new HashSet<>(names);
      inter.retainAll(cons);
      if (!inter.isEmpty()) {
        error(DiagCode.E0310, l.span(), "Return value for loop parameter \"" + p.base() + "\" aliases other consumed loop parameter."
            + TcState.link("loop-parameter-aliases-other"));
        return;
      }
      if (consuming) {
        Set<VName> prev = new HashSet<>(cons);
        prev.addAll(obs);
        prev.retainAll(names);
        if (!prev.isEmpty()) {
          error(DiagCode.E0310, l.span(), "Return value for consuming loop parameter \"" + p.base() + "\" aliases previously returned value.");
          return;
        }
        cons.addAll(names);
      } else {
        obs.addAll(names);
      }
    }
  }
}

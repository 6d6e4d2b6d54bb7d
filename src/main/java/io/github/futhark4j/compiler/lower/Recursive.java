package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Recursive functions: a top-level definition whose body refers to itself cannot be inlined, so it
 * becomes IR functions ({@link Program.Function}), one per specialisation, and its applications
 * become calls ({@link Exp.Call}). See docs/architecture.md, "Lowering".
 *
 * <p>A specialisation is for one choice of what is static in lowering's values ({@link V}): the
 * type arguments, the structure of records, tuples and sums, and the closures passed for
 * higher-order parameters (which a recursive call passes unchanged, so they are the same all the
 * way down). The atoms in the arguments, including those the closures capture and the values of
 * size arguments, are the dynamic part: the function's parameters, in a fixed order ({@link
 * Abstraction}). Two applications with equal static parts call the same function. The result is
 * the leaves of the declared (or inferred) return type, which is first-order.
 */
final class Recursive {
  private final Lowerer l;
  /** Whether each top-level definition refers to itself. */
  private final Map<VName, Boolean> recursive = new HashMap<>();
  private final Map<Key, Spec> specs = new HashMap<>();
  private final Map<VName, Integer> specsPerFunction = new HashMap<>();
  /** The functions made so far, in the order their bodies were finished. */
  final List<Program.Function> functions = new ArrayList<>();
  /** The names a function mentions (variables and sizes in types), by the identity of its body. */
  private final Map<TExp, Set<VName>> mentioned = new java.util.IdentityHashMap<>();

  /** At most this many specialisations of one function (a static argument that changed with every call would not stop). */
  static final int MAX_SPECIALISATIONS = 64;

  Recursive(Lowerer l) { this.l = l; }

  /** Whether {@code d} is a function whose body refers to itself. */
  boolean isRecursive(TDecl d) {
    return recursive.computeIfAbsent(d.name(), n -> !d.fun().params().isEmpty()
        && io.github.futhark4j.compiler.typed.FreeNames.of(d.fun().body()).contains(n));
  }

  // ---- the static part of values ------------------------------------------------------------

  /** The static part of a value: equal shapes share a specialisation. */
  sealed interface Shape {
    record Leaf(IrType type) implements Shape {}

    record Rec(List<String> names, List<Shape> fields) implements Shape {}

    record Sum(List<String> constructors, List<List<Shape>> payloads) implements Shape {}

    /** A lambda or local function: the same code (its body), substitution and captured values' shapes. */
    record Local(Identity body, Map<String, Type> subst, List<VName> names, List<Shape> captured) implements Shape {}

    record Top(VName decl, Map<String, Type> typeArgs, List<VName> names, List<Shape> sizes) implements Shape {}

    record Intrinsic(String name, Type type) implements Shape {}

    record Partial(Shape fun, List<Shape> args) implements Shape {}

    record Blank(Type type) implements Shape {}
  }

  /** An object compared by identity (the body of a lambda: the same code). */
  record Identity(Object o) {
    @Override public boolean equals(Object x) { return x instanceof Identity i && i.o == o; }

    @Override public int hashCode() { return System.identityHashCode(o); }
  }

  /**
   * The dynamic part of values, collected while their shapes are computed: the atoms in a fixed
   * order (depth first, fields in canonical order, a sum's tag before its payloads, a closure's
   * captured values by name) and, per atom, whether the function consumes it (it lies in a unique
   * parameter).
   */
  private final class Abstraction {
    final List<Atom> leaves = new ArrayList<>();
    final List<Boolean> consumed = new ArrayList<>();
    private int depth;

    /** The shape of {@code v}, a value of type {@code t} (null: unknown) in a unique position when {@code unique}. */
    Shape shape(V v, Type t, boolean unique) {
      if (++depth > 1000) throw new LowerException("a value nested too deeply to pass to a recursive function");
      try {
        if (t instanceof Type.Array a) unique |= a.unique();
        if (t instanceof Type.Param p) unique |= p.unique();
        Type inner = t instanceof Type.Array a ? a.elem() : t;
        return switch (v) {
          case V.Leaf x -> {
            leaves.add(x.atom());
            consumed.add(unique && x.atom().type().isArray());
            yield new Shape.Leaf(x.atom().type());
          }
          case V.Rec r -> {
            List<Shape> fs = new ArrayList<>();
            for (var e : r.fields().entrySet()) {
              Type ft = inner instanceof Type.Record tr ? tr.fields().get(e.getKey()) : null;
              fs.add(shape(e.getValue(), ft, unique));
            }
            yield new Shape.Rec(new ArrayList<>(r.fields().keySet()), fs);
          }
          case V.Sum s -> {
            leaves.add(s.tag());
            consumed.add(false);
            List<List<Shape>> ps = new ArrayList<>();
            for (List<V> p : s.payloads().values()) {
              List<Shape> q = new ArrayList<>();
              for (V x : p) q.add(shape(x, null, unique));
              ps.add(q);
            }
            yield new Shape.Sum(new ArrayList<>(s.payloads().keySet()), ps);
          }
          case V.Fun f -> closure(f.closure());
        };
      } finally {
        depth--;
      }
    }

    private List<Shape> shapes(List<V> vs) {
      List<Shape> out = new ArrayList<>();
      for (V v : vs) out.add(shape(v, null, false));
      return out;
    }

    Shape closure(V.Closure c) {
      return switch (c) {
        case V.Closure.Local x -> {
          List<VName> names = captured(x.fun(), x.env());
          List<V> vs = new ArrayList<>();
          for (VName n : names) vs.add(x.env().lookup(n));
          yield new Shape.Local(new Identity(x.fun().body()), x.subst(), names, shapes(vs));
        }
        case V.Closure.Top x -> {
          List<VName> names = sorted(x.sizes().keySet());
          List<V> vs = new ArrayList<>();
          for (VName n : names) vs.add(x.sizes().get(n));
          yield new Shape.Top(x.decl().name(), x.typeArgs(), names, shapes(vs));
        }
        case V.Closure.Intrinsic x -> new Shape.Intrinsic(x.name(), x.type());
        case V.Closure.Partial x -> new Shape.Partial(closure(x.fun()), shapes(x.args()));
        case V.Closure.Blank x -> new Shape.Blank(x.type());
      };
    }
  }

  /** The value {@code v} with its dynamic part (the atoms, in {@link Abstraction}'s order) taken from {@code it}. */
  private V instantiate(V v, Iterator<? extends Atom> it) {
    return switch (v) {
      case V.Leaf x -> new V.Leaf(it.next());
      case V.Rec r -> {
        TreeMap<String, V> m = new TreeMap<>(V.FIELD_ORDER);
        r.fields().forEach((k, f) -> m.put(k, instantiate(f, it)));
        yield new V.Rec(m);
      }
      case V.Sum s -> {
        Atom tag = it.next();
        TreeMap<String, List<V>> m = new TreeMap<>();
        s.payloads().forEach((k, ps) -> {
          List<V> q = new ArrayList<>();
          for (V p : ps) q.add(instantiate(p, it));
          m.put(k, q);
        });
        yield new V.Sum(tag, m);
      }
      case V.Fun f -> new V.Fun(instantiate(f.closure(), it));
    };
  }

  private V.Closure instantiate(V.Closure c, Iterator<? extends Atom> it) {
    return switch (c) {
      case V.Closure.Local x -> {
        Scope env = new Scope(null);
        for (VName n : captured(x.fun(), x.env())) env.put(n, instantiate(x.env().lookup(n), it));
        yield new V.Closure.Local(x.fun(), env, x.subst(), x.named());
      }
      case V.Closure.Top x -> {
        Map<VName, V> sizes = new LinkedHashMap<>();
        for (VName n : sorted(x.sizes().keySet())) sizes.put(n, instantiate(x.sizes().get(n), it));
        yield new V.Closure.Top(x.decl(), x.typeArgs(), sizes);
      }
      case V.Closure.Intrinsic x -> x;
      case V.Closure.Partial x -> {
        V.Closure f = instantiate(x.fun(), it);
        List<V> args = new ArrayList<>();
        for (V a : x.args()) args.add(instantiate(a, it));
        yield new V.Closure.Partial(f, args);
      }
      case V.Closure.Blank x -> x;
    };
  }

  private static List<VName> sorted(Set<VName> names) {
    List<VName> out = new ArrayList<>(names);
    out.sort(Comparator.comparingInt(VName::tag).thenComparing(VName::base));
    return out;
  }

  /** The names a closure's code mentions that its environment binds: the values it captures. */
  private List<VName> captured(FunDef f, Scope env) {
    Set<VName> ms = mentioned.computeIfAbsent(f.body(), k -> {
      Set<VName> out = new LinkedHashSet<>();
      fun(f, out);
      return out;
    });
    List<VName> out = new ArrayList<>();
    for (VName n : ms) if (env.lookup(n) != null) out.add(n);
    return out;
  }

  // ---- names mentioned by code: variables and the sizes in its types ----------------------

  private static void fun(FunDef f, Set<VName> out) {
    out.addAll(f.sizeParams());
    for (TPat p : f.params()) pat(p, out);
    type(f.returnType(), out);
    exp(f.body(), out);
  }

  private static void type(Type t, Set<VName> out) {
    switch (t) {
      case Type.Array a -> {
        for (Size s : a.shape()) size(s, out);
        type(a.elem(), out);
      }
      case Type.Record r -> r.fields().values().forEach(x -> type(x, out));
      case Type.Sum s -> s.constructors().values().forEach(ts -> ts.forEach(x -> type(x, out)));
      case Type.Arrow a -> { type(a.param(), out); type(a.result(), out); }
      case null, default -> { }
    }
  }

  private static void size(Size s, Set<VName> out) {
    if (s instanceof Size.Var v) out.add(v.name());
    if (s instanceof Size.Expr x) exp(x.exp(), out);
  }

  private static void pat(TPat p, Set<VName> out) {
    type(p.type(), out);
    switch (p) {
      case TPat.Record r -> r.fields().values().forEach(x -> pat(x, out));
      case TPat.Constr c -> c.payload().forEach(x -> pat(x, out));
      default -> { }
    }
  }

  private static void dims(List<TExp.DimIndex> ds, Set<VName> out) {
    for (TExp.DimIndex d : ds) {
      switch (d) {
        case TExp.DimIndex.Fix f -> exp(f.index(), out);
        case TExp.DimIndex.Slice s -> {
          if (s.start() != null) exp(s.start(), out);
          if (s.end() != null) exp(s.end(), out);
          if (s.stride() != null) exp(s.stride(), out);
        }
      }
    }
  }

  private static void exp(TExp e, Set<VName> out) {
    type(e.type(), out);
    switch (e) {
      case TExp.Var v -> {
        out.add(v.name());
        v.sizeArgs().values().forEach(s -> size(s, out));
        v.typeArgs().values().forEach(t -> type(t, out));
      }
      case TExp.Literal x -> { }
      case TExp.Intrinsic x -> { }
      case TExp.ArrayLit a -> a.elements().forEach(x -> exp(x, out));
      case TExp.RecordLit r -> r.fields().values().forEach(x -> exp(x, out));
      case TExp.Range r -> {
        exp(r.start(), out);
        if (r.second() != null) exp(r.second(), out);
        exp(r.end(), out);
      }
      case TExp.Project p -> exp(p.record(), out);
      case TExp.Index i -> { exp(i.array(), out); dims(i.indices(), out); }
      case TExp.Update u -> { exp(u.array(), out); dims(u.indices(), out); exp(u.value(), out); }
      case TExp.RecordUpdate u -> { exp(u.record(), out); exp(u.value(), out); }
      case TExp.Let x -> { pat(x.pattern(), out); exp(x.value(), out); exp(x.body(), out); }
      case TExp.LetFun x -> { fun(x.fun(), out); exp(x.body(), out); }
      case TExp.If i -> { exp(i.cond(), out); exp(i.then(), out); exp(i.otherwise(), out); }
      case TExp.Loop x -> {
        pat(x.param(), out);
        exp(x.init(), out);
        switch (x.form()) {
          case TExp.LoopForm.For f -> exp(f.bound(), out);
          case TExp.LoopForm.ForIn f -> { pat(f.element(), out); exp(f.array(), out); }
          case TExp.LoopForm.While w -> exp(w.cond(), out);
        }
        exp(x.body(), out);
      }
      case TExp.Apply a -> { exp(a.function(), out); a.args().forEach(x -> exp(x, out)); }
      case TExp.Lambda x -> { x.params().forEach(p -> pat(p, out)); exp(x.body(), out); }
      case TExp.BinOp b -> { exp(b.x(), out); exp(b.y(), out); }
      case TExp.UnOp u -> exp(u.x(), out);
      case TExp.Match m -> {
        exp(m.scrutinee(), out);
        for (TExp.Case c : m.cases()) { pat(c.pattern(), out); exp(c.body(), out); }
      }
      case TExp.Constr c -> c.payload().forEach(x -> exp(x, out));
      case TExp.Assert a -> { exp(a.cond(), out); exp(a.body(), out); }
      case TExp.Coerce c -> exp(c.body(), out);
      case TExp.Attr a -> exp(a.body(), out);
    }
  }

  // ---- specialisation and calls -----------------------------------------------------------

  /** What a specialisation is for: the function, its type arguments, {@code #[unsafe]}, and the shapes of the size arguments and arguments. */
  private record Key(VName fn, Map<String, Type> typeArgs, boolean unsafe, List<VName> sizeNames, List<Shape> sizes,
                     List<Shape> args) {}

  /** A specialisation: the IR function, and the structure of its result (leaves are placeholders). */
  private record Spec(String name, List<Boolean> consumed, List<IrType> results, V result) {}

  /**
   * Applies recursive function {@code t} to exactly as many arguments as it has parameters: a call
   * of its specialisation for their static parts (made on first use).
   */
  V call(V.Closure.Top t, List<V> args, Span span) {
    TDecl d = t.decl();
    FunDef f = d.fun();
    Abstraction abs = new Abstraction();
    // Size arguments that the arguments' shapes give anyway are left out: the outer call of a
    // function and its recursive calls then share a specialisation.
    Set<VName> fromShapes = new java.util.HashSet<>();
    for (TPat p : f.params()) shapeSizes(l.substitute(p.type()), fromShapes);
    Set<VName> given = new java.util.HashSet<>(t.sizes().keySet());
    given.removeAll(fromShapes);
    if (given.size() < t.sizes().size()) {
      Map<VName, V> kept = new LinkedHashMap<>();
      for (VName n : given) kept.put(n, t.sizes().get(n));
      t = new V.Closure.Top(d, t.typeArgs(), kept);
    }
    List<VName> sizeNames = sorted(t.sizes().keySet());
    List<Shape> sizes = new ArrayList<>();
    for (VName n : sizeNames) sizes.add(abs.shape(t.sizes().get(n), null, false));
    List<Shape> shapes = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) shapes.add(abs.shape(args.get(i), f.params().get(i).type(), false));
    Key key = new Key(d.name(), t.typeArgs(), l.unsafe, sizeNames, sizes, shapes);
    Spec spec = specs.get(key);
    if (spec == null) spec = specialise(key, t, args, abs);
    List<Atom.Var> res = l.b.bindN(d.name().base(), new Exp.Call(spec.name(), abs.leaves, spec.consumed(), spec.results(), span));
    return V.rebuild(spec.result(), res.iterator());
  }

  private Spec specialise(Key key, V.Closure.Top t, List<V> args, Abstraction abs) {
    TDecl d = t.decl();
    FunDef f = d.fun();
    if (specsPerFunction.merge(d.name(), 1, Integer::sum) > MAX_SPECIALISATIONS) {
      throw new LowerException("recursive function " + d.name().base() + " needs more than " + MAX_SPECIALISATIONS
          + " specialisations (the static parts of its arguments change from call to call)");
    }
    String name = l.b.fresh(d.name().base());
    List<Atom.Var> params = new ArrayList<>();
    for (Atom a : abs.leaves) params.add(l.b.var(a instanceof Atom.Var v ? base(v.name()) : "p", a.type()));
    Iterator<Atom.Var> it = params.iterator();
    Map<VName, V> sizes = new LinkedHashMap<>();
    for (VName n : key.sizeNames()) sizes.put(n, instantiate(t.sizes().get(n), it));
    List<V> argVs = new ArrayList<>();
    for (V a : args) argVs.add(instantiate(a, it));

    Map<String, Type> savedSubst = l.subst;
    l.subst = t.typeArgs();
    try {
      V result = shapeOf(f.returnType(), 0);
      List<IrType> results = V.leaves(result).stream().map(Atom::type).toList();
      Spec spec = new Spec(name, List.copyOf(abs.consumed), results, result);
      specs.put(key, spec);
      Body body = l.b.block(() -> {
        Scope env = new Scope(null);
        sizes.forEach(env::put);
        List<Atom> out = V.leaves(l.inlineBody(f, env, argVs));
        List<IrType> got = out.stream().map(Atom::type).toList();
        if (!got.equals(results)) {
          throw new LowerException("recursive function " + d.name().base() + " returns " + got + " but its type " + f.returnType()
              + " has " + results);
        }
        return out;
      });
      functions.add(new Program.Function(name, params, spec.consumed(), results, body, d.name().base()));
      return spec;
    } finally {
      l.subst = savedSubst;
    }
  }

  /** The size parameters that {@link Lowerer#bindSizes} binds from the shape of a value of type {@code t}. */
  private static void shapeSizes(Type t, Set<VName> out) {
    switch (t) {
      case Type.Array a -> { for (Size s : a.shape()) if (s instanceof Size.Var v) out.add(v.name()); }
      case Type.Record r -> r.fields().values().forEach(x -> shapeSizes(x, out));
      default -> { }
    }
  }

  /** A lowered name without its number ({@code xs} of {@code xs_12}). */
  private static String base(String name) {
    int k = name.length();
    while (k > 0 && Character.isDigit(name.charAt(k - 1))) k--;
    return k > 1 && k < name.length() && name.charAt(k - 1) == '_' ? name.substring(0, k - 1) : name;
  }

  /** The structure of a value of type {@code t} (arrays of {@code outerRank} more dimensions), with placeholder leaves. */
  private V shapeOf(Type t, int outerRank) {
    t = l.substitute(t);
    return switch (t) {
      case Type.Prim p -> new V.Leaf(new Atom.Var("_", IrType.of(p.prim(), outerRank)));
      case Type.Array a -> shapeOf(a.elem(), outerRank + a.rank());
      case Type.Record r -> {
        Map<String, V> m = new LinkedHashMap<>();
        for (var e : r.fields().entrySet()) m.put(e.getKey(), shapeOf(e.getValue(), outerRank));
        yield V.Rec.of(m);
      }
      case Type.Sum s -> {
        TreeMap<String, List<V>> ps = new TreeMap<>();
        s.constructors().forEach((k, ts) -> ps.put(k, ts.stream().map(x -> shapeOf(x, outerRank)).toList()));
        yield new V.Sum(new Atom.Var("_", IrType.of(PrimType.I8, outerRank)), ps);
      }
      default -> throw new LowerException("a recursive function returning " + t + " (not first-order)");
    };
  }
}

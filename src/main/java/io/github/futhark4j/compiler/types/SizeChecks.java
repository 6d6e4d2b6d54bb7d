package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The size rules of the Language Reference ("Size types") on {@link Ty}s: which sizes are rigid,
 * instantiation of a function's anonymous and existential sizes at each use, the join of the
 * branches of an {@code if}, and the searches the size errors need (sizes a type mentions, where).
 * The checks themselves are made by the checker, which reports them with the reference's wording
 * ({@link io.github.futhark4j.compiler.diag.SizeDiagnostics}).
 */
final class SizeChecks {
  private SizeChecks() {}

  /** Whether a resolved size must be matched exactly (unknown and existential sizes accept any size). */
  static boolean strict(Sz s) {
    return switch (s) {
      case Sz.Const c -> true;
      case Sz.Named n -> true;
      case Sz.Rigid r -> !r.exist;
      default -> false;
    };
  }

  /**
   * Binds a flexible size. A flexible size from an expression's type ascription that is bound to a
   * size computed by an application checked after the ascription breaks the causality restriction:
   * the size would be needed before it is computed.
   */
  static void bindFlex(Sz.Flex f, Sz to) {
    if (f.causalSeq > 0 && to instanceof Sz.Rigid r && r.computed && r.seq > f.causalSeq) {
      throw new Unifier.Failure(CAUSALITY, null, new String[] {r.name});
    }
    f.ref = to;
  }

  /** The {@link Unifier.Failure#constraint} of a causality violation. */
  static final String CAUSALITY = "Causality check";

  /** A fresh size for the result of an application whose size cannot be named. */
  static Sz.Rigid computed(String name) { return new Sz.Rigid(name, false, true); }

  /**
   * A fresh copy of a function's type for one use: its own anonymous parameter sizes ({@code own})
   * become flexible sizes, the existential sizes of its return type fresh rigid sizes.
   */
  static Ty instantiate(Ty t, Set<Sz.Rigid> own) {
    if (!mentionsRigid(t, own)) return t;
    Map<Sz.Rigid, Sz> m = new IdentityHashMap<>();
    return copy(t, s -> {
      if (!(s instanceof Sz.Rigid r)) return s;
      if (own.contains(r)) return m.computeIfAbsent(r, k -> new Sz.Flex());
      if (r.exist) return m.computeIfAbsent(r, k -> computed(k.name.isEmpty() ? "k" : k.name));
      return s;
    });
  }

  private static boolean mentionsRigid(Ty t, Set<Sz.Rigid> own) {
    boolean[] found = {false};
    walk(t, s -> { if (s instanceof Sz.Rigid r && (r.exist || own.contains(r))) found[0] = true; });
    return found[0];
  }

  /** Copies {@code t}, mapping every resolved size through {@code f}; unresolved type variables are shared. */
  static Ty copy(Ty t, java.util.function.UnaryOperator<Sz> f) {
    t = Unifier.resolve(t);
    return switch (t) {
      case Ty.Arr a -> new Ty.Arr(copy(a.elem(), f), f.apply(Unifier.resolve(a.size())), a.unique());
      case Ty.Rec r -> new Ty.Rec(Unifier.mapValues(r.fields(), x -> copy(x, f)));
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> copy(x, f)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun fn -> new Ty.Fun(fn.name(), copy(fn.param(), f), copy(fn.result(), f));
      default -> t;
    };
  }

  /** Calls {@code f} on every resolved size in {@code t}. */
  static void walk(Ty t, java.util.function.Consumer<Sz> f) {
    t = Unifier.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        f.accept(Unifier.resolve(a.size()));
        walk(a.elem(), f);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> walk(x, f));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> walk(x, f)));
      case Ty.Fun fn -> {
        walk(fn.param(), f);
        walk(fn.result(), f);
      }
      default -> { }
    }
  }

  /**
   * Generalises the flexible sizes left in a function's type after its body is checked: each
   * becomes one of the function's own anonymous sizes (added to {@code own}), so that every use of
   * the function instantiates it afresh; except those in {@code outer} (shared with variables in scope).
   */
  static void generalize(Ty t, Set<Sz.Rigid> own, Set<Sz.Flex> outer) {
    walkFlex(t, fl -> {
      if (outer.contains(fl)) return;
      Sz.Rigid r = new Sz.Rigid("d", false, false);
      fl.ref = r;
      own.add(r);
    });
  }

  private static void walkFlex(Ty t, java.util.function.Consumer<Sz.Flex> f) {
    t = Unifier.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        if (Unifier.resolve(a.size()) instanceof Sz.Flex fl) f.accept(fl);
        walkFlex(a.elem(), f);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> walkFlex(x, f));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> walkFlex(x, f)));
      case Ty.Fun fn -> {
        walkFlex(fn.param(), f);
        walkFlex(fn.result(), f);
      }
      default -> { }
    }
  }

  /**
   * The type of a value of type {@code a} or {@code b} (already unified with sizes ignored): where
   * the sizes differ, the result has an unknown size ("Branches of if return arrays of different sizes").
   */
  static Ty join(Ty a, Ty b) {
    Ty ra = Unifier.resolve(a), rb = Unifier.resolve(b);
    if (ra == rb) return ra;
    return switch (ra) {
      case Ty.Arr x when rb instanceof Ty.Arr y -> {
        Sz sx = Unifier.resolve(x.size()), sy = Unifier.resolve(y.size());
        Sz s = sx == sy || sx.equals(sy) ? sx : Sz.UNKNOWN;
        yield new Ty.Arr(join(x.elem(), y.elem()), s, x.unique() && y.unique());
      }
      case Ty.Rec x when rb instanceof Ty.Rec y && x.fields().keySet().equals(y.fields().keySet()) -> {
        Map<String, Ty> m = new java.util.LinkedHashMap<>();
        x.fields().forEach((k, v) -> m.put(k, join(v, y.fields().get(k))));
        yield new Ty.Rec(m);
      }
      default -> ra;
    };
  }

  /** The named sizes in the parameter types of the function types within {@code t} (also nested). */
  static Set<VName> namesInFunctionParams(Ty t) {
    Set<VName> out = new LinkedHashSet<>();
    collectParamNames(t, out);
    return out;
  }

  private static void collectParamNames(Ty t, Set<VName> out) {
    t = Unifier.resolve(t);
    switch (t) {
      case Ty.Fun fn -> {
        walk(fn.param(), s -> { if (s instanceof Sz.Named n) out.add(n.name()); });
        collectParamNames(fn.result(), out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> collectParamNames(x, out));
      case Ty.Arr a -> collectParamNames(a.elem(), out);
      default -> { }
    }
  }

  /** Whether {@code t} is a function type whose result has an unknown size made by an application. */
  static boolean existentialResult(Ty t) {
    boolean[] found = {false};
    walk(t, s -> { if (s instanceof Sz.Rigid r && r.computed) found[0] = true; });
    return found[0];
  }

  /** The named sizes a type uses as array sizes outside function types (the sizes it witnesses). */
  static Set<VName> witnessed(Ty t) {
    Set<VName> out = new LinkedHashSet<>();
    witness(t, out);
    return out;
  }

  private static void witness(Ty t, Set<VName> out) {
    t = Unifier.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        if (Unifier.resolve(a.size()) instanceof Sz.Named n) out.add(n.name());
        witness(a.elem(), out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> witness(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> witness(x, out)));
      default -> { }
    }
  }

  /** All named sizes of {@code t}, also inside function types. */
  static Set<VName> allNames(Ty t) {
    Set<VName> out = new LinkedHashSet<>();
    walk(t, s -> { if (s instanceof Sz.Named n) out.add(n.name()); });
    return out;
  }

  /** Flexible sizes of {@code t} that are still unresolved. */
  static List<Sz.Flex> unresolved(Ty t) {
    List<Sz.Flex> out = new ArrayList<>();
    walkFlex(t, out::add);
    return out;
  }

  /** Whether a checked pattern's types mention the size {@code n} anywhere. */
  static boolean patternMentions(io.github.futhark4j.compiler.typed.TPat p, VName n) {
    return switch (p) {
      case io.github.futhark4j.compiler.typed.TPat.Record r -> r.fields().values().stream().anyMatch(x -> patternMentions(x, n));
      default -> typeMentions(p.type(), n);
    };
  }

  static boolean typeMentions(Type t, VName n) {
    return switch (t) {
      case Type.Array a -> a.shape().contains(new Size.Var(n)) || typeMentions(a.elem(), n);
      case Type.Record r -> r.fields().values().stream().anyMatch(x -> typeMentions(x, n));
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> typeMentions(x, n));
      case Type.Arrow a -> typeMentions(a.param(), n) || typeMentions(a.result(), n);
      default -> false;
    };
  }

  /**
   * The size names a type expression uses ({@code [n]} and size arguments {@code t [n]}) that it
   * does not bind itself (by {@code ?[n].} or a named parameter {@code (n: i64) ->}), with the
   * span of their first use.
   */
  static Map<String, io.github.futhark4j.compiler.source.Span> freeDims(io.github.futhark4j.compiler.syntax.Ast.TypeExp te) {
    Map<String, io.github.futhark4j.compiler.source.Span> out = new java.util.LinkedHashMap<>();
    freeDims(te, Set.of(), out);
    return out;
  }

  private static void freeDims(io.github.futhark4j.compiler.syntax.Ast.TypeExp te, Set<String> bound,
                               Map<String, io.github.futhark4j.compiler.source.Span> out) {
    switch (te) {
      case io.github.futhark4j.compiler.syntax.Ast.TName n -> {
        for (var a : n.args()) {
          if (a instanceof io.github.futhark4j.compiler.syntax.Ast.TArgDim d) dim(d.dim(), bound, out);
          else if (a instanceof io.github.futhark4j.compiler.syntax.Ast.TArgType t) freeDims(t.type(), bound, out);
        }
      }
      case io.github.futhark4j.compiler.syntax.Ast.TArray a -> {
        dim(a.dim(), bound, out);
        freeDims(a.elem(), bound, out);
      }
      case io.github.futhark4j.compiler.syntax.Ast.TTuple t -> t.elements().forEach(x -> freeDims(x, bound, out));
      case io.github.futhark4j.compiler.syntax.Ast.TRecord r -> r.types().forEach(x -> freeDims(x, bound, out));
      case io.github.futhark4j.compiler.syntax.Ast.TSum su -> su.payloads().forEach(l -> l.forEach(x -> freeDims(x, bound, out)));
      case io.github.futhark4j.compiler.syntax.Ast.TArrow a -> {
        freeDims(a.param(), bound, out);
        Set<String> inner = bound;
        if (a.paramName() != null) {
          inner = new java.util.HashSet<>(bound);
          inner.add(a.paramName());
        }
        freeDims(a.result(), inner, out);
      }
      case io.github.futhark4j.compiler.syntax.Ast.TUnique u -> freeDims(u.type(), bound, out);
      case io.github.futhark4j.compiler.syntax.Ast.TExist e -> {
        Set<String> inner = new java.util.HashSet<>(bound);
        inner.addAll(e.names());
        freeDims(e.type(), inner, out);
      }
    }
  }

  private static void dim(io.github.futhark4j.compiler.syntax.Ast.Dim d, Set<String> bound,
                          Map<String, io.github.futhark4j.compiler.source.Span> out) {
    if (d instanceof io.github.futhark4j.compiler.syntax.Ast.DimName n && !bound.contains(n.name())) out.putIfAbsent(n.name(), n.span());
  }
}

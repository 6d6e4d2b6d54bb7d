package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Unification of {@link Ty}s, substitution, printing, and {@link #zonk} to the checked {@link Type}.
 * Sizes: a flexible size takes the other side's size; two known sizes (constants, names in scope,
 * {@link Sz.Rigid} sizes) must be the same, else unification fails with a size mismatch. Unknown
 * sizes and the existential sizes of a declared return type accept any size (their rules are
 * checked at run time). {@link #lenientSizes} unifies with size mismatches ignored, for the
 * branches of {@code if} and {@code match}, whose differing sizes become unknown.
 */
final class Unifier {
  private Unifier() {}

  /** Unification failed; {@code constraint} is set when a class constraint (e.g. numeric) was violated. */
  static final class Failure extends RuntimeException {
    final String constraint;
    final Ty offending;

    /** The two sizes (as printed) that differ, when the failure is a size mismatch; else null. */
    final String[] sizes;

    Failure(String constraint, Ty offending) {
      this(constraint, offending, null);
    }

    Failure(String constraint, Ty offending, String[] sizes) {
      super(null, null, false, false);
      this.constraint = constraint;
      this.offending = offending;
      this.sizes = sizes;
    }
  }

  /** Depth of {@link #lenientSizes} calls on this thread (size mismatches are ignored when positive). */
  private static final ThreadLocal<int[]> LENIENT = ThreadLocal.withInitial(() -> new int[1]);

  /** Unifies with size mismatches ignored (flexible sizes are still bound). */
  static void lenientSizes(Ty a, Ty b) {
    int[] depth = LENIENT.get();
    depth[0]++;
    try {
      unify(a, b);
    } finally {
      depth[0]--;
    }
  }

  static Ty resolve(Ty t) {
    while (t instanceof Ty.Var v && v.ref != null) t = v.ref;
    return t;
  }

  static Sz resolve(Sz s) {
    while (s instanceof Sz.Flex f && f.ref != null) s = f.ref;
    return s;
  }

  static void unify(Ty a0, Ty b0) {
    final Ty a = resolve(a0);
    final Ty b = resolve(b0);
    if (a == b) return;
    if (a instanceof Ty.Var va) { bind(va, b); return; }
    if (b instanceof Ty.Var vb) { bind(vb, a); return; }
    switch (a) {
      case Ty.Prim pa when b instanceof Ty.Prim pb && pa.prim() == pb.prim() -> { }
      case Ty.Arr aa when b instanceof Ty.Arr ab -> {
        unifySize(aa.size(), ab.size());
        unify(aa.elem(), ab.elem());
      }
      case Ty.Rec ra when b instanceof Ty.Rec rb && ra.fields().keySet().equals(rb.fields().keySet()) -> {
        for (var e : ra.fields().entrySet()) unify(e.getValue(), rb.fields().get(e.getKey()));
      }
      case Ty.Sum sa when b instanceof Ty.Sum sb && sa.constructors().keySet().equals(sb.constructors().keySet()) -> {
        for (var e : sa.constructors().entrySet()) {
          List<Ty> pb = sb.constructors().get(e.getKey());
          if (pb.size() != e.getValue().size()) throw new Failure(null, null);
          for (int i = 0; i < pb.size(); i++) unify(e.getValue().get(i), pb.get(i));
        }
      }
      case Ty.Fun fa when b instanceof Ty.Fun fb -> {
        unify(fa.param(), fb.param());
        unify(fa.result(), fb.result());
      }
      case Ty.Param pa when b instanceof Ty.Param pb && pa.name().equals(pb.name()) -> { }
      default -> throw new Failure(null, null);
    }
  }

  static void unifySize(Sz a, Sz b) {
    a = resolve(a);
    b = resolve(b);
    if (a == b) return;
    if (a instanceof Sz.Flex fa) { SizeChecks.bindFlex(fa, b); return; }
    if (b instanceof Sz.Flex fb) { SizeChecks.bindFlex(fb, a); return; }
    if (!SizeChecks.strict(a) || !SizeChecks.strict(b) || a.equals(b)) return;
    if (LENIENT.get()[0] > 0) return;
    throw new Failure(null, null, new String[] {showSize(a), showSize(b)});
  }

  private static void bind(Ty.Var v, Ty t) {
    if (t instanceof Ty.Var w) {
      if (v.prims != null) {
        if (w.prims == null) { w.prims = EnumSet.copyOf(v.prims); w.origin = v.origin; }
        else {
          EnumSet<PrimType> both = EnumSet.copyOf(w.prims);
          both.retainAll(v.prims);
          if (both.isEmpty()) throw new Failure(v.origin != null ? v.origin : w.origin, null);
          // The origin shown in messages is that of the tighter constraint.
          if (both.equals(v.prims) && !both.equals(w.prims)) w.origin = v.origin;
          w.prims = both;
        }
      }
      w.equality |= v.equality;
      if (v.fields != null) {
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
      v.ref = w;
      return;
    }
    if (occurs(v, t)) throw new Failure(null, null);
    if (v.prims != null && !(t instanceof Ty.Prim p && v.prims.contains(p.prim()))) {
      throw new Failure(v.origin != null ? v.origin : "this operation", t);
    }
    if (v.equality && containsFun(t)) throw new Failure("Equality", t);
    v.ref = t;
    if (v.fields != null) {
      if (!(t instanceof Ty.Rec r) || !r.fields().keySet().containsAll(v.fields.keySet())) {
        v.ref = null;
        throw new Failure("Field projection of " + String.join(", ", v.fields.keySet()), t);
      }
      for (var e : v.fields.entrySet()) unify(r.fields().get(e.getKey()), e.getValue());
    }
    if (v.constructors != null) {
      if (!(t instanceof Ty.Sum s) || !s.constructors().keySet().containsAll(v.constructors.keySet())) {
        v.ref = null;
        throw new Failure("Constructor #" + String.join(", #", v.constructors.keySet()), t);
      }
      for (var e : v.constructors.entrySet()) unifyAll(s.constructors().get(e.getKey()), e.getValue());
    }
  }

  private static void unifyAll(List<Ty> a, List<Ty> b) {
    if (a.size() != b.size()) throw new Failure(null, null);
    for (int i = 0; i < a.size(); i++) unify(a.get(i), b.get(i));
  }

  private static boolean occurs(Ty.Var v, Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Var w -> w == v;
      case Ty.Arr a -> occurs(v, a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> occurs(v, x));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> occurs(v, x));
      case Ty.Fun f -> occurs(v, f.param()) || occurs(v, f.result());
      default -> false;
    };
  }

  static boolean containsFun(Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Fun f -> true;
      case Ty.Arr a -> containsFun(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Unifier::containsFun);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Unifier::containsFun);
      default -> false;
    };
  }

  static PrimType defaultOf(EnumSet<PrimType> prims) {
    if (prims.contains(PrimType.I32)) return PrimType.I32;
    if (prims.contains(PrimType.F64)) return PrimType.F64;
    return prims.iterator().next();
  }

  // ---- substitution ---------------------------------------------------------------------------

  /** Copies {@code t}, replacing type parameters by {@code params} and named sizes by {@code sizes}. */
  static Ty subst(Ty t, Map<String, Ty> params, Map<VName, Sz> sizes) {
    t = resolve(t);
    return switch (t) {
      case Ty.Param p -> params.getOrDefault(p.name(), p);
      case Ty.Arr a -> new Ty.Arr(subst(a.elem(), params, sizes), substSize(a.size(), sizes), a.unique());
      case Ty.Rec r -> new Ty.Rec(mapValues(r.fields(), x -> subst(x, params, sizes)));
      case Ty.Sum s -> {
        SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> subst(x, params, sizes)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.name(), subst(f.param(), params, sizes), subst(f.result(), params, sizes));
      default -> t;
    };
  }

  static Sz substSize(Sz s, Map<VName, Sz> sizes) {
    s = resolve(s);
    if (s instanceof Sz.Named n && sizes.containsKey(n.name())) return sizes.get(n.name());
    return s;
  }

  static <V> Map<String, V> mapValues(Map<String, V> m, Function<V, V> f) {
    Map<String, V> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, f.apply(v)));
    return out;
  }

  /** Whether any named size in {@code t} is one of {@code names}. */
  static boolean mentions(Ty t, Set<VName> names) {
    t = resolve(t);
    return switch (t) {
      case Ty.Arr a -> (resolve(a.size()) instanceof Sz.Named n && names.contains(n.name())) || mentions(a.elem(), names);
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> mentions(x, names));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> mentions(x, names));
      case Ty.Fun f -> mentions(f.param(), names) || mentions(f.result(), names);
      default -> false;
    };
  }

  // ---- output ---------------------------------------------------------------------------------

  /** Thrown by {@link #zonk} for a variable whose type cannot be decided (a record of unknown shape). */
  static final class Ambiguous extends RuntimeException {
    final Ty.Var var;

    Ambiguous(Ty.Var var) {
      super(null, null, false, false);
      this.var = var;
    }
  }

  /** Converts to a checked type, defaulting unconstrained leftovers (numbers to i32/f64). */
  static Type zonk(Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Prim p -> new Type.Prim(p.prim());
      case Ty.Var v -> {
        if (v.prims != null) v.ref = new Ty.Prim(defaultOf(v.prims));
        else if (v.fields != null) throw new Ambiguous(v);
        else if (v.constructors != null) v.ref = new Ty.Sum(v.constructors);
        else v.ref = Ty.UNIT;
        yield zonk(v.ref);
      }
      case Ty.Arr a -> {
        List<Size> shape = new ArrayList<>();
        Ty e = a;
        while (resolve(e) instanceof Ty.Arr inner) {
          shape.add(zonkSize(inner.size()));
          e = inner.elem();
        }
        yield new Type.Array(zonk(e), shape, a.unique());
      }
      case Ty.Rec r -> new Type.Record(mapValues2(r.fields()));
      case Ty.Sum s -> {
        SortedMap<String, List<Type>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(Unifier::zonk).toList()));
        yield new Type.Sum(m);
      }
      case Ty.Fun f -> new Type.Arrow(f.name() != null && mentions(f.result(), Set.of(f.name())) ? f.name().toString() : null,
          zonk(f.param()), zonk(f.result()));
      case Ty.Param p -> new Type.Param(p.name());
    };
  }

  private static Map<String, Type> mapValues2(Map<String, Ty> m) {
    Map<String, Type> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, zonk(v)));
    return out;
  }

  static Size zonkSize(Sz s) {
    s = resolve(s);
    return switch (s) {
      case Sz.Const c -> new Size.Const(c.value());
      case Sz.Named n -> new Size.Var(n.name());
      default -> Size.UNKNOWN;
    };
  }

  /** Futhark-like rendering for messages, unknown types named 'a, 'b, ... */
  static String show(Ty t) {
    return showAll(t)[0];
  }

  private static String showRaw(Ty t) {
    t = resolve(t);
    return switch (t) {
      case Ty.Prim p -> p.prim().futName();
      case Ty.Var v -> v.prims != null ? defaultOf(v.prims).futName() : "?" + v.id;
      case Ty.Arr a -> (a.unique() ? "*" : "") + "[" + showSize(a.size()) + "]" + showRaw(a.elem());
      case Ty.Rec r -> {
        boolean tuple = true;
        int i = 0;
        for (String k : r.fields().keySet()) if (!k.equals(Integer.toString(i++))) tuple = false;
        if (tuple && r.fields().size() != 1) {
          yield r.fields().values().stream().map(Unifier::showRaw).collect(Collectors.joining(", ", "(", ")"));
        }
        yield r.fields().entrySet().stream().map(e -> e.getKey() + ": " + showRaw(e.getValue()))
            .collect(Collectors.joining(", ", "{", "}"));
      }
      case Ty.Sum s -> s.constructors().entrySet().stream()
          .map(e -> "#" + e.getKey() + e.getValue().stream().map(x -> " " + showRaw(x)).collect(Collectors.joining()))
          .collect(Collectors.joining(" | "));
      case Ty.Fun f -> {
        String p = resolve(f.param()) instanceof Ty.Fun ? "(" + showRaw(f.param()) + ")" : showRaw(f.param());
        if (f.name() != null) p = "(" + f.name().base() + ": " + showRaw(f.param()) + ")";
        yield p + " -> " + showRaw(f.result());
      }
      case Ty.Param p -> p.name();
    };
  }

  static String showSize(Sz s) {
    s = resolve(s);
    return switch (s) {
      case Sz.Const c -> Long.toString(c.value());
      case Sz.Named n -> n.name().base();
      case Sz.Rigid r -> r.exist ? "" : r.name;
      default -> "";
    };
  }

  /**
   * Renders several types for one message, naming unknown types {@code 'a}, {@code 'b}, ... in
   * order of appearance (the inference variables' numbers mean nothing to a reader).
   */
  static String[] showAll(Ty... ts) {
    String[] out = new String[ts.length];
    java.util.Map<String, String> names = new java.util.HashMap<>();
    for (int i = 0; i < ts.length; i++) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\?(\\d+)").matcher(showRaw(ts[i]));
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

  /** Number of arrows at the top of a resolved type. */
  static int arrowCount(Ty t) {
    int n = 0;
    while (resolve(t) instanceof Ty.Fun f) { n++; t = f.result(); }
    return n;
  }
}

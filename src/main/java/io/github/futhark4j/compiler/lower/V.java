package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A value as lowering sees it: a tree whose leaves are IR atoms. Records and tuples are
 * {@link Rec}s (an array of records is a record of arrays: structure of arrays), sums are a tag
 * plus the payload of every constructor, and functions are static closures that are specialised
 * (inlined) where they are applied, so no function value survives into the IR.
 */
sealed interface V {
  record Leaf(Atom atom) implements V {}

  /**
   * Fields in canonical order: numeric for tuples, else by name. A record without fields (the
   * unit value {@code ()}, or {@code {}}) holds one hidden leaf, {@link #UNIT}, a constant
   * {@code false}: so an array of them ({@code [n]()}, a replicate or map result) is an array of
   * that leaf and keeps its shape like any other array. The C API does not see it
   * ({@link #apiLeaves}).
   */
  record Rec(TreeMap<String, V> fields) implements V {
    static Rec of(Map<String, V> m) {
      TreeMap<String, V> t = new TreeMap<>(FIELD_ORDER);
      t.putAll(m);
      if (t.isEmpty()) t.put(UNIT, new Leaf(Atom.bool(false)));
      return new Rec(t);
    }
  }

  /** The name of the hidden field of a record without fields (no source field is named so). */
  String UNIT = "";

  /** A sum value: tag is an i8 index into the sorted constructors; every payload is present. */
  record Sum(Atom tag, TreeMap<String, List<V>> payloads) implements V {}

  /** A function value, applied by inlining. */
  record Fun(Closure closure) implements V {}

  sealed interface Closure {
    /**
     * A lambda or local function, closed over its environment and type substitution; {@code named}
     * for a function with a name (a local function, or a top-level one partially applied), whose
     * call sites are frames of backtraces.
     */
    record Local(FunDef fun, Scope env, Map<String, Type> subst, boolean named) implements Closure {}

    /** A top-level definition instantiated with type arguments. */
    record Top(TDecl decl, Map<String, Type> typeArgs, Map<io.github.futhark4j.compiler.typed.VName, V> sizes) implements Closure {
      public Top(TDecl decl, Map<String, Type> typeArgs) { this(decl, typeArgs, Map.of()); }
    }

    /** A compiler intrinsic; {@code type} is its instantiated function type. */
    record Intrinsic(String name, Type type) implements Closure {}

    /** A closure applied to some, but not all, of its arguments. */
    record Partial(Closure fun, List<V> args) implements Closure {}

    /**
     * The function payload of a constructor a sum value does not hold: never applied where the
     * program runs (a match applies only the payload of the constructor it found), so applying it
     * gives blank values of {@code type}'s result.
     */
    record Blank(Type type) implements Closure {}
  }

  Comparator<String> FIELD_ORDER = (a, b) -> {
    boolean na = a.chars().allMatch(Character::isDigit) && !a.isEmpty();
    boolean nb = b.chars().allMatch(Character::isDigit) && !b.isEmpty();
    if (na && nb) return Long.compare(Long.parseLong(a), Long.parseLong(b));
    return a.compareTo(b);
  };

  /** The atoms of a value, in canonical order. */
  static List<Atom> leaves(V v) {
    List<Atom> out = new ArrayList<>();
    collect(v, out);
    return out;
  }

  /** The atoms of a value as the C API has them: without the hidden leaves of empty records. */
  static List<Atom> apiLeaves(V v) {
    List<Atom> out = new ArrayList<>();
    collect(v, out, false);
    return out;
  }

  private static void collect(V v, List<Atom> out) { collect(v, out, true); }

  private static void collect(V v, List<Atom> out, boolean hidden) {
    switch (v) {
      case Leaf l -> out.add(l.atom());
      case Rec r -> r.fields().forEach((k, f) -> { if (hidden || !k.equals(UNIT)) collect(f, out, hidden); });
      case Sum s -> {
        out.add(s.tag());
        s.payloads().values().forEach(ps -> ps.forEach(p -> collect(p, out, hidden)));
      }
      case Fun f -> { } // static: no leaves (see Lowerer#merge for a choice between two)
    }
  }

  /** A value of the same structure as {@code template} with leaves taken from {@code it}. */
  static V rebuild(V template, Iterator<? extends Atom> it) {
    return switch (template) {
      case Leaf l -> new Leaf(it.next());
      case Rec r -> {
        TreeMap<String, V> m = new TreeMap<>(FIELD_ORDER);
        r.fields().forEach((k, f) -> m.put(k, rebuild(f, it)));
        yield new Rec(m);
      }
      case Sum s -> {
        Atom tag = it.next();
        TreeMap<String, List<V>> m = new TreeMap<>();
        s.payloads().forEach((k, ps) -> m.put(k, ps.stream().map(p -> rebuild(p, it)).toList()));
        yield new Sum(tag, m);
      }
      case Fun f -> f;
    };
  }
}

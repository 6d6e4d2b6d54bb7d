package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import java.util.ArrayList;
import java.util.List;

/**
 * The program-level declarations of a generated entry that real programs are made of: a module
 * type of monoids, a functor folding with any monoid, a functor pairing two monoids (a parametric
 * module applied to modules, whose result is applied again), monoid modules with and without
 * ascription, polymorphic higher-order functions that pass a function through several levels, and
 * functions whose types have size parameters and size expressions ({@code [n+1]}, {@code [n+n]})
 * through a parametric type abbreviation. {@link Gen} uses them from expressions; every name has
 * the entry's prefix, so the entries of one program never clash.
 */
final class GenLib {
  /** A monoid module ({@code module}) and the fold functor applied to it ({@code fold}). */
  record Monoid(String module, String fold, ScalarType elem, String op) {}

  /** The fold functor applied to the pair of two monoids. */
  record Pair(String fold, Monoid a, Monoid b) {}

  final String p;
  final List<Monoid> monoids = new ArrayList<>();
  final List<Pair> pairs = new ArrayList<>();
  private final StringBuilder decls = new StringBuilder();

  GenLib(String prefix) {
    this.p = prefix;
    decls.append("module type ").append(p).append("_monoid = {\n  type t\n  val op : t -> t -> t\n  val ne : t\n}\n");
    decls.append("module ").append(p).append("_fold (M: ").append(p).append("_monoid) = {\n")
        .append("  def sum [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs\n")
        .append("  def prefix [n] (xs: [n]M.t) : [n]M.t = scan M.op M.ne xs\n}\n");
    decls.append("module ").append(p).append("_pair (A: ").append(p).append("_monoid) (B: ").append(p)
        .append("_monoid) : ").append(p).append("_monoid with t = (A.t, B.t) = {\n")
        .append("  type t = (A.t, B.t)\n")
        .append("  def op (x: t) (y: t) : t = (A.op x.0 y.0, B.op x.1 y.1)\n")
        .append("  def ne : t = (A.ne, B.ne)\n}\n");
    decls.append("def ").append(p).append("_app 'a 'b (f: a -> b) (x: a) : b = f x\n");
    decls.append("def ").append(p).append("_via 'a 'b [n] (f: a -> b) (xs: [n]a) : [n]b = map (").append(p)
        .append("_app f) xs\n");
    decls.append("def ").append(p).append("_twice 'a (f: a -> a) (x: a) : a = ").append(p).append("_app f (f x)\n");
    decls.append("def ").append(p).append("_compose 'a 'b 'c (g: b -> c) (f: a -> b) : a -> c = \\x -> g (f x)\n");
    decls.append("type ").append(p).append("_vec [n] 't = [n]t\n");
    decls.append("def ").append(p).append("_snoc [n] 't (xs: ").append(p).append("_vec [n] t) (x: t) : ").append(p)
        .append("_vec [n + 1] t = xs ++ [x]\n");
    decls.append("def ").append(p).append("_dup [n] 't (xs: [n]t) : [n + n]t = xs ++ xs\n");
    decls.append("def ").append(p).append("_iota_like [n] 't (xs: [n]t) : [n]i64 = iota n\n");
  }

  /** Adds a monoid module of {@code t} with operator {@code op} and neutral element {@code ne}. */
  Monoid monoid(ScalarType t, String op, String ne, boolean ascribed) {
    int i = monoids.size();
    String m = p + "_m" + i, f = p + "_s" + i, ty = t.futharkName();
    decls.append("module ").append(m);
    if (ascribed) decls.append(" : ").append(p).append("_monoid with t = ").append(ty);
    decls.append(" = {\n  type t = ").append(ty).append("\n  def op (a: t) (b: t) : t = ").append(op)
        .append(" a b\n  def ne : t = ").append(ne).append("\n}\n");
    decls.append("module ").append(f).append(" = ").append(p).append("_fold ").append(m).append('\n');
    Monoid mo = new Monoid(m, f, t, op);
    monoids.add(mo);
    return mo;
  }

  /** Adds the fold of the pair of two monoids. */
  void pair(Monoid a, Monoid b) {
    String f = p + "_q" + pairs.size();
    decls.append("module ").append(f).append(" = ").append(p).append("_fold (").append(p).append("_pair ")
        .append(a.module()).append(' ').append(b.module()).append(")\n");
    pairs.add(new Pair(f, a, b));
  }

  String name(String what) { return p + "_" + what; }

  Node declarations() { return Node.leaf("", decls.toString()); }
}

package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A size expression: what a known array size is, as today's Futhark allows any {@code i64}
 * expression without bindings in a size ({@code [n]}, {@code [n+1]}, {@code [i64.max n m]},
 * {@code [length xs]}). Two sizes are equal when their expressions are the same syntactically
 * (after resolving names), as in the reference compiler. An expression the checker cannot represent
 * structurally is {@link Opaque}: equal only to itself. A size still to be inferred is {@link F}.
 */
sealed interface SE {
  /** A size inference variable (resolved through {@link Ty.Flex#ref}). */
  record F(Ty.Flex flex) implements SE {
    @Override public boolean equals(Object o) { return o instanceof F f && f.flex == flex; }

    @Override public int hashCode() { return flex.id; }
  }

  /**
   * A size as written in a type annotation, with the builder of its checked expression (so that a
   * run-time check can evaluate it); otherwise it behaves as {@code exp}.
   */
  record B(SE exp, java.util.function.Supplier<io.github.futhark4j.compiler.typed.TExp> build) implements SE {}

  /** A variable: a size parameter, an {@code i64} (or array) variable in scope, or an unknown size. */
  record V(VName v) implements SE {}

  /** An integer literal. */
  record L(long value, PrimType type) implements SE {}

  /** A built-in binary operator on integers ({@code +}, {@code *}, ...). */
  record Op(String op, SE a, SE b) implements SE {}

  /** Integer negation. */
  record Neg(SE a) implements SE {}

  /** An application of a named function ({@code display} is the name as written, for messages). */
  record Call(VName f, String display, List<SE> args) implements SE {
    public Call {
      args = List.copyOf(args);
    }
  }

  /** A record projection. */
  record Proj(SE e, String field) implements SE {}

  /** An index into an array. */
  record Idx(SE a, List<SE> idx) implements SE {
    public Idx {
      idx = List.copyOf(idx);
    }
  }

  /** Some other expression, compared by identity. */
  record Opaque(int id, String text) implements SE {}

  /** Follows resolved inference variables and strips builders at the top. */
  static SE norm(SE e) {
    while (true) {
      if (e instanceof F f && f.flex().ref != null) e = f.flex().ref;
      else if (e instanceof B b) e = b.exp();
      else return e;
    }
  }

  static V var(VName v) { return new V(v); }

  /** The expression without builders (their expressions may refer to names not in scope). */
  static SE strip(SE e) {
    if (e instanceof B b) return strip(b.exp());
    return switch (e) {
      case Op o -> new Op(o.op(), strip(o.a()), strip(o.b()));
      case Neg n -> new Neg(strip(n.a()));
      case Call c -> new Call(c.f(), c.display(), c.args().stream().map(SE::strip).toList());
      case Proj p -> new Proj(strip(p.e()), p.field());
      case Idx i -> new Idx(strip(i.a()), i.idx().stream().map(SE::strip).toList());
      default -> e;
    };
  }

  static L lit(long n) { return new L(n, PrimType.I64); }

  static boolean same(SE a, SE b) {
    a = norm(a);
    b = norm(b);
    return switch (a) {
      case F x -> b instanceof F y && x.flex() == y.flex();
      case B x -> throw new IllegalStateException();
      case V x -> b instanceof V y && x.v().equals(y.v());
      case L x -> b instanceof L y && x.value() == y.value();
      case Op x -> b instanceof Op y && x.op().equals(y.op()) && same(x.a(), y.a()) && same(x.b(), y.b());
      case Neg x -> b instanceof Neg y && same(x.a(), y.a());
      case Call x -> b instanceof Call y && x.f().equals(y.f()) && sameAll(x.args(), y.args());
      case Proj x -> b instanceof Proj y && x.field().equals(y.field()) && same(x.e(), y.e());
      case Idx x -> b instanceof Idx y && same(x.a(), y.a()) && sameAll(x.idx(), y.idx());
      case Opaque x -> b instanceof Opaque y && x.id() == y.id();
    };
  }

  private static boolean sameAll(List<SE> a, List<SE> b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); i++) if (!same(a.get(i), b.get(i))) return false;
    return true;
  }

  static int hash(SE e) {
    e = norm(e);
    return switch (e) {
      case F x -> x.flex().id;
      case B x -> throw new IllegalStateException();
      case V x -> x.v().hashCode();
      case L x -> Long.hashCode(x.value());
      case Op x -> Objects.hash(x.op(), hash(x.a()), hash(x.b()));
      case Neg x -> 31 * hash(x.a());
      case Call x -> Objects.hash(x.f(), x.args().stream().map(SE::hash).toList());
      case Proj x -> Objects.hash(hash(x.e()), x.field());
      case Idx x -> Objects.hash(hash(x.a()), x.idx().stream().map(SE::hash).toList());
      case Opaque x -> x.id();
    };
  }

  /** Futhark's rendering: {@code n}, {@code 3}, {@code n + 1}, {@code i64.max n m}. */
  static String show(SE e) {
    e = norm(e);
    return switch (e) {
      case F x -> x.flex().name != null ? x.flex().name : "";
      case B x -> throw new IllegalStateException();
      case V x -> x.v().base();
      case L x -> Long.toString(x.value());
      case Op x -> showArg(x.a(), true) + " " + x.op() + " " + showArg(x.b(), true);
      case Neg x -> "-" + showArg(x.a(), false);
      case Call x -> x.display() + x.args().stream().map(a -> " " + showArg(a, false)).collect(Collectors.joining());
      case Proj x -> showArg(x.e(), false) + "." + x.field();
      case Idx x -> showArg(x.a(), false) + x.idx().stream().map(SE::show).collect(Collectors.joining(", ", "[", "]"));
      case Opaque x -> x.text();
    };
  }

  private static String showArg(SE e, boolean inOp) {
    String s = show(e);
    e = norm(e);
    boolean atomic = e instanceof F || e instanceof V || e instanceof L || e instanceof Proj || e instanceof Idx
        || (e instanceof Opaque o && !o.text().contains(" "));
    return atomic ? s : "(" + s + ")";
  }

  /** The variables of an expression. */
  static void vars(SE e, Set<VName> out) {
    e = norm(e);
    switch (e) {
      case F x -> { }
      case B x -> { }
      case V x -> out.add(x.v());
      case L x -> { }
      case Op x -> { vars(x.a(), out); vars(x.b(), out); }
      case Neg x -> vars(x.a(), out);
      case Call x -> x.args().forEach(a -> vars(a, out));
      case Proj x -> vars(x.e(), out);
      case Idx x -> { vars(x.a(), out); x.idx().forEach(a -> vars(a, out)); }
      case Opaque x -> { }
    }
  }

  static boolean mentions(SE e, Set<VName> names) {
    e = norm(e);
    return switch (e) {
      case F x -> false;
      case B x -> false;
      case V x -> names.contains(x.v());
      case L x -> false;
      case Op x -> mentions(x.a(), names) || mentions(x.b(), names);
      case Neg x -> mentions(x.a(), names);
      case Call x -> x.args().stream().anyMatch(a -> mentions(a, names));
      case Proj x -> mentions(x.e(), names);
      case Idx x -> mentions(x.a(), names) || x.idx().stream().anyMatch(a -> mentions(a, names));
      case Opaque x -> false;
    };
  }

  /** Replaces variables; returns {@code e} itself when nothing changes. */
  static SE subst(SE e, Map<VName, SE> m) {
    if (m.isEmpty()) return e;
    if (e instanceof B b) {
      SE inner = subst(b.exp(), m);
      return inner == b.exp() ? b : inner;
    }
    e = norm(e);
    return switch (e) {
      case F x -> x;
      case B x -> throw new IllegalStateException();
      case V x -> m.getOrDefault(x.v(), x);
      case L x -> x;
      case Op x -> {
        SE a = subst(x.a(), m), b = subst(x.b(), m);
        yield a == x.a() && b == x.b() ? x : new Op(x.op(), a, b);
      }
      case Neg x -> {
        SE a = subst(x.a(), m);
        yield a == x.a() ? x : new Neg(a);
      }
      case Call x -> {
        List<SE> args = substAll(x.args(), m);
        yield args == null ? x : new Call(x.f(), x.display(), args);
      }
      case Proj x -> {
        SE a = subst(x.e(), m);
        yield a == x.e() ? x : new Proj(a, x.field());
      }
      case Idx x -> {
        SE a = subst(x.a(), m);
        List<SE> is = substAll(x.idx(), m);
        yield a == x.a() && is == null ? x : new Idx(a, is == null ? x.idx() : is);
      }
      case Opaque x -> x;
    };
  }

  private static List<SE> substAll(List<SE> es, Map<VName, SE> m) {
    List<SE> out = new ArrayList<>(es.size());
    boolean changed = false;
    for (SE a : es) {
      SE b = subst(a, m);
      changed |= b != a;
      out.add(b);
    }
    return changed ? out : null;
  }
}

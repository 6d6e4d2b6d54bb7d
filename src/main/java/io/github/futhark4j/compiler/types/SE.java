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
 * {@code [length xs]}, {@code [reduce (+) 0 reps]}). Two sizes are equal when their expressions are
 * the same syntactically (after resolving names), as in the reference compiler. The forms the
 * checker reasons about have records of their own; any other expression without bindings is a
 * {@link Form}. An expression that cannot be a size is {@link Opaque}: equal only to itself. A size
 * still to be inferred is {@link F}.
 *
 * <p>Every traversal goes through {@link #kids} and {@link #withKids}, so a new form needs only
 * those two and its rendering.
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
  /**
   * An integer literal; {@code type} is its suffix as written ({@code 3i64}), else null (see
   * {@code Unify.unifySize} for where the two differ).
   */
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

  /**
   * Any other expression without bindings, as its text with the sub-expressions left out:
   * {@code text.get(0) kids.get(0) text.get(1) ... text.get(n)}. Two forms are the same when their
   * texts are and their sub-expressions are the same sizes. {@code raw} renders the kids as they are
   * (inside brackets, as in a tuple {@code (a, b)}), otherwise as arguments (parenthesised unless
   * atomic); {@code atomic} says whether the whole needs no parentheses as an argument.
   */
  record Form(List<String> text, List<SE> kids, boolean raw, boolean atomic) implements SE {
    public Form {
      text = List.copyOf(text);
      kids = List.copyOf(kids);
      if (text.size() != kids.size() + 1) throw new IllegalArgumentException("text and kids do not interleave");
    }

    /** A form without sub-expressions (a literal, an operator section). */
    static Form leaf(String text) { return new Form(List.of(text), List.of(), true, true); }
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

  static L lit(long n) { return new L(n, null); }

  // ---- generic structure ----------------------------------------------------------------------

  /** The sub-expressions of a (normalised) size. */
  static List<SE> kids(SE e) {
    return switch (e) {
      case Op x -> List.of(x.a(), x.b());
      case Neg x -> List.of(x.a());
      case Call x -> x.args();
      case Proj x -> List.of(x.e());
      case Idx x -> {
        List<SE> k = new ArrayList<>(x.idx().size() + 1);
        k.add(x.a());
        k.addAll(x.idx());
        yield k;
      }
      case Form x -> x.kids();
      case B x -> List.of(x.exp());
      case F f -> List.of();
      case V v -> List.of();
      case L l -> List.of();
      case Opaque o -> List.of();
    };
  }

  /** {@code e} with its sub-expressions replaced by {@code ks} (in the order of {@link #kids}). */
  static SE withKids(SE e, List<SE> ks) {
    return switch (e) {
      case Op x -> new Op(x.op(), ks.get(0), ks.get(1));
      case Neg x -> new Neg(ks.get(0));
      case Call x -> new Call(x.f(), x.display(), ks);
      case Proj x -> new Proj(ks.get(0), x.field());
      case Idx x -> new Idx(ks.get(0), ks.subList(1, ks.size()));
      case Form x -> new Form(x.text(), ks, x.raw(), x.atomic());
      case B x -> new B(ks.get(0), x.build());
      case F f -> e;
      case V v -> e;
      case L l -> e;
      case Opaque o -> e;
    };
  }

  /** Whether two (normalised) sizes have the same outermost form, so that equality is their kids'. */
  static boolean sameHead(SE a, SE b) {
    return switch (a) {
      case F x -> b instanceof F y && x.flex() == y.flex();
      case V x -> b instanceof V y && x.v().equals(y.v());
      case L x -> b instanceof L y && x.value() == y.value();
      case Op x -> b instanceof Op y && x.op().equals(y.op());
      case Neg x -> b instanceof Neg;
      case Call x -> b instanceof Call y && x.f().equals(y.f()) && x.args().size() == y.args().size();
      case Proj x -> b instanceof Proj y && x.field().equals(y.field());
      case Idx x -> b instanceof Idx y && x.idx().size() == y.idx().size();
      case Form x -> b instanceof Form y && x.text().equals(y.text());
      case Opaque x -> b instanceof Opaque y && x.id() == y.id();
      case B x -> throw new IllegalStateException();
    };
  }

  /** Applies {@code f} to every sub-expression (resolved), rebuilding only what changed. */
  static SE mapKids(SE e, java.util.function.UnaryOperator<SE> f) {
    List<SE> ks = kids(e);
    if (ks.isEmpty()) return e;
    List<SE> out = new ArrayList<>(ks.size());
    boolean changed = false;
    for (SE k : ks) {
      SE n = f.apply(k);
      changed |= n != k;
      out.add(n);
    }
    return changed ? withKids(e, out) : e;
  }

  /** Whether {@code p} holds of {@code e} (normalised) or of any expression inside it. */
  static boolean any(SE e, java.util.function.Predicate<SE> p) {
    e = norm(e);
    if (p.test(e)) return true;
    for (SE k : kids(e)) if (any(k, p)) return true;
    return false;
  }

  /** Calls {@code f} on {@code e} (normalised) and every expression inside it, outermost first. */
  static void forEach(SE e, java.util.function.Consumer<SE> f) {
    e = norm(e);
    f.accept(e);
    for (SE k : kids(e)) forEach(k, f);
  }

  /** The expression without builders (their expressions may refer to names not in scope). */
  static SE strip(SE e) {
    if (e instanceof B b) return strip(b.exp());
    return mapKids(e, SE::strip);
  }

  static boolean same(SE a, SE b) {
    a = norm(a);
    b = norm(b);
    if (!sameHead(a, b)) return false;
    List<SE> ka = kids(a), kb = kids(b);
    if (ka.size() != kb.size()) return false;
    for (int i = 0; i < ka.size(); i++) if (!same(ka.get(i), kb.get(i))) return false;
    return true;
  }

  static int hash(SE e) {
    e = norm(e);
    int h = switch (e) {
      case F x -> x.flex().id;
      case V x -> x.v().hashCode();
      case L x -> Long.hashCode(x.value());
      case Op x -> x.op().hashCode();
      case Neg x -> 7;
      case Call x -> x.f().hashCode();
      case Proj x -> x.field().hashCode();
      case Idx x -> 11;
      case Form x -> x.text().hashCode();
      case Opaque x -> x.id();
      case B x -> throw new IllegalStateException();
    };
    for (SE k : kids(e)) h = 31 * h + hash(k);
    return h;
  }

  /** Futhark's rendering: {@code n}, {@code 3}, {@code n + 1}, {@code i64.max n m}. */
  static String show(SE e) {
    e = norm(e);
    return switch (e) {
      case F x -> x.flex().name != null ? x.flex().name : "";
      case B x -> throw new IllegalStateException();
      case V x -> x.v().base();
      case L x -> x.value() + (x.type() != null ? x.type().futName() : "");
      case Op x -> operand(x.a(), x.op(), false) + " " + x.op() + " " + operand(x.b(), x.op(), true);
      case Neg x -> "-" + showArg(x.a(), false);
      case Call x -> x.display() + x.args().stream().map(a -> " " + showArg(a, false)).collect(Collectors.joining());
      case Proj x -> showArg(x.e(), false) + "." + x.field();
      case Idx x -> showArg(x.a(), false) + x.idx().stream().map(SE::show).collect(Collectors.joining(", ", "[", "]"));
      case Form x -> {
        StringBuilder sb = new StringBuilder(x.text().get(0));
        for (int i = 0; i < x.kids().size(); i++) {
          sb.append(x.raw() ? show(x.kids().get(i)) : showArg(x.kids().get(i), false)).append(x.text().get(i + 1));
        }
        yield sb.toString();
      }
      case Opaque x -> x.text();
    };
  }

  /**
   * An operand of {@code op}, in parentheses only where its own operator binds less tightly (or as
   * tightly, on the side the operator does not associate to), as the reference prints {@code d - 1 + 1}.
   */
  private static String operand(SE e, String op, boolean right) {
    if (norm(e) instanceof Op inner) {
      io.github.futhark4j.compiler.syntax.Fixity outer = io.github.futhark4j.compiler.syntax.Fixity.of(op);
      io.github.futhark4j.compiler.syntax.Fixity own = io.github.futhark4j.compiler.syntax.Fixity.of(inner.op());
      boolean sameSide = right == outer.rightAssoc();
      boolean parens = own.level() < outer.level() || (own.level() == outer.level() && !sameSide);
      return parens ? "(" + show(e) + ")" : show(e);
    }
    return showArg(e, true);
  }

  private static String showArg(SE e, boolean inOp) {
    String s = show(e);
    e = norm(e);
    // An anonymous size is shown as "[]" in a type, but inside an expression it needs a name.
    if (s.isEmpty() && e instanceof F) return "d";
    // An application binds tighter than any operator: an operand of one needs no parentheses.
    boolean atomic = e instanceof F || e instanceof V || e instanceof L || e instanceof Proj || e instanceof Idx
        || (e instanceof Form f && f.atomic()) || (e instanceof Opaque o && !o.text().contains(" "))
        || (inOp && e instanceof Call);
    return atomic ? s : "(" + s + ")";
  }

  /** The variables of an expression. */
  static void vars(SE e, Set<VName> out) {
    forEach(e, x -> { if (x instanceof V v) out.add(v.v()); });
  }

  static boolean mentions(SE e, Set<VName> names) {
    return any(e, x -> x instanceof V v && names.contains(v.v()));
  }

  /** Replaces variables; returns {@code e} itself when nothing changes. */
  static SE subst(SE e, Map<VName, SE> m) {
    if (m.isEmpty()) return e;
    if (e instanceof B b) {
      SE inner = subst(b.exp(), m);
      return inner == b.exp() ? b : inner;
    }
    e = norm(e);
    if (e instanceof V x) return m.getOrDefault(x.v(), x);
    return mapKids(e, k -> subst(k, m));
  }
}

package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.syntax.Ast.*;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Uniqueness rules about function boundaries (Language Reference, "In-place updates" and the
 * error index): a non-consuming higher-order parameter may not be passed a consuming function,
 * unique components of a result may not alias each other, and a function's result may not alias a
 * free (top-level) variable. Helpers only; the checker calls them where the types are known.
 */
final class UniquenessChecks {
  private UniquenessChecks() {}

  /**
   * For an expected function type, which of its curried parameters are declared consuming
   * ({@code *[]t}); computed before unification, which ignores uniqueness and would let a type
   * variable take on the argument's. Null when the expected type is not (yet) a function.
   */
  static List<Boolean> consumingParams(Ty expected) {
    Ty t = Unifier.resolve(expected);
    if (!(t instanceof Ty.Fun)) return null;
    List<Boolean> out = new ArrayList<>();
    while (Unifier.resolve(t) instanceof Ty.Fun f) {
      out.add(Unifier.resolve(f.param()) instanceof Ty.Arr a && a.unique());
      t = f.result();
    }
    return out;
  }

  /**
   * Whether an argument can be a consuming function at all: a lambda consumes a parameter only if
   * it declares it unique ({@code \\(xs: *[]i32) -> ...}); uniqueness its parameters pick up by
   * inference (from the arrays a SOAC passes them) does not make it consuming.
   */
  static boolean mayConsume(Exp arg) {
    return !(arg instanceof Lambda l) || l.params().stream().anyMatch(UniquenessChecks::declaresUnique);
  }

  private static boolean declaresUnique(Pat p) {
    return switch (p) {
      case PAscribe a -> a.type() instanceof TUnique || declaresUnique(a.pattern());
      case PTuple t -> t.elements().stream().anyMatch(UniquenessChecks::declaresUnique);
      case PRecord r -> r.fields().stream().anyMatch(f -> f.pattern() != null && declaresUnique(f.pattern()));
      default -> false;
    };
  }

  /** Whether {@code actual}, a function, consumes a parameter that {@code declared} says is not consumed. */
  static boolean consumesWhereNotAllowed(List<Boolean> declared, Ty actual) {
    Ty t = Unifier.resolve(actual);
    for (int i = 0; i < declared.size() && Unifier.resolve(t) instanceof Ty.Fun f; i++) {
      if (!declared.get(i) && Unifier.resolve(f.param()) instanceof Ty.Arr a && a.unique()) return true;
      t = f.result();
    }
    return false;
  }

  /**
   * The expressions a function body returns, component by component when the result is a tuple
   * written as one: the tail of {@code let} chains, both branches of an {@code if}. Names bound on
   * the way (which shadow outer ones) are added to {@code bound}.
   */
  static List<Exp> tails(Exp body, Set<String> bound) {
    List<Exp> out = new ArrayList<>();
    tails(body, bound, out);
    return out;
  }

  private static void tails(Exp e, Set<String> bound, List<Exp> out) {
    switch (e) {
      case LetPat l -> {
        bound.addAll(l.sizes());
        patNames(l.pattern(), bound);
        tails(l.body(), bound, out);
      }
      case LetFun l -> {
        bound.add(l.name());
        tails(l.body(), bound, out);
      }
      case LetUpdate l -> tails(l.body(), bound, out);
      case Attr a -> tails(a.exp(), bound, out);
      case If i -> {
        tails(i.then(), bound, out);
        tails(i.otherwise(), bound, out);
      }
      default -> out.add(e);
    }
  }

  static void patNames(Pat p, Set<String> out) {
    switch (p) {
      case PId id -> out.add(id.name());
      case PTuple t -> t.elements().forEach(x -> patNames(x, out));
      case PRecord r -> r.fields().forEach(f -> patNames(f.pattern(), out));
      case PAscribe a -> patNames(a.pattern(), out);
      case PConstr c -> c.payload().forEach(x -> patNames(x, out));
      default -> { }
    }
  }

  /**
   * The top-level variables (not shadowed by {@code bound} or by what {@code isLocal} knows) that
   * the value of {@code e} may share memory with. Conservative in the other direction from
   * {@link CheckerBase#aliasesOf}: only variables, projections, slices and the data constructors
   * and branches around them count, so a scalar computed from a global array never does.
   */
  static Set<String> globalAliases(Exp e, Set<String> bound, Function<String, Boolean> isGlobalArray) {
    Set<String> out = new LinkedHashSet<>();
    collect(e, bound, isGlobalArray, out);
    return out;
  }

  private static void collect(Exp e, Set<String> bound, Function<String, Boolean> isGlobalArray, Set<String> out) {
    switch (e) {
      case Var v -> {
        if (v.qualifiers().isEmpty() && !bound.contains(v.name()) && isGlobalArray.apply(v.name())) out.add(v.name());
      }
      case Index i -> {
        // Only a slice shares memory; an element of an array of scalars does not.
        if (i.indices().stream().anyMatch(d -> d instanceof Slice)) collect(i.array(), bound, isGlobalArray, out);
      }
      case Ascribe a -> collect(a.exp(), bound, isGlobalArray, out);
      case Coerce c -> collect(c.exp(), bound, isGlobalArray, out);
      case Attr a -> collect(a.exp(), bound, isGlobalArray, out);
      case TupleLit t -> t.elements().forEach(x -> collect(x, bound, isGlobalArray, out));
      case RecordLit r -> r.fields().forEach(f -> {
        if (f.value() != null) collect(f.value(), bound, isGlobalArray, out);
        else if (!bound.contains(f.name()) && isGlobalArray.apply(f.name())) out.add(f.name());
      });
      case If i -> {
        collect(i.then(), bound, isGlobalArray, out);
        collect(i.otherwise(), bound, isGlobalArray, out);
      }
      case LetPat l -> {
        Set<String> inner = new HashSet<>(bound);
        inner.addAll(l.sizes());
        patNames(l.pattern(), inner);
        collect(l.body(), inner, isGlobalArray, out);
      }
      case LetFun l -> {
        Set<String> inner = new HashSet<>(bound);
        inner.add(l.name());
        collect(l.body(), inner, isGlobalArray, out);
      }
      default -> { }
    }
  }
}

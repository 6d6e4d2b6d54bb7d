package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one mutable state of a type checking run, handed to each of the checkers ({@link Unify},
 * {@link TypeConv}, {@link Pats}, {@link Terms}, {@link Defs}, {@link Modules}): diagnostics, the
 * name supply, the current binding depth, and what is known about names program-wide (levels of
 * local names, implementations of abstract types, arities of functions, the declarations made).
 */
final class TcState {
  private final List<Diagnostic> diags;
  /** Above zero while elaborating a parametric module's body for an application: errors were reported when it was checked. */
  int quiet;
  private int names;
  /** The binding depth: every binding construct (parameter, let, loop, case, lambda) goes one deeper. */
  int level;
  /** Binding depth of local names and of unknown sizes, for scope checks of inferred sizes. */
  final Map<VName, Integer> nameLevel = new HashMap<>();
  /** Where each unknown size came from, for notes: a {@code diag.Phrases} origin ("is unknown size returned by "filter" at 3:5."). */
  final Map<VName, String> unknownSizes = new HashMap<>();
  /** The definitions of abstract types (from module ascriptions): zonking sees through them. */
  final Map<VName, Env.TypeB> abstractImpl = new HashMap<>();
  /** Where type parameters are bound, for messages. */
  final Map<VName, Span> typeParamSpans = new HashMap<>();
  /** The names of abstract types (of module types, and made by ascriptions), for messages. */
  final java.util.Set<VName> abstractTypes = new java.util.HashSet<>();
  /** Liftedness of type parameters and abstract types, by name. */
  final Map<VName, io.github.futhark4j.compiler.syntax.Ast.Liftedness> paramLiftedness = new HashMap<>();
  /** Number of parameters of each function definition, for saturating applications. */
  final Map<VName, Integer> arity = new HashMap<>();
  /** Uniqueness-inferred types of definitions, filled in by {@link Consumption}. */
  final Map<VName, io.github.futhark4j.compiler.typed.Type> defTypes = new HashMap<>();
  /** The prelude's bindings checked when first looked up (Env.Lazy), in the order they were made. */
  final List<Env.Lazy> lazies = new ArrayList<>();
  /** Prelude definitions whose bodies are checked only when used (see Defs#demand). */
  final Map<VName, Runnable> pending = new HashMap<>();
  final java.util.Set<VName> demanded = new java.util.LinkedHashSet<>();
  /**
   * Loop parameters under a type ascription (loop (xs: []i32) ...): their diet is the declared
   * one, not inferred from the body.
   */
  final java.util.Set<VName> ascribedLoopParams = new java.util.HashSet<>();
  /** Local functions with a declared return type (others have its uniqueness inferred). */
  final java.util.Set<VName> declaredLocalReturns = new java.util.HashSet<>();
  /**
   * Applications written with a pipe ({@code x |> f}, {@code f <| x}), by span: the operator and
   * the function's text. The reference's pipes are functions, which a consuming function may not
   * be passed to.
   */
  final Map<Span, String> pipes = new HashMap<>();
  /** Lambdas (by span) with a declared return type. */
  final java.util.Set<Span> declaredLambdaReturns = new java.util.HashSet<>();
  /**
   * A flexible size that must be determined by the end of the top-level definition that made it
   * ("Ambiguous size "n" arising from instantiated size parameter of "map"."): {@code name} is how
   * the message names it, {@code arising} what made it (a {@code diag.Phrases}), as the reference words it.
   */
  record Watched(Ty.Flex flex, String name, String arising, Span at) {}

  /** The flexible sizes of the definition being checked that must be determined (instantiated size parameters, ascriptions). */
  final List<Watched> instFlexes = new ArrayList<>();
  /**
   * A non-lifted or size-lifted type parameter of {@code name} (as written at the use {@code at})
   * instantiated by {@code var}, whose solution must respect the parameter's liftedness.
   */
  record TyInst(Ty.Var var, io.github.futhark4j.compiler.syntax.Ast.Liftedness liftedness, String name, Span at) {}

  /** The type parameters instantiated in the definition being checked, in the order of their uses. */
  final List<TyInst> tyInsts = new ArrayList<>();
  /**
   * Errors that stand only if their definition has no other: an array of functions applied to
   * arguments, which the reference's first pass takes elementwise, its elements' type being
   * reported once the definition's types are inferred (TcState.tyInsts).
   */
  final List<Diagnostic> unlessOtherErrors = new ArrayList<>();
  /**
   * Type variables known only by a constructor or a field (made for a constructor, or for a
   * projection or update of a value of unknown type), with where: a sum or record type still
   * unknown at the end of a definition is ambiguous.
   */
  final List<Object[]> partialVars = new ArrayList<>();
  /** The name of the top-level definition being checked, for messages. */
  String currentDef = "";
  /** The checked declarations, in order. */
  final List<TDecl> out = new ArrayList<>();
  /** Spans of type errors reported in the current definition, to avoid reporting cascades. */
  final List<Span> errorSpans = new ArrayList<>();

  TcState(List<Diagnostic> diags) {
    this.diags = diags;
  }

  VName fresh(String base) { return new VName(base, ++names); }

  int errorCount() { return diags.size(); }

  /** Errors suppressed while quiet (a trial check, e.g. a loop's first pass). */
  int quietErrors;

  /** Reports an error (made by a factory of {@code compiler.diag}), unless quiet. */
  void error(Diagnostic d) {
    if (quiet > 0) {
      quietErrors++;
      return;
    }
    report(d);
  }

  /** Warnings, in the order found: they accompany the errors of a program that has some. */
  final List<Diagnostic> warnings = new ArrayList<>();

  /** Records a warning (made by a factory of {@code compiler.diag}), unless quiet. */
  void warn(Diagnostic d) {
    if (quiet == 0) warnings.add(d);
  }

  void report(Diagnostic d) {
    if (quiet > 0) {
      quietErrors++;
      return;
    }
    // A rule checked on two paths (a pattern seen as a parameter and as a binding) reports once.
    if (!diags.contains(d)) diags.add(d);
  }

  /**
   * Reports type error {@code d} unless one was already reported inside its span (an enclosing
   * expression failing because of an error inside it is noise). Returns whether it was reported.
   */
  boolean typeError(Diagnostic d) {
    Span span = d.span();
    for (Span e : errorSpans) {
      if (e.source() == span.source() && e.start() >= span.start() && e.end() <= span.end()) return false;
    }
    if (quiet == 0) errorSpans.add(span);
    error(d);
    return true;
  }

  /** Makes an unknown size (an existential), with where it came from for messages. */
  VName unknownSize(String base, String origin) {
    VName v = fresh(base);
    nameLevel.put(v, level);
    if (origin != null) unknownSizes.put(v, origin);
    trace.made(v);
    return v;
  }

  /**
   * An unknown size standing for an existential or dependent size of a function type that
   * unification absorbed (an instantiated type parameter standing for such a result): fresh at
   * each application of the function, as the reference's pending existentials, so not one that an
   * expression computes for the causality check.
   */
  VName absorbedSize(String base, String origin) {
    VName v = fresh(base);
    nameLevel.put(v, level);
    if (origin != null) unknownSizes.put(v, origin);
    return v;
  }

  /** What the definition being checked records for the causality check (a fresh one per top-level definition). */
  Causality.Trace trace = new Causality.Trace();
}

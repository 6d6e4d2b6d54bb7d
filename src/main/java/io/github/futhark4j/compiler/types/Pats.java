package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Patterns: in parameters, {@code let}, loops and {@code match} cases. Checking a pattern against
 * the type it matches gives its bindings (not yet in scope) and a builder of its checked form.
 */
final class Pats {
  private final TcState st;
  private final Unify u;
  private final TypeConv types;
  private final Zonk zonk;
  private Terms terms;

  Pats(TcState st, Unify u, TypeConv types, Zonk zonk) {
    this.st = st;
    this.u = u;
    this.types = types;
    this.zonk = zonk;
  }

  void setTerms(Terms terms) { this.terms = terms; }

  /**
   * Where a pattern is: a function's parameter, a let binding, a loop parameter, a for-in loop's
   * element, a case. As in the reference, a name bound twice is an error in parameters and let
   * bindings only (elsewhere the later binding is the one in scope).
   */
  enum Mode {
    PARAM, LET, LOOP, ELEMENT, MATCH;

    boolean namesOnce() { return this == PARAM || this == LET; }
  }

  /** A name a pattern binds. */
  record Bound(String name, VName v, Ty ty, Span span) {}

  /** A checked pattern: its type, its bindings, the flexible sizes of its annotations, its builder. */
  record PatRes(Ty ty, List<Bound> binds, List<Ty.Flex> flexes, Supplier<TPat> build) {
    /** The context with the bindings in scope. */
    Ctx bindAll(Ctx ctx, int level) {
      for (Bound b : binds) ctx = ctx.bind(b.name(), new Env.Local(b.v(), b.ty(), level, null));
      return ctx;
    }
  }

  /**
   * Checks {@code p}; {@code expected} is the type of the value it matches (a fresh variable when
   * unknown). {@code sizeNames} are names usable as sizes in annotations (the size binders of
   * {@code let [n] ...}).
   */
  PatRes check(Pat p, Ty expected, Ctx ctx, Mode mode, Map<String, SE> sizeNames) {
    List<Bound> binds = new ArrayList<>();
    List<Ty.Flex> flexes = new ArrayList<>();
    Supplier<TPat> b = pat(p, expected, ctx, mode, sizeNames, binds, flexes);
    if (mode != Mode.MATCH && refutableForm(p)) b = irrefutable(b, p.span());
    return new PatRes(patType(p, expected, binds), binds, flexes, b);
  }

  /** Whether a pattern has a literal or constructor (only such a pattern can fail to match). */
  private static boolean refutableForm(Pat p) {
    return switch (p) {
      case PLit l -> true;
      case PConstr c -> true;
      case PTuple t -> t.elements().stream().anyMatch(Pats::refutableForm);
      case PRecord r -> r.fields().stream().anyMatch(f -> refutableForm(f.pattern()));
      case PAscribe a -> refutableForm(a.pattern());
      case PAttr a -> refutableForm(a.pattern());
      case PId i -> false;
      case PWild w -> false;
    };
  }

  /**
   * Outside {@code match} a pattern must match every value of its type, as the reference requires:
   * {@code let #x y = e} is fine for a type with the one constructor {@code #x}. Checked once the
   * type is known, when the pattern is built.
   */
  private Supplier<TPat> irrefutable(Supplier<TPat> b, Span span) {
    return () -> {
      TPat tp = b.get();
      String missing = Exhaustiveness.missing(List.of(List.of(tp)), List.of(tp.type()));
      if (missing != null) {
        st.error(TypeErrors.refutablePattern(span, missing));
      }
      return tp;
    };
  }

  /**
   * The type a pattern declares: the matched type, except that annotations give their own types
   * (with their uniqueness: a parameter {@code (xs: *[]i32)} consumes its argument).
   */
  private Ty patType(Pat p, Ty t, List<Bound> binds) {
    return switch (p) {
      case PAscribe a -> {
        Ty inner = patType(a.pattern(), t, binds);
        yield ascribed.getOrDefault(a, inner);
      }
      case PAttr a -> patType(a.pattern(), t, binds);
      case PTuple tp when Unify.resolve(t) instanceof Ty.Rec r && r.fields().size() == tp.elements().size() -> {
        List<Ty> comps = new ArrayList<>();
        for (int i = 0; i < tp.elements().size(); i++) comps.add(patType(tp.elements().get(i), r.fields().get(Integer.toString(i)), binds));
        yield Ty.tuple(comps);
      }
      case PRecord pr when Unify.resolve(t) instanceof Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        for (PField f : pr.fields()) if (r.fields().containsKey(f.name())) m.put(f.name(), patType(f.pattern(), r.fields().get(f.name()), binds));
        yield m.size() == r.fields().size() ? new Ty.Rec(m) : t;
      }
      case PId i -> t;
      case PWild w -> t;
      case PTuple tu -> t;
      case PRecord r -> t;
      case PLit l -> t;
      case PConstr c -> t;
    };
  }

  /** Annotation types and their components (by identity): patterns matching them take their parts' types. */
  private final Set<Ty> annotated = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** The annotation types of the ascriptions checked (by identity of the pattern node). */
  private final Map<PAscribe, Ty> ascribed = new java.util.IdentityHashMap<>();

  private Supplier<TPat> pat(Pat p, Ty t, Ctx ctx, Mode mode, Map<String, SE> sizeNames, List<Bound> binds, List<Ty.Flex> flexes) {
    Span span = p.span();
    switch (p) {
      case PId id -> {
        for (Bound b : binds) {
          if (mode.namesOnce() && b.name().equals(id.name())) {
            st.error(TypeErrors.alsoBoundAt(span, id.name(), b.span().render()));
          }
        }
        VName v = st.fresh(id.name());
        st.nameLevel.put(v, st.level);
        binds.add(new Bound(id.name(), v, t, span));
        return () -> new TPat.Id(v, zonk.type(t), span);
      }
      case PWild w -> {
        return () -> new TPat.Wildcard(zonk.type(t), span);
      }
      case PAttr a -> {
        return pat(a.pattern(), t, ctx, mode, sizeNames, binds, flexes);
      }
      case PTuple tp -> {
        List<Ty> comps = new ArrayList<>();
        Ty tt;
        if (annotated.contains(t) && Unify.resolve(t) instanceof Ty.Rec ar && ar.fields().size() == tp.elements().size()
            && java.util.stream.IntStream.range(0, tp.elements().size()).allMatch(i -> ar.fields().containsKey(Integer.toString(i)))) {
          // Under an annotation the components get the annotation's types, with their uniqueness.
          for (int i = 0; i < tp.elements().size(); i++) comps.add(ar.fields().get(Integer.toString(i)));
          annotated.addAll(comps);
          tt = t;
        } else {
          for (int i = 0; i < tp.elements().size(); i++) comps.add(new Ty.Var(st.level));
          tt = Ty.tuple(comps);
          unifyPat(span, tt, t);
        }
        List<Supplier<TPat>> subs = new ArrayList<>();
        for (int i = 0; i < comps.size(); i++) subs.add(pat(tp.elements().get(i), comps.get(i), ctx, mode, sizeNames, binds, flexes));
        return () -> {
          Map<String, TPat> m = new LinkedHashMap<>();
          for (int i = 0; i < subs.size(); i++) m.put(Integer.toString(i), subs.get(i).get());
          return new TPat.Record(m, zonk.type(tt), span);
        };
      }
      case PRecord r -> {
        Map<String, Ty> fields = new LinkedHashMap<>();
        Map<String, PField> first = new LinkedHashMap<>();
        for (PField f : r.fields()) {
          if (f.name().startsWith("_")) {
            st.error(TypeErrors.underscoreField(f.span(), f.name()));
          }
          PField prev = first.putIfAbsent(f.name(), f);
          if (prev == null) {
            fields.put(f.name(), new Ty.Var(st.level));
          } else if (mode.namesOnce() && f.pattern() instanceof PId id && id.name().equals(f.name())) {
            // {a, a}: the name is bound twice, which the reference reports first.
            st.error(TypeErrors.alsoBoundAt(f.span(), f.name(), prev.span().render()));
          } else {
            st.error(TypeErrors.duplicateFieldsInPattern(span, patText(r)));
          }
        }
        Ty rt;
        if (annotated.contains(t) && Unify.resolve(t) instanceof Ty.Rec ar && ar.fields().keySet().equals(fields.keySet())) {
          fields.replaceAll((k, v) -> ar.fields().get(k));
          annotated.addAll(fields.values());
          rt = t;
        } else {
          rt = new Ty.Rec(fields);
          unifyPat(span, rt, t);
        }
        Map<String, Supplier<TPat>> subs = new LinkedHashMap<>();
        for (PField f : r.fields()) {
          if (!subs.containsKey(f.name())) subs.put(f.name(), pat(f.pattern(), fields.get(f.name()), ctx, mode, sizeNames, binds, flexes));
        }
        return () -> {
          Map<String, TPat> m = new LinkedHashMap<>();
          subs.forEach((k, v) -> m.put(k, v.get()));
          return new TPat.Record(m, zonk.type(rt), span);
        };
      }
      case PLit l -> {
        Terms.Res lit = terms.literal(l.literal());
        unifyPat(span, lit.ty(), t);
        return () -> new TPat.Lit(((io.github.futhark4j.compiler.typed.TExp.Literal) lit.build().get()).value(), zonk.type(t), span);
      }
      case PConstr c -> {
        List<Ty> payload = new ArrayList<>();
        for (int i = 0; i < c.payload().size(); i++) payload.add(new Ty.Var(st.level));
        Ty.Var v = new Ty.Var(st.level);
        v.constructors = new TreeMap<>(Map.of(c.name(), payload));
        unifyPat(span, v, t);
        // The payload's own types where the sum is known: they carry its uniqueness (*t), which
        // unification ignores.
        if (Unify.resolve(t) instanceof Ty.Sum sum && sum.constructors().get(c.name()) instanceof List<Ty> own
            && own.size() == payload.size()) {
          payload = own;
        }
        List<Supplier<TPat>> subs = new ArrayList<>();
        for (int i = 0; i < payload.size(); i++) subs.add(pat(c.payload().get(i), payload.get(i), ctx, mode, sizeNames, binds, flexes));
        return () -> new TPat.Constr(c.name(), subs.stream().map(Supplier::get).toList(), zonk.type(t), span);
      }
      case PAscribe a -> {
        TypeConv.Conv conv = new TypeConv.Conv();
        Ty at = types.convert(a.type(), ctx, TypeConv.Anon.FLEX, conv, sizeNames);
        flexes.addAll(conv.flexes);
        if (mode == Mode.LET || mode == Mode.ELEMENT) terms.watchAscribed(conv, a.span().withoutParens(), true);
        try {
          u.unify(at, t);
        } catch (Unify.Failure f) {
          // The value's type without sizes where the types differ (the reference's first pass).
          String[] shown = f.why.secondPass() ? Unify.showAll(at, t) : Unify.showAllUnsized(at, t);
          st.typeError(TypeErrors.patternMismatch(span, patText(a), shown[1], f.why));
        }
        // The bound names get the annotation's type, with its uniqueness.
        ascribed.put(a, at);
        annotated.add(at);
        return pat(a.pattern(), at, ctx, mode, sizeNames, binds, flexes);
      }
    }
  }

  private void unifyPat(Span span, Ty patType, Ty valueType) {
    try {
      u.unify(patType, valueType);
    } catch (Unify.Failure f) {
      // As the reference: the pattern as written and the type of the value it cannot match.
      String shown = f.why.secondPass() ? Unify.show(valueType) : Unify.showAllUnsized(valueType)[0];
      st.typeError(TypeErrors.patternMismatch(span, patText(span), shown, f.why));
    }
  }

  /**
   * The names a pattern binds, as written, in order, each with whether it is under a type ascription
   * ({@code xs: []i32}, whose diet is then the declared one): before any type is checked.
   */
  static void names(Pat p, java.util.function.BiConsumer<PId, Boolean> out) {
    names(p, false, out);
  }

  private static void names(Pat p, boolean ascribed, java.util.function.BiConsumer<PId, Boolean> out) {
    switch (p) {
      case PId id -> out.accept(id, ascribed);
      case PAscribe a -> names(a.pattern(), true, out);
      case PTuple t -> t.elements().forEach(x -> names(x, ascribed, out));
      case PRecord r -> r.fields().forEach(f -> names(f.pattern(), ascribed, out));
      case PAttr a -> names(a.pattern(), ascribed, out);
      case PConstr c -> c.payload().forEach(x -> names(x, ascribed, out));
      case PWild w -> { }
      case PLit l -> { }
    }
  }

  /** A pattern as the reference prints it: as written on one line, an ascription as {@code x: t}. */
  private static String patText(Pat p) {
    return patText(p.span());
  }

  static String patText(Span span) {
    return Terms.oneLine(span.text()).replaceAll("\\s+:(?=\\s)", ":");
  }

  /** A literal pattern's value as a {@link PrimValue} of type {@code p}. */
  static PrimValue litValue(BigInteger v, PrimType p) {
    return p.isFloat() ? PrimValue.ofFloat(p, v.doubleValue()) : PrimValue.ofInt(p, v.longValue());
  }
}

package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Message;
import io.github.futhark4j.compiler.diag.ModuleErrors;
import io.github.futhark4j.compiler.diag.SizeErrors;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.diag.TypeMessages;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Env.TParam;
import io.github.futhark4j.compiler.types.Env.TypeB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Elaborates type expressions to {@link Ty}: resolves type names (primitive types, type
 * parameters, abbreviations, abstract types, qualified names), checks size expressions, and reads
 * anonymous sizes ({@code []}) as the position asks ({@link Anon}).
 */
final class TypeConv {
  private final TcState st;
  private Terms terms;

  TypeConv(TcState st) {
    this.st = st;
  }

  void setTerms(Terms terms) { this.terms = terms; }

  /** How anonymous sizes are read. */
  enum Anon {
    /** Sizes to infer (parameters, patterns, ascriptions). */
    FLEX,
    /** Existential sizes of a return type, collected in {@link Conv#exts}. */
    EXIST,
    /**
     * A lambda's return type: anonymous sizes are inferred (as FLEX), but explicit existentials
     * ({@code ?[m].[m]t}) stay existential, collected in {@link Conv#exts}.
     */
    LAMBDA_RET,
    /** Placeholders of a size-lifted type abbreviation, collected in {@link Conv#exts}. */
    ABBREV
  }

  /** What a conversion found besides the type. */
  static final class Conv {
    /** Existential sizes (EXIST) or placeholders (ABBREV) made for anonymous sizes and {@code ?[n]}. */
    final List<VName> exts = new ArrayList<>();
    /** Whether the type contains a function (it is lifted). */
    boolean functional;
    /** Whether the type contains anonymous or existential sizes (it is size-lifted). */
    boolean anonymous;
    /** The flexible sizes made for anonymous sizes (FLEX). */
    final List<Ty.Flex> flexes = new ArrayList<>();
    /** Whether the type has existential sizes ({@code ?[n].t}) or names a size-lifted type. */
    boolean sizeLifted;
    /** The placeholders (ABBREV) of anonymous sizes in function parameters. */
    final List<VName> paramAnons = new ArrayList<>();
  }

  Ty convert(TypeExp te, Ctx ctx, Anon anon, Conv out) {
    return convert(te, ctx, anon, out, Map.of());
  }

  /** How deep {@link #convert} is in a type expression: names bound twice are looked for at the top. */
  private int depth;

  Ty convert(TypeExp te, Ctx ctx, Anon anon, Conv out, Map<String, SE> sizeNames) {
    if (depth == 0) boundOnce(te, Map.of());
    depth++;
    try {
      return convertForm(te, ctx, anon, out, sizeNames);
    } finally {
      depth--;
    }
  }

  /**
   * As the reference: along any path into a type expression, a name is bound once, by a function
   * type's parameter or an existential size ({@code (x: i64) -> (x: i64) -> t} is an error); array
   * element types are not looked into.
   */
  private void boundOnce(TypeExp te, Map<String, Span> seen) {
    switch (te) {
      case TArrow a -> {
        Map<String, Span> inner = seen;
        if (a.paramName() != null) {
          Span prev = seen.get(a.paramName());
          if (prev != null) {
            st.error(TypeErrors.alsoBoundAt(a.span(), a.paramName(), prev.render()));
            return;
          }
          inner = new HashMap<>(seen);
          inner.put(a.paramName(), a.span());
        }
        boundOnce(a.param(), inner);
        boundOnce(a.result(), inner);
      }
      case TExist e -> {
        Map<String, Span> inner = new HashMap<>(seen);
        for (String n : e.names()) {
          Span prev = inner.get(n);
          if (prev != null) {
            st.error(TypeErrors.alsoBoundAt(e.span(), n, prev.render()));
            return;
          }
          inner.put(n, e.span());
        }
        boundOnce(e.type(), inner);
      }
      case TTuple t -> t.elements().forEach(x -> boundOnce(x, seen));
      case TRecord r -> r.types().forEach(x -> boundOnce(x, seen));
      case TSum s -> s.payloads().forEach(ps -> ps.forEach(x -> boundOnce(x, seen)));
      case TUnique u -> boundOnce(u.type(), seen);
      case TName n -> n.args().forEach(x -> { if (x instanceof TArgType t) boundOnce(t.type(), seen); });
      case TArray a -> { }
    }
  }

  private Ty convertForm(TypeExp te, Ctx ctx, Anon anon, Conv out, Map<String, SE> sizeNames) {
    return switch (te) {
      case TName n -> convertName(n, ctx, anon, out, sizeNames);
      case TArray a -> {
        // The dimension first, then the element, as the reference (which unknown name is reported,
        // and the order of anonymous sizes). The element type expression must be non-lifted: no
        // functions, no size-lifted types.
        SE d = dim(a.dim(), ctx, anon, out, sizeNames);
        Conv ec = new Conv();
        Ty elem = convert(a.elem(), ctx, anon, ec, sizeNames);
        absorb(out, ec, Anon.ABBREV);
        String shown = a.elem().span().text();
        if (ec.functional) {
          st.error(TypeErrors.liftedElementType(a.span(), shown));
        } else if (ec.sizeLifted) {
          st.error(TypeErrors.sizeLiftedElementType(a.span(), shown));
        }
        yield new Ty.Arr(elem, d, false);
      }
      case TTuple t -> Ty.tuple(t.elements().stream().map(x -> convert(x, ctx, anon, out, sizeNames)).toList());
      case TRecord r -> {
        Map<String, Ty> fields = new LinkedHashMap<>();
        for (int i = 0; i < r.names().size(); i++) {
          if (fields.put(r.names().get(i), convert(r.types().get(i), ctx, anon, out, sizeNames)) != null) {
            st.error(TypeErrors.duplicateRecordFields(r.span(), Terms.oneLine(r.span().text())));
          }
        }
        yield new Ty.Rec(fields);
      }
      case TSum s -> {
        if (s.names().size() >= 256) {
          st.error(TypeErrors.tooManyConstructors(s.span()));
        }
        SortedMap<String, List<Ty>> cs = new TreeMap<>();
        for (int i = 0; i < s.names().size(); i++) {
          List<Ty> payload = s.payloads().get(i).stream().map(x -> convert(x, ctx, anon, out, sizeNames)).toList();
          if (cs.put(s.names().get(i), payload) != null) {
            st.error(TypeErrors.duplicateConstructors(s.span(), Terms.oneLine(s.span().text())));
          }
        }
        yield new Ty.Sum(cs);
      }
      case TArrow a -> {
        out.functional = true;
        // Anonymous sizes left of an arrow are inferred at each application; right of it they are
        // existential (in a return type) or inferred.
        Anon paramAnon = anon == Anon.EXIST || anon == Anon.LAMBDA_RET ? Anon.FLEX : anon;
        Conv pc = new Conv();
        Ty param = convert(a.param(), ctx, paramAnon, pc, sizeNames);
        absorb(out, pc, anon);
        if (anon != Anon.ABBREV) out.exts.addAll(pc.exts);
        else out.paramAnons.addAll(pc.exts);
        // The result's anonymous sizes are existential to the function type, in an abbreviation
        // too (as the reference: type^ t = bool -> []bool returns a new unknown size per call).
        VName v = a.paramName() == null ? null : st.fresh(a.paramName());
        Map<String, SE> names = sizeNames;
        if (v != null) {
          names = new HashMap<>(sizeNames);
          names.put(a.paramName(), SE.var(v));
        }
        Conv inner = new Conv();
        // (In an abbreviation the result is read as one, so that the parameters of a function it
        // returns are read as the abbreviation's; its own anonymous sizes become existential here.)
        Ty res = convert(a.result(), ctx, anon == Anon.ABBREV ? Anon.ABBREV : Anon.EXIST, inner, names);
        if (anon == Anon.ABBREV) for (VName x : inner.exts) st.unknownSizes.putIfAbsent(x, null);
        absorb(out, inner, Anon.EXIST);
        yield new Ty.Fun(v, param, inner.exts, res);
      }
      case TUnique u -> Unify.unique(convert(u.type(), ctx, anon, out, sizeNames), true);
      case TExist e -> {
        Map<String, SE> names = new HashMap<>(sizeNames);
        out.anonymous = true;
        out.sizeLifted = true;
        List<VName> made = new ArrayList<>();
        List<Ty.Flex> madeFlex = new ArrayList<>();
        for (String n : e.names()) {
          if (anon == Anon.FLEX) {
            Ty.Flex f = new Ty.Flex(st.level, n);
            out.flexes.add(f);
            madeFlex.add(f);
            names.put(n, new SE.F(f));
          } else {
            VName v = st.fresh(n);
            out.exts.add(v);
            made.add(v);
            names.put(n, SE.var(v));
          }
        }
        Ty body = convert(e.type(), ctx, anon, out, names);
        // An existential size must be the size of an array the value holds (not only of a
        // function's parameter or result): otherwise nothing could ever tell what it is.
        for (VName v : made) {
          if (!Modules.constructive(body, v)) {
            st.error(SizeErrors.existentialNotArraySize(e.span(), v.base()));
          }
        }
        for (Ty.Flex f : madeFlex) {
          if (!Modules.constructive(body, se -> se instanceof SE.F x && x.flex() == f)) {
            st.error(SizeErrors.existentialNotArraySize(e.span(), f.name));
          }
        }
        yield body;
      }
    };
  }

  /** Whether a type may not be an array's element: it contains a function or a lifted abstract type. */
  static boolean liftedElement(Ty t, TcState st) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Fun f -> true;
      case Ty.Arr a -> liftedElement(a.elem(), st);
      case Ty.Rec r -> r.fields().values().stream().anyMatch(x -> liftedElement(x, st));
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(x -> liftedElement(x, st));
      case Ty.Named n -> st.paramLiftedness.get(n.name()) == Liftedness.LIFTED
          || n.args().stream().anyMatch(x -> x.type() != null && liftedElement(x.type(), st));
      case Ty.Prim p -> false;
      case Ty.Var v -> false;
    };
  }

  /**
   * Why a type may not be an array's element because of a lifted or size-lifted type parameter or
   * abstract type in it (the reference's checkArrayElem), or null.
   */
  static Message liftedElementVar(Ty t, TcState st) {
    return liftedVar(t, st, Liftedness.UNLIFTED);
  }

  /**
   * Why {@code t} may not stand for a type parameter of liftedness {@code allowed} (non-lifted:
   * like an array element; size-lifted: no lifted type parameter or abstract type in it), or null.
   */
  static Message liftedVar(Ty t, TcState st, Liftedness allowed) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> liftedVar(a.elem(), st, allowed);
      case Ty.Rec r -> r.fields().values().stream().map(x -> liftedVar(x, st, allowed)).filter(x -> x != null).findFirst().orElse(null);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).map(x -> liftedVar(x, st, allowed))
          .filter(x -> x != null).findFirst().orElse(null);
      case Ty.Named n -> {
        Liftedness l = st.paramLiftedness.get(n.name());
        if (l != null && l.ordinal() > allowed.ordinal()) {
          Span at = st.typeParamSpans.get(n.name());
          if (allowed == Liftedness.UNLIFTED) {
            yield at != null ? TypeMessages.liftedParameterAsElement(n.name().base(), at.render())
                : TypeMessages.liftedTypeAsElement(n.name().base());
          }
          yield at != null ? TypeMessages.liftedParameterMaybeFunctional(n.name().base(), at.render())
              : TypeMessages.liftedTypeMaybeFunctional(n.name().base());
        }
        yield n.args().stream().filter(x -> x.type() != null).map(x -> liftedVar(x.type(), st, allowed)).filter(x -> x != null)
            .findFirst().orElse(null);
      }
      case Ty.Prim p -> null;
      case Ty.Fun f -> null;
      case Ty.Var v -> null;
    };
  }

  private static void absorb(Conv out, Conv inner, Anon anon) {
    out.functional |= inner.functional;
    out.anonymous |= inner.anonymous;
    out.flexes.addAll(inner.flexes);
    out.sizeLifted |= inner.sizeLifted;
    out.paramAnons.addAll(inner.paramAnons);
    if (anon == Anon.ABBREV) out.exts.addAll(inner.exts);
  }

  private Ty convertName(TName n, Ctx ctx, Anon anon, Conv out, Map<String, SE> sizeNames) {
    if (n.args().isEmpty()) {
      PrimType p = PrimType.byName(n.name());
      if (p != null && ctx.type(n.name()) == null) return new Ty.Prim(p);
      Ty t = ctx.typeParams().get(n.name());
      if (t != null) {
        if (Unify.resolve(t) instanceof Ty.Named tn) {
          Liftedness l = st.paramLiftedness.get(tn.name());
          if (l == Liftedness.LIFTED) out.functional = true;
          if (l != null && l != Liftedness.UNLIFTED) out.anonymous = true;
          if (l == Liftedness.SIZE_LIFTED) out.sizeLifted = true;
        }
        return t;
      }
    }
    TypeB tb = ctx.type(n.name());
    if (tb == null && n.name().contains(".") && ctx.throughParametric(n.name().substring(0, n.name().lastIndexOf('.')))) {
      st.error(ModuleErrors.parametricModuleHere(n.span()));
      return new Ty.Var(st.level);
    }
    if (tb == null) {
      st.error(TypeErrors.unknownType(n.span(), n.name()));
      return new Ty.Var(st.level);
    }
    if (n.args().isEmpty() && !tb.params().isEmpty()) {
      // As the reference words it: the constructor with its parameters, t 'a [n].
      String shown = n.name() + tb.params().stream().map(p -> p.isSize() ? " [" + p.name().base() + "]"
          : " '" + (p.liftedness() == Liftedness.LIFTED ? "^" : p.liftedness() == Liftedness.SIZE_LIFTED ? "~" : "") + p.name().base())
          .collect(java.util.stream.Collectors.joining());
      st.error(TypeErrors.typeConstructorWithoutArguments(n.span(), shown));
      return new Ty.Var(st.level);
    }
    if (tb.params().size() != n.args().size()) {
      st.error(TypeErrors.typeArgumentCount(n.span(), n.name(), tb.params().size(), n.args().size()));
      return new Ty.Var(st.level);
    }
    Map<VName, Ty> tsub = new HashMap<>();
    Map<VName, SE> ssub = new HashMap<>();
    for (int i = 0; i < tb.params().size(); i++) {
      TParam tp = tb.params().get(i);
      TypeArg arg = n.args().get(i);
      if (tp.isSize()) {
        if (arg instanceof TArgDim d) ssub.put(tp.name(), dim(d.dim(), ctx, anon, out, sizeNames));
        else if (arg instanceof TArgType at && at.type() instanceof TName tn && tn.args().isEmpty()) {
          // [n] written without brackets is a type name; a size argument needs brackets.
          st.error(TypeErrors.sizeArgumentWithoutBrackets(n.span(), tn.name(), n.name()));
          ssub.put(tp.name(), new SE.F(new Ty.Flex(st.level, null)));
        } else {
          st.error(TypeErrors.sizeArgumentExpected(n.span(), n.name(), i + 1));
          ssub.put(tp.name(), new SE.F(new Ty.Flex(st.level, null)));
        }
      } else if (arg instanceof TArgType at) {
        Conv inner = new Conv();
        Ty t = convert(at.type(), ctx, anon, inner, sizeNames);
        absorb(out, inner, anon == Anon.ABBREV ? Anon.ABBREV : Anon.FLEX);
        if (anon != Anon.ABBREV) out.exts.addAll(inner.exts);
        // As in the reference, an argument may be more lifted than its parameter: the type is then as
        // lifted as its most lifted argument.
        if (inner.functional) out.functional = true;
        // A type argument has no uniqueness (as in the reference): t (*[]i32) is t ([]i32).
        tsub.put(tp.name(), Unify.unique(t, false));
      } else {
        st.error(TypeErrors.typeArgumentExpected(n.span(), n.name(), i + 1));
        tsub.put(tp.name(), new Ty.Var(st.level));
      }
    }
    if (tb.liftedness() == Liftedness.LIFTED) out.functional = true;
    if (tb.liftedness() != Liftedness.UNLIFTED) out.anonymous = true;
    if (tb.liftedness() == Liftedness.SIZE_LIFTED) out.sizeLifted = true;
    // Each use of a size-lifted abbreviation gets its own sizes for the anonymous ones.
    for (VName a : tb.anons()) ssub.put(a, anonymous(anon, out, null));
    return Unify.subst(tb.body(), tsub, ssub);
  }

  private SE anonymous(Anon anon, Conv out, Span span) {
    out.anonymous = true;
    if (anon == Anon.FLEX || anon == Anon.LAMBDA_RET) {
      Ty.Flex f = new Ty.Flex(st.level, null);
      f.annotated = span != null;
      out.flexes.add(f);
      return new SE.F(f);
    }
    VName v = st.fresh("d");
    if (anon == Anon.EXIST) st.unknownSizes.putIfAbsent(v, null);
    out.exts.add(v);
    return SE.var(v);
  }

  /** A dimension: a size expression, or an anonymous size read as {@code anon} says. */
  SE dim(Dim d, Ctx ctx, Anon anon, Conv out, Map<String, SE> sizeNames) {
    return switch (d) {
      case DimAnon a -> anonymous(anon, out, a.span());
      case DimExp e -> {
        if (e.exp() instanceof Var v && v.qualifiers().isEmpty() && sizeNames.containsKey(v.name())) {
          yield sizeNames.get(v.name());
        }
        yield terms.sizeExp(e.exp(), ctx, sizeNames);
      }
    };
  }

  /** Type parameters of a definition or abbreviation: fresh names, in scope in {@code ctx}. */
  record Params(List<TParam> params, Ctx ctx) {}

  Params bindTypeParams(List<TypeParam> tps, Ctx ctx) {
    return bindTypeParams(tps, ctx, false);
  }

  /** {@code ofType}: the parameters of a type abbreviation (worded differently when repeated, as in the reference). */
  Params bindTypeParams(List<TypeParam> tps, Ctx ctx, boolean ofType) {
    List<TParam> out = new ArrayList<>();
    Map<String, Span> seen = new HashMap<>();
    for (TypeParam tp : tps) {
      Span prev = seen.putIfAbsent(tp.name(), tp.span());
      if (prev != null) {
        st.error(ofType ? TypeErrors.typeParameterDefinedTwice(tp.span(), tp.name(), prev.render())
            : TypeErrors.alsoBoundAt(tp.span(), tp.name(), prev.render()));
      }
      VName v = st.fresh(tp.name());
      st.nameLevel.put(v, st.level);
      out.add(new TParam(v, tp.isSize(), tp.liftedness()));
      if (!tp.isSize()) {
        st.paramLiftedness.put(v, tp.liftedness());
        st.typeParamSpans.put(v, tp.span());
      }
      if (tp.isSize()) {
        ctx = ctx.bind(tp.name(), new Env.Local(v, Ty.I64, st.level, null));
      } else {
        ctx = ctx.withTypeParam(tp.name(), new Ty.Named(v, List.of(), false));
      }
    }
    return new Params(out, ctx);
  }
}

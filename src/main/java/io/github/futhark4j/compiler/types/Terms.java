package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Contexts;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Message;
import io.github.futhark4j.compiler.diag.ModuleErrors;
import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.SizeErrors;
import io.github.futhark4j.compiler.diag.TypeErrors;
import io.github.futhark4j.compiler.diag.TypeMessages;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Lexer;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Env.ValB;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Type inference for expressions. {@link #check} infers a {@link Ty} for each node (unifying as
 * it goes) and returns a {@link Res} whose builder makes the checked {@link TExp} later, once the
 * enclosing top-level definition is fully inferred. The builders remove the sugar (sections,
 * pipes, operators, local opens). A {@code Res} also carries the expression as a size
 * ({@link SE}) when it can be one, so that an application of a function whose result type uses a
 * parameter as a size gets the argument as that size.
 */
final class Terms {
  private final TcState st;
  private final Unify u;
  private final TypeConv types;
  private final Pats pats;
  private final Zonk zonk;
  private Defs defs;

  Terms(TcState st, Unify u, TypeConv types, Pats pats, Zonk zonk) {
    this.st = st;
    this.u = u;
    this.types = types;
    this.pats = pats;
    this.zonk = zonk;
  }

  void setDefs(Defs defs) { this.defs = defs; }

  /**
   * An expression's inferred type, the builder of its checked form, and its value as a size (or
   * null). A compound size carries the builder ({@link SE.B}), so that a size inferred from part of
   * an expression can still be computed.
   */
  record Res(Ty ty, Supplier<TExp> build, SE size) {
    Res(Ty ty, Supplier<TExp> build) { this(ty, build, null); }

    static Res compound(Ty ty, Supplier<TExp> build, SE size) {
      return new Res(ty, build, size == null ? null : new SE.B(size, build));
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** Unifies, reporting a failure as {@code context} (from {@link Contexts}) with both types. */
  boolean unify(Span span, Ty expected, Ty actual, String context) {
    try {
      u.unify(expected, actual);
      return true;
    } catch (Unify.Failure f) {
      report(span, expected, actual, context, f);
      return false;
    }
  }

  /** {@link #unify} of an argument of {@code function}, shown by {@code arg} in a message (made only then). */
  private boolean unifyArgument(Span span, Ty expected, Ty actual, String function, Supplier<String> arg) {
    try {
      u.unify(expected, actual);
      return true;
    } catch (Unify.Failure f) {
      report(span, expected, actual, Contexts.argument(function, arg.get()), f);
      return false;
    }
  }

  /**
   * Unifies where the reference's first pass reports a plain mismatch ("Cannot unify\n  i32\nwith\n
   * bool": the actual type, then the one needed there); a size mismatch is worded as {@code context}.
   */
  boolean unifyPlain(Span span, Ty expected, Ty actual, String context) {
    try {
      u.unify(expected, actual);
      return true;
    } catch (Unify.Failure f) {
      if (f.why.secondPass()) {
        report(span, expected, actual, context, f);
      } else {
        cannotUnify(span, expected, actual, f);
      }
      return false;
    }
  }

  /**
   * Unifies where the reference's first pass reports a type mismatch plainly at {@code typeSpan}
   * ({@link #cannotUnify}) and its second pass a size mismatch plainly too, at {@code sizeSpan}
   * ("Sizes "n" and "m" do not match."): array literals, in-place updates.
   */
  boolean unifyPlainly(Span typeSpan, Span sizeSpan, Ty expected, Ty actual) {
    try {
      u.unify(expected, actual);
      return true;
    } catch (Unify.Failure f) {
      if (f.why.secondPass()) st.typeError(f.why.at(sizeSpan));
      else cannotUnify(typeSpan, expected, actual, f);
      return false;
    }
  }

  /**
   * "Cannot unify" as the reference's first pass words it: the innermost types that differ (or the
   * whole ones), the actual one first, without sizes, then the failure's text.
   */
  void cannotUnify(Span span, Ty expected, Ty actual, Unify.Failure f) {
    String[] shown = f.expected != null ? Unify.showAllUnsized(f.actual, f.expected) : Unify.showAllUnsized(actual, expected);
    st.typeError(TypeErrors.cannotUnify(span, shown[0], shown[1], f.why));
  }

  /** A mismatch under {@code context}: the two types (without sizes when the types themselves differ, as the reference's first pass shows them). */
  void report(Span span, Ty expected, Ty actual, String context, Unify.Failure f) {
    String[] shown = f.why.secondPass() ? Unify.showAll(expected, actual) : Unify.showAllUnsized(expected, actual);
    st.typeError(TypeErrors.mismatch(span, context, shown[0], shown[1], f.why));
  }

  private Ty fresh() { return new Ty.Var(st.level); }

  private Ty freshPrims(EnumSet<PrimType> prims, String origin) {
    Ty.Var v = new Ty.Var(st.level);
    v.prims = prims;
    v.origin = origin;
    return v;
  }

  /**
   * {@code s} trimmed, with every run of whitespace made one space (as {@code replaceAll("\\s+", " ")},
   * without compiling a pattern on every call: this runs for every operator of every program), and
   * none just inside brackets.
   */
  static String oneLine(String s) {
    StringBuilder b = new StringBuilder(s.length());
    boolean space = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
        space = true;
      } else {
        // No space just inside brackets, as the reference prints expressions: "(arr )" is "(arr)".
        if (space && b.length() > 0 && c != ')' && c != ']' && b.charAt(b.length() - 1) != '(' && b.charAt(b.length() - 1) != '[') {
          b.append(' ');
        }
        space = false;
        b.append(c);
      }
    }
    return b.toString().trim();
  }

  static String shortText(Span s) {
    // Only the head of the text is looked at: messages are built for every operator, and reading a
    // whole long operand each time made a 20,000-term sum take 44 s to check (quadratic).
    boolean cut = s.end() - s.start() > 400;
    Span head = cut ? new Span(s.source(), s.start(), s.start() + 400) : s;
    String t = oneLine(head.text());
    return t.length() > 40 ? clip(t) : cut ? t + "..." : t;
  }

  /** A text for a message: at most 40 characters, "..." ending one that was longer. */
  private static String clip(String t) {
    return t.length() > 40 ? t.substring(0, 37) + "..." : t;
  }

  /** The anonymous sizes of an ascription's type, ambiguous unless inferred: of a pattern ({@code explicit}) or of an expression. */
  void watchAscribed(TypeConv.Conv conv, Span at, boolean explicit) {
    String what = explicit ? Phrases.explicitAscription() : Phrases.typeAscription();
    for (Ty.Flex f : conv.flexes) st.instFlexes.add(new TcState.Watched(f, f.name != null ? f.name : "d", what, at));
  }

  // ---- literals -----------------------------------------------------------------------------

  Res literal(Exp e) {
    return switch (e) {
      case IntLit l -> intLit(l.value(), l.suffix(), l.span(), l.span().text());
      case FloatLit l -> floatLit(l.value(), l.suffix(), l.span());
      case BoolLit b -> new Res(Ty.BOOL, () -> new TExp.Literal(PrimValue.ofBool(b.value()), Type.BOOL, b.span()),
          SE.Form.leaf(b.value() ? "true" : "false"));
      case Negate n when n.exp() instanceof IntLit l -> intLit(l.value().negate(), l.suffix(), n.span(), "-" + l.value());
      case Negate n when n.exp() instanceof FloatLit l -> floatLit(-l.value(), l.suffix(), n.span());
      case StringLit s -> throw new IllegalStateException("not a literal: " + e);
      case Var v -> throw new IllegalStateException("not a literal: " + e);
      case Project p -> throw new IllegalStateException("not a literal: " + e);
      case TupleLit t -> throw new IllegalStateException("not a literal: " + e);
      case RecordLit r -> throw new IllegalStateException("not a literal: " + e);
      case ArrayLit ar -> throw new IllegalStateException("not a literal: " + e);
      case Range r -> throw new IllegalStateException("not a literal: " + e);
      case Index i -> throw new IllegalStateException("not a literal: " + e);
      case BinOp b -> throw new IllegalStateException("not a literal: " + e);
      case Apply ap -> throw new IllegalStateException("not a literal: " + e);
      case Negate n -> throw new IllegalStateException("not a literal: " + e);
      case Not n -> throw new IllegalStateException("not a literal: " + e);
      case Constr c -> throw new IllegalStateException("not a literal: " + e);
      case Ascribe as -> throw new IllegalStateException("not a literal: " + e);
      case Coerce c -> throw new IllegalStateException("not a literal: " + e);
      case If i -> throw new IllegalStateException("not a literal: " + e);
      case LetPat l -> throw new IllegalStateException("not a literal: " + e);
      case LetFun l -> throw new IllegalStateException("not a literal: " + e);
      case LetUpdate l -> throw new IllegalStateException("not a literal: " + e);
      case Lambda l -> throw new IllegalStateException("not a literal: " + e);
      case OpSection o -> throw new IllegalStateException("not a literal: " + e);
      case LeftSection l -> throw new IllegalStateException("not a literal: " + e);
      case RightSection r -> throw new IllegalStateException("not a literal: " + e);
      case ProjectSection p -> throw new IllegalStateException("not a literal: " + e);
      case IndexSection i -> throw new IllegalStateException("not a literal: " + e);
      case Loop l -> throw new IllegalStateException("not a literal: " + e);
      case Attr at -> throw new IllegalStateException("not a literal: " + e);
      case Assert as -> throw new IllegalStateException("not a literal: " + e);
      case Update u -> throw new IllegalStateException("not a literal: " + e);
      case RecordUpdate r -> throw new IllegalStateException("not a literal: " + e);
      case Match m -> throw new IllegalStateException("not a literal: " + e);
      case LocalOpen l -> throw new IllegalStateException("not a literal: " + e);
      case Hole h -> throw new IllegalStateException("not a literal: " + e);
    };
  }

  private Res intLit(BigInteger v, PrimType suffix, Span span, String text) {
    Ty t = suffix != null ? new Ty.Prim(suffix) : freshPrims(Ty.NUMS, Phrases.integerLiteral());
    return new Res(t, () -> {
      Type zt = zonk.type(t);
      PrimType p = ((Type.Prim) zt).prim();
      // As in the reference, only a literal whose type is inferred is checked: one with a suffix
      // wraps around (255i8 is -1i8).
      boolean inBounds = p.isFloat() ? !Double.isInfinite(PrimValue.ofFloat(p, v.doubleValue()).floatValue()) : fits(v, p);
      if (suffix == null && !inBounds) outOfBounds(span, v.toString(), p);
      if (p.isFloat()) return new TExp.Literal(PrimValue.ofFloat(p, v.doubleValue()), zt, span);
      return new TExp.Literal(PrimValue.ofInt(p, v.longValue()), zt, span);
    }, new SE.L(v.longValue(), suffix));
  }

  private Res floatLit(double v, PrimType suffix, Span span) {
    Ty t = suffix != null ? new Ty.Prim(suffix) : freshPrims(Ty.FLOATS, Phrases.decimalLiteral());
    return new Res(t, () -> {
      Type zt = zonk.type(t);
      PrimType p = ((Type.Prim) zt).prim();
      if (suffix == null && p.isFloat() && Double.isInfinite(PrimValue.ofFloat(p, v).floatValue())) {
        outOfBounds(span, span.text(), p);
      }
      return new TExp.Literal(PrimValue.ofFloat(p, v), zt, span);
    }, SE.Form.leaf(oneLine(span.text())));
  }

  private void outOfBounds(Span span, String literal, PrimType p) {
    st.error(TypeErrors.literalOutOfBounds(span, literal, p.futName()));
  }

  static boolean fits(BigInteger v, PrimType p) {
    int bits = p.bits();
    BigInteger min = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
    BigInteger max = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)
        : BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
  }

  // ---- sizes --------------------------------------------------------------------------------

  /**
   * A size expression of a type annotation ({@code [n]}, {@code [n+1]}): checked as an {@code i64}
   * expression. {@code sizeNames} are size names bound by the type (named arrow parameters,
   * existentials, the size binders of a {@code let}).
   */
  SE sizeExp(Exp e, Ctx ctx, Map<String, SE> sizeNames) {
    Ctx c = ctx;
    for (var n : sizeNames.entrySet()) c = c.bind(n.getKey(), new Env.Local(st.fresh(n.getKey()), Ty.I64, st.level, n.getValue()));
    if (e instanceof Var v && v.qualifiers().isEmpty() && ctx.local(v.name()) == null && c.term(v.name()) == null) {
      st.error(TypeErrors.unknownName(v.span(), v.name()));
      return new SE.F(new Ty.Flex(st.level, null));
    }
    Res r = check(e, c);
    unifyPlain(e.span(), Ty.I64, r.ty(), Contexts.sizeExpression());
    SE s = r.size() != null ? r.size() : new SE.Opaque(st.fresh("size").tag(), shortText(e.span()));
    if (!sizeNames.isEmpty()) return SE.strip(s);
    if (!(SE.norm(s) instanceof SE.V) && !(SE.norm(s) instanceof SE.L) && !(s instanceof SE.B)) return new SE.B(s, r.build());
    return s;
  }

  /** A size for the value of an argument or bound: the expression itself when it can be one, else a fresh unknown size. */
  private SE sizeOf(Res r, Exp e, String origin) {
    if (r.size() != null && !hasBinding(e)) return r.size();
    return SE.var(st.unknownSize(e instanceof Var v ? v.name() : "d", origin));
  }

  /**
   * The size of an expression of another form ({@link SE.Form}): {@code text} interleaved with the
   * sizes of {@code kids}; null when a kid has none (it binds names or cannot be a size).
   */
  static SE form(List<Res> kids, boolean raw, boolean atomic, String... text) {
    List<SE> ks = new ArrayList<>(kids.size());
    for (Res k : kids) {
      if (k.size() == null) return null;
      ks.add(k.size());
    }
    return new SE.Form(List.of(text), ks, raw, atomic);
  }

  /** The parts of a bracketed form with {@code n} elements: {@code open}, separators, {@code close}. */
  private static String[] bracketed(String open, String sep, String close, int n) {
    String[] t = new String[n + 1];
    if (n == 0) return new String[] {open + close};
    t[0] = open;
    for (int i = 1; i < n; i++) t[i] = sep;
    t[n] = close;
    return t;
  }

  /**
   * Whether an expression binds names anywhere in it (such expressions cannot be sizes): a let of
   * any kind, a lambda, a loop or a match, or an expression with one among its sub-expressions.
   */
  static boolean hasBinding(Exp e) {
    if (e instanceof LetPat || e instanceof LetFun || e instanceof LetUpdate || e instanceof Lambda
        || e instanceof Loop || e instanceof Match) {
      return true;
    }
    for (Exp k : Ast.subExps(e)) if (hasBinding(k)) return true;
    return false;
  }


  // ---- names --------------------------------------------------------------------------------

  /**
   * The name a message gives the function {@code head} applied: a variable, qualified by modules
   * or not; null for anything else, a value's field ({@code r.f}) included, which the reference
   * calls "function".
   */
  private static String calledName(Exp head, Ctx ctx) {
    String q = qualified(head);
    if (q == null || head instanceof Var) return q;
    Exp root = head;
    while (root instanceof Project p) root = p.record();
    return root instanceof Var v && v.qualifiers().isEmpty() && ctx.module(v.name()) == null ? null : q;
  }

  /** {@code a.b.c} as a qualified name when {@code e} is a chain of projections on a variable. */
  static String qualified(Exp e) {
    if (e instanceof Var v) return v.full();
    if (e instanceof Project p) {
      String q = qualified(p.record());
      return q == null ? null : q + "." + p.field();
    }
    return null;
  }

  /** The type of a value name at a use, and how to build the use. */
  Res var(String name, Ctx ctx, Span span) {
    Object b = ctx.term(name);
    if (b == null && Ctx.qualDot(name) >= 0 && ctx.throughParametric(name.substring(0, Ctx.qualDot(name)))) {
      st.error(ModuleErrors.parametricModuleHere(span));
      return new Res(fresh(), () -> placeholder(span));
    }
    if (b == null && ctx.module(name) == null && Ctx.qualDot(name) >= 0) {
      // m.x where x is not in m: name the module part in the message if it is not a module.
      String head = name.substring(0, name.indexOf('.'));
      if (ctx.term(head) == null && ctx.module(head) == null) {
        st.error(TypeErrors.unknownName(span, name));
        return new Res(fresh(), () -> placeholder(span));
      }
    }
    switch (b) {
      case Env.Local l -> {
        String base = name.substring(Ctx.qualDot(name) + 1);
        if (base.startsWith("_")) {
          st.error(TypeErrors.underscoreName(span, name));
        }
        SE size = l.sizeAlias() != null ? l.sizeAlias() : SE.var(l.v());
        return new Res(l.ty(), () -> new TExp.Var(l.v(), zonk.type(l.ty()), Map.of(), span), size);
      }
      case Env.Global g -> {
        defs.demand(g.target());
        Inst in = instantiate(g, span, name);
        return new Res(in.ty(), () -> {
          Map<String, Type> targs = new LinkedHashMap<>();
          in.typeArgs().forEach((k, v) -> targs.put(k.toString(), zonk.type(v)));
          Map<VName, Size> sargs = new LinkedHashMap<>();
          in.sizeArgs().forEach((k, v) -> sargs.put(k, zonk.size(v)));
          return new TExp.Var(g.target(), zonk.type(in.ty()), targs, sargs, span);
        }, SE.var(g.target()));
      }
      case Env.Recursive r -> {
        if (r.declared() != null) {
          Inst in = instantiate(new Env.Global(r.v(), r.declared(), null, r.definedAt()), span, name);
          return new Res(in.ty(), () -> {
            Map<VName, Size> sargs = new LinkedHashMap<>();
            in.sizeArgs().forEach((k, x) -> sargs.put(k, zonk.size(x)));
            return new TExp.Var(r.v(), zonk.type(in.ty()), Map.of(), sargs, span);
          }, SE.var(r.v()));
        }
        Ty t = fresh();
        r.uses().add(t);
        return new Res(t, () -> new TExp.Var(r.v(), zonk.type(t), Map.of(), span), SE.var(r.v()));
      }
      case Env.Intrinsic i -> {
        Ty t = defs.intrinsicType(i.name(), ctx);
        if (t == null) {
          st.error(TypeErrors.unknownName(span, name));
          return new Res(fresh(), () -> placeholder(span));
        }
        return new Res(t, () -> new TExp.Intrinsic(i.name(), zonk.type(t), span));
      }
      case Env.Mod m -> {
        st.error(TypeErrors.moduleAsValue(span, name));
        return new Res(fresh(), () -> placeholder(span));
      }
      case null -> {
        st.error(TypeErrors.unknownName(span, name));
        return new Res(fresh(), () -> placeholder(span));
      }
      default -> throw new IllegalStateException("unexpected binding " + b);
    }
  }

  /** Something that is never evaluated: the body of an erroneous program. */
  private static TExp placeholder(Span span) {
    return new TExp.RecordLit(Map.of(), Type.UNIT, span);
  }

  /** An instance of a value's type scheme, with the instantiation of the target's type parameters. */
  record Inst(Ty ty, Map<VName, Ty> typeArgs, Map<VName, SE> sizeArgs) {
    Inst(Ty ty, Map<VName, Ty> typeArgs) { this(ty, typeArgs, Map.of()); }
  }

  Inst instantiate(Env.Global g, Span span, String name) {
    Env.Scheme s = g.scheme();
    // In the order of the parameters: the instantiation is printed, and must not depend on names' tags.
    Map<VName, Ty> tsub = new LinkedHashMap<>();
    for (Env.TParam p : s.tparams()) {
      Ty.Var v = new Ty.Var(st.level);
      v.lifted = p.liftedness();
      v.origin = Phrases.typeParameter(p.name().base());
      v.at = span;
      if (p.liftedness() != Liftedness.LIFTED) {
        v.liftednessLater = true;
        st.tyInsts.add(new TcState.TyInst(v, p.liftedness(), name, span));
      }
      tsub.put(p.name(), v);
    }
    Map<VName, SE> ssub = new LinkedHashMap<>();
    for (VName n : s.sizeParams()) {
      Ty.Flex fl = new Ty.Flex(st.level, n.base());
      st.instFlexes.add(new TcState.Watched(fl, n.base(), Phrases.instantiatedSizeParameter(g.target().base()), span));
      ssub.put(n, new SE.F(fl));
    }
    Ty t = Unify.subst(s.type(), tsub, ssub);
    Map<VName, Ty> targs;
    if (g.targetArgs() == null) targs = tsub;
    else {
      targs = new LinkedHashMap<>();
      g.targetArgs().forEach((k, v) -> targs.put(k, Unify.subst(v, tsub, ssub)));
    }
    Map<VName, SE> sizeArgs;
    if (g.targetArgs() == null && g.targetSizes() == null) sizeArgs = ssub;
    else {
      // A module's value seen through its specification: the target's own size parameters.
      sizeArgs = new LinkedHashMap<>();
      if (g.targetSizes() != null) g.targetSizes().forEach((k, v) -> sizeArgs.put(k, SE.subst(v, ssub)));
    }
    return new Inst(t, targs, sizeArgs);
  }

  // ---- expressions --------------------------------------------------------------------------

  Res check(Exp e, Ctx ctx) {
    Causality.Trace trace = st.trace;
    trace.enter(e);
    try {
      Res r = checkNode(e, ctx);
      // The types the causality check looks at (Causality#walk).
      switch (e) {
        case Var v -> trace.type(e, r.ty());
        case OpSection s -> trace.type(e, r.ty());
        case LeftSection s -> trace.type(e, r.ty());
        case RightSection s -> trace.type(e, r.ty());
        case ProjectSection s -> trace.type(e, r.ty());
        case IndexSection s -> trace.type(e, r.ty());
        case ArrayLit a when a.elements().isEmpty() -> trace.type(e, r.ty());
        case Hole h -> trace.type(e, r.ty());
        case Constr c -> trace.type(e, r.ty());
        case IntLit i -> { }
        case FloatLit f -> { }
        case BoolLit b -> { }
        case StringLit s -> { }
        case Project p -> { }
        case TupleLit t -> { }
        case RecordLit re -> { }
        case ArrayLit a -> { }
        case Range ra -> { }
        case Index i -> { }
        case BinOp b -> { }
        case Apply a -> { }
        case Negate n -> { }
        case Not n -> { }
        case Ascribe a -> { }
        case Coerce c -> { }
        case If i -> { }
        case LetPat l -> { }
        case LetFun l -> { }
        case LetUpdate l -> { }
        case Lambda l -> { }
        case Loop l -> { }
        case Attr a -> { }
        case Assert a -> { }
        case Update u -> { }
        case RecordUpdate re -> { }
        case Match m -> { }
        case LocalOpen l -> { }
      }
      return r;
    } finally {
      trace.leave();
    }
  }

  private Res checkNode(Exp e, Ctx ctx) {
    Span span = e.span();
    switch (e) {
      case IntLit l -> { return literal(l); }
      case FloatLit l -> { return literal(l); }
      case BoolLit l -> { return literal(l); }
      case StringLit s -> {
        byte[] bytes = Lexer.utf8(s.value());
        Ty t = new Ty.Arr(new Ty.Prim(PrimType.U8), SE.lit(bytes.length), false);
        return new Res(t, () -> {
          List<TExp> elems = new ArrayList<>();
          for (byte b : bytes) elems.add(new TExp.Literal(PrimValue.ofInt(PrimType.U8, b & 0xFF), Type.prim(PrimType.U8), span));
          return new TExp.ArrayLit(elems, zonk.type(t), span);
        }, SE.Form.leaf(oneLine(span.text())));
      }
      case Var v -> {
        Object b = ctx.term(v.full());
        if (b instanceof Env.Recursive) st.trace.recursive(e);
        else if (b instanceof Env.Local l) st.trace.resolved(e, l.v());
        return var(v.full(), ctx, span);
      }
      case Project p -> {
        String q = qualified(p);
        if (q != null) {
          String[] parts = q.split("\\.");
          String head = parts[0];
          if (head.equals("intrinsics") && ctx.local(head) == null && ctx.term(head) == null) return var(q, ctx, span);
          // As the reference, a name found neither as a qualified name nor as a variable with
          // fields is unknown as written: Unknown name "m.x".
          if (ctx.local(head) == null && ctx.term(head) == null && ctx.module(head) == null) return var(q, ctx, span);
          if (ctx.local(head) == null && ctx.module(head) != null) {
            // The longest module path, then the value, then record fields.
            int k = 1;
            while (k < parts.length - 1 && ctx.module(String.join(".", java.util.Arrays.copyOfRange(parts, 0, k + 1))) != null) k++;
            String value = String.join(".", java.util.Arrays.copyOfRange(parts, 0, k + 1));
            if (ctx.term(value) == null && ctx.module(value) == null && !ctx.throughParametric(value.substring(0, Ctx.qualDot(value)))) {
              st.error(TypeErrors.unknownName(span, q));
              return new Res(fresh(), () -> placeholder(span));
            }
            Res r = var(value, ctx, span);
            if (k + 1 == parts.length) st.trace.type(p, r.ty());
            for (int i = k + 1; i < parts.length; i++) r = project(r, parts[i], span);
            return r;
          }
          // A variable and its fields written as one qualified name: as the reference's name
          // resolution, the variable and every projection take the whole name's location.
          Exp root = p;
          while (root instanceof Project inner) root = inner.record();
          if (root instanceof Var v) {
            Object b = ctx.term(v.full());
            if (b instanceof Env.Recursive) st.trace.recursive(root);
            else if (b instanceof Env.Local l) st.trace.resolved(root, l.v());
            Res r = var(v.full(), ctx, span);
            for (int i = v.qualifiers().size() + 1; i < parts.length; i++) r = project(r, parts[i], span);
            return r;
          }
        }
        return project(check(p.record(), ctx), p.field(), span);
      }
      case TupleLit t -> {
        List<Res> rs = t.elements().stream().map(x -> check(x, ctx)).toList();
        Ty ty = Ty.tuple(rs.stream().map(Res::ty).toList());
        return new Res(ty, () -> {
          Map<String, TExp> m = new LinkedHashMap<>();
          for (int i = 0; i < rs.size(); i++) m.put(Integer.toString(i), rs.get(i).build().get());
          return new TExp.RecordLit(m, zonk.type(ty), span);
        }, form(rs, true, true, bracketed("(", ", ", ")", rs.size())));
      }
      case RecordLit r -> {
        Map<String, Res> rs = new LinkedHashMap<>();
        Map<String, Span> at = new HashMap<>();
        for (Field f : r.fields()) {
          Res fr = f.value() != null ? check(f.value(), ctx) : var(f.name(), ctx, f.span());
          Span prev = at.putIfAbsent(f.name(), f.span());
          if (prev != null) st.error(TypeErrors.fieldDefinedTwice(f.span(), f.name(), prev.relative()));
          rs.put(f.name(), fr);
        }
        Map<String, Ty> fts = new LinkedHashMap<>();
        rs.forEach((k, v) -> fts.put(k, v.ty()));
        Ty ty = new Ty.Rec(fts);
        List<String> names = new ArrayList<>(rs.keySet());
        String[] text = new String[names.size() + 1];
        for (int i = 0; i <= names.size(); i++) {
          text[i] = (i == 0 ? "{" : "") + (i > 0 && i < names.size() ? ", " : "") + (i < names.size() ? names.get(i) + " = " : "}");
        }
        return new Res(ty, () -> {
          Map<String, TExp> m = new LinkedHashMap<>();
          rs.forEach((k, v) -> m.put(k, v.build().get()));
          return new TExp.RecordLit(m, zonk.type(ty), span);
        }, form(new ArrayList<>(rs.values()), true, true, text));
      }
      case ArrayLit a -> { return arrayLit(a, ctx); }
      case Range r -> { return range(r, ctx); }
      case Index ix -> {
        Res a = check(ix.array(), ctx);
        return index(a, ix.indices(), ix.array(), ctx, span);
      }
      case BinOp b -> { return binOp(b, ctx); }
      case Apply a -> {
        List<Exp> args = new ArrayList<>();
        Exp head = a;
        // A parenthesised application is a function of its own, named in no message: the
        // reference's "Cannot apply function to ..." for (f x) y.
        while (head instanceof Apply ap && (head == a || ap.span().start() == ap.function().span().start())) {
          args.add(0, ap.arg());
          head = ap.function();
        }
        return apply(head, check(head, ctx), args, ctx, span);
      }
      case Negate n -> {
        if (n.exp() instanceof IntLit || n.exp() instanceof FloatLit) return literal(n);
        Res r = check(n.exp(), ctx);
        Ty t = freshPrims(Ty.NUMS, Phrases.negation());
        unifyPlain(span, t, r.ty(), Contexts.negation());
        return Res.compound(t, () -> new TExp.UnOp(TExp.UnOperator.NEG, r.build().get(), zonk.type(t), span),
            r.size() == null ? null : new SE.Neg(r.size()));
      }
      case Not n -> {
        Res r = check(n.exp(), ctx);
        EnumSet<PrimType> ok = EnumSet.copyOf(Ty.INTS);
        ok.add(PrimType.BOOL);
        Ty t = freshPrims(ok, Phrases.logicalNegation());
        unifyPlain(span, t, r.ty(), Contexts.logicalNegation());
        return new Res(t, () -> {
          Type zt = zonk.type(t);
          TExp.UnOperator op = zt.equals(Type.BOOL) ? TExp.UnOperator.NOT : TExp.UnOperator.COMPLEMENT;
          return new TExp.UnOp(op, r.build().get(), zt, span);
        }, form(List.of(r), false, false, "!", ""));
      }
      case Constr c -> {
        List<Res> rs = c.payload().stream().map(x -> check(x, ctx)).toList();
        Ty.Var v = new Ty.Var(st.level);
        v.constructors = new TreeMap<>(Map.of(c.name(), rs.stream().map(Res::ty).toList()));
        st.partialVars.add(new Object[] {v, span});
        String[] text = new String[rs.size() + 1];
        java.util.Arrays.fill(text, " ");
        text[rs.size()] = "";
        text[0] = "#" + c.name() + (rs.isEmpty() ? "" : " ");
        return new Res(v, () -> new TExp.Constr(c.name(), rs.stream().map(r -> r.build().get()).toList(), zonk.type(v), span),
            form(rs, false, rs.isEmpty(), text));
      }
      case Ascribe a -> {
        Res r = check(a.exp(), ctx);
        TypeConv.Conv conv = new TypeConv.Conv();
        Ty t = types.convert(a.type(), ctx, TypeConv.Anon.FLEX, conv);
        watchAscribed(conv, span.withoutParens(), false);
        // The reference's first pass words a type mismatch, its second a size mismatch.
        try {
          u.unify(t, r.ty());
        } catch (Unify.Failure f) {
          if (f.why.secondPass()) report(span.withoutParens(), t, r.ty(), Contexts.explicitAscription(), f);
          else report(a.exp().span(), t, r.ty(), Contexts.typeAscription(), f);
        }
        return new Res(t, r.build(), r.size());
      }
      case Coerce c -> {
        Res r = check(c.exp(), ctx);
        TypeConv.Conv conv = new TypeConv.Conv();
        Ty t = types.convert(c.type(), ctx, TypeConv.Anon.FLEX, conv);
        // As the reference: a mismatch of the types plainly at the expression (its first pass), one
        // of the shapes as an ascription's (its second).
        try {
          u.unifyShape(t, r.ty());
        } catch (Unify.Failure f) {
          if (f.why.secondPass()) report(span.withoutParens(), t, r.ty(), Contexts.explicitAscription(), f);
          else cannotUnify(c.exp().span(), t, r.ty(), f);
        }
        return new Res(t, () -> new TExp.Coerce(r.build().get(), zonk.type(t), span));
      }
      case If i -> {
        Res c = check(i.cond(), ctx);
        unifyPlain(i.cond().span(), Ty.BOOL, c.ty(), Contexts.ifCondition());
        Res a = check(i.then(), ctx);
        Res b = check(i.otherwise(), ctx);
        Ty t = joinBranches(a.ty(), b.ty(), span, span);
        atMostSizeLifted(t);
        return new Res(t, () -> {
          noFunction(t, shown -> TypeErrors.ifReturnsFunction(span, shown));
          return new TExp.If(c.build().get(), a.build().get(), b.build().get(), zonk.type(t), span);
        },
            form(List.of(c, a, b), true, false, "if ", " then ", " else ", ""));
      }
      case LetPat l -> { return letPat(l, ctx); }
      case LetFun l -> { return defs.letFun(l, ctx, this); }
      case LetUpdate l -> {
        Exp upd = new Update(new Var(List.of(), l.name(), l.nameSpan()), l.indices(), l.value(), l.span());
        return letPat(new LetPat(List.of(), new PId(l.name(), l.nameSpan()), upd, l.body(), span), ctx);
      }
      case Lambda l -> { return defs.lambda(l, ctx); }
      case OpSection s -> { return opSection(s, ctx); }
      case LeftSection s -> {
        // (e op) is \y -> e op y; the left operand is evaluated once, outside.
        Res op = operator(s.op(), ctx);
        if (op == null && builtinBinOp(s.op().name(), ctx) == null) {
          // (|>), (<|) and the like: the section is the lambda (its operand checked once, inside it).
          // The parameter's name is no Futhark name, so the user's operand cannot capture it.
          PId yp = new PId("#y", span);
          return check(new Lambda(List.of(yp), null, new BinOp(s.op(), s.left(), new Var(List.of(), "#y", span), span), span), ctx);
        }
        Res left = check(s.left(), ctx);
        Ty y = fresh(), r = fresh();
        if (op != null) {
          unify(span, new Ty.Fun(left.ty(), new Ty.Fun(y, r)), op.ty(), Contexts.operatorSection());
        }
        BinOperator bop = op == null ? builtinBinOp(s.op().name(), ctx) : null;
        Ty ty = bop != null ? null : new Ty.Fun(null, y, List.of(), r);
        if (bop != null) return sectionBuiltin(bop, s.op(), left, null, ctx, span);
        Res opr = op;
        SE lsize = op == null ? null : form(List.of(left, op), false, true, "(", " ", ")");
        return new Res(ty, () -> {
          VName lv = st.fresh("x");
          VName yv = st.fresh("y");
          Type lt = zonk.type(left.ty()), yt = zonk.type(y);
          TExp call = buildCall(opr.build().get(), List.of(new TExp.Var(lv, lt, Map.of(), span), new TExp.Var(yv, yt, Map.of(), span)),
              List.of(zonk.type(opr.ty())), span);
          return new TExp.Let(new TPat.Id(lv, lt, span), left.build().get(),
              new TExp.Lambda(List.of(new TPat.Id(yv, yt, span)), call, zonk.type(ty), span), zonk.type(ty), span);
        }, lsize);
      }
      case RightSection s -> {
        Res op = operator(s.op(), ctx);
        BinOperator bop = op == null ? builtinBinOp(s.op().name(), ctx) : null;
        if (op == null && bop == null) {
          PId xp = new PId("#x", span);
          return check(new Lambda(List.of(xp), null, new BinOp(s.op(), new Var(List.of(), "#x", span), s.right(), span), span), ctx);
        }
        Res right = check(s.right(), ctx);
        if (bop != null) return sectionBuiltin(bop, s.op(), null, right, ctx, span);
        Ty x = fresh(), r = fresh();
        if (op != null) unify(span, new Ty.Fun(x, new Ty.Fun(right.ty(), r)), op.ty(), Contexts.operatorSection());
        Ty ty = new Ty.Fun(x, r);
        Res opr = op;
        SE rsize = form(List.of(op, right), false, true, "(", " ", ")");
        return new Res(ty, () -> {
          VName rv = st.fresh("y");
          VName xv = st.fresh("x");
          Type rt = zonk.type(right.ty()), xt = zonk.type(x);
          TExp call = buildCall(opr.build().get(), List.of(new TExp.Var(xv, xt, Map.of(), span), new TExp.Var(rv, rt, Map.of(), span)),
              List.of(zonk.type(opr.ty())), span);
          return new TExp.Let(new TPat.Id(rv, rt, span), right.build().get(),
              new TExp.Lambda(List.of(new TPat.Id(xv, xt, span)), call, zonk.type(ty), span), zonk.type(ty), span);
        }, rsize);
      }
      case ProjectSection s -> {
        Ty x = fresh();
        VName v = st.fresh("r");
        Res cur = new Res(x, () -> new TExp.Var(v, zonk.type(x), Map.of(), span));
        for (String f : s.fields()) cur = project(cur, f, span);
        Res body = cur;
        Ty ty = new Ty.Fun(x, body.ty());
        return new Res(ty, () -> new TExp.Lambda(List.of(new TPat.Id(v, zonk.type(x), span)), body.build().get(), zonk.type(ty), span));
      }
      case IndexSection s -> {
        Ty x = fresh();
        VName v = st.fresh("a");
        Res arr = new Res(x, () -> new TExp.Var(v, zonk.type(x), Map.of(), span));
        Res body = index(arr, s.indices(), null, ctx, span);
        Ty ty = new Ty.Fun(x, body.ty());
        return new Res(ty, () -> new TExp.Lambda(List.of(new TPat.Id(v, zonk.type(x), span)), body.build().get(), zonk.type(ty), span));
      }
      case Loop l -> { return loop(l, ctx); }
      case Attr a -> {
        Res r = check(a.exp(), ctx);
        return new Res(r.ty(), () -> new TExp.Attr(a.attribute(), r.build().get(), zonk.type(r.ty()), span), r.size());
      }
      case Assert a -> {
        Res c = check(a.cond(), ctx);
        unifyPlain(a.cond().span(), Ty.BOOL, c.ty(), Contexts.assertCondition());
        Res b = check(a.body(), ctx);
        // The condition as written, parentheses included, as the reference shows it
        // (assert (x > 0) e fails with "Assertion is false: (x > 0)").
        String text = RuntimeMessages.assertionFalse(oneLine(a.cond().span().text()));
        // An assertion's value is its body's, also as a size: iota (assert (n > 10) n) is [n].
        return new Res(b.ty(), () -> new TExp.Assert(c.build().get(), b.build().get(), text, zonk.type(b.ty()), span), b.size());
      }
      case Update up -> { return update(up, ctx); }
      case RecordUpdate ru -> { return recordUpdate(ru, ctx); }
      case Match m -> { return match(m, ctx); }
      case LocalOpen o -> {
        Env.Mod m = ctx.module(o.module());
        if (m instanceof Env.Functor || m instanceof Env.FunSig) {
          st.error(ModuleErrors.openParametricModule(span, o.module()));
          return check(o.exp(), ctx);
        }
        if (m == null && o.module().contains(".") && ctx.throughParametric(o.module().substring(0, o.module().lastIndexOf('.')))) {
          st.error(ModuleErrors.parametricModuleHere(span));
          return check(o.exp(), ctx);
        }
        if (!(m instanceof Env.Struct s)) {
          st.error(TypeErrors.unknownModule(span, o.module()));
          return check(o.exp(), ctx);
        }
        Env opened = new Env(ctx.env());
        opened.addAll(s.env(), false);
        // Locals bound outside stay visible unless the module binds the same name.
        Ctx inner = new Ctx(opened, dropShadowed(ctx.locals(), s.env()), ctx.typeParams(), ctx.file());
        return check(o.exp(), inner);
      }
      case Hole h -> {
        Ty t = fresh();
        return new Res(t, () -> Holes.hole(zonk.type(t), span, st::fresh, v -> st.unknownSizes.containsKey(v)));
      }
    }
  }

  private static Ctx.Locals dropShadowed(Ctx.Locals l, Env m) {
    if (l == null) return null;
    Ctx.Locals rest = dropShadowed(l.next(), m);
    if (m.terms.containsKey(l.name())) return rest;
    return rest == l.next() ? l : new Ctx.Locals(l.name(), l.binding(), rest);
  }

  /**
   * The reference's check that a value a branch or loop returns is of order zero: {@code t} may not
   * be or hold a function, nor a fully lifted type parameter (which may stand for one). Checked once
   * the type is known (when the expression is built), as the reference's local checks after
   * inference.
   */
  private void noFunction(Ty t, java.util.function.Function<String, Diagnostic> error) {
    if (functional(t)) st.typeError(error.apply(Unify.show(t)));
  }

  /**
   * What a branch or loop returns may not be a function: its type variables are at most
   * size-lifted (as the reference's fresh size-lifted type of an if's result), so that a
   * definition generalised over them takes non-lifted type parameters.
   */
  private static void atMostSizeLifted(Ty t) {
    Unify.lowerCeiling(t, Liftedness.SIZE_LIFTED);
  }

  /** Whether {@code t} is or holds a function or a fully lifted type parameter. */
  private boolean functional(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Fun f -> true;
      case Ty.Named n -> st.paramLiftedness.get(n.name()) == Liftedness.LIFTED;
      case Ty.Arr a -> functional(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(this::functional);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(this::functional);
      case Ty.Prim p -> false;
      case Ty.Var v -> false;
    };
  }

  /**
   * The type of two branches (of the conditional or the cases at {@code cond}): sizes that differ
   * become new unknown sizes, named and explained as the reference does.
   */
  Ty joinBranches(Ty a, Ty b, Span cond, Span at) {
    String[] shown = Unify.showAll(a, b);
    try {
      return u.join(a, b, Phrases.unknownDueToConditional(cond.relative(), shown[0], shown[1]));
    } catch (Unify.Failure f) {
      String[] types = Unify.showAllUnsized(a, b);
      st.typeError(TypeErrors.branchesDiffer(at, types[0], types[1], f.why));
      return a;
    }
  }

  // ---- records ------------------------------------------------------------------------------

  /** Reports a projection of {@code field} from a value of type {@code rt}, which is no record; a fresh type for the field. */
  private Ty notARecord(String field, Ty rt, Span span) {
    st.typeError(TypeErrors.notARecord(span, field, Unify.show(fresh()), Unify.show(rt)));
    return fresh();
  }

  Res project(Res r, String field, Span span) {
    Ty rt = Unify.resolve(r.ty());
    Ty ft;
    switch (rt) {
      case Ty.Rec rec -> {
        ft = rec.fields().get(field);
        if (ft == null) {
          st.typeError(TypeErrors.recordLacksField(span, field, Unify.show(fresh()), Unify.show(rt)));
          ft = fresh();
        }
      }
      case Ty.Var v -> {
        Ty known = requireField(v, field, span);
        ft = known != null ? known : fresh();
      }
      case Ty.Prim p -> ft = notARecord(field, rt, span);
      case Ty.Arr a -> ft = notARecord(field, rt, span);
      case Ty.Sum s -> ft = notARecord(field, rt, span);
      case Ty.Fun f -> ft = notARecord(field, rt, span);
      case Ty.Named na -> ft = notARecord(field, rt, span);
    }
    Ty fty = ft;
    return Res.compound(fty, () -> new TExp.Project(r.build().get(), field, zonk.type(fty), span),
        r.size() == null ? null : new SE.Proj(r.size(), field));
  }

  /**
   * Requires a value of the type {@code v}, not known yet, to be a record with {@code field}, as a
   * projection or an update of it does: the field's type, or null once reported that it cannot be.
   */
  private Ty requireField(Ty.Var v, String field, Span span) {
    Ty ft = fresh();
    Ty.Var req = new Ty.Var(st.level);
    req.fields = new LinkedHashMap<>(Map.of(field, ft));
    st.partialVars.add(new Object[] {req, span});
    try {
      u.unify(req, v);
      return ft;
    } catch (Unify.Failure f) {
      st.typeError(TypeErrors.cannotAccessField(span, field, f.why));
      return null;
    }
  }

  private Res recordUpdate(RecordUpdate ru, Ctx ctx) {
    Span span = ru.span();
    Res rec = check(ru.record(), ctx);
    Res val = check(ru.value(), ctx);
    Ty rt = Unify.resolve(rec.ty());
    // Walk the path. A record whose type is not known yet must have the field, as for a
    // projection: the reference infers record updates with the rest of the definition, so a later
    // annotation or use (the return type, an application) tells the record's type.
    Ty cur = rt;
    boolean unknown = false;
    for (String f : ru.path()) {
      cur = Unify.resolve(cur);
      if (cur instanceof Ty.Rec r && r.fields().containsKey(f)) cur = r.fields().get(f);
      else if (cur instanceof Ty.Rec r) {
        st.typeError(TypeErrors.recordLacksField(span, f, Unify.show(val.ty()), Unify.show(r)));
        return new Res(rt, rec.build());
      } else if (cur instanceof Ty.Var v) {
        cur = requireField(v, f, span);
        if (cur == null) return new Res(rt, rec.build());
        unknown = true;
      } else {
        st.typeError(TypeErrors.notARecord(span, f, Unify.show(val.ty()), Unify.show(cur)));
        return new Res(rt, rec.build());
      }
    }
    // The new value may have other sizes than the field had (the reference's updateFieldPath);
    // through a record not known yet, the field simply has the value's type.
    try {
      u.unify(unknown ? cur : anySizes(cur), val.ty());
    } catch (Unify.Failure f) {
      String[] shown = Unify.showAll(val.ty(), cur);
      st.typeError(TypeErrors.cannotReplaceField(ru.record().span(), shown[0], ru.path(), shown[1], f.why));
    }
    Ty out = unknown ? rt : withField(rt, ru.path(), 0, val.ty());
    return new Res(out, () -> new TExp.RecordUpdate(rec.build().get(), ru.path(), val.build().get(), zonk.type(out), span));
  }

  /** {@code t} with every array size a new flexible size. */
  private Ty anySizes(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> new Ty.Arr(anySizes(a.elem()), new SE.F(new Ty.Flex(st.level, null)), a.unique());
      case Ty.Rec r -> {
        Map<String, Ty> fs = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> fs.put(k, anySizes(v)));
        yield new Ty.Rec(fs);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> cs = new java.util.TreeMap<>();
        s.constructors().forEach((k, v) -> cs.put(k, v.stream().map(this::anySizes).toList()));
        yield new Ty.Sum(cs);
      }
      case Ty.Prim p -> t;
      case Ty.Fun f -> t;
      case Ty.Named n -> t;
      case Ty.Var v -> t;
    };
  }

  /** Record type {@code t} with the field at {@code path} (from {@code i}) of type {@code v}. */
  private static Ty withField(Ty t, List<String> path, int i, Ty v) {
    if (i == path.size()) return v;
    if (!(Unify.resolve(t) instanceof Ty.Rec r)) return t;
    Map<String, Ty> fs = new LinkedHashMap<>(r.fields());
    fs.put(path.get(i), withField(fs.get(path.get(i)), path, i + 1, v));
    return new Ty.Rec(fs);
  }

  // ---- arrays -------------------------------------------------------------------------------

  private Res arrayLit(ArrayLit a, Ctx ctx) {
    Span span = a.span();
    List<Res> rs = new ArrayList<>();
    Ty elem;
    if (a.elements().isEmpty()) {
      Ty.Var v = new Ty.Var(st.level);
      v.lifted = Liftedness.UNLIFTED;
      elem = v;
    } else {
      Res first = check(a.elements().get(0), ctx);
      rs.add(first);
      elem = first.ty();
      for (Exp x : a.elements().subList(1, a.elements().size())) {
        Res r = check(x, ctx);
        unifyPlainly(span, x.span(), elem, r.ty());
        rs.add(r);
      }
    }
    noLiftedElements(elem, span);
    Ty ty = new Ty.Arr(elem, SE.lit(rs.size()), false);
    return new Res(ty, () -> new TExp.ArrayLit(rs.stream().map(r -> r.build().get()).toList(), zonk.type(ty), span),
        form(rs, true, true, bracketed("[", ", ", "]", rs.size())));
  }


  /**
   * Array elements may not be functions or of a lifted abstract type; an element type still to be
   * inferred may not become one later (def f x = ([x], x 2) is an error).
   */
  void noLiftedElements(Ty elem, Span span) {
    Ty r = Unify.resolve(elem);
    if (r instanceof Ty.Var v) {
      if (v.lifted == Liftedness.LIFTED) {
        v.lifted = Liftedness.SIZE_LIFTED;
        if (v.origin == null) v.origin = Phrases.arrayElement();
      }
      return;
    }
    if (Unify.containsFun(r)) {
      st.typeError(TypeErrors.functionalElements(span, Unify.show(elem)));
    } else if (TypeConv.liftedElement(r, st)) {
      st.typeError(TypeErrors.liftedElements(span, Unify.show(elem)));
    } else if (TypeConv.liftedElementVar(r, st) instanceof Message why) {
      st.typeError(why.at(span));
    }
  }

  private Res range(Range r, Ctx ctx) {
    Span span = r.span();
    Ty t = freshPrims(Ty.INTS, Phrases.rangeBound());
    Res s = check(r.start(), ctx);
    unifyPlain(r.start().span(), t, s.ty(), Contexts.rangeBounds());
    Res sec = r.second() == null ? null : check(r.second(), ctx);
    if (sec != null) unifyPlain(r.second().span(), t, sec.ty(), Contexts.rangeElements());
    Res end = check(r.end(), ctx);
    unifyPlain(r.end().span(), t, end.ty(), Contexts.rangeElements());
    boolean i64 = Unify.resolve(t) instanceof Ty.Prim p && p.prim() == PrimType.I64;
    Long start = intValue(r.start()), second = r.second() == null ? null : intValue(r.second());
    boolean binds = hasBinding(r.end()) || hasBinding(r.start());
    SE size = null;
    // The ranges whose size the reference knows: a..<b, a...b, and with a second element only
    // 0..1..<n and 1..2...n (both n).
    if (i64 && !binds && end.size() != null) {
      if (r.second() == null && r.kind() == RangeKind.UP_TO_EXCLUSIVE) {
        size = start != null && start == 0 ? end.size() : s.size() == null ? null : new SE.Op("-", end.size(), s.size());
      } else if (r.second() == null && r.kind() == RangeKind.INCLUSIVE) {
        size = s.size() == null ? null : new SE.Op("+", new SE.Op("-", end.size(), s.size()), SE.lit(1));
      } else if (start != null && second != null && (start == 0 && second == 1 && r.kind() == RangeKind.UP_TO_EXCLUSIVE
          || start == 1 && second == 2 && r.kind() == RangeKind.INCLUSIVE)) {
        size = end.size();
      }
    }
    if (size == null) size = SE.var(st.unknownSize("range_dim", Phrases.rangeLength(span.relative())));
    Ty ty = new Ty.Arr(t, size, false);
    TExp.RangeKind kind = TExp.RangeKind.valueOf(r.kind().name());
    return new Res(ty, () -> new TExp.Range(s.build().get(), sec == null ? null : sec.build().get(), end.build().get(),
        kind, zonk.type(ty), span));
  }

  private static Long intValue(Exp e) {
    if (e instanceof IntLit l) return l.value().longValue();
    if (e instanceof Negate n && n.exp() instanceof IntLit l) return -l.value().longValue();
    return null;
  }

  /** {@code a[indices]}; {@code arrayExp} is the array's expression (null in an index section). */
  Res index(Res a, List<DimIndex> indices, Exp arrayExp, Ctx ctx, Span span) {
    return index(a, indices, arrayExp, ctx, span, false);
  }

  /**
   * {@code flexSlices}: the sizes of sliced dimensions are flexible (the target of an in-place
   * update, whose size the value decides), not computed from the slice.
   */
  Res index(Res a, List<DimIndex> indices, Exp arrayExp, Ctx ctx, Span span, boolean flexSlices) {
    List<Supplier<TExp.DimIndex>> idx = new ArrayList<>();
    List<SE> fixSizes = new ArrayList<>();
    boolean allFix = true;
    // The array type, with one dimension per index.
    Ty at = Unify.resolve(a.ty());
    List<SE> dims = new ArrayList<>();
    Ty elem = at;
    for (int i = 0; i < indices.size(); i++) {
      Ty r = Unify.resolve(elem);
      if (r instanceof Ty.Arr arr) {
        dims.add(arr.size());
        elem = arr.elem();
      } else if (r instanceof Ty.Var) {
        SE d = new SE.F(new Ty.Flex(st.level, null));
        Ty inner = fresh();
        unifyPlain(span, new Ty.Arr(inner, d, false), r, Contexts.indexedValue());
        dims.add(d);
        elem = inner;
      } else {
        // As the reference words it: the value against an array of what is left to index.
        String[] shown = Unify.showAll(r, new Ty.Arr(fresh(), new SE.F(new Ty.Flex(st.level, null)), false));
        st.typeError(TypeErrors.notAnArray(span, shown[0], shown[1]));
        return new Res(fresh(), () -> placeholder(span));
      }
    }
    List<SE> outDims = new ArrayList<>();
    for (int i = 0; i < indices.size(); i++) {
      DimIndex di = indices.get(i);
      SE d = dims.get(i);
      switch (di) {
        case Fix f -> {
          Res r = check(f.index(), ctx);
          unifyPlain(f.index().span(), freshPrims(Ty.SIGNED_INTS, Phrases.index()), r.ty(), Contexts.index());
          idx.add(() -> new TExp.DimIndex.Fix(r.build().get()));
          fixSizes.add(r.size());
        }
        case Slice s -> {
          allFix = false;
          Res a1 = s.start() == null ? null : checkIndex(s.start(), ctx);
          Res a2 = s.end() == null ? null : checkIndex(s.end(), ctx);
          Res a3 = s.stride() == null ? null : checkIndex(s.stride(), ctx);
          idx.add(() -> new TExp.DimIndex.Slice(a1 == null ? null : a1.build().get(), a2 == null ? null : a2.build().get(),
              a3 == null ? null : a3.build().get()));
          outDims.add(flexSlices ? new SE.F(new Ty.Flex(st.level, null)) : sliceSize(d, s, a1, a2, a3, span));
        }
      }
    }
    Ty res = elem;
    for (int i = outDims.size() - 1; i >= 0; i--) res = new Ty.Arr(res, outDims.get(i), false);
    Ty ty = res;
    SE size = null;
    if (allFix && a.size() != null && fixSizes.stream().allMatch(x -> x != null)) size = new SE.Idx(a.size(), fixSizes);
    return Res.compound(ty, () -> new TExp.Index(a.build().get(), idx.stream().map(Supplier::get).toList(), zonk.type(ty), span), size);
  }

  private Res checkIndex(Exp e, Ctx ctx) {
    Res r = check(e, ctx);
    // Slice bounds are i64 (an element index may be any signed integer type), as in the reference, which
    // words a mismatch with i64 first.
    try {
      u.unify(Ty.I64, r.ty());
    } catch (Unify.Failure f) {
      st.typeError(TypeErrors.sliceBoundNotI64(e.span(), Unify.show(r.ty()), f.why));
    }
    return r;
  }

  /** The size of a slice dimension, as the reference infers it; else a fresh unknown size. */
  private SE sliceSize(SE d, Slice s, Res i, Res j, Res stride, Span span) {
    Long st0 = s.start() == null ? null : intValue(s.start());
    Long str = s.stride() == null ? null : intValue(s.stride());
    boolean binds = (s.start() != null && hasBinding(s.start())) || (s.end() != null && hasBinding(s.end()));
    boolean i64 = (i == null || s.start() instanceof IntLit || isI64(i.ty())) && (j == null || s.end() instanceof IntLit || isI64(j.ty()));
    if (!binds && i64) {
      if ((s.start() == null || (st0 != null && st0 == 0)) && (s.stride() == null || (str != null && str == 1))) {
        if (s.end() == null) return d;
        if (j.size() != null) return j.size();
      } else if (s.start() != null && (s.stride() == null || (str != null && str == 1)) && i.size() != null) {
        SE end = s.end() == null ? d : j.size();
        if (end != null) return new SE.Op("-", end, i.size());
      } else if (s.start() == null && s.end() == null && str != null && str == -1) {
        return d;
      } else if (s.start() != null && s.end() != null && str != null && str == -1 && i.size() != null && j.size() != null) {
        return new SE.Op("-", i.size(), j.size());
      }
    }
    return SE.var(st.unknownSize("slice_dim", Phrases.sliceSize(span.relative())));
  }

  private static boolean isI64(Ty t) {
    return Unify.resolve(t) instanceof Ty.Prim p && p.prim() == PrimType.I64;
  }

  private Res update(Update up, Ctx ctx) {
    Span span = up.span();
    Res arr = check(up.array(), ctx);
    Res sliced = index(arr, up.indices(), up.array(), ctx, up.array().span(), true); // a mismatch at the array, as the reference
    Res val = check(up.value(), ctx);
    unifyPlainly(up.array().span(), up.value().span(), sliced.ty(), val.ty());
    Ty ty = arr.ty();
    return new Res(ty, () -> {
      TExp.Index ix = (TExp.Index) sliced.build().get();
      return new TExp.Update(arr.build().get(), ix.indices(), val.build().get(), zonk.type(ty), span);
    });
  }

  // ---- operators ----------------------------------------------------------------------------

  /** A user-defined operator (or qualified one) in scope, or null for a built-in operator. */
  private Res operator(Var op, Ctx ctx) {
    String name = op.full();
    if (op.qualifiers().isEmpty() && builtinBinOp(name, ctx) != null && ctx.term(name) == null) return null;
    if (op.qualifiers().isEmpty() && (name.equals("|>") || name.equals("<|") || name.equals(">->") || name.equals("<-<"))
        && ctx.term(name) == null) {
      return null;
    }
    return var(name, ctx, op.span());
  }

  /**
   * The built-in operator {@code name} stands for where {@code ctx} is. {@code >>>} is not one outside
   * the prelude: as in the reference, the logical shift is only a member of the integer modules
   * ({@code i32.>>>}), which the prelude defines with it.
   */
  static BinOperator builtinBinOp(String name, Ctx ctx) {
    if (name.equals(">>>") && !ctx.file().prelude()) return null;
    for (BinOperator b : BinOperator.values()) if (b.symbol.equals(name)) return b;
    return null;
  }

  private Res binOp(BinOp b, Ctx ctx) {
    Span span = b.span();
    String name = b.op().full();
    boolean userDefined = !b.op().qualifiers().isEmpty() || ctx.term(name) != null;
    if (!userDefined) {
      switch (name) {
        case "|>" -> {
          st.pipes.put(span, b.op().full() + "\u0000" + b.right().span().text());
          return apply(b.right(), check(b.right(), ctx), List.of(b.left()), ctx, span, true);
        }
        case "<|" -> {
          st.pipes.put(span, b.op().full() + "\u0000" + b.left().span().text());
          return apply(b.left(), check(b.left(), ctx), List.of(b.right()), ctx, span);
        }
        case ">->", "<-<" -> {
          Exp f = name.equals(">->") ? b.left() : b.right();
          Exp g = name.equals(">->") ? b.right() : b.left();
          Res fr = check(f, ctx), gr = check(g, ctx);
          if (Unify.resolve(fr.ty()) instanceof Ty.Fun ff && !ff.exts().isEmpty()) {
            st.typeError(SizeErrors.existentialInComposition(span, Unify.show(fr.ty())));
          }
          // As the reference, whose (>->) and (<-<) are functions of the prelude: a mismatch is one
          // of their arguments'.
          Ty x = fresh(), y = fresh(), z = fresh();
          String op = Phrases.quoted(name);
          unifyArgument(f.span(), new Ty.Fun(x, y), fr.ty(), op, () -> argumentText(f));
          unifyArgument(g.span(), new Ty.Fun(y, z), gr.ty(), op, () -> argumentText(g));
          Ty ty = new Ty.Fun(x, z);
          return new Res(ty, () -> {
            VName fv = st.fresh("f"), gv = st.fresh("g"), xv = st.fresh("x");
            Type ft = zonk.type(fr.ty()), gt = zonk.type(gr.ty()), xt = zonk.type(x);
            TExp inner = buildCall(new TExp.Var(fv, ft, Map.of(), span), List.of(new TExp.Var(xv, xt, Map.of(), span)), List.of(ft), span);
            TExp outer = buildCall(new TExp.Var(gv, gt, Map.of(), span), List.of(inner), List.of(gt), span);
            // As the reference's (>->) : (a -> b) -> (b -> c) -> a -> c, the composition returns a
            // value of a type parameter's type, never unique: its result aliases its argument.
            st.declaredLambdaReturns.add(span);
            Type lt = new Type.Arrow(null, xt, Consumption.setUnique(zonk.type(z), false));
            TExp lam = new TExp.Lambda(List.of(new TPat.Id(xv, xt, span)), outer, lt, span);
            return new TExp.Let(new TPat.Id(fv, ft, span), fr.build().get(),
                new TExp.Let(new TPat.Id(gv, gt, span), gr.build().get(), lam, zonk.type(ty), span), zonk.type(ty), span);
          });
        }
        default -> { }
      }
      BinOperator op = builtinBinOp(name, ctx);
      if (op != null) return builtinBinOp(op, b.op().span(), b.left(), b.right(), ctx, span);
    }
    Res opr = var(name, ctx, b.op().span());
    st.trace.type(b.op(), opr.ty());
    return apply(b.op(), opr, List.of(b.left(), b.right()), ctx, span);
  }

  private Res builtinBinOp(BinOperator op, Span opSpan, Exp l, Exp r, Ctx ctx, Span span) {
    Res x = check(l, ctx);
    Res y = check(r, ctx);
    return builtinBinOpRes(op, x, y, l.span(), r.span(), () -> argumentText(l), () -> argumentText(r), opSpan, span);
  }

  /** {@code lText} and {@code rText} show the operands in a message: only made for one (an operand may be long). */
  private Res builtinBinOpRes(BinOperator op, Res x, Res y, Span ls, Span rs, Supplier<String> lText, Supplier<String> rText,
      Span opSpan, Span span) {
    Ty operand;
    Ty result;
    String desc = Phrases.quoted(op.symbol);
    switch (op) {
      case ADD, SUB, MUL, DIV, MOD, POW -> { operand = freshPrims(Ty.NUMS, Phrases.operator(op.symbol)); result = operand; }
      case QUOT, REM, SHL, SHR, USHR, BAND, BOR, BXOR -> { operand = freshPrims(Ty.INTS, Phrases.operator(op.symbol)); result = operand; }
      case EQ, NEQ -> {
        // == takes values of any type, checked once the whole definition's types are known (below),
        // as the reference does; != never takes functions.
        Ty.Var v = new Ty.Var(st.level);
        v.equality = op == BinOperator.NEQ;
        v.origin = Phrases.equality();
        operand = v;
        result = Ty.BOOL;
      }
      case LT, LE, GT, GE -> { operand = freshPrims(Ty.ALL_PRIMS, Phrases.operator(op.symbol)); result = Ty.BOOL; }
      case LAND, LOR -> { operand = Ty.BOOL; result = Ty.BOOL; }
      default -> throw new IllegalStateException();
    }
    boolean ok = unifyArgument(ls, operand, x.ty(), desc, lText);
    if (ok) unifyArgument(rs, x.ty(), y.ty(), desc, rText);
    else unifyArgument(rs, operand, y.ty(), desc, rText);
    SE size = x.size() != null && y.size() != null && result != Ty.BOOL ? new SE.Op(op.symbol, x.size(), y.size()) : null;
    Ty rt = result;
    return Res.compound(rt, () -> {
      // Checked once the types are known (the reference's checkEquality): abstract types and type
      // parameters do not support equality.
      if (op == BinOperator.EQ && !supportsEquality(operand)) {
        st.typeError(TypeErrors.equalityUnsupported(opSpan, Unify.show(operand)));
      }
      return new TExp.BinOp(op, x.build().get(), y.build().get(), zonk.type(operand), zonk.type(rt), span);
    }, size);
  }

  private static boolean supportsEquality(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Named n -> false;
      case Ty.Fun f -> false;
      case Ty.Arr a -> supportsEquality(a.elem());
      case Ty.Rec r -> r.fields().values().stream().allMatch(Terms::supportsEquality);
      case Ty.Sum s -> s.constructors().values().stream().flatMap(List::stream).allMatch(Terms::supportsEquality);
      case Ty.Prim p -> true;
      case Ty.Var v -> true;
    };
  }

  /** A section of a built-in operator: {@code (+)}, {@code (e +)}, {@code (+ e)}. */
  private Res sectionBuiltin(BinOperator op, Var opVar, Res left, Res right, Ctx ctx, Span span) {
    Ty xt = left != null ? left.ty() : fresh();
    Ty yt = right != null ? right.ty() : fresh();
    VName xv = st.fresh("x"), yv = st.fresh("y");
    Res xr = new Res(xt, () -> new TExp.Var(xv, zonk.type(xt), Map.of(), span));
    Res yr = new Res(yt, () -> new TExp.Var(yv, zonk.type(yt), Map.of(), span));
    Res body = builtinBinOpRes(op, xr, yr, span, span, () -> shortText(span), () -> shortText(span), span, span);
    List<Ty> params = new ArrayList<>();
    if (left == null) params.add(xt);
    if (right == null) params.add(yt);
    Ty ty = body.ty();
    for (int i = params.size() - 1; i >= 0; i--) ty = new Ty.Fun(params.get(i), ty);
    Ty fty = ty;
    SE size = left != null ? form(List.of(left), false, true, "(", " " + op.symbol + ")")
        : right != null ? form(List.of(right), false, true, "(" + op.symbol + " ", ")")
        : SE.Form.leaf("(" + op.symbol + ")");
    return new Res(fty, () -> {
      List<TPat> ps = new ArrayList<>();
      if (left == null) ps.add(new TPat.Id(xv, zonk.type(xt), span));
      if (right == null) ps.add(new TPat.Id(yv, zonk.type(yt), span));
      TExp lam = new TExp.Lambda(ps, body.build().get(), zonk.type(fty), span);
      if (left != null) lam = new TExp.Let(new TPat.Id(xv, zonk.type(xt), span), left.build().get(), lam, zonk.type(fty), span);
      if (right != null) lam = new TExp.Let(new TPat.Id(yv, zonk.type(yt), span), right.build().get(), lam, zonk.type(fty), span);
      return lam;
    }, size);
  }

  private Res opSection(OpSection s, Ctx ctx) {
    Span span = s.span();
    Res op = operator(s.op(), ctx);
    if (op != null) return new Res(op.ty(), op.build(), form(List.of(op), true, true, "(", ")"));
    String name = s.op().full();
    BinOperator bop = builtinBinOp(name, ctx);
    if (bop != null) return sectionBuiltin(bop, s.op(), null, null, ctx, span);
    // (|>) and friends as values.
    Lambda lam = switch (name) {
      case "|>" -> pipeLambda(span, true);
      case "<|" -> pipeLambda(span, false);
      case ">->", "<-<" -> {
        // (>->) is \f g x -> g (f x); (<-<) is \g f x -> g (f x).
        PId f = new PId("f'", span), g = new PId("g'", span), x = new PId("x'", span);
        Var fv = new Var(List.of(), "f'", span), gv = new Var(List.of(), "g'", span), xv = new Var(List.of(), "x'", span);
        Exp body = new Apply(gv, new Apply(fv, xv, span), span);
        yield new Lambda(name.equals(">->") ? List.of(f, g, x) : List.of(g, f, x), null, body, span);
      }
      default -> null;
    };
    if (lam != null) return check(lam, ctx);
    st.error(TypeErrors.unknownOperator(span, name));
    return new Res(fresh(), () -> placeholder(span));
  }

  private static Lambda pipeLambda(Span span, boolean forward) {
    PId x = new PId("x'", span), f = new PId("f'", span);
    Var xv = new Var(List.of(), "x'", span), fv = new Var(List.of(), "f'", span);
    return new Lambda(forward ? List.of(x, f) : List.of(f, x), null, new Apply(fv, xv, span), span);
  }

  // ---- application --------------------------------------------------------------------------

  Res apply(Exp head, Res f, List<Exp> args, Ctx ctx, Span span) {
    return apply(head, f, args, ctx, span, false);
  }

  /**
   * Applies {@code f} (the checked {@code head}) to {@code args}. {@code argsFirst} when the
   * arguments are evaluated before the function ({@code x |> f}).
   */
  /**
   * An array of functions applied to an argument, as the reference's first pass takes it: the
   * array of the functions' results (an element type still unknown, from an instantiated type
   * parameter, becomes a function type), or null when the elements are no functions.
   */
  private Ty applyElementwise(Ty.Arr arr) {
    Ty elem = Unify.resolve(arr.elem());
    Ty result;
    if (elem instanceof Ty.Arr inner) {
      result = applyElementwise(inner);
    } else if (elem instanceof Ty.Fun fn) {
      result = fn.result();
    } else if (elem instanceof Ty.Var v && v.liftednessLater) {
      result = fresh();
      try {
        u.unify(v, new Ty.Fun(fresh(), result));
      } catch (Unify.Failure x) {
        result = null;
      }
    } else {
      result = null;
    }
    return result == null ? null : new Ty.Arr(result, arr.size(), false);
  }

  Res apply(Exp head, Res f, List<Exp> args, Ctx ctx, Span span, boolean argsFirst) {
    boolean pipe = args.size() == 1 && st.pipes.containsKey(span);
    // The reference's pipes are functions of the prelude, (|>) : a -> (a -> b) -> b and
    // (<|) : (a -> b) -> a -> b: a mismatch is one of their arguments'.
    String pipeOp = pipe ? st.pipes.get(span).substring(0, 2) : null;
    String fname = calledName(head, ctx);
    String shown = Phrases.function(fname);
    Ty ft = f.ty();
    List<Type> fnTypesLater = new ArrayList<>();
    List<Ty> fnTys = new ArrayList<>();
    List<Res> argRes = new ArrayList<>();
    List<SE> callSizes = new ArrayList<>();
    // As the reference: every argument is checked first, in order (a lambda's parameters of types
    // not yet known stand for type variables; a field of one is required of it, see requireField),
    // then the function is applied to them in order, so an argument that does not fit what those
    // before it fixed is the one reported, after any error inside the arguments.
    for (Exp arg : args) argRes.add(check(arg, ctx));
    for (int i = 0; i < args.size(); i++) {
      Exp arg = args.get(i);
      Res a = argRes.get(i);
      Ty r = Unify.resolve(ft);
      if (pipeOp != null && !(r instanceof Ty.Fun)) {
        // A function type inferred from its use observes its argument (as a parameter's type would).
        Ty want = new Ty.Fun(pipeOp.equals("|>") ? Unify.deepNonUnique(a.ty()) : fresh(), fresh());
        try {
          u.unify(want, r);
        } catch (Unify.Failure x) {
          report(head.span(), want, r, Contexts.argument("\"" + pipeOp + "\"", shortText(head.span())), x);
          return new Res(fresh(), () -> placeholder(span));
        }
        r = Unify.resolve(ft);
      }
      if (r instanceof Ty.Var) {
        Ty p = fresh(), res = fresh();
        try {
          u.unify(r, new Ty.Fun(p, res));
        } catch (Unify.Failure x) {
          report(span, new Ty.Fun(p, res), r, Contexts.application(shown), x);
          return new Res(fresh(), () -> placeholder(span));
        }
        r = Unify.resolve(ft);
      }
      if (!(r instanceof Ty.Fun fn)) {
        if (r instanceof Ty.Arr arr && applyElementwise(arr) instanceof Ty res) {
          // The reference's first pass applies an array of functions elementwise; the elements'
          // type is then reported (an instantiated type parameter found to be functional), or else this.
          if (st.quiet == 0) {
            st.unlessOtherErrors.add(i == 0 ? TypeErrors.notAFunction(span, fname, Unify.show(f.ty()))
                : TypeErrors.tooManyArguments(arg.span(), shown, shortText(arg.span()), i));
          }
          for (int j = i + 1; j < args.size() && Unify.resolve(res) instanceof Ty.Arr more && applyElementwise(more) instanceof Ty next; j++) {
            res = next;
          }
          return new Res(res, () -> placeholder(span));
        } else if (i == 0) {
          st.typeError(TypeErrors.notAFunction(span, fname, Unify.show(f.ty())));
        } else {
          st.typeError(TypeErrors.tooManyArguments(arg.span(), shown, shortText(arg.span()), i));
        }
        return new Res(fresh(), () -> placeholder(span));
      }
      fnTys.add(r);
      if (pipeOp == null) {
        argument(fn.param(), arg, a, shown);
      } else if (pipeOp.equals("<|")) {
        argument(fn.param(), arg, a, "\"<|\"");
      } else {
        // x |> f: f is the argument that does not fit a -> b.
        try {
          u.unify(fn.param(), a.ty());
        } catch (Unify.Failure x) {
          report(head.span(), new Ty.Fun(a.ty(), fresh()), r, Contexts.argument("\"|>\"", shortText(head.span())), x);
        }
      }
      Map<VName, SE> sub = new HashMap<>();
      if (fn.pname() != null && Unify.mentions(fn.result(), Set.of(fn.pname()))) {
        // Through a pipe, a function's dependence on the piped value is lost, as in the reference,
        // where the pipe is a function of type a -> (a -> b) -> b: n |> iota is an array of an
        // unknown size, iota n one of size n.
        sub.put(fn.pname(), pipe
            ? SE.var(st.unknownSize("d", Phrases.outOfScope(fn.pname().base(), span.relative())))
            : sizeOf(a, arg, Phrases.argumentValue(shortText(arg.span()), shown, arg.span().relative())));
      }
      for (VName ext : fn.exts()) {
        sub.put(ext, SE.var(st.unknownSize(ext.base(), Phrases.returnedBy(shown, span.relative()))));
      }
      ft = sub.isEmpty() ? fn.result() : Unify.subst(fn.result(), Map.of(), sub);
      if (a.size() != null) callSizes.add(a.size());
    }
    Ty result = ft;
    // The type after the last argument: a dependent result ((n: i64) -> [n]i64) has its sizes.
    fnTys.add(result);
    SE size = null;
    if (callSizes.size() == args.size() && f.size() instanceof SE.V hv && fname != null) {
      size = new SE.Call(hv.v(), fname, callSizes);
    }
    return Res.compound(result, () -> {
      TExp fe = f.build().get();
      List<TExp> as = argRes.stream().map(r -> r.build().get()).toList();
      List<Type> fnTypes = fnTys.stream().map(zonk::type).toList();
      return buildCall(fe, as, fnTypes, span);
    }, size);
  }

  /**
   * Unifies the parameter type {@code expected} of function {@code shown} with its argument
   * {@code arg} (checked: {@code a}), reporting a mismatch; a lambda's dependent result is fixed
   * ({@link Unify#lambdaArgument}).
   */
  private void argument(Ty expected, Exp arg, Res a, String shown) {
    u.lambdaArgument = arg instanceof Lambda;
    try {
      u.unify(expected, a.ty());
    } catch (Unify.Failure x) {
      report(arg.span(), expected, a.ty(), Contexts.argument(shown, argumentText(arg)), x);
    } finally {
      u.lambdaArgument = false;
    }
  }

  /**
   * An argument as a message shows it, as the reference prints it: its text ({@link #shortText}),
   * but a literal with a type suffix by its value ({@code 1f32} is {@code 1.0f32}, {@code 300u8} is
   * {@code 44u8}) and a record literal without spaces around its {@code =} ({@code {a=c, b}}),
   * within the parentheses it was written in.
   */
  static String argumentText(Exp arg) {
    String p = printed(arg);
    return p != null ? clip(p) : shortText(arg.span());
  }

  /** The forms {@link #argumentText} prints itself, or null for the others (shown as written). */
  private static String printed(Exp e) {
    String core = switch (e) {
      case IntLit l when l.suffix() != null -> intLitText(l.value(), l.suffix());
      case FloatLit l when l.suffix() != null && l.suffix().isFloat() -> showFloat(l.value(), l.suffix()) + l.suffix().futName();
      case Negate n when n.exp() instanceof IntLit l && l.suffix() != null -> intLitText(l.value().negate(), l.suffix());
      case Negate n when n.exp() instanceof FloatLit l && l.suffix() != null && l.suffix().isFloat() ->
          showFloat(-l.value(), l.suffix()) + l.suffix().futName();
      case RecordLit r -> {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < r.fields().size(); i++) {
          Field f = r.fields().get(i);
          if (i > 0) b.append(", ");
          b.append(f.value() == null ? f.name() : f.name() + "=" + argumentText(f.value()));
        }
        yield b.append('}').toString();
      }
      default -> null;
    };
    if (core == null) return null;
    return e.span().withoutParens() == e.span() ? core : "(" + core + ")";
  }

  /** A suffixed integer literal as the reference prints its value: wrapped into the type ({@code 300u8} is {@code 44u8}). */
  private static String intLitText(java.math.BigInteger value, PrimType p) {
    if (p.isFloat()) return showFloat(value.doubleValue(), p) + p.futName();
    java.math.BigInteger m = java.math.BigInteger.ONE.shiftLeft(p.bits());
    java.math.BigInteger v = value.mod(m);
    if (p.isSigned() && v.testBit(p.bits() - 1)) v = v.subtract(m);
    return v + p.futName();
  }

  /**
   * A float as Haskell shows it (the reference's printer): the shortest digits that read back,
   * positional from 0.1 up to 10^7, else {@code d.ddde-x}; f32 and f16 values at single precision.
   */
  static String showFloat(double v, PrimType p) {
    if (Double.isNaN(v)) return "NaN";
    if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
    String digits = p == PrimType.F64 ? Double.toString(Math.abs(v)) : Float.toString((float) Math.abs(v));
    java.math.BigDecimal d = new java.math.BigDecimal(digits).stripTrailingZeros();
    String sign = v < 0 || (v == 0 && 1 / v < 0) ? "-" : "";
    if (d.signum() == 0) return sign + "0.0";
    double a = Math.abs(v);
    if (a >= 0.1 && a < 1e7) {
      String s = d.toPlainString();
      return sign + (s.contains(".") ? s : s + ".0");
    }
    String u = d.unscaledValue().toString();
    int exp = u.length() - 1 - d.scale();
    return sign + u.charAt(0) + "." + (u.length() > 1 ? u.substring(1) : "0") + "e" + exp;
  }

  /**
   * Builds a saturated call of {@code f} to {@code args}: extra arguments apply the result, missing
   * ones are eta-expanded into a lambda. {@code fnTypes.get(i)} is the function's type before
   * argument i, with the sizes of the arguments before it (at least one entry; the entry after the
   * last argument, when present, is the result's type).
   */
  TExp buildCall(TExp f, List<TExp> args, List<Type> fnTypes, Span span) {
    int n = arityOf(f);
    Type ft0 = fnTypes.isEmpty() ? f.type() : fnTypes.get(0);
    if (n == 0) n = arrows(ft0);
    if (n == 0) return f;
    if (args.size() < n) {
      Type t = args.size() < fnTypes.size() ? fnTypes.get(args.size()) : peel(ft0, args.size());
      List<TPat> params = new ArrayList<>();
      List<TExp> all = new ArrayList<>(args);
      Type lamType = t;
      for (int i = args.size(); i < n; i++) {
        if (!(t instanceof Type.Arrow a)) break;
        VName v = st.fresh("x");
        params.add(new TPat.Id(v, a.param(), span));
        all.add(new TExp.Var(v, a.param(), Map.of(), span));
        t = a.result();
      }
      return new TExp.Lambda(params, new TExp.Apply(f, all, t, span), lamType, span);
    }
    Type rt = n < fnTypes.size() ? fnTypes.get(n) : peel(ft0, n);
    TExp app = new TExp.Apply(f, args.subList(0, n), rt, span);
    if (args.size() == n) return app;
    List<Type> rest = new ArrayList<>();
    rest.add(rt);
    return buildCall(app, args.subList(n, args.size()), rest, span);
  }

  private int arityOf(TExp f) {
    return switch (f) {
      case TExp.Var v -> st.arity.getOrDefault(v.name(), arrows(v.type()));
      case TExp.Lambda l -> l.params().size();
      case TExp.Intrinsic i -> arrows(i.type());
      case TExp.Literal l -> arrows(f.type());
      case TExp.ArrayLit a -> arrows(f.type());
      case TExp.RecordLit r -> arrows(f.type());
      case TExp.Range r -> arrows(f.type());
      case TExp.Project p -> arrows(f.type());
      case TExp.Index i -> arrows(f.type());
      case TExp.Update u -> arrows(f.type());
      case TExp.RecordUpdate r -> arrows(f.type());
      case TExp.Let l -> arrows(f.type());
      case TExp.LetFun l -> arrows(f.type());
      case TExp.If i -> arrows(f.type());
      case TExp.Loop l -> arrows(f.type());
      case TExp.Apply a -> arrows(f.type());
      case TExp.BinOp b -> arrows(f.type());
      case TExp.UnOp u -> arrows(f.type());
      case TExp.Match m -> arrows(f.type());
      case TExp.Constr c -> arrows(f.type());
      case TExp.Assert a -> arrows(f.type());
      case TExp.Coerce c -> arrows(f.type());
      case TExp.Attr a -> arrows(f.type());
    };
  }

  static int arrows(Type t) {
    int n = 0;
    while (t instanceof Type.Arrow a) { n++; t = a.result(); }
    return n;
  }

  private static Type peel(Type t, int n) {
    for (int i = 0; i < n && t instanceof Type.Arrow a; i++) t = a.result();
    return t;
  }

  // ---- let ----------------------------------------------------------------------------------

  private Res letPat(LetPat l, Ctx ctx) {
    Span span = l.span();
    Res v = check(l.value(), ctx);
    int saved = st.level;
    st.level++;
    try {
      // Size binders: flexible sizes the pattern's annotations may use; they take the value's sizes.
      Map<String, SE> sizeNames = new LinkedHashMap<>();
      Map<String, Ty.Flex> binders = new LinkedHashMap<>();
      Map<String, TypeParam> binderParams = new LinkedHashMap<>();
      for (TypeParam tp : l.sizes()) {
        TypeParam prev = binderParams.get(tp.name());
        if (prev != null) st.error(TypeErrors.alsoBoundAt(tp.span(), tp.name(), prev.span().render()));
        Ty.Flex fl = new Ty.Flex(st.level, tp.name());
        binders.put(tp.name(), fl);
        binderParams.put(tp.name(), tp);
        sizeNames.put(tp.name(), new SE.F(fl));
      }
      Pats.PatRes p = pats.check(l.pattern(), v.ty(), ctx, Pats.Mode.LET, sizeNames);
      // Size binders and the pattern's names are one set of names.
      for (Pats.Bound b : p.binds()) {
        TypeParam sb = binderParams.get(b.name());
        if (sb != null) st.error(TypeErrors.alsoBoundAt(b.span(), b.name(), sb.span().render()));
      }
      noFunctionConsumption(l);
      Ctx inner = ctx;
      List<VName> sizeVars = new ArrayList<>();
      Map<Ty.Flex, VName> named = new HashMap<>();
      for (var b : binders.entrySet()) {
        VName sv = st.fresh(b.getKey());
        st.nameLevel.put(sv, st.level);
        sizeVars.add(sv);
        Ty.Flex fl = b.getValue();
        if (fl.ref == null) {
          st.error(SizeErrors.sizeBinderUnused(binderParams.get(b.getKey()).span(), b.getKey()));
          fl.ref = SE.var(sv);
        }
        named.put(fl, sv);
        // As in the reference, a size binder is a size of its own in the body, whatever the value's
        // size it was matched with: let [m] (xss: [][m]i32) = f n leaves xss : [n][m]i32, m unrelated to n.
        inner = inner.bind(b.getKey(), new Env.Local(sv, Ty.I64, st.level, null));
      }
      if (named.isEmpty()) {
        inner = p.bindAll(inner, st.level);
      } else {
        for (Pats.Bound b : p.binds()) inner = inner.bind(b.name(), new Env.Local(b.v(), Unify.nameSizes(b.ty(), named), st.level, null));
      }
      Res body = check(l.body(), inner);
      Set<VName> gone = new HashSet<>(sizeVars);
      for (Pats.Bound bd : p.binds()) gone.add(bd.v());
      st.level = saved;
      // A name bound to an i64 expression without bindings (let m = n + 1) stands for that
      // expression when it goes out of scope, as in the reference: iota m then has the size n + 1
      // outside the let. Sizes naming other bound names become unknown (unscope).
      Ty bodyTy = body.ty();
      if (p.binds().size() == 1 && v.size() != null && Unify.resolve(p.binds().get(0).ty()) == Unify.resolve(p.ty())
          && Unify.resolve(v.ty()) instanceof Ty.Prim vp && vp.prim() == PrimType.I64 && !SE.mentions(v.size(), gone)) {
        bodyTy = Unify.subst(bodyTy, Map.of(), Map.of(p.binds().get(0).v(), v.size()));
      }
      Ty bt = unscope(bodyTy, gone, span);
      surface(bt);
      return new Res(bt, () -> {
        TPat tp = p.build().get();
        TExp tv = v.build().get();
        TExp tb = body.build().get();
        if (sizeVars.isEmpty()) return new TExp.Let(tp, tv, tb, zonk.type(bt), span);
        // let [n] p = e in b  becomes  let tmp = e in let n = <a size of tmp> in let p = tmp in b
        // (the sizes are read before the pattern takes tmp, which may consume it).
        VName tmp = st.fresh("sized");
        TExp tmpVar = new TExp.Var(tmp, tv.type(), Map.of(), span);
        TExp inner2 = new TExp.Let(tp, tmpVar, tb, zonk.type(bt), span);
        List<Ty.Flex> fl = binders.values().stream().toList();
        for (int i = sizeVars.size() - 1; i >= 0; i--) {
          VName n = sizeVars.get(i);
          SE alias = SE.norm(fl.get(i).ref);
          // An unknown size the binder names gets the binder's value too (for run-time checks).
          if (alias instanceof SE.V av && !av.v().equals(n) && st.unknownSizes.containsKey(av.v())) {
            inner2 = new TExp.Let(new TPat.Id(av.v(), Type.I64, span), new TExp.Var(n, Type.I64, Map.of(), span), inner2, inner2.type(), span);
          }
          TExp written = binderDim(l.pattern(), n.base(), tmpVar, span);
          inner2 = new TExp.Let(new TPat.Id(n, Type.I64, span), written != null ? written : sizeValue(alias, tmpVar, span),
              inner2, inner2.type(), span);
        }
        return new TExp.Let(new TPat.Id(tmp, tv.type(), span), tv, inner2, zonk.type(bt), span);
      });
    } finally {
      st.level = saved;
    }
  }

  /**
   * The value of size binder {@code name} read where the pattern's annotations write {@code [name]}:
   * the length of that dimension of {@code value} (null if no annotation names it directly).
   */
  private TExp binderDim(Pat p, String name, TExp value, Span span) {
    return switch (p) {
      case PAttr a -> binderDim(a.pattern(), name, value, span);
      case PAscribe a -> {
        TExp t = typeDim(a.type(), name, value, span);
        yield t != null ? t : binderDim(a.pattern(), name, value, span);
      }
      case PTuple t -> {
        for (int i = 0; i < t.elements().size(); i++) {
          TExp f = field(value, Integer.toString(i), span);
          TExp r = f == null ? null : binderDim(t.elements().get(i), name, f, span);
          if (r != null) yield r;
        }
        yield null;
      }
      case PRecord r -> {
        for (PField pf : r.fields()) {
          TExp f = field(value, pf.name(), span);
          TExp x = f == null || pf.pattern() == null ? null : binderDim(pf.pattern(), name, f, span);
          if (x != null) yield x;
        }
        yield null;
      }
      case PId i -> null;
      case PWild w -> null;
      case PLit l -> null;
      case PConstr c -> null;
    };
  }

  private TExp typeDim(TypeExp t, String name, TExp value, Span span) {
    return switch (t) {
      case TUnique u -> typeDim(u.type(), name, value, span);
      case TArray a when value.type() instanceof Type.Array at -> {
        yield typeDim(a, 0, name, value, span);
      }
      case TTuple tt -> {
        for (int i = 0; i < tt.elements().size(); i++) {
          TExp f = field(value, Integer.toString(i), span);
          TExp r = f == null ? null : typeDim(tt.elements().get(i), name, f, span);
          if (r != null) yield r;
        }
        yield null;
      }
      case TRecord tr -> {
        for (int i = 0; i < tr.names().size(); i++) {
          TExp f = field(value, tr.names().get(i), span);
          TExp r = f == null ? null : typeDim(tr.types().get(i), name, f, span);
          if (r != null) yield r;
        }
        yield null;
      }
      case TName n -> null;
      case TArray a -> null;
      case TSum s -> null;
      case TArrow a -> null;
      case TExist e -> null;
    };
  }

  /** {@link #typeDim} for dimension {@code d} of {@code value} and the rest of array type {@code a} from there. */
  private TExp typeDim(TArray a, int d, String name, TExp value, Span span) {
    if (a.dim() instanceof DimExp de && de.exp() instanceof Var v && v.qualifiers().isEmpty() && v.name().equals(name)) {
      return dimLength(value, d, span);
    }
    TypeExp elem = a.elem() instanceof TUnique u ? u.type() : a.elem();
    if (elem instanceof TArray inner) return typeDim(inner, d + 1, name, value, span);
    return null;
  }

  /** The size of dimension {@code d} of array {@code e}: {@code length} with the dimension, never indexing a row. */
  static TExp dimLength(TExp e, int d, Span span) {
    Type.Array at = (Type.Array) e.type();
    Type fn = new Type.Arrow(null, at.nonUnique(), d == 0 ? Type.I64 : new Type.Arrow(null, Type.I64, Type.I64));
    List<TExp> args = d == 0 ? List.of(e) : List.of(e, new TExp.Literal(PrimValue.ofInt(PrimType.I64, d), Type.I64, span));
    return new TExp.Apply(new TExp.Intrinsic("length", fn, span), args, Type.I64, span);
  }

  private static TExp field(TExp value, String name, Span span) {
    if (value.type() instanceof Type.Record r && r.fields().containsKey(name)) {
      return new TExp.Project(value, name, r.fields().get(name), span);
    }
    return null;
  }

  /** In {@code let p = e}, e may not consume and return a function (checked by the consumption pass). */
  private void noFunctionConsumption(LetPat l) { }

  /** The value of a size: the length of a dimension of the bound value that has it, else its expression. */
  private TExp sizeValue(SE size, TExp value, Span span) {
    TExp found = dimOf(value, zonk.size(size), span);
    if (found != null) return found;
    TExp built = zonkSizeExp(size);
    if (built != null && !(size instanceof SE.V v && st.unknownSizes.containsKey(v.v()))) return built;
    return new TExp.Literal(PrimValue.ofInt(PrimType.I64, 0), Type.I64, span);
  }

  private TExp zonkSizeExp(SE size) {
    Size s = zonk.size(size);
    return switch (s) {
      case Size.Const c -> new TExp.Literal(PrimValue.ofInt(PrimType.I64, c.value()), Type.I64, Span.NONE);
      case Size.Var v -> new TExp.Var(v.name(), Type.I64, Map.of(), Span.NONE);
      case Size.Expr e -> e.exp();
      case Size.Unknown u -> null;
    };
  }

  /** An expression for a dimension of {@code e} (of its arrays, records' fields included) of size {@code want}, or null. */
  private TExp dimOf(TExp e, Size want, Span span) {
    Type t = e.type();
    if (t instanceof Type.Array a) {
      for (int d = 0; d < a.rank(); d++) {
        if (!a.shape().get(d).equals(want)) continue;
        return dimLength(e, d, span);
      }
      return null;
    }
    if (t instanceof Type.Record r) {
      for (var f : r.fields().entrySet()) {
        TExp found = dimOf(new TExp.Project(e, f.getKey(), f.getValue(), span), want, span);
        if (found != null) return found;
      }
    }
    return null;
  }

  /**
   * A type leaving the scope of {@code gone}: sizes that mention those names become fresh unknown
   * sizes (one per distinct size).
   */
  /**
   * {@code t} seen outside the scope of {@code gone}: as the reference's {@code sizeFree}, each size
   * of the value itself that names a gone name, taken smallest first, becomes one unknown size, and
   * every occurrence of that expression inside other sizes becomes the same unknown size
   * ({@code ([count[0]]a, [n - count[0]]a)} becomes {@code ([d]a, [n - d]a)}); what still names a
   * gone name after that becomes an unknown size too (one per distinct expression).
   */
  /**
   * The unknown sizes of {@code t}, the type of a value a let or a match case returns, that
   * evaluating its body computed: they are in scope wherever that value is, as the sizes an
   * application returns are (the reference keeps them: {@code copy (let y = 1 in filter p xs)}).
   */
  void surface(Ty t) {
    Set<VName> vs = new HashSet<>();
    Unify.sizeVars(t, vs);
    for (VName v : vs) {
      Integer l = st.nameLevel.get(v);
      if (l != null && l > st.level && st.unknownSizes.containsKey(v)) st.nameLevel.put(v, st.level);
    }
  }

  Ty unscope(Ty t, Set<VName> gone, Span span) {
    if (gone.isEmpty() || !Unify.mentions(t, gone)) return t;
    List<SE> witnessed = new ArrayList<>();
    immediateSizes(t, witnessed);
    witnessed.sort(java.util.Comparator.comparingInt(Terms::nodes));
    List<SE[]> mapping = new ArrayList<>();
    for (SE e : witnessed) {
      if (mapping.stream().anyMatch(m -> SE.same(m[0], e))) continue;
      SE r = replaceKnown(e, mapping);
      if (SE.mentions(r, gone)) r = SE.var(st.unknownSize("d", outOfScope(r, gone, span)));
      mapping.add(new SE[] {e, r});
    }
    return unscopeTy(t, gone, mapping, new HashMap<>(), span);
  }

  private static String outOfScope(SE s, Set<VName> gone, Span span) {
    Set<VName> named = new LinkedHashSet<>();
    SE.vars(s, named);
    named.retainAll(gone);
    return Phrases.outOfScope(named.iterator().next().base(), span.relative());
  }

  /** The sizes of the arrays of a value of type {@code t} itself (not inside function types). */
  private static void immediateSizes(Ty t, List<SE> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Arr a -> { out.add(a.size()); immediateSizes(a.elem(), out); }
      case Ty.Rec r -> r.fields().values().forEach(x -> immediateSizes(x, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> immediateSizes(x, out)));
      case Ty.Prim p -> { }
      case Ty.Fun f -> { }
      case Ty.Named n -> { }
      case Ty.Var v -> { }
    }
  }

  private static int nodes(SE e) {
    int n = 1;
    for (SE k : SE.kids(SE.norm(e))) n += nodes(k);
    return n;
  }

  private static SE replaceKnown(SE e, List<SE[]> mapping) {
    for (SE[] m : mapping) if (SE.same(m[0], e)) return m[1];
    return SE.mapKids(SE.norm(e), k -> replaceKnown(k, mapping));
  }

  private Ty unscopeTy(Ty t, Set<VName> gone, List<SE[]> mapping, Map<String, SE> made, Span span) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> {
        SE s = a.size();
        if (SE.mentions(s, gone)) {
          SE r = replaceKnown(s, mapping);
          s = !SE.mentions(r, gone) ? r
              : made.computeIfAbsent(SE.show(Unify.normFully(r)), k -> SE.var(st.unknownSize("d", outOfScope(r, gone, span))));
        }
        yield new Ty.Arr(unscopeTy(a.elem(), gone, mapping, made, span), s, a.unique());
      }
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, unscopeTy(v, gone, mapping, made, span)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(x -> unscopeTy(x, gone, mapping, made, span)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Fun f -> new Ty.Fun(f.pname(), unscopeTy(f.param(), gone, mapping, made, span), f.exts(),
          unscopeTy(f.result(), gone, mapping, made, span));
      case Ty.Prim p -> t;
      case Ty.Named n -> t;
      case Ty.Var v -> t;
    };
  }

  // ---- loops --------------------------------------------------------------------------------

  private Res loop(Loop l, Ctx ctx) {
    Span span = l.span();
    Exp initExp = l.init() != null ? l.init() : patternAsExp(l.param());
    if (initExp == null) {
      st.error(TypeErrors.loopNeedsNames(l.param().span()));
      return new Res(fresh(), () -> placeholder(span));
    }
    Res init = check(initExp, ctx);
    structureFromBody(l, ctx, init, initExp);
    // As the reference does it (its Note [Loop size inference]): every size of the initial value's
    // type becomes a fresh flexible size of the parameter, the body is checked once, and each
    // position where the body's result differs is classified: the initial size again (invariant),
    // the current size of another parameter that started at the same size (invariant unless that
    // one is variant), or anything else (variant: an unknown size). The initial value must then
    // match at every invariant position.
    Map<Ty.Flex, SE> own = new LinkedHashMap<>();
    LoopPass pass = loopPass(l, ctx, init, () -> flexCopy(init.ty(), own), initExp);
    Set<String> ascribed = new HashSet<>();
    Pats.names(l.param(), (id, under) -> { if (under) ascribed.add(id.name()); }); // their diet is the declared one
    for (Pats.Bound b : pass.param().binds()) if (ascribed.contains(b.name())) st.ascribedLoopParams.add(b.v());
    impossibleLoopParam(pass.param(), l.param().span());
    shapeLike(pass.param().ty(), pass.body().ty(), st.level + 1);
    Set<VName> variant = loopVariance(pass.param().ty(), pass.body().ty(), own, l.body().span(), span);
    loopResult(pass.param().ty(), pass.body().ty(), variant, l.body().span(), span, List.of());
    loopInit(pass.param().ty(), init.ty(), variant, initExp.span(), init.ty(), new HashMap<>());
    Ty pt = pass.param().ty();
    Set<VName> gone = new HashSet<>();
    for (Pats.Bound b : pass.param().binds()) gone.add(b.v());
    Ty rt = unscope(pt, gone, span);
    LoopPass fin = pass;
    return new Res(rt, () -> {
      noFunction(fin.param().ty(), shown -> TypeErrors.functionLoopParameter(l.param().span(), shown));
      return new TExp.Loop(fin.param().build().get(), init.build().get(), fin.form().get(), fin.body().build().get(), zonk.type(rt), span);
    });
  }

  /**
   * A loop parameter's type cannot name an unknown size made inside the loop body (the body
   * unified a parameter's size with it): no initial value can have it.
   */
  private void impossibleLoopParam(Pats.PatRes param, Span span) {
    Ty paramTy = param.ty();
    // Nor can it name the loop parameters themselves (the body unified a size with one of them).
    Set<VName> own = new HashSet<>();
    for (Pats.Bound b : param.binds()) own.add(b.v());
    List<SE> sizes = new ArrayList<>();
    arraySizes(paramTy, sizes);
    for (SE e : sizes) {
      Set<VName> in = new LinkedHashSet<>();
      SE.vars(e, in);
      for (VName v : in) {
        if (own.contains(v)) {
          st.typeError(SizeErrors.loopParameterSizeOutOfScope(span, SE.show(e), v.base()));
        }
      }
    }
    Set<VName> vs = new LinkedHashSet<>();
    Unify.sizeVars(paramTy, vs);
    for (VName v : vs) {
      String origin = st.unknownSizes.get(v);
      Integer lvl = st.nameLevel.get(v);
      if (origin == null || lvl == null || lvl <= st.level) continue;
      st.typeError(SizeErrors.existentialInLoopParameter(span, Unify.show(paramTy), v.base(), origin));
    }
  }

  private static void arraySizes(Ty t, List<SE> out) {
    switch (Unify.resolve(t)) {
      case Ty.Arr a -> { out.add(SE.norm(a.size())); arraySizes(a.elem(), out); }
      case Ty.Rec r -> r.fields().values().forEach(x -> arraySizes(x, out));
      case Ty.Sum su -> su.constructors().values().forEach(l -> l.forEach(x -> arraySizes(x, out)));
      case Ty.Prim p -> { }
      case Ty.Fun f -> { }
      case Ty.Named n -> { }
      case Ty.Var v -> { }
    }
  }

  private record LoopPass(Pats.PatRes param, Supplier<TExp.LoopForm> form, Res body) {}

  /** Checks the loop's parameter (matching the type {@code paramType} makes), form and body. */
  private LoopPass loopPass(Loop l, Ctx ctx, Res init, Supplier<Ty> paramType, Exp initExp) {
    Span span = l.span();
    int saved = st.level;
    st.level++;
    try {
      Pats.PatRes p = pats.check(l.param(), fresh(), ctx, Pats.Mode.LOOP, Map.of());
      // An initial value known only by its constructors or fields takes the structure of the
      // parameter's ascribed type first, so that its sizes can be copied as the parameter's own.
      shapeLike(p.ty(), init.ty(), saved);
      Ty want = paramType.get();
      try {
        u.unify(p.ty(), want);
      } catch (Unify.Failure f) {
        // As the reference: a size mismatch (its second pass) at the initial value, a type
        // mismatch (its first) as the parameter pattern that cannot match the value.
        if (f.why.secondPass()) {
          report(initExp.span(), p.ty(), init.ty(), Contexts.initialLoopValues(), f);
        } else {
          st.typeError(TypeErrors.patternMismatch(l.param().span(), Pats.patText(l.param().span()),
              Unify.showAllUnsized(init.ty())[0], f.why));
        }
      }
      atMostSizeLifted(p.ty());
      Ctx inner = p.bindAll(ctx, st.level);
      Supplier<TExp.LoopForm> form;
      switch (l.form()) {
        case For f -> {
          Res bound = check(f.bound(), ctx);
          Ty it = freshPrims(Ty.INTS, Phrases.loopBound());
          unifyPlain(f.bound().span(), it, bound.ty(), Contexts.forLoopBound());
          VName iv = st.fresh(f.index());
          st.nameLevel.put(iv, st.level);
          inner = inner.bind(f.index(), new Env.Local(iv, it, st.level, null));
          form = () -> new TExp.LoopForm.For(iv, bound.build().get());
        }
        case ForIn f -> {
          Res arr = check(f.array(), ctx);
          Ty elem = fresh();
          Ty arrTy = new Ty.Arr(elem, new SE.F(new Ty.Flex(st.level, null)), false);
          try {
            u.unify(arrTy, arr.ty());
          } catch (Unify.Failure x) {
            // The reference words this one with the array type first.
            String[] shown = Unify.showAll(arrTy, arr.ty());
            st.typeError(TypeErrors.forInNotArray(f.array().span(), shown[0], shown[1], x.why));
          }
          Pats.PatRes ep = pats.check(f.element(), elem, ctx, Pats.Mode.ELEMENT, Map.of());
          inner = ep.bindAll(inner, st.level);
          form = () -> new TExp.LoopForm.ForIn(ep.build().get(), arr.build().get());
        }
        case While w -> {
          Res c = check(w.cond(), inner);
          if (!(Unify.resolve(c.ty()) instanceof Ty.Var) && !Unify.resolve(c.ty()).equals(Ty.BOOL)) {
            st.typeError(TypeErrors.whileConditionNotBool(w.cond().span(), Unify.show(c.ty())));
          } else {
            unifyPlain(w.cond().span(), Ty.BOOL, c.ty(), Contexts.whileCondition());
          }
          form = () -> new TExp.LoopForm.While(c.build().get());
        }
      }
      Res body = check(l.body(), inner);
      return new LoopPass(p, form, body);
    } finally {
      st.level = saved;
    }
  }

  /**
   * An initial value whose type is not known yet where the loop is checked (a parameter without a
   * type, first used as the loop's initial value) takes the structure the loop's body gives the
   * parameter, with sizes of its own: the reference infers every type before any size, so its
   * sizes are never the ones the body gives, and the loop sees them as variant or invariant by
   * its usual rule. The structure is learnt by checking the body once with a parameter unrelated
   * to the initial value, quietly (its errors are reported by the real check that follows).
   */
  private void structureFromBody(Loop l, Ctx ctx, Res init, Exp initExp) {
    if (!unknownStructure(init.ty())) return;
    int flexes = st.instFlexes.size(), sums = st.partialVars.size(), insts = st.tyInsts.size();
    st.quiet++;
    try {
      LoopPass trial = loopPass(l, ctx, init, this::fresh, initExp);
      shapeLike(trial.param().ty(), init.ty(), st.level);
      // A body that does not use the parameter as an array still gives the loop's structure.
      shapeLike(trial.body().ty(), init.ty(), st.level);
    } finally {
      st.quiet--;
      // What the trial instantiated is not the program's: only the real check's sizes must be determined.
      st.instFlexes.subList(flexes, st.instFlexes.size()).clear();
      st.partialVars.subList(sums, st.partialVars.size()).clear();
      st.tyInsts.subList(insts, st.tyInsts.size()).clear();
    }
  }

  /** Whether {@code t} is, or has in a record, sum or array element, a type variable not known to be a primitive. */
  private static boolean unknownStructure(Ty t) {
    return switch (Unify.resolve(t)) {
      case Ty.Var v -> v.prims == null;
      case Ty.Arr a -> unknownStructure(a.elem());
      case Ty.Rec r -> r.fields().values().stream().anyMatch(Terms::unknownStructure);
      case Ty.Sum s -> s.constructors().values().stream().anyMatch(ts -> ts.stream().anyMatch(Terms::unknownStructure));
      case Ty.Prim p -> false;
      case Ty.Fun f -> false;
      case Ty.Named n -> false;
    };
  }

  /** A copy of {@code t} with every array size a fresh flexible size, mapped in {@code made} to the size it replaces. */
  private Ty flexCopy(Ty t, Map<Ty.Flex, SE> made) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Arr a -> {
        Ty.Flex fl = new Ty.Flex(st.level, null);
        made.put(fl, a.size());
        yield new Ty.Arr(flexCopy(a.elem(), made), new SE.F(fl), false);
      }
      case Ty.Rec r -> {
        Map<String, Ty> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, flexCopy(v, made)));
        yield new Ty.Rec(m);
      }
      case Ty.Sum s -> {
        java.util.SortedMap<String, List<Ty>> m = new java.util.TreeMap<>();
        s.constructors().forEach((k, ts) -> m.put(k, ts.stream().map(x -> flexCopy(x, made)).toList()));
        yield new Ty.Sum(m);
      }
      case Ty.Prim p -> t;
      case Ty.Fun f -> t;
      case Ty.Named n -> t;
      case Ty.Var v -> t;
    };
  }

  /**
   * Where {@code t} is still a type variable (a constructor application, whose sum type is known
   * only by the constructors used, or a record known by its fields) at a position where
   * {@code model} has structure, makes it {@code model}'s type with fresh sizes of {@code level}, so
   * that a loop's sizes can be compared position by position, as the reference does by unifying
   * with the parameter's type with every size fresh. A failure is left to the caller's own
   * unification, which reports it.
   */
  private void shapeLike(Ty model, Ty t, int level) {
    Ty p = Unify.resolve(model), r = Unify.resolve(t);
    if (r instanceof Ty.Var) {
      if (p instanceof Ty.Var || p instanceof Ty.Prim) return;
      int saved = st.level;
      st.level = level;
      try {
        u.unify(flexCopy(p, new HashMap<>()), r);
      } catch (Unify.Failure f) {
        // reported by the caller's unification
      } finally {
        st.level = saved;
      }
      return;
    }
    if (p instanceof Ty.Arr pa && r instanceof Ty.Arr ra) {
      shapeLike(pa.elem(), ra.elem(), level);
    } else if (p instanceof Ty.Rec pr && r instanceof Ty.Rec rr && pr.fields().keySet().equals(rr.fields().keySet())) {
      for (var e : pr.fields().entrySet()) shapeLike(e.getValue(), rr.fields().get(e.getKey()), level);
    } else if (p instanceof Ty.Sum ps && r instanceof Ty.Sum rs && sameConstructors(ps, rs)) {
      payloadPairs(ps, rs, (a, b) -> shapeLike(a, b, level));
    }
  }

  /** Whether two sum types have the same constructors with the same numbers of payloads. */
  private static boolean sameConstructors(Ty.Sum a, Ty.Sum b) {
    if (!a.constructors().keySet().equals(b.constructors().keySet())) return false;
    for (var e : a.constructors().entrySet()) if (e.getValue().size() != b.constructors().get(e.getKey()).size()) return false;
    return true;
  }

  /** Calls {@code f} on each payload of {@code a} with the same payload of {@code b} ({@link #sameConstructors}). */
  private static void payloadPairs(Ty.Sum a, Ty.Sum b, java.util.function.BiConsumer<Ty, Ty> f) {
    for (var e : a.constructors().entrySet()) {
      List<Ty> bs = b.constructors().get(e.getKey());
      for (int i = 0; i < bs.size(); i++) f.accept(e.getValue().get(i), bs.get(i));
    }
  }

  /**
   * Classifies the loop's own flexible sizes against the body's result (see {@link #loop}) and
   * makes the variant ones unknown sizes, returned; the invariant ones become their initial sizes.
   */
  private Set<VName> loopVariance(Ty param, Ty result, Map<Ty.Flex, SE> own0, Span span, Span loop) {
    // The body may have linked a parameter's flexible size with another (an instantiated size
    // parameter of a call on it): classify by the flexible size each one now stands for.
    Map<Ty.Flex, SE> own = new LinkedHashMap<>();
    for (var e : own0.entrySet()) {
      if (SE.norm(new SE.F(e.getKey())) instanceof SE.F rep) own.putIfAbsent(rep.flex(), e.getValue());
    }
    Set<Ty.Flex> fresh = new LinkedHashSet<>();
    Map<Ty.Flex, Ty.Flex> copies = new LinkedHashMap<>();
    Set<Ty.Flex> same = new LinkedHashSet<>();
    classify(param, result, own, fresh, copies, same);
    Set<Ty.Flex> variantFlexes = new LinkedHashSet<>(fresh);
    boolean grew = true;
    while (grew) {
      grew = false;
      for (var c : copies.entrySet()) {
        if (variantFlexes.contains(c.getValue()) && variantFlexes.add(c.getKey())) grew = true;
      }
    }
    Set<VName> variant = new HashSet<>();
    for (Ty.Flex fl : variantFlexes) {
      if (fl.ref != null) continue;
      // Made inside the loop (one level deeper); a lower level means something outside the loop
      // was unified with it, so it cannot vary.
      if (fl.level <= st.level) {
        st.typeError(SizeErrors.loopVariantSizeEscapes(span));
      }
      VName d = st.unknownSize("loop", Phrases.loopResult(loop.relative()));
      variant.add(d);
      fl.ref = SE.var(d);
    }
    for (Ty.Flex fl : same) if (fl.ref == null) fl.ref = own.get(fl);
    for (Ty.Flex fl : copies.keySet()) if (fl.ref == null) fl.ref = own.get(fl);
    return variant;
  }

  private void classify(Ty param, Ty result, Map<Ty.Flex, SE> own, Set<Ty.Flex> fresh, Map<Ty.Flex, Ty.Flex> copies,
      Set<Ty.Flex> same) {
    Ty p = Unify.resolve(param), r = Unify.resolve(result);
    if (p instanceof Ty.Arr pa && r instanceof Ty.Arr ra) {
      SE ps = SE.norm(pa.size()), rs = SE.norm(ra.size());
      if (!SE.same(ps, rs) && ps instanceof SE.F pf && own.containsKey(pf.flex())) {
        SE initial = SE.norm(own.get(pf.flex()));
        if (SE.same(initial, rs)) same.add(pf.flex());
        else if (rs instanceof SE.F rf && own.containsKey(rf.flex()) && SE.same(initial, SE.norm(own.get(rf.flex())))) {
          copies.put(pf.flex(), rf.flex());
        } else fresh.add(pf.flex());
      }
      classify(pa.elem(), ra.elem(), own, fresh, copies, same);
    } else if (p instanceof Ty.Rec pr && r instanceof Ty.Rec rr && pr.fields().keySet().equals(rr.fields().keySet())) {
      for (var e : pr.fields().entrySet()) classify(e.getValue(), rr.fields().get(e.getKey()), own, fresh, copies, same);
    } else if (p instanceof Ty.Sum ps && r instanceof Ty.Sum rs && sameConstructors(ps, rs)) {
      payloadPairs(ps, rs, (a, b) -> classify(a, b, own, fresh, copies, same));
    }
  }

  /**
   * The body's result must have the parameter's type, except at loop-variant sizes: a size that
   * differs is reported at the body ({@code span}), a type that differs as the reference's first
   * pass does, at the whole loop ({@code loop}): "Cannot unify", the parameter's part first, and
   * the record fields it is in ({@code path}).
   */
  private void loopResult(Ty param, Ty result, Set<VName> variant, Span span, Span loop, List<String> path) {
    Ty p = Unify.resolve(param);
    Ty r = Unify.resolve(result);
    if (r instanceof Ty.Var) {
      loopLeaf(p, result, span, loop, path);
      return;
    }
    switch (p) {
      case Ty.Arr pa when r instanceof Ty.Arr ra -> {
        if (!(SE.norm(pa.size()) instanceof SE.V v && variant.contains(v.v()))) {
          try {
            u.unifySize(ra.size(), pa.size());
          } catch (Unify.Failure f) {
            report(span, param, result, Contexts.loopBody(), f);
            return;
          }
        }
        loopResult(pa.elem(), ra.elem(), variant, span, loop, path);
      }
      case Ty.Rec pr when r instanceof Ty.Rec rr && pr.fields().keySet().equals(rr.fields().keySet()) -> {
        for (var e : pr.fields().entrySet()) {
          List<String> inner = new ArrayList<>(path);
          inner.add(e.getKey());
          loopResult(e.getValue(), rr.fields().get(e.getKey()), variant, span, loop, inner);
        }
      }
      case Ty.Sum ps when r instanceof Ty.Sum rs && sameConstructors(ps, rs) ->
          payloadPairs(ps, rs, (a, b) -> loopResult(a, b, variant, span, loop, path));
      case Ty.Prim pr -> loopLeaf(p, r, span, loop, path);
      case Ty.Arr a -> loopLeaf(p, r, span, loop, path);
      case Ty.Rec re -> loopLeaf(p, r, span, loop, path);
      case Ty.Sum s -> loopLeaf(p, r, span, loop, path);
      case Ty.Fun f -> loopLeaf(p, r, span, loop, path);
      case Ty.Named n -> loopLeaf(p, r, span, loop, path);
      case Ty.Var v -> loopLeaf(p, r, span, loop, path);
    }
  }

  private void loopLeaf(Ty p, Ty r, Span span, Span loop, List<String> path) {
    try {
      u.unify(p, r);
    } catch (Unify.Failure f) {
      if (f.why.secondPass()) {
        report(span, p, r, Contexts.loopBody(), f);
        return;
      }
      String[] shown = f.expected != null ? Unify.showAllUnsized(f.expected, f.actual) : Unify.showAllUnsized(p, r);
      Message why = f.why;
      for (int i = path.size() - 1; i >= 0; i--) why = TypeMessages.inRecordField(why, path.get(i));
      st.typeError(TypeErrors.cannotUnify(loop, shown[0], shown[1], why));
    }
  }

  /** The initial value's type {@code i} unified with the parameter's {@code p}, a failure reported. */
  private void unifyInit(Ty p, Ty i, Ty param, Ty whole, Span span) {
    try {
      u.unify(p, i);
    } catch (Unify.Failure f) {
      report(span, param, whole, Contexts.initialLoopValues(), f);
    }
  }

  /** The initial value against the parameter's type: every size but the loop-variant ones must match. */
  private void loopInit(Ty param, Ty init, Set<VName> variant, Span span, Ty whole, Map<VName, SE> seen) {
    Ty p = Unify.resolve(param);
    Ty i = Unify.resolve(init);
    switch (p) {
      case Ty.Arr pa when i instanceof Ty.Arr ia -> {
        try {
          if (SE.norm(pa.size()) instanceof SE.V v && variant.contains(v.v())) {
            // A variant size may take any initial value, but the same one at each of its positions.
            SE before = seen.putIfAbsent(v.v(), ia.size());
            if (before != null) u.unifySize(ia.size(), before);
          } else {
            u.unifySize(ia.size(), pa.size());
          }
        } catch (Unify.Failure f) {
          report(span, param, whole, Contexts.initialLoopValues(), f);
          return;
        }
        loopInit(pa.elem(), ia.elem(), variant, span, whole, seen);
      }
      case Ty.Rec pr when i instanceof Ty.Rec ir && pr.fields().keySet().equals(ir.fields().keySet()) -> {
        for (var e : pr.fields().entrySet()) loopInit(e.getValue(), ir.fields().get(e.getKey()), variant, span, whole, seen);
      }
      case Ty.Sum ps when i instanceof Ty.Sum is && sameConstructors(ps, is) ->
          payloadPairs(ps, is, (a, b) -> loopInit(a, b, variant, span, whole, seen));
      case Ty.Prim pr -> unifyInit(p, i, param, whole, span);
      case Ty.Arr a -> unifyInit(p, i, param, whole, span);
      case Ty.Rec r -> unifyInit(p, i, param, whole, span);
      case Ty.Sum s -> unifyInit(p, i, param, whole, span);
      case Ty.Fun fu -> unifyInit(p, i, param, whole, span);
      case Ty.Named n -> unifyInit(p, i, param, whole, span);
      case Ty.Var v -> unifyInit(p, i, param, whole, span);
    }
  }

  /** {@code loop (x, y) for ...}: the initial value is the variables of the same names. */
  private static Exp patternAsExp(Pat p) {
    return switch (p) {
      case PId id -> new Var(List.of(), id.name(), id.span());
      case PTuple t -> {
        List<Exp> es = new ArrayList<>();
        for (Pat x : t.elements()) {
          Exp e = patternAsExp(x);
          if (e == null) yield null;
          es.add(e);
        }
        yield new TupleLit(es, t.span());
      }
      case PAscribe a -> patternAsExp(a.pattern());
      case PRecord r -> {
        List<Field> fs = new ArrayList<>();
        for (PField f : r.fields()) {
          Exp e = patternAsExp(f.pattern());
          if (e == null) yield null;
          fs.add(new Field(f.name(), e, f.span()));
        }
        yield new RecordLit(fs, r.span());
      }
      case PAttr a -> null;
      case PWild w -> null;
      case PLit l -> null;
      case PConstr c -> null;
    };
  }

  // ---- match --------------------------------------------------------------------------------

  private Res match(Match m, Ctx ctx) {
    Span span = m.span();
    Res scrut = check(m.scrutinee(), ctx);
    List<Pats.PatRes> ps = new ArrayList<>();
    List<Res> bodies = new ArrayList<>();
    Ty result = null;
    int saved = st.level;
    for (Case c : m.cases()) {
      st.level = saved + 1;
      try {
        Pats.PatRes p = pats.check(c.pattern(), scrut.ty(), ctx, Pats.Mode.MATCH, Map.of());
        Res body = check(c.body(), p.bindAll(ctx, st.level));
        Set<VName> gone = new HashSet<>();
        for (Pats.Bound b : p.binds()) gone.add(b.v());
        st.level = saved;
        Ty bt = unscope(body.ty(), gone, c.span());
        surface(bt);
        ps.add(p);
        bodies.add(new Res(bt, body.build()));
      } finally {
        st.level = saved;
      }
    }
    // As the reference, the cases' types are joined from the last one back: each case with the
    // join of those after it, sizes that differ made unknown at that case.
    for (int i = bodies.size() - 1; i >= 0; i--) {
      Ty bt = bodies.get(i).ty();
      result = result == null ? bt : joinBranches(bt, result, m.cases().get(i).span(), m.cases().get(i).span());
    }
    Ty rt = result;
    if (rt != null) atMostSizeLifted(rt);
    return new Res(rt, () -> {
      noFunction(rt, shown -> TypeErrors.matchReturnsFunction(span, shown));
      TExp s = scrut.build().get();
      List<TExp.Case> cases = new ArrayList<>();
      List<List<TPat>> rows = new ArrayList<>();
      for (int i = 0; i < ps.size(); i++) {
        TPat tp = ps.get(i).build().get();
        rows.add(List.of(tp));
        cases.add(new TExp.Case(tp, bodies.get(i).build().get()));
      }
      String missing = Exhaustiveness.missing(rows, List.of(s.type()));
      if (missing != null) {
        st.error(TypeErrors.unmatchedCases(span, missing));
      }
      return new TExp.Match(s, cases, zonk.type(rt), span);
    });
  }
}

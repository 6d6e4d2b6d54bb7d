package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Phrases;
import io.github.futhark4j.compiler.diag.SizeErrors;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The causality check of the reference (its {@code causalityCheck}): a size computed by evaluating
 * an expression (an unknown size: the existential result of an application, a size going out of
 * scope, a loop's or a slice's size) cannot be needed before that expression has been evaluated,
 * since nothing could know it then. Runs on a top-level definition after inference, walking the
 * parsed body in the reference's order of evaluation (an application's arguments from the last to
 * the first, then the function; a binary operator's left operand, then the right, then the
 * operator; a {@code let}'s value before its body) and checking the types of the expressions that
 * must know their sizes where they are: variables, operator and projection sections, empty arrays,
 * holes, lambda parameters and constructors. Checking records what it needs in a {@link Trace}.
 */
final class Causality {
  private final TcState st;

  Causality(TcState st) {
    this.st = st;
  }

  /**
   * What checking one top-level definition leaves for the causality check: the types of the
   * expressions and lambda parameters it looks at, and which expression made each unknown size.
   */
  static final class Trace {
    private final Map<Object, Ty> types = new IdentityHashMap<>();
    private final Map<Object, List<VName>> made = new IdentityHashMap<>();
    private final Map<VName, Span> madeAt = new java.util.HashMap<>();
    private final Deque<Exp> checking = new ArrayDeque<>();

    /** The checker starts (or ends) checking {@code e}: unknown sizes made meanwhile are its. */
    void enter(Exp e) { checking.push(e); }

    void leave() { checking.pop(); }

    /** An unknown size made while checking the innermost expression being checked. */
    void made(VName v) {
      Exp e = checking.peek();
      if (e == null) return;
      made.computeIfAbsent(e, k -> new ArrayList<>()).add(v);
      madeAt.put(v, e.span());
    }

    /** The uses of the definition's own name in its body (a recursive function), for {@link Recursion}. */
    final Set<Exp> recursive = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** The local variable each variable expression names. */
    final Map<Exp, VName> resolved = new IdentityHashMap<>();

    void recursive(Exp e) { recursive.add(e); }

    void resolved(Exp e, VName v) { resolved.put(e, v); }

    /** The type of an expression or parameter pattern the check looks at. */
    void type(Object node, Ty t) {
      if (node != null && t != null) types.put(node, t);
    }
  }

  /** A causality violation: reported as the first one found. */
  private static final class Violation extends RuntimeException {
    Violation() { super(null, null, false, false); }
  }

  private Trace trace;

  /** Checks the body of a top-level definition with what its checking recorded. */
  void check(Exp body, Trace t) {
    trace = t;
    try {
      walk(body, Set.of());
    } catch (Violation v) {
      // reported
    } finally {
      trace = null;
    }
  }

  /** Walks {@code e} with the unknown sizes {@code known} computed before it; returns those it computes. */
  private Set<VName> walk(Exp e, Set<VName> known) {
    Set<VName> out = new LinkedHashSet<>();
    switch (e) {
      case Var v -> need(e, Phrases.quoted(v.full()), known);
      case Project p when trace.types.containsKey(p) -> need(e, Phrases.quoted(p.span().text()), known);
      case OpSection s -> need(e, Phrases.operatorSection(), known);
      case LeftSection s -> {
        need(e, Phrases.operatorSection(), known);
        out.addAll(walk(s.left(), known));
      }
      case RightSection s -> {
        need(e, Phrases.operatorSection(), known);
        out.addAll(walk(s.right(), known));
      }
      case ProjectSection s -> need(e, Phrases.projectionSection(), known);
      case IndexSection s -> {
        need(e, Phrases.projectionSection(), known);
        indices(s.indices(), known, out);
      }
      case ArrayLit a when a.elements().isEmpty() -> need(e, Phrases.emptyArray(), known);
      case Hole h -> need(e, Phrases.hole(), known);
      case Lambda l -> {
        for (Pat p : l.params()) need(p, paramText(p), known);
        // Sizes coming into existence in the body are not known outside it.
        walk(l.body(), known);
      }
      case Loop l -> {
        // The loop's sizes name its parameter's sizes inside the body, where they are known.
        Set<VName> inner = known;
        if (l.init() != null) inner = union(inner, walk(l.init(), known));
        switch (l.form()) {
          case ForIn f -> inner = union(inner, walk(f.array(), known));
          case For f -> inner = union(inner, walk(f.bound(), known));
          case While w -> { }
        }
        List<VName> mine = trace.made.get(e);
        if (mine != null) inner = union(inner, new HashSet<>(mine));
        if (l.form() instanceof While w) walk(w.cond(), inner);
        walk(l.body(), inner);
      }
      case LetPat l -> {
        Set<VName> x = walk(l.value(), known);
        out.addAll(x);
        out.addAll(walk(l.body(), union(known, x)));
      }
      case Match m -> {
        Set<VName> s = walk(m.scrutinee(), known);
        out.addAll(s);
        Set<VName> inner = union(known, s);
        for (Case c : m.cases()) out.addAll(walk(c.body(), inner));
      }
      case Apply a -> {
        List<Exp> args = new ArrayList<>();
        Exp head = a;
        while (head instanceof Apply ap) {
          args.add(ap.arg());
          head = ap.function();
        }
        // args is now last argument first, the order in which the reference evaluates them.
        Set<VName> acc = new HashSet<>(known);
        for (Exp arg : args) {
          Set<VName> x = walk(arg, acc);
          acc.addAll(x);
          out.addAll(x);
        }
        walk(head, acc);
      }
      case Constr c -> {
        Set<VName> acc = new HashSet<>(known);
        for (Exp x : c.payload()) {
          Set<VName> n = walk(x, acc);
          acc.addAll(n);
          out.addAll(n);
        }
        need(e, Phrases.constructor(c.name()), acc);
      }
      case BinOp b -> {
        Set<VName> x = walk(b.left(), known);
        Set<VName> y = walk(b.right(), union(known, x));
        out.addAll(x);
        out.addAll(y);
        walk(b.op(), union(union(known, x), y));
      }
      case IntLit i -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case FloatLit f -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case BoolLit b -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case StringLit s -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Project p -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case TupleLit t -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case RecordLit r -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case ArrayLit a -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Range r -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Index i -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Negate n -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Not n -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Ascribe a -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Coerce c -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case If i -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case LetFun l -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case LetUpdate l -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Attr a -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Assert a -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case Update u -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case RecordUpdate r -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
      case LocalOpen l -> { for (Exp k : Ast.subExps(e)) out.addAll(walk(k, known)); }
    }
    List<VName> mine = trace.made.get(e);
    if (mine != null) out.addAll(mine);
    return out;
  }

  /** A lambda parameter as the reference shows it: a name (or _) with its type, else the pattern. */
  private String paramText(Pat p) {
    Pat inner = p instanceof PAscribe a ? a.pattern() : p;
    String name = inner instanceof PId id ? id.name() : inner instanceof PWild ? "_" : null;
    Ty t = trace.types.get(p);
    return name != null && t != null ? "(" + name + ": " + Unify.show(t) + ")" : Terms.oneLine(p.span().text());
  }

  private void indices(List<DimIndex> is, Set<VName> known, Set<VName> out) {
    for (DimIndex d : is) {
      switch (d) {
        case Fix f -> out.addAll(walk(f.index(), known));
        case Slice s -> {
          if (s.start() != null) out.addAll(walk(s.start(), known));
          if (s.end() != null) out.addAll(walk(s.end(), known));
          if (s.stride() != null) out.addAll(walk(s.stride(), known));
        }
      }
    }
  }

  private static Set<VName> union(Set<VName> a, Set<VName> b) {
    if (b.isEmpty()) return a;
    Set<VName> s = new HashSet<>(a);
    s.addAll(b);
    return s;
  }

  /** The size variables of {@code t} not bound in it (by a named parameter or an existential of a function type). */
  private static void freeSizes(Ty t, Set<VName> bound, Set<VName> out) {
    t = Unify.resolve(t);
    switch (t) {
      case Ty.Arr a -> {
        Set<VName> vs = new LinkedHashSet<>();
        SE.vars(a.size(), vs);
        for (VName v : vs) if (!bound.contains(v)) out.add(v);
        freeSizes(a.elem(), bound, out);
      }
      case Ty.Rec r -> r.fields().values().forEach(x -> freeSizes(x, bound, out));
      case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(x -> freeSizes(x, bound, out)));
      case Ty.Fun f -> {
        Set<VName> inner = new HashSet<>(bound);
        if (f.pname() != null) inner.add(f.pname());
        freeSizes(f.param(), inner, out);
        inner.addAll(f.exts());
        freeSizes(f.result(), inner, out);
      }
      case Ty.Named n -> {
        Set<VName> vs = new LinkedHashSet<>();
        Unify.sizeVars(n, vs);
        for (VName v : vs) if (!bound.contains(v)) out.add(v);
      }
      case Ty.Prim p -> { }
      case Ty.Var v -> { }
    }
  }

  /** The type recorded for {@code node} must not need an unknown size not yet computed. */
  private void need(Object node, String what, Set<VName> known) {
    Ty t = trace.types.get(node);
    if (t == null) return;
    Set<VName> vs = new LinkedHashSet<>();
    freeSizes(t, Set.of(), vs);
    // A section's own sizes (of a slice it makes, say) are those of its result, computed when it
    // is applied.
    List<VName> own = node instanceof Exp x && !(x instanceof Var) ? trace.made.get(x) : null;
    for (VName v : vs) {
      if (own != null && own.contains(v)) continue;
      Span at = trace.madeAt.get(v);
      if (at == null || known.contains(v)) continue;
      Span where = node instanceof Exp x ? x.span() : ((Pat) node).span();
      st.typeError(SizeErrors.causality(where, v.base(), what, Unify.show(t), at.relative()));
      throw new Violation();
    }
  }
}

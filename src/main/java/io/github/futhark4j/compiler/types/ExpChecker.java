package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.syntax.Lexer;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Type inference for expressions. Checking happens in two phases: {@link #check} infers a
 * {@link Ty} for each node (unifying as it goes) and returns a {@link Res} whose builder makes the
 * checked {@link TExp} later, once the enclosing top-level definition is fully inferred and every
 * inference variable is resolved. The builders remove the sugar (sections, pipes, operators).
 */
abstract class ExpChecker extends BindingChecker {
  /** Records, for dependency order, which top-level definitions the current one uses. */
  protected Set<VName> currentDeps = new HashSet<>();

  ExpChecker(List<Diagnostic> diags) {
    super(diags);
  }

  Res check(Exp e) {
    Span span = e.span();
    switch (e) {
      case IntLit l -> { return literal(l, false); }
      case FloatLit l -> { return literal(l, false); }
      case BoolLit l -> { return literal(l, false); }
      case StringLit s -> {
        byte[] bytes = Lexer.utf8(s.value());
        Ty t = new Ty.Arr(new Ty.Prim(PrimType.U8), new Sz.Const(bytes.length), false);
        return new Res(t, () -> {
          List<TExp> elems = new ArrayList<>();
          for (byte b : bytes) elems.add(new TExp.Literal(PrimValue.ofInt(PrimType.U8, b & 0xFF), Type.prim(PrimType.U8), span));
          return new TExp.ArrayLit(elems, Unifier.zonk(t), span);
        });
      }
      case Var v -> { return checkVar(v.full(), v.qualifiers().isEmpty(), span); }
      case Project p -> {
        String q = qualified(p);
        if (q != null) {
          String head = q.substring(0, q.indexOf('.'));
          if (lookup(head) == null && (isModule(head) || head.equals("intrinsics"))) return checkVar(q, false, span);
        }
        return project(check(p.record()), p.field(), span);
      }
      case TupleLit t -> {
        List<Res> rs = t.elements().stream().map(this::check).toList();
        // A function's result tuple: its components' aliases, while the names bound by the
        // enclosing lets are still in scope (see BindingChecker.checkResultAliases).
        if (resultTuples.containsKey(t)) resultTuples.put(t, t.elements().stream().map(this::aliasesOf).toList());
        Ty ty = Ty.tuple(rs.stream().map(Res::ty).toList());
        return new Res(ty, () -> {
          Map<String, TExp> m = new LinkedHashMap<>();
          for (int i = 0; i < rs.size(); i++) m.put(Integer.toString(i), rs.get(i).build().get());
          return new TExp.RecordLit(m, Unifier.zonk(ty), span);
        });
      }
      case RecordLit r -> {
        Map<String, Res> rs = new LinkedHashMap<>();
        for (Field f : r.fields()) {
          Res fr = f.value() != null ? check(f.value()) : checkVar(f.name(), true, f.span());
          if (rs.put(f.name(), fr) != null) error(Diagnostics.duplicate(f.span(), "field", f.name()));
        }
        Ty ty = new Ty.Rec(Unifier.mapValues(new LinkedHashMap<>(rs), x -> x).entrySet().stream()
            .collect(LinkedHashMap::new, (m, en) -> m.put(en.getKey(), en.getValue().ty()), Map::putAll));
        return new Res(ty, () -> {
          Map<String, TExp> m = new LinkedHashMap<>();
          rs.forEach((k, v) -> m.put(k, v.build().get()));
          return new TExp.RecordLit(m, Unifier.zonk(ty), span);
        });
      }
      case ArrayLit a -> {
        Ty elem = new Ty.Var();
        List<Res> rs = new ArrayList<>();
        for (Exp x : a.elements()) {
          Res r = check(x);
          unifyOrReport(x.span(), elem, r.ty(), "Array elements have different types");
          rs.add(r);
        }
        Ty ty = new Ty.Arr(elem, new Sz.Const(rs.size()), false);
        return new Res(ty, () -> {
          Type zt = Unifier.zonk(ty);
          FunctionalChecks.array(zt, span, this::error);
          return new TExp.ArrayLit(rs.stream().map(r -> r.build().get()).toList(), zt, span);
        });
      }
      case Range r -> {
        Ty t = new Ty.Var(Ty.INTS, "A range");
        Res s = check(r.start());
        unifyOrReport(r.start().span(), t, s.ty(), "Range start must be an integer");
        Res sec = r.second() == null ? null : check(r.second());
        if (sec != null) unifyOrReport(r.second().span(), t, sec.ty(), "Range elements have different types");
        Res end = check(r.end());
        unifyOrReport(r.end().span(), t, end.ty(), "Range end has a different type than its start");
        // 0..<n has n elements; other ranges have sizes only known at run time.
        Sz size = r.kind() == RangeKind.UP_TO_EXCLUSIVE && r.second() == null && r.start() instanceof IntLit z
            && z.value().signum() == 0 && Unifier.resolve(t) instanceof Ty.Prim tp && tp.prim() == PrimType.I64
            ? sizeOfArg(r.end()) : Sz.UNKNOWN;
        Ty ty = new Ty.Arr(t, size, true);
        TExp.RangeKind kind = TExp.RangeKind.valueOf(r.kind().name());
        return new Res(ty, () -> new TExp.Range(s.build().get(), sec == null ? null : sec.build().get(), end.build().get(),
            kind, Unifier.zonk(ty), span));
      }
      case Index ix -> {
        Res a = check(ix.array());
        List<Supplier<TExp.DimIndex>> idx = checkIndices(ix.indices());
        Ty ty = indexType(a.ty(), ix.indices(), 0, span);
        return new Res(ty, () -> new TExp.Index(a.build().get(), idx.stream().map(Supplier::get).toList(), Unifier.zonk(ty), span));
      }
      case BinOp b -> { return checkBinOp(b); }
      case Apply a -> {
        List<Exp> args = new ArrayList<>();
        Exp head = a;
        while (head instanceof Apply ap) {
          args.add(0, ap.arg());
          head = ap.function();
        }
        return checkApply(head, args, span);
      }
      case Negate n -> {
        if (n.exp() instanceof IntLit || n.exp() instanceof FloatLit) return literal(n.exp(), true);
        Res r = check(n.exp());
        Ty t = new Ty.Var(Ty.NUMS, "Prefix '-'");
        unifyOrReport(span, t, r.ty(), "Negation needs a number");
        return new Res(t, () -> new TExp.UnOp(TExp.UnOperator.NEG, r.build().get(), Unifier.zonk(t), span));
      }
      case Not n -> {
        Res r = check(n.exp());
        EnumSet<PrimType> ok = EnumSet.copyOf(Ty.INTS);
        ok.add(PrimType.BOOL);
        Ty t = new Ty.Var(ok, "Prefix '!'");
        unifyOrReport(span, t, r.ty(), "'!' needs a bool or an integer");
        return new Res(t, () -> {
          Type zt = Unifier.zonk(t);
          TExp.UnOperator op = zt.equals(Type.BOOL) ? TExp.UnOperator.NOT : TExp.UnOperator.COMPLEMENT;
          return new TExp.UnOp(op, r.build().get(), zt, span);
        });
      }
      case Constr c -> {
        List<Res> rs = c.payload().stream().map(this::check).toList();
        Ty.Var v = new Ty.Var();
        v.constructors = new TreeMap<>(Map.of(c.name(), rs.stream().map(Res::ty).toList()));
        return new Res(v, () -> new TExp.Constr(c.name(), rs.stream().map(r -> r.build().get()).toList(), Unifier.zonk(v), span));
      }
      case Ascribe a -> {
        Res r = check(a.exp());
        // The anonymous sizes of an array literal's ascription must be known when it is built.
        causalAscription = a.exp() instanceof ArrayLit;
        Ty t;
        try {
          t = convertType(a.type(), AnonDims.INFER);
        } finally {
          causalAscription = false;
        }
        unifyOrReport(span, t, r.ty(), "Expression does not have the type it is ascribed");
        return new Res(t, r.build());
      }
      case Coerce c -> {
        Res r = check(c.exp());
        Ty t = convertType(c.type(), AnonDims.INFER);
        // Only the shape must agree: the coerced value keeps its own sizes (fresh flexible ones here).
        unifyOrReport(span, SizeChecks.copy(t, s -> new Sz.Flex()), r.ty(), "Size coercion changes more than sizes");
        return new Res(t, () -> new TExp.Coerce(r.build().get(), Unifier.zonk(t), span));
      }
      case If i -> {
        Res c = check(i.cond());
        unifyOrReport(i.cond().span(), Ty.BOOL, c.ty(), "Condition of 'if' must be bool");
        Map<VName, Span> before = new HashMap<>(consumed);
        Res a = check(i.then());
        Map<VName, Span> afterThen = consumed;
        consumed = new HashMap<>(before);
        Res b = check(i.otherwise());
        consumed.putAll(afterThen);
        unifyBranches(i.otherwise().span(), a.ty(), b.ty(), "Branches of 'if' have different types");
        return new Res(SizeChecks.join(a.ty(), b.ty()), () -> {
          TExp ta = a.build().get(), tb = b.build().get();
          FunctionalChecks.branch(ta.type(), span, this::error);
          return new TExp.If(c.build().get(), ta, tb, join(ta.type(), tb.type()), span);
        });
      }
      case LetPat l -> { return checkLetPat(l); }
      case LetFun l -> { return checkLetFun(l); }
      case LetUpdate l -> {
        Exp upd = new Update(new Var(List.of(), l.name(), l.nameSpan()), l.indices(), l.value(), l.span());
        return checkLetPat(new LetPat(List.of(), new PId(l.name(), l.nameSpan()), upd, l.body(), span));
      }
      case Lambda l -> { return checkLambda(l); }
      case OpSection s when isSyntacticOp(s.op()) -> {
        return check(new Lambda(List.of(secParam(0, span), secParam(1, span)), null,
            new BinOp(s.op(), secArg(0, span), secArg(1, span), span), span));
      }
      case LeftSection s when isSyntacticOp(s.op()) -> {
        return check(new Lambda(List.of(secParam(1, span)), null, new BinOp(s.op(), s.left(), secArg(1, span), span), span));
      }
      case RightSection s when isSyntacticOp(s.op()) -> {
        return check(new Lambda(List.of(secParam(0, span)), null, new BinOp(s.op(), secArg(0, span), s.right(), span), span));
      }
      case OpSection s -> { return checkApply(s.op(), List.of(), span); }
      case LeftSection s -> { return checkApply(s.op(), List.of(s.left()), span); }
      case RightSection s -> {
        // (op e) is \x -> x op e
        Res opR = operatorHead(s.op());
        Res arg = check(s.right());
        Ty x = new Ty.Var(), r = new Ty.Var();
        unifyOrReport(span, new Ty.Fun(null, x, new Ty.Fun(null, arg.ty(), r)), opR.ty(), "Operator section has the wrong type");
        Ty ty = new Ty.Fun(null, x, r);
        return new Res(ty, () -> {
          VName v = fresh("x");
          Type xt = Unifier.zonk(x);
          TExp body = callOperator(opR, List.of(new TExp.Var(v, xt, Map.of(), span), arg.build().get()), span);
          return new TExp.Lambda(List.of(new TPat.Id(v, xt, span)), body, Unifier.zonk(ty), span);
        });
      }
      case ProjectSection s -> {
        Ty x = new Ty.Var();
        VName v = fresh("r");
        Res cur = new Res(x, () -> new TExp.Var(v, Unifier.zonk(x), Map.of(), span));
        for (String f : s.fields()) cur = project(cur, f, span);
        Res body = cur;
        Ty ty = new Ty.Fun(null, x, body.ty());
        return new Res(ty, () -> new TExp.Lambda(List.of(new TPat.Id(v, Unifier.zonk(x), span)), body.build().get(), Unifier.zonk(ty), span));
      }
      case IndexSection s -> {
        Ty x = new Ty.Var();
        VName v = fresh("a");
        List<Supplier<TExp.DimIndex>> idx = checkIndices(s.indices());
        Ty rt = indexType(x, s.indices(), 0, span);
        Ty ty = new Ty.Fun(null, x, rt);
        return new Res(ty, () -> {
          Type xt = Unifier.zonk(x);
          TExp body = new TExp.Index(new TExp.Var(v, xt, Map.of(), span), idx.stream().map(Supplier::get).toList(), Unifier.zonk(rt), span);
          return new TExp.Lambda(List.of(new TPat.Id(v, xt, span)), body, Unifier.zonk(ty), span);
        });
      }
      case Loop l -> { return checkLoop(l); }
      case Attr a -> {
        Res r = check(a.exp());
        return new Res(r.ty(), () -> {
          TExp b = r.build().get();
          return new TExp.Attr(a.attribute(), b, b.type(), span);
        });
      }
      case Assert a -> {
        Res c = check(a.cond());
        unifyOrReport(a.cond().span(), Ty.BOOL, c.ty(), "Assertion must be bool");
        Res b = check(a.body());
        String desc = a.cond().span().source().text().substring(a.cond().span().start(), a.cond().span().end());
        return new Res(b.ty(), () -> {
          TExp tb = b.build().get();
          return new TExp.Assert(c.build().get(), tb, desc, tb.type(), span);
        });
      }
      case Update u -> {
        Res a = check(u.array());
        List<Supplier<TExp.DimIndex>> idx = checkIndices(u.indices());
        Ty elemTy = indexType(a.ty(), u.indices(), 0, span);
        Res v = check(u.value());
        unifyOrReport(u.value().span(), elemTy, v.ty(), "The value of an update does not match the array's elements");
        consume(u.array(), span);
        return new Res(a.ty(), () -> {
          TExp ta = a.build().get();
          return new TExp.Update(ta, idx.stream().map(Supplier::get).toList(), v.build().get(), ta.type(), span);
        });
      }
      case RecordUpdate u -> {
        Res r = check(u.record());
        // As in the reference, the record's full type must be known where it is updated: the
        // fields it does not mention would otherwise be guessed.
        boolean lambdaParam = u.record() instanceof Var rv && rv.qualifiers().isEmpty()
            && lookup(rv.name()) instanceof LocalB lb && lambdaParams.contains(lb.v());
        if (Unifier.resolve(r.ty()) instanceof Ty.Var && !lambdaParam) {
          error(Diagnostics.recordTypeUnknown(u.record().span(),
              u.record() instanceof Var rv ? rv.full() : "the updated record"));
        }
        Res cur = new Res(r.ty(), null);
        for (String f : u.path()) cur = project(cur, f, span);
        Res v = check(u.value());
        unifyOrReport(u.value().span(), cur.ty(), v.ty(), "The value of a record update does not match the field");
        return new Res(r.ty(), () -> new TExp.RecordUpdate(r.build().get(), u.path(), v.build().get(), Unifier.zonk(r.ty()), span));
      }
      case Match m -> { return checkMatch(m); }
      case LocalOpen o -> {
        String target = resolveModule(o.module());
        if (!modules.contains(target)) {
          error(Diagnostics.unknownName(span, o.module()));
          return check(o.exp());
        }
        String saved = modulePrefix;
        modulePrefix = target + ".";
        try {
          return check(o.exp());
        } finally {
          modulePrefix = saved;
        }
      }
      case Hole h -> {
        // Compiles to a run-time error when evaluated; its type is whatever the context needs.
        Ty t = new Ty.Var();
        return new Res(t, () -> Holes.hole(Unifier.zonk(t), span, this::fresh));
      }
    }
  }

  // ---- names ----------------------------------------------------------------------------------

  Res checkVar(String name, boolean unqualified, Span span) {
    if (name.startsWith("intrinsics.")) {
      String in = name.substring("intrinsics.".length());
      Ty t = IntrinsicTypes.instantiate(this, in);
      if (t == null) {
        error(Diagnostics.unknownName(span, name));
        return new Res(new Ty.Var(), () -> new TExp.RecordLit(Map.of(), Type.UNIT, span));
      }
      return new Res(t, () -> new TExp.Intrinsic(in, Unifier.zonk(t), span));
    }
    Binding b = lookup(name);
    switch (b) {
      case LocalB l -> {
        checkNotConsumed(l, name, span);
        return new Res(l.ty(), () -> new TExp.Var(l.v(), Unifier.zonk(l.ty()), Map.of(), span));
      }
      case FunB f -> {
        // Type and size parameters of a local function are instantiated per use, as for top-level ones.
        return use(name, f.v(), f.typeParams(), f.sizeParams(), f.ty(), f.arity(), true, span);
      }
      case TopB t -> {
        currentDeps.add(t.v());
        return use(name, t.v(), t.typeParams(), t.sizeParams(), t.ty(), t.arity(), false, span);
      }
      case null -> {
        if (BuiltinOps.isBuiltin(name)) return checkApply(new Var(List.of(), name, span), List.of(), span);
        error(Diagnostics.unknownName(span, name));
        Ty t = new Ty.Var();
        return new Res(t, () -> new TExp.RecordLit(Map.of(), Type.UNIT, span));
      }
    }
  }

  /**
   * A use of a (top-level or local) function or definition: fresh type and size parameters, the
   * function's own existential sizes made fresh (except for a definition without parameters, whose
   * every use is the same value), and the checks that need the resolved types.
   * {@code local} type parameters carry their equality constraint ({@code ==} on them) to the use.
   */
  private Res use(String name, VName v, List<String> typeParams, List<VName> sizeParams, Ty fty, int arity,
                  boolean local, Span span) {
    Map<String, Ty> inst = new LinkedHashMap<>();
    for (String p : typeParams) {
      Ty.Var tv = new Ty.Var();
      if (local) tv.equality = equalityParams.contains(p);
      inst.put(p, tv);
    }
    Map<VName, Sz> sizes = new HashMap<>();
    for (VName s : sizeParams) sizes.put(s, new Sz.Flex());
    Ty ty0 = inst.isEmpty() && sizes.isEmpty() ? fty : Unifier.subst(fty, inst, sizes);
    Ty ty = !local && arity == 0 ? ty0 : SizeChecks.instantiate(ty0, functionSizes.getOrDefault(fty, Set.of()));
    Runnable ambiguity = ambiguityCheck(name, sizeParams, sizes, fty, arity, span);
    return new Res(ty, () -> {
      ambiguity.run();
      Map<String, Type> args = new LinkedHashMap<>();
      inst.forEach((k, t) -> args.put(k, Unifier.zonk(t)));
      FunctionalChecks.instantiation(name, args, liftedParams.getOrDefault(v, Set.of()), span, this::error);
      return new TExp.Var(v, Unifier.zonk(ty), args, span);
    });
  }

  private Res project(Res r, String field, Span span) {
    Ty t = Unifier.resolve(r.ty());
    Ty ft;
    switch (t) {
      case Ty.Rec rec -> {
        ft = rec.fields().get(field);
        if (ft == null) {
          error(Diagnostics.noSuchField(span, field, Unifier.show(t)));
          ft = new Ty.Var();
        }
      }
      case Ty.Var v -> {
        if (v.fields == null) v.fields = new LinkedHashMap<>();
        ft = v.fields.computeIfAbsent(field, k -> new Ty.Var());
      }
      default -> {
        error(Diagnostics.noSuchField(span, field, Unifier.show(t)));
        ft = new Ty.Var();
      }
    }
    Ty fty = ft;
    if (r.build() == null) return new Res(fty, null);
    return new Res(fty, () -> new TExp.Project(r.build().get(), field, Unifier.zonk(fty), span));
  }

  // ---- indexing -------------------------------------------------------------------------------

  private List<Supplier<TExp.DimIndex>> checkIndices(List<DimIndex> idx) {
    List<Supplier<TExp.DimIndex>> out = new ArrayList<>();
    for (DimIndex d : idx) {
      switch (d) {
        case Fix f -> {
          Res r = checkI64(f.index());
          out.add(() -> new TExp.DimIndex.Fix(r.build().get()));
        }
        case Slice s -> {
          Res a = s.start() == null ? null : checkI64(s.start());
          Res b = s.end() == null ? null : checkI64(s.end());
          Res c = s.stride() == null ? null : checkI64(s.stride());
          out.add(() -> new TExp.DimIndex.Slice(a == null ? null : a.build().get(), b == null ? null : b.build().get(),
              c == null ? null : c.build().get()));
        }
      }
    }
    return out;
  }

  private Res checkI64(Exp e) {
    Res r = check(e);
    unifyOrReport(e.span(), Ty.I64, r.ty(), "Array index must be of type i64");
    return r;
  }

  private Ty indexType(Ty t, List<DimIndex> idx, int i, Span span) {
    if (i == idx.size()) return t;
    Ty rt = Unifier.resolve(t);
    if (rt instanceof Ty.Var) {
      Ty.Arr a = new Ty.Arr(new Ty.Var(), new Sz.Flex(), false);
      unifyOrReport(span, a, rt, "Indexed value is not an array");
      rt = a;
    }
    if (!(rt instanceof Ty.Arr a)) {
      error(Diagnostics.badIndex(span, Unifier.show(t), idx.size()));
      return new Ty.Var();
    }
    Ty rest = indexType(a.elem(), idx, i + 1, span);
    return idx.get(i) instanceof Fix ? rest : new Ty.Arr(rest, Sz.UNKNOWN, false);
  }

  // ---- operators and application --------------------------------------------------------------

  private Res checkBinOp(BinOp b) {
    String op = b.op().full();
    Span span = b.span();
    switch (op) {
      case "|>" -> { if (lookup(op) == null) return checkApply(b.right(), List.of(b.left()), span); }
      case "<|" -> { if (lookup(op) == null) return checkApply(b.left(), List.of(b.right()), span); }
      case ">->", "<-<" -> {
        if (lookup(op) == null) {
          Res f = check(op.equals(">->") ? b.left() : b.right());
          Res g = check(op.equals(">->") ? b.right() : b.left());
          Ty x = new Ty.Var(), y = new Ty.Var(), z = new Ty.Var();
          unifyOrReport(b.left().span(), new Ty.Fun(null, x, y), f.ty(), "Function composition needs a function");
          unifyOrReport(b.right().span(), new Ty.Fun(null, y, z), g.ty(), "Function composition needs functions that fit");
          if (SizeChecks.existentialResult(y)) {
            error(io.github.futhark4j.compiler.diag.SizeDiagnostics.existentialInParameter(span, Unifier.show(y)));
          }
          Ty ty = new Ty.Fun(null, x, z);
          return new Res(ty, () -> {
            VName v = fresh("x");
            Type xt = Unifier.zonk(x);
            TExp fx = buildCall(calleeOf(f.build().get()), List.of(new TExp.Var(v, xt, Map.of(), span)),
                peel(Unifier.zonk(f.ty()), 1), span);
            TExp gfx = buildCall(calleeOf(g.build().get()), List.of(fx), peel(Unifier.zonk(g.ty()), 1), span);
            return new TExp.Lambda(List.of(new TPat.Id(v, xt, span)), gfx, Unifier.zonk(ty), span);
          });
        }
      }
      default -> { }
    }
    return checkApply(b.op(), List.of(b.left(), b.right()), span);
  }

  /**
   * The pipe and composition operators are not functions of the prelude but are checked as syntax
   * (so sizes and consumption flow through them as through an application). Used as values or in
   * sections, they become a lambda around that syntax. The parameter names end in primes after a
   * character no user identifier has there, so they cannot capture a variable of the section.
   */
  private boolean isSyntacticOp(Var op) {
    return op.qualifiers().isEmpty() && SYNTACTIC_OPS.contains(op.name()) && lookup(op.full()) == null;
  }

  private static final Set<String> SYNTACTIC_OPS = Set.of("|>", "<|", ">->", "<-<");

  private static String secName(int i) {
    return "sec" + i + "''";
  }

  private static Pat secParam(int i, Span span) {
    return new PId(secName(i), span);
  }

  private static Exp secArg(int i, Span span) {
    return new Var(List.of(), secName(i), span);
  }

  /** The head of an operator use: a user definition if one is in scope, else the built-in. */
  Res operatorHead(Var op) {
    Binding bnd = lookup(op.full());
    if (bnd != null || !BuiltinOps.isBuiltin(op.full())) return checkVar(op.full(), op.qualifiers().isEmpty(), op.span());
    BuiltinOps.Op bo = BuiltinOps.of(op.full());
    Ty a = new Ty.Var(bo.operands(), "The operator " + op.full());
    a = bo.operands() == null ? new Ty.Var() : a;
    if (bo.operands() == null && Unifier.resolve(a) instanceof Ty.Var v) v.equality = true;
    Ty res = bo.comparison() ? Ty.BOOL : a;
    Ty ty = new Ty.Fun(null, a, new Ty.Fun(null, a, res));
    return new Res(ty, new BuiltinMarker(bo.op(), a, ty, op.span()));
  }

  /**
   * A stand-in built only transiently: callers turn it into {@link TExp.BinOp}. It never escapes
   * into the checked tree (a bare built-in operator is eta-expanded into a lambda).
   */
  record BuiltinMarker(BinOperator op, Ty operand, Ty type, Span span) implements Supplier<TExp> {
    public TExp get() { throw new IllegalStateException("type checker: bare built-in operator"); }
  }

  TExp callOperator(Res head, List<TExp> args, Span span) {
    if (head.build() instanceof BuiltinMarker m) {
      return new TExp.BinOp(m.op(), args.get(0), args.get(1), Unifier.zonk(m.operand()),
          ((Type.Arrow) ((Type.Arrow) Unifier.zonk(m.type())).result()).result(), span);
    }
    Type ft = Unifier.zonk(head.ty());
    return buildCall(calleeOf(head.build().get()), args, peel(ft, args.size()), span);
  }

  /** The source text of a span on one line, shortened to 40 characters. */
  private static String shortSource(Span sp) {
    String t = sp.source().text().substring(sp.start(), sp.end()).replaceAll("\\s+", " ");
    return t.length() > 40 ? t.substring(0, 37) + "..." : t;
  }

  /** Checks {@code head arg1 .. argN} (N may be 0, for a bare operator to be eta-expanded). */
  Res checkApply(Exp head, List<Exp> args0, Span span) {
    // Pipelines give a partial application as the head: merge it into one call.
    List<Exp> args = new ArrayList<>(args0);
    while (head instanceof Apply ap) {
      args.add(0, ap.arg());
      head = ap.function();
    }
    Res h = head instanceof Var v && BuiltinOps.isBuiltin(v.full()) ? operatorHead(v) : check(head);
    Ty ft = h.ty();
    List<Ty> fnTys = new ArrayList<>();
    fnTys.add(ft);
    List<Res> argRes = new ArrayList<>();
    for (Exp arg : args) {
      Ty rf = Unifier.resolve(ft);
      if (rf instanceof Ty.Var) {
        Ty.Fun f = new Ty.Fun(null, new Ty.Var(), new Ty.Var());
        unifyOrReport(head.span(), f, rf, "Applied expression is not a function");
        rf = f;
      }
      if (!(rf instanceof Ty.Fun f)) {
        error(Diagnostics.notAFunction(arg.span(), Unifier.show(ft)));
        return new Res(new Ty.Var(), () -> new TExp.RecordLit(Map.of(), Type.UNIT, span));
      }
      List<Boolean> consumingParams = UniquenessChecks.consumingParams(f.param());
      // Whether the parameter is declared consuming, decided before unification: a type variable
      // (copy's 't) unified with a unique argument's type must not make the call consume it.
      boolean consumes = Unifier.resolve(f.param()) instanceof Ty.Arr pa && pa.unique();
      Res a = check(arg);
      // The reference's wording first ("Cannot apply "f" to "x" (invalid type)."), as tests match it.
      String applied = "Cannot apply \"" + (head instanceof Var hv0 ? hv0.full() : "function") + "\" to \""
          + shortSource(arg.span()) + "\" (invalid type). ";
      String context = applied + (head instanceof Var hv && isOperatorName(hv.name())
          ? "The operand of '" + hv.full() + "' does not have the expected type"
          : "The argument does not have the type the function expects");
      // Arrays of different sizes may be compared (the result is false).
      boolean equality = head instanceof Var hv && hv.qualifiers().isEmpty() && (hv.name().equals("==") || hv.name().equals("!="))
          && h.build() instanceof BuiltinMarker;
      if (equality) unifyBranches(arg.span(), f.param(), a.ty(), context);
      else unifyOrReport(arg.span(), f.param(), a.ty(), context);
      if (consumingParams != null && UniquenessChecks.mayConsume(arg)
          && UniquenessChecks.consumesWhereNotAllowed(consumingParams, a.ty())) {
        error(Diagnostics.consumingHigherOrderArg(arg.span()));
      }
      if (consumes) consume(arg, arg.span(), true);
      argRes.add(a);
      ft = f.result();
      if (f.name() != null) ft = Unifier.subst(ft, Map.of(), Map.of(f.name(), sizeOfArg(arg)));
      fnTys.add(ft);
    }
    if (args.isEmpty() && !(h.build() instanceof BuiltinMarker)) return h;
    Ty resTy = ft;
    return new Res(resTy, () -> {
      List<TExp> targs = argRes.stream().map(r -> r.build().get()).toList();
      List<Type> types = fnTys.stream().map(Unifier::zonk).toList();
      if (h.build() instanceof BuiltinMarker m) {
        Callee c = new Callee() {
          public int arity() { return 2; }

          public TExp call(List<TExp> as, Type result, Span sp) {
            return new TExp.BinOp(m.op(), as.get(0), as.get(1), Unifier.zonk(m.operand()), result, sp);
          }
        };
        return buildCall(c, targs, types, span);
      }
      return buildCall(calleeOf(h.build().get()), targs, types, span);
    });
  }

  static boolean isOperatorName(String name) {
    return !name.isEmpty() && "+-*/%=!><|&^".indexOf(name.charAt(0)) >= 0;
  }

  /** The size an argument stands for when passed for a parameter used as a size. */
  private Sz sizeOfArg(Exp arg) {
    if (arg instanceof IntLit l) return new Sz.Const(l.value().longValue());
    if (arg instanceof Var v && v.qualifiers().isEmpty() && lookup(v.name()) instanceof LocalB b) return new Sz.Named(b.v());
    if (arg instanceof Var v && lookup(v.full()) instanceof TopB) return Sz.UNKNOWN;
    // "Compound expression passed as function argument": a fresh size, distinct from every other.
    return SizeChecks.computed("k");
  }


  /**
   * The check, run once the enclosing definition is inferred, that the size parameters of a use of
   * a function that its parameters do not witness (sizes used only in function-typed parameters)
   * were inferred from the arguments: else "Ambiguous size".
   */
  private Runnable ambiguityCheck(String fname, List<VName> sizeParams, Map<VName, Sz> inst, Ty fnTy, int arity, Span span) {
    if (sizeParams.isEmpty()) return () -> { };
    Set<VName> witnessed = new HashSet<>();
    Ty t = fnTy;
    for (int i = 0; i < arity && Unifier.resolve(t) instanceof Ty.Fun f; i++) {
      witnessed.addAll(SizeChecks.witnessed(f.param()));
      t = f.result();
    }
    List<VName> weak = sizeParams.stream().filter(v -> !witnessed.contains(v)).toList();
    if (weak.isEmpty()) return () -> { };
    return () -> {
      for (VName v : weak) {
        if (Unifier.resolve(inst.get(v)) instanceof Sz.Flex) {
          error(io.github.futhark4j.compiler.diag.SizeDiagnostics.ambiguousSize(span, v.base(), fname));
          return;
        }
      }
    };
  }
}

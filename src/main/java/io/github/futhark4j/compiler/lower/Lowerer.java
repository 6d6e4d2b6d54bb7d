package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.VName;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lowers the checked tree to the first-order IR. Every function application is specialised by
 * inlining, which also monomorphises polymorphic definitions (their type parameters are
 * substituted on the way in) and removes higher-order functions (function arguments are static
 * closures); only a recursive function becomes IR functions, one per specialisation, and its
 * applications calls ({@link Recursive}). Records become several values, sums a tag plus payloads.
 * See docs/architecture.md, "Lowering".
 */
public final class Lowerer {
  final Builder b = new Builder();
  private final Map<VName, TDecl> globals = new HashMap<>();
  /** The type substitution of the definition being inlined. */
  Map<String, Type> subst = Map.of();
  /** Inside {@code #[unsafe]}: no bounds checks and no assertions. */
  boolean unsafe;
  private int inlineDepth;
  /** The call site of the application being applied (set by its lowering, taken by {@link #call}). */
  private Span callSite;
  /** The tuning parameters met so far ({@code #[param(NAME)] e}), in order: the index is the C API's. */
  private final List<String> tuning = new ArrayList<>();
  private final LowerIntrinsics intrinsics = new LowerIntrinsics(this);
  /** Recursive functions: specialised into IR functions, not inlined. */
  private final Recursive recursion = new Recursive(this);

  private Lowerer(TProgram p) {
    for (TDecl d : p.decls()) globals.put(d.name(), d);
  }

  /** Lowers every entry point of the program. */
  public static Program lower(TProgram p) {
    Lowerer l = new Lowerer(p);
    List<Program.Entry> entries = new ArrayList<>();
    for (TDecl d : p.entryPoints()) entries.add(l.entry(d));
    return WithVjps.inline(new Program(entries, List.copyOf(l.tuning), l.recursion.functions));
  }

  private Program.Entry entry(TDecl d) {
    FunDef f = d.fun();
    Scope env = new Scope(null);
    List<Atom.Var> params = new ArrayList<>();
    List<V> args = new ArrayList<>();
    for (TPat p : f.params()) {
      V v = paramValue(p.type(), params, p instanceof TPat.Id id ? id.name().base() : "in");
      args.add(v);
    }
    subst = Map.of();
    Body body = b.block(() -> {
      for (int i = 0; i < args.size(); i++) {
        checkEntrySizes(f.params().get(i).type(), args.get(i), env);
        bindSizes(f.params().get(i).type(), args.get(i), env);
        bindPat(f.params().get(i), args.get(i), env);
      }
      for (VName sp : f.sizeParams()) if (env.lookup(sp) == null) throw new LowerException("unbound size " + sp);
      return V.apiLeaves(lower(f.body(), env));
    });
    int leaves = 0;
    for (TDecl.EntryType t : d.entry().results()) leaves += leafCount(t.type());
    if (body.results().size() != leaves) {
      throw new LowerException("entry point " + d.entry().name() + " returns " + body.results().size()
          + " values but its signature has " + leaves + " (a type not supported at the C API)");
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      names.add(f.params().get(i) instanceof TPat.Id id ? id.name().base() : "in" + i);
    }
    return new Program.Entry(d.entry(), params, names, body);
  }

  /** How many IR values represent a value of type t at the C API (records are flattened). */
  public static int leafCount(Type t) {
    return switch (t) {
      case Type.Prim p -> 1;
      case Type.Array a -> leafCount(a.elem());
      case Type.Record r -> r.fields().values().stream().mapToInt(Lowerer::leafCount).sum();
      case Type.Sum sm -> 1 + sm.constructors().values().stream().flatMap(List::stream).mapToInt(Lowerer::leafCount).sum();
      default -> -1000;
    };
  }

  private V paramValue(Type t, List<Atom.Var> params, String base) {
    return switch (t) {
      case Type.Prim p -> { Atom.Var v = b.var(base, new IrType.Scalar(p.prim())); params.add(v); yield new V.Leaf(v); }
      case Type.Array a when a.elem() instanceof Type.Prim p -> {
        Atom.Var v = b.var(base, new IrType.Arr(p.prim(), a.rank()));
        params.add(v);
        yield new V.Leaf(v);
      }
      case Type.Record r -> {
        // An opaque (record or tuple) input: one parameter per leaf, in canonical order.
        Map<String, V> m = new LinkedHashMap<>();
        for (String k : new java.util.TreeSet<>(V.FIELD_ORDER) {{ addAll(r.fields().keySet()); }}) {
          m.put(k, paramValue(r.fields().get(k), params, base + "_" + k));
        }
        yield V.Rec.of(m);
      }
      case Type.Array a when a.elem() instanceof Type.Record r -> {
        Map<String, V> m = new LinkedHashMap<>();
        for (String k : new java.util.TreeSet<>(V.FIELD_ORDER) {{ addAll(r.fields().keySet()); }}) {
          Type f = r.fields().get(k);
          List<Size> shape = new ArrayList<>(a.shape());
          if (f instanceof Type.Array fa) shape.addAll(fa.shape());
          m.put(k, paramValue(new Type.Array(f instanceof Type.Array fa ? fa.elem() : f, shape, false), params, base + "_" + k));
        }
        yield V.Rec.of(m);
      }
      case Type.Sum sm -> {
        // An opaque sum input: the tag, then every constructor's payload (sorted by name).
        Atom.Var tag = b.var(base + "_tag", new IrType.Scalar(PrimType.I8));
        params.add(tag);
        TreeMap<String, List<V>> ps = new TreeMap<>();
        for (var e : sm.constructors().entrySet()) {
          List<V> vs = new ArrayList<>();
          for (Type pt : e.getValue()) vs.add(paramValue(pt, params, base + "_" + e.getKey()));
          ps.put(e.getKey(), vs);
        }
        yield new V.Sum(tag, ps);
      }
      default -> throw new LowerException("entry point parameters of type " + t + " are not supported yet");
    };
  }

  // ---- types ------------------------------------------------------------------------------

  Type substitute(Type t) {
    if (subst.isEmpty()) return t;
    return switch (t) {
      case Type.Param p -> subst.containsKey(p.name()) ? subst.get(p.name()) : p;
      case Type.Array a -> {
        Type e = substitute(a.elem());
        if (e instanceof Type.Array inner) {
          List<Size> shape = new ArrayList<>(a.shape());
          shape.addAll(inner.shape());
          yield new Type.Array(inner.elem(), shape, a.unique());
        }
        yield new Type.Array(e, a.shape(), a.unique());
      }
      case Type.Record r -> {
        Map<String, Type> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, substitute(v)));
        yield new Type.Record(m);
      }
      case Type.Sum s -> {
        TreeMap<String, List<Type>> m = new TreeMap<>();
        s.constructors().forEach((k, ts) -> m.put(k, ts.stream().map(this::substitute).toList()));
        yield new Type.Sum(m);
      }
      case Type.Arrow a -> new Type.Arrow(a.paramName(), substitute(a.param()), substitute(a.result()));
      case Type.Prim p -> p;
    };
  }

  /** A default value of a type (zeros, empty arrays): fills the payloads of inactive constructors. */
  V blank(Type t, int outerRank) {
    t = substitute(t);
    return switch (t) {
      case Type.Prim p -> outerRank == 0 ? new V.Leaf(zero(p.prim()))
          : new V.Leaf(b.bind("blank", new Exp.ArrayLit(List.of(), IrType.of(p.prim(), outerRank), Span.NONE)));
      case Type.Array a -> blank(a.elem(), outerRank + a.rank());
      case Type.Record r -> {
        Map<String, V> m = new LinkedHashMap<>();
        for (var e : r.fields().entrySet()) m.put(e.getKey(), blank(e.getValue(), outerRank));
        yield V.Rec.of(m);
      }
      case Type.Sum s -> {
        V tag = blank(Type.prim(PrimType.I8), outerRank);
        TreeMap<String, List<V>> ps = new TreeMap<>();
        s.constructors().forEach((k, ts) -> ps.put(k, ts.stream().map(x -> blank(x, outerRank)).toList()));
        yield new V.Sum(((V.Leaf) tag).atom(), ps);
      }
      case Type.Arrow a -> new V.Fun(new V.Closure.Blank(t));
      default -> throw new LowerException("no value of type " + t);
    };
  }

  static Atom zero(PrimType t) {
    return new Atom.Const(t.isFloat() ? PrimValue.ofFloat(t, 0) : t.isBool() ? PrimValue.ofBool(false) : PrimValue.ofInt(t, 0));
  }

  // ---- patterns ---------------------------------------------------------------------------

  void bindPat(TPat p, V v, Scope env) {
    switch (p) {
      case TPat.Id id -> env.put(id.name(), v);
      case TPat.Wildcard w -> { }
      case TPat.Record r -> {
        if (!(v instanceof V.Rec rec)) throw new LowerException("record pattern on non-record value");
        for (var e : r.fields().entrySet()) bindPat(e.getValue(), rec.fields().get(e.getKey()), env);
      }
      case TPat.Lit l -> { }
      case TPat.Constr c -> {
        V.Sum s = (V.Sum) v;
        List<V> payload = s.payloads().get(c.name());
        for (int i = 0; i < c.payload().size(); i++) bindPat(c.payload().get(i), payload.get(i), env);
      }
    }
  }

  /**
   * The run-time check of an entry point's argument: its dimensions that are constants, or sizes an
   * earlier argument bound, must have those values (the reference's error otherwise).
   */
  private void checkEntrySizes(Type t, V v, Scope env) {
    switch (t) {
      case Type.Array a -> {
        List<Atom> ls = V.leaves(v);
        if (ls.isEmpty()) return;
        Atom leaf = ls.get(0);
        for (int d = 0; d < a.shape().size() && leaf.type().rank() > d; d++) {
          Atom want = switch (a.shape().get(d)) {
            case Size.Var sv when env.lookup(sv.name()) instanceof V.Leaf l -> l.atom();
            case Size.Const c -> new Atom.Const(PrimValue.ofInt(PrimType.I64, c.value()));
            default -> null;
          };
          if (want != null) {
            b.checkEq(b.shape(leaf, d), want, "entry point arguments have invalid sizes.", Span.NONE);
          } else if (a.shape().get(d) instanceof Size.Var sv && env.lookup(sv.name()) == null) {
            // The first occurrence binds the size, so that a later one in the same parameter
            // ([n][n]) is checked against it.
            env.put(sv.name(), new V.Leaf(b.shape(leaf, d)));
          }
        }
      }
      case Type.Record r -> {
        if (v instanceof V.Rec rec) r.fields().forEach((k, ft) -> { if (rec.fields().containsKey(k)) checkEntrySizes(ft, rec.fields().get(k), env); });
      }
      default -> { }
    }
  }

  /** Binds the size variables occurring in {@code t} from the shapes of {@code v}. */
  void bindSizes(Type t, V v, Scope env) {
    switch (t) {
      case Type.Array a -> {
        List<Atom> ls = V.leaves(v);
        if (ls.isEmpty()) return;
        Atom leaf = ls.get(0);
        for (int d = 0; d < a.shape().size(); d++) {
          if (a.shape().get(d) instanceof Size.Var sv && env.lookup(sv.name()) == null && leaf.type().rank() > d) {
            env.put(sv.name(), new V.Leaf(b.shape(leaf, d)));
          }
        }
      }
      case Type.Record r -> {
        if (v instanceof V.Rec rec) r.fields().forEach((k, ft) -> { if (rec.fields().containsKey(k)) bindSizes(ft, rec.fields().get(k), env); });
      }
      default -> { }
    }
  }

  // ---- expressions ------------------------------------------------------------------------

  Atom atom(TExp e, Scope env) {
    V v = lower(e, env);
    if (v instanceof V.Leaf l) return l.atom();
    throw new LowerException("expected a primitive or array value at " + e.span());
  }

  /** The environment of the innermost expression being lowered: resolves sizes named in types. */
  private Scope sizeEnv;

  /** The value of a size in a type, or null when it is unknown or not bound here. */
  Atom sizeAtom(io.github.futhark4j.compiler.typed.Size s) {
    return switch (s) {
      case Size.Const c -> Atom.i64(c.value());
      case Size.Var sv -> {
        if (sizeEnv == null) yield null;
        if (sizeEnv.lookup(sv.name()) instanceof V.Leaf l) yield l.atom();
        // A size named by a top-level definition (def cap = 5i64): its value, as a use of it.
        TDecl d = globals.get(sv.name());
        if (d != null && d.fun().params().isEmpty()
            && variable(new TExp.Var(sv.name(), d.fun().returnType(), Map.of(), d.span()), sizeEnv) instanceof V.Leaf l) {
          yield l.atom();
        }
        yield null;
      }
      case Size.Expr x -> sizeEnv != null ? sizeExpr(x, sizeEnv) : null;
      case Size.Unknown u -> null;
    };
  }

  /**
   * The value of a size expression ({@code [n+1]}), or null when one of its variables is not bound
   * here (then the size is treated as unknown).
   */
  Atom sizeExpr(Size.Expr x, Scope env) {
    if (!boundIn(x.exp(), env)) return null;
    V v = lower(x.exp(), env);
    return v instanceof V.Leaf l ? l.atom() : null;
  }

  /** Whether every variable of a size expression that is not a top-level definition is bound in {@code env}. */
  private boolean boundIn(TExp e, Scope env) {
    for (VName v : io.github.futhark4j.compiler.typed.FreeNames.of(e)) {
      if (env.lookup(v) == null && !globals.containsKey(v)) return false;
    }
    return true;
  }

  V lower(TExp e, Scope env) {
    Scope saved = sizeEnv;
    sizeEnv = env;
    try {
      return lowerIn(e, env);
    } finally {
      sizeEnv = saved;
    }
  }

  private V lowerIn(TExp e, Scope env) {
    return switch (e) {
      case TExp.Literal l -> new V.Leaf(new Atom.Const(l.value()));
      case TExp.Var v -> variable(v, env);
      case TExp.Intrinsic i -> new V.Fun(new V.Closure.Intrinsic(i.name(), substitute(i.type())));
      case TExp.ArrayLit a -> arrayLit(a, env);
      case TExp.RecordLit r -> {
        Map<String, V> m = new LinkedHashMap<>();
        r.fields().forEach((k, x) -> m.put(k, lower(x, env)));
        yield V.Rec.of(m);
      }
      case TExp.Range r -> {
        Atom s = atom(r.start(), env);
        Atom second = r.second() == null ? null : atom(r.second(), env);
        Atom end = atom(r.end(), env);
        yield new V.Leaf(b.bind("range", new Exp.Range(s, second, end, r.kind(), s.type().elem(), r.span())));
      }
      case TExp.Project p -> {
        V r = lower(p.record(), env);
        if (!(r instanceof V.Rec rec) || !rec.fields().containsKey(p.field())) {
          throw new LowerException("projection of missing field " + p.field());
        }
        yield rec.fields().get(p.field());
      }
      case TExp.Index ix -> index(lower(ix.array(), env), indices(ix.indices(), env), ix.span());
      case TExp.Update u -> update(lower(u.array(), env), indices(u.indices(), env), lower(u.value(), env), u.span());
      case TExp.RecordUpdate ru -> recordUpdate(lower(ru.record(), env), ru.path(), 0, lower(ru.value(), env));
      case TExp.Let l -> {
        V v = lower(l.value(), env);
        Scope inner = env.extend();
        bindSizes(l.pattern().type(), v, inner);
        bindPat(l.pattern(), v, inner);
        yield lower(l.body(), inner);
      }
      case TExp.LetFun lf -> {
        Scope inner = env.extend();
        inner.put(lf.name(), new V.Fun(new V.Closure.Local(lf.fun(), inner, subst, true)));
        yield lower(lf.body(), inner);
      }
      case TExp.If i -> ifThenElse(atom(i.cond(), env), () -> lower(i.then(), env), () -> lower(i.otherwise(), env));
      case TExp.Loop l -> loop(l, env);
      case TExp.Apply a -> {
        V f = lower(a.function(), env);
        List<V> args = new ArrayList<>();
        for (TExp x : a.args()) args.add(lower(x, env));
        callSite = callSite(a);
        try {
          yield apply(f, args, a.span());
        } finally {
          callSite = null;
        }
      }
      case TExp.Lambda lam -> new V.Fun(new V.Closure.Local(
          new FunDef(List.of(), List.of(), lam.params(), ((Type.Arrow) lam.type()).result(), lam.body()), env, subst, false));
      case TExp.BinOp bo -> binop(bo, env);
      case TExp.UnOp u -> {
        Atom x = atom(u.x(), env);
        yield new V.Leaf(b.bind("u", new Exp.UnOp(u.op(), x.type().elem(), x)));
      }
      case TExp.Match m -> match(lower(m.scrutinee(), env), m.cases(), 0, env);
      case TExp.Constr c -> constr(c, env);
      case TExp.Assert as -> {
        // #[unsafe] removes assertions as it removes bounds checks.
        if (!unsafe) {
          Atom c = atom(as.cond(), env);
          b.add(new Stm(List.of(), new Exp.Assert(c, as.message().replace("%", "%%"),
              List.of(), as.span())));
        }
        yield lower(as.body(), env);
      }
      case TExp.Coerce c -> {
        V v = lower(c.body(), env);
        coerce(substitute(c.type()), v, env, c.span());
        yield v;
      }
      case TExp.Attr at when at.attribute().startsWith("param(") && at.attribute().endsWith(")")
          && at.type() instanceof Type.Prim p && p.prim() == PrimType.I64 -> {
        // #[param(NAME)] e: a tuning parameter of the context configuration, e its default.
        String name = at.attribute().substring("param(".length(), at.attribute().length() - 1).strip();
        if (!tuning.contains(name)) tuning.add(name);
        Atom dflt = atom(at.body(), env);
        yield new V.Leaf(b.bind(name, new Exp.PrimCall("tuning:" + tuning.indexOf(name), List.of(dflt), PrimType.I64)));
      }
      case TExp.Attr at -> {
        boolean saved = unsafe;
        if (at.attribute().equals("unsafe")) unsafe = true;
        try {
          yield lower(at.body(), env);
        } finally {
          unsafe = saved;
        }
      }
    };
  }

  private V variable(TExp.Var v, Scope env) {
    V found = env.lookup(v.name());
    if (found != null) {
      // A use of a polymorphic local function: its body is lowered with the use's type arguments
      // added to the substitution it was defined under (instantiated per use, like top-level ones).
      if ((!v.typeArgs().isEmpty() || !v.sizeArgs().isEmpty()) && found instanceof V.Fun fn && fn.closure() instanceof V.Closure.Local l) {
        Map<String, Type> s = new HashMap<>(l.subst());
        v.typeArgs().forEach((k, t) -> s.put(k, substitute(t)));
        Scope fenv = l.env();
        if (!v.sizeArgs().isEmpty()) {
          fenv = fenv.extend();
          Scope saved = sizeEnv;
          sizeEnv = env;
          try {
            for (var e : v.sizeArgs().entrySet()) {
              Atom a = sizeAtom(e.getValue());
              if (a != null) fenv.put(e.getKey(), new V.Leaf(a));
            }
          } finally {
            sizeEnv = saved;
          }
        }
        return new V.Fun(new V.Closure.Local(l.fun(), fenv, s, l.named()));
      }
      return found;
    }
    TDecl d = globals.get(v.name());
    if (d == null) throw new LowerException("unknown variable " + v.name());
    Map<String, Type> targs = new HashMap<>();
    v.typeArgs().forEach((k, t) -> targs.put(k, substitute(t)));
    // Size parameters the call cannot read off its arguments' shapes: their values at the use.
    Map<VName, V> sizes = new HashMap<>();
    Scope saved = sizeEnv;
    sizeEnv = env;
    try {
      v.sizeArgs().forEach((k, sz) -> {
        Atom a = sizeAtom(sz);
        if (a != null) sizes.put(k, new V.Leaf(a));
      });
      // The type arguments may name sizes of the caller's scope (map's result element [k]u64):
      // the callee's body sees them too, so that its types still name them (an empty map's rows).
      Set<VName> named = new HashSet<>();
      targs.values().forEach(t -> sizeNames(t, named));
      for (VName n : named) {
        if (sizes.containsKey(n)) continue;
        Atom a = sizeAtom(new Size.Var(n));
        if (a != null) sizes.put(n, new V.Leaf(a));
      }
    } finally {
      sizeEnv = saved;
    }
    if (d.fun().params().isEmpty()) {
      // A constant definition: evaluated where it is used.
      Scope e = new Scope(null);
      sizes.forEach(e::put);
      return inline(d.fun(), e, targs, List.of(), v.span());
    }
    return new V.Fun(new V.Closure.Top(d, targs, sizes));
  }

  /** The size variables of {@code t}, and those of its size expressions. */
  private static void sizeNames(Type t, Set<VName> out) {
    switch (t) {
      case Type.Array a -> {
        for (Size s : a.shape()) {
          if (s instanceof Size.Var v) out.add(v.name());
          if (s instanceof Size.Expr x) out.addAll(io.github.futhark4j.compiler.typed.FreeNames.of(x.exp()));
        }
        sizeNames(a.elem(), out);
      }
      case Type.Record r -> r.fields().values().forEach(x -> sizeNames(x, out));
      case Type.Sum u -> u.constructors().values().forEach(ts -> ts.forEach(x -> sizeNames(x, out)));
      case Type.Arrow a -> { sizeNames(a.param(), out); sizeNames(a.result(), out); }
      case null, default -> { }
    }
  }

  List<Object> indices(List<TExp.DimIndex> ds, Scope env) {
    List<Object> out = new ArrayList<>();
    for (TExp.DimIndex d : ds) {
      switch (d) {
        case TExp.DimIndex.Fix f -> out.add(atom(f.index(), env));
        case TExp.DimIndex.Slice s -> out.add(new Exp.SliceDim.Range(
            s.start() == null ? null : atom(s.start(), env), s.end() == null ? null : atom(s.end(), env),
            s.stride() == null ? null : atom(s.stride(), env)));
      }
    }
    return out;
  }

  private static boolean allFixed(List<Object> idx) {
    return idx.stream().allMatch(o -> o instanceof Atom);
  }

  private static List<Exp.SliceDim> sliceDims(List<Object> idx) {
    return idx.stream().map(o -> o instanceof Atom a ? new Exp.SliceDim.Fix(a) : (Exp.SliceDim) o).toList();
  }

  V index(V arr, List<Object> idx, Span span) {
    Span s = unsafe ? null : span;
    return map(arr, a -> allFixed(idx)
        ? b.bind("elem", new Exp.Index(a, idx.stream().map(o -> (Atom) o).toList(), s))
        : b.bind("slice", new Exp.Slice(a, sliceDims(idx), s)));
  }

  private V update(V arr, List<Object> idx, V val, Span span) {
    Span s = unsafe ? null : span;
    List<Atom> as = V.leaves(arr), vs = V.leaves(val);
    List<Atom> out = new ArrayList<>();
    for (int i = 0; i < as.size(); i++) {
      Atom a = as.get(i), x = vs.get(i);
      out.add(allFixed(idx)
          ? b.bind("upd", new Exp.Update(a, idx.stream().map(o -> (Atom) o).toList(), x, s))
          : b.bind("upd", new Exp.UpdateSlice(a, sliceDims(idx), x, s)));
    }
    return V.rebuild(arr, out.iterator());
  }

  private V recordUpdate(V rec, List<String> path, int k, V value) {
    if (k == path.size()) return value;
    V.Rec r = (V.Rec) rec;
    Map<String, V> m = new LinkedHashMap<>(r.fields());
    m.put(path.get(k), recordUpdate(r.fields().get(path.get(k)), path, k + 1, value));
    return V.Rec.of(m);
  }

  /** Applies {@code f} to every leaf of {@code v}, keeping the structure. */
  V map(V v, java.util.function.Function<Atom, Atom> f) {
    List<Atom> out = new ArrayList<>();
    for (Atom a : V.leaves(v)) out.add(f.apply(a));
    return V.rebuild(v, out.iterator());
  }

  private V arrayLit(TExp.ArrayLit a, Scope env) {
    if (a.elements().isEmpty()) {
      V shaped = emptyWithShape(substitute(a.type()));
      return shaped != null ? shaped : blank(a.type(), 0);
    }
    List<V> elems = new ArrayList<>();
    for (TExp x : a.elements()) elems.add(lower(x, env));
    V first = elems.get(0);
    List<List<Atom>> cols = new ArrayList<>();
    for (V el : elems) cols.add(V.leaves(el));
    List<Atom> out = new ArrayList<>();
    for (int j = 0; j < cols.get(0).size(); j++) {
      List<Atom> col = new ArrayList<>();
      for (List<Atom> c : cols) col.add(c.get(j));
      IrType t = cols.get(0).get(j).type().arrayOf();
      out.add(b.bind("arr", new Exp.ArrayLit(col, t, a.span())));
    }
    return V.rebuild(first, out.iterator());
  }

  /**
   * {@code []} at a type such as {@code [0][n]i32} keeps its inner sizes when they are constants or
   * bound in scope ({@code blank} would give {@code [0][0]}): nested replicates of a zero.
   */
  private V emptyWithShape(Type t) {
    if (!(t instanceof Type.Array arr) || !(arr.elem() instanceof Type.Prim p) || arr.rank() < 2) return null;
    List<Atom> sizes = new ArrayList<>(List.of(Atom.i64(0)));
    for (Size s : arr.shape().subList(1, arr.rank())) {
      Atom a = sizeAtom(s);
      if (a == null) return null;
      sizes.add(a);
    }
    Atom v = zero(p.prim());
    for (int d = sizes.size() - 1; d >= 0; d--) v = b.bind("row", new Exp.Replicate(sizes.get(d), v));
    return new V.Leaf(v);
  }

  V ifThenElse(Atom cond, java.util.function.Supplier<V> th, java.util.function.Supplier<V> el) {
    if (cond instanceof Atom.Const c) return c.value().boolValue() ? th.get() : el.get();
    V[] tv = new V[1], ev = new V[1];
    Body tb = b.block(() -> { tv[0] = th.get(); return V.leaves(tv[0]); });
    Body eb = b.block(() -> { ev[0] = el.get(); return V.leaves(ev[0]); });
    List<Atom.Var> res = b.bindN("if", new Exp.If(cond, tb, eb));
    return V.rebuild(merge(tv[0], ev[0]), res.iterator());
  }

  /**
   * The structure of a value that is either {@code a} or {@code b} (branches of the same type): a
   * function in it (the payload of a constructor, the only place data can hold one) must be the same
   * in both, or a blank one (of a constructor the branch does not make) in one of them.
   */
  private static V merge(V a, V b) {
    return switch (a) {
      case V.Leaf l -> a;
      case V.Rec r -> {
        TreeMap<String, V> m = new TreeMap<>(V.FIELD_ORDER);
        r.fields().forEach((k, f) -> m.put(k, merge(f, ((V.Rec) b).fields().get(k))));
        yield new V.Rec(m);
      }
      case V.Sum s -> {
        TreeMap<String, List<V>> m = new TreeMap<>();
        s.payloads().forEach((k, ps) -> {
          List<V> qs = ((V.Sum) b).payloads().get(k);
          List<V> out = new ArrayList<>();
          for (int i = 0; i < ps.size(); i++) out.add(merge(ps.get(i), qs.get(i)));
          m.put(k, out);
        });
        yield new V.Sum(s.tag(), m);
      }
      case V.Fun f -> {
        V.Closure other = ((V.Fun) b).closure();
        if (f.closure() instanceof V.Closure.Blank || f.closure().equals(other)) yield b;
        if (other instanceof V.Closure.Blank) yield a;
        throw new LowerException("a function chosen at run time (two different functions in the same constructor of a sum)");
      }
    };
  }

  private V loop(TExp.Loop l, Scope env) {
    V init = lower(l.init(), env);
    List<Atom> inits = V.leaves(init);
    List<Atom.Var> params = new ArrayList<>();
    for (Atom a : inits) params.add(b.var("p", a.type()));
    V pv = V.rebuild(init, params.iterator());
    Scope inner = env.extend();
    bindPat(l.param(), pv, inner);
    Exp.LoopForm form;
    Body body;
    switch (l.form()) {
      case TExp.LoopForm.For f -> {
        Atom bound = atom(f.bound(), env);
        Atom.Var i = b.var(f.index().base(), bound.type());
        inner.put(f.index(), new V.Leaf(i));
        form = new Exp.LoopForm.For(i, bound);
        body = b.block(() -> V.leaves(lower(l.body(), inner)));
      }
      case TExp.LoopForm.ForIn f -> {
        V arr = lower(f.array(), env);
        Atom n = b.shape(V.leaves(arr).get(0), 0);
        Atom.Var i = b.var("i", new IrType.Scalar(PrimType.I64));
        form = new Exp.LoopForm.For(i, n);
        body = b.block(() -> {
          bindPat(f.element(), index(arr, List.of(i), Span.NONE), inner);
          return V.leaves(lower(l.body(), inner));
        });
      }
      case TExp.LoopForm.While w -> {
        form = new Exp.LoopForm.While(b.block(() -> List.of(atom(w.cond(), inner))));
        body = b.block(() -> V.leaves(lower(l.body(), inner)));
      }
    }
    List<Atom.Var> res = b.bindN("loop", new Exp.Loop(params, inits, form, body));
    return V.rebuild(init, res.iterator());
  }

  // ---- application ------------------------------------------------------------------------

  V apply(V f, List<V> args, Span span) {
    if (!(f instanceof V.Fun fun)) throw new LowerException("application of a non-function at " + span);
    return applyClosure(fun.closure(), args, span);
  }

  V applyClosure(V.Closure c, List<V> args, Span span) {
    return switch (c) {
      case V.Closure.Partial p -> {
        List<V> all = new ArrayList<>(p.args());
        all.addAll(args);
        yield applyClosure(p.fun(), all, span);
      }
      case V.Closure.Intrinsic i -> {
        callSite = null; // not a frame; nor are the functions the intrinsic applies
        int arity = arity(i.type());
        if (args.size() < arity) yield new V.Fun(new V.Closure.Partial(i, args));
        V r = intrinsics.apply(i.name(), i.type(), args.subList(0, arity), span);
        yield args.size() > arity ? apply(r, args.subList(arity, args.size()), span) : r;
      }
      case V.Closure.Top t when recursion.isRecursive(t.decl()) -> {
        // A recursive function: a call of its specialisation, once all its arguments are there.
        callSite = null;
        int n = t.decl().fun().params().size();
        if (args.size() < n) yield new V.Fun(new V.Closure.Partial(t, args));
        V r = recursion.call(t, args.subList(0, n), span);
        yield args.size() > n ? apply(r, args.subList(n, args.size()), span) : r;
      }
      case V.Closure.Top t -> {
        Scope e = new Scope(null);
        t.sizes().forEach(e::put);
        yield call(t.decl().fun(), e, t.typeArgs(), args, span, !t.decl().span().inPrelude(), t.decl().span().inPrelude());
      }
      case V.Closure.Local l -> call(l.fun(), l.env(), l.subst(), args, span, l.named(), false);
      case V.Closure.Blank bl -> {
        // Never applied where the program runs: blank values of the result type.
        Type t = bl.type();
        for (int i = 0; i < args.size() && t instanceof Type.Arrow a; i++) t = a.result();
        yield blank(t, 0);
      }
    };
  }

  /**
   * Applies function {@code f} to {@code args}: inlines it once they are all there. A call of a
   * named function ({@code frame}) is a frame of the backtraces of what fails in its body; a call of
   * a prelude function ({@code prelude}) from the program's own code names that call site as the
   * place of what fails in the prelude's code (as the reference: an error inside {@code last}
   * points at the program's call of {@code last}).
   */
  private V call(FunDef f, Scope env, Map<String, Type> s, List<V> args, Span span, boolean frame, boolean prelude) {
    int n = f.params().size();
    if (args.size() < n) {
      return new V.Fun(new V.Closure.Partial(new V.Closure.Local(f, env, s, frame), args));
    }
    Span site = callSite != null ? callSite : span;
    callSite = null;
    Span savedCallers = b.callers, savedPreludeSite = b.preludeSite;
    if (site != null && site != Span.NONE && !site.inPrelude()) {
      Span here = site.calledFrom(savedCallers);
      if (frame) b.callers = here;
      if (prelude) b.preludeSite = here;
    }
    V r;
    try {
      r = inline(f, env, s, args.subList(0, n), span);
    } finally {
      b.callers = savedCallers;
      b.preludeSite = savedPreludeSite;
    }
    return args.size() > n ? apply(r, args.subList(n, args.size()), span) : r;
  }

  /**
   * The call site an application names in backtraces: from its function to the end of its last
   * argument without that argument's parentheses, as the reference's inliner records it
   * ({@code g xs (x+i)} is {@code g xs (x+i}'s span, one column short).
   */
  private static Span callSite(TExp.Apply a) {
    Span head = a.function().span(), last = a.args().get(a.args().size() - 1).span();
    if (head == null || last == null || head.source() != last.source()) return a.span();
    TExp lastArg = a.args().get(a.args().size() - 1);
    // A tuple, record or section is written with its parentheses; only a parenthesised expression loses them.
    boolean parens = !(lastArg instanceof TExp.RecordLit || lastArg instanceof TExp.Lambda);
    int end = parens ? withoutParentheses(last) : last.end();
    return new Span(head.source(), head.start(), end);
  }

  /** The end of {@code s}'s text without the pairs of parentheses around all of it. */
  private static int withoutParentheses(Span s) {
    String t = s.source().text();
    int from = s.start(), to = s.end();
    while (to - from >= 2 && t.charAt(from) == '(' && t.charAt(to - 1) == ')' && closes(t, from, to - 1)) {
      from++;
      to--;
      while (from < to && Character.isWhitespace(t.charAt(from))) from++;
      while (to > from && Character.isWhitespace(t.charAt(to - 1))) to--;
    }
    return to;
  }

  /** Whether the ')' at {@code close} closes the '(' at {@code open} (string literals skipped). */
  private static boolean closes(String t, int open, int close) {
    int depth = 0;
    for (int i = open; i <= close; i++) {
      char c = t.charAt(i);
      if (c == '"') {
        for (i++; i < close && t.charAt(i) != c; i++) if (t.charAt(i) == '\\') i++;
        continue;
      }
      if (c == '(') depth++;
      else if (c == ')' && --depth == 0) return i == close;
    }
    return false;
  }

  private V inline(FunDef f, Scope closureEnv, Map<String, Type> s, List<V> args, Span span) {
    if (++inlineDepth > 200) throw new LowerException("inlining too deep (recursion?) at " + span);
    b.budget.call(span);
    Map<String, Type> saved = subst;
    subst = s;
    try {
      Scope env = closureEnv.extend();
      for (int i = 0; i < args.size(); i++) {
        bindSizes(substitute(f.params().get(i).type()), args.get(i), env);
        bindPat(f.params().get(i), args.get(i), env);
      }
      return lower(f.body(), env);
    } finally {
      subst = saved;
      inlineDepth--;
    }
  }

  /**
   * The body of a recursive function's specialisation: {@code f}'s body with its parameters bound to
   * {@code args} in {@code env} (under the substitution in effect), as {@link #inline} binds them.
   */
  V inlineBody(FunDef f, Scope env, List<V> args) {
    int savedDepth = inlineDepth;
    inlineDepth = 0;
    try {
      for (int i = 0; i < args.size(); i++) {
        bindSizes(substitute(f.params().get(i).type()), args.get(i), env);
        bindPat(f.params().get(i), args.get(i), env);
      }
      return lower(f.body(), env);
    } finally {
      inlineDepth = savedDepth;
    }
  }

  static int arity(Type t) {
    int n = 0;
    while (t instanceof Type.Arrow a) { n++; t = a.result(); }
    return n;
  }

  static Type resultType(Type t) {
    while (t instanceof Type.Arrow a) t = a.result();
    return t;
  }

  // ---- operators --------------------------------------------------------------------------

  private V binop(TExp.BinOp bo, Scope env) {
    if (bo.op() == BinOperator.LAND || bo.op() == BinOperator.LOR) {
      Atom x = atom(bo.x(), env);
      Atom[] y = new Atom[1];
      Body yb = b.block(() -> List.of(y[0] = atom(bo.y(), env)));
      if (yb.stms().isEmpty()) return new V.Leaf(b.bind("b", new Exp.BinOp(bo.op(), PrimType.BOOL, x, y[0], bo.span())));
      boolean and = bo.op() == BinOperator.LAND;
      Body constant = new Body(List.of(), List.of(Atom.bool(!and)));
      List<Atom.Var> r = b.bindN("b", new Exp.If(x, and ? yb : constant, and ? constant : yb));
      return new V.Leaf(r.get(0));
    }
    V x = lower(bo.x(), env), y = lower(bo.y(), env);
    if (x instanceof V.Leaf lx && y instanceof V.Leaf ly && lx.atom().type().rank() == 0) {
      return new V.Leaf(b.bind("t", new Exp.BinOp(bo.op(), lx.atom().type().elem(), lx.atom(), ly.atom(), bo.span())));
    }
    if (bo.op() == BinOperator.EQ || bo.op() == BinOperator.NEQ) {
      Atom eq = Equality.equal(this, x, y);
      return new V.Leaf(bo.op() == BinOperator.EQ ? eq : b.bind("ne", new Exp.UnOp(TExp.UnOperator.NOT, PrimType.BOOL, eq)));
    }
    throw new LowerException("operator " + bo.op().symbol + " on non-primitive values");
  }

  // ---- sums -------------------------------------------------------------------------------

  private V constr(TExp.Constr c, Scope env) {
    Type.Sum st = (Type.Sum) substitute(c.type());
    int tag = new ArrayList<>(st.constructors().keySet()).indexOf(c.name());
    TreeMap<String, List<V>> ps = new TreeMap<>();
    for (var e : st.constructors().entrySet()) {
      if (e.getKey().equals(c.name())) {
        List<V> vs = new ArrayList<>();
        for (TExp x : c.payload()) vs.add(lower(x, env));
        ps.put(e.getKey(), vs);
      } else {
        ps.put(e.getKey(), e.getValue().stream().map(t -> blank(t, 0)).toList());
      }
    }
    return new V.Sum(new Atom.Const(PrimValue.ofInt(PrimType.I8, tag)), ps);
  }

  private V match(V scrut, List<TExp.Case> cases, int k, Scope env) {
    TExp.Case c = cases.get(k);
    Atom cond = k == cases.size() - 1 ? Atom.bool(true) : Equality.matches(this, c.pattern(), scrut);
    return ifThenElse(cond, () -> {
      Scope inner = env.extend();
      bindPat(c.pattern(), scrut, inner);
      return lower(c.body(), inner);
    }, () -> match(scrut, cases, k + 1, env));
  }

  // ---- size coercions ---------------------------------------------------------------------

  private void coerce(Type t, V v, Scope env, Span span) {
    switch (t) {
      case Type.Array a -> {
        List<Atom> ls = V.leaves(v);
        if (ls.isEmpty()) return;
        Atom leaf = ls.get(0);
        // One check for all dimensions, worded as the reference's: Value of (desugared) shape [1]
        // cannot match shape of type "[2]i32". (the shape and the type's sizes are the run-time values).
        List<Atom> haves = new ArrayList<>(), wants = new ArrayList<>();
        StringBuilder shape = new StringBuilder(), type = new StringBuilder();
        Atom ok = null;
        for (int d = 0; d < a.shape().size() && d < leaf.type().rank(); d++) {
          Atom want = switch (a.shape().get(d)) {
            case Size.Const c -> Atom.i64(c.value());
            case Size.Var sv -> env.lookup(sv.name()) instanceof V.Leaf l ? l.atom() : null;
            case Size.Expr x -> sizeExpr(x, env);
            case Size.Unknown u -> null;
          };
          Atom have = b.shape(leaf, d);
          haves.add(have);
          shape.append("[%lld]");
          if (want == null) { type.append("[]"); continue; }
          wants.add(want);
          type.append("[%lld]");
          if (have.equals(want)) continue;
          Atom eq = b.binop(BinOperator.EQ, PrimType.I64, have, want);
          ok = ok == null ? eq : b.binop(BinOperator.LAND, PrimType.BOOL, ok, eq);
        }
        if (ok == null) return;
        List<Atom> args = new ArrayList<>(haves);
        args.addAll(wants);
        String msg = "Value of (desugared) shape " + shape + " cannot match shape of type \"" + type
            + a.elem().toString().replace("%", "%%") + "\".";
        b.add(new Stm(List.of(), new Exp.Assert(ok, msg, args, span)));
      }
      case Type.Record r -> {
        if (v instanceof V.Rec rec) r.fields().forEach((k, ft) -> { if (rec.fields().containsKey(k)) coerce(ft, rec.fields().get(k), env, span); });
      }
      default -> { }
    }
  }
}

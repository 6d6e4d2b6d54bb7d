package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.FreeNames;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.VName;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Evaluates checked expressions. One evaluator serves one program; it is not thread safe (the
 * {@link SourceInterpreter} runs one call at a time).
 */
final class Evaluator {
  /** A top-level definition, and its value once made (for one without type or size parameters). */
  private static final class Global {
    final TDecl decl;
    /** The function of a definition with parameters, or the value of a constant. */
    Object value;

    Global(TDecl decl) {
      this.decl = decl;
    }
  }

  private final Map<VName, Global> globals = new HashMap<>();
  /** The same, by tag (tags are unique in a checked program): most lookups are of local names. */
  private final Global[] globalsByTag;
  /** Copy every array before an update, instead of writing into the consumed array. */
  final boolean copyOnUpdate;
  final Builtins builtins = new Builtins(this);

  /** Call sites of the calls in progress, outermost first (for backtraces). */
  private final ArrayList<Span> calls = new ArrayList<>();
  private int steps;
  /** Nesting of {@code #[unsafe]} expressions being evaluated. */
  private int unsafe;
  /** Nesting of calls of named functions (the compiled code's limit on recursion). */
  private int depth;
  /** How deep calls of functions may nest (docs/language.md: as the compiled code). */
  static final int MAX_DEPTH = 10_000;

  // Per-node facts computed once.
  private final IdentityHashMap<Type, Boolean> hasSizeVars = new IdentityHashMap<>();
  private final IdentityHashMap<TExp, Set<VName>> freeVars = new IdentityHashMap<>();
  private final IdentityHashMap<TExp.RecordLit, RecordPlan> recordPlans = new IdentityHashMap<>();

  /** Tuning parameters ({@code #[param(NAME)] e}) by name. */
  private final Map<String, Long> tuning;

  Evaluator(List<TDecl> decls, boolean copyOnUpdate, Map<String, Long> tuning) {
    int maxTag = 0;
    for (TDecl d : decls) {
      globals.put(d.name(), new Global(d));
      maxTag = Math.max(maxTag, d.name().tag());
    }
    globalsByTag = new Global[maxTag + 1];
    for (Global g : globals.values()) if (g.decl.name().tag() >= 0) globalsByTag[g.decl.name().tag()] = g;
    this.copyOnUpdate = copyOnUpdate;
    this.tuning = Map.copyOf(tuning);
  }

  // ---- errors -----------------------------------------------------------------------------

  EvalError fail(String message, Span at) {
    List<Span> user = new ArrayList<>();
    for (Span s : calls) if (!isPrelude(s)) user.add(s);
    return new EvalError(message, EvalError.frames(at, user));
  }

  private static boolean isPrelude(Span s) {
    return s == null || s.source().name().startsWith("<");
  }

  /** Clears the call stack after a call ends abnormally. */
  void reset() {
    calls.clear();
    unsafe = 0;
    depth = 0;
  }

  /** Checks, now and then, whether the thread running the program was asked to stop. */
  void tick() {
    if ((++steps & 0x3FF) == 0 && Thread.currentThread().isInterrupted()) {
      throw new CancellationException("the interpreted program was stopped");
    }
  }

  // ---- expressions ------------------------------------------------------------------------

  Object eval(TExp e, Frame f) {
    return switch (e) {
      case TExp.Literal l -> l.value();
      case TExp.Var v -> variable(v, f);
      case TExp.Intrinsic i -> new Builtins.Intrinsic(builtins, i.name(), i.type(), f, i.span());
      case TExp.ArrayLit a -> arrayLit(a, f);
      case TExp.RecordLit r -> recordLit(r, f);
      case TExp.Range r -> range(r, f);
      case TExp.Project p -> ((RecordVal) eval(p.record(), f)).get(p.field());
      case TExp.Index ix -> {
        Object arr = eval(ix.array(), f);
        yield index(arr, indices(ix.indices(), f), ix.span());
      }
      case TExp.Update u -> {
        // The indices and the value first: they may read the array that the update consumes
        // ((ys with [j] = ys[j+1]) with [j+1] = ys[j] swaps), which is written in place.
        List<Object> idx = indices(u.indices(), f);
        Object v = eval(u.value(), f);
        Object arr = eval(u.array(), f);
        yield update((ArrayVal) arr, idx, v, u.span());
      }
      case TExp.RecordUpdate ru -> recordUpdate(eval(ru.record(), f), ru.path(), 0, eval(ru.value(), f));
      case TExp.Let l -> {
        TExp cur = l;
        while (cur instanceof TExp.Let let) {
          bind(let.pattern(), eval(let.value(), f), f);
          cur = let.body();
        }
        yield eval(cur, f);
      }
      case TExp.LetFun lf -> {
        Frame inner = f.child();
        FunDef fun = lf.fun();
        inner.put(lf.name(), new Closure(this, lf.name().base(), fun.params(), fun.sizeParams(), fun.body(), inner, null, Map.of()));
        yield eval(lf.body(), inner);
      }
      case TExp.If i -> truth(eval(i.cond(), f)) ? eval(i.then(), f) : eval(i.otherwise(), f);
      case TExp.Loop l -> loop(l, f);
      case TExp.Apply a -> apply(a, f);
      case TExp.Lambda lam -> new Closure(this, "\\", lam.params(), List.of(), lam.body(), f, null, Map.of());
      case TExp.BinOp b -> binop(b, f);
      case TExp.UnOp u -> {
        Object x = eval(u.x(), f);
        yield x instanceof PrimValue p ? PrimArith.unop(u.op(), p) : Forward.unop(u.op(), x);
      }
      case TExp.Match m -> match(m, f);
      case TExp.Constr c -> {
        Object[] ps = new Object[c.payload().size()];
        for (int i = 0; i < ps.length; i++) ps[i] = eval(c.payload().get(i), f);
        yield new SumVal(c.name(), ps);
      }
      case TExp.Assert a -> {
        if (unsafe == 0 && !truth(eval(a.cond(), f))) throw fail(a.message(), a.span());
        yield eval(a.body(), f);
      }
      case TExp.Coerce c -> {
        Object v = eval(c.body(), f);
        if (unsafe == 0) coerce(c.type(), v, f, c.span());
        yield v;
      }
      case TExp.Attr a when a.attribute().equals("unsafe") -> {
        // "Do not perform any dynamic safety checks during execution of the attributed expression":
        // assertions and size coercions are skipped (an index out of bounds, whose result would be
        // undefined, is still an error).
        unsafe++;
        try {
          yield eval(a.body(), f);
        } finally {
          unsafe--;
        }
      }
      case TExp.Attr a when a.attribute().startsWith("param(") && a.attribute().endsWith(")")
          && tuning.containsKey(a.attribute().substring(6, a.attribute().length() - 1).strip()) ->
          // #[param(NAME)] e: a tuning parameter, when the program is given one; e otherwise.
          PrimArith.i64(tuning.get(a.attribute().substring(6, a.attribute().length() - 1).strip()));
      case TExp.Attr a -> eval(a.body(), f);
    };
  }

  static boolean truth(Object v) {
    return Forward.strip(v).bits() != 0;
  }

  private Object variable(TExp.Var v, Frame f) {
    // Names are unique: a top-level definition's name is never bound locally.
    Global g = global(v.name());
    if (g != null) return global(g, v, f);
    Object x = f.get(v.name());
    if (x != null) {
      if ((!v.typeArgs().isEmpty() || !v.sizeArgs().isEmpty()) && x instanceof Closure c) {
        return c.instantiate(typeArgs(v, f), sizeArgs(v, f));
      }
      return x;
    }
    throw new IllegalStateException("unbound variable " + v.name() + " at " + v.span());
  }

  /** The top-level definition of a name, or null. */
  private Global global(VName n) {
    int t = n.tag();
    if (t >= 0 && t < globalsByTag.length) {
      Global g = globalsByTag[t];
      return g != null && g.decl.name().equals(n) ? g : null;
    }
    return globals.get(n);
  }

  private Map<String, Frame.TypeArg> typeArgs(TExp.Var v, Frame f) {
    if (v.typeArgs().isEmpty()) return Map.of();
    Map<String, Frame.TypeArg> m = new HashMap<>();
    v.typeArgs().forEach((k, t) -> m.put(k, new Frame.TypeArg(t, f)));
    return m;
  }

  private Map<VName, Object> sizeArgs(TExp.Var v, Frame f) {
    if (v.sizeArgs().isEmpty()) return Map.of();
    Map<VName, Object> m = new HashMap<>();
    v.sizeArgs().forEach((k, s) -> {
      long n = size(s, f);
      if (n != UNKNOWN) m.put(k, PrimArith.i64(n));
    });
    return m;
  }

  private Object global(Global g, TExp.Var v, Frame f) {
    TDecl d = g.decl;
    FunDef fun = d.fun();
    boolean plain = v.typeArgs().isEmpty() && v.sizeArgs().isEmpty();
    if (fun.params().isEmpty()) {
      boolean cache = plain && fun.typeParams().isEmpty() && fun.sizeParams().isEmpty();
      if (cache && g.value != null) return g.value;
      Frame cf = new Frame(null, typeArgs(v, f));
      sizeArgs(v, f).forEach(cf::put);
      Object val = eval(fun.body(), cf);
      if (cache) {
        // Shared by every use: never written in place.
        ArrayVal.markShared(val);
        g.value = val;
      }
      return val;
    }
    if (plain) {
      if (g.value == null) {
        g.value = new Closure(this, d.name().base(), fun.params(), fun.sizeParams(), fun.body(), null, null, Map.of());
      }
      return g.value;
    }
    return new Closure(this, d.name().base(), fun.params(), fun.sizeParams(), fun.body(), null, typeArgs(v, f), sizeArgs(v, f));
  }

  private Object apply(TExp.Apply a, Frame f) {
    List<TExp> as = a.args();
    if (a.function() instanceof TExp.Intrinsic in && as.size() == Builtins.arity(in.name(), in.type())) {
      Object[] args = new Object[as.size()];
      for (int i = 0; i < args.length; i++) args[i] = eval(as.get(i), f);
      return builtins.apply(in.name(), in.type(), f, in.span(), args);
    }
    Object fn = eval(a.function(), f);
    Object[] args = new Object[as.size()];
    for (int i = 0; i < args.length; i++) args[i] = eval(as.get(i), f);
    calls.add(a.span());
    Object r = FunVal.apply(fn, args);
    calls.remove(calls.size() - 1);
    return r;
  }

  /** A function value: a lambda, a local function or a top-level definition. */
  static final class Closure extends FunVal {
    private final Evaluator ev;
    final String name;
    private final List<TPat> params;
    private final List<VName> sizeParams;
    private final TExp body;
    private final Frame env;
    private final Map<String, Frame.TypeArg> types;
    private final Map<VName, Object> sizes;
    /** An anonymous function: its calls do not count towards {@link #MAX_DEPTH}. */
    private final boolean lambda;

    Closure(Evaluator ev, String name, List<TPat> params, List<VName> sizeParams, TExp body, Frame env,
        Map<String, Frame.TypeArg> types, Map<VName, Object> sizes) {
      this.ev = ev;
      this.name = name;
      this.params = params;
      this.sizeParams = sizeParams;
      this.body = body;
      this.env = env;
      this.types = types;
      this.sizes = sizes;
      this.lambda = name.equals("\\");
    }

    @Override int arity() { return params.size(); }

    /** This function with (more) type and size arguments: a use of a polymorphic local function. */
    Closure instantiate(Map<String, Frame.TypeArg> moreTypes, Map<VName, Object> moreSizes) {
      Map<String, Frame.TypeArg> ts = new HashMap<>();
      if (types != null) ts.putAll(types);
      ts.putAll(moreTypes);
      Map<VName, Object> ss = new HashMap<>(sizes);
      ss.putAll(moreSizes);
      return new Closure(ev, name, params, sizeParams, body, env, ts, ss);
    }

    @Override
    Object call(Object[] args) {
      ev.tick();
      Frame fr = new Frame(env, types);
      if (!sizes.isEmpty()) sizes.forEach(fr::put);
      for (int i = 0; i < args.length; i++) ev.bind(params.get(i), args[i], fr);
      if (lambda) return ev.eval(body, fr);
      if (++ev.depth > MAX_DEPTH) {
        throw ev.fail("Recursion too deep: calls of \"" + name + "\" nested more than " + MAX_DEPTH + " deep.", null);
      }
      try {
        return ev.eval(body, fr);
      } finally {
        ev.depth--;
      }
    }
  }

  // ---- patterns ---------------------------------------------------------------------------

  /** Binds a pattern to a value, and the sizes its type names that are not yet bound to the value's shape. */
  void bind(TPat p, Object v, Frame f) {
    Type t = p.type();
    if (!(t instanceof Type.Prim) && hasSizeVars(t)) bindSizes(t, v, f);
    if (p instanceof TPat.Id id) f.put(id.name(), v);
    else bindNames(p, v, f);
  }

  private void bindNames(TPat p, Object v, Frame f) {
    switch (p) {
      case TPat.Id id -> f.put(id.name(), v);
      case TPat.Wildcard w -> { }
      case TPat.Lit l -> { }
      case TPat.Record r -> {
        RecordVal rv = (RecordVal) v;
        TPat[] subs = recordPatterns.get(r);
        if (subs == null || subs.length != rv.names.length) {
          subs = new TPat[rv.names.length];
          for (int i = 0; i < subs.length; i++) subs[i] = r.fields().get(rv.names[i]);
          recordPatterns.put(r, subs);
        }
        for (int i = 0; i < subs.length; i++) {
          TPat sub = subs[i];
          if (sub instanceof TPat.Id id) f.put(id.name(), rv.values[i]);
          else if (sub != null) bindNames(sub, rv.values[i], f);
        }
      }
      case TPat.Constr c -> {
        SumVal s = (SumVal) v;
        for (int i = 0; i < c.payload().size(); i++) bindNames(c.payload().get(i), s.payload[i], f);
      }
    }
  }

  /** The field patterns of a record pattern in the canonical order of its fields. */
  private final IdentityHashMap<TPat.Record, TPat[]> recordPatterns = new IdentityHashMap<>();

  private boolean hasSizeVars(Type t) {
    Boolean b = hasSizeVars.get(t);
    if (b == null) {
      b = computeHasSizeVars(t);
      hasSizeVars.put(t, b);
    }
    return b;
  }

  private static boolean computeHasSizeVars(Type t) {
    return switch (t) {
      case Type.Array a -> a.shape().stream().anyMatch(s -> s instanceof Size.Var) || computeHasSizeVars(a.elem());
      case Type.Record r -> r.fields().values().stream().anyMatch(Evaluator::computeHasSizeVars);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(Evaluator::computeHasSizeVars);
      default -> false;
    };
  }

  private boolean unbound(VName n, Frame f) {
    return f.get(n) == null && global(n) == null;
  }

  private void bindSizes(Type t, Object v, Frame f) {
    switch (t) {
      case Type.Array a -> {
        if (v instanceof ArrayVal av) bindShape(a, new RowShape.Dim(av.length(), av.row), f);
      }
      case Type.Record r -> {
        if (v instanceof RecordVal rv) {
          r.fields().forEach((k, ft) -> {
            int i = rv.index(k);
            if (i >= 0) bindSizes(ft, rv.values[i], f);
          });
        }
      }
      case Type.Sum s -> {
        if (v instanceof SumVal sv) {
          List<Type> ts = s.constructors().get(sv.constructor);
          if (ts != null) for (int i = 0; i < ts.size() && i < sv.payload.length; i++) bindSizes(ts.get(i), sv.payload[i], f);
        }
      }
      default -> { }
    }
  }

  private void bindShape(Type t, RowShape s, Frame f) {
    switch (t) {
      case Type.Array a -> {
        for (Size d : a.shape()) {
          if (!(s instanceof RowShape.Dim dim)) return;
          if (d instanceof Size.Var sv && unbound(sv.name(), f)) f.put(sv.name(), PrimArith.i64(dim.n()));
          s = dim.row();
        }
        bindShape(a.elem(), s, f);
      }
      case Type.Record r -> {
        if (s instanceof RowShape.Rec rs) {
          r.fields().forEach((k, ft) -> {
            int i = rs.names().indexOf(k);
            if (i >= 0) bindShape(ft, rs.fields().get(i), f);
          });
        }
      }
      default -> { }
    }
  }

  private boolean matches(TPat p, Object v) {
    return switch (p) {
      case TPat.Id id -> true;
      case TPat.Wildcard w -> true;
      case TPat.Lit l -> primEquals(l.value(), Forward.strip(v));
      case TPat.Record r -> {
        RecordVal rv = (RecordVal) v;
        for (var e : r.fields().entrySet()) if (!matches(e.getValue(), rv.get(e.getKey()))) yield false;
        yield true;
      }
      case TPat.Constr c -> {
        SumVal s = (SumVal) v;
        if (!s.constructor.equals(c.name())) yield false;
        for (int i = 0; i < c.payload().size(); i++) if (!matches(c.payload().get(i), s.payload[i])) yield false;
        yield true;
      }
    };
  }

  private Object match(TExp.Match m, Frame f) {
    Object v = eval(m.scrutinee(), f);
    for (TExp.Case c : m.cases()) {
      if (matches(c.pattern(), v)) {
        bind(c.pattern(), v, f);
        return eval(c.body(), f);
      }
    }
    throw fail("no case of the match applies (non-exhaustive match)", m.span());
  }

  // ---- sizes and types --------------------------------------------------------------------

  static final long UNKNOWN = Long.MIN_VALUE;

  /** The value of a size here, or {@link #UNKNOWN}. */
  long size(Size s, Frame f) {
    return switch (s) {
      case Size.Const c -> c.value();
      case Size.Var v -> {
        Object x = f.get(v.name());
        if (x instanceof PrimValue || x instanceof Forward.Dual) yield Forward.strip(x).bits();
        Global g = global(v.name());
        if (g != null && g.decl.fun().params().isEmpty() && g.decl.fun().typeParams().isEmpty()) {
          Object c = global(g, new TExp.Var(v.name(), Type.I64, Map.of(), g.decl.span()), f);
          if (c instanceof PrimValue p) yield p.bits();
        }
        yield UNKNOWN;
      }
      case Size.Expr x -> {
        for (VName n : freeVars(x.exp())) if (unbound(n, f)) yield UNKNOWN;
        try {
          Object r = eval(x.exp(), f);
          yield r instanceof PrimValue || r instanceof Forward.Dual ? Forward.strip(r).bits() : UNKNOWN;
        } catch (EvalError e) {
          yield UNKNOWN;
        }
      }
      case Size.Unknown u -> UNKNOWN;
    };
  }

  private Set<VName> freeVars(TExp e) {
    Set<VName> s = freeVars.get(e);
    if (s == null) {
      s = FreeNames.of(e);
      freeVars.put(e, s);
    }
    return s;
  }

  /** The shape of a value of type {@code t} read in {@code f}: the row shape of an empty array. */
  RowShape shapeOfType(Type t, Frame f) {
    return switch (t) {
      case Type.Array a -> {
        RowShape s = shapeOfType(a.elem(), f);
        for (int d = a.shape().size() - 1; d >= 0; d--) {
          long n = size(a.shape().get(d), f);
          s = new RowShape.Dim(n == UNKNOWN || n < 0 ? 0 : n, s);
        }
        yield s;
      }
      case Type.Record r -> {
        String[] names = RecordVal.canonical(r.fields().keySet());
        List<RowShape> fs = new ArrayList<>();
        for (String n : names) fs.add(shapeOfType(r.fields().get(n), f));
        yield RowShape.rec(List.of(names), fs);
      }
      case Type.Param p -> {
        Frame.TypeArg ta = f.type(p.name());
        yield ta == null ? RowShape.LEAF : shapeOfType(ta.type(), ta.frame());
      }
      default -> RowShape.LEAF;
    };
  }

  /** The shape of a row of an array of type {@code t}. */
  RowShape rowShapeOfType(Type t, Frame f) {
    return shapeOfType(t, f) instanceof RowShape.Dim d ? d.row() : RowShape.LEAF;
  }

  /** The primitive type {@code t} stands for here, or null. */
  PrimType primOf(Type t, Frame f) {
    return switch (t) {
      case Type.Prim p -> p.prim();
      case Type.Param p -> {
        Frame.TypeArg ta = f.type(p.name());
        yield ta == null ? null : primOf(ta.type(), ta.frame());
      }
      default -> null;
    };
  }

  private void coerce(Type t, Object v, Frame f, Span span) {
    switch (t) {
      case Type.Array a -> {
        if (!(v instanceof ArrayVal av)) return;
        List<Long> have = av.dims();
        StringBuilder shape = new StringBuilder(), type = new StringBuilder();
        boolean ok = true;
        for (int d = 0; d < a.shape().size() && d < have.size(); d++) {
          long want = size(a.shape().get(d), f);
          shape.append('[').append(have.get(d)).append(']');
          if (want == UNKNOWN) {
            type.append("[]");
            continue;
          }
          type.append('[').append(want).append(']');
          if (want != have.get(d)) ok = false;
        }
        if (!ok) {
          throw fail("Value of (desugared) shape " + shape + " cannot match shape of type \"" + type + a.elem() + "\".", span);
        }
      }
      case Type.Record r -> {
        if (v instanceof RecordVal rv) {
          r.fields().forEach((k, ft) -> {
            int i = rv.index(k);
            if (i >= 0) coerce(ft, rv.values[i], f, span);
          });
        }
      }
      default -> { }
    }
  }

  // ---- arrays, records --------------------------------------------------------------------

  private Object arrayLit(TExp.ArrayLit a, Frame f) {
    List<TExp> es = a.elements();
    if (es.isEmpty()) return new ArrayVal(new Object[0], rowShapeOfType(a.type(), f));
    Object[] vs = new Object[es.size()];
    for (int i = 0; i < vs.length; i++) vs[i] = eval(es.get(i), f);
    return regular(vs, a.span());
  }

  /**
   * A new array of {@code elems} (at least one), which must all have the same shape: the compiled
   * code's error for an irregular array otherwise.
   */
  ArrayVal regular(Object[] elems, Span span) {
    Object first = elems[0];
    if (first instanceof PrimValue) return new ArrayVal(elems, RowShape.LEAF);
    RowShape row = RowShape.of(first);
    if (row != RowShape.LEAF) {
      for (int i = 1; i < elems.length; i++) {
        RowShape s = RowShape.of(elems[i]);
        if (!s.equals(row)) {
          throw fail("Function result has shape " + RowShape.text(RowShape.dims(s)) + ", but another has shape "
              + RowShape.text(RowShape.dims(row)) + " (irregular array).", span);
        }
      }
    }
    return ArrayVal.of(elems, row);
  }

  /** How a record literal is built: its fields in canonical order, and its expressions in the order written. */
  private record RecordPlan(String[] names, TExp[] exps, int[] slots) {}

  private Object recordLit(TExp.RecordLit r, Frame f) {
    RecordPlan plan = recordPlans.get(r);
    if (plan == null) {
      String[] names = RecordVal.canonical(r.fields().keySet());
      TExp[] exps = new TExp[names.length];
      int[] slots = new int[names.length];
      int i = 0;
      for (var e : r.fields().entrySet()) {
        exps[i] = e.getValue();
        slots[i++] = java.util.Arrays.asList(names).indexOf(e.getKey());
      }
      plan = new RecordPlan(names, exps, slots);
      recordPlans.put(r, plan);
    }
    // Fields are evaluated in the order written.
    Object[] vs = new Object[plan.names.length];
    for (int i = 0; i < vs.length; i++) vs[plan.slots[i]] = eval(plan.exps[i], f);
    return new RecordVal(plan.names, vs);
  }

  private Object recordUpdate(Object rec, List<String> path, int k, Object value) {
    if (k == path.size()) return value;
    RecordVal r = (RecordVal) rec;
    return r.with(path.get(k), recordUpdate(r.get(path.get(k)), path, k + 1, value));
  }

  /** A slice {@code start:end:stride} with the parts given (null when elided). */
  record Slice(Long start, Long end, Long stride) {
    /** As the reference writes a range: with neither end nor stride, the start even where it was left out ("0:"). */
    @Override public String toString() {
      String from = start != null ? start.toString() : end == null && stride == null ? "0" : "";
      return from + ":" + (end == null ? "" : end.toString()) + (stride == null ? "" : ":" + stride);
    }
  }

  private List<Object> indices(List<TExp.DimIndex> ds, Frame f) {
    List<Object> out = new ArrayList<>(ds.size());
    for (TExp.DimIndex d : ds) {
      switch (d) {
        case TExp.DimIndex.Fix x -> out.add(indexValue(eval(x.index(), f)));
        case TExp.DimIndex.Slice s -> out.add(new Slice(
            s.start() == null ? null : indexValue(eval(s.start(), f)),
            s.end() == null ? null : indexValue(eval(s.end(), f)),
            s.stride() == null ? null : indexValue(eval(s.stride(), f))));
      }
    }
    return out;
  }

  /** An index of any integer type as an i64 (unsigned ones zero-extended). */
  private static long indexValue(Object v) {
    return Forward.strip(v).bits();
  }

  /**
   * The positions a slice selects in a dimension of size {@code n}, or null when it is out of
   * bounds. Elided parts default by the stride's sign, as the language reference says: for a
   * positive stride from 0 to n, for a negative one from n-1 down to -1.
   */
  static long[] slicePositions(Slice s, long n) {
    long stride = s.stride() == null ? 1 : s.stride();
    if (stride == 0) return null;
    long start = s.start() != null ? s.start() : stride > 0 ? 0 : n - 1;
    long end = s.end() != null ? s.end() : stride > 0 ? n : -1;
    // The reference's rule: (end - start + stride - signum stride) / stride positions, rounded
    // towards zero; an empty range is acceptable wherever it starts, another only when it runs
    // from start towards end within the dimension.
    long count = (end - start + stride - Long.signum(stride)) / stride;
    if (count == 0) return new long[0];
    if (count < 0 || count > Integer.MAX_VALUE) return null;
    if (stride > 0 ? start < 0 || start > end : end < -1 || end > start) return null;
    long[] out = new long[(int) count];
    for (int i = 0; i < count; i++) {
      long p = start + i * stride;
      if (p < 0 || p >= n) return null;
      out[i] = p;
    }
    return out;
  }

  /** Checks indices against an array's shape: the compiled code's error when one is out of bounds. */
  private void checkBounds(ArrayVal a, List<Object> idx, Span span) {
    long n = a.length();
    RowShape s = a.row;
    for (int k = 0; k < idx.size(); k++) {
      if (!inBounds(idx.get(k), n)) throw outOfBounds(a, idx, span);
      if (s instanceof RowShape.Dim d) {
        n = d.n();
        s = d.row();
      } else {
        n = 0;
      }
    }
  }

  private static boolean inBounds(Object ix, long n) {
    if (ix instanceof Long i) return i >= 0 && i < n;
    return slicePositions((Slice) ix, n) != null;
  }

  private EvalError outOfBounds(ArrayVal a, List<Object> idx, Span span) {
    StringBuilder sb = new StringBuilder("Index [");
    for (int i = 0; i < idx.size(); i++) sb.append(i > 0 ? ", " : "").append(idx.get(i));
    // The shape of the dimensions indexed, as the reference prints it (a[3] of a [2][2] array: "[2]").
    sb.append("] out of bounds for array of shape ").append(RowShape.text(a.dims().subList(0, Math.min(idx.size(), a.dims().size())))).append('.');
    return fail(sb.toString(), span);
  }

  Object index(Object arr, List<Object> idx, Span span) {
    ArrayVal a = (ArrayVal) arr;
    checkBounds(a, idx, span);
    return indexIn(a, idx, 0);
  }

  private Object indexIn(Object v, List<Object> idx, int k) {
    if (k == idx.size()) return v;
    ArrayVal a = (ArrayVal) v;
    Object ix = idx.get(k);
    if (ix instanceof Long i) return indexIn(a.elems[(int) (long) i], idx, k + 1);
    long[] ps = slicePositions((Slice) ix, a.length());
    Object[] out = new Object[ps.length];
    for (int t = 0; t < ps.length; t++) out[t] = indexIn(a.elems[(int) ps[t]], idx, k + 1);
    return ArrayVal.of(out, indexShape(a.row, idx, k + 1));
  }

  /** The shape of a row after the indices from {@code k} on. */
  private static RowShape indexShape(RowShape s, List<Object> idx, int k) {
    if (k == idx.size()) return s;
    if (!(s instanceof RowShape.Dim d)) return s;
    Object ix = idx.get(k);
    if (ix instanceof Long) return indexShape(d.row(), idx, k + 1);
    long[] ps = slicePositions((Slice) ix, d.n());
    return new RowShape.Dim(ps == null ? 0 : ps.length, indexShape(d.row(), idx, k + 1));
  }

  /** {@code a with [idx] = v}: writes into {@code a} (consumed), or into a copy when it is shared. */
  ArrayVal update(ArrayVal a, List<Object> idx, Object v, Span span) {
    checkBounds(a, idx, span);
    return (ArrayVal) write(a, idx, 0, v, span);
  }

  private Object write(Object target, List<Object> idx, int k, Object v, Span span) {
    if (k == idx.size()) {
      if (target instanceof ArrayVal old && v instanceof ArrayVal nv && !old.dims().equals(nv.dims())) {
        throw fail("Cannot write a value of shape " + RowShape.text(nv.dims()) + " into a row of shape "
            + RowShape.text(old.dims()) + ".", span);
      }
      return v;
    }
    ArrayVal a = ((ArrayVal) target).owned(copyOnUpdate);
    Object ix = idx.get(k);
    boolean last = k + 1 == idx.size();
    if (ix instanceof Long i) {
      int p = (int) (long) i;
      Object nv = write(a.elems[p], idx, k + 1, v, span);
      if (last) ArrayVal.markShared(nv);
      a.elems[p] = nv;
      return a;
    }
    long[] ps = slicePositions((Slice) ix, a.length());
    if (!(v instanceof ArrayVal src) || src.length() != ps.length) {
      long have = v instanceof ArrayVal src2 ? src2.length() : 0;
      throw fail("Value of shape " + have + " cannot be written to a slice of a different shape.", span);
    }
    for (int t = 0; t < ps.length; t++) {
      int p = (int) ps[t];
      Object nv = write(a.elems[p], idx, k + 1, src.elems[t], span);
      if (last) ArrayVal.markShared(nv);
      a.elems[p] = nv;
    }
    return a;
  }

  private Object range(TExp.Range r, Frame f) {
    PrimValue s = Forward.strip(eval(r.start(), f));
    PrimValue second = r.second() == null ? null : Forward.strip(eval(r.second(), f));
    PrimValue e = Forward.strip(eval(r.end(), f));
    PrimType t = s.type();
    BigInteger start = big(s), end = big(e);
    BigInteger snd = second == null ? null : big(second);
    BigInteger step;
    boolean ok;
    BigInteger one = BigInteger.ONE;
    switch (r.kind()) {
      case DOWN_TO_EXCLUSIVE -> {
        step = snd == null ? one.negate() : snd.subtract(start);
        ok = start.compareTo(end) >= 0 && (snd == null || snd.compareTo(start) < 0);
        end = end.add(one);
      }
      case INCLUSIVE -> {
        if (snd == null) {
          step = one;
          ok = start.compareTo(end) <= 0;
        } else if (snd.compareTo(start) > 0) {
          step = snd.subtract(start);
          ok = start.compareTo(end) <= 0;
        } else {
          step = snd.subtract(start);
          ok = start.compareTo(end) >= 0 && !snd.equals(start);
        }
      }
      default -> {
        step = snd == null ? one : snd.subtract(start);
        ok = start.compareTo(end) <= 0 && (snd == null || snd.compareTo(start) > 0);
        end = end.subtract(one);
      }
    }
    if (!ok) {
      String op = switch (r.kind()) {
        case INCLUSIVE -> "...";
        case UP_TO_EXCLUSIVE -> "..<";
        case DOWN_TO_EXCLUSIVE -> "..>";
      };
      throw fail("Range " + intText(s) + (second == null ? "" : ".." + intText(second)) + op + intText(e)
          + " is invalid.", r.span());
    }
    // The elements start, start+step, ... up to end (inclusive here, after the adjustment above).
    List<Object> out = new ArrayList<>();
    int sign = step.signum();
    for (BigInteger x = start; sign > 0 ? x.compareTo(end) <= 0 : x.compareTo(end) >= 0; x = x.add(step)) {
      out.add(PrimArith.ofInt(t, x.longValue()));
      if (out.size() % 4096 == 0) tick();
    }
    return new ArrayVal(out.toArray(), RowShape.LEAF);
  }

  static String intText(PrimValue v) {
    return v.type().isUnsigned() ? Long.toUnsignedString(v.bits()) : Long.toString(v.bits());
  }

  private static BigInteger big(PrimValue v) {
    BigInteger b = BigInteger.valueOf(v.bits());
    return v.type().isUnsigned() && v.bits() < 0 ? b.add(BigInteger.ONE.shiftLeft(64)) : b;
  }

  // ---- operators --------------------------------------------------------------------------

  private Object binop(TExp.BinOp b, Frame f) {
    BinOperator op = b.op();
    if (op == BinOperator.LAND) return truth(eval(b.x(), f)) ? eval(b.y(), f) : PrimArith.FALSE;
    if (op == BinOperator.LOR) return truth(eval(b.x(), f)) ? PrimArith.TRUE : eval(b.y(), f);
    Object x = eval(b.x(), f), y = eval(b.y(), f);
    try {
      if (x instanceof PrimValue px && y instanceof PrimValue py) return PrimArith.binop(op, px, py);
      if (x instanceof Forward.Dual || y instanceof Forward.Dual) return Forward.binop(op, x, y);
    } catch (PrimArith.Failure e) {
      throw fail(e.getMessage(), b.span());
    }
    if (op == BinOperator.EQ) return PrimArith.bool(valueEquals(x, y));
    if (op == BinOperator.NEQ) return PrimArith.bool(!valueEquals(x, y));
    throw new IllegalStateException("operator " + op.symbol + " on non-primitive values at " + b.span());
  }

  static boolean primEquals(PrimValue a, PrimValue b) {
    if (a.type().isFloat()) return a.floatValue() == b.floatValue();
    return a.bits() == b.bits();
  }

  /** {@code ==} on any values of one type: arrays of the same shape and elements, records, sums. */
  static boolean valueEquals(Object a, Object b) {
    return switch (a) {
      case PrimValue p -> primEquals(p, Forward.strip(b));
      case Forward.Dual d -> primEquals(Forward.strip(d), Forward.strip(b));
      case ArrayVal x -> {
        ArrayVal y = (ArrayVal) b;
        if (x.length() != y.length() || !x.row.equals(y.row)) yield false;
        for (int i = 0; i < x.elems.length; i++) if (!valueEquals(x.elems[i], y.elems[i])) yield false;
        yield true;
      }
      case RecordVal x -> {
        RecordVal y = (RecordVal) b;
        for (int i = 0; i < x.values.length; i++) if (!valueEquals(x.values[i], y.get(x.names[i]))) yield false;
        yield true;
      }
      case SumVal x -> {
        SumVal y = (SumVal) b;
        if (!x.constructor.equals(y.constructor)) yield false;
        for (int i = 0; i < x.payload.length; i++) if (!valueEquals(x.payload[i], y.payload[i])) yield false;
        yield true;
      }
      default -> throw new IllegalStateException("== on functions");
    };
  }

  // ---- loops ------------------------------------------------------------------------------

  private Object loop(TExp.Loop l, Frame f) {
    Object acc = eval(l.init(), f);
    switch (l.form()) {
      case TExp.LoopForm.For fo -> {
        PrimValue bound = Forward.strip(eval(fo.bound(), f));
        PrimType t = bound.type();
        long n = bound.bits();
        boolean unsigned = t.isUnsigned();
        for (long i = 0; unsigned ? Long.compareUnsigned(i, n) < 0 : i < n; i++) {
          tick();
          Frame it = f.child();
          bind(l.param(), acc, it);
          it.put(fo.index(), PrimArith.ofInt(t, i));
          acc = eval(l.body(), it);
        }
      }
      case TExp.LoopForm.ForIn fi -> {
        ArrayVal xs = (ArrayVal) eval(fi.array(), f);
        for (Object x : xs.elems) {
          tick();
          Frame it = f.child();
          bind(l.param(), acc, it);
          bind(fi.element(), x, it);
          acc = eval(l.body(), it);
        }
      }
      case TExp.LoopForm.While w -> {
        while (true) {
          tick();
          Frame it = f.child();
          bind(l.param(), acc, it);
          if (!truth(eval(w.cond(), it))) break;
          acc = eval(l.body(), it);
        }
      }
    }
    return acc;
  }

  // ---- entry points -----------------------------------------------------------------------

  /**
   * Binds an entry point's parameter: its constant dimensions, and those an earlier parameter bound,
   * must agree with the argument's shape (the compiled code's error otherwise).
   */
  void bindEntryParam(TPat p, Object v, Frame f) {
    checkEntrySizes(p.type(), v, f);
    bind(p, v, f);
  }

  private void checkEntrySizes(Type t, Object v, Frame f) {
    if (t instanceof Type.Array a && v instanceof ArrayVal av) {
      List<Long> dims = av.dims();
      for (int d = 0; d < a.shape().size() && d < dims.size(); d++) {
        Size s = a.shape().get(d);
        long want = s instanceof Size.Var sv && unbound(sv.name(), f) ? UNKNOWN : size(s, f);
        if (want == UNKNOWN) {
          if (s instanceof Size.Var sv && unbound(sv.name(), f)) f.put(sv.name(), PrimArith.i64(dims.get(d)));
          continue;
        }
        if (want != dims.get(d)) throw fail("entry point arguments have invalid sizes.", null);
      }
    }
  }

  Object callEntry(TDecl d, List<Object> args) {
    FunDef fun = d.fun();
    Frame fr = new Frame(null, null);
    for (int i = 0; i < args.size(); i++) bindEntryParam(fun.params().get(i), args.get(i), fr);
    return eval(fun.body(), fr);
  }
}

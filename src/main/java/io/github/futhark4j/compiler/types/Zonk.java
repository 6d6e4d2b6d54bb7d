package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Turns resolved {@link Ty}s into checked {@link Type}s: leftover overloaded variables take their
 * default type ({@code i32}, {@code f64}), abstract types are replaced by their definitions (the
 * back end sees through module ascriptions), type parameters become {@link Type.Param}s named by
 * their unique name, and sizes become constants, variables or expressions.
 */
final class Zonk {
  private final TcState st;

  Zonk(TcState st) {
    this.st = st;
  }

  /** Thrown for a variable whose type cannot be decided (a record of unknown shape). */
  static final class Ambiguous extends RuntimeException {
    final Ty.Var var;

    Ambiguous(Ty.Var var) {
      super(null, null, false, false);
      this.var = var;
    }
  }

  static PrimType defaultOf(java.util.EnumSet<PrimType> prims) {
    if (prims.contains(PrimType.I32)) return PrimType.I32;
    if (prims.contains(PrimType.F64)) return PrimType.F64;
    return prims.iterator().next();
  }

  /** Fixes a leftover variable to its default, as the end of a top-level definition does. */
  static void defaultVar(Ty.Var v) {
    if (v.ref != null) return;
    if (v.prims != null) v.ref = new Ty.Prim(defaultOf(v.prims));
    else if (v.constructors != null) v.ref = new Ty.Sum(v.constructors);
    else if (v.fields != null) throw new Ambiguous(v);
    else v.ref = Ty.UNIT;
  }

  Type type(Ty t) {
    t = Unify.resolve(t);
    return switch (t) {
      case Ty.Prim p -> new Type.Prim(p.prim());
      case Ty.Var v -> {
        defaultVar(v);
        yield type(v.ref);
      }
      case Ty.Arr a -> {
        List<Size> shape = new ArrayList<>();
        Ty e = a;
        while (Unify.resolve(e) instanceof Ty.Arr inner) {
          shape.add(size(inner.size()));
          e = inner.elem();
        }
        Type et = type(e);
        if (et instanceof Type.Array ea) {
          shape.addAll(ea.shape());
          et = ea.elem();
        }
        yield new Type.Array(et, shape, a.unique());
      }
      case Ty.Rec r -> {
        Map<String, Type> m = new LinkedHashMap<>();
        r.fields().forEach((k, v) -> m.put(k, type(v)));
        yield new Type.Record(m);
      }
      case Ty.Sum s -> {
        SortedMap<String, List<Type>> m = new TreeMap<>();
        s.constructors().forEach((k, v) -> m.put(k, v.stream().map(this::type).toList()));
        yield new Type.Sum(m);
      }
      case Ty.Fun f -> new Type.Arrow(
          f.pname() != null && Unify.mentions(f.result(), Set.of(f.pname())) ? f.pname().toString() : null,
          type(f.param()), type(f.result()));
      case Ty.Named n -> {
        Env.TypeB impl = st.abstractImpl.get(n.name());
        if (impl == null) yield new Type.Param(n.name().toString(), n.unique());
        Map<VName, Ty> ts = new HashMap<>();
        Map<VName, SE> ss = new HashMap<>();
        for (int i = 0; i < impl.params().size() && i < n.args().size(); i++) {
          Env.TParam p = impl.params().get(i);
          if (p.isSize()) ss.put(p.name(), n.args().get(i).size());
          else ts.put(p.name(), n.args().get(i).type());
        }
        // A size-lifted definition's own sizes are not known from the type: the value tells them.
        for (VName a : impl.anons()) ss.put(a, new SE.F(new Ty.Flex(0, a.base())));
        Type r = type(Unify.subst(impl.body(), ts, ss));
        // *t of an abbreviation of a record or sum makes every array in it unique, as for arrays.
        yield n.unique() ? Consumption.setUnique(r, true) : r;
      }
    };
  }

  /** The size expressions being built: one met again inside itself (through a variable's type) is unknown. */
  private final Set<SE> building = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** A size that is an expression: the checked expression, or unknown where it cannot be built. */
  private Size expression(SE e) {
    SE key = SE.norm(e);
    if (!building.add(key)) return Size.UNKNOWN;
    try {
      TExp built = build(e);
      return built == null ? Size.UNKNOWN : new Size.Expr(built, SE.show(Unify.normFully(e)));
    } finally {
      building.remove(key);
    }
  }

  Size size(SE e) {
    SE n = SE.norm(e);
    return switch (n) {
      case SE.L l -> new Size.Const(l.value());
      case SE.V v -> new Size.Var(v.v());
      case SE.F f -> Size.UNKNOWN;
      case SE.B b -> expression(e);
      case SE.Op o -> expression(e);
      case SE.Neg ne -> expression(e);
      case SE.Call c -> expression(e);
      case SE.Proj p -> expression(e);
      case SE.Idx i -> expression(e);
      case SE.Form f -> expression(e);
      case SE.Opaque o -> expression(e);
    };
  }

  /** The checked expression computing a size, or null when it cannot be rebuilt. */
  private TExp build(SE e) {
    if (e instanceof SE.B b) return b.build().get();
    e = SE.norm(e);
    Span sp = Span.NONE;
    return switch (e) {
      case SE.L l -> new TExp.Literal(PrimValue.ofInt(PrimType.I64, l.value()), Type.I64, sp);
      case SE.V v -> new TExp.Var(v.v(), Type.I64, Map.of(), sp);
      case SE.Op o -> {
        TExp a = build(o.a()), b = build(o.b());
        TExp.BinOperator op = null;
        for (TExp.BinOperator x : TExp.BinOperator.values()) if (x.symbol.equals(o.op())) op = x;
        if (a == null || b == null || op == null) yield null;
        yield new TExp.BinOp(op, a, b, Type.I64, Type.I64, sp);
      }
      case SE.Neg x -> {
        TExp a = build(x.a());
        yield a == null ? null : new TExp.UnOp(TExp.UnOperator.NEG, a, Type.I64, sp);
      }
      case SE.Call c -> {
        // A call of a named function in a size ([sq n * sq n] split by unification): the lowering
        // looks the function up by name; its arguments are sizes or variables of any type.
        List<TExp> args = new java.util.ArrayList<>();
        Type fn = Type.I64;
        for (SE a : c.args()) {
          TExp x = build(a);
          if (x == null) yield null;
          args.add(x);
        }
        for (int i = args.size() - 1; i >= 0; i--) fn = new Type.Arrow(null, args.get(i).type(), fn);
        yield args.isEmpty() ? null : new TExp.Apply(new TExp.Var(c.f(), fn, Map.of(), sp), args, Type.I64, sp);
      }
      case SE.F f -> null;
      case SE.B b -> null;
      case SE.Proj p -> null;
      case SE.Idx i -> null;
      case SE.Form f -> null;
      case SE.Opaque o -> null;
    };
  }
}

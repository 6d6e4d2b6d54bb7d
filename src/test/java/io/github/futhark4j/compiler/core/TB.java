package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.source.Source;
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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small builder of checked trees for back-end tests, standing in for the front end. Spans
 * point into {@link #src} so run-time error messages name real positions.
 */
public final class TB {
  public Source src = new Source("prog.fut", "");
  private int tag = 100;
  public final List<TDecl> decls = new ArrayList<>();

  public TB() {}

  public TB(String text) { src = new Source("prog.fut", text); }

  /** The span of the first occurrence of {@code snippet} in the source text. */
  public Span at(String snippet) {
    int i = src.text().indexOf(snippet);
    if (i < 0) throw new IllegalArgumentException("not in source: " + snippet);
    return new Span(src, i, i + snippet.length());
  }

  public Span none() { return new Span(src, 0, 0); }

  public VName name(String s) { return new VName(s, tag++); }

  public static final Type I64 = Type.I64, I32 = Type.I32, F64 = Type.F64, BOOL = Type.BOOL;

  public static Type prim(PrimType t) { return Type.prim(t); }

  public static Type arr(Type elem, int rank) {
    List<Size> s = new ArrayList<>();
    for (int i = 0; i < rank; i++) s.add(Size.UNKNOWN);
    return new Type.Array(elem, s, false);
  }

  public static Type arr(Type elem, Size... dims) { return new Type.Array(elem, Arrays.asList(dims), false); }

  public static Type fn(Type... ts) {
    Type t = ts[ts.length - 1];
    for (int i = ts.length - 2; i >= 0; i--) t = new Type.Arrow(null, ts[i], t);
    return t;
  }

  public static Type tup(Type... ts) { return Type.tuple(List.of(ts)); }

  public TExp i64(long v) { return new TExp.Literal(PrimValue.ofInt(PrimType.I64, v), I64, none()); }

  public TExp lit(PrimType t, double v) {
    PrimValue pv = t.isFloat() ? PrimValue.ofFloat(t, v) : t.isBool() ? PrimValue.ofBool(v != 0) : PrimValue.ofInt(t, (long) v);
    return new TExp.Literal(pv, Type.prim(t), none());
  }

  public TExp var(VName n, Type t) { return new TExp.Var(n, t, Map.of(), none()); }

  public TExp var(TPat.Id p) { return var(p.name(), p.type()); }

  public TExp intr(String name, Type t) { return new TExp.Intrinsic(name, t, none()); }

  public TExp app(TExp f, Type result, TExp... args) { return new TExp.Apply(f, List.of(args), result, none()); }

  public TExp appAt(Span s, TExp f, Type result, TExp... args) { return new TExp.Apply(f, List.of(args), result, s); }

  public TExp bin(BinOperator op, TExp x, TExp y) { return binAt(none(), op, x, y); }

  public TExp binAt(Span s, BinOperator op, TExp x, TExp y) {
    Type res = switch (op) {
      case EQ, NEQ, LT, LE, GT, GE, LAND, LOR -> BOOL;
      default -> x.type();
    };
    return new TExp.BinOp(op, x, y, x.type(), res, s);
  }

  public TPat.Id id(String n, Type t) { return new TPat.Id(name(n), t, none()); }

  public TPat tpat(TPat... ps) {
    Map<String, TPat> m = new LinkedHashMap<>();
    List<Type> ts = new ArrayList<>();
    for (int i = 0; i < ps.length; i++) { m.put(Integer.toString(i), ps[i]); ts.add(ps[i].type()); }
    return new TPat.Record(m, Type.tuple(ts), none());
  }

  public TExp tuple(TExp... es) {
    Map<String, TExp> m = new LinkedHashMap<>();
    List<Type> ts = new ArrayList<>();
    for (int i = 0; i < es.length; i++) { m.put(Integer.toString(i), es[i]); ts.add(es[i].type()); }
    return new TExp.RecordLit(m, Type.tuple(ts), none());
  }

  public TExp lam(Type result, TExp body, TPat... ps) {
    Type t = result;
    for (int i = ps.length - 1; i >= 0; i--) t = new Type.Arrow(null, ps[i].type(), t);
    return new TExp.Lambda(List.of(ps), body, t, none());
  }

  /** {@code \x y -> x op y} at type t. */
  public TExp op(BinOperator op, Type t) {
    TPat.Id x = id("x", t), y = id("y", t);
    return lam(binAt(none(), op, var(x), var(y)).type(), bin(op, var(x), var(y)), x, y);
  }

  public TExp let(TPat p, TExp v, TExp body) { return new TExp.Let(p, v, body, body.type(), none()); }

  public TExp iff(TExp c, TExp t, TExp e) { return new TExp.If(c, t, e, t.type(), none()); }

  public TExp index(Span s, TExp a, TExp... is) {
    Type t = ((Type.Array) a.type()).rank() == is.length ? ((Type.Array) a.type()).elem()
        : arr(((Type.Array) a.type()).elem(), ((Type.Array) a.type()).rank() - is.length);
    return new TExp.Index(a, Arrays.stream(is).map(i -> (TExp.DimIndex) new TExp.DimIndex.Fix(i)).toList(), t, s);
  }

  public TExp update(Span s, TExp a, TExp i, TExp v) {
    return new TExp.Update(a, List.of(new TExp.DimIndex.Fix(i)), v, a.type(), s);
  }

  public TExp proj(TExp r, String f) {
    return new TExp.Project(r, f, ((Type.Record) r.type()).fields().get(f), none());
  }

  public TDecl def(VName n, Type ret, TExp body, TPat... ps) {
    TDecl d = new TDecl(n, new FunDef(List.of(), List.of(), List.of(ps), ret, body), null, none());
    decls.add(d);
    return d;
  }

  public TExp ref(TDecl d) {
    Type t = d.fun().returnType();
    for (int i = d.fun().params().size() - 1; i >= 0; i--) t = new Type.Arrow(null, d.fun().params().get(i).type(), t);
    return var(d.name(), t);
  }

  public static String typeName(Type t) {
    if (t instanceof Type.Array a) return "[]".repeat(a.rank()) + a.elem();
    return t.toString();
  }

  /** An entry point; a tuple return type gives several outputs. */
  public TDecl entry(String name, Type ret, TExp body, TPat... ps) {
    List<TDecl.EntryType> ins = new ArrayList<>();
    for (TPat p : ps) ins.add(new TDecl.EntryType(typeName(p.type()), p.type(), p.type() instanceof Type.Array a && a.unique()));
    List<TDecl.EntryType> outs = new ArrayList<>();
    if (ret instanceof Type.Record r && r.isTuple() && !r.fields().isEmpty()) {
      for (Type t : r.fields().values()) outs.add(new TDecl.EntryType(typeName(t), t, false));
    } else {
      outs.add(new TDecl.EntryType(typeName(ret), ret, false));
    }
    TDecl d = new TDecl(name(name), new FunDef(List.of(), List.of(), List.of(ps), ret, body),
        new TDecl.EntryPoint(name, ins, outs), none());
    decls.add(d);
    return d;
  }

  public TProgram program() { return new TProgram(src, List.copyOf(decls)); }

  /** Type of a SOAC intrinsic such as map: (a -> b) -> []a -> []b. */
  public TExp map1(Type a, Type b, TExp f, TExp xs) {
    return app(intr("map", fn(fn(a, b), Type.arrayOf(a, Size.UNKNOWN, false), Type.arrayOf(b, Size.UNKNOWN, false))),
        Type.arrayOf(b, Size.UNKNOWN, false), f, xs);
  }

  public TExp reduce(Type t, TExp op, TExp ne, TExp xs) {
    return app(intr("reduce", fn(fn(t, t, t), t, Type.arrayOf(t, Size.UNKNOWN, false), t)), t, op, ne, xs);
  }
}

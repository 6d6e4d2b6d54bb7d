package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Plan;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two-dimensional map nests as one kernel (part of {@link Kernels}): a host-level
 * {@code map n (\x -> ... map w (\y -> e) ys) xs} whose outer code is scalar device code and whose
 * inner map's width {@code w} is known before the nest, becomes one flat map over the
 * {@code n * w} pairs of indices, marked {@code #[kernel]}, whose results are unflattened to the
 * nest's:
 *
 * <pre>
 *   let nw = n * w
 *   #[virtual] let g = iota nw
 *   #[kernel] let flat = map nw (g) (\k -> let i = k / w; let j = k % w; let x = xs[i]; ...; let y = ys[j]; e)
 *   let r = unflatten n w flat
 * </pre>
 *
 * Each work-item computes the outer code of its row again (scalar code, cheap next to the inner
 * work, and what a GPU wants: {@code n * w} work-items instead of n). The element reads are proven
 * in range (unchecked): i is below n and j below w, the widths of the arrays read.
 *
 * <p>A parameter may also be a row of a two-dimensional array (an outer one row i of its input,
 * an inner one row j of its input, or column j of the array a virtual transpose reads), as in a
 * matrix product {@code map (\r -> map (\c -> sum (map2 (*) r c)) (transpose b)) a}: each work-item
 * then reads the rows' elements where it needs them. Such a row may only be the input of
 * reductions (which become reductions over a virtual {@code iota} of the row's width, reading
 * {@code a[i, k]} and {@code b[k, j]}) and have its size read.
 */
final class Nests {
  private Nests() {}

  /**
   * The statements replacing map statement {@code s} (over {@code m}) when it is such a nest, or
   * null. {@code defs}: the virtual arrays of host code around it, by name, with their definitions.
   */
  static List<Stm> flatten(Stm s, Exp.Map m, Map<String, Exp> defs) {
    if (!s.plan().isEmpty() && !s.plan().equals(EnumSet.of(Plan.INTERCHANGE))) return null;
    Lambda f = m.f();
    List<Stm> stms = f.body().stms();
    if (stms.isEmpty() || !(stms.get(stms.size() - 1).exp() instanceof Exp.Map inner)) return null;
    Stm innerStm = stms.get(stms.size() - 1);
    if (!f.body().results().equals(innerStm.pattern())) return null;
    for (Atom.Var p : f.params()) if (p.type().rank() > 1 || p.type().elem() == PrimType.F16) return null;
    for (Atom.Var p : inner.f().params()) if (p.type().rank() > 1 || p.type().elem() == PrimType.F16) return null;
    // The inner width is the same for every row: a constant or a variable of the host code.
    Set<String> bound = new HashSet<>();
    for (Atom.Var p : f.params()) bound.add(p.name());
    for (Stm t : stms) for (Atom.Var v : t.pattern()) bound.add(v.name());
    if (inner.width() instanceof Atom.Var wv && bound.contains(wv.name())) return null;
    Atom w = inner.width();
    // The outer code runs once per work-item, so not at all when w is 0, where the host runs it for
    // every row: code that may fail is taken only for a w known to be positive. An iota of width
    // w fails exactly when w is negative: the host's check of it, for a nest with rows, comes first.
    boolean checkWidth = false;
    for (Stm t : stms.subList(0, stms.size() - 1)) {
      if (!mayFail(t)) continue;
      if (t.has(Plan.VIRTUAL) && t.exp() instanceof Exp.Iota io && io.n().equals(w)) {
        checkWidth = true;
        continue;
      }
      if (!(w instanceof Atom.Const c && c.value().bits() > 0)) return null;
    }
    String base = s.pattern().get(0).name();
    Atom.Var k = new Atom.Var(base + "_kk", scalar(PrimType.I64));
    Atom.Var i = new Atom.Var(base + "_ki", scalar(PrimType.I64));
    Atom.Var j = new Atom.Var(base + "_kj", scalar(PrimType.I64));
    List<Stm> body = new ArrayList<>();
    body.add(new Stm(List.of(i), new Exp.BinOp(BinOperator.QUOT, PrimType.I64, k, w, null)));
    body.add(new Stm(List.of(j), new Exp.BinOp(BinOperator.REM, PrimType.I64, k, w, null)));
    Map<String, Row> rows = new java.util.HashMap<>();
    for (int a = 0; a < f.params().size(); a++) {
      Atom.Var p = f.params().get(a);
      Atom in = m.arrays().get(a);
      if (p.type().isArray()) {
        if (!(in instanceof Atom.Var v) || in.type().rank() != 2 || defs.containsKey(v.name())) return null;
        rows.put(p.name(), new Row(v, false, i));
        continue;
      }
      Stm bind = element(p, in, i, defs);
      if (bind == null) return null;
      body.add(bind);
    }
    body.addAll(stms.subList(0, stms.size() - 1));
    // The inner inputs' elements: the virtual arrays of the outer code too are computed, not read.
    Map<String, Exp> local = new java.util.HashMap<>(defs);
    for (Stm t : stms) if (t.has(Plan.VIRTUAL)) for (Atom.Var v : t.pattern()) local.put(v.name(), t.exp());
    for (int a = 0; a < inner.f().params().size(); a++) {
      Atom in = inner.arrays().get(a);
      Atom.Var p = inner.f().params().get(a);
      if (!(in instanceof Atom.Var v)) return null;
      if (p.type().isArray()) {
        Row r = innerRow(v, j, defs);
        if (r == null) return null;
        rows.put(p.name(), r);
        continue;
      }
      Stm bind = element(p, in, j, local);
      if (bind == null) return null;
      body.add(bind);
    }
    body.addAll(inner.f().body().stms());
    if (!rows.isEmpty()) {
      body = readRows(body, rows);
      if (body == null) return null;
    }
    Lambda flat = new Lambda(List.of(k), new Body(body, inner.f().body().results()));
    Set<String> virtual = defs.keySet();
    if (!Kernels.deviceBody(flat.body()) || !Kernels.freeVarsFit(flat, virtual)) return null;
    // The new statements.
    Atom.Var nw = new Atom.Var(base + "_knw", scalar(PrimType.I64));
    Atom.Var g = new Atom.Var(base + "_kg", new IrType.Arr(PrimType.I64, 1));
    List<Atom.Var> flats = new ArrayList<>();
    for (Atom.Var r : s.pattern()) flats.add(new Atom.Var(r.name() + "_kflat", new IrType.Arr(r.type().elem(), 1)));
    List<Stm> out = new ArrayList<>();
    if (checkWidth) {
      // if n > 0 then iota w: the range's error for a negative w, as the first row would fail.
      Atom.Var some = new Atom.Var(base + "_krows", scalar(PrimType.BOOL));
      Atom.Var check = new Atom.Var(base + "_kcheck", new IrType.Arr(PrimType.I64, 1));
      out.add(new Stm(List.of(some), new Exp.BinOp(BinOperator.GT, PrimType.I64, m.width(), zero(), null)));
      Body then = new Body(List.of(new Stm(List.of(check), new Exp.Iota(w, PrimType.I64), EnumSet.of(Plan.VIRTUAL))), List.of());
      out.add(new Stm(List.of(), new Exp.If(some, then, new Body(List.of(), List.of()))));
    }
    // The width of the rows made, never negative (a nest of no rows and a negative w has no
    // elements and no error, as on the host).
    Atom wz = w;
    if (!(w instanceof Atom.Const c && c.value().bits() >= 0)) {
      Atom.Var neg = new Atom.Var(base + "_kneg", scalar(PrimType.BOOL));
      Atom.Var z = new Atom.Var(base + "_kw", scalar(PrimType.I64));
      out.add(new Stm(List.of(neg), new Exp.BinOp(BinOperator.LT, PrimType.I64, w, zero(), null)));
      out.add(new Stm(List.of(z), new Exp.If(neg, new Body(List.of(), List.of(zero())), new Body(List.of(), List.of(w)))));
      wz = z;
    }
    out.add(new Stm(List.of(nw), new Exp.BinOp(BinOperator.MUL, PrimType.I64, m.width(), wz, null)));
    out.add(new Stm(List.of(g), new Exp.Iota(nw, PrimType.I64), EnumSet.of(Plan.VIRTUAL)));
    out.add(new Stm(flats, new Exp.Map(nw, flat, List.of(g)), EnumSet.of(Plan.KERNEL)));
    for (int r = 0; r < flats.size(); r++) {
      out.add(new Stm(List.of(s.pattern().get(r)), new Exp.Unflatten(m.width(), wz, flats.get(r), null)));
    }
    return out;
  }

  /** Whether statement {@code s} of scalar code may fail (a loop or branch when its code may). */
  private static boolean mayFail(Stm s) {
    return switch (s.exp()) {
      case Exp.Loop l -> io.github.futhark4j.compiler.core.Effects.mayFail(l.body())
          || l.form() instanceof Exp.LoopForm.While wf && io.github.futhark4j.compiler.core.Effects.mayFail(wf.cond());
      case Exp.Replicate r when s.has(Plan.VIRTUAL) -> false; // no memory, and no check (as on the host)
      default -> io.github.futhark4j.compiler.core.Effects.mayFail(s.exp());
    };
  }

  /**
   * The statement binding parameter {@code p} to element {@code i} of input {@code in}: a read of
   * a flat array, or a virtual iota's or replicate's element ({@code defs}: the virtual arrays by
   * name, with their definitions); null for other inputs.
   */
  private static Stm element(Atom.Var p, Atom in, Atom.Var i, Map<String, Exp> defs) {
    if (!(in instanceof Atom.Var v) || in.type().rank() != 1) return null;
    Exp def = defs.get(v.name());
    if (def == null) return new Stm(List.of(p), new Exp.Index(in, List.of(i), null));
    return switch (def) {
      case Exp.Iota io when io.type() == PrimType.I64 -> new Stm(List.of(p), new Exp.AtomE(i));
      case Exp.Replicate r when !r.value().type().isArray() -> new Stm(List.of(p), new Exp.AtomE(r.value()));
      default -> null;
    };
  }

  /**
   * A row parameter's elements: row {@code at} of two-dimensional {@code array}, or with
   * {@code column} its column {@code at}.
   */
  private record Row(Atom.Var array, boolean column, Atom.Var at) {
    Exp element(Atom k) {
      return new Exp.Index(array, column ? List.of(k, at) : List.of(at, k), null);
    }

    Exp size() { return new Exp.Shape(array, column ? 0 : 1); }
  }

  /** Row j of an inner input: of a flat array's rows, or a column of the array a virtual transpose reads. */
  private static Row innerRow(Atom.Var in, Atom.Var j, Map<String, Exp> defs) {
    if (in.type().rank() != 2) return null;
    Exp def = defs.get(in.name());
    if (def == null) return new Row(in, false, j);
    if (def instanceof Exp.Transpose t && t.array() instanceof Atom.Var src && src.type().rank() == 2 && !defs.containsKey(src.name())) {
      return new Row(src, true, j);
    }
    return null;
  }

  /**
   * {@code stms} with the rows read where they are needed: a row's size from its array's shape, a
   * reduction over rows as one over a virtual iota of its width whose fused map reads the rows'
   * elements. Null when a row is used otherwise.
   */
  private static List<Stm> readRows(List<Stm> stms, Map<String, Row> rows) {
    List<Stm> out = new ArrayList<>();
    for (Stm s : stms) {
      if (s.exp() instanceof Exp.Shape sh && sh.dim() == 0 && sh.array() instanceof Atom.Var v && rows.containsKey(v.name())) {
        out.add(new Stm(s.pattern(), rows.get(v.name()).size()));
        continue;
      }
      if (s.exp() instanceof Exp.Reduce r && r.arrays().stream().anyMatch(a -> a instanceof Atom.Var v && rows.containsKey(v.name()))) {
        String base = s.pattern().get(0).name();
        Atom.Var kk = new Atom.Var(base + "_kk", scalar(PrimType.I64));
        Atom.Var ks = new Atom.Var(base + "_ks", new IrType.Arr(PrimType.I64, 1));
        List<Stm> reads = new ArrayList<>();
        List<Atom.Var> elems = new ArrayList<>();
        for (int a = 0; a < r.arrays().size(); a++) {
          Atom in = r.arrays().get(a);
          Atom.Var e = r.mapf() != null ? r.mapf().params().get(a) : new Atom.Var(base + "_ke" + a, in.type().row());
          Row row = in instanceof Atom.Var v ? rows.get(v.name()) : null;
          if (row == null && (in.type().rank() != 1 || !(in instanceof Atom.Var))) return null;
          reads.add(new Stm(List.of(e), row != null ? row.element(kk) : new Exp.Index(in, List.of(kk), null)));
          elems.add(e);
        }
        Body mapBody = r.mapf() != null
            ? new Body(concat(reads, r.mapf().body().stms()), r.mapf().body().results())
            : new Body(reads, List.copyOf(elems));
        Exp.Reduce fold = new Exp.Reduce(r.width(), r.op(), r.nes(), new Lambda(List.of(kk), mapBody), List.of(ks), r.commutative());
        for (String v : FreeVars.ofExp(fold)) if (rows.containsKey(v)) return null;
        out.add(new Stm(List.of(ks), new Exp.Iota(r.width(), PrimType.I64), EnumSet.of(Plan.VIRTUAL)));
        out.add(new Stm(s.pattern(), fold, s.plan()));
        continue;
      }
      for (String v : FreeVars.ofExp(s.exp())) if (rows.containsKey(v)) return null;
      out.add(s);
    }
    return out;
  }

  private static List<Stm> concat(List<Stm> a, List<Stm> b) {
    List<Stm> l = new ArrayList<>(a);
    l.addAll(b);
    return l;
  }

  private static IrType scalar(PrimType t) { return new IrType.Scalar(t); }

  private static Atom zero() { return new Atom.Const(io.github.futhark4j.compiler.typed.PrimValue.ofInt(PrimType.I64, 0)); }
}

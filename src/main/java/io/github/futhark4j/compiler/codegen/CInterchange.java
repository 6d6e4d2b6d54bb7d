package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.types.PrimType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Interchange of a map over j of a redomap over k (the shape of matrix multiplication,
 * {@code map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a}).
 *
 * <p>Read as written, every (i, j) walks a column of b. Here the k loop moves outside the j loop:
 * a vector of accumulators over j is updated for each k ({@code acc[j] = acc[j] op f(a[i][k],
 * b[k][j])}), so the columns are read contiguously, one vector of j at a time. For the nest
 * (a map over i around it) the kernel is blocked like a hand-written matrix multiplication:
 * tiles of IB rows x (PANELS x vector) columns are the parallel tasks; within a tile, the
 * column inputs of a k-slice of KC are packed into a contiguous panel, and R rows share each
 * loaded panel vector (R x vector accumulators stay in registers while k runs).
 *
 * <p>Each (i, j) still combines its elements in k order starting from the neutral element, so
 * the result is exactly the sequential reduction's: the transformation needs no algebraic
 * property of the operator, only that the operator and the map function are scalar code that
 * cannot fail ({@link ScalarCode}), since vector lanes past the edge compute on padding.
 *
 * <p>{@code transpose b} used only as the column input of such maps (and in {@code shape}) is
 * never materialised: the kernel reads b itself ({@link #findVirtualTransposes}).
 */
final class CInterchange {
  /** Rows sharing each loaded column vector. */
  static final int R = 8;
  /** The k extent of one packed panel. */
  static final int KC = 256;
  /** Rows per parallel task. */
  static final int IB = 64;
  /** Column vectors per parallel task. */
  static final int PANELS = 8;
  /** At most this many column inputs (each needs a packed panel). */
  static final int MAX_COLUMN_INPUTS = 4;

  private final CGen g;

  CInterchange(CGen g) { this.g = g; }

  /**
   * One input array of the redomap: {@code param >= 0} for the rows of the map's array
   * {@code array} (element k of row j is {@code array[j][k]}: a column input), else an array
   * invariant in j (element k is {@code array[k]}, or {@code A[i][k]} when it is the row of an
   * enclosing map over A).
   */
  record Input(int param, Atom.Var array) {
    boolean column() { return param >= 0; }
  }

  /** {@code map width (arrays) (\params -> pre; reduce red)}. */
  record Inner(Exp.Map map, List<Stm> pre, Exp.Reduce red, List<Input> inputs) {}

  /** {@code map width (arrays) (\params -> pre; inner)}. */
  record Nest(Exp.Map outer, List<Stm> pre, Inner inner) {}

  private static Set<String> names(List<Atom.Var> vs) {
    Set<String> s = new HashSet<>();
    for (Atom.Var v : vs) s.add(v.name());
    return s;
  }

  private static boolean mentions(Atom a, Set<String> vs) {
    return a instanceof Atom.Var v && vs.contains(v.name());
  }

  /** Statements that are the same for every row: shapes, non-failing scalar code and assertions. */
  private static boolean invariantPre(List<Stm> pre, Set<String> params) {
    for (Stm s : pre) {
      if (s.exp() instanceof Exp.Shape) continue; // every row of a regular array has the same shape
      if (!(s.exp() instanceof Exp.Assert) && !ScalarCode.stm(s)) return false;
      if (!Collections.disjoint(FreeVars.ofExp(s.exp()), params)) return false;
    }
    return true;
  }

  private static Set<String> lambdaFree(Lambda l) {
    if (l == null) return Set.of();
    Set<String> s = new HashSet<>(FreeVars.ofBody(l.body()));
    s.removeAll(names(l.params()));
    return s;
  }

  /** The map over j of a redomap over k, or null. */
  static Inner inner(Exp.Map m) {
    Lambda f = m.f();
    List<Stm> stms = f.body().stms();
    if (stms.isEmpty() || f.body().results().size() != 1) return null;
    Stm last = stms.get(stms.size() - 1);
    if (!(last.exp() instanceof Exp.Reduce r) || last.pattern().size() != 1
        || !f.body().results().get(0).equals(last.pattern().get(0))) return null;
    if (r.nes().size() != 1 || r.nes().get(0).type().isArray() || r.nes().get(0).type().elem() == PrimType.F16) return null;
    if (!ScalarCode.lambda(r.op())) return null;
    if (r.mapf() == null ? r.arrays().size() != 1 : !ScalarCode.lambda(r.mapf()) || r.mapf().returnTypes().size() != 1) {
      return null;
    }
    Set<String> params = names(f.params());
    List<Stm> pre = stms.subList(0, stms.size() - 1);
    if (!invariantPre(pre, params)) return null;
    if (!Collections.disjoint(lambdaFree(r.op()), params) || !Collections.disjoint(lambdaFree(r.mapf()), params)) return null;
    if (mentions(r.width(), params) || mentions(r.nes().get(0), params)) return null;
    List<Input> inputs = new ArrayList<>();
    for (Atom a : r.arrays()) {
      if (!(a instanceof Atom.Var v) || v.type().rank() != 1 || v.type().elem() == PrimType.F16) return null;
      int p = f.params().indexOf(v);
      if (p >= 0) {
        if (!(m.arrays().get(p) instanceof Atom.Var x) || x.type().rank() != 2) return null;
        inputs.add(new Input(p, x));
      } else {
        inputs.add(new Input(-1, v));
      }
    }
    // Each column input gets a packed panel on the stack of the worker thread (<= 128 KiB).
    long columns = inputs.stream().filter(Input::column).count();
    return columns >= 1 && columns <= MAX_COLUMN_INPUTS ? new Inner(m, List.copyOf(pre), r, inputs) : null;
  }

  /** A map over i whose body is (invariant statements and) an {@link #inner} map, or null. */
  static Nest nest(Exp.Map m) {
    Lambda f = m.f();
    List<Stm> stms = f.body().stms();
    if (stms.isEmpty() || f.body().results().size() != 1) return null;
    Stm last = stms.get(stms.size() - 1);
    if (!(last.exp() instanceof Exp.Map im) || last.pattern().size() != 1
        || !f.body().results().get(0).equals(last.pattern().get(0))) return null;
    Inner in = inner(im);
    if (in == null) return null;
    Set<String> params = names(f.params());
    List<Stm> pre = stms.subList(0, stms.size() - 1);
    if (!invariantPre(pre, params) || !invariantPre(in.pre(), params)) return null;
    Exp.Reduce r = in.red();
    if (!Collections.disjoint(lambdaFree(r.op()), params) || !Collections.disjoint(lambdaFree(r.mapf()), params)) return null;
    if (mentions(im.width(), params) || mentions(r.width(), params) || mentions(r.nes().get(0), params)) return null;
    for (Atom a : im.arrays()) if (mentions(a, params)) return null;
    for (Input x : in.inputs()) {
      if (x.column()) continue;
      int q = f.params().indexOf(x.array());
      if (q >= 0 && !(m.arrays().get(q) instanceof Atom.Var av && av.type().rank() == 2)) return null;
    }
    return new Nest(m, List.copyOf(pre), in);
  }

  // ---- virtual transposes -------------------------------------------------------------------

  /**
   * Marks {@code let t = transpose b} (rank 2) virtual when every later use of t in {@code b} is
   * as an input array of an {@link #inner} map (or in {@code shape}); b stays alive as long as t
   * is used, so an in-place update of b cannot overwrite what the kernel still reads.
   */
  void findVirtualTransposes(Body b, List<Set<String>> uses) {
    List<Stm> stms = b.stms();
    for (int i = 0; i < stms.size(); i++) {
      Stm s = stms.get(i);
      if (!(s.exp() instanceof Exp.Transpose t) || s.pattern().size() != 1 || s.pattern().get(0).type().rank() != 2
          || !(t.array() instanceof Atom.Var src)) continue;
      String x = s.pattern().get(0).name();
      if (b.results().stream().anyMatch(a -> mentions(a, Set.of(x)))) continue;
      boolean ok = true;
      for (int j = i + 1; j < stms.size() && ok; j++) ok = onlyColumns(x, stms.get(j).exp());
      if (!ok) continue;
      g.virtualTransposes.put(x, src);
      for (int j = i + 1; j < stms.size(); j++) if (uses.get(j).contains(x)) uses.get(j).add(src.name());
    }
  }

  private static boolean onlyColumns(String t, Exp e) {
    if (e instanceof Exp.Shape) return true;
    if (e instanceof Exp.Map m && inner(m) != null) return true; // t can only be an input array there
    boolean[] ok = {true};
    Rewrite.exp(e, a -> {
      if (mentions(a, Set.of(t))) ok[0] = false;
      return a;
    }, body -> {
      for (Stm s : body.stms()) if (!onlyColumns(t, s.exp())) ok[0] = false;
      if (body.results().stream().anyMatch(a -> mentions(a, Set.of(t)))) ok[0] = false;
      return body;
    });
    return ok[0];
  }

  // ---- code -----------------------------------------------------------------------------------

  /**
   * Emits {@code m} interchanged when it is a {@link #nest}, or an {@link #inner} map one of whose
   * column inputs is a virtual transpose (a single map over j gains nothing from the interchange
   * when its rows are contiguous already, but must read a virtual transpose through its source).
   */
  boolean tryMap(List<Atom.Var> pat, Exp.Map m) {
    Nest nest = nest(m);
    if (nest != null) {
      emit(pat, m, nest.pre(), nest.inner());
      return true;
    }
    Inner in = inner(m);
    if (in != null && in.inputs().stream().anyMatch(x -> x.column() && g.virtualTransposes.containsKey(x.array().name()))) {
      emit(pat, null, List.of(), in);
      return true;
    }
    return false;
  }

  /** Binds the array parameters of a map to row 0 (only their shapes are read). */
  private void bindRow0(List<Atom.Var> params, List<Atom> arrays) {
    for (int k = 0; k < params.size(); k++) {
      Atom.Var p = params.get(k);
      if (!p.type().isArray()) continue;
      Atom a = arrays.get(k);
      g.line("fut_arr " + p.name() + " = fut_row(&" + atom(a) + ", " + a.type().rank() + ", 0, " + CGen.es(a.type()) + ");");
    }
  }

  private void emit(List<Atom.Var> pat, Exp.Map outer, List<Stm> outerPre, Inner in) {
    String out = pat.get(0).name();
    g.declare(pat);
    String es = CGen.es(pat.get(0).type());
    String wi = outer != null ? atom(outer.width()) : "1";
    String wj = atom(in.map().width());
    g.line("/* interchanged redomap: k loop outside a vector of j accumulators */");
    if (outer != null) {
      // Statements of the map over i run once (they are the same for every row), if it runs.
      g.open("if (" + wi + " > 0) {");
      bindRow0(outer.f().params(), outer.arrays());
      g.body(new Body(outerPre, List.of()), Set.of(), List.of());
      g.check("fut_alloc(ctx, &" + out + ", 2, (int64_t[]){" + wi + ", " + wj + "}, " + es + ")");
    } else {
      g.open("{");
      g.check("fut_alloc(ctx, &" + out + ", 1, (int64_t[]){" + wj + "}, " + es + ")");
    }
    g.open("if (" + wj + " > 0) {");
    bindRow0(in.map().f().params(), in.map().arrays());
    g.body(new Body(in.pre(), List.of()), Set.of(), List.of());
    kernel(out, wi, wj, outer, in);
    g.close("}");
    if (outer != null) {
      g.close("} else {");
      g.indent++;
      g.check("fut_alloc(ctx, &" + out + ", 2, (int64_t[]){" + wi + ", 0}, " + es + ")");
    }
    g.close("}");
  }

  private void kernel(String out, String wi, String wj, Exp.Map outer, Inner in) {
    Exp.Reduce r = in.red();
    String t = CPrim.ctype(r.nes().get(0).type().elem());
    boolean par = g.multicore && !g.inParallel;
    g.open("{");
    String vj = g.fresh("vj");
    // One vector register of accumulators per row (16 f32 lanes with AVX-512).
    g.line("#if defined(__AVX512F__)");
    g.line("enum { " + vj + " = 64 / (int)sizeof(" + t + ") };");
    g.line("#else");
    g.line("enum { " + vj + " = 32 / (int)sizeof(" + t + ") };");
    g.line("#endif");
    String ni = g.fresh("ni"), nj = g.fresh("nj"), nk = g.fresh("nk");
    g.line("const int64_t " + ni + " = " + wi + ", " + nj + " = " + wj + ", " + nk + " = " + atom(r.width()) + ";");
    // Where each input's element (i or j, k) lives.
    List<String> src = new ArrayList<>(), stepK = new ArrayList<>(), stepJ = new ArrayList<>(), lda = new ArrayList<>();
    List<String> et = new ArrayList<>();
    for (Input x : in.inputs()) {
      String s = g.fresh("src"), e = CPrim.ctype(x.array().type().elem());
      et.add(e);
      src.add(s);
      if (x.column()) {
        Atom.Var through = g.virtualTransposes.get(x.array().name());
        if (through != null) {
          g.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + through.name() + ".data;");
          stepK.add(through.name() + ".shape[1]");
          stepJ.add("1");
        } else {
          g.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + x.array().name() + ".data;");
          stepK.add("1");
          stepJ.add(x.array().name() + ".shape[1]");
        }
        lda.add(null);
      } else {
        int q = outer == null ? -1 : outer.f().params().indexOf(x.array());
        Atom base = q >= 0 ? outer.arrays().get(q) : x.array();
        g.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + atom(base) + ".data;");
        lda.add(q >= 0 ? atom(base) + ".shape[1]" : "0");
        stepK.add(null);
        stepJ.add(null);
      }
    }
    String nbi = g.fresh("nbi"), nbj = g.fresh("nbj"), tile = g.fresh("tile");
    g.line("const int64_t " + nbi + " = (" + ni + " + " + IB + " - 1) / " + IB + ", " + nbj + " = (" + nj + " + " + PANELS + " * "
        + vj + " - 1) / (" + PANELS + " * " + vj + ");");
    if (par) {
      String nt = g.fresh("nt");
      g.line("int " + nt + " = fut_threads_for_heavy(ctx, " + nbi + " * " + nbj + ");");
      g.line("#pragma omp parallel for num_threads(" + nt + ") schedule(dynamic) if(" + nt + " > 1)");
    }
    g.open("for (int64_t " + tile + " = 0; " + tile + " < " + nbi + " * " + nbj + "; " + tile + "++) {");
    boolean savedPar = g.inParallel;
    if (par) g.inParallel = true;
    String ilo = g.fresh("ilo"), ihi = g.fresh("ihi"), jlo = g.fresh("jlo"), jhi = g.fresh("jhi");
    g.line("const int64_t " + ilo + " = (" + tile + " / " + nbj + ") * " + IB + ", " + ihi + " = " + ilo + " + " + IB + " < " + ni
        + " ? " + ilo + " + " + IB + " : " + ni + ";");
    g.line("const int64_t " + jlo + " = (" + tile + " % " + nbj + ") * " + PANELS + " * " + vj + ", " + jhi + " = " + jlo + " + "
        + PANELS + " * " + vj + " < " + nj + " ? " + jlo + " + " + PANELS + " * " + vj + " : " + nj + ";");
    List<String> pk = new ArrayList<>();
    for (int q = 0; q < in.inputs().size(); q++) {
      if (!in.inputs().get(q).column()) { pk.add(null); continue; }
      String p = g.fresh("pk");
      pk.add(p);
      g.line(et.get(q) + " " + p + "[" + KC + " * " + vj + "] __attribute__((aligned(64)));");
    }
    String accb = g.fresh("accb");
    g.line(t + " " + accb + "[" + IB + " * " + vj + "] __attribute__((aligned(64)));");
    String j0 = g.fresh("j0"), jw = g.fresh("jw"), k0 = g.fresh("k0"), kc = g.fresh("kc"), i0 = g.fresh("i0");
    g.open("for (int64_t " + j0 + " = " + jlo + "; " + j0 + " < " + jhi + "; " + j0 + " += " + vj + ") {");
    g.line("const int64_t " + jw + " = " + nj + " - " + j0 + " < " + vj + " ? " + nj + " - " + j0 + " : " + vj + ";");
    g.line("for (int64_t q_ = 0; q_ < (" + ihi + " - " + ilo + ") * " + vj + "; q_++) " + accb + "[q_] = " + atom(r.nes().get(0)) + ";");
    g.open("for (int64_t " + k0 + " = 0; " + k0 + " < " + nk + "; " + k0 + " += " + KC + ") {");
    g.line("const int64_t " + kc + " = " + nk + " - " + k0 + " < " + KC + " ? " + nk + " - " + k0 + " : " + KC + ";");
    // Pack the column inputs of this k-slice: row kk holds the vj columns from j0 (the lanes past
    // the edge repeat column j0, so they compute on real values and are never stored).
    for (int q = 0; q < in.inputs().size(); q++) {
      if (pk.get(q) == null) continue;
      String col = "(" + j0 + " + (jj_ < " + jw + " ? jj_ : 0))";
      String at = src.get(q) + "[(" + k0 + " + kk_) * " + stepK.get(q) + " + " + col + " * " + stepJ.get(q) + "]";
      String store = pk.get(q) + "[kk_ * " + vj + " + jj_] = " + at + ";";
      if (stepJ.get(q).equals("1")) {
        g.line("for (int64_t kk_ = 0; kk_ < " + kc + "; kk_++) for (int jj_ = 0; jj_ < " + vj + "; jj_++) " + store);
      } else {
        g.line("for (int jj_ = 0; jj_ < " + vj + "; jj_++) for (int64_t kk_ = 0; kk_ < " + kc + "; kk_++) " + store);
      }
    }
    g.line("int64_t " + i0 + " = " + ilo + ";");
    g.open("for (; " + i0 + " + " + R + " <= " + ihi + "; " + i0 + " += " + R + ") {");
    micro(R, in, t, vj, src, lda, pk, et, accb, ilo, i0, k0, kc);
    g.close("}");
    g.open("for (; " + i0 + " < " + ihi + "; " + i0 + "++) {");
    micro(1, in, t, vj, src, lda, pk, et, accb, ilo, i0, k0, kc);
    g.close("}");
    g.close("}");
    g.line("for (int64_t i_ = " + ilo + "; i_ < " + ihi + "; i_++) for (int64_t jj_ = 0; jj_ < " + jw + "; jj_++) ((" + t + " *)"
        + out + ".data)[i_ * " + nj + " + " + j0 + " + jj_] = " + accb + "[(i_ - " + ilo + ") * " + vj + " + jj_];");
    g.close("}");
    g.inParallel = savedPar;
    g.close("}");
    g.close("}");
  }

  /**
   * rows rows from i0: the lanes are vj columns, each lane keeps one accumulator per row while k
   * runs over the packed slice (gcc vectorises this outer loop; the accumulators become vector
   * registers).
   */
  private void micro(int rows, Inner in, String t, String vj, List<String> src, List<String> lda, List<String> pk,
      List<String> et, String accb, String ilo, String i0, String k0, String kc) {
    Exp.Reduce r = in.red();
    List<Input> inputs = in.inputs();
    List<List<String>> rowPtr = new ArrayList<>();
    for (int q = 0; q < inputs.size(); q++) {
      List<String> ps = new ArrayList<>();
      if (!inputs.get(q).column()) {
        for (int k = 0; k < rows; k++) {
          String p = g.fresh("ar");
          g.line("const " + et.get(q) + " *restrict " + p + " = " + src.get(q) + " + (" + i0 + " + " + k + ") * " + lda.get(q) + " + "
              + k0 + ";");
          ps.add(p);
        }
      }
      rowPtr.add(ps);
    }
    String ac = g.fresh("ac");
    g.line(t + " *restrict " + ac + " = " + accb + " + (" + i0 + " - " + ilo + ") * " + vj + ";");
    if (g.multicore) g.line("#pragma omp simd");
    g.open("for (int jj = 0; jj < " + vj + "; jj++) {");
    List<String> c = new ArrayList<>();
    for (int k = 0; k < rows; k++) {
      String v = g.fresh("c");
      c.add(v);
      g.line(t + " " + v + " = " + ac + "[" + k + " * " + vj + " + jj];");
    }
    g.open("for (int64_t kk = 0; kk < " + kc + "; kk++) {");
    List<String> cols = new ArrayList<>();
    for (int q = 0; q < inputs.size(); q++) {
      if (pk.get(q) == null) { cols.add(null); continue; }
      String b = g.fresh("b");
      g.line("const " + et.get(q) + " " + b + " = " + pk.get(q) + "[kk * " + vj + " + jj];");
      cols.add(b);
    }
    for (int k = 0; k < rows; k++) {
      List<String> args = new ArrayList<>();
      for (int q = 0; q < inputs.size(); q++) args.add(inputs.get(q).column() ? cols.get(q) : rowPtr.get(q).get(k) + "[kk]");
      String y;
      if (r.mapf() == null) {
        y = args.get(0);
      } else {
        y = g.fresh("y");
        g.line(t + " " + y + ";");
        ScalarCode.apply(g, r.mapf(), args, List.of(y));
      }
      String next = g.fresh("acc");
      g.line(t + " " + next + ";");
      ScalarCode.apply(g, r.op(), List.of(c.get(k), y), List.of(next));
      g.line(c.get(k) + " = " + next + ";");
    }
    g.close("}");
    for (int k = 0; k < rows; k++) g.line(ac + "[" + k + " * " + vj + " + jj] = " + c.get(k) + ";");
    g.close("}");
  }
}

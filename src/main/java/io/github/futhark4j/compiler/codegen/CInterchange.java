package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.RowShapes;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Schedule;
import io.github.futhark4j.compiler.opt.Schedule.Inner;
import io.github.futhark4j.compiler.opt.Schedule.Input;
import io.github.futhark4j.compiler.opt.Schedule.Nest;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
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
 * loaded panel vector (R x VW vectors of accumulators stay in registers while k runs).
 *
 * <p>Each (i, j) still combines its elements in k order starting from the neutral element, so
 * the result is the sequential reduction's (for sums of float products up to the rounding of
 * the fused multiply-add, see {@link #madd}): the transformation needs no algebraic property of
 * the operator, only that the operator and the map function are scalar code that cannot fail
 * ({@link ScalarCode}), since vector lanes past the edge compute on padding.
 *
 * <p>Which maps are interchanged, and which {@code transpose b} used only as the column input of
 * such maps (and in {@code shape}) is never materialised (the kernel then reads b itself), is
 * chosen by {@code opt.Schedule}, which also recognises the shapes ({@link Schedule#nest}, {@link
 * Schedule#inner}).
 *
 * <p>Writes through the function's {@link CgState} (whose virtual transposes it reads);
 * statements before the reduce are emitted by {@link CGen}. Each micro-kernel is a helper
 * function with a state and generators of its own ({@link Generators#of} of {@link
 * CgState#helper}). Wired by {@link Generators}.
 */
final class CInterchange {
  /** Rows sharing each loaded column vector. */
  static final int R = 8;
  /** Rows of a micro-kernel step where the target has 16 vector registers (AVX2 and older). */
  static final int R_AVX2 = 6;
  /** The k extent of one packed panel. */
  static final int KC = 256;
  /** Rows per parallel task. */
  static final int IB = 128;
  /** Column vectors per parallel task. */
  static final int PANELS = 8;
  /**
   * Vectors of columns per row in the micro-kernel: with two, each loaded row element feeds two
   * independent multiply-adds, so loads no longer outnumber the arithmetic (R + VW loads for R x VW
   * operations) and R x VW accumulator chains hide the latency of the multiply-add.
   */
  static final int VW = 2;

  private final CgState st;
  private final CGen gen;

  /** See {@link Generators}, which wires the generators. */
  CInterchange(CgState st, CGen gen) {
    this.st = st;
    this.gen = gen;
  }

  // ---- code -----------------------------------------------------------------------------------

  /**
   * Emits a map the schedule marked {@code #[interchange]}: a {@link Schedule#nest}, or a single
   * {@link Schedule#inner} map (one of whose column inputs is a virtual transpose).
   */
  void map(List<Atom.Var> pat, Exp.Map m) {
    Nest nest = Schedule.nest(m);
    if (nest != null) emit(pat, m, nest.pre(), nest.inner());
    else emit(pat, null, List.of(), Schedule.inner(m));
  }

  /** Binds the array parameters of a map to row 0 (only their shapes are read). */
  private void bindRow0(List<Atom.Var> params, List<Atom> arrays) {
    for (int k = 0; k < params.size(); k++) {
      Atom.Var p = params.get(k);
      if (!p.type().isArray()) continue;
      Atom a = arrays.get(k);
      st.line("fut_arr " + p.name() + " = fut_row(&" + atom(a) + ", " + a.type().rank() + ", 0, " + CGen.es(a.type()) + ");");
    }
  }

  private void emit(List<Atom.Var> pat, Exp.Map outer, List<Stm> outerPre, Inner in) {
    String out = pat.get(0).name();
    gen.declare(pat);
    String es = CGen.es(pat.get(0).type());
    String wi = outer != null ? atom(outer.width()) : "1";
    String wj = atom(in.map().width());
    st.line("/* interchanged redomap: k loop outside a vector of j accumulators */");
    if (outer != null) {
      // Statements of the map over i run once (they are the same for every row), if it runs.
      st.open("if (" + wi + " > 0) {");
      bindRow0(outer.f().params(), outer.arrays());
      gen.body(new Body(outerPre, List.of()), Set.of(), List.of());
      st.check(st.alloc(out, "2, (int64_t[]){" + wi + ", " + wj + "}, " + es));
    } else {
      st.open("{");
      st.check(st.alloc(out, "1, (int64_t[]){" + wj + "}, " + es));
    }
    st.open("if (" + wj + " > 0) {");
    bindRow0(in.map().f().params(), in.map().arrays());
    gen.body(new Body(in.pre(), List.of()), Set.of(), List.of());
    kernel(out, wi, wj, outer, in);
    st.close("}");
    if (outer != null) {
      st.close("} else {");
      st.indent++;
      List<RowShapes.Dim> row = RowShapes.of(outer.f(), outer.arrays()).get(0);
      String wj0 = row != null && row.size() == 1 ? CSoac.dim(row.get(0)) : "0";
      st.check(st.alloc(out, "2, (int64_t[]){" + wi + ", " + wj0 + "}, " + es));
    }
    st.close("}");
  }

  /**
   * Declares the lane count of one vector register of element type {@code t} as {@code vj} (16
   * f32 lanes with AVX-512) and the columns of one micro-kernel step, VW vectors, as {@code vw}.
   */
  private static void widths(CgState st, String t, String vj, String vw) {
    st.line("#if defined(__AVX512F__)");
    st.line("enum { " + vj + " = 64 / (int)sizeof(" + t + ") };");
    st.line("#else");
    st.line("enum { " + vj + " = 32 / (int)sizeof(" + t + ") };");
    st.line("#endif");
    st.line("enum { " + vw + " = " + VW + " * " + vj + " };");
  }

  private void kernel(String out, String wi, String wj, Exp.Map outer, Inner in) {
    Exp.Reduce r = in.red();
    String t = CPrim.ctype(r.nes().get(0).type().elem());
    boolean par = st.multicore && !st.inParallel;
    st.open("{");
    String vj = st.fresh("vj"), vw = st.fresh("vw");
    widths(st, t, vj, vw);
    String ni = st.fresh("ni"), nj = st.fresh("nj"), nk = st.fresh("nk");
    st.line("const int64_t " + ni + " = " + wi + ", " + nj + " = " + wj + ", " + nk + " = " + atom(r.width()) + ";");
    // Where each input's element (i or j, k) lives.
    List<String> src = new ArrayList<>(), stepK = new ArrayList<>(), stepJ = new ArrayList<>(), lda = new ArrayList<>();
    List<String> et = new ArrayList<>();
    for (Input x : in.inputs()) {
      String s = st.fresh("src"), e = CPrim.ctype(x.array().type().elem());
      et.add(e);
      src.add(s);
      if (x.column()) {
        Atom.Var through = st.virtualTransposes.get(x.array().name());
        if (through != null) {
          st.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + through.name() + ".data;");
          stepK.add(through.name() + ".shape[1]");
          stepJ.add("1");
        } else {
          st.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + x.array().name() + ".data;");
          stepK.add("1");
          stepJ.add(x.array().name() + ".shape[1]");
        }
        lda.add(null);
      } else {
        int q = outer == null ? -1 : outer.f().params().indexOf(x.array());
        Atom base = q >= 0 ? outer.arrays().get(q) : x.array();
        st.line("const " + e + " *restrict " + s + " = (const " + e + " *)" + atom(base) + ".data;");
        lda.add(q >= 0 ? atom(base) + ".shape[1]" : "0");
        stepK.add(null);
        stepJ.add(null);
      }
    }
    String nbi = st.fresh("nbi"), nbj = st.fresh("nbj"), tile = st.fresh("tile");
    st.line("const int64_t " + nbi + " = (" + ni + " + " + IB + " - 1) / " + IB + ", " + nbj + " = (" + nj + " + " + PANELS + " * "
        + vj + " - 1) / (" + PANELS + " * " + vj + ");");
    if (par) {
      String nt = st.fresh("nt");
      st.line("int " + nt + " = fut_threads_for_heavy(ctx, " + nbi + " * " + nbj + ");");
      st.parallelPragma(" for num_threads(" + nt + ") schedule(dynamic) if(" + nt + " > 1)");
    }
    st.open("for (int64_t " + tile + " = 0; " + tile + " < " + nbi + " * " + nbj + "; " + tile + "++) {");
    boolean savedPar = st.inParallel;
    if (par) st.inParallel = true;
    String ilo = st.fresh("ilo"), ihi = st.fresh("ihi"), jlo = st.fresh("jlo"), jhi = st.fresh("jhi");
    st.line("const int64_t " + ilo + " = (" + tile + " / " + nbj + ") * " + IB + ", " + ihi + " = " + ilo + " + " + IB + " < " + ni
        + " ? " + ilo + " + " + IB + " : " + ni + ";");
    st.line("const int64_t " + jlo + " = (" + tile + " % " + nbj + ") * " + PANELS + " * " + vj + ", " + jhi + " = " + jlo + " + "
        + PANELS + " * " + vj + " < " + nj + " ? " + jlo + " + " + PANELS + " * " + vj + " : " + nj + ";");
    List<String> pk = new ArrayList<>();
    for (int q = 0; q < in.inputs().size(); q++) {
      if (!in.inputs().get(q).column()) { pk.add(null); continue; }
      String p = st.fresh("pk");
      pk.add(p);
      st.line(et.get(q) + " " + p + "[" + KC + " * " + vw + "] __attribute__((aligned(64)));");
    }
    String accb = st.fresh("accb");
    st.line(t + " " + accb + "[" + IB + " * " + vw + "] __attribute__((aligned(64)));");
    String j0 = st.fresh("j0"), jw = st.fresh("jw"), k0 = st.fresh("k0"), kc = st.fresh("kc"), i0 = st.fresh("i0");
    st.open("for (int64_t " + j0 + " = " + jlo + "; " + j0 + " < " + jhi + "; " + j0 + " += " + vw + ") {");
    st.line("const int64_t " + jw + " = " + nj + " - " + j0 + " < " + vw + " ? " + nj + " - " + j0 + " : " + vw + ";");
    st.line("for (int64_t q_ = 0; q_ < (" + ihi + " - " + ilo + ") * " + vw + "; q_++) " + accb + "[q_] = " + atom(r.nes().get(0)) + ";");
    st.open("for (int64_t " + k0 + " = 0; " + k0 + " < " + nk + "; " + k0 + " += " + KC + ") {");
    st.line("const int64_t " + kc + " = " + nk + " - " + k0 + " < " + KC + " ? " + nk + " - " + k0 + " : " + KC + ";");
    // Pack the column inputs of this k-slice: row kk holds the vj columns from j0 (the lanes past
    // the edge repeat column j0, so they compute on real values and are never stored).
    for (int q = 0; q < in.inputs().size(); q++) {
      if (pk.get(q) == null) continue;
      String col = "(" + j0 + " + (jj_ < " + jw + " ? jj_ : 0))";
      String at = src.get(q) + "[(" + k0 + " + kk_) * " + stepK.get(q) + " + " + col + " * " + stepJ.get(q) + "]";
      String store = pk.get(q) + "[kk_ * " + vw + " + jj_] = " + at + ";";
      if (stepJ.get(q).equals("1")) {
        // Full panels (all but the right edge) are row copies, which gcc vectorises.
        st.line("if (" + jw + " == " + vw + ") for (int64_t kk_ = 0; kk_ < " + kc + "; kk_++) for (int jj_ = 0; jj_ < " + vw
            + "; jj_++) " + pk.get(q) + "[kk_ * " + vw + " + jj_] = " + src.get(q) + "[(" + k0 + " + kk_) * " + stepK.get(q) + " + "
            + j0 + " + jj_];");
        st.line("else for (int64_t kk_ = 0; kk_ < " + kc + "; kk_++) for (int jj_ = 0; jj_ < " + vw + "; jj_++) " + store);
      } else {
        st.line("for (int jj_ = 0; jj_ < " + vw + "; jj_++) for (int64_t kk_ = 0; kk_ < " + kc + "; kk_++) " + store);
      }
    }
    st.line("int64_t " + i0 + " = " + ilo + ";");
    // R rows of VW vectors of accumulators, plus the VW panel vectors and a broadcast, must fit
    // the vector registers: 32 with AVX-512, 16 with AVX2, where 8 rows (16 accumulators) spilled.
    st.line("#if defined(__AVX512F__)");
    st.open("for (; " + i0 + " + " + R + " <= " + ihi + "; " + i0 + " += " + R + ") {");
    micro(R, in, t, vj, vw, src, lda, pk, et, accb, ilo, i0, k0, kc);
    st.close("}");
    st.line("#else");
    st.open("for (; " + i0 + " + " + R_AVX2 + " <= " + ihi + "; " + i0 + " += " + R_AVX2 + ") {");
    micro(R_AVX2, in, t, vj, vw, src, lda, pk, et, accb, ilo, i0, k0, kc);
    st.close("}");
    st.line("#endif");
    st.open("for (; " + i0 + " < " + ihi + "; " + i0 + "++) {");
    micro(1, in, t, vj, vw, src, lda, pk, et, accb, ilo, i0, k0, kc);
    st.close("}");
    st.close("}");
    st.line("for (int64_t i_ = " + ilo + "; i_ < " + ihi + "; i_++) for (int64_t jj_ = 0; jj_ < " + jw + "; jj_++) ((" + t + " *)"
        + out + ".data)[i_ * " + nj + " + " + j0 + " + jj_] = " + accb + "[(i_ - " + ilo + ") * " + vw + " + jj_];");
    st.close("}");
    st.inParallel = savedPar;
    st.close("}");
    st.close("}");
  }

  /**
   * A sum of products: the operator is float {@code +} of its two parameters and the map function
   * ends in {@code x * y} of the same float type, its result. Such a k loop is the inner product
   * of a matrix multiplication, and the kernel computes each step as one fused multiply-add
   * ({@code FUT_FMA_F32}/{@code _F64}: {@code fmaf}/{@code fma} where the target has FMA
   * instructions, else a multiply and an add): one rounding instead of two. The rounding of a
   * floating-point reduction is not specified by the language (its order is free, and the
   * reference's GPU backends contract too), and on this machine it is the difference between
   * half and all of the arithmetic peak. Nowhere else does the generated C contract.
   */
  record Madd(List<Stm> before, Atom x, Atom y, String fn) {}

  static Madd madd(Exp.Reduce r) {
    if (r.mapf() == null || r.op().params().size() != 2) return null;
    PrimType t = r.nes().get(0).type().elem();
    if (t != PrimType.F32 && t != PrimType.F64) return null;
    List<Stm> ops = r.op().body().stms();
    if (ops.size() != 1 || !(ops.get(0).exp() instanceof Exp.BinOp add) || add.op() != BinOperator.ADD || add.type() != t
        || !r.op().body().results().equals(ops.get(0).pattern())) return null;
    Set<Atom> operands = Set.of(add.x(), add.y());
    if (operands.size() != 2 || !operands.containsAll(r.op().params())) return null;
    List<Stm> ms = r.mapf().body().stms();
    if (ms.isEmpty() || r.mapf().body().results().size() != 1) return null;
    Stm last = ms.get(ms.size() - 1);
    if (!(last.exp() instanceof Exp.BinOp mul) || mul.op() != BinOperator.MUL || mul.type() != t
        || !r.mapf().body().results().equals(last.pattern())) return null;
    return new Madd(ms.subList(0, ms.size() - 1), mul.x(), mul.y(), t == PrimType.F32 ? "FUT_FMA_F32" : "FUT_FMA_F64");
  }

  /**
   * rows rows from i0 as a call of a static function (see {@link CgState#helper}): the lanes are vj
   * columns, each lane keeps VW accumulators per row (columns jj and vj + jj, ...) while k runs
   * over the packed slice (gcc vectorises this outer loop; the accumulators become vector
   * registers).
   */
  private void micro(int rows, Inner in, String t, String vj, String vw, List<String> src, List<String> lda,
      List<String> pk, List<String> et, String accb, String ilo, String i0, String k0, String kc) {
    Exp.Reduce r = in.red();
    List<Input> inputs = in.inputs();
    // The loop nest is a function of its own (see CgState#helper); this emits the call.
    Generators h = Generators.of(st.helper());
    String fn = st.helperName("micro" + rows + "_");
    List<String> params = new ArrayList<>(), args = new ArrayList<>();
    params.add("struct futhark_context *ctx");
    args.add("ctx");
    List<String> base = new ArrayList<>();
    for (int q = 0; q < inputs.size(); q++) {
      String a = h.st.fresh("in");
      base.add(a);
      params.add("const " + et.get(q) + " *restrict " + a);
      if (inputs.get(q).column()) {
        args.add(pk.get(q));
      } else {
        args.add(src.get(q) + " + " + i0 + " * " + lda.get(q) + " + " + k0);
        params.add("int64_t " + a + "_ld");
        args.add(lda.get(q));
      }
    }
    String ac = h.st.fresh("ac"), n = h.st.fresh("kc");
    params.add(t + " *restrict " + ac);
    args.add(accb + " + (" + i0 + " - " + ilo + ") * " + vw);
    params.add("int64_t " + n);
    args.add(kc);
    for (Atom.Var v : freeScalars(r)) {
      params.add(CPrim.ctype(v.type()) + " " + v.name());
      args.add(v.name());
    }
    st.line(fn + "(" + String.join(", ", args) + ");");

    h.st.line("(void)ctx;");
    widths(h.st, t, vj, vw); // the same names and values as in the caller
    List<List<String>> rowPtr = new ArrayList<>();
    for (int q = 0; q < inputs.size(); q++) {
      List<String> ps = new ArrayList<>();
      if (!inputs.get(q).column()) {
        for (int k = 0; k < rows; k++) {
          String p = h.st.fresh("ar");
          h.st.line("const " + et.get(q) + " *restrict " + p + " = " + base.get(q) + " + " + k + " * " + base.get(q) + "_ld;");
          ps.add(p);
        }
      }
      rowPtr.add(ps);
    }
    Madd madd = madd(r);
    if (h.st.multicore) h.st.line("#pragma omp simd");
    h.st.open("for (int jj = 0; jj < " + vj + "; jj++) {");
    // c[k][s]: the accumulator of row k, lane jj of vector s.
    List<List<String>> c = new ArrayList<>();
    for (int k = 0; k < rows; k++) {
      List<String> cs = new ArrayList<>();
      for (int v = 0; v < VW; v++) {
        String a = h.st.fresh("c");
        cs.add(a);
        h.st.line(t + " " + a + " = " + ac + "[" + k + " * " + vw + " + " + v + " * " + vj + " + jj];");
      }
      c.add(cs);
    }
    h.st.open("for (int64_t kk = 0; kk < " + n + "; kk++) {");
    List<List<String>> cols = new ArrayList<>();
    for (int q = 0; q < inputs.size(); q++) {
      List<String> bs = new ArrayList<>();
      for (int v = 0; v < VW && inputs.get(q).column(); v++) {
        String b = h.st.fresh("b");
        h.st.line("const " + et.get(q) + " " + b + " = " + base.get(q) + "[kk * " + vw + " + " + v + " * " + vj + " + jj];");
        bs.add(b);
      }
      cols.add(bs);
    }
    for (int k = 0; k < rows; k++) {
      for (int v = 0; v < VW; v++) {
        List<String> xs = new ArrayList<>();
        for (int q = 0; q < inputs.size(); q++) xs.add(inputs.get(q).column() ? cols.get(q).get(v) : rowPtr.get(q).get(k) + "[kk]");
        step(h, r, madd, t, xs, c.get(k).get(v));
      }
    }
    h.st.close("}");
    for (int k = 0; k < rows; k++) {
      for (int v = 0; v < VW; v++) h.st.line(ac + "[" + k + " * " + vw + " + " + v + " * " + vj + " + jj] = " + c.get(k).get(v) + ";");
    }
    h.st.close("}");
    st.helpers.append("static void ").append(fn).append("(").append(String.join(", ", params)).append(") {\n").append(h.st.out)
        .append("}\n\n");
  }

  private static Set<String> lambdaFree(Lambda l) {
    if (l == null) return Set.of();
    Set<String> s = new HashSet<>(FreeVars.ofBody(l.body()));
    for (Atom.Var p : l.params()) s.remove(p.name());
    return s;
  }

  /** The scalar variables the operator and the map function read from outside (parameters of the micro-kernel). */
  private static List<Atom.Var> freeScalars(Exp.Reduce r) {
    java.util.Map<String, Atom.Var> seen = new java.util.LinkedHashMap<>();
    Set<String> free = new HashSet<>(lambdaFree(r.op()));
    free.addAll(lambdaFree(r.mapf()));
    for (Lambda l : java.util.Arrays.asList(r.op(), r.mapf())) {
      if (l != null) collect(l.body(), free, seen);
    }
    return new ArrayList<>(seen.values());
  }

  private static void collect(Body b, Set<String> free, java.util.Map<String, Atom.Var> seen) {
    java.util.function.UnaryOperator<Atom> note = a -> {
      if (a instanceof Atom.Var v && free.contains(v.name())) seen.putIfAbsent(v.name(), v);
      return a;
    };
    for (Stm s : b.stms()) {
      Rewrite.exp(s.exp(), note, body -> {
        collect(body, free, seen);
        return body;
      });
    }
    for (Atom a : b.results()) note.apply(a);
  }

  /** One k step of one accumulator: {@code acc = acc op f(args)}, or one multiply-add. */
  private static void step(Generators h, Exp.Reduce r, Madd madd, String t, List<String> args, String acc) {
    if (madd != null) {
      h.st.open("{");
      for (int a = 0; a < args.size(); a++) {
        Atom.Var prm = r.mapf().params().get(a);
        h.st.line(CPrim.ctype(prm.type()) + " " + prm.name() + " = " + args.get(a) + ";");
      }
      ScalarCode.emit(h.st, h.gen, new Body(madd.before(), List.of()), List.of());
      h.st.line(acc + " = " + madd.fn() + "(" + atom(madd.x()) + ", " + atom(madd.y()) + ", " + acc + ");");
      h.st.close("}");
      return;
    }
    String y;
    if (r.mapf() == null) {
      y = args.get(0);
    } else {
      y = h.st.fresh("y");
      h.st.line(t + " " + y + ";");
      ScalarCode.apply(h.st, h.gen, r.mapf(), args, List.of(y));
    }
    String next = h.st.fresh("acc");
    h.st.line(t + " " + next + ";");
    ScalarCode.apply(h.st, h.gen, r.op(), List.of(acc, y), List.of(next));
    h.st.line(acc + " = " + next + ";");
  }
}

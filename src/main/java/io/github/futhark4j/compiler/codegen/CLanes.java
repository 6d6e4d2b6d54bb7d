package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;
import static io.github.futhark4j.compiler.codegen.CPrim.ctype;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Schedule;
import java.util.ArrayList;
import java.util.List;

/**
 * Lane-masked code for a map whose body runs a data-dependent {@code loop ... while} over scalar
 * loop variables (escape-time fractals, root finding, Collatz counts). A per-element while loop
 * has a data-dependent trip count, so the compiler keeps it scalar. Here a block of {@link #L}
 * elements iterates together: the loop variables live in small per-lane arrays, each round
 * evaluates the condition and the body for all lanes in one {@code omp simd} loop and keeps the
 * new values only in the lanes whose condition held, and the block stops when no lane is active.
 *
 * <p>A lane whose condition failed keeps its values, so the condition (a pure function of them)
 * stays false: each lane ends exactly where its own loop would. The body is evaluated for
 * stopped lanes too and thrown away, hence the restriction to {@link ScalarCode}: scalar loop
 * variables, a condition and body without arrays, nested loops or anything that can fail.
 *
 * <p>Which maps run so is chosen by {@code opt.Schedule} ({@code #[lanes]}), which also splits
 * the lambda around its loop ({@link Schedule#lanes}). Writes through the function's {@link
 * CgState}; the scalar code is emitted by {@link ScalarCode} and {@link CGen}. Wired by {@link
 * Generators}.
 */
final class CLanes {
  /** Elements per block (16 f32 lanes fill an AVX-512 register). */
  static final int L = 16;

  private final CgState st;
  private final CGen gen;

  /** See {@link Generators}, which wires the generators. */
  CLanes(CgState st, CGen gen) {
    this.st = st;
    this.gen = gen;
  }

  /** A C expression for element {@code i} of a rank-1 map input. */
  private String element(Atom arr, String i) {
    String virtual = st.virtualRow(arr, i);
    return virtual != null ? virtual : CGen.load(arr, i);
  }

  /** Emits a map the schedule marked {@code #[lanes]} into freshly allocated results {@code pat}. */
  void map(List<Atom.Var> pat, Exp.Map m) {
    gen.declare(pat);
    for (int j = 0; j < pat.size(); j++) {
      st.check(st.alloc(pat.get(j).name(), "1, (int64_t[]){" + atom(m.width()) + "}, "
          + CGen.es(m.f().returnTypes().get(j))));
    }
    emit(pat, m, Schedule.lanes(m));
  }

  /**
   * Emits a map the schedule marked {@code #[lanes]} into {@code outs}, rank-1 arrays of the map's
   * width that already exist (a row of a 2-D result).
   */
  void into(List<Atom.Var> outs, Exp.Map m) {
    emit(outs, m, Schedule.lanes(m));
  }

  private void emit(List<Atom.Var> pat, Exp.Map m, Schedule.Lanes sh) {
    Lambda f = m.f();
    Exp.Loop loop = (Exp.Loop) sh.loop().exp();
    Exp.LoopForm.While w = (Exp.LoopForm.While) loop.form();
    String n = atom(m.width());
    st.line("/* lane-masked while loop: " + L + " elements per block */");
    // Values that live across the phases, one slot per lane.
    List<Atom.Var> kept = new ArrayList<>(f.params());
    for (Stm s : sh.before()) kept.addAll(s.pattern());
    boolean par = st.multicore && !st.inParallel;
    String simd = st.multicore ? "#pragma omp simd" : null;
    String blk = st.fresh("blk"), nb = st.fresh("nb"), bs = st.fresh("bs");
    st.open("{");
    // Elements per block: L, but fewer when that leaves threads idle (a few long loops are
    // better spread over the cores, each block still a vector of L lanes).
    if (par) {
      st.line("const int64_t " + bs + "_t = (" + n + " + ctx->num_threads - 1) / (ctx->num_threads > 0 ? ctx->num_threads : 1);");
      st.line("const int64_t " + bs + " = " + bs + "_t < 1 ? 1 : " + bs + "_t > " + L + " ? " + L + " : " + bs + "_t;");
    } else {
      st.line("const int64_t " + bs + " = " + L + ";");
    }
    st.line("const int64_t " + nb + " = (" + n + " + " + bs + " - 1) / " + bs + ";");
    if (par) {
      String nt = st.fresh("nt");
      st.line("int " + nt + " = fut_threads_for_heavy(ctx, " + nb + ");");
      st.parallelPragma(" for num_threads(" + nt + ") schedule(dynamic) if(" + nt + " > 1)");
    }
    st.open("for (int64_t " + blk + " = 0; " + blk + " < " + nb + "; " + blk + "++) {");
    boolean saved = st.inParallel;
    if (par) st.inParallel = true;
    String base = st.fresh("base"), lanes = st.fresh("lanes"), l = st.fresh("l");
    st.line("const int64_t " + base + " = " + blk + " * " + bs + ", " + lanes + " = " + n + " - " + base + " < " + bs + " ? " + n + " - "
        + base + " : " + bs + ";");
    for (Atom.Var v : kept) st.line(ctype(v.type()) + " ln_" + v.name() + "[" + L + "];");
    for (Atom.Var p : loop.params()) st.line(ctype(p.type()) + " ln_" + p.name() + "[" + L + "];");

    // Phase 1: the statements before the loop and the loop's initial values, per lane. Lanes
    // past the end repeat the block's first element, so they stop when it does.
    if (simd != null) st.line(simd);
    st.open("for (int " + l + " = 0; " + l + " < " + L + "; " + l + "++) {");
    String i = st.fresh("i");
    st.line("const int64_t " + i + " = " + base + " + (" + l + " < " + lanes + " ? " + l + " : 0);");
    for (int k = 0; k < f.params().size(); k++) {
      Atom.Var p = f.params().get(k);
      st.line(ctype(p.type()) + " " + p.name() + " = " + element(m.arrays().get(k), i) + ";");
    }
    ScalarCode.emit(st, gen, new Body(sh.before(), List.of()), List.of());
    for (Atom.Var v : kept) st.line("ln_" + v.name() + "[" + l + "] = " + v.name() + ";");
    for (int k = 0; k < loop.params().size(); k++) {
      st.line("ln_" + loop.params().get(k).name() + "[" + l + "] = " + atom(loop.inits().get(k)) + ";");
    }
    st.close("}");

    // Phase 2: rounds of the loop over all lanes until no lane's condition holds.
    String any = st.fresh("any");
    st.open("for (;;) {");
    st.line("int " + any + " = 0;");
    if (simd != null) st.line(simd + " reduction(|:" + any + ")");
    st.open("for (int " + l + " = 0; " + l + " < " + L + "; " + l + "++) {");
    java.util.Set<String> used = new java.util.HashSet<>(FreeVars.ofBody(w.cond()));
    used.addAll(FreeVars.ofBody(loop.body()));
    loadLane(kept.stream().filter(v -> used.contains(v.name())).toList(), l);
    loadLane(loop.params(), l);
    String c = st.fresh("cond");
    st.line("bool " + c + ";");
    st.open("{");
    ScalarCode.emit(st, gen, w.cond(), List.of(c));
    st.close("}");
    List<String> next = new ArrayList<>();
    for (Atom.Var p : loop.params()) {
      String x = st.fresh("next");
      next.add(x);
      st.line(ctype(p.type()) + " " + x + ";");
    }
    st.open("{");
    ScalarCode.emit(st, gen, loop.body(), next);
    st.close("}");
    for (int k = 0; k < next.size(); k++) {
      String p = loop.params().get(k).name();
      st.line("ln_" + p + "[" + l + "] = " + c + " ? " + next.get(k) + " : " + p + ";");
    }
    st.line(any + " |= " + c + ";");
    st.close("}");
    st.line("if (!" + any + ") break;");
    st.close("}");

    // Phase 3: the loop's results and the statements after it, for the real lanes.
    st.open("for (int " + l + " = 0; " + l + " < " + lanes + "; " + l + "++) {");
    java.util.Set<String> usedAfter = FreeVars.ofBody(new Body(sh.after(), f.body().results()));
    loadLane(kept.stream().filter(v -> usedAfter.contains(v.name())).toList(), l);
    List<Atom.Var> res = sh.loop().pattern();
    for (int k = 0; k < res.size(); k++) {
      st.line(ctype(res.get(k).type()) + " " + res.get(k).name() + " = ln_" + loop.params().get(k).name() + "[" + l + "];");
    }
    List<String> outs = new ArrayList<>();
    for (IrType t : f.returnTypes()) {
      String x = st.fresh("r");
      outs.add(x);
      st.line(ctype(t) + " " + x + ";");
    }
    st.open("{");
    ScalarCode.emit(st, gen, new Body(sh.after(), f.body().results()), outs);
    st.close("}");
    for (int j = 0; j < pat.size(); j++) {
      st.line(CGen.storeTo(pat.get(j).name(), f.returnTypes().get(j).elem(), base + " + " + l, outs.get(j)));
    }
    st.close("}");
    st.inParallel = saved;
    st.close("}");
    st.close("}");
  }

  private void loadLane(List<Atom.Var> vs, String l) {
    for (Atom.Var v : vs) st.line(ctype(v.type()) + " " + v.name() + " = ln_" + v.name() + "[" + l + "];");
  }
}

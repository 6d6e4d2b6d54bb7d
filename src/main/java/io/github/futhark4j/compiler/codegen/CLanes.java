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
import io.github.futhark4j.compiler.typed.PrimType;
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
 */
final class CLanes {
  /** Elements per block (16 f32 lanes fill an AVX-512 register). */
  static final int L = 16;

  private final CGen g;

  CLanes(CGen g) { this.g = g; }

  /** The lambda split around its while loop. */
  record Shape(List<Stm> before, Stm loop, List<Stm> after) {}

  private static boolean scalar(IrType t) {
    return !t.isArray() && t.elem() != PrimType.F16;
  }

  /** The shape of an eligible map, or null. */
  static Shape match(Exp.Map m) {
    Lambda f = m.f();
    if (!f.params().stream().allMatch(p -> scalar(p.type())) || !f.returnTypes().stream().allMatch(CLanes::scalar)) return null;
    List<Stm> stms = f.body().stms();
    int at = -1;
    for (int k = 0; k < stms.size(); k++) {
      Stm s = stms.get(k);
      if (s.exp() instanceof Exp.Loop l) {
        if (at >= 0 || !(l.form() instanceof Exp.LoopForm.While w)) return null;
        if (!l.params().stream().allMatch(p -> scalar(p.type()))) return null;
        if (!ScalarCode.body(w.cond()) || !ScalarCode.body(l.body())) return null;
        at = k;
      } else if (!ScalarCode.stm(s)) {
        return null;
      }
    }
    if (at < 0) return null;
    return new Shape(stms.subList(0, at), stms.get(at), stms.subList(at + 1, stms.size()));
  }

  /** A C expression for element {@code i} of a rank-1 map input. */
  private String element(Atom arr, String i) {
    if (arr instanceof Atom.Var v && g.virtualIotas.contains(v.name())) return "((int64_t)(" + i + "))";
    if (arr instanceof Atom.Var v && g.virtualReplicates.containsKey(v.name())) return atom(g.virtualReplicates.get(v.name()));
    return CGen.load(arr, i);
  }

  /** The shape of a map this class can emit, or null. */
  private Shape eligible(Exp.Map m) {
    Shape sh = match(m);
    if (sh == null) return null;
    for (Atom a : m.arrays()) if (a instanceof Atom.Var v && g.virtualMaps.containsKey(v.name())) return null;
    return sh;
  }

  /** Emits an eligible map into freshly allocated results {@code pat}; false if not eligible. */
  boolean tryMap(List<Atom.Var> pat, Exp.Map m) {
    Shape sh = eligible(m);
    if (sh == null) return false;
    g.declare(pat);
    for (int j = 0; j < pat.size(); j++) {
      g.check("fut_alloc(ctx, &" + pat.get(j).name() + ", 1, (int64_t[]){" + atom(m.width()) + "}, "
          + CGen.es(m.f().returnTypes().get(j)) + ")");
    }
    emit(pat, m, sh);
    return true;
  }

  /** Emits an eligible map into {@code outs}, rank-1 arrays of the map's width that already exist (a row of a 2-D result). */
  boolean tryInto(List<Atom.Var> outs, Exp.Map m) {
    Shape sh = eligible(m);
    if (sh == null) return false;
    emit(outs, m, sh);
    return true;
  }

  private void emit(List<Atom.Var> pat, Exp.Map m, Shape sh) {
    Lambda f = m.f();
    Exp.Loop loop = (Exp.Loop) sh.loop().exp();
    Exp.LoopForm.While w = (Exp.LoopForm.While) loop.form();
    String n = atom(m.width());
    g.line("/* lane-masked while loop: " + L + " elements per block */");
    // Values that live across the phases, one slot per lane.
    List<Atom.Var> kept = new ArrayList<>(f.params());
    for (Stm s : sh.before()) kept.addAll(s.pattern());
    boolean par = g.multicore && !g.inParallel;
    String simd = g.multicore ? "#pragma omp simd" : null;
    String blk = g.fresh("blk"), nb = g.fresh("nb"), bs = g.fresh("bs");
    g.open("{");
    // Elements per block: L, but fewer when that leaves threads idle (a few long loops are
    // better spread over the cores, each block still a vector of L lanes).
    if (par) {
      g.line("const int64_t " + bs + "_t = (" + n + " + ctx->num_threads - 1) / (ctx->num_threads > 0 ? ctx->num_threads : 1);");
      g.line("const int64_t " + bs + " = " + bs + "_t < 1 ? 1 : " + bs + "_t > " + L + " ? " + L + " : " + bs + "_t;");
    } else {
      g.line("const int64_t " + bs + " = " + L + ";");
    }
    g.line("const int64_t " + nb + " = (" + n + " + " + bs + " - 1) / " + bs + ";");
    if (par) {
      String nt = g.fresh("nt");
      g.line("int " + nt + " = fut_threads_for_heavy(ctx, " + nb + ");");
      g.line("#pragma omp parallel for num_threads(" + nt + ") schedule(dynamic) if(" + nt + " > 1)");
    }
    g.open("for (int64_t " + blk + " = 0; " + blk + " < " + nb + "; " + blk + "++) {");
    boolean saved = g.inParallel;
    if (par) g.inParallel = true;
    String base = g.fresh("base"), lanes = g.fresh("lanes"), l = g.fresh("l");
    g.line("const int64_t " + base + " = " + blk + " * " + bs + ", " + lanes + " = " + n + " - " + base + " < " + bs + " ? " + n + " - "
        + base + " : " + bs + ";");
    for (Atom.Var v : kept) g.line(ctype(v.type()) + " ln_" + v.name() + "[" + L + "];");
    for (Atom.Var p : loop.params()) g.line(ctype(p.type()) + " ln_" + p.name() + "[" + L + "];");

    // Phase 1: the statements before the loop and the loop's initial values, per lane. Lanes
    // past the end repeat the block's first element, so they stop when it does.
    if (simd != null) g.line(simd);
    g.open("for (int " + l + " = 0; " + l + " < " + L + "; " + l + "++) {");
    String i = g.fresh("i");
    g.line("const int64_t " + i + " = " + base + " + (" + l + " < " + lanes + " ? " + l + " : 0);");
    for (int k = 0; k < f.params().size(); k++) {
      Atom.Var p = f.params().get(k);
      g.line(ctype(p.type()) + " " + p.name() + " = " + element(m.arrays().get(k), i) + ";");
    }
    ScalarCode.emit(g, new Body(sh.before(), List.of()), List.of());
    for (Atom.Var v : kept) g.line("ln_" + v.name() + "[" + l + "] = " + v.name() + ";");
    for (int k = 0; k < loop.params().size(); k++) {
      g.line("ln_" + loop.params().get(k).name() + "[" + l + "] = " + atom(loop.inits().get(k)) + ";");
    }
    g.close("}");

    // Phase 2: rounds of the loop over all lanes until no lane's condition holds.
    String any = g.fresh("any");
    g.open("for (;;) {");
    g.line("int " + any + " = 0;");
    if (simd != null) g.line(simd + " reduction(|:" + any + ")");
    g.open("for (int " + l + " = 0; " + l + " < " + L + "; " + l + "++) {");
    java.util.Set<String> used = new java.util.HashSet<>(FreeVars.ofBody(w.cond()));
    used.addAll(FreeVars.ofBody(loop.body()));
    loadLane(kept.stream().filter(v -> used.contains(v.name())).toList(), l);
    loadLane(loop.params(), l);
    String c = g.fresh("cond");
    g.line("bool " + c + ";");
    g.open("{");
    ScalarCode.emit(g, w.cond(), List.of(c));
    g.close("}");
    List<String> next = new ArrayList<>();
    for (Atom.Var p : loop.params()) {
      String x = g.fresh("next");
      next.add(x);
      g.line(ctype(p.type()) + " " + x + ";");
    }
    g.open("{");
    ScalarCode.emit(g, loop.body(), next);
    g.close("}");
    for (int k = 0; k < next.size(); k++) {
      String p = loop.params().get(k).name();
      g.line("ln_" + p + "[" + l + "] = " + c + " ? " + next.get(k) + " : " + p + ";");
    }
    g.line(any + " |= " + c + ";");
    g.close("}");
    g.line("if (!" + any + ") break;");
    g.close("}");

    // Phase 3: the loop's results and the statements after it, for the real lanes.
    g.open("for (int " + l + " = 0; " + l + " < " + lanes + "; " + l + "++) {");
    java.util.Set<String> usedAfter = FreeVars.ofBody(new Body(sh.after(), f.body().results()));
    loadLane(kept.stream().filter(v -> usedAfter.contains(v.name())).toList(), l);
    List<Atom.Var> res = sh.loop().pattern();
    for (int k = 0; k < res.size(); k++) {
      g.line(ctype(res.get(k).type()) + " " + res.get(k).name() + " = ln_" + loop.params().get(k).name() + "[" + l + "];");
    }
    List<String> outs = new ArrayList<>();
    for (IrType t : f.returnTypes()) {
      String x = g.fresh("r");
      outs.add(x);
      g.line(ctype(t) + " " + x + ";");
    }
    g.open("{");
    ScalarCode.emit(g, new Body(sh.after(), f.body().results()), outs);
    g.close("}");
    for (int j = 0; j < pat.size(); j++) {
      g.line(CGen.storeTo(pat.get(j).name(), f.returnTypes().get(j).elem(), base + " + " + l, outs.get(j)));
    }
    g.close("}");
    g.inParallel = saved;
    g.close("}");
    g.close("}");
  }

  private void loadLane(List<Atom.Var> vs, String l) {
    for (Atom.Var v : vs) g.line(ctype(v.type()) + " " + v.name() + " = ln_" + v.name() + "[" + l + "];");
  }
}

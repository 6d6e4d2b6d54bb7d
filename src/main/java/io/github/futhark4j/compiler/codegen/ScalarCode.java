package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.opt.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which IR code is straight-line scalar code that cannot fail: no arrays, no loops, no SOACs, no
 * checks. Such code can be evaluated speculatively (for lanes or columns whose result is then
 * thrown away) and inside an {@code omp simd} loop, which is what {@link CInterchange} and
 * {@link CLanes} need.
 */
final class ScalarCode {
  private ScalarCode() {}

  /** Whether every statement of {@code b} is scalar, side-effect free and cannot fail ({@link Schedule#scalarBody}). */
  static boolean body(Body b) { return Schedule.scalarBody(b); }

  static boolean lambda(Lambda l) { return Schedule.scalarLambda(l); }

  static boolean stm(Stm s) { return Schedule.scalarStm(s); }

  /**
   * Emits a {@link #body} in the current C scope, assigning its results to {@code targets}
   * (declared by the caller). Branches are flattened into selects: both sides are computed (they
   * cannot fail) and {@code c ? a : b} picks one, so the code has no control flow and gcc can
   * vectorise the loop around it. Statements other than branches are written by {@code gen}, the
   * body generator of the same state {@code st}.
   */
  static void emit(CgState st, CGen gen, Body b, List<String> targets) {
    for (Stm s : b.stms()) {
      if (s.exp() instanceof Exp.If i) {
        List<String> th = temps(st, s.pattern()), el = temps(st, s.pattern());
        emit(st, gen, i.then(), th);
        emit(st, gen, i.otherwise(), el);
        String c = CPrim.atom(i.cond());
        for (int k = 0; k < s.pattern().size(); k++) {
          Atom.Var v = s.pattern().get(k);
          st.line(CPrim.ctype(v.type()) + " " + v.name() + " = " + c + " ? " + th.get(k) + " : " + el.get(k) + ";");
        }
      } else {
        gen.body(new Body(List.of(s), List.of()), Set.of(), List.of());
      }
    }
    for (int k = 0; k < targets.size(); k++) st.line(targets.get(k) + " = " + CPrim.atom(b.results().get(k)) + ";");
  }

  /** Applies a {@link #lambda} to C expressions in a block of its own, like {@link CGen#apply}. */
  static void apply(CgState st, CGen gen, Lambda l, List<String> args, List<String> targets) {
    st.open("{");
    for (int k = 0; k < args.size(); k++) {
      Atom.Var p = l.params().get(k);
      st.line(CPrim.ctype(p.type()) + " " + p.name() + " = " + args.get(k) + ";");
    }
    emit(st, gen, l.body(), targets);
    st.close("}");
  }

  private static List<String> temps(CgState st, List<Atom.Var> vs) {
    List<String> out = new ArrayList<>();
    for (Atom.Var v : vs) {
      String t = st.fresh("sel");
      st.line(CPrim.ctype(v.type()) + " " + t + ";");
      out.add(t);
    }
    return out;
  }
}

package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Stm;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * An estimate, as a C expression evaluated before a parallel loop, of the work of one iteration
 * of its function: about one unit per scalar operation (eight for a call of a primitive such as
 * {@code exp}), times the widths of nested operators and the bounds of {@code for} loops. A
 * width or bound bound inside the function is unknown before the loop; the size of the rows the
 * loop reads stands for it (nested operators mostly run over those rows). The runtime
 * ({@code fut_threads_for_work}) starts threads only when the iterations together are long
 * enough to pay for it: a map over 64 rows of 64 elements is faster on one thread.
 *
 * <p>No estimate (null) where one iteration's work cannot be bounded before the loop: a
 * {@code while} loop, a call of a function, or an unknown width with no rows to stand for it.
 */
final class CWork {
  private CWork() {}

  /** The estimate for {@code f} over {@code arrays} ({@code atom} writes an atom in C), or null. */
  static String of(Lambda f, List<Atom> arrays, Function<Atom, String> atom) {
    String row = null;
    for (Atom a : arrays) {
      if (a.type().rank() >= 2) {
        row = "(double)fut_rowel(&" + atom.apply(a) + ", " + a.type().rank() + ")";
        break;
      }
    }
    // Sizes known before the loop: the variables free in the function.
    Set<String> outside = FreeVars.ofBody(f.body());
    for (Atom.Var p : f.params()) outside.remove(p.name());
    return new CWork.Estimate(outside, row, atom).body(f.body());
  }

  private record Estimate(Set<String> outside, String row, Function<Atom, String> atom) {
    /** A size known before the loop: a constant or a variable free in the function; else the row size. */
    private String size(Atom a) {
      if (a instanceof Atom.Const) return "(double)" + atom.apply(a);
      if (a instanceof Atom.Var v && outside.contains(v.name())) return "(double)" + atom.apply(a);
      return row;
    }

    private String times(Atom width, String per) {
      String w = size(width);
      return w == null || per == null ? null : "(" + w + " * (" + per + " + 1))";
    }

    String lambda(Lambda l) {
      return l == null ? "0" : body(l.body());
    }

    String body(Body b) {
      StringBuilder sum = new StringBuilder();
      int scalars = 0;
      for (Stm s : b.stms()) {
        String w = switch (s.exp()) {
          case Exp.Loop l -> l.form() instanceof Exp.LoopForm.For fo ? times(fo.bound(), body(l.body())) : null;
          case Exp.Call c -> null;
          case Exp.WithVjp v -> null;
          case Exp.If i -> {
            String t = body(i.then()), o = body(i.otherwise());
            yield t == null || o == null ? null : "(" + t + " + " + o + ")";
          }
          case Exp.Map m -> times(m.width(), lambda(m.f()));
          case Exp.Reduce r -> times(r.width(), plus(lambda(r.mapf()), lambda(r.op())));
          case Exp.Scan sc -> times(sc.width(), plus(plus(lambda(sc.mapf()), lambda(sc.op())), lambda(sc.postf())));
          case Exp.Hist h -> times(h.width(), plus(lambda(h.mapf()), lambda(h.op())));
          case Exp.Filter fi -> times(fi.width(), lambda(fi.pred()));
          case Exp.Partition p -> times(p.width(), lambda(p.cls()));
          case Exp.Scatter sc -> times(sc.width(), "1");
          case Exp.Replicate r -> times(r.n(), "0");
          case Exp.Iota io -> times(io.n(), "0");
          case Exp.Copy c -> row;
          case Exp.Concat c -> row;
          case Exp.Transpose t -> row;
          case Exp.Rotate r -> row;
          case Exp.Flatten fl -> row;
          case Exp.Range r -> row;
          case Exp.UpdateSlice u -> row;
          case Exp.Slice sl -> row;
          case Exp.PrimCall p -> "8";
          default -> "1";
        };
        if (w == null) return null;
        if (w.equals("1")) {
          scalars++;
        } else {
          if (!sum.isEmpty()) sum.append(" + ");
          sum.append(w);
        }
      }
      if (sum.isEmpty()) return Integer.toString(scalars);
      return scalars == 0 ? sum.toString() : sum + " + " + scalars;
    }

    private static String plus(String a, String b) {
      return a == null || b == null ? null : "(" + a + " + " + b + ")";
    }
  }
}

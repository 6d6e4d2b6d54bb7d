package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.util.ArrayList;
import java.util.List;

/**
 * The last step of lowering: every {@link Exp.WithVjp} still in the program becomes its function's
 * code. A reverse sweep that covered a {@code with_vjp} has already used its custom adjoint; in the
 * code it kept for the primal, and wherever no reverse sweep ran, {@code with_vjp f f' x} is
 * {@code f x}. No pass after lowering meets the form.
 */
final class WithVjps {
  private WithVjps() {}

  static Program inline(Program p) {
    return Rewrite.bodies(p, WithVjps::body);
  }

  private static Body body(Body b) {
    List<Stm> out = new ArrayList<>();
    for (Stm s : b.stms()) {
      Exp x = Rewrite.exp(s.exp(), a -> a, WithVjps::body);
      if (!(x instanceof Exp.WithVjp w)) {
        out.add(new Stm(s.pattern(), x, s.plan()));
        continue;
      }
      for (int i = 0; i < w.args().size(); i++) out.add(new Stm(List.of(w.f().params().get(i)), new Exp.AtomE(w.args().get(i))));
      out.addAll(w.f().body().stms());
      for (int k = 0; k < s.pattern().size(); k++) {
        out.add(new Stm(List.of(s.pattern().get(k)), new Exp.AtomE(w.f().body().results().get(k))));
      }
    }
    return new Body(out, b.results());
  }
}

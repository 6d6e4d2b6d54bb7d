package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Verifier;
import java.util.List;
import java.util.function.UnaryOperator;

/** The optimisation pipeline: the passes in order, in one place. */
public final class Optimiser {
  private Optimiser() {}

  /** A named IR-to-IR pass. */
  public record Pass(String name, UnaryOperator<Program> run) {}

  public static final List<Pass> PASSES = List.of(
      new Pass("simplify", Simplify::program),
      new Pass("dead-code", DeadCode::program),
      new Pass("fusion", Fusion::program),
      new Pass("hoist", Hoist::program),
      new Pass("simplify-2", Simplify::program),
      new Pass("dead-code-2", DeadCode::program));

  public static Program run(Program p, boolean verify) {
    if (verify) Verifier.verify(p, "lower");
    for (Pass pass : PASSES) {
      p = pass.run().apply(p);
      if (verify) Verifier.verify(p, pass.name());
    }
    return p;
  }
}

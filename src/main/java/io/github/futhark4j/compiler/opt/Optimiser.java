package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Verifier;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * The optimisation pipeline: the passes in order, in one place. The last, {@code schedule}, only
 * marks statements with how they run ({@link Schedule}); code generation obeys its marks.
 */
public final class Optimiser {
  private Optimiser() {}

  /** A named IR-to-IR pass and what it does (each pass class keeps its own {@code DESCRIPTION}). */
  public record Pass(String name, String description, UnaryOperator<Program> run) {}

  /** The passes in the order they run. */
  public static final List<Pass> PASSES = List.of(
      new Pass("simplify", Simplify.DESCRIPTION, Simplify::program),
      new Pass("dead-code", DeadCode.DESCRIPTION, DeadCode::program),
      new Pass("indices", IotaIndex.DESCRIPTION, IotaIndex::program),
      new Pass("fusion", Fusion.DESCRIPTION, Fusion::program),
      new Pass("hoist", Hoist.DESCRIPTION, Hoist::program),
      new Pass("simplify-2", "again, on what fusion and hoisting exposed: " + Simplify.DESCRIPTION, Simplify::program),
      new Pass("dead-code-2", "again: " + DeadCode.DESCRIPTION, DeadCode::program),
      new Pass("bounds", Bounds.DESCRIPTION, Bounds::program),
      new Pass("schedule", Schedule.DESCRIPTION, Schedule::program));

  /** The pass that only the device backends run, last: what becomes a kernel ({@link Kernels}). */
  public static final Pass KERNELS = new Pass("kernels", Kernels.DESCRIPTION, Kernels::program);

  /** The passes for a backend: {@link #PASSES}, and {@link #KERNELS} for a device backend. */
  public static List<Pass> passes(boolean device) {
    if (!device) return PASSES;
    List<Pass> all = new java.util.ArrayList<>(PASSES);
    all.add(KERNELS);
    return List.copyOf(all);
  }

  /** Whether a backend of the built-in compiler runs code on a device ({@code opencl}). */
  public static boolean device(String backend) { return "opencl".equals(backend); }

  public static Program run(Program p, boolean verify) {
    return run(p, verify, null, (name, q) -> { });
  }

  /**
   * Runs the passes on the lowered program {@code p}, verifying it first (as {@code lower}) and
   * after every pass when {@code verify}, and handing {@code after} the program under the name
   * {@code lower} and then after each pass; stops after the pass named {@code stopAfter} (null,
   * or a name that is not a pass: all of them).
   */
  public static Program run(Program p, boolean verify, String stopAfter, BiConsumer<String, Program> after) {
    return run(p, verify, false, stopAfter, after);
  }

  /** As {@link #run(Program, boolean, String, BiConsumer)}, with the passes of {@link #passes}({@code device}). */
  public static Program run(Program p, boolean verify, boolean device, String stopAfter, BiConsumer<String, Program> after) {
    if (verify) Verifier.verify(p, "lower");
    after.accept("lower", p);
    if ("lower".equals(stopAfter)) return p;
    for (Pass pass : passes(device)) {
      p = pass.run().apply(p);
      if (verify) Verifier.verify(p, pass.name());
      after.accept(pass.name(), p);
      if (pass.name().equals(stopAfter)) break;
    }
    return p;
  }
}

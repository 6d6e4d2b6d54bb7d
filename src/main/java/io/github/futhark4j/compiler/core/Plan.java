package io.github.futhark4j.compiler.core;

/**
 * How a statement runs, when it does not run in the ordinary way: chosen by the last
 * optimisation pass, {@code opt.Schedule}, printed before the statement as {@code #[label]},
 * checked by the {@link Verifier} and obeyed by code generation. Passes before the schedule leave
 * every statement without a plan (rebuilding a statement drops it).
 */
public enum Plan {
  /**
   * An {@code iota} or a {@code replicate} of a scalar read only row by row as a SOAC input, or a
   * {@code transpose} read only by interchanged maps (and {@code shape}): never materialised. A
   * virtual iota's rows are the loop index, a virtual replicate's its value, and a virtual
   * transpose is read through its source.
   */
  VIRTUAL("virtual"),
  /** A map of a redomap (matrix multiplication): the k loop runs outside a vector of j accumulators. */
  INTERCHANGE("interchange"),
  /** A map of a scalar while loop: blocks of elements iterate together in vector lanes. */
  LANES("lanes"),
  /** The last statement of a map's lambda, a map writing its elements straight into the outer map's row. */
  DIRECT_ROW("direct-row"),
  /** A map of host code run as one device kernel, a work-item per element (device backends; {@code opt.Kernels}). */
  KERNEL("kernel");

  /** How the plan is printed: {@code #[label]}. */
  public final String label;

  Plan(String label) { this.label = label; }
}

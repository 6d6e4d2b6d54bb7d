package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.typed.TDecl;
import java.util.List;

/**
 * A lowered program: one first-order function per entry point (everything else has been
 * inlined). Each entry keeps its C API signature from the checked program. {@code tuningParams}
 * names the program's tuning parameters ({@code #[param(NAME)] e}); a {@link Exp.PrimCall} named
 * {@code tuning:I} reads parameter I, with its argument as the default.
 */
public record Program(List<Entry> entries, List<String> tuningParams) {
  /** A program without tuning parameters. */
  public Program(List<Entry> entries) { this(entries, List.of()); }

  /**
   * @param signature the entry point as the C API shows it
   * @param params    the flattened parameters (one per API input: entry inputs are scalars or arrays)
   * @param paramNames the source names of the parameters, for the manifest
   * @param body      returns one atom per API output
   */
  public record Entry(TDecl.EntryPoint signature, List<Atom.Var> params, List<String> paramNames, Body body) {}

  @Override public String toString() { return Printer.program(this); }
}

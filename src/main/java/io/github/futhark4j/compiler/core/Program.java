package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.typed.TDecl;
import java.util.List;

/**
 * A lowered program: one first-order function per entry point, and the program's {@link Function}s
 * (what recursion needs: everything else has been inlined). Each entry keeps its C API signature
 * from the checked program. {@code tuningParams} names the program's tuning parameters
 * ({@code #[param(NAME)] e}); a {@link Exp.PrimCall} named {@code tuning:I} reads parameter I, with
 * its argument as the default.
 */
public record Program(List<Entry> entries, List<String> tuningParams, List<Function> functions) {
  public Program {
    entries = List.copyOf(entries);
    tuningParams = List.copyOf(tuningParams);
    functions = List.copyOf(functions);
  }

  /** A program without functions. */
  public Program(List<Entry> entries, List<String> tuningParams) { this(entries, tuningParams, List.of()); }

  /** A program without tuning parameters or functions. */
  public Program(List<Entry> entries) { this(entries, List.of()); }

  /**
   * The most calls of {@link Function}s that may be nested (a call inside a function's body is one
   * deeper than the call of that function): a call beyond it fails with {@link #recursionTooDeep}.
   * Generated C checks it at each call, and also fails when the thread's stack is nearly exhausted
   * (docs/architecture.md, "Functions"); the {@link Interpreter} checks it too.
   */
  public static final int MAX_CALL_DEPTH = 10_000;

  /** The error of a call nested more than {@link #MAX_CALL_DEPTH} deep, of the function named {@code source}. */
  public static String recursionTooDeep(String source) {
    return "Recursion too deep: calls of \"" + source + "\" nested more than " + MAX_CALL_DEPTH + " deep.";
  }

  /** The function named {@code name}, or null. */
  public Function function(String name) {
    for (Function f : functions) if (f.name().equals(name)) return f;
    return null;
  }

  /**
   * @param signature the entry point as the C API shows it
   * @param params    the flattened parameters (one per API input: entry inputs are scalars or arrays)
   * @param paramNames the source names of the parameters, for the manifest
   * @param body      returns one atom per API output
   */
  public record Entry(TDecl.EntryPoint signature, List<Atom.Var> params, List<String> paramNames, Body body) {}

  /**
   * A first-order function, called by {@link Exp.Call}: a recursive source function specialised for
   * one choice of its static arguments (types, closures, structure). Parameters are scalars or
   * arrays (records, tuples and sums are several parameters); a call either lends an array argument
   * (the function must not keep or update it) or, where {@code consumed} says so, hands it over (a
   * unique {@code *} parameter: the function owns it and may update it in place).
   *
   * @param name     unique in the program (a C identifier's characters)
   * @param params   the parameters, bound in {@code body}
   * @param consumed per parameter, whether calls hand it over
   * @param results  the types of the values {@code body} returns
   * @param source   the source function's name, for messages
   */
  public record Function(String name, List<Atom.Var> params, List<Boolean> consumed, List<IrType> results, Body body,
                         String source) {
    public Function {
      params = List.copyOf(params);
      consumed = List.copyOf(consumed);
      results = List.copyOf(results);
      if (consumed.size() != params.size()) throw new IllegalArgumentException("a consumed flag per parameter");
    }
  }

  @Override public String toString() { return Printer.program(this); }
}

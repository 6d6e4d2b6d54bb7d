package io.github.futhark4j.compiler;

import io.github.futhark4j.compiler.codegen.CProgram;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.opt.Optimiser;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.types.Checker;
import io.github.futhark4j.compiler.types.TypedPrinter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The whole built-in compiler, step by step: what happens to a program from its text to C. Every
 * step has a name (for {@code futhark4j dev --dump-after NAME}) and its output can be printed.
 *
 * <pre>
 * parse        syntax.Parser       the main file and every file it imports → parsed trees (Ast)
 * check        types.Checker       parsed trees and the prelude → the checked tree (TProgram): names
 *                                  resolved, types and sizes inferred, uniqueness checked, modules
 *                                  applied; errors become Diagnostics (prelude declarations are
 *                                  checked only when the program names them)
 * lower        lower.Lowerer       checked tree → first-order IR (core.Program): functions inlined and
 *                                  specialised, records and tuples flattened to their leaves, sum types
 *                                  to tags and payloads, SOACs to IR operators, size checks made explicit
 * (passes)     opt.Optimiser       the optimisation passes of Optimiser.PASSES in order (simplify,
 *                                  dead-code, indices, fusion, hoist, simplify-2, dead-code-2, bounds,
 *                                  schedule), each described by its class's DESCRIPTION, which
 *                                  futhark4j dev --steps prints
 * codegen      codegen.CProgram    IR → one C file (engine runtime pasted in), header and manifest;
 *                                  obeys the schedule's marks (CInterchange, CLanes), and chooses only
 *                                  how to write each loop: OpenMP parallel loops at the outermost
 *                                  level (multicore), simd pragmas, per-thread histogram copies
 * </pre>
 *
 * With {@code futhark4j.verifyIr=true} (set for the test suite) the IR verifier checks the IR after
 * {@code lower} and after every optimisation pass (after {@code schedule}, that its marks are on
 * statements they fit). {@link Frontend} and {@link Backend} run these
 * steps for every compile; this class runs them one by one for inspection.
 */
public final class Pipeline {
  private Pipeline() {}

  /** A step's name and what it does, in order. */
  public record Step(String name, String what) {}

  /** Every step, from text to C. */
  public static List<Step> steps() {
    List<Step> s = new ArrayList<>();
    s.add(new Step("parse", "source files to parsed trees"));
    s.add(new Step("check", "type checking: parsed trees and the prelude to the checked tree"));
    s.add(new Step("lower", "checked tree to first-order IR"));
    for (Optimiser.Pass p : Optimiser.passes(true)) s.add(new Step(p.name(), p.description()));
    s.add(new Step("codegen", "IR to C, header and manifest"));
    return s;
  }

  /**
   * Runs the steps on {@code main} up to and including {@code stopAfter} (null: all), handing
   * {@code after} each step's printed output, made only when asked for: the files parsed, the
   * checked tree, the IR, the C file (as {@link Backend#generate} makes it for {@code backend}
   * and {@code floatContraction}). With {@code verify}, the IR is verified after every IR step.
   *
   * @throws IllegalArgumentException for an unknown step name
   */
  public static void run(Source main, String stopAfter, boolean verify, String backend, boolean floatContraction,
      BiConsumer<String, Supplier<String>> after) throws CompileException {
    if (stopAfter != null && steps().stream().noneMatch(s -> s.name().equals(stopAfter))) {
      throw new IllegalArgumentException("unknown step '" + stopAfter + "'; the steps are "
          + steps().stream().map(Step::name).toList());
    }
    List<Checker.Unit> units = Frontend.parse(main);
    after.accept("parse", () -> units.stream()
        .map(u -> u.source().name() + ": " + u.program().decls().size() + " declarations").collect(Collectors.joining("\n")));
    if ("parse".equals(stopAfter)) return;
    TProgram typed = Frontend.check(main, units);
    after.accept("check", () -> TypedPrinter.print(typed));
    if ("check".equals(stopAfter)) return;
    Program ir = Optimiser.run(Lowerer.lower(typed), verify, Optimiser.device(backend), stopAfter, (name, q) -> after.accept(name, () -> Printer.program(q)));
    if (stopAfter != null && !stopAfter.equals("codegen")) return;
    Program done = ir;
    after.accept("codegen", () -> CProgram.generate(done, backend, "prog", floatContraction).c());
  }
}

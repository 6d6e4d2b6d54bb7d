package io.github.futhark4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Interpreter;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.opt.Optimiser;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.tools.CorpusPrograms;
import io.github.futhark4j.data.ValueComparator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The IR interpreter (the fuzzer's oracle) against the expected results of the test corpus
 * ({@code src/test/fut}): every case with literal inputs and outputs whose entry point takes and
 * returns primitives and arrays runs on the unoptimised IR and must give the expected values (with
 * futhark test's tolerance) or fail when an error is expected. As in the fuzzer, a case that fails
 * on the unoptimised IR but is expected to succeed runs again on the optimised IR (the compiler, like
 * the reference, drops failing code whose result is never needed). No C compiler is involved.
 */
class InterpreterCorpusTest {
  @Test
  void interpreterAgreesWithTheCorpus() throws Exception {
    int run = 0;
    int optimisedOnly = 0;
    List<String> failures = new ArrayList<>();
    for (CorpusPrograms.Program cp : CorpusPrograms.withSpecs()) {
      Path f = cp.path();
      String text = cp.text();
      TestSpec spec = cp.spec();
      if (f.toString().contains("known-failures") || f.toString().contains("errors/compile")) continue;
      if (!(spec.action() instanceof TestSpec.RunCases rc)) continue;
      Program ir;
      try {
        TProgram tp = Frontend.check(new Source(f.toString(), text, f.toAbsolutePath()));
        ir = Lowerer.lower(tp);
      } catch (Exception e) {
        continue; // programs the back end cannot lower are not the interpreter's business
      }
      for (TestSpec.InputOutputs io : rc.ios()) {
        Program.Entry entry = ir.entries().stream().filter(e -> e.signature().name().equals(io.entryPoint())).findFirst().orElse(null);
        if (entry == null || !plain(entry)) continue;
        for (TestSpec.TestRun tr : io.runs()) {
          if (!(tr.input() instanceof TestSpec.Literal in)) continue;
          if (in.values().size() != entry.params().size()) continue;
          List<Object> args = new ArrayList<>();
          for (Value v : in.values()) args.add(IrValues.toIr(v));
          String where = f + " " + io.entryPoint() + " " + tr.description();
          List<Value> got = null;
          String error = null;
          try {
            got = run(ir, entry, args);
          } catch (Interpreter.ProgramError e) {
            error = e.getMessage();
            if (tr.expected() instanceof TestSpec.Succeeds) {
              // The fuzzer's rule: a failing computation that the optimiser removes (it is dead,
              // or only its shape is used) does not fail the compiled program either.
              Program optimised = Optimiser.run(new Program(List.of(entry), ir.tuningParams(), ir.functions()), false);
              try {
                got = run(optimised, optimised.entries().get(0), args);
                error = null;
                optimisedOnly++;
              } catch (Interpreter.ProgramError e2) {
                error = e2.getMessage();
              }
            }
          } catch (RuntimeException e) {
            failures.add(where + ": interpreter crashed: " + e);
            continue;
          }
          run++;
          switch (tr.expected()) {
            case TestSpec.Succeeds s when s.output() instanceof TestSpec.Literal out -> {
              if (error != null) failures.add(where + ": unexpected error " + error);
              else {
                var ms = ValueComparator.compare(got, out.values());
                if (!ms.isEmpty()) failures.add(where + ": " + ms);
              }
            }
            case TestSpec.RunTimeError e -> {
              if (error == null) failures.add(where + ": expected an error, got " + got);
            }
            default -> { }
          }
        }
      }
    }
    System.out.println("interpreted corpus cases: " + run + " (" + optimisedOnly + " succeed only once optimised)");
    assertTrue(optimisedOnly >= 5, "the fuzz_found programs with dead failing code should need the optimised IR: " + optimisedOnly);
    assertTrue(run > 800, "too few corpus cases interpreted: " + run);
    assertTrue(failures.isEmpty(), () -> failures.size() + " failures:\n" + String.join("\n", failures));
  }

  private static List<Value> run(Program p, Program.Entry entry, List<Object> args) {
    return Interpreter.run(p, entry, args, 2_000_000_000L).stream().map(IrValues::fromIr).toList();
  }

  /** Entry points whose parameters and results are primitives or arrays of them. */
  private static boolean plain(Program.Entry e) {
    return e.signature().params().size() == e.params().size()
        && e.signature().params().stream().allMatch(p -> Lowerer.leafCount(p.type()) == 1 && !(p.type() instanceof io.github.futhark4j.compiler.typed.Type.Sum))
        && e.signature().results().stream().allMatch(p -> Lowerer.leafCount(p.type()) == 1 && !(p.type() instanceof io.github.futhark4j.compiler.typed.Type.Sum));
  }
}

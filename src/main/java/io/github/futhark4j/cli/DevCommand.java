package io.github.futhark4j.cli;

import io.github.futhark4j.toolchain.BuiltinCompiler;

import io.github.futhark4j.compiler.Pipeline;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code dev}: the built-in compiler step by step, for its developers ({@link Pipeline}). */
public final class DevCommand implements Command {
  @Override
  public String name() { return "dev"; }

  @Override
  public String summary() { return "developer tool: list the compiler's steps, print a program after one of them"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j dev --steps
               futhark4j dev [--dump-after STEP] [--stop-after STEP] [--verify] [--backend c|multicore|opencl]
                             [--fp-contract] PROGRAM.fut

        Runs the built-in compiler on PROGRAM.fut step by step (parse, check, lower, the
        optimisation passes, codegen; --steps lists them) and prints the program after STEP:
        the files parsed (the prelude, the program, its imports) after parse, the checked tree
        after check, the IR in its textual form after lower and every pass, the
        C file after codegen. --stop-after STEP stops there and prints its output; --verify runs
        the IR verifier after every IR step (the tests always do), so a broken invariant is
        reported at the step that broke it. Without --dump-after or --stop-after nothing is
        printed: the program is compiled to C in memory (useful with --verify). --fp-contract
        makes the C as a build with that option does (fused multiplies and adds allowed).
        With --backend opencl the step kernels also runs, marking the maps that become device
        kernels #[kernel]; the C file then carries their OpenCL C program as a string.

        Exit codes: 0 done; 2 the program has errors, or bad usage; 1 a step failed (compiler bug).
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().flag("--steps").flag("--verify").flag("--fp-contract").option("--dump-after").option("--stop-after").option("--backend").parse(argv);
    if (a.has("--steps")) {
      for (Pipeline.Step s : Pipeline.steps()) cli.out().printf("%-12s %s%n", s.name(), s.what());
      return 0;
    }
    if (a.positional().size() != 1) throw new UsageException("expected one program, got " + a.positional().size());
    String dump = a.value("--dump-after", null);
    String stop = a.value("--stop-after", null);
    String backend = a.value("--backend", "multicore");
    if (!BuiltinCompiler.BACKENDS.contains(backend)) throw new UsageException("--backend must be c, multicore or opencl");
    List<String> names = Pipeline.steps().stream().map(Pipeline.Step::name).toList();
    for (String s : new String[] {dump, stop}) {
      if (s != null && !names.contains(s)) throw new UsageException("unknown step '" + s + "'; the steps are " + String.join(", ", names));
    }
    Path prog = Programs.program(a.positional().get(0));
    Source src = new Source(prog.toString(), Files.readString(prog, StandardCharsets.UTF_8), prog);
    try {
      Pipeline.run(src, stop, a.has("--verify"), backend, a.has("--fp-contract"), (step, text) -> {
        if (step.equals(dump) || step.equals(stop)) {
          String t = text.get();
          cli.out().print(t.endsWith("\n") ? t : t + "\n");
        }
      });
      return 0;
    } catch (CompileException e) {
      for (Diagnostic d : e.diagnostics()) cli.err().println(d.render() + "\n");
      return 2;
    } catch (RuntimeException e) {
      if (System.getenv("FUTHARK4J_DEBUG") != null) e.printStackTrace(cli.err());
      throw new ExitException(1, "a compiler step failed on " + prog + ": " + e);
    }
  }
}

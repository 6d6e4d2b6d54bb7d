package io.github.futhark4j.cli;

import io.github.futhark4j.cli.runner.InterpreterLoader;
import io.github.futhark4j.cli.runner.LoadedProgram;
import io.github.futhark4j.cli.runner.ProgramLoader;
import io.github.futhark4j.compiler.interp.OpaqueValueException;
import io.github.futhark4j.compiler.interp.UnsupportedConstructException;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.data.BinaryFormat;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueFormatException;
import io.github.futhark4j.data.ValueReader;
import io.github.futhark4j.data.ValueWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code run}: compile a program, read its arguments from standard input, print its results. */
public final class RunCommand implements Command {
  @Override
  public String name() { return "run"; }

  @Override
  public String summary() { return "run an entry point on values read from standard input"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j run [options] PROGRAM.fut

        Compiles the program (cached), reads the entry point's arguments from standard input (Futhark
        value syntax or the binary data format, mixed), runs it and prints each result on a line in
        Futhark's value syntax, like an executable made by 'futhark c'. Unsuffixed literals take the
        parameter's type where they can ('1' is read as 1.0f64 for an f64 parameter).

        Options:
          -e, --entry-point NAME     the entry point to run (default: main, or the only entry point)
          -b, --binary-output        print results in the binary data format
          -t, --write-runtime-to F   write the runtime of each run in microseconds to F, one per line
          -r, --runs N               run N times after one warm-up run; print the last result
                                     (with -r or -t the entry point is prepared before timing)
          -n, --no-print-result      do not print the result (the entry point runs; its results may be opaque)
              --backend NAME         builtin (default), builtin-c, builtin-opencl, or c/multicore/ispc (installed futhark)
              --fp-contract          let the C compiler fuse multiplies and adds (FMA): can be faster,
                                     but results may differ from futhark's in the last bit

        Exit codes: 0 ok; 1 the program failed at run time or a tool failed; 2 bad usage, a compile
        error, or input values that are malformed or do not fit the entry point.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("-e", "--entry-point").flag("-b", "--binary-output").option("-t", "--write-runtime-to")
        .option("-r", "--runs").flag("-n", "--no-print-result").option("--backend").option(Programs.DEVICE).flag(Programs.FP_CONTRACT).flag("--interpret").parse(argv);
    if (a.positional().size() != 1) throw new UsageException("expected one program, got " + a.positional().size());
    Path prog = Programs.program(a.positional().get(0));
    String entryOption = a.value("-e", null);
    int runs = a.intValue("-r", 0, 1);
    String backend = Programs.backend(a);

    ProgramLoader loader = a.has("--interpret") ? new InterpreterLoader() : Programs.loader(cli, a, backend);
    try (LoadedProgram p = Programs.load(loader, prog)) {
      String entry = entryOption != null ? entryOption : p.defaultEntry();
      if (!p.entryPoints().containsKey(entry)) {
        throw new ExitException(2, "No entry point '" + entry + "'. The program has: "
            + String.join(", ", p.entryPoints().keySet()));
      }
      List<Value> args;
      try {
        // Like compiled Futhark programs, read each argument knowing the parameter's type.
        args = ValueReader.of(cli.in(), "stdin").readAll(Value.elementTypesOf(p.entryPoints().get(entry).parameterTypes()));
      } catch (ValueFormatException e) {
        throw new ExitException(2, "Error when reading input: " + e.getMessage());
      }
      List<Long> times = new ArrayList<>();
      List<Value> results;
      // Timed runs must not include one-time costs: bind the entry point for its fastest calls
      // first (FutharkFunction.prepare), which a later run would otherwise pay for.
      boolean timed = runs > 0 || a.has("-t");
      if (timed) p.prepare(entry);
      try {
        // With -n the results are not needed: the entry point only runs (its results may be opaque).
        boolean print = !a.has("-n");
        if (runs > 0) p.run(entry, args); // warm-up, as compiled Futhark executables do with -r
        int n = Math.max(1, runs);
        results = null;
        for (int i = 0; i < n; i++) {
          long t0 = System.nanoTime();
          if (print) results = p.call(entry, args);
          else p.run(entry, args);
          times.add((System.nanoTime() - t0) / 1000);
        }
      } catch (RunFailure e) {
        throw new ExitException(e.badArguments() ? 2 : 1, e.getMessage());
      } catch (OpaqueValueException | UnsupportedConstructException e) {
        throw new ExitException(1, e.getMessage());
      }
      if (a.has("-t")) writeTimes(Path.of(a.value("-t", null)), times);
      if (!a.has("-n")) print(results, a.has("-b"), cli);
    }
    return 0;
  }

  private static void writeTimes(Path file, List<Long> times) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (long t : times) sb.append(t).append('\n');
    Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
  }

  private static void print(List<Value> results, boolean binary, Cli cli) throws IOException {
    for (Value v : results) {
      if (binary) {
        BinaryFormat.write(v, cli.out());
      } else {
        cli.out().println(ValueWriter.text(v));
      }
    }
    cli.out().flush();
  }
}

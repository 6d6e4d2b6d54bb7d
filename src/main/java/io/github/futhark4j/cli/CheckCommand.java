package io.github.futhark4j.cli;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.CompilerLimitException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code check}: parse and type check a program with the built-in front end. */
public final class CheckCommand implements Command {
  @Override
  public String name() { return "check"; }

  @Override
  public String summary() { return "check that a program parses and type checks"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j check [options] PROGRAM.fut

        Parses and type checks the program and the files it imports with the built-in front end.
        Prints nothing when the program is fine; otherwise prints every diagnostic on standard error.

        Options:
          -w, --no-warnings   accepted for compatibility with 'futhark check'

        Exit codes: 0 the program is fine; 2 it has errors (or bad usage); 1 internal compiler error.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().flag("-w", "--no-warnings").parse(argv);
    if (a.positional().size() != 1) throw new UsageException("expected one program, got " + a.positional().size());
    Path prog = Programs.program(a.positional().get(0));
    Source src = new Source(prog.toString(), Files.readString(prog, StandardCharsets.UTF_8), prog);
    try {
      cli.checker().check(src);
      return 0;
    } catch (CompileException e) {
      List<Diagnostic> ds = e.diagnostics();
      for (Diagnostic d : ds) cli.err().println(d.render() + "\n");
      return 2;
    } catch (CompilerLimitException e) {
      cli.err().println(e.getMessage());
      return 2;
    } catch (RuntimeException e) {
      throw new ExitException(1, "internal compiler error while checking " + prog + ": " + e);
    }
  }
}

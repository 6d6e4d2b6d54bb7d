package io.github.futhark4j.cli;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.lower.LowerException;
import io.github.futhark4j.toolchain.CompilerLimitException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.ExternalCompilerException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code c}, {@code multicore} and {@code opencl}: like {@code futhark c --library}, write
 * {@code NAME.c}, {@code NAME.h} and {@code NAME.json} (and for opencl the kernels, {@code NAME.cl})
 * with the built-in compiler. With these, our own launcher can
 * stand in for an installed futhark ({@code FUTHARK=scripts/futhark4j}), which is how the runtime's
 * external-compiler path is tested on machines without futhark.
 */
public abstract class LibraryCommand implements Command {
  /** The backend this command generates code for. */
  protected abstract String backend();

  @Override
  public String name() { return backend(); }

  @Override
  public String summary() {
    return "write " + kind() + " library code (--library)";
  }

  /** What code this command writes, in words. */
  private String kind() {
    return switch (backend()) {
      case "c" -> "sequential C";
      case "opencl" -> "OpenCL kernels and multicore (OpenMP) host C";
      default -> "multicore (OpenMP) C";
    };
  }

  @Override
  public String help() {
    return """
        Usage: futhark4j %1$s --library [-o NAME] PROGRAM.fut

        Compiles the program with the built-in compiler to %2$s code exposing the Futhark C API, and
        writes NAME.c, NAME.h and NAME.json (the manifest)%3$s. NAME defaults to the program's path
        without '.fut'. Only libraries are generated; there is no executable mode.

        Options:
              --library          generate a library (required)
          -o NAME                output path without extension
              --fp-contract      let the C compiler fuse multiplies and adds (FMA): the generated C
                                 says fp-contract=fast instead of off; can be faster, but results
                                 may differ from futhark's in the last bit
          -W, --Werror, --safe, -v
                                 accepted for compatibility with 'futhark %1$s'; no effect

        Exit codes: 0 written; 2 compile errors or a compiler limit (printed on standard error) or bad usage;
        1 internal compiler error or I/O failure.
        """.formatted(backend(), kind(), backend().equals("opencl")
            ? ", and NAME.cl (the kernels, which the library builds for its device when it creates a context)" : "");
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().flag("--library").option("-o").flag("-W").flag("--Werror").flag("--safe").flag("-v", "--verbose")
        .flag(Programs.FP_CONTRACT).parse(argv);
    if (a.positional().size() != 1) throw new UsageException("expected one program, got " + a.positional().size());
    if (!a.has("--library")) {
      throw new UsageException("only --library is supported: futhark4j does not build executables"
          + " (use 'futhark4j run' to run a program)");
    }
    Path prog = Programs.program(a.positional().get(0));
    String base = a.value("-o", null);
    if (base == null) {
      String p = prog.toString();
      base = p.endsWith(".fut") ? p.substring(0, p.length() - 4) : p;
    }
    Path out = Path.of(base).toAbsolutePath();
    Path dir = out.getParent();
    Files.createDirectories(dir);
    Source src = new Source(prog.toString(), Files.readString(prog, StandardCharsets.UTF_8), prog.toAbsolutePath());
    try {
      cli.library().compile(src, backend(), dir, out.getFileName().toString(), a.has(Programs.FP_CONTRACT));
      return 0;
    } catch (CompileException e) {
      for (Diagnostic d : e.diagnostics()) cli.err().println(d.render() + "\n");
      return 2;
    } catch (ExternalCompilerException e) {
      throw new ExitException(1, e.getMessage());
    } catch (LowerException e) {
      throw new ExitException(1, prog + ": the built-in compiler cannot compile this program yet: " + e.getMessage());
    } catch (CompilerLimitException e) {
      // One of the compiler's limits (stack, heap, inlining budget): the message says which and how to raise it.
      cli.err().println(e.getMessage());
      return 2;
    } catch (RuntimeException e) {
      throw new ExitException(1, "internal compiler error while compiling " + prog + ": " + e);
    }
  }
}

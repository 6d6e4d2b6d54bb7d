package io.github.futhark4j.cli;

import io.github.futhark4j.cli.runner.FutharkLoader;
import io.github.futhark4j.cli.runner.ProgramLoader;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.CompilerThread;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.ExternalCompilerException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What a command may touch: the standard streams and the parts of the system it drives. Tests
 * replace the loader, checker and library writer with fakes; {@link #system} wires the real ones.
 *
 * @param loaders  program loader for a backend name ({@code builtin}, {@code c}, ...)
 * @param checker  type checks a program ({@code check})
 * @param library  writes {@code NAME.c/.h/.json} ({@code c --library})
 */
public record Cli(InputStream in, PrintStream out, PrintStream err, Loaders loaders, Checker checker, Library library) {
  /** Program loaders by backend name. */
  @FunctionalInterface
  public interface Loaders {
    ProgramLoader forBackend(String backend);
  }

  /** Parses and type checks a program. */
  @FunctionalInterface
  public interface Checker {
    void check(Source main) throws CompileException;
  }

  /** Compiles a program into {@code outDir/NAME.c}, {@code .h}, {@code .json}. */
  @FunctionalInterface
  public interface Library {
    void compile(Source main, String backend, Path outDir, String name)
        throws CompileException, ExternalCompilerException, IOException;
  }

  /** The real system on the given streams. */
  public static Cli system(InputStream in, PrintStream out, PrintStream err) {
    return new Cli(in, out, err,
        backend -> new FutharkLoader(FutharkLoader.optionsFor(backend)),
        main -> {
          // On the compiler's large-stack thread, as for compiling: deep programs check too.
          try {
            CompilerThread.run(main.name(), () -> Frontend.check(main));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        (main, backend, outDir, name) -> Compilers.builtin().compile(main, backend, outDir, name));
  }
}

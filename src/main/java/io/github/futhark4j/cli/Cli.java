package io.github.futhark4j.cli;

import io.github.futhark4j.FutharkOptions;
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

    /**
     * The loader for {@code backend} whose programs' generated C may contract floating-point
     * operations into fused multiply-adds ({@code --fp-contract}) or not. Loaders that compile
     * nothing (test fakes) may leave it out.
     */
    default ProgramLoader forBackend(String backend, boolean floatContraction) {
      return forBackend(backend);
    }

    /**
     * The loader for {@code backend} (one with devices when {@code device} is not null), running
     * its programs on {@code device} as {@code FutharkOptions.withDevice} takes it.
     */
    default ProgramLoader forBackend(String backend, boolean floatContraction, String device) {
      if (device != null) throw new UnsupportedOperationException("this loader chooses no device");
      return forBackend(backend, floatContraction);
    }
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

    /**
     * Like {@link #compile(Source, String, Path, String)}, with floating-point contraction allowed in
     * the generated C ({@code --fp-contract}) or not. Writers that generate no code (test fakes) may
     * leave it out.
     */
    default void compile(Source main, String backend, Path outDir, String name, boolean floatContraction)
        throws CompileException, ExternalCompilerException, IOException {
      compile(main, backend, outDir, name);
    }
  }

  /** The real system on the given streams. */
  public static Cli system(InputStream in, PrintStream out, PrintStream err) {
    Loaders loaders = new Loaders() {
      @Override
      public ProgramLoader forBackend(String backend) {
        return forBackend(backend, false);
      }

      @Override
      public ProgramLoader forBackend(String backend, boolean floatContraction) {
        return forBackend(backend, floatContraction, null);
      }

      @Override
      public ProgramLoader forBackend(String backend, boolean floatContraction, String device) {
        // Without the flag the system property decides (FutharkOptions.FLOAT_CONTRACTION_PROPERTY).
        return new FutharkLoader(FutharkLoader.optionsFor(backend).withFloatContraction(floatContraction ? Boolean.TRUE : null)
            .withDevice(device));
      }
    };
    Library library = new Library() {
      @Override
      public void compile(Source main, String backend, Path outDir, String name)
          throws CompileException, ExternalCompilerException, IOException {
        compile(main, backend, outDir, name, false);
      }

      @Override
      public void compile(Source main, String backend, Path outDir, String name, boolean floatContraction)
          throws CompileException, ExternalCompilerException, IOException {
        // Without the flag the system property decides (FutharkOptions.FLOAT_CONTRACTION_PROPERTY).
        boolean on = floatContraction || FutharkOptions.defaults().floatContractionInEffect();
        Compilers.builtin().compile(main, backend, outDir, name, null, on);
      }
    };
    return new Cli(in, out, err, loaders,
        main -> {
          // On the compiler's large-stack thread, as for compiling: deep programs check too.
          try {
            CompilerThread.run(main.name(), () -> Frontend.check(main));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        library);
  }
}

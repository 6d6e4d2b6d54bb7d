package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Something that turns a Futhark program into {@code NAME.c}, {@code NAME.h} and
 * {@code NAME.json} exposing the Futhark C API: our built-in compiler, or an installed
 * {@code futhark} run as {@code futhark <backend> --library}.
 */
public interface FutharkCompiler {
  /** Identity and version, part of every build key, e.g. {@code builtin 0.1.0} or {@code futhark 0.25.24}. */
  String identity();

  /**
   * Compiles {@code main} into {@code outDir/NAME.c}, {@code NAME.h} and {@code NAME.json}.
   *
   * @throws CompileException          the program has errors (built-in compiler: structured diagnostics)
   * @throws ExternalCompilerException an external compiler failed; carries its complete output
   */
  void compile(Source main, String backend, Path outDir, String name)
      throws CompileException, ExternalCompilerException, IOException;

  /**
   * Like {@link #compile(Source, String, Path, String)}, running external programs at most
   * {@code toolTimeout} each ({@code null}: {@link ToolLimits#defaultTimeout()}). Compilers that run
   * no external program ignore it.
   */
  default void compile(Source main, String backend, Path outDir, String name, Duration toolTimeout)
      throws CompileException, ExternalCompilerException, IOException {
    compile(main, backend, outDir, name);
  }

  /**
   * Like {@link #compile(Source, String, Path, String, Duration)}, with floating-point contraction
   * allowed in the generated code or not. Compilers whose code sets no contraction of its own (an
   * installed futhark) ignore it: the C compiler's {@code -ffp-contract} flag decides for them.
   */
  default void compile(Source main, String backend, Path outDir, String name, Duration toolTimeout,
      boolean floatContraction) throws CompileException, ExternalCompilerException, IOException {
    compile(main, backend, outDir, name, toolTimeout);
  }

  /**
   * Prepares this JVM for a first compilation, on the thread of the caller, which calls it on a
   * background thread while the build's other steps run; does nothing by default. Must be harmless
   * to call more than once, or not at all.
   */
  default void warmUp() {}
}

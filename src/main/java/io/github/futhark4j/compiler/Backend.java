package io.github.futhark4j.compiler;

import io.github.futhark4j.compiler.typed.TProgram;

/**
 * The back end: lower the checked program to the first-order IR, optimise, and generate one
 * self-contained C file (the engine runtime pasted in), its header and the manifest.
 */
public final class Backend {
  private Backend() {}

  /** The generated library: {@code prog.c}, {@code prog.h} and {@code prog.json} contents. */
  public record Output(String c, String h, String manifestJson) {}

  /**
   * @param program  the checked program
   * @param backend  {@code "c"} (sequential) or {@code "multicore"} (OpenMP)
   * @param baseName the file base name used in {@code #include "baseName.h"}
   */
  public static Output generate(TProgram program, String backend, String baseName) {
    throw new UnsupportedOperationException("back end not yet written");
  }
}

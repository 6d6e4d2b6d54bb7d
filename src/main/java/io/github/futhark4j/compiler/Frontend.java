package io.github.futhark4j.compiler;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TProgram;

/**
 * The front end: parse the main source and the files it imports (relative to the importing file;
 * for an in-memory source, relative to the working directory), add the prelude, and type check.
 */
public final class Frontend {
  private Frontend() {}

  /** Parses and checks a program; user errors become a {@link CompileException}. */
  public static TProgram check(Source main) throws CompileException {
    throw new UnsupportedOperationException("front end not yet written");
  }
}

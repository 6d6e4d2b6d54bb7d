package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.typed.TProgram;

/** Gives other test packages the hand-built model program. */
public final class CGenTestAccess {
  private CGenTestAccess() {}

  public static TProgram factorize() { return CGenTest.factorize().program(); }
}

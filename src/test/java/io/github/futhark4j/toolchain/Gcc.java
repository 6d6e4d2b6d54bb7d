package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Tests that really compile C skip, saying why, when this machine has no C compiler. */
final class Gcc {
  private Gcc() {}

  static CCompiler require() {
    try {
      return CCompiler.locate();
    } catch (MissingToolException e) {
      assumeTrue(false, "skipped: no C compiler on this machine: " + e.getMessage());
      throw new AssertionError(e);
    }
  }
}

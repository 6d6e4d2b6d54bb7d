package io.github.futhark4j.cli.runner;

import java.nio.file.Path;

/** Compiles and loads a Futhark program so its entry points can be called with values. */
@FunctionalInterface
public interface ProgramLoader {
  /**
   * @throws CompileFailure the program does not compile (the message is the compiler's)
   */
  LoadedProgram load(Path program) throws CompileFailure;

  /** The program could not be compiled: a user error in the program, or a failing compiler. */
  final class CompileFailure extends Exception {
    private final boolean userError;

    /** @param userError true for errors in the program (syntax, types), false for tool failures */
    public CompileFailure(String message, boolean userError, Throwable cause) {
      super(message, cause);
      this.userError = userError;
    }

    /** True when the program itself is wrong; false when a compiler or tool failed. */
    public boolean userError() { return userError; }
  }
}

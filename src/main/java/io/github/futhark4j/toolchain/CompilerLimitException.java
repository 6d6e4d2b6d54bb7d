package io.github.futhark4j.toolchain;

/**
 * The built-in compiler hit one of its limits on a program: its thread's stack, the JVM's heap, or
 * the budget for the size of the program after inlining. The message names the limit and how to
 * raise it. Not a bug of the compiler and not an error in the program as such: the facade reports it
 * as a compile error.
 */
public final class CompilerLimitException extends RuntimeException {
  public CompilerLimitException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.github.futhark4j.toolchain;

/**
 * A tool we need (the C compiler, {@code futhark}, {@code ispc}) is not installed where we looked.
 * The message says what was looked for, where, and how to fix it.
 */
public final class MissingToolException extends ExternalCompilerException {
  public MissingToolException(String tool, String explanation) {
    super(tool, explanation);
  }
}

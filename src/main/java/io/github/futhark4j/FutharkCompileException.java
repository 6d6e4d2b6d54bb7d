package io.github.futhark4j;

/**
 * The program could not be compiled: a syntax or type error (with file, line and column), or a
 * failure of the external futhark or the C compiler (with their complete output).
 */
public class FutharkCompileException extends Exception {
  private final String fileName;
  private final int line;
  private final int column;

  public FutharkCompileException(String message, String fileName, int line, int column, Throwable cause) {
    super(message, cause);
    this.fileName = fileName;
    this.line = line;
    this.column = column;
  }

  /** The file of the first error, or {@code null} when not known. */
  public String fileName() { return fileName; }

  /** 1-based line of the first error, or -1. */
  public int line() { return line; }

  /** 1-based column of the first error, or -1. */
  public int column() { return column; }
}

package io.github.futhark4j.data;

/**
 * Malformed value input. The message names the input, the 1-based line and column and what was
 * expected: {@code stdin:3:7: expected ',' or ']' in array, found 'x'}.
 */
public class ValueFormatException extends RuntimeException {
  private final String inputName;
  private final int line;
  private final int column;
  private final String detail;

  public ValueFormatException(String inputName, int line, int column, String detail) {
    super(inputName + ":" + line + ":" + column + ": " + detail);
    this.inputName = inputName;
    this.line = line;
    this.column = column;
    this.detail = detail;
  }

  /** The name of the input (a file name, or {@code stdin}). */
  public String inputName() { return inputName; }

  /** 1-based line of the error. */
  public int line() { return line; }

  /** 1-based column of the error (in characters, not bytes). */
  public int column() { return column; }

  /** The message without the position. */
  public String detail() { return detail; }
}

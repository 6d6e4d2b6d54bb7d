package io.github.futhark4j.cli;

/**
 * Ends a command with an exit code and a message for standard error; lets helpers shared by several
 * commands stop a command without each command repeating the error handling.
 */
public class ExitException extends Exception {
  private final int code;

  public ExitException(int code, String message) {
    super(message);
    this.code = code;
  }

  public int code() { return code; }
}

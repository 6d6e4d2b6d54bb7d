package io.github.futhark4j.toolchain;

/** An external tool (the {@code futhark} compiler or the C compiler) failed; the message is its complete output. */
public class ExternalCompilerException extends Exception {
  private final String command;
  private final String output;
  private final int exitCode;

  public ExternalCompilerException(String command, int exitCode, String output) {
    super(command + " failed (exit code " + exitCode + "):\n" + output);
    this.command = command;
    this.output = output;
    this.exitCode = exitCode;
  }

  /**
   * A tool could not be run at all (not installed, not executable). {@link #output()} is the
   * explanation and {@link #exitCode()} is -1.
   */
  protected ExternalCompilerException(String command, String explanation) {
    super(explanation);
    this.command = command;
    this.output = explanation;
    this.exitCode = -1;
  }

  /** The command line that failed. */
  public String command() { return command; }

  /** Everything it printed on stdout and stderr. */
  public String output() { return output; }

  /** The tool's exit code, or -1 when it could not be started. */
  public int exitCode() { return exitCode; }
}

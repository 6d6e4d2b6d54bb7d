package io.github.futhark4j.toolchain;

/** An external tool (the {@code futhark} compiler or the C compiler) failed; the message is its complete output. */
public class ExternalCompilerException extends Exception {
  private final String command;
  private final String output;

  public ExternalCompilerException(String command, int exitCode, String output) {
    super(command + " failed (exit code " + exitCode + "):\n" + output);
    this.command = command;
    this.output = output;
  }

  /** The command line that failed. */
  public String command() { return command; }

  /** Everything it printed on stdout and stderr. */
  public String output() { return output; }
}

package io.github.futhark4j.toolchain;

import java.time.Duration;

/**
 * An external tool (the C compiler, {@code futhark}, {@code ispc}) ran longer than its timeout
 * ({@link ToolLimits}) and was stopped together with the processes it started. {@link #output()}
 * is the end of what it printed until then.
 */
public final class ToolTimeoutException extends ExternalCompilerException {
  private final Duration timeout;

  public ToolTimeoutException(String command, Duration timeout, String output) {
    super(command, command + " did not finish within " + ToolLimits.describe(timeout) + " and was stopped. The limit"
        + " is FutharkOptions.withToolTimeout, else the system property " + ToolLimits.PROPERTY + " (default "
        + ToolLimits.describe(ToolLimits.DEFAULT_TIMEOUT) + ")." + (output.isBlank() ? "" : " Its output until then:\n" + output));
    this.timeout = timeout;
  }

  /** The timeout that was exceeded. */
  public Duration timeout() { return timeout; }
}

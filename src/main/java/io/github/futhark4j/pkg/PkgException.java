package io.github.futhark4j.pkg;

/**
 * A package operation that cannot be done: a malformed {@code futhark.pkg}, an unknown package or
 * version, a failing {@code git}, a commit that does not match the recorded hash. The message is
 * meant for the user as it is.
 */
public class PkgException extends Exception {
  private static final long serialVersionUID = 1L;
  private final boolean userError;

  /** @param userError true when the user's input is wrong (exit 2), false when an operation failed (exit 1) */
  public PkgException(String message, boolean userError) {
    super(message);
    this.userError = userError;
  }

  public PkgException(String message, boolean userError, Throwable cause) {
    super(message, cause);
    this.userError = userError;
  }

  /** True when the user's input is wrong (a usage error), false when an operation failed. */
  public boolean userError() {
    return userError;
  }
}

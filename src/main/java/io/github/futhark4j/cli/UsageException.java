package io.github.futhark4j.cli;

/** Bad command-line usage: reported with a pointer to {@code --help}, exit code 2. */
public class UsageException extends Exception {
  public UsageException(String message) { super(message); }
}

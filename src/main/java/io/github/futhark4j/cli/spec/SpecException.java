package io.github.futhark4j.cli.spec;

/** A malformed test block: the message starts with {@code file:line:column:}. */
public class SpecException extends Exception {
  public SpecException(String message) { super(message); }

  public SpecException(String message, Throwable cause) { super(message, cause); }
}

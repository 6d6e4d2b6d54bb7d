package io.github.futhark4j;

/** A failure reported by compiled Futhark code or the Futhark runtime while calling an entry point. */
public class FutharkException extends RuntimeException {
  public FutharkException(String message) { super(message); }

  public FutharkException(String message, Throwable cause) { super(message, cause); }
}

package io.github.futhark4j;

/** The Futhark runtime could not allocate memory ({@code FUTHARK_OUT_OF_MEMORY}). */
public class FutharkOutOfMemoryException extends FutharkException {
  public FutharkOutOfMemoryException(String message) { super(message); }
}

package io.github.futhark4j;

/**
 * The Futhark program failed at run time ({@code FUTHARK_PROGRAM_ERROR}): an index out of bounds,
 * a failed assertion or size coercion, division by zero. The message is Futhark's, naming the
 * source position.
 */
public class FutharkProgramException extends FutharkException {
  public FutharkProgramException(String message) { super(message); }
}

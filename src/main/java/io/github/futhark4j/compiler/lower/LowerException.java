package io.github.futhark4j.compiler.lower;

/**
 * A construct the back end does not (yet) support, or a broken invariant of the checked tree.
 * {@link io.github.futhark4j.compiler.Backend} reports it as an internal compiler limitation.
 */
public final class LowerException extends RuntimeException {
  public LowerException(String msg) { super(msg); }
}

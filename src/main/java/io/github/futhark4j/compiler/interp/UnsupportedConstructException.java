package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.source.Span;

/**
 * The program uses a construct the source interpreter does not implement (second derivatives of
 * gamma and lgamma): it refuses to run rather than compute something wrong.
 */
public final class UnsupportedConstructException extends RuntimeException {
  private final String construct;

  UnsupportedConstructException(String construct, Span span) {
    super("the source interpreter does not implement " + construct
        + (span == null || span == Span.NONE ? "" : " (at " + span.render() + ")"));
    this.construct = construct;
  }

  /** The construct, e.g. {@code second derivatives of gamma and lgamma}. */
  public String construct() { return construct; }
}

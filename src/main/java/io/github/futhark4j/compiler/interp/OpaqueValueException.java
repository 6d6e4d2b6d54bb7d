package io.github.futhark4j.compiler.interp;

/**
 * An entry point's argument or result has a type that the C API makes opaque (a record, a sum, an
 * array of records ...): it cannot be given or shown as a {@link io.github.futhark4j.data.Value},
 * hence not compared with one.
 */
public final class OpaqueValueException extends RuntimeException {
  OpaqueValueException(String message) {
    super(message);
  }
}

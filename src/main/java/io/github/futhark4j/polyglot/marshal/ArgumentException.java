package io.github.futhark4j.polyglot.marshal;

/**
 * A guest passed an argument that does not fit the entry point's parameter. The message names the
 * entry point, the parameter (position and type) and, inside arrays, the element, so a guest
 * exception built from it says exactly what to fix.
 */
public final class ArgumentException extends IllegalArgumentException {
  public ArgumentException(String message) { super(message); }
}

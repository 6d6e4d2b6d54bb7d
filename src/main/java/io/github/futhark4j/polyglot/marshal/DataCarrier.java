package io.github.futhark4j.polyglot.marshal;

/**
 * Implemented by our guest-facing wrappers (result arrays, native handles) so that, when a guest
 * passes one back into an entry point, the decoder finds the Java data behind it instead of
 * reading it element by element.
 */
public interface DataCarrier {
  /** An {@link ArrayData}, or a native handle as returned by {@code FutharkFunction.callNative}. */
  Object data();
}

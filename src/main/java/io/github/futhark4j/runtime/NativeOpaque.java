package io.github.futhark4j.runtime;

import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkOpaque;

/** A {@link FutharkOpaque} owned by a Futhark context. */
final class NativeOpaque extends FutharkOpaque {
  final ValueType.Opaque type;
  final Handle handle;

  /** Wraps a fresh opaque pointer that may alias {@code keep}; the caller holds the context lock. */
  NativeOpaque(Context context, ValueType.Opaque type, Pointer pointer, java.util.List<RawBuffer> keep) {
    this.type = type;
    this.handle = new Handle(this, context, type.free(), pointer, keep);
  }

  @Override public String type() { return type.name(); }

  @Override public void close() { handle.close(); }
}

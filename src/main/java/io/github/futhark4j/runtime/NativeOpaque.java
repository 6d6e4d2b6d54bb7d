package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.futhark4j.FutharkException;
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

  @Override
  public byte[] store() {
    if (type.store() == null) {
      throw new UnsupportedOperationException("the library has no store function for opaque type " + type.name());
    }
    Context ctx = handle.context;
    String what = "futhark_store_opaque for " + type.name();
    byte[] payload;
    synchronized (ctx.lock()) {
      Pointer obj = handle.pointer("opaque value " + type.name());
      Memory size = new Memory(8);
      Memory where = new Memory(8);
      try {
        // First the size only (p == NULL), then into a buffer of ours (*p != NULL).
        ctx.check(type.store().invokeInt(new Object[] {ctx.valuePointer(), obj, null, size}), what);
        long n = size.getLong(0);
        if (n < 0 || n > Integer.MAX_VALUE - 1024) {
          throw new FutharkException("opaque value " + type.name() + " needs " + n + " bytes, too many for a Java byte[]");
        }
        Memory buffer = new Memory(Math.max(1, n));
        try {
          where.setPointer(0, buffer);
          ctx.check(type.store().invokeInt(new Object[] {ctx.valuePointer(), obj, where, size}), what);
          ctx.sync();
          payload = buffer.getByteArray(0, (int) n);
        } finally {
          buffer.close();
        }
      } finally {
        size.close();
        where.close();
      }
    }
    return StoredValue.wrap(type.name(), type.program(), payload);
  }

  @Override public void close() { handle.close(); }
}

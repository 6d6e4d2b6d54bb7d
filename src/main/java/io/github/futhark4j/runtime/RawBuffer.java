package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Native memory that Java argument data was copied into and that a Futhark array wraps without a
 * copy ({@code futhark_new_raw_*}). The C API says such memory must stay valid for the lifetime of
 * the array and is never freed by Futhark; since a result may alias an argument (an entry point
 * returning its input), the lifetime rule is: the call holds one reference while it runs, and
 * every native value (array or opaque handle) a call returns holds one reference to each raw
 * buffer of that call's arguments, including those its argument handles hold, transitively. When
 * the last reference goes the memory returns to the {@link Staging} pool.
 *
 * <p>Over-approximate (a result keeps buffers it may not alias) but watertight: nothing of a
 * buffer can be reached from Futhark once every value made from or after it is freed.
 */
final class RawBuffer {
  final Memory memory;
  private final AtomicInteger refs = new AtomicInteger(1);
  /** Raw buffers not yet released by their last holder: lets tests see that none leak. */
  private static final java.util.concurrent.atomic.AtomicLong LIVE = new java.util.concurrent.atomic.AtomicLong();

  /** Owns {@code memory}; the creator holds the first reference. */
  RawBuffer(Memory memory) {
    this.memory = memory;
    LIVE.incrementAndGet();
  }

  /** How many raw buffers are held by a call or a native value right now. */
  static long live() { return LIVE.get(); }

  void retain() {
    if (refs.getAndIncrement() <= 0) throw new IllegalStateException("raw buffer already released");
  }

  /** Drops one reference; the last one gives the memory back to the pool. */
  void release() {
    int left = refs.decrementAndGet();
    if (left == 0) {
      LIVE.decrementAndGet();
      Staging.give(memory);
    }
    else if (left < 0) throw new IllegalStateException("raw buffer released twice");
  }

  /** References held (for tests). */
  int references() { return refs.get(); }

  static void retainAll(List<RawBuffer> bs) {
    for (RawBuffer b : bs) b.retain();
  }

  static void releaseAll(List<RawBuffer> bs) {
    for (RawBuffer b : bs) b.release();
  }
}

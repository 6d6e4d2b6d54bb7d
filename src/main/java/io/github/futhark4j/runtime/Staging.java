package io.github.futhark4j.runtime;

import com.sun.jna.Memory;
import java.util.ArrayList;
import java.util.List;

/**
 * A small process-wide pool of native staging buffers for copying arrays in and out.
 *
 * <p>Why: fresh native memory of tens of megabytes comes straight from {@code mmap}, and touching
 * it for the first time costs a page fault per page. Measured on the 2-core development VM, writing
 * 80 MB into a fresh buffer took 130-230 ms against 5 ms into a reused one, so a repeated call
 * with large arrays was dominated by faults. Buffers are therefore reused: at most
 * {@link #KEEP_COUNT} buffers and {@link #KEEP_BYTES} bytes in total are kept.
 */
final class Staging {
  private Staging() {}

  static final int KEEP_COUNT = 8;
  static final long KEEP_BYTES = 512L << 20;
  /** Small requests get at least this much, so one buffer serves many small calls. */
  static final long MIN_BYTES = 4096;

  private static final List<Memory> FREE = new ArrayList<>();
  private static long keptBytes;

  /** A buffer of at least {@code bytes} bytes (contents undefined). */
  static Memory take(long bytes) {
    long want = Math.max(bytes, MIN_BYTES);
    synchronized (FREE) {
      int best = -1;
      for (int i = 0; i < FREE.size(); i++) {
        long s = FREE.get(i).size();
        if (s >= want && (best < 0 || s < FREE.get(best).size())) best = i;
      }
      if (best >= 0) {
        Memory m = FREE.remove(best);
        keptBytes -= m.size();
        return m;
      }
    }
    return new Memory(want);
  }

  /** Returns a buffer to the pool, or frees it when the pool is full. */
  static void give(Memory m) {
    if (m == null) return;
    synchronized (FREE) {
      if (FREE.size() < KEEP_COUNT && keptBytes + m.size() <= KEEP_BYTES) {
        FREE.add(m);
        keptBytes += m.size();
        return;
      }
    }
    m.close();
  }

  /** Frees every pooled buffer. */
  static void clear() {
    synchronized (FREE) {
      for (Memory m : FREE) m.close();
      FREE.clear();
      keptBytes = 0;
    }
  }

  static int pooled() {
    synchronized (FREE) {
      return FREE.size();
    }
  }
}

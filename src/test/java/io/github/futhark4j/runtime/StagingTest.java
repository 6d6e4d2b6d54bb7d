package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import org.junit.jupiter.api.Test;

class StagingTest {
  @Test
  void buffersAreReusedBestFitAndNeverHandedOutTwice() {
    Staging.clear();
    Memory small = Staging.take(10);
    Memory big = Staging.take(1 << 20);
    assertTrue(small.size() >= 10 && big.size() >= 1 << 20);
    Staging.give(small);
    Staging.give(big);
    Memory again = Staging.take(100);
    assertSame(small, again, "the smallest buffer that fits is reused");
    Memory other = Staging.take(100);
    assertSame(big, other);
    Memory fresh = Staging.take(100);
    assertNotSame(small, fresh);
    assertNotSame(big, fresh);
    Staging.give(again);
    Staging.give(other);
    Staging.give(fresh);
    Staging.clear();
    assertTrue(Staging.pooled() == 0);
  }

  @Test
  void hugeBuffersAreNotKept() {
    Staging.clear();
    Memory huge = Staging.take(Staging.KEEP_BYTES + 1);
    Staging.give(huge);
    assertTrue(Staging.pooled() == 0);
  }
}

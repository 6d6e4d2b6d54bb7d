package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StatsTest {
  @Test
  void summarisesOddAndEvenCounts() {
    Stats odd = Stats.of(5, 1, 3);
    assertEquals(3, odd.medianUs());
    assertEquals(3, odd.meanUs());
    assertEquals(2, odd.stddevUs(), 1e-12);
    assertEquals(1, odd.minUs());
    assertEquals(List.of(5.0, 1.0, 3.0), odd.runtimesUs());
    assertEquals(2.5, Stats.of(4, 1, 2, 3).medianUs());
    assertEquals(0, Stats.of(7).stddevUs());
    assertThrows(IllegalArgumentException.class, Stats::of);
  }

  @Test
  void timesWarmupPlusRunsAndReleasesAllButTheLastResult() {
    AtomicInteger calls = new AtomicInteger();
    List<Object> released = new ArrayList<>();
    Stats.Timed t = Stats.time(2, 3, calls::incrementAndGet, released::add);
    assertEquals(5, calls.get());
    assertEquals(3, t.stats().runtimesUs().size());
    assertEquals(5, t.lastResult());
    assertEquals(List.of(1, 2, 3, 4), released);
    assertThrows(IllegalArgumentException.class, () -> Stats.time(0, 0, () -> 1, r -> {}));
  }

  @Test
  void lastResultIsTheObjectTheBodyReturned() {
    Object o = new Object();
    assertSame(o, Stats.time(0, 1, () -> o, r -> {}).lastResult());
  }
}

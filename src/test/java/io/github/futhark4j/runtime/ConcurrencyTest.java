package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.futhark4j.FutharkFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Many Java threads on one function. The fixture fails any call that finds another call inside
 * the same context, so this passes only if the runtime serialises calls per context.
 */
@Tag("native")
class ConcurrencyTest {
  @Test
  void eightThreadsTimesAThousandCallsOnOneFunction() throws Exception {
    try (LoadedLibrary lib = Fixture.load()) {
      FutharkFunction sum = lib.function("sum");
      FutharkFunction stats = lib.function("stats");
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<Integer>> futures = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          final int id = t;
          futures.add(pool.submit(() -> {
            int ok = 0;
            for (int i = 0; i < 1000; i++) {
              double[] xs = {id, i, 1};
              if ((Double) sum.call((Object) xs) == id + i + 1) ok++;
              if (i % 10 == 0) {
                Object[] r = (Object[]) stats.call((Object) xs);
                if ((Long) r[2] != 3L) ok--;
              }
            }
            return ok;
          }));
        }
        for (Future<Integer> f : futures) assertEquals(1000, f.get());
      } finally {
        pool.shutdown();
      }
      assertEquals(0L, lib.function("live").call(), "every temporary array was freed");
    }
  }
}

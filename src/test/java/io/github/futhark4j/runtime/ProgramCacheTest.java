package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkProgram;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("native")
class ProgramCacheTest {
  @Test
  void aHitReusesTheLoadedLibraryAndItsContext() {
    ProgramCache cache = new ProgramCache();
    List<LoadedLibrary> loaded = new ArrayList<>();
    ProgramCache.Loader<RuntimeException> loader = () -> {
      LoadedLibrary l = Fixture.load();
      loaded.add(l);
      return l;
    };
    FutharkProgram a = cache.get("k", loader);
    FutharkProgram b = cache.get("k", loader);
    assertEquals(1, loaded.size(), "loaded once");
    assertNotSame(a, b, "each user gets its own view");
    FutharkArray x = (FutharkArray) a.function("alloc").callNative(4L);
    assertEquals(6.0, b.function("sum").call(x));
    assertEquals(1L, b.function("live").call(), "same context: the handle was passed, not copied");
    assertSame(b, b.function("sum").program());
    x.close();

    a.close();
    assertThrows(IllegalStateException.class, () -> a.function("live").call());
    assertEquals(0L, b.function("live").call(), "closing one view leaves the others working");
    assertEquals(0, cache.evictUnused(), "b still uses the library");
    b.close();
    b.close();
    assertEquals(1, cache.evictUnused());
    assertTrue(loaded.get(0).isClosed());
    FutharkProgram c = cache.get("k", loader);
    assertEquals(2, loaded.size(), "evicted entries are loaded again");
    assertEquals(0L, c.function("live").call());
    c.close();
    cache.evictUnused();
  }

  static void await(String what, java.util.function.BooleanSupplier cond) throws InterruptedException {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
    while (!cond.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      System.gc();
      Thread.sleep(10);
    }
  }

  @Test
  void unusedProgramsAreBoundedAndReleasedWhileHeldOnesKeepWorking() throws Exception {
    ProgramCache cache = new ProgramCache(2);
    java.util.Map<String, LoadedLibrary> loaded = new java.util.LinkedHashMap<>();
    FutharkProgram held = cache.get("held", () -> { LoadedLibrary l = Fixture.load(); loaded.put("held", l); return l; });
    FutharkArray x = (FutharkArray) held.function("alloc").callNative(4L);
    for (int i = 0; i < 6; i++) {
      String k = "k" + i;
      cache.get(k, () -> { LoadedLibrary l = Fixture.load(); loaded.put(k, l); return l; }).close();
    }
    assertEquals(2, cache.idleCount(), "only the two most recently used unused programs stay loaded");
    assertEquals(3, cache.size());
    for (int i = 0; i < 4; i++) {
      LoadedLibrary l = loaded.get("k" + i);
      await("k" + i + " is released", l::isClosed);
    }
    assertTrue(!loaded.get("k4").isClosed() && !loaded.get("k5").isClosed());
    // A hit on an idle program reuses it; the held one keeps working throughout.
    FutharkProgram again = cache.get("k5", () -> { throw new AssertionError("k5 is still loaded"); });
    again.close();
    assertEquals(6.0, held.function("sum").call(x));
    held.close();
    await("the held program, now unused, makes the oldest idle one go", () -> loaded.get("k4").isClosed());
    assertTrue(!loaded.get("held").isClosed());
    assertEquals(6.0, (double) java.util.Arrays.stream((double[]) x.toJava()).sum(), "its value is still readable");
    x.close();
    assertEquals(2, cache.evictUnused());
  }

  @Test
  void aViewLostToTheGarbageCollectorMakesItsProgramUnused() throws Exception {
    ProgramCache cache = new ProgramCache(0);
    LoadedLibrary[] l = new LoadedLibrary[1];
    cache.get("lost", () -> l[0] = Fixture.load()).function("live").call();
    await("the lost view's program is released", () -> l[0].isClosed());
    assertEquals(0, cache.size());
  }

  @Test
  void unknownEntryPointThroughAView() {
    ProgramCache cache = new ProgramCache();
    FutharkProgram p = cache.get(1, Fixture::load);
    assertThrows(IllegalArgumentException.class, () -> p.function("missing"));
    p.close();
    cache.evictUnused();
  }
}

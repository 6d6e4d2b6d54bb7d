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

  @Test
  void unknownEntryPointThroughAView() {
    ProgramCache cache = new ProgramCache();
    FutharkProgram p = cache.get(1, Fixture::load);
    assertThrows(IllegalArgumentException.class, () -> p.function("missing"));
    p.close();
    cache.evictUnused();
  }
}

package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.LibraryBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native resources are released without blocking anyone and without being kept: frees of a
 * context that is busy with a long call are queued instead of holding up the shared Cleaner (and so
 * every other program's frees), and the engine's cache of large blocks is freed with the context.
 */
@Tag("native")
class ReleaseTest {
  @TempDir static Path cache;

  static LoadedLibrary load(String name, String src) throws Exception {
    BuiltLibrary b = new LibraryBuilder(cache, Compilers.builtin(), "multicore").build(new Source(name, src));
    return LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2);
  }

  static void await(String what, long seconds, BooleanSupplier cond) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!cond.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      System.gc();
      Thread.sleep(20);
    }
  }

  /** Drops a native array of {@code p} without closing it: only the Cleaner can free it. */
  static void garbage(LoadedLibrary p) {
    Object a = p.function("mk").callNative(10L);
    assertTrue(a instanceof FutharkArray);
  }

  @Test
  void aBusyContextDoesNotHoldUpOtherProgramsFrees() throws Exception {
    String src = """
        entry spin (n: i64) : i64 = loop s = 0 for i < n do (s * 31 + i) % 1000003
        entry mk (n: i64) : []i64 = iota n
        """;
    LoadedLibrary busy = load("busy.fut", src);
    LoadedLibrary other = load("other.fut", src + "-- other\n");
    try {
      // About 2-6 s of sequential work, so the spin is still running when the frees happen.
      long n = 300_000_000L;
      garbage(busy);
      CompletableFuture<Object> spin = CompletableFuture.supplyAsync(() -> busy.function("spin").call(n));
      await("the spin has started", 30, () -> Thread.getAllStackTraces().keySet().stream()
          .anyMatch(t -> java.util.Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals("callLocked"))));
      // The busy program's garbage first: the Cleaner used to block on its context right here.
      System.gc();
      Thread.sleep(300);
      garbage(other);
      await("the other program's value is freed", 20, () -> other.liveValues() == 0);
      assertTrue(!spin.isDone(), "freed while the busy program's call still ran");
      assertTrue(busy.liveValues() == 1, "the busy program's value waits for its call to end");
      spin.get(120, TimeUnit.SECONDS);
      await("the busy program's value is freed after its call", 20, () -> busy.liveValues() == 0);
    } finally {
      busy.close();
      other.close();
    }
  }

  static long rssKiB() throws Exception {
    for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
    }
    throw new IllegalStateException("no VmRSS");
  }

  @Test
  void theBlockCacheIsFreedWithItsContext() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "needs /proc/self/status (Linux)");
    LoadedLibrary p = load("blocks.fut", "entry mk (n: i64) : []f64 = map f64.i64 (iota n)\n");
    long before = rssKiB();
    // Eight large results of growing sizes (a cached block is reused only for a request of at
    // most its size), freed: each block goes to the engine's cache of large blocks (eight slots),
    // 288 MB together, touched, so resident.
    for (int i = 1; i <= 8; i++) {
      try (FutharkArray a = (FutharkArray) p.function("mk").callNative(1_000_000L * i)) {
        assertEquals(1_000_000L * i, a.shape()[0]);
      }
    }
    long filled = rssKiB();
    assertTrue(filled - before > 200_000, "the cache holds the blocks: +" + (filled - before) + " KiB");
    p.close();
    long after = rssKiB();
    assertTrue(after - before < 60_000, "freed with the context: " + before + " -> " + filled + " -> " + after + " KiB");
  }
}

package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The on-disk cache stays under its size limit by evicting the least recently used entries after
 * each build, cleans up build directories of crashed builds, and deletes per-key lock files when
 * that is safe (no build running in any process).
 */
class DiskCacheTest {
  @TempDir Path tmp;
  Path cacheDir;
  Path counter;
  CCompiler cc;

  @BeforeEach
  void setUp() {
    cc = Gcc.require();
    cacheDir = tmp.resolve("cache");
    counter = tmp.resolve("count.txt");
  }

  /** Builds, then waits for any background pruning the build started (the first build of a directory lists it in the background). */
  BuiltLibrary build(long limit, Source s) throws Exception {
    BuiltLibrary b = new LibraryBuilder(cacheDir, new TinyCompiler(counter, 0), "c", cc, null, limit).build(s);
    CachePruner.awaitMaintenance(cacheDir);
    return b;
  }

  static Source src(int i) {
    return new Source("p" + i + ".fut", "entry answer = " + i + " -- cache test");
  }

  private Set<String> names() throws Exception {
    try (Stream<Path> s = Files.list(cacheDir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(Tool.VERSIONS_FILE)).collect(Collectors.toSet());
    }
  }

  /** Makes an entry look last used {@code secondsAgo} seconds ago. */
  private void age(BuiltLibrary b, long secondsAgo) throws Exception {
    Files.setLastModifiedTime(b.sharedLibrary().getParent(), FileTime.from(Instant.now().minusSeconds(secondsAgo)));
  }

  @Test
  void buildsEvictTheLeastRecentlyUsedEntriesBeyondTheLimit() throws Exception {
    BuiltLibrary first = build(0, src(0));
    long entry = new CompileCache(cacheDir).usage().entryBytes();
    long limit = entry * 3 + entry / 2; // room for three entries
    List<BuiltLibrary> built = new ArrayList<>(List.of(first));
    age(first, 1000);
    for (int i = 1; i < 3; i++) {
      built.add(build(limit, src(i)));
      age(built.get(i), 1000 - i);
    }
    // Entry 0 is used again: now the most recent.
    LibraryBuilder.forgetInMemory();
    build(limit, src(0));
    assertEquals(3, TinyCompiler.count(counter), "a hit compiles nothing");
    // Two more builds push out the two least recently used: 1 and 2, not 0.
    build(limit, src(3));
    build(limit, src(4));
    CompileCache.Usage u = new CompileCache(cacheDir).usage();
    assertTrue(u.entryBytes() <= limit, u.entryBytes() + " <= " + limit);
    Set<String> keys = u.entries().stream().map(CompileCache.EntryInfo::key).collect(Collectors.toSet());
    assertTrue(keys.contains(first.key()), "the entry used last is kept");
    assertFalse(keys.contains(built.get(1).key()));
    assertFalse(keys.contains(built.get(2).key()));
    assertEquals(Set.of("p0.fut", "p3.fut", "p4.fut"), u.entries().stream().map(CompileCache.EntryInfo::source).collect(Collectors.toSet()));
    // An evicted entry is simply built again.
    build(limit, src(1));
    assertEquals(6, TinyCompiler.count(counter));
  }

  @Test
  void anEntryLargerThanTheLimitIsStillUsable() throws Exception {
    BuiltLibrary b = build(1, src(7));
    assertTrue(Files.isRegularFile(b.sharedLibrary()), "the entry just built is never evicted by its own build");
    build(1, src(8));
    assertFalse(Files.exists(b.sharedLibrary()), "but the next build evicts it");
  }

  @Test
  void pruneRemovesStaleBuildDirectoriesAndLockFiles() throws Exception {
    BuiltLibrary b = build(0, src(1));
    String key = b.key();
    String other = "f".repeat(64);
    // What a crashed build leaves: its directory, and lock files.
    Path stale = Files.createDirectory(cacheDir.resolve("tmp-" + other + "-123"));
    Files.writeString(stale.resolve("junk.c"), "x".repeat(1000));
    Files.createFile(cacheDir.resolve(other + ".lock"));
    Files.createFile(cacheDir.resolve(key + ".lock"));
    Files.writeString(cacheDir.resolve("not-ours.txt"), "left alone");
    CompileCache.Pruned p = LibraryBuilder.prune(cacheDir, Long.MAX_VALUE);
    assertEquals(1, p.buildDirs());
    assertEquals(2, p.lockFiles());
    assertTrue(p.freed() >= 1000);
    assertEquals(Set.of(key, DirLock.FILE, "not-ours.txt"), names());
    assertTrue(Files.isRegularFile(b.sharedLibrary()));
  }

  @Test
  void lockFilesInUseAreNeverDeleted() throws Exception {
    build(0, src(2));
    CompileCache c = new CompileCache(cacheDir);
    String key = "e".repeat(64);
    CompletableFuture<Void> holding = new CompletableFuture<>();
    CompletableFuture<Void> release = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try (KeyLock l = c.lock(key)) {
        holding.complete(null);
        release.get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        holding.completeExceptionally(e);
      }
    });
    t.start();
    holding.get(30, TimeUnit.SECONDS);
    Path stale = Files.createDirectory(cacheDir.resolve("tmp-" + key + "-1"));
    CompileCache.Pruned p = LibraryBuilder.prune(cacheDir, Long.MAX_VALUE);
    assertEquals(0, p.lockFiles(), "someone builds: no lock file may go");
    assertTrue(Files.exists(cacheDir.resolve(key + ".lock")));
    assertTrue(Files.isDirectory(stale), "the build directory of a key being built stays");
    release.complete(null);
    t.join();
    p = LibraryBuilder.prune(cacheDir, Long.MAX_VALUE);
    assertFalse(Files.exists(cacheDir.resolve(key + ".lock")));
    assertFalse(Files.exists(stale));
    assertEquals(0, KeyLock.jvmLocksInUse(), "no in-JVM lock is kept for keys nobody holds");
  }

  @Test
  void pruneToZeroEmptiesTheCacheButKeepsWhatIsBeingBuilt() throws Exception {
    build(0, src(3));
    build(0, src(4));
    CompileCache.Pruned p = LibraryBuilder.prune(cacheDir, 0);
    assertEquals(2, p.evicted().size());
    assertEquals(0, p.remaining());
    assertEquals(Set.of(DirLock.FILE), names());
  }

  @Test
  void theLimitSettingIsParsed() {
    assertEquals(CompileCache.DEFAULT_LIMIT, CompileCache.defaultLimit(null, null));
    assertEquals(1L << 30, CompileCache.DEFAULT_LIMIT);
    assertEquals(500L << 20, CompileCache.defaultLimit("500m", "2g"));
    assertEquals(2L << 30, CompileCache.defaultLimit(null, "2GiB"));
    assertEquals(12345, CompileCache.defaultLimit("12345", null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompileCache.defaultLimit("lots", null));
    assertTrue(e.getMessage().contains(CompileCache.LIMIT_PROPERTY), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LibraryBuilder(cacheDir, new TinyCompiler(counter, 0), "c", cc, null, -1));
  }
}

package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileCacheTest {
  @TempDir Path tmp;

  static final String KEY = "ab".repeat(32);

  @Test
  void keysAreSixtyFourLowerCaseHexDigits() {
    assertTrue(CompileCache.isKey("0123456789abcdef".repeat(4)));
    for (String bad : new String[] {"", "0123456789abcdef".repeat(4) + "0", "0123456789abcdef".repeat(4).substring(1),
        "0123456789ABCDEF".repeat(4), "0123456789abcdeg".repeat(4), "../" + "0".repeat(61)}) {
      assertFalse(CompileCache.isKey(bad), bad);
    }
  }

  @Test
  void newCacheDirectoryIsPrivate() throws IOException {
    assumeTrue(CacheFiles.isPosix(tmp), "skipped: not a POSIX file system");
    Path dir = tmp.resolve("a/b/cache");
    new CompileCache(dir);
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
  }

  @Test
  void refusesDirectoryWritableByOthers() throws IOException {
    assumeTrue(CacheFiles.isPosix(tmp), "skipped: not a POSIX file system");
    Path dir = Files.createDirectory(tmp.resolve("shared"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    IOException e = assertThrows(IOException.class, () -> new CompileCache(dir));
    assertTrue(e.getMessage().contains("writable by other users"), e.getMessage());
    assertTrue(e.getMessage().contains("chmod 700"), e.getMessage());
  }

  @Test
  void acceptsExistingPrivateDirectory() throws IOException {
    assumeTrue(CacheFiles.isPosix(tmp), "skipped: not a POSIX file system");
    Path dir = Files.createDirectory(tmp.resolve("mine"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
    assertEquals(dir.toRealPath(), new CompileCache(dir).dir());
  }

  @Test
  void refusesAFileInPlaceOfTheDirectory() throws IOException {
    Path file = Files.writeString(tmp.resolve("file"), "x");
    assertThrows(IOException.class, () -> new CompileCache(file));
  }

  @Test
  void defaultDirectoryOrder() {
    Properties props = new Properties();
    props.setProperty("user.home", "/home/u");
    Map<String, String> env = new HashMap<>();
    assertEquals(Path.of("/home/u/.cache/futhark4j"), LibraryBuilder.defaultCacheDir(props::getProperty, env));
    env.put("XDG_CACHE_HOME", "relative/ignored");
    assertEquals(Path.of("/home/u/.cache/futhark4j"), LibraryBuilder.defaultCacheDir(props::getProperty, env));
    env.put("XDG_CACHE_HOME", "/xdg");
    assertEquals(Path.of("/xdg/futhark4j"), LibraryBuilder.defaultCacheDir(props::getProperty, env));
    env.put("FUTHARK4J_CACHE", "/envcache");
    assertEquals(Path.of("/envcache"), LibraryBuilder.defaultCacheDir(props::getProperty, env));
    props.setProperty("futhark4j.cache", "/propcache");
    assertEquals(Path.of("/propcache"), LibraryBuilder.defaultCacheDir(props::getProperty, env));
  }

  @Test
  void defaultDirectoryHonoursTheSystemPropertyMavenSets() {
    assumeTrue(System.getProperty("futhark4j.cache") != null, "skipped: futhark4j.cache not set (not run by Maven)");
    assertEquals(Path.of(System.getProperty("futhark4j.cache")).toAbsolutePath(), LibraryBuilder.defaultCacheDir());
  }

  /** A hand-made entry: publish, then look up. */
  private CompileCache.Entry publishFake(CompileCache c, String key) throws IOException {
    Path work = c.newBuildDir(key);
    assertTrue(work.getParent().equals(c.dir()), "build directories live inside the cache");
    Files.writeString(work.resolve("lib.so"), "not really a library but bytes");
    Files.writeString(work.resolve("p.json"), "{}");
    Files.writeString(work.resolve("p.c"), "int x;");
    return c.publish(work, key, "p", "test-compiler 1");
  }

  @Test
  void publishedEntryIsFoundWithItsFiles() throws IOException {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    CompileCache.Entry e = publishFake(c, KEY);
    assertEquals(c.dir().resolve(KEY), e.dir());
    assertTrue(Files.isRegularFile(e.dir().resolve("complete")));
    BuiltLibrary b = c.lookup(KEY).orElseThrow().built();
    assertEquals(e.dir().resolve("lib.so"), b.sharedLibrary());
    assertEquals(e.dir().resolve("p.json"), b.manifest());
    assertEquals("test-compiler 1", b.compiler());
    assertEquals(KEY, b.key());
    try (var s = Files.list(c.dir())) {
      assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("tmp-")), "build directory was renamed");
    }
  }

  @Test
  void entryWithoutMarkerOrWithChangedFilesIsNotFound() throws IOException {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    CompileCache.Entry e = publishFake(c, KEY);
    // Same size, different content: only the checksum can tell.
    Files.writeString(e.dir().resolve("lib.so"), "not really a library but BYTES");
    assertTrue(c.lookup(KEY).isEmpty());

    String k2 = "cd".repeat(32);
    CompileCache.Entry e2 = publishFake(c, k2);
    Files.delete(e2.dir().resolve("p.c"));
    assertTrue(c.lookup(k2).isEmpty(), "missing file");

    String k3 = "ef".repeat(32);
    CompileCache.Entry e3 = publishFake(c, k3);
    Files.delete(e3.dir().resolve("complete"));
    assertTrue(c.lookup(k3).isEmpty(), "missing marker");

    String k4 = "01".repeat(32);
    CompileCache.Entry e4 = publishFake(c, k4);
    Files.writeString(e4.dir().resolve("complete"), "garbage\n");
    assertTrue(c.lookup(k4).isEmpty(), "garbled marker");
  }

  @Test
  void publishingOverASoundEntryKeepsTheExistingOne() throws IOException {
    // Happens only when two builders did not share a lock (file system without locks).
    CompileCache c = new CompileCache(tmp.resolve("c"));
    CompileCache.Entry first = publishFake(c, KEY);
    CompileCache.Entry second = publishFake(c, KEY);
    assertEquals(first, second);
    try (var s = Files.list(c.dir())) {
      assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("tmp-")), "the loser's build directory is gone");
    }
  }

  @Test
  void discardRemovesTheEntryCompletely() throws IOException {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    publishFake(c, KEY);
    c.discard(KEY);
    try (var s = Files.list(c.dir())) {
      assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(KEY) && Files.isDirectory(p)), "nothing left");
    }
  }

  @Test
  void clearRemovesIdleEntriesButNotLockedOnesNorForeignFiles() throws Exception {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    String busy = "cd".repeat(32);
    publishFake(c, KEY);
    publishFake(c, busy);
    Path leftover = c.newBuildDir(KEY);
    Path foreign = Files.writeString(c.dir().resolve("README"), "mine");
    try (Held held = lockedInOtherThread(c, busy)) {
      LibraryBuilder.clear(c.dir());
    }
    assertFalse(Files.exists(c.dir().resolve(KEY)));
    assertFalse(Files.exists(leftover));
    assertTrue(Files.exists(c.dir().resolve(busy)), "an entry whose key is locked is left alone");
    assertTrue(Files.exists(foreign), "files the cache did not make are left alone");
  }

  interface Held extends AutoCloseable {
    @Override
    void close();
  }

  /** Takes the lock in another thread, so the test thread meets it as another builder would. */
  private static Held lockedInOtherThread(CompileCache c, String key) throws Exception {
    var f = new java.util.concurrent.CompletableFuture<KeyLock>();
    var release = new java.util.concurrent.CountDownLatch(1);
    Thread t = new Thread(() -> {
      try (KeyLock l = c.lock(key)) {
        f.complete(l);
        release.await();
      } catch (Exception e) {
        f.completeExceptionally(e);
      }
    });
    t.start();
    f.get();
    return () -> {
      release.countDown();
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  @Test
  void tryLockFailsWhileAnotherThreadHoldsTheKey() throws Exception {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    try (Held held = lockedInOtherThread(c, KEY)) {
      assertTrue(c.tryLock(KEY).isEmpty());
    }
    var again = c.tryLock(KEY);
    assertTrue(again.isPresent());
    again.get().close();
  }

  @Test
  void rejectsMalformedKeys() throws IOException {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    assertThrows(IllegalArgumentException.class, () -> c.lookup("../../etc"));
  }

  /** A prune keeps the engines used last, each with all its files (object, header, precompiled header). */
  @Test
  void pruneKeepsTheEnginesUsedLastWithAllTheirFiles() throws IOException {
    Path dir = tmp.resolve("cache");
    new CompileCache(dir);
    Path engines = Files.createDirectories(dir.resolve(CompileCache.ENGINE_DIR));
    int n = CachePruner.ENGINE_KEEP + 2;
    long now = System.currentTimeMillis();
    for (int e = 0; e < n; e++) {
      String key = String.valueOf((char) ('a' + e)).repeat(64);
      for (String f : new String[] {key + ".o", key + "-0123456789abcdef.h", key + "-0123456789abcdef.h.gch"}) {
        Path p = Files.writeString(engines.resolve(f), f);
        // engine e was used e minutes ago, and only its header recently for engine 0
        long t = now - (e + 1) * 60_000L;
        if (e == n - 1 && f.endsWith(".gch")) t = now;
        Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(t));
      }
    }
    LibraryBuilder.prune(dir, Long.MAX_VALUE);
    java.util.Set<String> left;
    try (var s = Files.list(engines)) {
      left = s.map(p -> p.getFileName().toString().substring(0, 1)).collect(java.util.stream.Collectors.toSet());
    }
    // the last engine counts as used now (its precompiled header was), so it stays; the two
    // oldest of the others go
    assertEquals(java.util.Set.of("a", "b", "c", String.valueOf((char) ('a' + n - 1))), left);
    try (var s = Files.list(engines)) {
      assertEquals(3L * CachePruner.ENGINE_KEEP, s.count(), "all three files of each engine kept");
    }
  }

  /**
   * A large cache's size, as last listed, is shared through usage.txt: a new JVM's first build
   * adds its entry to it instead of listing the directory in the background.
   */
  @Test
  void aNewJvmAddsToTheSharedSizeInsteadOfListing() throws Exception {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    int saved = CachePruner.usageMinEntries;
    CachePruner.usageMinEntries = 2;
    try {
      publishFake(c, "a1".repeat(32));
      publishFake(c, "b2".repeat(32));
      CompileCache.Pruned p = c.prune(Long.MAX_VALUE, null);
      Path usage = c.dir().resolve(CachePruner.USAGE_FILE);
      String[] first = Files.readString(usage).strip().split(" ");
      assertEquals(p.remaining(), Long.parseLong(first[0]));

      CachePruner.forgetEstimate(c.dir());
      String third = "c3".repeat(32);
      publishFake(c, third);
      org.junit.jupiter.api.Assertions.assertNull(new CachePruner(c).afterPublish(third, Long.MAX_VALUE));
      assertFalse(CachePruner.pruning(c.dir()), "no listing in the background");
      String[] after = Files.readString(usage).strip().split(" ");
      assertEquals(Long.parseLong(first[0]) + CacheFiles.treeSize(c.dir().resolve(third)), Long.parseLong(after[0]));
      assertEquals(first[1], after[1], "still the time of the last listing");

      c.clear();
      assertFalse(Files.exists(usage));
    } finally {
      CachePruner.usageMinEntries = saved;
    }
  }

  /** Entries written before format 3 (their marker records CRC-32C) are still found, and checked. */
  @Test
  void markersOfFormatTwoAreStillRead() throws IOException {
    CompileCache c = new CompileCache(tmp.resolve("c"));
    CompileCache.Entry e = publishFake(c, KEY);
    Path marker = e.dir().resolve(CacheMarker.FILE);
    StringBuilder old = new StringBuilder(CacheMarker.HEADER_2).append('\n');
    for (String line : Files.readAllLines(marker).subList(1, Files.readAllLines(marker).size())) {
      if (line.startsWith("file ")) {
        String[] p = line.split(" ", 4);
        line = "file " + Hashing.crc32cHex(Files.readAllBytes(e.dir().resolve(p[3]))) + " " + p[2] + " " + p[3];
      }
      old.append(line).append('\n');
    }
    Files.writeString(marker, old);
    assertTrue(c.lookup(KEY).isPresent(), "a format-2 entry is found");
    Files.writeString(marker, old.toString().replace(CacheMarker.HEADER_2, CacheMarker.HEADER));
    assertTrue(c.lookup(KEY).isEmpty(), "CRC-32C values under a format-3 header do not check");
  }
}

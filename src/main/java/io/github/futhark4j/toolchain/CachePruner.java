package io.github.futhark4j.toolchain;

import io.github.futhark4j.toolchain.CompileCache.EntryInfo;
import io.github.futhark4j.toolchain.CompileCache.Pruned;
import io.github.futhark4j.toolchain.CompileCache.Usage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps a {@link CompileCache} under its size limit: evicts the least recently used entries, removes
 * what crashed builds left, keeps a running estimate of the cache's size (per JVM, and shared between
 * processes in {@value #USAGE_FILE} for large caches) so that a build does not list the directory,
 * and lists it on a background thread when there is no recent estimate. Every eviction holds the
 * entry's key lock, or the directory lock exclusively ({@link DirLock}).
 */
final class CachePruner {
  /** How long this JVM trusts its running estimate of a cache's size before it lists the directory again. */
  private static final long RESCAN_MILLIS = 60 * 60 * 1000;
  /**
   * After a build pushed the cache over its limit, entries are evicted down to this share of it
   * (per mille), so that the next builds do not each list the directory to evict one entry.
   */
  private static final long LOW_WATER = 900;
  /** How long a JVM waits before listing the cache in the background, off its first compilation's path. */
  static long listingDelayMillis = 2000;
  /** Per cache directory: {bytes of entries, when last listed (ms)} as far as this JVM knows. */
  private static final Map<Path, long[]> ESTIMATES = new ConcurrentHashMap<>();
  /**
   * The size of the cache's entries as last listed, shared by the processes that use the directory
   * ({@code <bytes> <when listed, ms>}): a fresh JVM's first build then adds its entry to that
   * instead of listing the directory again, which for a cache of thousands of entries took a
   * second core some hundreds of milliseconds just when the first library was being loaded. Only
   * caches of at least {@value #USAGE_MIN_ENTRIES} entries write it; smaller ones are listed
   * quickly. Two processes publishing at once may each add only their own entry (the estimate is
   * low by one entry until the next listing, at most {@link #RESCAN_MILLIS} later).
   */
  static final String USAGE_FILE = "usage.txt";
  static final int USAGE_MIN_ENTRIES = 1000;
  /** {@link #USAGE_MIN_ENTRIES}; lowered by tests. */
  static int usageMinEntries = USAGE_MIN_ENTRIES;
  /** Background prunes running, per cache directory. */
  private static final Map<Path, CompletableFuture<Void>> RUNNING = new ConcurrentHashMap<>();


  private final CompileCache cache;
  private final Path dir;

  CachePruner(CompileCache cache) {
    this.cache = cache;
    this.dir = cache.dir();
  }

  /** Forgets this JVM's estimate of the size of the cache in {@code dir} (after it was cleared). */
  static void forget(Path dir) {
    ESTIMATES.remove(dir);
  }

  /**
   * {@link CompileCache#prune(long, String)} down to {@code target} once over {@code limit}; in the {@code background} it creates no file (a cache directory
   * may be being deleted meanwhile), so it cleans up build directories and lock files only when it
   * gets the directory lock exclusively, and evicts (which takes key locks) only when over the limit.
   */
  Pruned prune(long limit, long target, String keep, boolean background) throws IOException {
    Optional<AutoCloseable> ex = cache.dirLock().tryExclusive(!background);
    try {
      // Exclusive: no thread of any process holds or waits for a key's lock (see DirLock), so
      // nobody builds, installs or evicts anything, and no key lock is needed.
      boolean exclusive = ex.isPresent();
      Usage u = cache.usage(false);
      long total = u.entryBytes();
      long freed = 0;
      List<EntryInfo> evicted = new ArrayList<>();
      long downTo = total > limit ? Math.min(limit, target) : limit;
      for (EntryInfo e : u.entries()) {
        if (total <= downTo) break;
        if (e.key().equals(keep)) continue;
        if (exclusive) {
          cache.discard(e.key());
        } else {
          Optional<KeyLock> held = cache.tryLock(e.key());
          if (held.isEmpty()) continue;
          try (KeyLock l = held.get()) {
            cache.discard(e.key());
          }
        }
        total -= e.bytes();
        freed += e.bytes();
        evicted.add(e);
      }
      int dirs = 0;
      int locks = 0;
      if (exclusive || !background) {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "{tmp,trash}-*")) {
          ds.forEach(children::add);
        }
        for (Path child : children) {
          String n = child.getFileName().toString();
          String key = CompileCache.keyPrefix(n.substring(n.indexOf('-') + 1));
          if (key == null || !CompileCache.isKey(key)) continue;
          try {
            if (exclusive) {
              long b = CacheFiles.treeSize(child);
              CacheFiles.deleteTree(child);
              freed += b;
              dirs++;
              continue;
            }
            // The key's lock, held across processes, says that nobody builds this key now.
            Optional<KeyLock> held = cache.tryLock(key);
            if (held.isEmpty()) continue;
            try (KeyLock l = held.get()) {
              if (!l.crossProcess()) continue;
              long b = CacheFiles.treeSize(child);
              CacheFiles.deleteTree(child);
              freed += b;
              dirs++;
            }
          } catch (IOException e) {
            // being deleted by someone else
          }
        }
        // Nobody builds, so no engine object is about to be linked: keep the few used last (one
        // per engine, compiler and flags in use), none if the cache is to be empty.
        if (exclusive) freed += pruneEngineObjects(limit == 0 ? 0 : ENGINE_KEEP);
        // Nobody has any lock file open, so none is in use. Last, since taking a key's lock creates its file.
        if (exclusive) locks = cache.deleteLockFiles();
      }
      long listed = System.currentTimeMillis();
      ESTIMATES.put(dir, new long[] {total, listed});
      if (u.entries().size() >= usageMinEntries) writeUsage(total, listed);
      return new Pruned(List.copyOf(evicted), freed, dirs, locks, total);
    } finally {
      if (ex.isPresent()) CompileCache.closeQuietly(ex.get());
    }
  }

  /**
   * How many engines a prune keeps: those a build used last (CCompiler touches the object it
   * links and the precompiled header it includes).
   */
  static final int ENGINE_KEEP = 4;

  /**
   * Deletes the files of all but the {@code keep} most recently used engines; returns the bytes
   * freed. An engine's files share the name's first part, its key: {@code KEY.o},
   * {@code KEY-HASH.h} and {@code KEY-HASH.h.gch}.
   */
  private long pruneEngineObjects(int keep) throws IOException {
    Path engines = dir.resolve(CompileCache.ENGINE_DIR);
    if (!Files.isDirectory(engines)) return 0;
    Map<String, List<Path>> byEngine = new HashMap<>();
    Map<String, Long> used = new HashMap<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(engines)) {
      for (Path p : ds) {
        String n = p.getFileName().toString();
        int end = n.length();
        for (char c : new char[] {'.', '-'}) if (n.indexOf(c) >= 0) end = Math.min(end, n.indexOf(c));
        String key = n.substring(0, end);
        byEngine.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        long t;
        try {
          t = Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
          t = 0;
        }
        used.merge(key, t, Math::max);
      }
    }
    List<String> keys = new ArrayList<>(byEngine.keySet());
    keys.sort(java.util.Comparator.comparing((String k) -> used.get(k)).reversed());
    long freed = 0;
    for (String k : keys.subList(Math.min(keep, keys.size()), keys.size())) {
      for (Path p : byEngine.get(k)) {
        try {
          long b = Files.size(p);
          if (Files.deleteIfExists(p)) freed += b;
        } catch (IOException e) {
          // gone meanwhile
        }
      }
    }
    if (keep == 0) Files.deleteIfExists(engines);
    return freed;
  }

  /**
   * {@link #afterPublish}, ignoring failures: keeping the cache small must never fail a build that
   * succeeded (a later build, or {@code futhark4j cache prune}, tries again).
   */
  Pruned maintainQuietly(String key, long limit) {
    try {
      return afterPublish(key, limit);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * After {@code key} was published or installed: keeps the cache under {@code limit}. Cheap in
   * the common case: this JVM keeps a running estimate of the cache's size and prunes at once when
   * the estimate passes the limit; without an estimate younger than ten minutes (other processes
   * add entries too) it lists the directory and prunes on a background thread. Returns what was
   * pruned here, or null.
   */
  Pruned afterPublish(String key, long limit) throws IOException {
    long added;
    try {
      added = CacheFiles.treeSize(cache.entryDir(key));
    } catch (IOException e) {
      added = 0;
    }
    long now = System.currentTimeMillis();
    long[] est = ESTIMATES.get(dir);
    if (est == null || now - est[1] >= RESCAN_MILLIS) {
      // Another process may have listed the directory lately.
      long[] shared = readUsage();
      if (shared != null && now - shared[1] < RESCAN_MILLIS && shared[1] <= now) {
        ESTIMATES.put(dir, shared);
        est = shared;
      }
    }
    if (est != null) {
      synchronized (est) {
        if (now - est[1] < RESCAN_MILLIS) {
          est[0] += added;
          if (Files.isRegularFile(dir.resolve(USAGE_FILE))) writeUsage(est[0], est[1]);
          if (est[0] <= limit) return null;
          // Over the limit: evict now, so the cache never grows past it by more than one build,
          // down to the low-water mark, so that this happens once in many builds.
          return prune(limit, lowWater(limit), key, false);
        }
      }
    }
    // No (recent) estimate, e.g. the first build of this JVM: listing a large cache takes a while,
    // so it happens in the background instead of delaying the build.
    RUNNING.compute(dir, (d, old) -> {
      if (old != null && !old.isDone()) return old;
      CompletableFuture<Void> f = new CompletableFuture<>();
      Thread.ofPlatform().daemon().name("futhark4j-cache-prune").start(() -> {
        try {
          // Later, not on the path of the build's caller: a fresh JVM's first library is being
          // loaded and called now, and listing thousands of entries takes seconds of a core.
          // A JVM that ends sooner leaves it to another; usage.txt spares most of them the listing.
          Thread.sleep(listingDelayMillis);
          if (Files.isDirectory(d)) prune(limit, lowWater(limit), key, true);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
          // tried again after a later build
        } finally {
          f.complete(null);
          RUNNING.remove(d, f);
        }
      });
      return f;
    });
    return null;
  }

  private static long lowWater(long limit) {
    return limit / 1000 * LOW_WATER;
  }

  /** {bytes, when listed} from {@link #USAGE_FILE}, or null if there is none or it is unreadable. */
  private long[] readUsage() {
    try {
      String[] parts = Files.readString(dir.resolve(USAGE_FILE), StandardCharsets.UTF_8).strip().split(" ");
      if (parts.length != 2) return null;
      long bytes = Long.parseLong(parts[0]);
      long when = Long.parseLong(parts[1]);
      return bytes < 0 || when < 0 ? null : new long[] {bytes, when};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Replaces {@link #USAGE_FILE} (atomically); failures only cost a later listing. */
  private void writeUsage(long bytes, long when) {
    try {
      TempPaths.replace(dir.resolve(USAGE_FILE), tmp -> Files.writeString(tmp, bytes + " " + when + "\n", StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      // the next build lists the directory
    }
  }

  /** Forgets this JVM's estimate of {@code cacheDir}'s size, as a new JVM starts without one (tests). */
  static void forgetEstimate(Path cacheDir) throws IOException {
    ESTIMATES.remove(cacheDir.toRealPath());
  }

  /** Whether a background prune of {@code cacheDir} runs (tests). */
  static boolean pruning(Path cacheDir) throws IOException {
    CompletableFuture<Void> f = RUNNING.get(cacheDir.toRealPath());
    return f != null && !f.isDone();
  }

  /** Waits until no background pruning of {@code cacheDir} runs (tests). */
  static void awaitMaintenance(Path cacheDir) throws Exception {
    CompletableFuture<Void> f = RUNNING.get(cacheDir.toRealPath());
    if (f != null) f.get(60, java.util.concurrent.TimeUnit.SECONDS);
  }
}

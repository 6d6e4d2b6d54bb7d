package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.time.Instant;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The on-disk compile cache: one directory per build key, published complete or not at all.
 *
 * <pre>
 * CACHE/                     mode 0700, owned by the user
 *   &lt;key&gt;/                    a published entry, never modified afterwards
 *     lib.so  NAME.c  NAME.h  NAME.json  key.txt
 *     complete               written last: the size and CRC-32C of every other file
 *   &lt;key&gt;.lock               cross-process lock of that key (FileChannel.lock)
 *   tmp-&lt;key&gt;-&lt;random&gt;/     an entry being built
 *   trash-&lt;key&gt;-&lt;random&gt;/   a bad entry moved aside, being deleted
 *   tool-versions.txt          the C compiler's and futhark's --version, by path, size and time
 *   usage.txt                  the entries' size as last listed, and when (large caches only)
 *   jna/                       a copy of JNA's native part, loaded instead of unpacking it each start
 *   engine/&lt;hash&gt;.o           the built-in compiler's C runtime compiled once per engine, C compiler,
 *                              flags and CPU, linked into each library (CCompiler)
 *   engine/&lt;hash&gt;-&lt;h&gt;.h[.gch]  the engine's declarations, and gcc's precompiled form of them,
 *                              included by each library's program part (CCompiler)
 * </pre>
 *
 * An entry is built in a temporary directory inside the cache directory (so it is on the same file
 * system) and published by renaming that directory to {@code <key>} with an atomic move: readers
 * see either no entry or a complete one. An entry without its marker, with a file missing, or with
 * a size or checksum that does not match is never loaded; it is moved aside and rebuilt.
 */
public final class CompileCache {
  static final String MARKER = "complete";
  /** The runtime's copy of JNA's native part (runtime.JnaDispatch), which {@link #clear} deletes too. */
  static final String JNA_DIR = "jna";
  /** The compiled C runtime objects ({@link CCompiler}), which {@link #clear} deletes too. */
  static final String ENGINE_DIR = "engine";
  static final String LIBRARY = "lib.so";
  static final String KEY_TEXT = "key.txt";
  static final String MARKER_HEADER = "futhark4j-cache-entry 3";
  /** Markers of format 2 (CRC-32C instead of CRC-32) are still read. */
  static final String MARKER_HEADER_2 = "futhark4j-cache-entry 2";

  /** The format of a marker's first line (2 or 3), or -1 if it is not a marker's. */
  static int markerFormat(String header) {
    return header.equals(MARKER_HEADER) ? 3 : header.equals(MARKER_HEADER_2) ? 2 : -1;
  }
  /**
   * Whether {@code s} is a build key: 64 lower-case hex digits (written out, not a regular
   * expression: this runs on every look-up, and a fresh JVM compiles a pattern in its interpreter).
   */
  static boolean isKey(String s) {
    if (s.length() != 64) return false;
    for (int i = 0; i < 64; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) return false;
    }
    return true;
  }
  private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

  /** System property: the size limit of the cache, e.g. {@code 1g}, {@code 500m} or a number of bytes. */
  public static final String LIMIT_PROPERTY = "futhark4j.cacheLimit";
  /** Environment variable: the size limit of the cache, as {@link #LIMIT_PROPERTY}. */
  public static final String LIMIT_ENV = "FUTHARK4J_CACHE_LIMIT";
  /** The default size limit: 1 GiB. */
  public static final long DEFAULT_LIMIT = 1L << 30;
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

  private final Path dir;
  private final DirLock dirLock;

  /** Opens (creating if needed) the cache in {@code dir}; see {@link #ensurePrivateDirectory}. */
  public CompileCache(Path dir) throws IOException {
    ensurePrivateDirectory(dir);
    this.dir = dir.toRealPath();
    this.dirLock = DirLock.of(this.dir);
  }

  /**
   * The size limit in effect when none is given: the system property {@value #LIMIT_PROPERTY}, else
   * the environment variable {@value #LIMIT_ENV}, else {@link #DEFAULT_LIMIT}.
   *
   * @throws IllegalArgumentException the setting is not a size
   */
  public static long defaultLimit() {
    return defaultLimit(System.getProperty(LIMIT_PROPERTY), System.getenv(LIMIT_ENV));
  }

  static long defaultLimit(String property, String env) {
    String v = property != null && !property.isBlank() ? property : env;
    String where = property != null && !property.isBlank() ? "the system property " + LIMIT_PROPERTY
        : "the environment variable " + LIMIT_ENV;
    if (v == null || v.isBlank()) return DEFAULT_LIMIT;
    long n = Sizes.parse(v);
    if (n < 0) throw new IllegalArgumentException(where + " must be a size such as 1g, 500m or a number of bytes, not '" + v + "'");
    return n;
  }

  /** The given limit, or {@link #defaultLimit()} when it is 0 or negative. */
  public static long limitOrDefault(long limit) {
    return limit > 0 ? limit : defaultLimit();
  }

  public Path dir() { return dir; }

  /**
   * A published entry.
   *
   * @param dir      the entry directory
   * @param name     the base name of its C, header and manifest files
   * @param compiler the identity of the Futhark compiler that built it
   * @param libSize  size of {@code lib.so}, for the cheap re-check of in-memory hits
   * @param manifestSize size of the manifest, likewise
   */
  record Entry(Path dir, String name, String compiler, String key, long libSize, long manifestSize) {
    Path library() { return dir.resolve(LIBRARY); }

    Path manifest() { return dir.resolve(name + ".json"); }

    BuiltLibrary built() { return new BuiltLibrary(library(), manifest(), key, compiler); }

    /** A few stat calls: the marker is there and the two files the runtime loads have their sizes. */
    boolean stillThere() {
      try {
        return Files.isRegularFile(dir.resolve(MARKER))
            && Files.size(library()) == libSize && Files.size(manifest()) == manifestSize;
      } catch (IOException e) {
        return false;
      }
    }
  }

  Path entryDir(String key) {
    checkKey(key);
    return dir.resolve(key);
  }

  /**
   * The published entry for {@code key} if there is a sound one: marker present and parseable, every
   * file it lists present with the recorded size, and the files a load reads (the library and the
   * manifest) with the recorded CRC-32C too. The generated C and header, kept for reference, are
   * not read on every look-up.
   */
  Optional<Entry> lookup(String key) {
    Path e = entryDir(key);
    Path marker = e.resolve(MARKER);
    try {
      if (!Files.isRegularFile(marker)) return Optional.empty();
      List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
      int format = lines.isEmpty() ? -1 : markerFormat(lines.get(0));
      if (format < 0) return Optional.empty();
      String name = null;
      String compiler = null;
      long libSize = -1;
      long manifestSize = -1;
      for (String line : lines.subList(1, lines.size())) {
        if (line.startsWith("name ")) name = line.substring(5);
      }
      for (String line : lines.subList(1, lines.size())) {
        if (line.startsWith("compiler ")) {
          compiler = line.substring(9);
        } else if (line.startsWith("file ")) {
          String[] parts = line.split(" ", 4);
          if (parts.length != 4) return Optional.empty();
          Path f = e.resolve(parts[3]);
          if (!f.normalize().startsWith(e) || !Files.isRegularFile(f)) return Optional.empty();
          long size = Long.parseLong(parts[2]);
          boolean loaded = parts[3].equals(LIBRARY) || name != null && parts[3].equals(name + ".json");
          if (Files.size(f) != size || loaded && !Hashing.markerChecksum(format, Files.readAllBytes(f)).equals(parts[1])) {
            return Optional.empty();
          }
          if (parts[3].equals(LIBRARY)) libSize = size;
          if (name != null && parts[3].equals(name + ".json")) manifestSize = size;
        }
      }
      if (name == null || compiler == null || libSize < 0 || manifestSize < 0) return Optional.empty();
      return Optional.of(new Entry(e, name, compiler, key, libSize, manifestSize));
    } catch (IOException | RuntimeException ex) {
      // Unreadable or malformed: treated as absent, and the caller rebuilds it.
      return Optional.empty();
    }
  }

  /**
   * Deletes build directories of {@code key} left by a process that died while building. Only
   * called with the key's lock held, so no live build of that key can own one. It lists the cache
   * directory, so builds leave this to the pruning that follows them (in the background).
   */
  void removeStaleBuildDirs(String key) throws IOException {
    checkKey(key);
    List<Path> stale = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "{tmp,trash}-" + key + "-*")) {
      ds.forEach(stale::add);
    }
    for (Path p : stale) deleteTree(p);
  }

  /** A fresh, private directory inside the cache to build {@code key} in. */
  Path newBuildDir(String key) throws IOException {
    checkKey(key);
    return TempPaths.directory(dir, "tmp-" + key + "-");
  }

  /**
   * Writes the marker into {@code buildDir} (last) and renames it to the entry directory. The caller
   * holds the key's lock and has removed any bad entry, so the target does not exist.
   */
  Entry publish(Path buildDir, String key, String name, String compiler) throws IOException {
    Path target = entryDir(key);
    List<String> files = new ArrayList<>();
    // A directory stream and a sort, not a Stream pipeline: a fresh JVM's first build runs this.
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(buildDir)) {
      for (Path p : ds) {
        String f = p.getFileName().toString();
        if (!f.equals(MARKER) && Files.isRegularFile(p)) files.add(f);
      }
    }
    Collections.sort(files);
    if (!files.contains(LIBRARY) || !files.contains(name + ".json")) {
      throw new IOException("Build of " + key + " produced no " + LIBRARY + " or " + name + ".json in " + buildDir);
    }
    String compilerLine = compiler.replace('\n', ' ');
    StringBuilder m = new StringBuilder(MARKER_HEADER).append('\n');
    m.append("name ").append(name).append('\n');
    m.append("compiler ").append(compilerLine).append('\n');
    long libSize = -1;
    long manifestSize = -1;
    for (String f : files) {
      Path p = buildDir.resolve(f);
      long size = Files.size(p);
      if (f.equals(LIBRARY)) libSize = size;
      if (f.equals(name + ".json")) manifestSize = size;
      m.append("file ").append(Hashing.crc32Hex(p)).append(' ').append(size).append(' ').append(f).append('\n');
    }
    Files.writeString(buildDir.resolve(MARKER), m.toString(), StandardCharsets.UTF_8);
    try {
      Files.move(buildDir, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("The cache directory " + dir + " does not support atomic renames", e);
    } catch (java.nio.file.FileSystemException e) {
      // The target exists (Linux says ENOTEMPTY, which Java reports as a plain FileSystemException):
      // someone published without sharing our lock (a file system without locks). Keep theirs if sound.
      if (!Files.exists(target)) throw e;
      Optional<Entry> theirs = lookup(key);
      if (theirs.isEmpty()) throw e;
      deleteTree(buildDir);
      return theirs.get();
    }
    // What lookup would find: the files were hashed and measured just now.
    return new Entry(target, name, compilerLine, key, libSize, manifestSize);
  }

  /** Moves a bad entry aside (one rename, so nobody sees it half deleted), then deletes it. */
  void discard(String key) throws IOException {
    Path e = entryDir(key);
    if (!Files.exists(e, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
    Path trash = dir.resolve("trash-" + key + "-" + Long.toHexString(System.nanoTime()) + "-" + Thread.currentThread().threadId());
    try {
      Files.move(e, trash, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException gone) {
      return;
    }
    deleteTree(trash);
  }

  /**
   * Waits until this thread holds {@code key}'s lock (other threads and other processes wait
   * meanwhile). Holds the directory's lock shared as long (see {@link DirLock}).
   */
  KeyLock lock(String key) throws IOException {
    Path f = lockFile(key);
    AutoCloseable shared = dirLock.shared();
    try {
      return KeyLock.acquire(f).releasing(shared);
    } catch (IOException | RuntimeException e) {
      closeQuietly(shared);
      throw e;
    }
  }

  /** The lock if nobody holds it now, else empty. */
  Optional<KeyLock> tryLock(String key) throws IOException {
    Path f = lockFile(key);
    AutoCloseable shared = dirLock.shared();
    try {
      Optional<KeyLock> l = KeyLock.tryAcquire(f);
      if (l.isEmpty()) closeQuietly(shared);
      return l.map(k -> k.releasing(shared));
    } catch (IOException | RuntimeException e) {
      closeQuietly(shared);
      throw e;
    }
  }

  /** Like {@link #tryLock} while this thread holds the directory lock exclusively (then no other lock is held). */
  private Optional<KeyLock> tryLock(String key, boolean exclusive) throws IOException {
    return exclusive ? KeyLock.tryAcquire(lockFile(key)) : tryLock(key);
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // releasing a lock we hold; nothing sensible to do
    }
  }

  /** Marks an entry as used now, for least-recently-used eviction (its directory's modification time). */
  void touch(String key) {
    try {
      Files.setLastModifiedTime(entryDir(key), FileTime.from(Instant.now()));
    } catch (IOException e) {
      // gone or read-only: it then just looks older than it is
    }
  }

  /**
   * One published entry as the cache lists it.
   *
   * @param key      the build key
   * @param dir      the entry directory
   * @param bytes    the size of its files
   * @param lastUsed when it was last built, found or loaded
   * @param source   the main source's name (from {@code key.txt}), or "?"
   */
  public record EntryInfo(String key, Path dir, long bytes, FileTime lastUsed, String source) {}

  /**
   * What the cache directory holds.
   *
   * @param entries    published entries, least recently used first
   * @param buildDirs  {@code tmp-}/{@code trash-} directories (builds in progress, or left by crashed ones)
   * @param buildBytes their size
   * @param lockFiles  per-key lock files
   */
  public record Usage(List<EntryInfo> entries, int buildDirs, long buildBytes, int lockFiles) {
    /** Bytes of all entries. */
    public long entryBytes() { return entries.stream().mapToLong(EntryInfo::bytes).sum(); }
  }

  /** Lists the cache directory, with each entry's source name. */
  public Usage usage() throws IOException {
    return usage(true);
  }

  /** Lists the cache directory; reading the source names costs one more file read per entry. */
  Usage usage(boolean names) throws IOException {
    List<EntryInfo> entries = new ArrayList<>();
    int buildDirs = 0;
    long buildBytes = 0;
    int locks = 0;
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      ds.forEach(children::add);
    }
    for (Path child : children) {
      String n = child.getFileName().toString();
      try {
        if (n.endsWith(".lock") && isKey(n.substring(0, n.length() - 5))) {
          locks++;
        } else if ((n.startsWith("tmp-") || n.startsWith("trash-")) && Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
          buildDirs++;
          buildBytes += treeSize(child);
        } else if (isKey(n) && Files.isRegularFile(child.resolve(MARKER))) {
          entries.add(new EntryInfo(n, child, treeSize(child),
              Files.getLastModifiedTime(child, LinkOption.NOFOLLOW_LINKS), names ? sourceName(child) : "?"));
        }
      } catch (IOException e) {
        // removed while we looked: not there any more
      }
    }
    entries.sort(Comparator.comparing(EntryInfo::lastUsed).thenComparing(EntryInfo::key));
    return new Usage(List.copyOf(entries), buildDirs, buildBytes, locks);
  }

  private static String sourceName(Path entry) {
    try {
      for (String line : Files.readAllLines(entry.resolve(KEY_TEXT), StandardCharsets.UTF_8)) {
        if (line.startsWith("main ")) {
          String rest = line.substring(5);
          int sp = rest.lastIndexOf(' ');
          return sp > 0 ? rest.substring(0, sp) : rest;
        }
      }
    } catch (IOException | RuntimeException e) {
      // an entry without key.txt (made by an older version): no name
    }
    return "?";
  }

  static long treeSize(Path root) throws IOException {
    long[] total = {0};
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
        if (a.isRegularFile()) total[0] += a.size();
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path f, IOException e) {
        return FileVisitResult.CONTINUE; // deleted meanwhile
      }
    });
    return total[0];
  }

  /**
   * What {@link #prune} and {@link #afterPublish} did.
   *
   * @param evicted   entries removed, least recently used first
   * @param freed     bytes freed, entries and build directories together
   * @param buildDirs stale build directories removed
   * @param lockFiles lock files removed
   * @param remaining bytes of the entries left
   */
  public record Pruned(List<EntryInfo> evicted, long freed, int buildDirs, int lockFiles, long remaining) {}

  /**
   * Shrinks the cache to at most {@code limit} bytes of entries by removing the least recently used
   * ones (never {@code keep}, and never one whose key someone holds), removes build directories
   * left by crashed builds, and, when no build is running in any process, every per-key lock file.
   */
  public Pruned prune(long limit, String keep) throws IOException {
    return prune(limit, limit, keep, false);
  }

  /**
   * {@link #prune(long, String)}; in the {@code background} it creates no file (a cache directory
   * may be being deleted meanwhile), so it cleans up build directories and lock files only when it
   * gets the directory lock exclusively, and evicts (which takes key locks) only when over the limit.
   */
  private Pruned prune(long limit, long target, String keep, boolean background) throws IOException {
    Optional<AutoCloseable> ex = dirLock.tryExclusive(!background);
    try {
      // Exclusive: no thread of any process holds or waits for a key's lock (see DirLock), so
      // nobody builds, installs or evicts anything, and no key lock is needed.
      boolean exclusive = ex.isPresent();
      Usage u = usage(false);
      long total = u.entryBytes();
      long freed = 0;
      List<EntryInfo> evicted = new ArrayList<>();
      long downTo = total > limit ? Math.min(limit, target) : limit;
      for (EntryInfo e : u.entries()) {
        if (total <= downTo) break;
        if (e.key().equals(keep)) continue;
        if (exclusive) {
          discard(e.key());
        } else {
          Optional<KeyLock> held = tryLock(e.key());
          if (held.isEmpty()) continue;
          try (KeyLock l = held.get()) {
            discard(e.key());
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
          String key = keyPrefix(n.substring(n.indexOf('-') + 1));
          if (key == null || !isKey(key)) continue;
          try {
            if (exclusive) {
              long b = treeSize(child);
              deleteTree(child);
              freed += b;
              dirs++;
              continue;
            }
            // The key's lock, held across processes, says that nobody builds this key now.
            Optional<KeyLock> held = tryLock(key);
            if (held.isEmpty()) continue;
            try (KeyLock l = held.get()) {
              if (!l.crossProcess()) continue;
              long b = treeSize(child);
              deleteTree(child);
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
        if (exclusive) locks = deleteLockFiles();
      }
      long listed = System.currentTimeMillis();
      ESTIMATES.put(dir, new long[] {total, listed});
      if (u.entries().size() >= usageMinEntries) writeUsage(total, listed);
      return new Pruned(List.copyOf(evicted), freed, dirs, locks, total);
    } finally {
      if (ex.isPresent()) closeQuietly(ex.get());
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
    Path engines = dir.resolve(ENGINE_DIR);
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
      added = treeSize(entryDir(key));
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

  private Path lockFile(String key) {
    checkKey(key);
    return dir.resolve(key + ".lock");
  }

  /**
   * Deletes every entry and leftover build directory that nobody is using, and the per-key lock files
   * when no build runs in any process (see {@link DirLock}). Entries being
   * built (their key locked by some process) are left alone, and so is any file the cache did not
   * make, in case {@code dir} was pointed somewhere it should not have been.
   */
  void clear() throws IOException {
    Optional<AutoCloseable> ex = dirLock.tryExclusive(true);
    try {
      clear(ex.isPresent());
    } finally {
      if (ex.isPresent()) closeQuietly(ex.get());
    }
    ESTIMATES.remove(dir);
  }

  private void clear(boolean exclusive) throws IOException {
    Files.deleteIfExists(dir.resolve(Tool.VERSIONS_FILE));
    Files.deleteIfExists(dir.resolve(USAGE_FILE));
    if (Files.isDirectory(dir.resolve(JNA_DIR))) deleteTree(dir.resolve(JNA_DIR));
    if (Files.isDirectory(dir.resolve(ENGINE_DIR))) deleteTree(dir.resolve(ENGINE_DIR));
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      ds.forEach(children::add);
    }
    for (Path child : children) {
      String n = child.getFileName().toString();
      if (n.endsWith(".lock")) continue;
      String key = n.startsWith("tmp-") || n.startsWith("trash-") ? keyPrefix(n.substring(n.indexOf('-') + 1)) : n;
      if (key == null || !isKey(key)) continue;
      Optional<KeyLock> held = tryLock(key, exclusive);
      if (held.isEmpty()) continue;
      try (KeyLock l = held.get()) {
        if (n.equals(key)) {
          discard(key);
        } else if ((n.startsWith("tmp-") || n.startsWith("trash-")) && (exclusive || l.crossProcess())) {
          deleteTree(child);
        }
      }
    }
    // Only with the directory lock exclusive: otherwise a process may be waiting on one of these
    // files, and if it were deleted a newcomer would lock a new file of the same name, so two
    // builders would hold "the" lock (see DirLock). Last, since taking a key's lock creates its file.
    if (exclusive) deleteLockFiles();
  }

  /** Deletes every per-key lock file; only with the directory lock held exclusively. */
  private int deleteLockFiles() throws IOException {
    int n = 0;
    List<Path> locks = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.lock")) {
      ds.forEach(locks::add);
    }
    for (Path l : locks) {
      String f = l.getFileName().toString();
      if (isKey(f.substring(0, f.length() - 5)) && Files.deleteIfExists(l)) n++;
    }
    return n;
  }

  private static String keyPrefix(String s) {
    return s.length() >= 64 ? s.substring(0, 64) : null;
  }

  private static void checkKey(String key) {
    if (!isKey(key)) throw new IllegalArgumentException("not a build key: " + key);
  }

  /** Deletes a directory tree if present; never follows symbolic links out of it. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
    List<Path> all;
    try (Stream<Path> s = Files.walk(root)) {
      all = s.sorted(Comparator.reverseOrder()).toList();
    } catch (NoSuchFileException e) {
      return;
    }
    for (Path p : all) Files.deleteIfExists(p);
  }

  static boolean isPosix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /**
   * Makes sure {@code dir} exists and only its owner can write to it, since libraries from it are
   * loaded into the process. A new directory is created with mode 0700 (set explicitly afterwards,
   * because the umask applies at creation) and checked. An existing one must belong to the current
   * user and must not be writable by group or others; otherwise this refuses with an explanation
   * rather than silently changing the permissions of a directory the user chose.
   */
  static void ensurePrivateDirectory(Path dir) throws IOException {
    boolean posix = isPosix(dir);
    if (!Files.isDirectory(dir)) {
      Path parent = dir.toAbsolutePath().getParent();
      if (parent != null) Files.createDirectories(parent);
      try {
        if (posix) {
          Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
          Files.setPosixFilePermissions(dir, PRIVATE);
        } else {
          Files.createDirectory(dir);
        }
      } catch (FileAlreadyExistsException e) {
        // Another process created it just now; fall through to the checks.
        if (!Files.isDirectory(dir)) throw new IOException("Cache path " + dir + " exists and is not a directory", e);
      }
    }
    if (!posix) return;
    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir);
    if (!ownedByThisProcess(dir)) {
      UserPrincipal owner = Files.getOwner(dir);
      UserPrincipal me = currentUser(dir);
      if (me != null && !owner.equals(me)) {
        throw new IOException("Cache directory " + dir + " belongs to " + owner.getName() + ", not to "
            + me.getName() + "; refusing to load shared libraries from it. Choose another cache directory"
            + " (system property futhark4j.cache or environment variable FUTHARK4J_CACHE).");
      }
    }
    if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException("Cache directory " + dir + " is writable by other users (mode "
          + PosixFilePermissions.toString(perms) + "); refusing to load shared libraries from it."
          + " Run 'chmod 700 " + dir + "' or choose another cache directory.");
    }
  }

  /**
   * Whether {@code dir}'s owner is this process's user, by number (Linux: the owner of
   * {@code /proc/self}); false when that cannot be told, and the caller compares names. Comparing
   * names looks both users up in the user database, which cost a fresh JVM's first build some
   * 10 ms.
   */
  private static boolean ownedByThisProcess(Path dir) {
    try {
      Path self = Path.of("/proc/self");
      if (!Files.isDirectory(self)) return false;
      Object mine = Files.getAttribute(self, "unix:uid");
      return mine != null && mine.equals(Files.getAttribute(dir, "unix:uid"));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static UserPrincipal currentUser(Path dir) {
    try {
      return dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
    } catch (IOException | UnsupportedOperationException e) {
      // No passwd entry for us (some containers): the write-permission check still applies.
      return null;
    }
  }
}

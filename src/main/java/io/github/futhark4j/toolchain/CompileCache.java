package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.time.Instant;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The on-disk compile cache: one directory per build key, published complete or not at all.
 *
 * <pre>
 * CACHE/                     mode 0700, owned by the user
 *   &lt;key&gt;/                    a published entry, never modified afterwards
 *     lib.so  NAME.c  NAME.h  NAME.json  key.txt
 *     complete               written last: the size and checksum of every other file (CacheMarker)
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
 *
 * <p>This class keeps the entries: look-up, publishing, locking, listing and clearing. The marker's
 * format is {@link CacheMarker}'s, keeping the cache under its size limit is {@link CachePruner}'s,
 * and the private directory and tree helpers are {@link CacheFiles}'.
 */
public final class CompileCache {
  /** The runtime's copy of JNA's native part (runtime.JnaDispatch), which {@link #clear} deletes too. */
  static final String JNA_DIR = "jna";
  /** The compiled C runtime objects ({@link CCompiler}), which {@link #clear} deletes too. */
  static final String ENGINE_DIR = "engine";
  static final String LIBRARY = "lib.so";
  static final String KEY_TEXT = "key.txt";
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

  /** System property: the size limit of the cache, e.g. {@code 1g}, {@code 500m} or a number of bytes. */
  public static final String LIMIT_PROPERTY = "futhark4j.cacheLimit";
  /** Environment variable: the size limit of the cache, as {@link #LIMIT_PROPERTY}. */
  public static final String LIMIT_ENV = "FUTHARK4J_CACHE_LIMIT";
  /** The default size limit: 1 GiB. */
  public static final long DEFAULT_LIMIT = 1L << 30;
  private final Path dir;
  private final DirLock dirLock;

  /** Opens (creating if needed) the cache in {@code dir}; see {@link CacheFiles#ensurePrivateDirectory}. */
  public CompileCache(Path dir) throws IOException {
    CacheFiles.ensurePrivateDirectory(dir);
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
        return Files.isRegularFile(dir.resolve(CacheMarker.FILE))
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
    Path markerFile = e.resolve(CacheMarker.FILE);
    try {
      if (!Files.isRegularFile(markerFile)) return Optional.empty();
      CacheMarker m = CacheMarker.parse(Files.readString(markerFile, StandardCharsets.UTF_8));
      String manifest = m.name() + ".json";
      long libSize = -1;
      long manifestSize = -1;
      for (CacheMarker.FileLine f : m.files()) {
        Path p = e.resolve(f.name());
        if (!Files.isRegularFile(p) || Files.size(p) != f.size()) return Optional.empty();
        boolean loaded = f.name().equals(LIBRARY) || f.name().equals(manifest);
        if (loaded && !Hashing.markerChecksum(m.format(), Files.readAllBytes(p)).equals(f.checksum())) return Optional.empty();
        if (f.name().equals(LIBRARY)) libSize = f.size();
        if (f.name().equals(manifest)) manifestSize = f.size();
      }
      if (libSize < 0 || manifestSize < 0) return Optional.empty();
      return Optional.of(new Entry(e, m.name(), m.compiler(), key, libSize, manifestSize));
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
    for (Path p : stale) CacheFiles.deleteTree(p);
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
        if (!f.equals(CacheMarker.FILE) && Files.isRegularFile(p)) files.add(f);
      }
    }
    Collections.sort(files);
    if (!files.contains(LIBRARY) || !files.contains(name + ".json")) {
      throw new IOException("Build of " + key + " produced no " + LIBRARY + " or " + name + ".json in " + buildDir);
    }
    List<CacheMarker.FileLine> lines = new ArrayList<>();
    long libSize = -1;
    long manifestSize = -1;
    for (String f : files) {
      Path p = buildDir.resolve(f);
      long size = Files.size(p);
      if (f.equals(LIBRARY)) libSize = size;
      if (f.equals(name + ".json")) manifestSize = size;
      lines.add(new CacheMarker.FileLine(Hashing.crc32Hex(p), size, f));
    }
    String compilerLine = compiler.replace('\n', ' ');
    Files.writeString(buildDir.resolve(CacheMarker.FILE), new CacheMarker(3, name, compilerLine, lines).text(), StandardCharsets.UTF_8);
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
      CacheFiles.deleteTree(buildDir);
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
    CacheFiles.deleteTree(trash);
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

  static void closeQuietly(AutoCloseable c) {
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
          buildBytes += CacheFiles.treeSize(child);
        } else if (isKey(n) && Files.isRegularFile(child.resolve(CacheMarker.FILE))) {
          entries.add(new EntryInfo(n, child, CacheFiles.treeSize(child),
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
      String rest = BuildKey.field(Files.readString(entry.resolve(KEY_TEXT), StandardCharsets.UTF_8), "main");
      if (rest != null) {
        int sp = rest.lastIndexOf(' ');
        return sp > 0 ? rest.substring(0, sp) : rest;
      }
    } catch (IOException | RuntimeException e) {
      // an entry without key.txt (made by an older version): no name
    }
    return "?";
  }

  /**
   * What {@link #prune} and {@link CachePruner#afterPublish} did.
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
    return new CachePruner(this).prune(limit, limit, keep, false);
  }

  /**
   * After {@code key} was published or installed: keeps the cache under {@code limit}
   * ({@link CachePruner#afterPublish}), ignoring failures: keeping the cache small must never fail a
   * build that succeeded (a later build, or {@code futhark4j cache prune}, tries again). Returns
   * what was pruned here, or null.
   */
  Pruned maintainQuietly(String key, long limit) {
    return new CachePruner(this).maintainQuietly(key, limit);
  }

  DirLock dirLock() { return dirLock; }

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
    CachePruner.forget(dir);
  }

  private void clear(boolean exclusive) throws IOException {
    Files.deleteIfExists(dir.resolve(Tool.VERSIONS_FILE));
    Files.deleteIfExists(dir.resolve(CachePruner.USAGE_FILE));
    if (Files.isDirectory(dir.resolve(JNA_DIR))) CacheFiles.deleteTree(dir.resolve(JNA_DIR));
    if (Files.isDirectory(dir.resolve(ENGINE_DIR))) CacheFiles.deleteTree(dir.resolve(ENGINE_DIR));
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
          CacheFiles.deleteTree(child);
        }
      }
    }
    // Only with the directory lock exclusive: otherwise a process may be waiting on one of these
    // files, and if it were deleted a newcomer would lock a new file of the same name, so two
    // builders would hold "the" lock (see DirLock). Last, since taking a key's lock creates its file.
    if (exclusive) deleteLockFiles();
  }

  /** Deletes every per-key lock file; only with the directory lock held exclusively. */
  int deleteLockFiles() throws IOException {
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

  static String keyPrefix(String s) {
    return s.length() >= 64 ? s.substring(0, 64) : null;
  }

  private static void checkKey(String key) {
    if (!isKey(key)) throw new IllegalArgumentException("not a build key: " + key);
  }
}

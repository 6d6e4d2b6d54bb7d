package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The on-disk compile cache: one directory per build key, published complete or not at all.
 *
 * <pre>
 * CACHE/                     mode 0700, owned by the user
 *   &lt;key&gt;/                    a published entry, never modified afterwards
 *     lib.so  NAME.c  NAME.h  NAME.json  key.txt
 *     complete               written last: the size and SHA-256 of every other file
 *   &lt;key&gt;.lock               cross-process lock of that key (FileChannel.lock)
 *   tmp-&lt;key&gt;-&lt;random&gt;/     an entry being built
 *   trash-&lt;key&gt;-&lt;random&gt;/   a bad entry moved aside, being deleted
 * </pre>
 *
 * An entry is built in a temporary directory inside the cache directory (so it is on the same file
 * system) and published by renaming that directory to {@code <key>} with an atomic move: readers
 * see either no entry or a complete one. An entry without its marker, with a file missing, or with
 * a size or checksum that does not match is never loaded; it is moved aside and rebuilt.
 */
public final class CompileCache {
  static final String MARKER = "complete";
  static final String LIBRARY = "lib.so";
  static final String KEY_TEXT = "key.txt";
  static final String MARKER_HEADER = "futhark4j-cache-entry 1";
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{64}");
  private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

  private final Path dir;

  /** Opens (creating if needed) the cache in {@code dir}; see {@link #ensurePrivateDirectory}. */
  public CompileCache(Path dir) throws IOException {
    ensurePrivateDirectory(dir);
    this.dir = dir.toRealPath();
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
   * file it lists present with the recorded size and SHA-256.
   */
  Optional<Entry> lookup(String key) {
    Path e = entryDir(key);
    Path marker = e.resolve(MARKER);
    try {
      if (!Files.isRegularFile(marker)) return Optional.empty();
      List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals(MARKER_HEADER)) return Optional.empty();
      String name = null;
      String compiler = null;
      long libSize = -1;
      long manifestSize = -1;
      for (String line : lines.subList(1, lines.size())) {
        if (line.startsWith("name ")) {
          name = line.substring(5);
        } else if (line.startsWith("compiler ")) {
          compiler = line.substring(9);
        } else if (line.startsWith("file ")) {
          String[] parts = line.split(" ", 4);
          if (parts.length != 4) return Optional.empty();
          Path f = e.resolve(parts[3]);
          if (!f.normalize().startsWith(e) || !Files.isRegularFile(f)) return Optional.empty();
          long size = Long.parseLong(parts[2]);
          if (Files.size(f) != size || !Hashing.sha256Hex(f).equals(parts[1])) return Optional.empty();
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
   * called with the key's lock held, so no live build of that key can own one.
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
    return Files.createTempDirectory(dir, "tmp-" + key + "-");
  }

  /**
   * Writes the marker into {@code buildDir} (last) and renames it to the entry directory. The caller
   * holds the key's lock and has removed any bad entry, so the target does not exist.
   */
  Entry publish(Path buildDir, String key, String name, String compiler) throws IOException {
    Path target = entryDir(key);
    List<String> files;
    try (Stream<Path> s = Files.list(buildDir)) {
      files = s.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(f -> !f.equals(MARKER)).sorted().toList();
    }
    if (!files.contains(LIBRARY) || !files.contains(name + ".json")) {
      throw new IOException("Build of " + key + " produced no " + LIBRARY + " or " + name + ".json in " + buildDir);
    }
    StringBuilder m = new StringBuilder(MARKER_HEADER).append('\n');
    m.append("name ").append(name).append('\n');
    m.append("compiler ").append(compiler.replace('\n', ' ')).append('\n');
    for (String f : files) {
      Path p = buildDir.resolve(f);
      m.append("file ").append(Hashing.sha256Hex(p)).append(' ').append(Files.size(p)).append(' ').append(f).append('\n');
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
    return lookup(key).orElseThrow(() -> new IOException("Cache entry " + target + " is unreadable right after publishing"));
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

  /** Waits until this thread holds {@code key}'s lock (other threads and other processes wait meanwhile). */
  KeyLock lock(String key) throws IOException {
    return KeyLock.acquire(lockFile(key));
  }

  /** The lock if nobody holds it now, else empty. */
  Optional<KeyLock> tryLock(String key) throws IOException {
    return KeyLock.tryAcquire(lockFile(key));
  }

  private Path lockFile(String key) {
    checkKey(key);
    return dir.resolve(key + ".lock");
  }

  /**
   * Deletes every entry and leftover build directory that nobody is using (lock files, empty, stay;
   * see the comment in the loop). Entries being
   * built (their key locked by some process) are left alone, and so is any file the cache did not
   * make, in case {@code dir} was pointed somewhere it should not have been.
   */
  void clear() throws IOException {
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      ds.forEach(children::add);
    }
    for (Path child : children) {
      String n = child.getFileName().toString();
      if (n.endsWith(".lock")) continue;
      String key = n.startsWith("tmp-") || n.startsWith("trash-") ? keyPrefix(n.substring(n.indexOf('-') + 1)) : n;
      if (key == null || !KEY.matcher(key).matches()) continue;
      Optional<KeyLock> held = tryLock(key);
      if (held.isEmpty()) continue;
      try (KeyLock l = held.get()) {
        if (n.equals(key)) {
          discard(key);
        } else if ((n.startsWith("tmp-") || n.startsWith("trash-")) && l.crossProcess()) {
          deleteTree(child);
        }
        // Lock files stay: a process may be waiting on this very file, and if it were deleted a
        // newcomer would lock a new file of the same name, so two builders would hold "the" lock.
      }
    }
  }

  private static String keyPrefix(String s) {
    return s.length() >= 64 ? s.substring(0, 64) : null;
  }

  private static void checkKey(String key) {
    if (!KEY.matcher(key).matches()) throw new IllegalArgumentException("not a build key: " + key);
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
    UserPrincipal owner = Files.getOwner(dir);
    UserPrincipal me = currentUser(dir);
    if (me != null && !owner.equals(me)) {
      throw new IOException("Cache directory " + dir + " belongs to " + owner.getName() + ", not to "
          + me.getName() + "; refusing to load shared libraries from it. Choose another cache directory"
          + " (system property futhark4j.cache or environment variable FUTHARK4J_CACHE).");
    }
    if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException("Cache directory " + dir + " is writable by other users (mode "
          + PosixFilePermissions.toString(perms) + "); refusing to load shared libraries from it."
          + " Run 'chmod 700 " + dir + "' or choose another cache directory.");
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

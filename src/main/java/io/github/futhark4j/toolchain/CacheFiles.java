package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * File-system helpers of the compile cache: the private (mode 0700, owned by the user) cache
 * directory that libraries are loaded from, and deleting and measuring directory trees.
 */
final class CacheFiles {
  private CacheFiles() {}

  private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

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

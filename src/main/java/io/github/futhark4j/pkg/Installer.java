package io.github.futhark4j.pkg;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Populates {@code lib/} from a build list, carefully, as {@code futhark pkg sync} does: the new
 * tree is built in {@code lib~new}; only when every package is in place is the old {@code lib}
 * renamed to {@code lib~old} and {@code lib~new} to {@code lib}; the directory's own package
 * ({@code package} in {@code futhark.pkg}) is moved back from {@code lib~old}; then
 * {@code lib~old} is deleted. A failure before the renames leaves {@code lib} untouched; anything
 * else in {@code lib} is replaced, as with futhark pkg.
 */
public final class Installer {
  private Installer() {}

  /**
   * Installs the build list under {@code root/lib}.
   *
   * @param ownPackage the package path of {@code root} itself (kept), or {@code null}
   * @return the number of files installed per package
   */
  public static Map<String, Integer> install(Registry registry, Path root, String ownPackage, Map<String, SemVer> buildList)
      throws PkgException {
    Path lib = root.resolve("lib"), libNew = root.resolve("lib~new"), libOld = root.resolve("lib~old");
    Map<String, Integer> files = new LinkedHashMap<>();
    try {
      deleteTree(libNew);
      Files.createDirectories(libNew);
      for (Map.Entry<String, SemVer> e : buildList.entrySet()) {
        Path target = PkgPath.under(libNew, e.getKey());
        deleteTree(target);
        Files.createDirectories(target);
        files.put(e.getKey(), registry.extract(e.getKey(), e.getValue(), target));
      }
      boolean hadLib = Files.isDirectory(lib);
      if (hadLib) {
        deleteTree(libOld);
        Files.move(lib, libOld, StandardCopyOption.ATOMIC_MOVE);
      }
      Files.move(libNew, lib, StandardCopyOption.ATOMIC_MOVE);
      if (hadLib && ownPackage != null) {
        Path mine = PkgPath.under(libOld, ownPackage);
        if (Files.isDirectory(mine)) {
          Path back = PkgPath.under(lib, ownPackage);
          deleteTree(back);
          Files.createDirectories(back.getParent());
          Files.move(mine, back, StandardCopyOption.ATOMIC_MOVE);
        }
      }
      if (hadLib) deleteTree(libOld);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new PkgException("cannot populate " + lib + ": " + e.getMessage()
          + (Files.isDirectory(libOld) ? " (the previous lib/ is in " + libOld + ")" : ""), false, e);
    }
    return files;
  }

  /** Deletes a file or directory tree if it exists (symbolic links are deleted, not followed). */
  public static void deleteTree(Path p) {
    if (p == null || !Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
    try {
      Files.walkFileTree(p, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot delete " + p, e);
    }
  }
}

package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * New files and directories with unique names inside the cache directory, without
 * {@code Files.createTemp*}: those name them from {@code SecureRandom}, whose set-up (the security
 * providers) cost a fresh JVM's first build some 30-40 ms. The names need not be unpredictable,
 * only unique: the cache directory is the user's own (mode 0700), and creation fails rather than
 * reuses an existing name.
 */
final class TempPaths {
  private TempPaths() {}

  private static final AtomicLong COUNTER = new AtomicLong();

  /** A new, empty directory {@code dir/PREFIX<unique>}. */
  static Path directory(Path dir, String prefix) throws IOException {
    while (true) {
      try {
        return Files.createDirectory(dir.resolve(prefix + unique()));
      } catch (FileAlreadyExistsException e) {
        // another process's name: try the next
      }
    }
  }

  /** A new, empty file {@code dir/PREFIX<unique>SUFFIX}. */
  static Path file(Path dir, String prefix, String suffix) throws IOException {
    while (true) {
      try {
        return Files.createFile(dir.resolve(prefix + unique() + suffix));
      } catch (FileAlreadyExistsException e) {
        // another process's name: try the next
      }
    }
  }

  private static String unique() {
    return ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime()) + "-" + COUNTER.incrementAndGet();
  }
}

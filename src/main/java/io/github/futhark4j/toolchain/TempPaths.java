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

  /** Writes a new file at the path it is given. */
  @FunctionalInterface
  interface Writer<E extends Exception> {
    void write(Path tmp) throws IOException, E;
  }

  /**
   * Replaces {@code target} with what {@code writer} writes, atomically: into a new file beside it
   * ({@code NAME-<unique>.tmp}), renamed over it afterwards, so a reader sees the old file or the
   * whole new one; the temporary file is gone afterwards either way.
   */
  static <E extends Exception> void replace(Path target, Writer<E> writer) throws IOException, E {
    Path tmp = file(target.getParent(), target.getFileName() + "-", ".tmp");
    try {
      writer.write(tmp);
      Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static String unique() {
    return pid() + "-" + Long.toHexString(System.nanoTime()) + "-" + COUNTER.incrementAndGet();
  }

  private static volatile String pid;

  /**
   * This process's id: on Linux what {@code /proc/self} links to, else from {@link ProcessHandle},
   * whose first use also sets up the JDK's process reaper (some 8 ms of a fresh JVM, better spent by
   * {@link Tool#warmUp} on another thread).
   */
  private static String pid() {
    String p = pid;
    if (p == null) {
      try {
        p = Files.readSymbolicLink(Path.of("/proc/self")).toString();
        Long.parseLong(p);
      } catch (IOException | RuntimeException e) {
        p = Long.toString(ProcessHandle.current().pid());
      }
      pid = p;
    }
    return p;
  }
}

package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock of one cache key, held across the threads of this JVM and across processes: first a
 * {@link ReentrantLock} per lock file shared by the whole JVM (a {@code FileChannel} lock belongs to
 * the JVM, not to a thread, so threads must queue in Java first), then {@link FileChannel#lock()} on
 * the lock file, which blocks while another process holds it.
 *
 * <p>On file systems that refuse file locks (some NFS set-ups) only the in-JVM part is taken and
 * {@link #crossProcess()} says so. Correctness does not rest on the lock (publishing is an atomic
 * rename); without it two processes may just both compile the same key.
 */
final class KeyLock implements AutoCloseable {
  /**
   * The in-JVM locks of the lock files in use, counted, so that an entry is dropped when its last
   * user is done: a long-running host building ever new programs keeps no lock per key it ever saw.
   */
  private static final Map<Path, JvmLock> JVM_LOCKS = new ConcurrentHashMap<>();

  /** A lock with the number of threads holding or waiting for it, counted under the map's compute. */
  private static final class JvmLock extends ReentrantLock {
    final Path file;
    int users;

    JvmLock(Path file) { this.file = file; }
  }

  private static JvmLock take(Path lockFile) {
    return JVM_LOCKS.compute(lockFile, (k, v) -> {
      JvmLock l = v != null ? v : new JvmLock(k);
      l.users++;
      return l;
    });
  }

  /** Gives up a lock from {@link #take} that this thread does not hold (any more). */
  private static void drop(JvmLock l) {
    JVM_LOCKS.compute(l.file, (k, v) -> --l.users == 0 ? null : v);
  }

  private static void unlockAndDrop(JvmLock l) {
    l.unlock();
    drop(l);
  }

  /** Lock files with an in-JVM lock in use (tests). */
  static int jvmLocksInUse() { return JVM_LOCKS.size(); }

  /** Tests only: behave as on a file system that refuses file locks. */
  static volatile boolean simulateNoFileLocks;

  private final JvmLock jvmLock;
  private final FileChannel channel;
  private final FileLock fileLock;
  /** Released after this lock: the cache directory's shared lock (see {@link DirLock}), or null. */
  private AutoCloseable outer;

  private KeyLock(JvmLock jvmLock, FileChannel channel, FileLock fileLock) {
    this.jvmLock = jvmLock;
    this.channel = channel;
    this.fileLock = fileLock;
  }

  /** Makes {@link #close()} release {@code outer} too, after this lock. */
  KeyLock releasing(AutoCloseable outer) {
    this.outer = outer;
    return this;
  }

  /** Waits until this thread holds the lock of {@code lockFile}. */
  static KeyLock acquire(Path lockFile) throws IOException {
    JvmLock jvm = take(lockFile);
    try {
      jvm.lock();
    } catch (RuntimeException | Error e) {
      drop(jvm);
      throw e;
    }
    return withFileLock(jvm, lockFile, true).orElseThrow();
  }

  /** The lock if nobody holds it now, else empty. */
  static Optional<KeyLock> tryAcquire(Path lockFile) throws IOException {
    JvmLock jvm = take(lockFile);
    if (!jvm.tryLock()) {
      drop(jvm);
      return Optional.empty();
    }
    return withFileLock(jvm, lockFile, false);
  }

  /** With {@code jvm} held: adds the file lock (waiting or not); releases {@code jvm} on failure. */
  private static Optional<KeyLock> withFileLock(JvmLock jvm, Path lockFile, boolean wait) throws IOException {
    FileChannel ch = null;
    try {
      ch = open(lockFile);
      FileLock fl;
      try {
        if (simulateNoFileLocks) throw new IOException("No locks available (simulated)");
        fl = wait ? ch.lock() : ch.tryLock();
        if (fl == null) {
          ch.close();
          unlockAndDrop(jvm);
          return Optional.empty();
        }
      } catch (FileLockInterruptionException | ClosedChannelException e) {
        throw e; // interrupted: not the same as "no locks here"
      } catch (IOException e) {
        ch.close();
        return Optional.of(new KeyLock(jvm, null, null));
      }
      return Optional.of(new KeyLock(jvm, ch, fl));
    } catch (IOException | RuntimeException e) {
      if (ch != null) ch.close();
      unlockAndDrop(jvm);
      throw e;
    }
  }

  private static FileChannel open(Path lockFile) throws IOException {
    Set<StandardOpenOption> opts = Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    if (CacheFiles.isPosix(lockFile)) {
      return FileChannel.open(lockFile, opts, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    return FileChannel.open(lockFile, opts);
  }

  /**
   * Whether other processes are kept out too. False on file systems without locks: then only this
   * JVM's threads are, and the holder must not assume that build directories of the key are stale.
   */
  boolean crossProcess() { return fileLock != null; }

  @Override
  public void close() throws IOException {
    try {
      try {
        if (fileLock != null) fileLock.release();
        if (channel != null) channel.close();
      } finally {
        unlockAndDrop(jvmLock);
      }
    } finally {
      if (outer != null) closeOuter();
    }
  }

  private void closeOuter() throws IOException {
    AutoCloseable o = outer;
    outer = null;
    try {
      o.close();
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }
}

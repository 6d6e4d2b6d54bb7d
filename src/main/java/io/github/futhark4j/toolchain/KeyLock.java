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
  private static final Map<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

  /** Tests only: behave as on a file system that refuses file locks. */
  static volatile boolean simulateNoFileLocks;

  private final ReentrantLock jvmLock;
  private final FileChannel channel;
  private final FileLock fileLock;

  private KeyLock(ReentrantLock jvmLock, FileChannel channel, FileLock fileLock) {
    this.jvmLock = jvmLock;
    this.channel = channel;
    this.fileLock = fileLock;
  }

  /** Waits until this thread holds the lock of {@code lockFile}. */
  static KeyLock acquire(Path lockFile) throws IOException {
    ReentrantLock jvm = JVM_LOCKS.computeIfAbsent(lockFile, k -> new ReentrantLock());
    jvm.lock();
    return withFileLock(jvm, lockFile, true).orElseThrow();
  }

  /** The lock if nobody holds it now, else empty. */
  static Optional<KeyLock> tryAcquire(Path lockFile) throws IOException {
    ReentrantLock jvm = JVM_LOCKS.computeIfAbsent(lockFile, k -> new ReentrantLock());
    if (!jvm.tryLock()) return Optional.empty();
    return withFileLock(jvm, lockFile, false);
  }

  /** With {@code jvm} held: adds the file lock (waiting or not); releases {@code jvm} on failure. */
  private static Optional<KeyLock> withFileLock(ReentrantLock jvm, Path lockFile, boolean wait) throws IOException {
    FileChannel ch = null;
    try {
      ch = open(lockFile);
      FileLock fl;
      try {
        if (simulateNoFileLocks) throw new IOException("No locks available (simulated)");
        fl = wait ? ch.lock() : ch.tryLock();
        if (fl == null) {
          ch.close();
          jvm.unlock();
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
      jvm.unlock();
      throw e;
    }
  }

  private static FileChannel open(Path lockFile) throws IOException {
    Set<StandardOpenOption> opts = Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    if (CompileCache.isPosix(lockFile)) {
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
      if (fileLock != null) fileLock.release();
      if (channel != null) channel.close();
    } finally {
      jvmLock.unlock();
    }
  }
}

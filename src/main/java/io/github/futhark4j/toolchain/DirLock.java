package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The lock of a whole cache directory ({@code CACHE/cache.lock}, never deleted), which makes it
 * safe to delete the per-key lock files. Everyone who opens a key's lock file holds this lock
 * shared from before opening it until after closing it; deleting lock files needs it exclusive,
 * which is therefore only granted when no thread of any process has a key's lock file open (is
 * building, waiting to build, or evicting). Deleting a lock file that someone had open would let a
 * newcomer lock a new file of the same name while the old one is held: two builders would each hold
 * "the" lock.
 *
 * <p>Within the JVM a {@link ReentrantReadWriteLock} per directory (file locks belong to the whole
 * JVM); across processes a shared or exclusive {@link FileLock} on {@code cache.lock}, the shared one
 * held once for all threads of this JVM that hold the read lock. Exclusive is only ever tried, never
 * waited for, so maintenance never delays a build. On file systems without file locks the
 * exclusive lock is never granted (lock files are then never deleted).
 */
final class DirLock {
  static final String FILE = "cache.lock";
  private static final Map<Path, DirLock> LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
  /** Guarded by {@code this}: threads of this JVM in shared mode, and the shared file lock they share. */
  private int sharedHolders;
  private FileChannel sharedChannel;
  private FileLock sharedLock;

  private DirLock(Path file) { this.file = file; }

  static DirLock of(Path cacheDir) {
    return LOCKS.computeIfAbsent(cacheDir.resolve(FILE), DirLock::new);
  }

  /** Holds the lock shared until the result is closed; waits only while another process prunes. */
  AutoCloseable shared() throws IOException {
    rw.readLock().lock();
    try {
      synchronized (this) {
        if (sharedHolders == 0) {
          FileChannel ch = open(true);
          try {
            sharedLock = KeyLock.simulateNoFileLocks ? null : ch.lock(0, Long.MAX_VALUE, true);
            sharedChannel = ch;
          } catch (IOException e) {
            ch.close(); // no file locks here: the JVM lock alone, and no process deletes lock files
            sharedLock = null;
            sharedChannel = null;
          }
        }
        sharedHolders++;
      }
    } catch (IOException | RuntimeException e) {
      rw.readLock().unlock();
      throw e;
    }
    return this::releaseShared;
  }

  private void releaseShared() throws IOException {
    try {
      synchronized (this) {
        if (--sharedHolders == 0) {
          try {
            if (sharedLock != null) sharedLock.release();
          } finally {
            if (sharedChannel != null) sharedChannel.close();
            sharedLock = null;
            sharedChannel = null;
          }
        }
      }
    } finally {
      rw.readLock().unlock();
    }
  }

  /**
   * The lock exclusively if nobody (in any process) holds it now, else empty. Without
   * {@code create} a missing lock file means empty: background work must not create files in a
   * directory that may be being deleted.
   */
  Optional<AutoCloseable> tryExclusive(boolean create) throws IOException {
    if (KeyLock.simulateNoFileLocks || !rw.writeLock().tryLock()) return Optional.empty();
    FileChannel ch = null;
    try {
      try {
        ch = open(create);
      } catch (java.nio.file.NoSuchFileException e) {
        rw.writeLock().unlock();
        return Optional.empty();
      }
      FileLock fl;
      try {
        fl = ch.tryLock();
      } catch (IOException e) {
        fl = null; // no file locks: other processes cannot be excluded
      }
      if (fl == null) {
        ch.close();
        rw.writeLock().unlock();
        return Optional.empty();
      }
      FileChannel channel = ch;
      FileLock lock = fl;
      return Optional.of(() -> {
        try {
          lock.release();
          channel.close();
        } finally {
          rw.writeLock().unlock();
        }
      });
    } catch (IOException | RuntimeException e) {
      if (ch != null) ch.close();
      rw.writeLock().unlock();
      throw e;
    }
  }

  private FileChannel open(boolean create) throws IOException {
    Set<StandardOpenOption> opts = create ? Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
        : Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
    if (CacheFiles.isPosix(file)) {
      return FileChannel.open(file, opts, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    return FileChannel.open(file, opts);
  }
}

package io.pmbench.experiments.sweep;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The exclusive lock a process holds on a run directory while it writes there ({@code DIR/.lock}):
 * a second process on the same directory fails at once instead of racing the first. The
 * operating system releases the lock when the process dies, even by {@code kill -9}; a process
 * that finishes deletes the file while still holding the lock, so a finished run leaves no
 * {@code .lock} behind.
 */
final class RunLock implements AutoCloseable {
  /** The lock file's name in the run directory. */
  static final String FILE = ".lock";

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code dir} (created if new).
   *
   * @throws IllegalStateException when another process holds it
   */
  static RunLock take(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path lockFile = dir.resolve(FILE);
    FileChannel channel = null;
    FileLock lock = null;
    for (int attempt = 0; attempt < 3 && lock == null; attempt++) {
      channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        break;
      }
      if (!Files.exists(lockFile)) { // its holder finished and deleted it between our open and lock
        lock.release();
        channel.close();
        lock = null;
      }
    }
    if (lock == null) {
      channel.close();
      throw new IllegalStateException(dir + " is in use by another pmbench process (it holds " + lockFile
          + "); wait for it or choose another --out");
    }
    return new RunLock(lockFile, channel, lock);
  }

  /**
   * Deletes the lock file while still holding the lock, then releases it; a process that opened
   * the old file meanwhile finds it gone after locking and retries ({@link #take}).
   */
  @Override
  public void close() throws IOException {
    Files.deleteIfExists(file);
    lock.release();
    channel.close();
  }
}

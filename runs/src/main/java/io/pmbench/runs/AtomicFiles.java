package io.pmbench.runs;

import io.pmbench.core.Preconditions;
import java.io.BufferedWriter;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes text files so that a reader sees either the old file or the complete new one, never a
 * partial one: the content goes to a hidden temporary file in the target's directory, is forced
 * to disk, and is then renamed over the target with {@code ATOMIC_MOVE}. If writing throws, the
 * temporary file is deleted and the target is left as it was.
 */
public final class AtomicFiles {
  private static final AtomicLong COUNTER = new AtomicLong();
  private static final String TEMP_SUFFIX = ".tmp";

  private AtomicFiles() {}

  /** Produces a file's content; the writer is UTF-8 and closing it has no effect. */
  @FunctionalInterface
  public interface Content {
    void writeTo(Writer out) throws IOException;
  }

  /** Writes one file atomically; creates the parent directories if needed. */
  public static void write(Path target, Content content) throws IOException {
    writeAll(Map.of(target, content));
  }

  /** Writes binary content (an image) atomically; creates the parent directories if needed. */
  public static void writeBytes(Path target, byte[] bytes) throws IOException {
    Preconditions.nonNull(bytes, "bytes");
    Path absolute = target.toAbsolutePath().normalize();
    Path temp = createTemp(absolute);
    boolean done = false;
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      done = true;
    } finally {
      if (!done) {
        deleteQuietly(List.of(temp));
      }
    }
  }

  /**
   * Writes several files: all contents are first written to temporary files, and only when all
   * succeeded is each renamed over its target, so a failure in any content leaves every target
   * untouched. Each rename is atomic; the set of renames is not, though nothing but a rename
   * failure can interrupt it.
   *
   * @param files target path to content, written in iteration order
   */
  public static void writeAll(Map<Path, Content> files) throws IOException {
    Preconditions.nonNull(files, "files");
    Map<Path, Path> staged = new LinkedHashMap<>();
    boolean done = false;
    try {
      for (Map.Entry<Path, Content> e : files.entrySet()) {
        Path target = e.getKey().toAbsolutePath().normalize();
        Path temp = createTemp(target);
        staged.put(target, temp);
        writeAndForce(temp, Preconditions.nonNull(e.getValue(), "content of " + target));
      }
      for (Map.Entry<Path, Path> e : staged.entrySet()) {
        Files.move(e.getValue(), e.getKey(), StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      }
      done = true;
    } finally {
      if (!done) {
        deleteQuietly(new ArrayList<>(staged.values()));
      }
    }
  }

  /** True for names this class gives its temporary files (for tests and clean-up tools). */
  public static boolean isTemporary(Path file) {
    String name = file.getFileName().toString();
    return name.startsWith(".") && name.endsWith(TEMP_SUFFIX);
  }

  /**
   * Creates {@code .<name>.<pid>-<n>.tmp} beside the target. Unlike {@code
   * Files.createTempFile}, which makes the file readable by its owner only, this gives it the
   * permissions of any new file (the umask), which the renamed result keeps.
   */
  private static Path createTemp(Path target) throws IOException {
    Path dir = target.getParent();
    Files.createDirectories(dir);
    String prefix = "." + target.getFileName() + "." + ProcessHandle.current().pid() + "-";
    while (true) {
      Path temp = dir.resolve(prefix + COUNTER.incrementAndGet() + TEMP_SUFFIX);
      try {
        Files.createFile(temp);
        return temp;
      } catch (FileAlreadyExistsException e) {
        // Left by an earlier process with the same pid; try the next number.
      }
    }
  }

  private static void writeAndForce(Path temp, Content content) throws IOException {
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
        Writer writer = new BufferedWriter(new OutputStreamWriter(
            Channels.newOutputStream(channel), StandardCharsets.UTF_8))) {
      content.writeTo(new UncloseableWriter(writer));
      writer.flush();
      channel.force(true);
    }
  }

  private static void deleteQuietly(List<Path> temps) {
    for (Path temp : temps) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        // The original failure is the one to report; a stray hidden .tmp file is named so
        // that isTemporary() recognises it.
      }
    }
  }

  /** Passes everything through except close(), which only flushes. */
  private static final class UncloseableWriter extends FilterWriter {
    UncloseableWriter(Writer out) {
      super(out);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}

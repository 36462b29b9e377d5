package io.pmbench.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  private static final AtomicFiles.Content FAILS_MIDWAY = out -> {
    out.write("dataset,mechanism\ncub200,");
    out.flush();
    throw new IOException("disk full (injected)");
  };

  private List<Path> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    }
  }

  @Test
  void write_contentSucceeds_targetHasContentAndNoTempLeft() throws IOException {
    Path target = dir.resolve("out/results.csv");
    AtomicFiles.write(target, out -> out.write("a,b\n1,2\n"));
    assertEquals("a,b\n1,2\n", Files.readString(target));
    try (Stream<Path> files = Files.list(target.getParent())) {
      assertEquals(List.of(target), files.toList());
    }
  }

  @Test
  void write_contentThrowsMidway_noTargetAndNoTempFile() throws IOException {
    Path target = dir.resolve("results.csv");
    IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, FAILS_MIDWAY));
    assertEquals("disk full (injected)", e.getMessage());
    assertFalse(Files.exists(target));
    assertEquals(List.of(), listing());
  }

  @Test
  void write_contentThrowsUnchecked_noTargetAndNoTempFile() throws IOException {
    Path target = dir.resolve("results.csv");
    assertThrows(IllegalStateException.class, () -> AtomicFiles.write(target, out -> {
      out.write("partial");
      throw new IllegalStateException("serialiser bug (injected)");
    }));
    assertEquals(List.of(), listing());
  }

  @Test
  void write_contentThrows_existingTargetUnchanged() throws IOException {
    Path target = dir.resolve("results.csv");
    Files.writeString(target, "old complete content\n");
    assertThrows(IOException.class, () -> AtomicFiles.write(target, FAILS_MIDWAY));
    assertEquals("old complete content\n", Files.readString(target));
    assertEquals(List.of(target), listing());
  }

  @Test
  void writeAll_secondContentThrows_firstTargetNotWritten() throws IOException {
    Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
    files.put(dir.resolve("results.csv"), out -> out.write("complete\n"));
    files.put(dir.resolve("summary.csv"), FAILS_MIDWAY);
    assertThrows(IOException.class, () -> AtomicFiles.writeAll(files));
    assertEquals(List.of(), listing());
  }

  @Test
  void write_contentClosesWriter_stillCompletes() throws IOException {
    Path target = dir.resolve("provenance.json");
    AtomicFiles.write(target, out -> {
      out.write("{}\n");
      out.close();
    });
    assertEquals("{}\n", Files.readString(target));
  }
}

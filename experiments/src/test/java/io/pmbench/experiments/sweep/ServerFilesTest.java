package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.ServerSide;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ServerFiles}: server embeddings kept in a run directory. */
class ServerFilesTest {
  private static final Manifest MANIFEST = Manifest.of("test", Map.of("a", 1), Map.of("seeds", List.of(1)), "cmd");
  private static final String KEY = "tsne-server|k=2|perplexity=30.0|eta=200.0|iterations=1000";
  private static final ServerSide SERVER = ServerSide.of(
      new Embedding(new double[] {1.5, -0.0, Double.MIN_VALUE, 1e300, Math.PI, -2.5e-310}, 3, 2),
      new Embedding(new double[] {0.1, 0.2, 0.30000000000000004, 7}, 2, 2));

  @Test
  void saveThenLoad_sameDoublesBitForBit(@TempDir Path tmp) {
    // Fails if any double is rounded on its way to disk (a resumed t-SNE cell would then align
    // against slightly different anchors than the uninterrupted run).
    ServerFiles files = new ServerFiles(tmp, "fp");
    assertNull(files.load(KEY, 1));
    files.save(KEY, 1, SERVER);
    ServerSide back = files.load(KEY, 1);

    assertArrayEquals(bits(SERVER.gallery()), bits(back.gallery()));
    assertArrayEquals(bits(SERVER.publicRows()), bits(back.publicRows()));
    assertEquals(SERVER.gallery().rows(), back.gallery().rows());
    assertNull(files.load(KEY, 2), "another seed must not find seed 1's embedding");
  }

  @Test
  void load_otherConfigurationOrTruncated_failsNamingFile(@TempDir Path tmp) throws Exception {
    new ServerFiles(tmp, "fp").save(KEY, 1, SERVER);
    Path f = new ServerFiles(tmp, "fp").file(KEY, 1);

    IllegalStateException other = assertThrows(IllegalStateException.class,
        () -> new ServerFiles(tmp, "other").load(KEY, 1));
    assertTrue(other.getMessage().startsWith(f + " must hold the server embedding"), other.getMessage());

    byte[] bytes = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(bytes, bytes.length - 3));
    IllegalStateException cut = assertThrows(IllegalStateException.class,
        () -> new ServerFiles(tmp, "fp").load(KEY, 1));
    assertEquals(f + " is truncated (delete the file to rebuild it)", cut.getMessage());
  }

  @Test
  void cellStore_freshRun_dropsKeptServers(@TempDir Path tmp) throws Exception {
    try (CellStore store = CellStore.open(tmp, MANIFEST, false)) {
      store.servers().save(KEY, 1, SERVER);
      assertTrue(store.servers().load(KEY, 1) != null);
    }
    try (CellStore store = CellStore.open(tmp, MANIFEST, true)) {
      assertNull(store.servers().load(KEY, 1));
    }
  }

  private static long[] bits(Embedding e) {
    return Arrays.stream(e.data()).limit((long) e.rows() * e.dim()).mapToLong(Double::doubleToRawLongBits).toArray();
  }
}

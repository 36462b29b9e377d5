package io.pmbench.datasets.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class TarReaderTest {
  private static TarReader reader(byte[] gz) throws IOException {
    return new TarReader(new GZIPInputStream(new ByteArrayInputStream(gz)), "t.tar.gz");
  }

  @Test
  void next_gnuLongName_returnsTheFullName() throws IOException {
    String longName = "x".repeat(150) + ".bin";
    byte[] body = "hello".getBytes(StandardCharsets.US_ASCII);
    byte[] gz = TinyCopies.tarGz("d", List.of(Map.entry("././@LongLink", (longName + "\0").getBytes(StandardCharsets.US_ASCII)),
        Map.entry("short", body)), 'L');
    TarReader t = reader(gz);
    TarReader.Entry e = t.next().orElseThrow();
    assertEquals(longName, e.name());
    assertArrayEquals(body, t.body().readAllBytes());
    assertTrue(t.next().isEmpty());
  }

  @Test
  void next_skipsUnreadBodies() throws IOException {
    byte[] gz = TinyCopies.tarGz("d", List.of(Map.entry("a", new byte[700]), Map.entry("b", new byte[] {4, 2})));
    TarReader t = reader(gz);
    assertEquals("d/a", t.next().orElseThrow().name());
    TarReader.Entry b = t.next().orElseThrow();
    assertEquals("d/b", b.name());
    assertArrayEquals(new byte[] {4, 2}, t.body().readAllBytes());
  }

  @Test
  void next_badHeaderChecksum_oneLineNamingTheArchive() throws IOException {
    byte[] tar = new GZIPInputStream(new ByteArrayInputStream(TinyCopies.tarGz("d", List.of(Map.entry("a", new byte[3])))))
        .readAllBytes();
    tar[0] = 'z';
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> new TarReader(new ByteArrayInputStream(tar), "t.tar").next());
    assertTrue(e.getMessage().startsWith("t.tar: not a tar archive, or a corrupt one (header checksum"), e.getMessage());
  }
}

package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.protocol.QueryLog;
import io.pmbench.core.protocol.QueryOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link QueryLog} of one unfinished cell: an append-only file of JSON lines under
 * {@code DIR/partial/}, a header naming the cell and the run's fingerprint, then one line per
 * finished query. Each line goes to the file in one write as soon as its query finishes, so a
 * process killed at any moment (even by {@code kill -9}) leaves every finished query on disk and
 * at worst a torn last line, which the next open drops. The {@link CellStore} deletes the file
 * once the cell itself is stored.
 *
 * <p>Each line carries the query's hits and its K nearest gallery rows with their labels and the
 * query's label (what the cell keeps, {@link CellRecord#nearest()}). A log of the earlier format
 * {@value #FORMAT_1}, whose lines lack the neighbours, is started afresh: its queries are
 * recomputed, since a cell must list every query's neighbours.
 *
 * <p>Lines are not forced to the device one by one (that would cost more than a fast query): a
 * power failure can lose recent lines, which are then recomputed.
 */
public final class QueryJournal implements QueryLog, AutoCloseable {
  /** The header's format tag. */
  static final String FORMAT = "pmbench-queries/2";
  /** The header's format before the neighbours were logged (issue 35). */
  static final String FORMAT_1 = "pmbench-queries/1";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path file;
  private final Map<Integer, QueryOutcome> recalled;
  private final FileChannel channel;

  private QueryJournal(Path file, Map<Integer, QueryOutcome> recalled, FileChannel channel) {
    this.file = file;
    this.recalled = recalled;
    this.channel = channel;
  }

  /**
   * Opens (or creates) the journal of cell {@code cellName} in a run of {@code fingerprint}:
   * reads the queries an earlier run recorded and drops a torn last line.
   *
   * @throws IllegalStateException if the file belongs to another cell or configuration, or a
   *     line before the last cannot be read
   */
  public static QueryJournal open(Path file, String cellName, String fingerprint) throws IOException {
    return open(file, cellName, fingerprint, 1);
  }

  /**
   * As {@link #open(Path, String, String)} for a cell whose mechanism is at {@code revision}
   * (recorded in the header when it is not 1): a log another revision of the mechanism wrote is
   * started afresh, its queries are not recalled.
   */
  public static QueryJournal open(Path file, String cellName, String fingerprint, int revision) throws IOException {
    return open(file, cellName, fingerprint, revision, "");
  }

  /**
   * As {@link #open(Path, String, String, int)} for a cell run with parameters of digest
   * {@code paramsDigest} (recorded in the header when not empty): a log written under other
   * parameters, or one that does not say, is started afresh.
   */
  public static QueryJournal open(Path file, String cellName, String fingerprint, int revision, String paramsDigest)
      throws IOException {
    Files.createDirectories(file.getParent());
    Map<Integer, QueryOutcome> recalled = new HashMap<>();
    long keep = 0;
    if (Files.exists(file)) {
      byte[] bytes = Files.readAllBytes(file);
      List<String> lines = new ArrayList<>();
      int start = 0;
      for (int i = 0; i < bytes.length; i++) {
        if (bytes[i] == '\n') {
          lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
          start = i + 1;
        }
      }
      keep = start; // bytes after the last newline are a torn line
      for (int l = 0; l < lines.size(); l++) {
        try {
          JsonNode node = MAPPER.readTree(lines.get(l));
          if (l == 0) {
            if (FORMAT_1.equals(node.path("format").asText())) {
              keep = 0; // lines without the neighbours a cell now keeps
              break;
            }
            checkHeader(node, file, cellName, fingerprint);
            if (node.path("revision").asInt(1) != revision
                || !paramsDigest.isEmpty() && !paramsDigest.equals(node.path("params").asText())) {
              keep = 0; // another revision of the mechanism, or other parameters, logged these queries
              break;
            }
          } else {
            recalled.put(field(node, "i").asInt(), outcome(node));
          }
        } catch (JsonProcessingException | IllegalArgumentException e) {
          if (l < lines.size() - 1) {
            throw new IllegalStateException(file + " line " + (l + 1) + " is not a query record (" + e.getMessage()
                + "); delete the file to recompute the cell's queries", e);
          }
          keep -= lines.get(l).getBytes(StandardCharsets.UTF_8).length + 1; // a torn line that got its newline
        }
      }
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      channel.truncate(keep);
      channel.position(keep);
      QueryJournal j = new QueryJournal(file, recalled, channel);
      if (keep == 0) {
        recalled.clear();
        ObjectNode header = MAPPER.createObjectNode();
        header.put("format", FORMAT);
        header.put("cell", cellName);
        header.put("fingerprint", fingerprint);
        if (revision != 1) {
          header.put("revision", revision);
        }
        if (!paramsDigest.isEmpty()) {
          header.put("params", paramsDigest);
        }
        j.append(header);
      }
      return j;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private static void checkHeader(JsonNode header, Path file, String cellName, String fingerprint) {
    if (!FORMAT.equals(header.path("format").asText()) || !cellName.equals(header.path("cell").asText())
        || !fingerprint.equals(header.path("fingerprint").asText())) {
      throw new IllegalStateException(file + " must be the query log of cell " + cellName + " under configuration "
          + fingerprint + ". Provided value: " + header + " (delete the file to recompute the cell's queries)");
    }
  }

  /** Number of queries recalled from an earlier run. */
  public int recalledCount() {
    return recalled.size();
  }

  @Override
  public QueryOutcome recorded(int i) {
    return recalled.get(i);
  }

  @Override
  public void record(int i, QueryOutcome o) {
    ObjectNode line = MAPPER.createObjectNode();
    line.put("i", i);
    line.put("query", o.query());
    StringBuilder hits = new StringBuilder();
    for (boolean h : o.hits()) {
      hits.append(h ? '1' : '0');
    }
    line.put("hits", hits.toString());
    line.put("label", o.label());
    line.put("neighbours", PackedInts.encode(o.neighbours()));
    line.put("neighbourLabels", PackedInts.encode(o.neighbourLabels()));
    CellRecord.putDouble(line, "millis", o.millis());
    CellRecord.putDouble(line, "sensitivity", o.sensitivity());
    CellRecord.putDouble(line, "noiseScale", o.noiseScale());
    line.put("objectiveIncreased", o.objectiveIncreased());
    PrivacyClaim c = o.claim();
    ObjectNode claim = line.putObject("claim");
    claim.put("guarantee", c.guarantee().name());
    CellRecord.putDouble(claim, "epsilon", c.epsilon());
    CellRecord.putDouble(claim, "delta", c.delta());
    CellRecord.putDouble(claim, "sensitivity", c.sensitivity());
    CellRecord.putDouble(claim, "noiseScale", c.noiseScale());
    claim.put("calibration", c.calibration());
    claim.put("neighbouring", c.neighbouring());
    claim.put("assumedPublic", c.assumedPublic());
    ArrayNode caveats = claim.putArray("caveats");
    c.caveats().forEach(caveats::add);
    try {
      append(line);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the query log " + file, e);
    }
  }

  private synchronized void append(ObjectNode node) throws IOException {
    ByteBuffer buf = ByteBuffer.wrap((MAPPER.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8));
    while (buf.hasRemaining()) {
      channel.write(buf);
    }
  }

  private static QueryOutcome outcome(JsonNode n) {
    String h = field(n, "hits").asText();
    boolean[] hits = new boolean[h.length()];
    for (int k = 0; k < hits.length; k++) {
      if (h.charAt(k) != '0' && h.charAt(k) != '1') {
        throw new IllegalArgumentException("hits must be 0s and 1s. Provided value: " + h);
      }
      hits[k] = h.charAt(k) == '1';
    }
    JsonNode c = field(n, "claim");
    List<String> caveats = new ArrayList<>();
    field(c, "caveats").forEach(v -> caveats.add(v.asText()));
    PrivacyClaim claim = new PrivacyClaim(Guarantee.valueOf(field(c, "guarantee").asText()), number(c, "epsilon"),
        number(c, "delta"), number(c, "sensitivity"), number(c, "noiseScale"), field(c, "calibration").asText(),
        field(c, "neighbouring").asText(), field(c, "assumedPublic").asText(), caveats);
    int[] neighbours = packed(n, "neighbours");
    return new QueryOutcome(field(n, "query").asInt(), hits, number(n, "millis"), number(n, "sensitivity"),
        number(n, "noiseScale"), field(n, "objectiveIncreased").asBoolean(), claim, field(n, "label").asInt(),
        neighbours, PackedInts.decode(field(n, "neighbourLabels").asText(), neighbours.length, "neighbourLabels"));
  }

  private static int[] packed(JsonNode n, String name) {
    return PackedInts.decodeAll(field(n, name).asText(), name);
  }

  private static JsonNode field(JsonNode n, String name) {
    JsonNode v = n.get(name);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException(name + " is missing");
    }
    return v;
  }

  private static double number(JsonNode node, String name) {
    JsonNode n = field(node, name);
    if (!(n.isNumber() || n.isTextual())) {
      throw new IllegalArgumentException(name + " must be a number. Provided value: " + n);
    }
    return CellRecord.number(n);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}

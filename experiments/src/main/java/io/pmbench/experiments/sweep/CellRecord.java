package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.retrieval.NearestLists;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.CellSummary;
import io.pmbench.reports.Interval;
import io.pmbench.reports.SeedCount;
import io.pmbench.reports.SeedHits;
import io.pmbench.reports.SeedValues;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One finished cell as stored on disk ({@code cells/<key>.json}): its key, the configuration
 * fingerprint it was made under, its outcome, and everything a report needs without rerunning
 * it — the per-query hits at every K (a bitset per K, so intervals and other statistics can be
 * recomputed), the query indices, the privacy claim, timings and named extra arrays (fig3's
 * objective trace, fig7's coordinates).
 *
 * <p><b>Formats.</b> {@value #FORMAT} adds {@code nearest}: each query's K nearest gallery rows
 * and their labels (K the run's largest) and the query's label ({@link NearestLists}, integers
 * packed by {@link PackedInts}), so that a metric added later (R_indep@K, mAP@K) is computed
 * from stored cells. {@value #FORMAT_1} cells, written before, lack it: they still read, verify
 * and report, with {@link #nearest()} empty (the metrics that need it show as unavailable). A
 * record writes {@value #FORMAT} exactly when it has {@code nearest}, so a stored cell of either
 * format is written back byte for byte.
 *
 * @param key the cell
 * @param fingerprint SHA-256 of the run configuration ({@link Manifest})
 * @param outcome what happened
 * @param message the refusal or failure message (empty when OK)
 * @param preset the fidelity preset's CLI name
 * @param delta δ of the cell
 * @param params the mechanism parameters ({@code MechanismParams.describe()})
 * @param ks the K of Recall@K
 * @param queryIndices gallery index of each query, in order
 * @param hits per query and K index: a same-class item among the K nearest
 * @param meanQueryMillis mean wall time per query (not part of any result file but timings.csv)
 * @param serverMillis wall time of the server embedding (0 when shared and cached)
 * @param claim the privacy claim
 * @param objectiveIncreases queries whose SMLQ objective increased at some iteration
 * @param extras named arrays a figure needs (sorted by name)
 * @param gitCommit the commit the cell was computed from (provenance per row)
 * @param nearest each query's K nearest gallery rows with labels; empty for a {@value #FORMAT_1} cell
 */
public record CellRecord(
    CellKey key,
    String fingerprint,
    Outcome outcome,
    String message,
    String preset,
    double delta,
    Map<String, Object> params,
    int[] ks,
    int[] queryIndices,
    boolean[][] hits,
    double meanQueryMillis,
    double serverMillis,
    Claim claim,
    int objectiveIncreases,
    SortedMap<String, double[]> extras,
    String gitCommit,
    Optional<NearestLists> nearest) {

  /** Format tag of a cell file; bump when a key is renamed or removed, or one is added that readers need. */
  public static final String FORMAT = "pmbench-cell/2";
  /** The format before {@code nearest} (issue 35): read, verified and reported, without the metrics that need it. */
  public static final String FORMAT_1 = "pmbench-cell/1";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final TypeReference<TreeMap<String, Object>> PARAMS = new TypeReference<>() {};

  /** What happened to a cell. */
  public enum Outcome {
    /** Ran; the numbers are in the record. */
    OK,
    /** The mechanism refused the parameters (its guarantee does not exist there). */
    REFUSED,
    /** The run stopped with an error that names its cause (e.g. a kernel underflow). */
    FAILED
  }

  /**
   * The privacy claim of a cell (core's {@link PrivacyClaim} with Δ and s averaged over queries).
   *
   * @param guarantee NONE, PURE_DP, APPROXIMATE_DP or NOT_DP
   * @param summary the printed form, e.g. {@code (0.1, 1e-05)-DP}
   * @param sensitivity mean Δ over queries, or NaN
   * @param noiseScale mean noise scale over queries, or NaN
   * @param calibration how the noise was calibrated
   * @param neighbouring the neighbouring relation
   * @param assumedPublic what the guarantee assumes public
   * @param caveats lines to print beside the result
   */
  public record Claim(String guarantee, String summary, double sensitivity, double noiseScale, String calibration,
      String neighbouring, String assumedPublic, List<String> caveats) {
    public Claim {
      caveats = List.copyOf(caveats);
    }

    static Claim of(PrivacyClaim c, double meanSensitivity, double meanNoise) {
      return new Claim(c.guarantee().name(), c.summary(), finiteOrNaN(meanSensitivity), finiteOrNaN(meanNoise),
          c.calibration(), c.neighbouring(), c.assumedPublic(), c.caveats());
    }

    /** The claim of a cell that never ran. */
    static Claim notRun() {
      return new Claim("NONE", "not run", Double.NaN, Double.NaN, "", "", "", List.of());
    }
  }

  public CellRecord {
    params = Map.copyOf(new TreeMap<>(params));
    extras = new TreeMap<>(extras);
    if (nearest.isPresent() && nearest.get().queries() != hits.length) {
      throw new IllegalArgumentException("nearest must list the cell's " + hits.length + " queries. Provided value: "
          + nearest.get().queries());
    }
  }

  /** A record without {@code nearest}: what a {@value #FORMAT_1} cell holds. */
  public CellRecord(CellKey key, String fingerprint, Outcome outcome, String message, String preset, double delta,
      Map<String, Object> params, int[] ks, int[] queryIndices, boolean[][] hits, double meanQueryMillis,
      double serverMillis, Claim claim, int objectiveIncreases, SortedMap<String, double[]> extras, String gitCommit) {
    this(key, fingerprint, outcome, message, preset, delta, params, ks, queryIndices, hits, meanQueryMillis,
        serverMillis, claim, objectiveIncreases, extras, gitCommit, Optional.empty());
  }

  /** The record of a computed cell. */
  public static CellRecord of(CellKey key, String fingerprint, String preset, CellResult r,
      SortedMap<String, double[]> extras, String gitCommit) {
    return new CellRecord(key, fingerprint, Outcome.OK, "", preset, r.params().delta(), r.params().describe(),
        r.ks(), r.queryIndices(), r.hits(), r.meanQueryMillis(), r.serverMillis(),
        Claim.of(r.claim(), r.meanSensitivity(), r.meanNoiseScale()), r.objectiveIncreases(), extras, gitCommit,
        Optional.of(r.nearest()));
  }

  /** The record of a cell that did not run: {@code outcome} is REFUSED or FAILED. */
  public static CellRecord notRun(CellKey key, String fingerprint, String preset, double delta,
      Map<String, Object> params, Outcome outcome, String message, String gitCommit) {
    return new CellRecord(key, fingerprint, outcome, message, preset, delta, params, new int[0], new int[0],
        new boolean[0][], 0, 0, Claim.notRun(), 0, new TreeMap<>(), gitCommit, Optional.of(NearestLists.empty(0)));
  }

  /** The key in {@link #params} under which a cell records its mechanism's revision when it is not 1. */
  public static final String REVISION = "mechanismRevision";

  /**
   * The revision of its mechanism the cell was computed by
   * ({@link io.pmbench.core.mechanism.EmbeddingMechanism#revision}; 1 when the cell records none).
   */
  public int revision() {
    Object r = params.get(REVISION);
    return r instanceof Number n ? n.intValue() : 1;
  }

  /**
   * SHA-256 of the parameters that made the cell, its mechanism revision left out: a resumed run
   * reuses a cell only when the parameters it would run with have this digest ({@link Sweep#finished}).
   */
  public String paramsDigest() {
    return paramsDigest(params);
  }

  /** The digest {@link #paramsDigest()} of a cell made with {@code params} ({@code MechanismParams.describe()}). */
  public static String paramsDigest(Map<String, Object> params) {
    Map<String, Object> p = new TreeMap<>(params);
    p.remove(REVISION);
    return CellHashes.of(MAPPER.valueToTree(p));
  }

  /** This record stamped with its mechanism's {@code revision} (recorded in the parameters only when it is not 1). */
  public CellRecord withRevision(int revision) {
    if (revision < 1) {
      throw new IllegalArgumentException("mechanism revision must be >= 1. Provided value: " + revision);
    }
    if (revision == revision()) {
      return this;
    }
    Map<String, Object> p = new TreeMap<>(params);
    if (revision == 1) {
      p.remove(REVISION);
    } else {
      p.put(REVISION, revision);
    }
    return new CellRecord(key, fingerprint, outcome, message, preset, delta, p, ks, queryIndices, hits,
        meanQueryMillis, serverMillis, claim, objectiveIncreases, extras, gitCommit, nearest);
  }

  public boolean ok() {
    return outcome == Outcome.OK;
  }

  public int queries() {
    return hits.length;
  }

  /** Hits at K (a K of the cell). */
  public int hitCount(int k) {
    int j = indexOfK(k);
    int s = 0;
    for (boolean[] h : hits) {
      s += h[j] ? 1 : 0;
    }
    return s;
  }

  /** The per-query hits at K with their query ids, the input of the reports' bootstrap. */
  public SeedHits seedHits(int k) {
    int j = indexOfK(k);
    boolean[] h = new boolean[hits.length];
    for (int i = 0; i < hits.length; i++) {
      h[i] = hits[i][j];
    }
    return new SeedHits(key.seed(), queryIndices, h);
  }

  /**
   * Each query's term of R_indep@K ({@link NearestLists#independentChances}) with its query id,
   * the input of the reports' value bootstrap; empty for a cell without {@code nearest} (a
   * {@value #FORMAT_1} cell) or one that did not run.
   */
  public Optional<SeedValues> independentChances(int k) {
    indexOfK(k);
    if (!ok() || nearest.isEmpty() || hits.length == 0) {
      return Optional.empty();
    }
    return Optional.of(new SeedValues(key.seed(), queryIndices, nearest.get().independentChances(k)));
  }

  /** Recall@K of the cell. */
  public double recallAt(int k) {
    return (double) hitCount(k) / hits.length;
  }

  private int indexOfK(int k) {
    for (int j = 0; j < ks.length; j++) {
      if (ks[j] == k) {
        return j;
      }
    }
    throw new IllegalArgumentException("K must be one of the cell's K values. Provided value: " + k);
  }

  /**
   * The report row of an OK cell, labelled with {@code mechanismLabel}; its Recall@K interval is
   * SPEC.md §10's bootstrap restricted to one seed (the queries resampled, 2,000 times, seeded by
   * the hits themselves), so every interval pmbench prints comes from the same bootstrap.
   */
  public CellSummary summary(String mechanismLabel) {
    if (!ok()) {
      throw new IllegalStateException("cell " + key.fileName() + " did not run: " + message);
    }
    SortedMap<Integer, Interval> recall = new TreeMap<>();
    for (int k : ks) {
      recall.put(k, Bootstrap.recallOfCounts(List.of(new SeedCount(key.seed(), hitCount(k), hits.length)))
          .interval());
    }
    return new CellSummary(key.dataset(), mechanismLabel, preset, key.epsilon(), delta, key.seed(), hits.length,
        recall, meanQueryMillis, serverMillis, claim.summary(), claim.sensitivity(), claim.noiseScale(),
        claim.neighbouring(), claim.assumedPublic(), claim.calibration(), String.join("; ", claim.caveats()));
  }

  /** The JSON text of this record. */
  public String toJson() {
    ObjectNode root = NODES.objectNode();
    root.put("format", nearest.isPresent() ? FORMAT : FORMAT_1);
    ObjectNode k = root.putObject("key");
    k.put("dataset", key.dataset());
    k.put("mechanism", key.mechanism());
    k.put("variant", key.variant());
    k.put("epsilon", key.epsilon());
    k.put("seed", key.seed());
    root.put("fingerprint", fingerprint);
    root.put("outcome", outcome.name());
    root.put("message", message);
    root.put("preset", preset);
    root.put("delta", delta);
    root.set("params", ProvenanceJson.toNode(params));
    root.put("gitCommit", gitCommit);
    root.set("ks", ints(ks));
    root.put("queries", hits.length);
    root.set("queryIndices", ints(queryIndices));
    ObjectNode h = root.putObject("hits");
    for (int j = 0; j < ks.length; j++) {
      BitSet bits = new BitSet(hits.length);
      for (int i = 0; i < hits.length; i++) {
        bits.set(i, hits[i][j]);
      }
      h.put(Integer.toString(ks[j]), Base64.getEncoder().encodeToString(bits.toByteArray()));
    }
    root.put("meanQueryMillis", meanQueryMillis);
    root.put("serverMillis", serverMillis);
    ObjectNode c = root.putObject("claim");
    c.put("guarantee", claim.guarantee());
    c.put("summary", claim.summary());
    putDouble(c, "sensitivity", claim.sensitivity());
    putDouble(c, "noiseScale", claim.noiseScale());
    c.put("calibration", claim.calibration());
    c.put("neighbouring", claim.neighbouring());
    c.put("assumedPublic", claim.assumedPublic());
    ArrayNode cav = c.putArray("caveats");
    claim.caveats().forEach(cav::add);
    root.put("objectiveIncreases", objectiveIncreases);
    ObjectNode ex = root.putObject("extras");
    for (Map.Entry<String, double[]> e : extras.entrySet()) {
      ArrayNode a = ex.putArray(e.getKey());
      for (double v : e.getValue()) {
        if (Double.isFinite(v)) {
          a.add(v);
        } else {
          a.add(Double.toString(v));
        }
      }
    }
    nearest.ifPresent(n -> {
      ObjectNode t = root.putObject("nearest");
      t.put("k", n.k());
      t.put("queryLabels", PackedInts.encode(n.queryLabels()));
      t.put("ids", PackedInts.encode(n.ids()));
      t.put("labels", PackedInts.encode(n.labels()));
    });
    root.put(CellHashes.FIELD, CellHashes.of(root));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException("a JSON tree must always serialise", e);
    }
  }

  /**
   * Parses a cell file's text.
   *
   * @throws IllegalArgumentException if the text is not a cell of this format
   */
  public static CellRecord parse(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("cell file must be JSON. Provided value: " + e.getMessage());
    }
    String format = root == null ? "empty" : root.path("format").asText();
    if (!FORMAT.equals(format) && !FORMAT_1.equals(format)) {
      throw new IllegalArgumentException("cell file format must be " + FORMAT + " or " + FORMAT_1
          + ". Provided value: " + format);
    }
    JsonNode k = root.path("key");
    CellKey key = new CellKey(k.path("dataset").asText(), k.path("mechanism").asText(), k.path("variant").asText(),
        k.path("epsilon").asDouble(), k.path("seed").asLong());
    int[] ks = intArray(root.path("ks"));
    int queries = root.path("queries").asInt();
    boolean[][] hits = new boolean[queries][ks.length];
    for (int j = 0; j < ks.length; j++) {
      BitSet bits = BitSet.valueOf(Base64.getDecoder().decode(root.path("hits").path(Integer.toString(ks[j])).asText()));
      for (int i = 0; i < queries; i++) {
        hits[i][j] = bits.get(i);
      }
    }
    JsonNode c = root.path("claim");
    List<String> caveats = new ArrayList<>();
    c.path("caveats").forEach(n -> caveats.add(n.asText()));
    Claim claim = new Claim(c.path("guarantee").asText(), c.path("summary").asText(), number(c.path("sensitivity")),
        number(c.path("noiseScale")), c.path("calibration").asText(), c.path("neighbouring").asText(),
        c.path("assumedPublic").asText(), caveats);
    SortedMap<String, double[]> extras = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = root.path("extras").fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      double[] v = new double[e.getValue().size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = number(e.getValue().get(i));
      }
      extras.put(e.getKey(), v);
    }
    // nested values (e.g. options) stay maps and lists, so parse(toJson()) writes the same text again
    Map<String, Object> params = MAPPER.convertValue(root.path("params"), PARAMS);
    return new CellRecord(key, root.path("fingerprint").asText(), Outcome.valueOf(root.path("outcome").asText()),
        root.path("message").asText(), root.path("preset").asText(), root.path("delta").asDouble(), params, ks,
        intArray(root.path("queryIndices")), hits, root.path("meanQueryMillis").asDouble(),
        root.path("serverMillis").asDouble(), claim, root.path("objectiveIncreases").asInt(), extras,
        root.path("gitCommit").asText(), FORMAT.equals(format) ? Optional.of(nearest(root.path("nearest"), queries))
            : Optional.empty());
  }

  private static NearestLists nearest(JsonNode n, int queries) {
    if (!n.isObject()) {
      throw new IllegalArgumentException("a " + FORMAT + " cell must have a nearest object. Provided value: " + n);
    }
    int k = n.path("k").asInt(-1);
    return new NearestLists(k, PackedInts.decode(n.path("queryLabels").asText(), queries, "nearest.queryLabels"),
        PackedInts.decode(n.path("ids").asText(), queries * k, "nearest.ids"),
        PackedInts.decode(n.path("labels").asText(), queries * k, "nearest.labels"));
  }

  private static ArrayNode ints(int[] values) {
    ArrayNode a = NODES.arrayNode();
    for (int v : values) {
      a.add(v);
    }
    return a;
  }

  private static int[] intArray(JsonNode node) {
    int[] out = new int[node.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = node.get(i).asInt();
    }
    return out;
  }

  /** Finite doubles as JSON numbers (shortest round-tripping form), others as "NaN" / "Infinity". */
  static void putDouble(ObjectNode node, String name, double v) {
    if (Double.isFinite(v)) {
      node.put(name, v);
    } else {
      node.put(name, Double.toString(v));
    }
  }

  /** A number written by {@link #putDouble}: a JSON number, or "NaN" / "Infinity" as text. */
  static double number(JsonNode n) {
    return n.isTextual() ? Double.parseDouble(n.asText()) : n.asDouble();
  }

  private static double finiteOrNaN(double v) {
    return Double.isFinite(v) ? v : Double.NaN;
  }
}

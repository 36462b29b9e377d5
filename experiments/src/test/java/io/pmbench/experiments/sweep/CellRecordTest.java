package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.retrieval.NearestLists;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The two cell formats: pmbench-cell/2 keeps each query's nearest rows; pmbench-cell/1 cells still read, verify and report. */
class CellRecordTest {
  /** A cell of the reference run results/omniglot/official-code/fig6, as stored (format 1). */
  private static String storedFormatOne() throws IOException {
    try (InputStream in = CellRecordTest.class.getResourceAsStream("/cells/format1-omniglot_tsne_e0.1_s3.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static CellRecord withNearest() {
    CellKey key = new CellKey("synthetic", "privatemail", "", 0.1, 2);
    boolean[][] hits = {{true, true}, {false, true}, {false, false}};
    NearestLists n = new NearestLists(2, new int[] {0, 1, 2}, new int[] {4, 9, 20000, 3, NearestLists.NO_ROW, 7},
        new int[] {0, 5, 6, 1, NearestLists.NO_ROW, 129});
    return new CellRecord(key, "fp", CellRecord.Outcome.OK, "", "paper", 1e-5, Map.of("sigma", 6.0), new int[] {1, 2},
        new int[] {11, 12, 13}, hits, 1.0, 0, new CellRecord.Claim("APPROXIMATE_DP", "(0.1, 1e-05)-DP", 1, 2, "CLASSIC",
            "n", "labels", List.of()), 0, new TreeMap<>(), "abc", Optional.of(n));
  }

  @Test
  void formatTwo_roundTrip_keepsTheNearestListsAndTheText() {
    // Fails if an id or label were lost or altered in packing (ids above 16,383, labels above 127
    // and the missing marker -1 take the multi-byte and the smallest encodings).
    CellRecord r = withNearest();
    String json = r.toJson();
    assertTrue(json.contains("\"format\" : \"" + CellRecord.FORMAT + "\""), json);
    CellRecord back = CellRecord.parse(json);
    assertEquals(r.nearest(), back.nearest());
    assertEquals(json, back.toJson());
  }

  @Test
  void formatTwo_independentChances_fromTheStoredLists() {
    // q0 retrieves {0, 5}: pi_0 = 1/3; q1 {6, 1}: 1/3; q2 {129}: 0.
    double[] v = withNearest().independentChances(2).orElseThrow().values();
    assertEquals(1.0 / 3, v[0], 1e-15);
    assertEquals(1.0 / 3, v[1], 1e-15);
    assertEquals(0.0, v[2]);
  }

  @Test
  void formatOne_storedCell_readsVerifiesReportsAndWritesBackUnchanged() throws IOException {
    String text = storedFormatOne();
    CellRecord r = CellRecord.parse(text);
    JsonNode tree = new ObjectMapper().readTree(text);
    assertEquals(tree.get(CellHashes.FIELD).asText(), CellHashes.of(tree), "the stored hash must still verify");
    assertEquals(text, r.toJson(), "a format-1 cell must be written back byte for byte");
    assertTrue(r.nearest().isEmpty());
    assertTrue(r.independentChances(8).isEmpty(), "R_indep must be unavailable, not computed from nothing");
    assertEquals(r.recallAt(8), r.summary("tsne").recall().get(8).mean(), 1e-15);
  }

  @Test
  void parse_unknownFormat_refusedNamingBoth() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CellRecord.parse("{\"format\": \"pmbench-cell/9\"}"));
    assertTrue(e.getMessage().contains(CellRecord.FORMAT) && e.getMessage().contains(CellRecord.FORMAT_1),
        e.getMessage());
  }

  @Test
  void notRun_writesFormatTwo() {
    CellRecord r = CellRecord.notRun(new CellKey("d", "m", "", 0.1, 1), "fp", "paper", 1e-5, Map.of(),
        CellRecord.Outcome.REFUSED, "no", "abc");
    assertFalse(r.toJson().contains(CellRecord.FORMAT_1));
    assertEquals(r.toJson(), CellRecord.parse(r.toJson()).toJson());
  }
}

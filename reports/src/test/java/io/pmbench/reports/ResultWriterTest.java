package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.runs.ProvenanceJson;
import io.pmbench.runs.RunFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

class ResultWriterTest {
  @TempDir Path dir;

  private static final List<CellSummary> CELLS = List.of(
      Fixtures.privateCell("privatemail", 1, 10, 8, 9, 1.5, 2500),
      Fixtures.privateCell("privatemail", 2, 10, 6, 9, 2.5, 3500),
      Fixtures.nonPrivateCell("features", 1, 10, 10, 10));

  @Test
  void write_cells_writesFourFilesAndNothingElse() throws IOException {
    ResultWriter.ResultFiles files =
        ResultWriter.write(dir.resolve("run"), CELLS, RunFixtures.provenance());
    try (Stream<Path> listing = Files.list(dir.resolve("run"))) {
      assertEquals(
          List.of("provenance.json", "results.csv", "summary.csv", "timings.csv"),
          listing.map(p -> p.getFileName().toString()).sorted().toList());
    }
    assertEquals(dir.resolve("run/results.csv"), files.results());
  }

  @Test
  void write_cells_resultsCsvHasHeaderAndRows() throws IOException {
    ResultWriter.write(dir, CELLS, RunFixtures.provenance());
    List<String> lines = Files.readAllLines(dir.resolve("results.csv"));
    assertEquals("dataset,mechanism,preset,epsilon,delta,seed,queries,R@1,R@1 lo,R@1 hi,"
        + "R@8,R@8 lo,R@8 hi,guarantee,Δ,noise scale,neighbouring,"
        + "assumed public,calibration,caveat", lines.get(0));
    assertEquals(1 + CELLS.size(), lines.size());
    assertTrue(lines.get(1).startsWith("cub200,privatemail,paper,0.1,1.0E-5,1,10,0.8,"),
        lines.get(1));
    // the caveat has a comma and quotes: it must be one quoted field
    assertTrue(lines.get(1).endsWith(",\"(0.1, 1e-05)-DP\",12.5,3.25,add/remove one row,"
        + "\"P, labels\",CLASSIC,\"L_Y uses the raw labels, so the guarantee covers "
        + "\"\"labels\"\" only if public\""), lines.get(1));
    // a non-private row: Δ, noise scale and the empty strings are empty fields
    assertTrue(lines.get(3).endsWith(",none,,,,,none,"), lines.get(3));
  }

  @Test
  void write_cells_csvFilesReReadWithTablesaw() throws IOException {
    ResultWriter.write(dir, CELLS, RunFixtures.provenance());
    Table results = Table.read().usingOptions(
        CsvReadOptions.builder(dir.resolve("results.csv").toFile()));
    Table expected = ResultsTable.perSeed(CELLS);
    // wall-clock columns are split off into timings.csv so results.csv is reproducible
    expected.removeColumns(ResultsTable.MS_PER_QUERY, ResultsTable.SERVER_SECONDS);
    assertEquals(expected.columnNames(), results.columnNames());
    assertEquals(expected.rowCount(), results.rowCount());
    for (String column : List.of("epsilon", "delta", "R@1", "R@1 lo", "R@8 hi")) {
      assertEquals(expected.doubleColumn(column).asList(),
          results.numberColumn(column).asDoubleColumn().asList(), column);
    }
    assertEquals(expected.stringColumn("caveat").get(0),
        results.stringColumn("caveat").get(0));

    Table summary = Table.read().usingOptions(
        CsvReadOptions.builder(dir.resolve("summary.csv").toFile()));
    assertEquals(List.of("privatemail", "features"),
        summary.stringColumn("mechanism").asList());
    assertEquals(Bootstrap.METHOD, summary.stringColumn("interval").get(0));
    assertFalse(summary.containsColumn(ResultsTable.MS_PER_QUERY));

    Table timings = Table.read().usingOptions(
        CsvReadOptions.builder(dir.resolve("timings.csv").toFile()));
    assertEquals(ResultsTable.perSeed(CELLS).doubleColumn(ResultsTable.MS_PER_QUERY).asList(),
        timings.numberColumn(ResultsTable.MS_PER_QUERY).asDoubleColumn().asList());
  }

  @Test
  void write_cells_provenanceJsonParsesBack() throws IOException {
    ResultWriter.write(dir, CELLS, RunFixtures.provenance());
    JsonNode json = new ObjectMapper().readTree(dir.resolve("provenance.json").toFile());
    assertEquals(ProvenanceJson.FORMAT, json.get("format").asText());
    assertEquals(RunFixtures.COMMIT, json.get("gitCommit").asText());
    assertEquals(RunFixtures.SHA_A, json.get("datasetSha256").asText());
  }
}

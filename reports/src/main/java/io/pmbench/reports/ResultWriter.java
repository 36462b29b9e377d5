package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import io.pmbench.runs.AtomicFiles;
import io.pmbench.runs.Provenance;
import io.pmbench.runs.ProvenanceJson;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvWriteOptions;
import tech.tablesaw.io.csv.CsvWriter;

/**
 * Writes a run's results into an output directory: {@value #RESULTS_CSV} ({@link
 * ResultsTable#perSeed}), {@value #SUMMARY_CSV} ({@link ResultsTable#aggregate}) and {@value
 * #PROVENANCE_JSON} ({@link ProvenanceJson}). All three are staged and renamed into place by
 * {@link AtomicFiles#writeAll}: if anything fails, no file is partially written and existing
 * files are left as they were.
 *
 * <p>CSV: UTF-8, comma-separated, a header row, {@code \n} line ends, fields quoted only when
 * needed; numbers unformatted ({@code Double.toString}, so {@code 1.0E-5} for δ = 1e-5); NaN
 * and empty strings as empty fields.
 */
public final class ResultWriter {
  public static final String RESULTS_CSV = "results.csv";
  public static final String SUMMARY_CSV = "summary.csv";
  public static final String PROVENANCE_JSON = "provenance.json";
  public static final String TIMINGS_CSV = "timings.csv";

  /** Wall-clock columns: they differ between identical runs, so they live in timings.csv only. */
  private static final List<String> TIMING_COLUMNS =
      List.of(ResultsTable.MS_PER_QUERY, ResultsTable.SERVER_SECONDS);

  private ResultWriter() {}

  /**
   * The files written. {@code results} and {@code summary} hold only numbers that are a pure
   * function of the config and seeds (two identical runs give identical files); wall-clock
   * times go to {@code timings}.
   */
  public record ResultFiles(Path results, Path summary, Path timings, Path provenance) {}

  /** Builds both tables from {@code cells} and writes the three files into {@code directory}. */
  public static ResultFiles write(Path directory, List<CellSummary> cells, Provenance provenance)
      throws IOException {
    return write(directory, ResultsTable.perSeed(cells), ResultsTable.aggregate(cells),
        provenance);
  }

  /** Writes the given tables and provenance into {@code directory}, creating it if needed. */
  public static ResultFiles write(
      Path directory, Table perSeed, Table summary, Provenance provenance) throws IOException {
    Preconditions.nonNull(directory, "directory");
    Preconditions.nonNull(perSeed, "perSeed");
    Preconditions.nonNull(summary, "summary");
    Preconditions.nonNull(provenance, "provenance");
    ResultFiles files = new ResultFiles(directory.resolve(RESULTS_CSV),
        directory.resolve(SUMMARY_CSV), directory.resolve(TIMINGS_CSV), directory.resolve(PROVENANCE_JSON));
    Map<Path, AtomicFiles.Content> contents = new LinkedHashMap<>();
    contents.put(files.results(), out -> writeCsv(withoutTimings(perSeed), out));
    contents.put(files.summary(), out -> writeCsv(withoutTimings(summary), out));
    contents.put(files.timings(), out -> writeCsv(timings(perSeed), out));
    contents.put(files.provenance(), out -> ProvenanceJson.write(provenance, out));
    AtomicFiles.writeAll(contents);
    return files;
  }

  private static Table withoutTimings(Table table) {
    Table copy = table.copy();
    for (String c : TIMING_COLUMNS) {
      if (copy.containsColumn(c)) {
        copy.removeColumns(c);
      }
    }
    return copy;
  }

  private static Table timings(Table perSeed) {
    List<String> keep = new java.util.ArrayList<>();
    for (String c : List.of(ResultsTable.DATASET, ResultsTable.MECHANISM, ResultsTable.PRESET, ResultsTable.EPSILON,
        ResultsTable.SEED, ResultsTable.QUERIES, ResultsTable.MS_PER_QUERY, ResultsTable.SERVER_SECONDS)) {
      if (perSeed.containsColumn(c)) {
        keep.add(c);
      }
    }
    return perSeed.selectColumns(keep.toArray(new String[0])).setName("timings");
  }

  /** Writes {@code table} as CSV to {@code out} (format in the class comment); does not close. */
  public static void writeCsv(Table table, Writer out) {
    new CsvWriter().write(table, CsvWriteOptions.builder(out)
        .usePrintFormatters(false)
        .lineEnd("\n")
        .build());
  }
}

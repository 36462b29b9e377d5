package io.pmbench.experiments.audit;

import io.pmbench.reports.CsvFields;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The audit table as {@code audit.csv} (written atomically, one header line, RFC 4180 quoting)
 * and read back, so the {@code claims} and HTML reports can show the audit of a run's mechanisms:
 * {@code AuditResults.read(dir.resolve(AuditResults.FILE))} then {@link #forMechanisms}.
 */
public final class AuditResults {
  /** The file name in an audit's output folder. */
  public static final String FILE = "audit.csv";

  static final List<String> COLUMNS = List.of("mechanism", "calibration", "stage", "sampler", "claimed_epsilon", "delta",
      "claimed_sensitivity", "worst_sensitivity", "sensitivity_ratio", "epsilon_lower_95", "epsilon_point", "trials",
      "verdict", "pair", "pair_file", "note", "tightness", "power", "fdp_curve", "fdp_parameter_lower_95",
      "epsilon_lower_fdp_95", "tightness_fdp");

  /** The columns of tables written before tightness was reported (still read; tightness is derived). */
  static final List<String> COLUMNS_BEFORE_TIGHTNESS = COLUMNS.subList(0, 16);
  /** The columns of tables written before the f-DP bound (still read; their rows have none). */
  static final List<String> COLUMNS_BEFORE_FDP = COLUMNS.subList(0, 18);
  /** Every header {@link #read} accepts, newest first. */
  private static final List<List<String>> HEADERS = List.of(COLUMNS, COLUMNS_BEFORE_FDP, COLUMNS_BEFORE_TIGHTNESS);

  private AuditResults() {}

  /** Writes {@code rows} to {@code file} atomically. */
  public static void write(Path file, List<AuditRow> rows) throws IOException {
    AtomicFiles.write(file, out -> writeTo(out, rows));
  }

  /** Writes the table of {@code rows} (header first) to {@code out}. */
  static void writeTo(Writer out, List<AuditRow> rows) throws IOException {
    writeTo(out, rows, r -> Optional.empty());
  }

  /**
   * Writes the table of {@code rows}, a row for which {@code stored} gives a line as that line
   * (a row read back from a table of the current format is written as it was read, not re-derived
   * from its rounded numbers).
   */
  static void writeTo(Writer out, List<AuditRow> rows, Function<AuditRow, Optional<String>> stored)
      throws IOException {
    out.write(String.join(",", COLUMNS) + "\n");
    for (AuditRow r : rows) {
      out.write(stored.apply(r).orElseGet(() -> line(r)) + "\n");
    }
  }

  /** The header line of the current format. */
  static String header() {
    return String.join(",", COLUMNS);
  }

  /** The data lines of {@code rows} in the current format (as {@link #write} writes them). */
  static List<String> lines(List<AuditRow> rows) {
    return rows.stream().map(AuditResults::line).toList();
  }

  private static String line(AuditRow r) {
    List<String> cells = List.of(r.mechanism(), r.calibration(), r.stage(), r.sampler(), num(r.claimedEpsilon()),
        num(r.delta()), num(r.claimedSensitivity()), num(r.worstSensitivity()), num(r.sensitivityRatio()),
        num(r.epsilonLower()), num(r.epsilonPoint()), Integer.toString(r.trials()), r.verdict(), r.pair(),
        r.pairFile(), r.note(), num(r.tightness()), r.power(), r.fdp().map(f -> f.curve().cliName()).orElse(""),
        r.fdp().map(f -> num(f.parameterLower())).orElse(""), r.fdp().map(f -> num(f.epsilonLower())).orElse(""),
        r.fdpTightness().map(AuditResults::num).orElse(""));
    return String.join(",", cells.stream().map(CsvFields::quote).toList());
  }

  /**
   * The data lines of a table in the current format, in order (empty for a table of an older
   * format, whose lines cannot be kept as they are); the lines correspond one to one to the rows
   * {@link #read} returns.
   */
  static List<String> currentLines(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    if (lines.isEmpty() || !lines.get(0).equals(String.join(",", COLUMNS))) {
      return List.of();
    }
    return lines.subList(1, lines.size());
  }

  /** Reads a file written by {@link #write}; a malformed line fails naming the file and line. */
  public static List<AuditRow> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    if (lines.isEmpty() || HEADERS.stream().noneMatch(h -> lines.get(0).equals(String.join(",", h)))) {
      throw new IllegalArgumentException(file + ": line 1 must be the audit header " + String.join(",", COLUMNS));
    }
    int columns = CsvFields.split(lines.get(0)).size();
    List<AuditRow> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> c = CsvFields.split(lines.get(i));
      if (c.size() != columns) {
        throw new IllegalArgumentException(file + ": line " + (i + 1) + " must have " + columns
            + " fields. Provided value: " + c.size());
      }
      try {
        rows.add(new AuditRow(c.get(0), c.get(1), c.get(2), c.get(3), Double.parseDouble(c.get(4)),
            Double.parseDouble(c.get(5)), Double.parseDouble(c.get(6)), Double.parseDouble(c.get(7)),
            Double.parseDouble(c.get(9)), Double.parseDouble(c.get(10)), Integer.parseInt(c.get(11)), c.get(13),
            c.get(14), c.get(15), fdp(c)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + ": line " + (i + 1) + " has a bad value: " + e.getMessage(), e);
      }
    }
    return rows;
  }

  /** The f-DP columns of a row's cells: none in a table before them, or when the curve cell is empty. */
  private static Optional<AuditRow.Fdp> fdp(List<String> c) {
    if (c.size() < COLUMNS.size() || c.get(18).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new AuditRow.Fdp(FdpCurve.parse(c.get(18)), Double.parseDouble(c.get(19)),
        Double.parseDouble(c.get(20))));
  }

  /** The rows of the named mechanisms (for a run's claims and HTML report). */
  public static List<AuditRow> forMechanisms(List<AuditRow> rows, List<String> mechanisms) {
    return rows.stream().filter(r -> mechanisms.contains(r.mechanism())).toList();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}

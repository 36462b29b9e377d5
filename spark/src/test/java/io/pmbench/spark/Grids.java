package io.pmbench.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.experiments.cli.Pmbench;
import io.pmbench.experiments.sweep.CellStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs a small fig6 grid through the CLI (synthetic data, 2 mechanisms × 2 ε × 2 seeds = 8
 * cells) and compares run directories. Every comparison is exact (cells equal but for wall-clock
 * fields, result files byte for byte): a cell's numbers are a pure function of configuration and
 * key, so any difference means the Spark side computed another cell (other seed stream, other
 * configuration) or stored one twice.
 */
final class Grids {
  /** Synthetic data (no files): 300 rows of 16 features in 5 classes. */
  static final String DATA = "synthetic:n=300,d=16,classes=5,spread=0.3,seed=3";
  /** Two mechanisms, both run at every ε: PrivateMail and the test plugin {@code flaky}. */
  static final String MECHANISMS = "privatemail,flaky";
  /** The result files that hold only reproducible numbers (timings.csv does not). */
  static final List<String> FILES = List.of("results.csv", "summary.csv", "fig6.csv");
  /** Cell fields that are wall-clock times, not results. */
  private static final List<String> TIMINGS = List.of("meanQueryMillis", "serverMillis");
  private static final ObjectMapper JSON = new ObjectMapper();

  private Grids() {}

  record Outcome(int exit, String out, String err) {}

  static Outcome execute(String... args) {
    CommandLine cl = Pmbench.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return new Outcome(cl.execute(args), out.toString(), err.toString());
  }

  /** fig6 of 2 mechanisms × 2 ε × the given seeds into {@code dir}, plus {@code extra} options. */
  static String[] fig6(Path dir, String mechanisms, String seeds, String... extra) {
    List<String> a = new ArrayList<>(List.of("fig6", "--dataset", DATA, "--public", "60", "--queries", "40",
        "--seeds", seeds, "--mechanisms", mechanisms, "--epsilon", "0.1,1", "--out", dir.toString()));
    a.addAll(Arrays.asList(extra));
    return a.toArray(new String[0]);
  }

  /** Runs a command that must succeed. */
  static Outcome ok(String... args) {
    Outcome o = execute(args);
    assertEquals(0, o.exit(), o.err());
    return o;
  }

  /**
   * Asserts two run directories hold the same cells (file for file, equal but for the timing
   * fields) and byte-identical result files.
   */
  static void assertSameGrid(Path expected, Path actual) throws IOException {
    List<Path> a = cells(expected);
    List<Path> b = cells(actual);
    assertEquals(a.stream().map(Path::getFileName).map(Path::toString).toList(),
        b.stream().map(Path::getFileName).map(Path::toString).toList(), "cell files differ");
    for (int i = 0; i < a.size(); i++) {
      assertEquals(withoutTimings(a.get(i)), withoutTimings(b.get(i)), a.get(i).getFileName() + " differs");
    }
    for (String f : FILES) {
      assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(actual.resolve(f)),
          f + " differs");
    }
  }

  static List<Path> cells(Path run) throws IOException {
    try (var s = Files.list(run.resolve(CellStore.CELLS))) {
      return s.sorted().toList();
    }
  }

  private static String withoutTimings(Path cell) throws IOException {
    ObjectNode n = (ObjectNode) JSON.readTree(Files.readString(cell));
    TIMINGS.forEach(n::remove);
    n.remove(io.pmbench.experiments.sweep.CellHashes.FIELD); // the cell's SHA-256 covers its timings too
    return n.toString();
  }
}

package io.pmbench.experiments.cli;

import io.pmbench.experiments.figures.Reports;
import io.pmbench.experiments.figures.RunComparison;
import io.pmbench.experiments.orchestration.RunView;
import io.pmbench.runs.AtomicFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench compare A B}: the paired difference B − A of Recall@K on the cells two run
 * directories have in common ({@link RunComparison}), on the console and as CSV; with
 * {@code --fail-if-lower}, a gate for CI against a stored reference run.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    header = "Compares two runs' Recall@K, paired on their common cells.",
    description = {"For each (data set, mechanism, epsilon) that run directories A and B both hold, the paired "
        + "difference B - A of Recall@K over the seeds and query ids both computed, with its 95%% two-level bootstrap "
        + "interval (SPEC.md section 10) and a verdict: B higher, B lower, equal (inside +-0.02) or undecided. "
        + "Prints a table and writes it as CSV. A run directory holds run.json and cells/ (a claims run's "
        + "fig6/, fig7/, ...). With --pair, two different mechanisms are paired instead (B may be A itself). "
        + "Exit 1 with --fail-if-lower when some point is lower in B."})
public final class CompareCommand extends CliCommand {
  @Parameters(index = "0", paramLabel = "A", description = "The reference run directory.")
  Path a;

  @Parameters(index = "1", paramLabel = "B", description = "The run directory compared with A.")
  Path b;

  @Option(names = "--k", defaultValue = "8", paramLabel = "K", description = "The K of Recall@K (a K both runs "
      + "computed). Default: ${DEFAULT-VALUE}.")
  int k;

  @Option(names = "--csv", defaultValue = "compare.csv", paramLabel = "FILE",
      description = "Where to write the table as CSV. Default: ${DEFAULT-VALUE}.")
  Path csv;

  @Option(names = "--pair", paramLabel = "MA:MB", description = "Pair mechanism MA of run A with mechanism MB of"
      + " run B at each epsilon, on the seeds and query ids both computed (give the same directory twice to compare"
      + " two mechanisms of one run): 'dp-dsne:privatemail' gives privatemail - dp-dsne. Default: each mechanism"
      + " with itself.")
  String pair;

  @Option(names = "--fail-if-lower", description = "Exit 1 when some point's verdict is \"B lower\" (a CI gate).")
  boolean failIfLower;

  @Mixin
  VerboseOption verbose = new VerboseOption();

  /** Exit code of {@code --fail-if-lower} when B is lower somewhere. */
  static final int EXIT_LOWER = 1;

  @Override
  public Integer call() throws Exception {
    RunView va = view(a, "A");
    RunView vb = view(b, "B");
    Optional<RunComparison.MechanismPair> paired = pair == null ? Optional.empty()
        : Optional.of(RunComparison.MechanismPair.parse(pair));
    List<RunComparison.Row> rows = RunComparison.compare(va, vb, k, paired);
    if (rows.isEmpty() && paired.isPresent()) {
      throw new IllegalArgumentException("--pair " + pair + ": A holds no cell of " + paired.get().inA() + " that B"
          + " holds for " + paired.get().inB() + " at the same epsilon and seed with Recall@" + k + " on common queries."
          + " Provided value: " + a + " and " + b);
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("A and B must share cells (data set, mechanism, epsilon, seed) with Recall@"
          + k + " on common queries. Provided value: " + a + " (" + va.cells().size() + " cells) and " + b + " ("
          + vb.cells().size() + " cells) share none");
    }
    PrintWriter out = out();
    out.println("A: " + a + " (" + va.manifest().experiment() + ", " + va.preset() + " preset, " + va.cells().size()
        + " cells)");
    out.println("B: " + b + " (" + vb.manifest().experiment() + ", " + vb.preset() + " preset, " + vb.cells().size()
        + " cells)");
    out.println("Paired on common seeds and query ids; " + RunComparison.RULE + ".");
    out.print(RunComparison.table(rows, k));
    AtomicFiles.write(csv, w -> w.write(RunComparison.csv(rows, k)));
    out.println("CSV: " + csv.toAbsolutePath());
    out.flush();
    boolean lower = rows.stream().anyMatch(r -> r.verdict() == RunComparison.Verdict.LOWER);
    return failIfLower && lower ? EXIT_LOWER : 0;
  }

  private static RunView view(Path dir, String which) throws java.io.IOException {
    if (!Files.isDirectory(dir) || !Files.exists(dir.resolve("run.json")) || !Files.isDirectory(dir.resolve("cells"))) {
      throw new IllegalArgumentException(which + " must be a run directory holding run.json and cells/ (for a claims"
          + " run, one of its parts such as fig6/). Provided value: " + dir);
    }
    return Reports.view(dir);
  }
}

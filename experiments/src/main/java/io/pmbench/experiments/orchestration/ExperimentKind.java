package io.pmbench.experiments.orchestration;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One experiment pmbench runs, by name and title.
 *
 * @param name the experiment's name: its command and the {@code experiment} entry of run.json
 * @param title a one-line title for its report
 */
public record ExperimentKind(String name, String title) {
  public static final ExperimentKind RUN = new ExperimentKind("run", "pmbench run");
  public static final ExperimentKind FIG6 = new ExperimentKind("fig6", "Figure 6: Recall@8 against epsilon");
  public static final ExperimentKind FIG5 = new ExperimentKind("fig5", "Figure 5: effect of k, alpha and sigma");
  public static final ExperimentKind FIG3 = new ExperimentKind("fig3", "Figure 3: SMLQ convergence");
  public static final ExperimentKind FIG7 = new ExperimentKind("fig7",
      "Figure 7: embeddings before and after alignment");
  public static final ExperimentKind CLAIMS = new ExperimentKind("claims", "Claims of the paper");
  /** Every experiment, in the order messages list them. */
  public static final List<ExperimentKind> ALL = List.of(RUN, FIG6, FIG5, FIG3, FIG7, CLAIMS);

  /** {@code run, fig6, fig5, fig3, fig7, claims}. */
  public static String names() {
    return ALL.stream().map(ExperimentKind::name).collect(Collectors.joining(", "));
  }
}

package io.pmbench.experiments.cli;

import io.pmbench.experiments.orchestration.ClaimsRun;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code pmbench claims} beyond the grid's: which parts to compute, fig6's
 * mechanisms and ε values, and the audit part's trials; {@link #request} hands them to
 * {@link ClaimsRun}.
 */
final class ClaimsOptions {
  @Option(names = "--mechanisms", defaultValue = "all", split = ",", paramLabel = "NAME", order = 2,
      description = "fig6 mechanisms, or 'all' registered ones. Default: ${DEFAULT-VALUE}.")
  List<String> mechanisms;

  @Option(names = {"--epsilon", "-e"}, defaultValue = "0.05,0.1,0.2,0.5,1,2,4,8", split = ",", paramLabel = "EPS",
      order = 4, description = "fig6 epsilon values. Default: ${DEFAULT-VALUE}.")
  List<Double> epsilons;

  @Option(names = "--parts", defaultValue = "fig3,fig5,fig6,fig7,ids,attack,audit", split = ",", paramLabel = "NAME",
      order = 30, description = "Which parts to compute (the claims of a part not computed are 'cannot test here'); "
          + "'ids' reruns the mechanisms that take part in the ids claim at epsilon 0.1 under the other label "
          + "numbering into DIR/ids; 'attack' plays the server against the dummy queries of the mechanisms that "
          + "declare it (pmbench attack-dummies at epsilon 0.1, when the run has dummies) into DIR/attack; 'audit' "
          + "runs pmbench audit on the run's private mechanisms into DIR/audit (`pmbench mechanisms NAME` shows a "
          + "mechanism's parts). Default: ${DEFAULT-VALUE}.")
  List<String> parts;

  @Option(names = "--audit-trials", defaultValue = "20000", paramLabel = "N", order = 31,
      description = "Runs per data set of the audit part's epsilon lower bounds. Default: ${DEFAULT-VALUE}.")
  int auditTrials;

  /** The claims run these options ask for, with fig6's mechanisms as {@code names} (checked, 'all' expanded). */
  ClaimsRun.Request request(List<String> names) {
    return new ClaimsRun.Request(parts, names, epsilons, auditTrials);
  }
}

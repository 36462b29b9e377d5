package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.figures.Claims;
import io.pmbench.experiments.figures.Experiments;
import io.pmbench.experiments.orchestration.ClaimsRun;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code pmbench claims}: runs (or resumes) fig3, fig5, fig6 and fig7 into sub-directories of
 * the run directory and judges every claim of the paper on their cells.
 */
@Command(name = "claims", mixinStandardHelpOptions = true, sortOptions = false,
    header = "The claims table: every figure and the audit, judged.",
    description = {"The claims table: runs (or resumes) fig3, fig5, fig6 and fig7 into DIR/fig3 ... DIR/fig7 with "
        + "the options given and pmbench audit of the run's private mechanisms into DIR/audit (reused when its "
        + "settings are the same), then writes claims.csv, table2.csv and report.html: one row per claim of the "
        + "paper and per audited stage, reproduced / not reproduced / cannot test here, with the numbers behind it."})
public final class ClaimsCommand extends ExperimentCommand {
  @Mixin
  ClaimsOptions claims;

  @Override
  Selection selection() {
    return new Selection(claims.mechanisms, claims.epsilons);
  }

  @Override
  List<String> mechanisms(MechanismRegistry registry) {
    names(claims.mechanisms, registry);
    return registry.names(); // its parts run mechanisms of their own besides fig6's
  }

  /** The claims table itself (it reads the parts' cells). */
  @Override
  Experiment experiment(GridSetup s, List<String> names) {
    return new Claims();
  }

  @Override
  Path compute(GridSetup s, RunPipeline pipeline) throws IOException {
    return ClaimsRun.run(pipeline, Experiments.CLAIM_PARTS, s, claims.request(names(claims.mechanisms, s.registry())));
  }
}

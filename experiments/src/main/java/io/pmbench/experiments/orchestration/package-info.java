/**
 * Running experiments, and what the experiments share about planning and finding cells, so that
 * each figure uses this package instead of another figure: what an experiment is ({@link
 * io.pmbench.experiments.orchestration.Experiment}) and how its report sees a stored run ({@link
 * io.pmbench.experiments.orchestration.RunView}), the run (or resume) of one experiment
 * into its run directory with its manifest, cell store, invocation log and provenance ({@link
 * io.pmbench.experiments.orchestration.RunPipeline}), the parts of a {@code claims} run run through
 * it ({@link io.pmbench.experiments.orchestration.ClaimsRun}, their sub-directories in {@link
 * io.pmbench.experiments.orchestration.ClaimParts}), the experiments by name and title ({@link
 * io.pmbench.experiments.orchestration.ExperimentKind}), the grid entries of run.json
 * ({@link io.pmbench.experiments.orchestration.GridEntries}), and the mechanism × ε × seed grid of
 * {@code run} and {@code fig6} with its ε-independent mechanisms computed once
 * ({@link io.pmbench.experiments.orchestration.EpsilonGrid}). It names no figure: the figures
 * depend on it, never the reverse, and hand it the experiments of a {@code claims} run ({@link
 * io.pmbench.experiments.orchestration.ClaimsRun.Figures}). The cells themselves, their store,
 * query journals and invocation logs are {@link io.pmbench.experiments.sweep}'s.
 */
package io.pmbench.experiments.orchestration;

/**
 * What the experiments share about planning and finding cells, so that each figure uses this
 * package instead of another figure: the experiments by name and title ({@link
 * io.pmbench.experiments.orchestration.ExperimentKind}), the grid entries of run.json
 * ({@link io.pmbench.experiments.orchestration.GridEntries}), the mechanism × ε × seed grid of
 * {@code run} and {@code fig6} with its ε-independent mechanisms computed once
 * ({@link io.pmbench.experiments.orchestration.EpsilonGrid}), and the parts of a {@code claims}
 * run ({@link io.pmbench.experiments.orchestration.ClaimParts}). The cells themselves, their
 * store, query journals and invocation logs are {@link io.pmbench.experiments.sweep}'s.
 */
package io.pmbench.experiments.orchestration;

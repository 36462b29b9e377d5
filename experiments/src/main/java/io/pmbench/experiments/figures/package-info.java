/**
 * The paper's experiments (SPEC.md §9) as grids of cells with their reports: {@code run},
 * {@code fig6}, {@code fig5}, {@code fig3}, {@code fig7}, {@code table2} and {@code claims}.
 * Each experiment plans its cells from a {@link io.pmbench.experiments.sweep.GridSetup} and
 * renders its figures, CSV files and {@code report.html} from stored cells alone, so
 * {@code pmbench report DIR} regenerates a report without recomputing anything. No experiment names
 * another: they are built by name in {@link Experiments} alone (a stored run's, and the parts of a
 * {@code claims} run, which {@link io.pmbench.experiments.orchestration} runs without naming a
 * figure), and what a figure's report and the claims table both read of its cells is in {@link
 * FigureReadings}. This package depends on {@link io.pmbench.experiments.orchestration}, never the
 * reverse.
 */
package io.pmbench.experiments.figures;

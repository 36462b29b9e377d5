/**
 * The {@code pmbench} command line (picocli): each command parses and checks its options, then
 * hands the work to {@link io.pmbench.experiments.orchestration.RunPipeline} (or the package that
 * does it) and prints the result.
 */
package io.pmbench.experiments.cli;

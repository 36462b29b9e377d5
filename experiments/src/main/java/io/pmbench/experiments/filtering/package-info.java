/**
 * {@code pmbench filter} as a table experiment of the run pipeline: {@link
 * io.pmbench.experiments.filtering.FilterFolder} runs the {@code filter} module's experiment once
 * per encoder (one cell each) into one folder that resumes and verifies like any other run. The
 * experiment itself, its label cases (Case 1's utility sets included) and its report are the
 * {@code filter} module's; this package only turns them into cells.
 */
package io.pmbench.experiments.filtering;

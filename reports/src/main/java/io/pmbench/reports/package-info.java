/**
 * The results layer: per-seed and aggregated result tables (Tablesaw), their 95% intervals, the
 * end-of-run console table, and the atomically written {@code results.csv}, {@code summary.csv}
 * and {@code provenance.json}.
 *
 * <p>This package deliberately takes its own plain input records ({@link
 * io.pmbench.reports.CellSummary}, {@link io.pmbench.runs.Provenance}) instead of core's
 * types, so the report format does not change when core's internals do.
 */
package io.pmbench.reports;

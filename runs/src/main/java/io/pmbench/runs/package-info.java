/**
 * What every run directory needs, whatever it holds: files written atomically ({@link
 * io.pmbench.runs.AtomicFiles}: a temporary file renamed into place, so no reader sees half a
 * file), the provenance of a run ({@link io.pmbench.runs.Provenance}, written as {@code
 * provenance.json} by {@link io.pmbench.runs.ProvenanceJson}), and the code version a result
 * records ({@link io.pmbench.runs.CodeVersion} for the project version, {@link
 * io.pmbench.runs.GitInfo} for the commit and whether the work tree was dirty).
 *
 * <p>The sweep, the reports, the benchmarks and the generative filter all write run directories
 * through this package; none of it knows about result tables or figures.
 */
package io.pmbench.runs;

/**
 * JMH benchmarks of pmbench's hot paths (kernel and Laplacian build, one SMLQ iteration, the whole
 * PrivateMail query, alignment and retrieval, every mechanism's query, scaling in P and the
 * gallery), each paired with a straightforward reference in {@code reference}; {@link
 * io.pmbench.benchmarks.Report} turns one run into the performance note and {@link
 * io.pmbench.benchmarks.CiGate} is the CI's ratio gate (docs/performance/performance.md).
 */
package io.pmbench.benchmarks;

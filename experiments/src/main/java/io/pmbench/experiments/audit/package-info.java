/**
 * {@code pmbench audit}: checks each private mechanism's privacy claim — a search for neighbouring
 * pairs that exceed the claimed sensitivity, and two empirical lower bounds on ε from repeated runs
 * on one pair — Clopper–Pearson on one threshold test's rates (Jagielski, Ullman &amp; Oprea 2020;
 * Nasr et al. 2021) and a fitted f-DP trade-off curve ({@link io.pmbench.experiments.audit.FdpLowerBound};
 * Nasr et al. 2023) — on the mechanism's own code,
 * each noisy stage it opens through {@link io.pmbench.core.mechanism.Auditable}.
 */
package io.pmbench.experiments.audit;

/**
 * {@code pmbench audit}: checks each private mechanism's privacy claim — a search for neighbouring
 * pairs that exceed the claimed sensitivity, and an empirical lower bound on ε from repeated runs
 * on one pair (Jagielski, Ullman &amp; Oprea 2020; Nasr et al. 2021) — on the mechanism's own code,
 * each noisy stage it opens through {@link io.pmbench.core.mechanism.Auditable}.
 */
package io.pmbench.experiments.audit;

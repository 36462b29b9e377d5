/**
 * {@code private-rp}: the private Johnson–Lindenstrauss projection of Kenthapadi, Korolova,
 * Mironov &amp; Mishra 2013 (BASELINES.md §4), calibrated to a removed row (σ_max(R)) or, as in the
 * paper, to a changed attribute (the largest row norm of R).
 */
package io.pmbench.baselines.rp;

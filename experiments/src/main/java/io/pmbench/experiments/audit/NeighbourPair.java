package io.pmbench.experiments.audit;

/**
 * Two neighbouring data sets of equal size (SPEC.md §1: one row added or removed, the smaller
 * set padded with a zero row, so they differ in exactly one row).
 *
 * @param d D
 * @param dPrime D′
 * @param how how the pair was found (e.g. "random", "extreme labels", "hill-climb")
 */
public record NeighbourPair(AuditData d, AuditData dPrime, String how) {}

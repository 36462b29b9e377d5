package io.pmbench.baselines.tsne;

/**
 * The base of a mechanism whose server side is {@code tsne}'s ({@link TsneServed}; the DP-dSNE
 * family extends it): every server method comes from {@link TsneServed}.
 */
public abstract class TsneServedMechanism implements TsneServed {}

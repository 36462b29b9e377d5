package io.pmbench.baselines.rp;

/** The neighbouring relation private-rp's noise is calibrated to (BASELINES.md §4). */
public enum Neighbour {
  /**
   * SPEC.md §1: one row of D added or removed (zero-row padding). Sensitivity σ_max(R); noise
   * from the run's calibration.
   */
  RECORD,
  /**
   * Kenthapadi et al.'s notion: one attribute (entry) of one row changes by at most a = 2 (rows
   * are unit-norm, so entries lie in [−1, 1]). Their own noise formula; a weaker guarantee than
   * {@link #RECORD} (a whole row is not protected).
   */
  ATTRIBUTE
}

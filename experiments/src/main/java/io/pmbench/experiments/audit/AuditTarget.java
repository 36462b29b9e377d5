package io.pmbench.experiments.audit;

import io.pmbench.core.random.NoiseSampler;
import java.util.SplittableRandom;

/**
 * The noisy release of one private mechanism, opened up for auditing: its pre-noise value f(D)
 * with the mechanism's internal randomness fixed (PrivateMail's Q, a projection's R or V) — the
 * guarantees are proved for every fixed value of it, so conditioning on it is a fair (and the
 * strongest) test — the sensitivity Δ it claims, and the noise scale it adds.
 */
public interface AuditTarget {
  /** The mechanism's registered name. */
  String mechanism();

  /** The noise calibration audited (e.g. CLASSIC), or the mechanism's accounting. */
  String calibration();

  /** ε the mechanism states for its whole output. */
  double claimedEpsilon();

  /** δ of the claim. */
  double delta();

  /** The noise and the norm of its sensitivity. */
  NoiseKind noise();

  /** The pre-noise value f(D) of the audited release (flattened). */
  double[] f(AuditData data);

  /** The sensitivity the mechanism claims for data sets of this size. */
  double claimedSensitivity(AuditData data);

  /** The noise scale (s or b) the mechanism adds for data sets of this size. */
  double noiseScale(AuditData data);

  /** How many noisy copies of f the mechanism releases with this scale (e.g. DP-dSNE's T steps); 1 by default. */
  default int releases() {
    return 1;
  }

  /** Pairs the generic row-neighbour search does not produce (e.g. a change of every gradient row). */
  default java.util.List<NeighbourPair> extraPairs(AuditData data) {
    return java.util.List.of();
  }

  /** A random data set of the audit's shape. */
  AuditData randomData(SplittableRandom rng);

  /** The largest label value c. */
  int maxLabel();

  /** A statement of what was audited, printed beside the result. */
  String note();

  /** The sampler the release draws noise with. */
  NoiseSampler sampler();
}

package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/** Small helpers shared by the built-in mechanisms. */
final class Mechanisms {
  private Mechanisms() {}

  /**
   * The client's initial embedding Q ~ N(0, σ_q²)^{n×k} of SPEC.md §4: drawn from the query's
   * {@code rng}, or — with {@link MechanismParams#sharedClientQ()} ({@code official-code}) — from the
   * client's own seed, so every query of a run seed starts from the same Q (its first n rows, when
   * n varies) and the query's stream is left untouched.
   */
  static double[] initialQ(int n, MechanismParams p, long clientSeed, SplittableRandom rng) {
    SplittableRandom source = p.sharedClientQ() ? Seeds.stream(clientSeed, "client-Q") : rng;
    return Seeds.gaussianBlock(n, p.k(), p.sigmaQ(), source);
  }
}

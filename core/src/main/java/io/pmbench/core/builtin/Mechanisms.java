package io.pmbench.core.builtin;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/** Small helpers shared by the built-in mechanisms. */
final class Mechanisms {
  private Mechanisms() {}

  /** An n × k block of iid N(0, sd²) entries. */
  static double[] gaussianBlock(int n, int k, double sd, SplittableRandom rng) {
    double[] out = new double[n * k];
    for (int i = 0; i < out.length; i++) {
      out[i] = sd * Seeds.gaussian(rng);
    }
    return out;
  }

  /**
   * The client's initial embedding Q ~ N(0, σ_q²)^{n×k} of SPEC.md §4: drawn from the query's
   * {@code rng}, or — with {@link MechanismParams#sharedClientQ()} ({@code official-code}) — from the
   * client's own seed, so every query of a run seed starts from the same Q (its first n rows, when
   * n varies) and the query's stream is left untouched.
   */
  static double[] initialQ(int n, MechanismParams p, long clientSeed, SplittableRandom rng) {
    SplittableRandom source = p.sharedClientQ() ? Seeds.stream(clientSeed, "client-Q") : rng;
    return gaussianBlock(n, p.k(), p.sigmaQ(), source);
  }

  /** The rows of a feature matrix as a row-major double block. */
  static double[] toDoubles(FeatureMatrix m) {
    float[] src = m.data();
    double[] out = new double[src.length];
    for (int i = 0; i < src.length; i++) {
      out[i] = src[i];
    }
    return out;
  }
}

package io.pmbench.baselines.pca;

import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;

/**
 * MOD-SULQ (Chaudhuri, Sarwate &amp; Sinha 2013, JMLR 14, Algorithm 1): release A + E with
 * A = (1/n)·DᵀD and E symmetric, its entries on and above the diagonal iid N(0, β²); V = the top-k
 * eigenvectors of A + E (post-processing). (ε₁, δ₁)-DP for rows of norm ≤ 1 when one row is
 * replaced (n fixed) — which covers SPEC.md §1's add/remove with zero-row padding, n being the
 * padded count.
 */
final class ModSulq {
  private ModSulq() {}

  /**
   * The paper's noise level, β = (d+1)/(n·ε₁)·√(2·ln((d²+d)/(2√(2π)·δ₁))) + 1/(√n·ε₁)
   * (BASELINES.md §3; Chaudhuri et al. 2013, Algorithm 1).
   */
  static double beta(int d, int n, double epsilon, double delta) {
    double logArg = ((double) d * d + d) / (2 * Math.sqrt(2 * Math.PI) * delta);
    if (!(logArg > 1)) {
      throw new IllegalArgumentException("delta must be < (d^2+d)/(2*sqrt(2*pi)) for MOD-SULQ's beta (d=" + d
          + "). Provided value: " + delta);
    }
    return (d + 1) / (n * epsilon) * Math.sqrt(2 * Math.log(logArg)) + 1 / (Math.sqrt(n) * epsilon);
  }

  /** A + E for A = gram/n (gram = DᵀD, d × d, not modified). */
  static DMatrixRMaj noisyCovariance(DMatrixRMaj gram, int n, double beta, SplittableRandom rng) {
    int d = gram.numRows;
    DMatrixRMaj out = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        double v = gram.unsafe_get(i, j) / n + beta * Seeds.gaussian(rng);
        out.unsafe_set(i, j, v);
        out.unsafe_set(j, i, v);
      }
    }
    return out;
  }

  /** The top-k eigenvectors of A + E as a row-major d × k block. */
  static double[] subspace(DMatrixRMaj gram, int n, int k, double beta, SplittableRandom rng) {
    return SymmetricEigen.of(noisyCovariance(gram, n, beta, rng)).top(k);
  }
}

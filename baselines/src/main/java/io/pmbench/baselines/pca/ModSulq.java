package io.pmbench.baselines.pca;

import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.NoiseSource;
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

  /** A + E for A = gram/n (gram = DᵀD, d × d, not modified), E drawn by the textbook sampler. */
  static DMatrixRMaj noisyCovariance(DMatrixRMaj gram, int n, double beta, SplittableRandom rng) {
    return noisyCovariance(gram, n, (v, r) -> v + beta * Seeds.gaussian(r), rng);
  }

  /**
   * A + E with E's entries on and above the diagonal drawn by {@code noise} (N(0, β²) by the run's
   * {@code noiseSampler}), in row-major order of the upper triangle.
   */
  static DMatrixRMaj noisyCovariance(DMatrixRMaj gram, int n, Perturbation noise, SplittableRandom rng) {
    int d = gram.numRows;
    DMatrixRMaj out = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        double v = noise.perturb(gram.unsafe_get(i, j) / n, rng);
        out.unsafe_set(i, j, v);
        out.unsafe_set(j, i, v);
      }
    }
    return out;
  }

  /**
   * The top-k eigenvectors of A + E as a row-major d × k block ({@link TopEigenvectors}: each
   * column's sign makes its largest-magnitude entry positive), E's d(d+1)/2 free entries drawn by
   * {@code sampler}. For {@link NoiseSampler#SECURE} the grid is paid for with ℓ2 sensitivity 1/n:
   * one added or removed row x (‖x‖ ≤ 1) changes A by xxᵀ/n, whose upper triangle has ℓ2 norm at
   * most ‖x‖²/n (an underestimate of the replace-one-row change only adds noise).
   */
  static double[] subspace(DMatrixRMaj gram, int n, int k, double beta, NoiseSampler sampler, SplittableRandom rng) {
    return subspace(gram, n, k, beta, sampler, NoiseOrigin.SEEDED, rng);
  }

  /** As {@link #subspace(DMatrixRMaj, int, int, double, NoiseSampler, SplittableRandom)}, E's uniform bits from {@code origin}. */
  static double[] subspace(DMatrixRMaj gram, int n, int k, double beta, NoiseSampler sampler, NoiseOrigin origin,
      SplittableRandom rng) {
    int d = gram.numRows;
    NoiseSource noise = sampler.gaussian(beta, 1.0 / n, d * (d + 1) / 2, origin);
    return TopEigenvectors.of(noisyCovariance(gram, n, noise::perturb, rng), k);
  }

  /** One noisy entry: {@code value} plus a draw from {@code rng}. */
  @FunctionalInterface
  interface Perturbation {
    double perturb(double value, SplittableRandom rng);
  }
}

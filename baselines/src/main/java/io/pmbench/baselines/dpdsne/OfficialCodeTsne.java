package io.pmbench.baselines.dpdsne;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A port of the official DP-dSNE code (github.com/soominkwon/DP-dSNE, {@code adaclip_tsne.py}
 * {@code noisy_tsne} with {@code grad_clip=True}, and {@code adaclip.py}): centralised t-SNE of
 * all n rows, every point moving, with AdaCliP-style (Pichapati et al. 2019) clipping and noise.
 *
 * <p>t-SNE part (as the code, not Smile): x2p perplexity search with natural-log entropy, β₀ = 1,
 * tolerance 10⁻⁵, 50 tries; P = (P + Pᵀ)/ΣP, ×4 early exaggeration until iteration 100, floored
 * at 10⁻¹²; Y₀ ~ N(0, 1); gradient g_i = Σ_j (p_ij − q_ij)·w_ij·(y_i − y_j) (no factor 4) with
 * w_ij = 1/(1 + ‖y_i − y_j‖²), q_ij = max(w_ij/Σw, 10⁻¹²); momentum 0.3 for 20 iterations then
 * 0.9; η = 200; gains +0.2 / ×0.8 on (g &gt; 0) ≠ (u &gt; 0), floor 0.01; Y re-centred every
 * iteration.
 *
 * <p>AdaClip part ({@link AdaClip}), per iteration: the gradient is whitened by AdaClip's running
 * statistics, clipped row by row, noised with the code's {@code noise_variance} passed to
 * {@code np.random.normal} as the <em>scale</em> (so it is the standard deviation actually used)
 * and un-whitened; the result G̃ replaces the gradient.
 *
 * <p>The affinities come from {@link OfficialCodeAffinities}. The gradient of a release
 * ({@link #embed}) comes from {@link OfficialFastGradient}: the code's formula on the fast t-SNE
 * pass shared with {@code tsne} (single precision, its summation orders; equal to the code's
 * doubles within the tolerance its tests state), falling back to the exact
 * {@link OfficialCodeGradient} in any iteration where the code's floor on q could bind.
 * {@link #embedExact} runs {@link OfficialCodeGradient} throughout (each unordered pair once, in
 * the code's summation orders): bit for bit the direct transcription, which the tests keep as a
 * reference. Arrays are flat and row-major; nothing is allocated inside the loop.
 */
final class OfficialCodeTsne {
  private OfficialCodeTsne() {}

  /** The iteration after which the exaggeration is removed (the code's {@code if iter == 100: P = P / 4}). */
  static int exaggerationEnd() {
    return 100;
  }

  /** A gradient of the official code's t-SNE at a map, with its P's exaggeration state. */
  interface Gradient {
    /** Writes the gradient at {@code map} (n × k, flat; not modified) into {@code out} (overwritten). */
    void compute(double[] map, double[] out);

    /** Divides P by the exaggeration factor (the code's {@code P = P / 4} after its iteration 100). */
    void removeExaggeration();
  }

  /**
   * Runs the official code's noisy t-SNE with the fast gradient ({@link OfficialFastGradient}).
   *
   * @param squaredDistances the n × n squared distances of the rows (flat, row-major; see
   *     {@link OfficialCodeAffinities#squaredDistances}); not modified
   * @param n rows
   * @param k output dimension
   * @param iterations gradient iterations
   * @param noiseVariance the code's {@code noise_variance} (used as the noise's standard deviation)
   * @param rng source of Y₀ and of the noise
   * @return the n × k map (flat, row-major)
   */
  static double[] embed(double[] squaredDistances, int n, int k, int iterations, double noiseVariance,
      SplittableRandom rng) {
    double[][] p = OfficialCodeAffinities.affinities(squaredDistances, n);
    return embed(new OfficialFastGradient(p, k), n, k, iterations, noiseVariance, rng);
  }

  /**
   * {@link #embed(double[], int, int, int, double, SplittableRandom)} with the exact gradient
   * {@link OfficialCodeGradient}: bit for bit the official code's doubles (the reference).
   */
  static double[] embedExact(double[] squaredDistances, int n, int k, int iterations, double noiseVariance,
      SplittableRandom rng) {
    double[][] p = OfficialCodeAffinities.affinities(squaredDistances, n);
    return embed(new OfficialCodeGradient(p, k), n, k, iterations, noiseVariance, rng);
  }

  private static double[] embed(Gradient gradient, int n, int k, int iterations, double noiseVariance,
      SplittableRandom rng) {
    double[] y = new double[n * k];
    for (int t = 0; t < y.length; t++) {
      y[t] = Seeds.gaussian(rng);
    }
    double[] u = new double[n * k];
    double[] gains = new double[n * k];
    Arrays.fill(gains, 1.0);
    double[] g = new double[n * k];
    double[] noisy = new double[n * k];
    AdaClip ada = new AdaClip(n, k, noiseVariance);
    for (int iter = 0; iter < iterations; iter++) {
      gradient.compute(y, g);
      ada.apply(g, noisy, rng);
      step(noisy, u, gains, y, iter < 20 ? 0.3 : 0.9);
      centre(y, n, k);
      if (iter == exaggerationEnd()) {
        gradient.removeExaggeration();
      }
    }
    return y;
  }

  /** The code's gains, momentum and η = 200 update with the noisy gradient (all flat n × k). */
  private static void step(double[] noisy, double[] u, double[] gains, double[] y, double momentum) {
    for (int t = 0; t < y.length; t++) {
      boolean differ = (noisy[t] > 0) != (u[t] > 0);
      double gain = differ ? gains[t] + 0.2 : gains[t] * 0.8;
      if (gain < 0.01) {
        gain = 0.01;
      }
      gains[t] = gain;
      u[t] = momentum * u[t] - 200 * (gain * noisy[t]);
      y[t] += u[t];
    }
  }

  /** Subtracts the column means (summed over rows in order) from every row. */
  private static void centre(double[] y, int n, int k) {
    for (int c = 0; c < k; c++) {
      double mean = 0;
      for (int i = 0; i < n; i++) {
        mean += y[i * k + c];
      }
      mean /= n;
      for (int i = 0; i < n; i++) {
        y[i * k + c] -= mean;
      }
    }
  }
}

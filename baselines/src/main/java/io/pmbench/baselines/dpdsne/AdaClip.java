package io.pmbench.baselines.dpdsne;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The official DP-dSNE code's AdaClip state and step ({@code adaclip.py}, after Pichapati et al.
 * 2019), on flat row-major n × k arrays. Running mean M and variance estimate S (M₀ = 0,
 * S₀ = √(h₁h₂)), β₁ = 0.99, β₂ = 0.9, h₁ = 10⁻⁵, h₂ = 10⁻³. Per step and row i:
 * B_ic = √S_ic·√(Σ_c S_ic); W = (G − M)/B; W_i divided by max(1, ‖W_i‖); N(0, v) added with v the
 * code's {@code noise_variance} used as the standard deviation; G̃ = B⊙W̃ + M;
 * M ← β₁M + (1 − β₁)G̃; S ← β₂S + (1 − β₂)·clamp((G̃ − M)² − B²·v, h₁, h₂) (here v is used as a
 * variance). The noise is drawn row by row, coordinates in order. Not thread-safe.
 */
final class AdaClip {
  static final double BETA_1 = 0.99;
  static final double BETA_2 = 0.9;
  static final double H_1 = 1e-5;
  static final double H_2 = 1e-3;
  private final int k;
  private final double[] mean;
  private final double[] var;
  private final double noiseVariance;
  private final double[] b;
  private final double[] w;

  AdaClip(int n, int k, double noiseVariance) {
    this.k = k;
    this.mean = new double[n * k];
    this.var = new double[n * k];
    Arrays.fill(var, Math.sqrt(H_1 * H_2));
    this.noiseVariance = noiseVariance;
    this.b = new double[k];
    this.w = new double[k];
  }

  /** One step: writes G̃ into {@code noisy} (n × k, flat) and updates M and S; {@code g} is not modified. */
  void apply(double[] g, double[] noisy, SplittableRandom rng) {
    for (int base = 0; base < g.length; base += k) {
      double rowSum = 0;
      for (int c = 0; c < k; c++) {
        rowSum += var[base + c];
      }
      double norm = 0;
      for (int c = 0; c < k; c++) {
        b[c] = Math.sqrt(var[base + c]) * Math.sqrt(rowSum);
        w[c] = (g[base + c] - mean[base + c]) / b[c];
        norm += w[c] * w[c];
      }
      double scale = Math.max(1.0, Math.sqrt(norm));
      for (int c = 0; c < k; c++) {
        double clipped = w[c] / scale + noiseVariance * Seeds.gaussian(rng);
        noisy[base + c] = b[c] * clipped + mean[base + c];
      }
      for (int c = 0; c < k; c++) {
        int t = base + c;
        mean[t] = mean[t] * BETA_1 + (1 - BETA_1) * noisy[t];
        double dev = noisy[t] - mean[t];
        double v = Math.min(Math.max(dev * dev - b[c] * b[c] * noiseVariance, H_1), H_2);
        var[t] = BETA_2 * var[t] + (1 - BETA_2) * v;
      }
    }
  }
}

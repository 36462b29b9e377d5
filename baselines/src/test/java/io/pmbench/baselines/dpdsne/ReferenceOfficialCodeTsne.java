package io.pmbench.baselines.dpdsne;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The reference for {@link OfficialCodeTsne}: its first, direct transcription (2-D arrays, every
 * ordered pair computed), kept unchanged so that the tests can check that the optimised code
 * releases the same doubles (the gradient's loops sit, as written, in {@link #gradient} so that the
 * tests can also compare one gradient on its own). Not used by any mechanism.
 *
 * <p>A port of the official DP-dSNE code (github.com/soominkwon/DP-dSNE, {@code adaclip_tsne.py}
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
 * <p>AdaClip part, per iteration, with running mean M and variance estimate S (n × k, M₀ = 0,
 * S₀ = √(h₁h₂)), β₁ = 0.99, β₂ = 0.9, h₁ = 10⁻⁵, h₂ = 10⁻³: B_ij = √S_ij·√(Σ_c S_ic);
 * W = (G − M)/B; each row of W divided by max(1, ‖W_i‖); N(0, v) added with v the code's
 * {@code noise_variance} passed to {@code np.random.normal} as the <em>scale</em> (so v is the
 * standard deviation actually used); G̃ = B⊙(W̃) + M; M ← β₁M + (1 − β₁)G̃;
 * S ← β₂S + (1 − β₂)·clamp((G̃ − M)² − B²·v, h₁, h₂) (here v is used as a variance). G̃ replaces
 * the gradient.
 */
final class ReferenceOfficialCodeTsne {
  private ReferenceOfficialCodeTsne() {}

  /**
   * Runs the official code's noisy t-SNE.
   *
   * @param x the rows (n × d)
   * @param k output dimension
   * @param iterations gradient iterations
   * @param noiseVariance the code's {@code noise_variance} (used as the noise's standard deviation)
   * @param rng source of Y₀ and of the noise
   * @return the n × k map
   */
  static double[][] embed(double[][] x, int k, int iterations, double noiseVariance, SplittableRandom rng) {
    int n = x.length;
    double[][] p = affinities(x, 30.0);
    double[][] y = new double[n][k];
    for (double[] yi : y) {
      for (int c = 0; c < k; c++) {
        yi[c] = Seeds.gaussian(rng);
      }
    }
    double[][] u = new double[n][k];
    double[][] gains = fill(n, k, 1.0);
    AdaClip ada = new AdaClip(n, k, noiseVariance);
    double[][] w = new double[n][n];
    for (int iter = 0; iter < iterations; iter++) {
      double[][] g = gradient(p, y, w);
      double[][] noisy = ada.apply(g, rng);
      double momentum = iter < 20 ? 0.3 : 0.9;
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < k; c++) {
          boolean differ = (noisy[i][c] > 0) != (u[i][c] > 0);
          gains[i][c] = differ ? gains[i][c] + 0.2 : gains[i][c] * 0.8;
          if (gains[i][c] < 0.01) {
            gains[i][c] = 0.01;
          }
          u[i][c] = momentum * u[i][c] - 200 * (gains[i][c] * noisy[i][c]);
          y[i][c] += u[i][c];
        }
      }
      centre(y);
      if (iter == 100) {
        for (double[] pi : p) {
          for (int j = 0; j < n; j++) {
            pi[j] /= 4.0;
          }
        }
      }
    }
    return y;
  }

  /**
   * The code's gradient at {@code y} (a new n × k array): W and Σw, then each g_i over every j.
   *
   * @param p the affinities (n × n, symmetric)
   * @param y the map (n × k)
   * @param w scratch for W (n × n, zero diagonal); overwritten off the diagonal
   */
  static double[][] gradient(double[][] p, double[][] y, double[][] w) {
    int n = y.length;
    int k = y[0].length;
    double wSum = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        double d2 = 0;
        for (int c = 0; c < k; c++) {
          double diff = y[i][c] - y[j][c];
          d2 += diff * diff;
        }
        double v = 1.0 / (1.0 + d2);
        w[i][j] = v;
        w[j][i] = v;
        wSum += 2 * v;
      }
    }
    double[][] g = new double[n][k];
    for (int i = 0; i < n; i++) {
      double[] pi = p[i]; // P and W are symmetric: row i is column i, read in memory order
      double[] wi = w[i];
      for (int j = 0; j < n; j++) {
        double coeff = (pi[j] - Math.max(wi[j] / wSum, 1e-12)) * wi[j];
        for (int c = 0; c < k; c++) {
          g[i][c] += coeff * (y[i][c] - y[j][c]);
        }
      }
    }
    return g;
  }

  /** x2p, symmetrised, normalised, ×4 and floored at 10⁻¹² (the code's P before its loop). */
  static double[][] affinities(double[][] x, double perplexity) {
    int n = x.length;
    double[][] p = new double[n][n];
    double logU = Math.log(perplexity);
    double[] di = new double[n - 1];
    for (int i = 0; i < n; i++) {
      for (int j = 0, t = 0; j < n; j++) {
        if (j != i) {
          double s = 0;
          for (int c = 0; c < x[i].length; c++) {
            double diff = x[i][c] - x[j][c];
            s += diff * diff;
          }
          di[t++] = s;
        }
      }
      double[] row = conditional(di, 1.0, logU);
      for (int j = 0, t = 0; j < n; j++) {
        if (j != i) {
          p[i][j] = row[t++];
        }
      }
    }
    double total = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        total += p[i][j] + p[j][i];
      }
    }
    double[][] out = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        out[i][j] = Math.max((p[i][j] + p[j][i]) / total * 4.0, 1e-12);
      }
    }
    return out;
  }

  /** The code's binary search over β (Hbeta with natural-log entropy, tolerance 10⁻⁵, 50 tries). */
  private static double[] conditional(double[] d, double beta0, double logU) {
    double beta = beta0;
    double betaMin = Double.NEGATIVE_INFINITY;
    double betaMax = Double.POSITIVE_INFINITY;
    double[] p = new double[d.length];
    double hDiff = hBeta(d, beta, p) - logU;
    for (int tries = 0; Math.abs(hDiff) > 1e-5 && tries < 50; tries++) {
      if (hDiff > 0) {
        betaMin = beta;
        beta = Double.isInfinite(betaMax) ? beta * 2 : (beta + betaMax) / 2;
      } else {
        betaMax = beta;
        beta = Double.isInfinite(betaMin) ? beta / 2 : (beta + betaMin) / 2;
      }
      hDiff = hBeta(d, beta, p) - logU;
    }
    return p;
  }

  /** Fills {@code p} with exp(−βd)/Σ and returns H = ln Σ + β·Σ(d·p). */
  private static double hBeta(double[] d, double beta, double[] p) {
    double sum = 0;
    for (int j = 0; j < d.length; j++) {
      p[j] = Math.exp(-d[j] * beta);
      sum += p[j];
    }
    double dp = 0;
    for (int j = 0; j < d.length; j++) {
      dp += d[j] * p[j];
    }
    double h = Math.log(sum) + beta * dp / sum;
    for (int j = 0; j < d.length; j++) {
      p[j] /= sum;
    }
    return h;
  }

  private static double[][] fill(int n, int k, double v) {
    double[][] a = new double[n][k];
    for (double[] r : a) {
      Arrays.fill(r, v);
    }
    return a;
  }

  private static void centre(double[][] y) {
    int k = y[0].length;
    double[] mean = new double[k];
    for (double[] yi : y) {
      for (int c = 0; c < k; c++) {
        mean[c] += yi[c];
      }
    }
    for (int c = 0; c < k; c++) {
      mean[c] /= y.length;
    }
    for (double[] yi : y) {
      for (int c = 0; c < k; c++) {
        yi[c] -= mean[c];
      }
    }
  }

  /** The code's AdaClip state and step ({@code adaclip.py}). */
  static final class AdaClip {
    static final double BETA_1 = 0.99;
    static final double BETA_2 = 0.9;
    static final double H_1 = 1e-5;
    static final double H_2 = 1e-3;
    private final double[][] mean;
    private final double[][] var;
    private final double noiseVariance;

    AdaClip(int n, int k, double noiseVariance) {
      this.mean = new double[n][k];
      this.var = fill(n, k, Math.sqrt(H_1 * H_2));
      this.noiseVariance = noiseVariance;
    }

    /** One AdaClip step: the noisy gradient G̃ (new array); updates M and S. */
    double[][] apply(double[][] g, SplittableRandom rng) {
      int n = g.length;
      int k = g[0].length;
      double[][] b = new double[n][k];
      for (int i = 0; i < n; i++) {
        double rowSum = 0;
        for (int c = 0; c < k; c++) {
          rowSum += var[i][c];
        }
        for (int c = 0; c < k; c++) {
          b[i][c] = Math.sqrt(var[i][c]) * Math.sqrt(rowSum);
        }
      }
      double[][] noisy = new double[n][k];
      for (int i = 0; i < n; i++) {
        double[] wRow = new double[k];
        double norm = 0;
        for (int c = 0; c < k; c++) {
          wRow[c] = (g[i][c] - mean[i][c]) / b[i][c];
          norm += wRow[c] * wRow[c];
        }
        double scale = Math.max(1.0, Math.sqrt(norm));
        for (int c = 0; c < k; c++) {
          double clipped = wRow[c] / scale + noiseVariance * Seeds.gaussian(rng);
          noisy[i][c] = b[i][c] * clipped + mean[i][c];
        }
      }
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < k; c++) {
          mean[i][c] = mean[i][c] * BETA_1 + (1 - BETA_1) * noisy[i][c];
          double dev = noisy[i][c] - mean[i][c];
          double v = Math.min(Math.max(dev * dev - b[i][c] * b[i][c] * noiseVariance, H_1), H_2);
          var[i][c] = BETA_2 * var[i][c] + (1 - BETA_2) * v;
        }
      }
      return noisy;
    }
  }
}

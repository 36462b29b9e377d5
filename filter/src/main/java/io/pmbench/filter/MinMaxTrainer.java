package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Trains the linear filter by the seed paper's min–max game (§2 eq. 4–6, §6.3 eq. 15–17):
 * <pre>
 *   max_Γ  CE(h; z̃, y) − β·CE(ν; z̃, u) − P_λ(D(Γ); b),
 *   h = argmin CE(h; z̃, y) (the adversary),  ν = argmin CE(ν; z̃, u) (the utility classifier),
 * </pre>
 * z̃ = z + Γ·[w; onehot(y)], alternating Adam steps of h and ν with one Adam step of Γ per
 * mini-batch (fresh w each batch), with the penalty P_λ of {@link GameConfig.Penalty} and
 * λ₁ = λ₂ = λ following {@link GameConfig#lambda}. Γ is optimised directly (in latent units, as
 * in the paper).
 * D(Γ) is the expected distortion of {@link GaussianKl#filterDistortion} with the training
 * rows' private-class frequencies.
 *
 * <p>pmbench's reading of what the paper leaves open: each classifier takes {@link
 * GameConfig#adversarySteps} Adam steps on the batch before Γ takes one (with one step, the
 * filter learns class shifts that fool the slowly adapting game adversary but that a freshly
 * trained classifier reads better than the raw latent — see the ablation in docs/filter.md); the two
 * classifiers first train for {@link GameConfig#warmupEpochs} on the initial release; the
 * penalty's shape is {@link GameConfig#penalty}.
 */
public final class MinMaxTrainer {
  private MinMaxTrainer() {}

  /**
   * One epoch of the game.
   *
   * @param epoch 0-based
   * @param lambda λ₁ = λ₂ in this epoch
   * @param distortion D(Γ) at the end of the epoch
   * @param adversaryLoss mean cross-entropy of the adversary on the epoch's releases (before
   *     its step on each batch)
   * @param utilityLoss mean cross-entropy of the utility classifier, likewise
   */
  public record EpochTrace(int epoch, double lambda, double distortion, double adversaryLoss, double utilityLoss) {}

  /**
   * A trained filter.
   *
   * @param filter Γ
   * @param distortion D(Γ) on the training rows' class frequencies
   * @param trace one entry per epoch
   */
  public record Result(LinearFilter filter, double distortion, List<EpochTrace> trace) {}

  /**
   * Plays the game on training rows {@code z} (row-major n × d) with private labels {@code y}
   * in [0, K) and utility labels {@code u} in [0, U).
   *
   * @param covariance Σ, the encoder's covariance (row-major d × d, positive definite)
   * @param budget b ≥ 0
   * @param rng the only source of randomness (initialisation, shuffling, w)
   */
  public static Result train(double[] z, int[] y, int[] u, int d, int privateClasses, int utilityClasses,
      double[] covariance, double budget, GameConfig cfg, SplittableRandom rng) {
    return train(z, y, u, d, privateClasses, utilityClasses,
        DistortionMetric.uniform(GaussianKl.precision(covariance), privateClasses), budget, cfg, rng);
  }

  /**
   * Plays the game with the distortion measured in {@code metric} (a covariance per row: the
   * VAE's); otherwise as {@link #train(double[], int[], int[], int, int, int, double[], double,
   * GameConfig, SplittableRandom)}.
   */
  public static Result train(double[] z, int[] y, int[] u, int d, int privateClasses, int utilityClasses,
      DistortionMetric metric, double budget, GameConfig cfg, SplittableRandom rng) {
    int n = y.length;
    Preconditions.require(z.length == n * d && u.length == n, "training rows",
        "n*d latents with n private and utility labels",
        z.length + ", " + y.length + ", " + u.length);
    Preconditions.nonNegativeFinite(budget, "distortion budget b");
    int m = cfg.noiseDim();
    int k = privateClasses;
    int width = m + k;
    double[] freq = frequencies(y, k);
    double[] g = new double[d * width]; // Γ, row-major d × (m + K)
    for (int i = 0; i < g.length; i++) {
      g[i] = cfg.initScale() * Seeds.gaussian(rng);
    }
    Net adversary = new Net(d, cfg.hidden(), k, rng.split());
    Net utility = new Net(d, cfg.hidden(), utilityClasses, rng.split());
    Adam adamAdv = new Adam(adversary.size(), cfg.learningRate());
    Adam adamUtil = new Adam(utility.size(), cfg.learningRate());
    Adam adamFilter = new Adam(g.length, cfg.learningRate());

    int batch = Math.min(cfg.batch(), n);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    double[] w = new double[batch * m];
    double[] zt = new double[batch * d];
    int[] by = new int[batch];
    int[] bu = new int[batch];
    double[] gradAdv = new double[adversary.size()];
    double[] gradUtil = new double[utility.size()];
    double[] inAdv = new double[batch * d];
    double[] inUtil = new double[batch * d];
    double[] gradGamma = new double[d * width];
    List<EpochTrace> trace = new ArrayList<>();

    for (int e = -cfg.warmupEpochs(); e < cfg.epochs(); e++) {
      boolean warmup = e < 0;
      double lambda = cfg.lambda(Math.max(e, 0));
      Net.shuffle(order, rng);
      double advLoss = 0;
      double utilLoss = 0;
      int batches = 0;
      for (int start = 0; start < n; start += batch) {
        int bs = Math.min(batch, n - start);
        for (int i = 0; i < bs; i++) {
          int row = order[start + i];
          by[i] = y[row];
          bu[i] = u[row];
          for (int c = 0; c < m; c++) {
            w[i * m + c] = Seeds.gaussian(rng);
          }
          release(z, row, g, w, i, by[i], d, m, width, zt);
        }
        for (int step = 0; step < cfg.adversarySteps(); step++) {
          double a = adversary.lossAndGradient(zt, by, bs, gradAdv, null);
          adamAdv.step(adversary.params(), gradAdv);
          double b = utility.lossAndGradient(zt, bu, bs, gradUtil, null);
          adamUtil.step(utility.params(), gradUtil);
          if (step == 0) {
            advLoss += a;
            utilLoss += b;
          }
        }
        batches++;
        if (warmup) {
          continue;
        }
        adversary.lossAndGradient(zt, by, bs, null, inAdv);
        utility.lossAndGradient(zt, bu, bs, null, inUtil);
        java.util.Arrays.fill(gradGamma, 0);
        for (int i = 0; i < bs; i++) {
          for (int r = 0; r < d; r++) {
            // the filter minimises −CE(h) + β·CE(ν)
            double gi = -inAdv[i * d + r] + cfg.beta() * inUtil[i * d + r];
            int row = r * width;
            for (int c = 0; c < m; c++) {
              gradGamma[row + c] += gi * w[i * m + c];
            }
            gradGamma[row + m + by[i]] += gi;
          }
        }
        double dist = distortion(g, metric, freq, d, m, k);
        double slope = cfg.penalty().slope(dist, budget, lambda);
        addDistortionGradient(g, metric, freq, d, m, k, slope, gradGamma);
        adamFilter.step(g, gradGamma);
      }
      if (!warmup) {
        trace.add(new EpochTrace(e, lambda, distortion(g, metric, freq, d, m, k), advLoss / batches,
            utilLoss / batches));
      }
    }
    LinearFilter filter = new LinearFilter(d, m, k, g);
    return new Result(filter, GaussianKl.filterDistortion(filter, metric, freq), trace);
  }

  /** zt[i] = z[row] + Γ·[w_i; e_y]. */
  private static void release(double[] z, int row, double[] gamma, double[] w, int i, int y, int d, int m, int width,
      double[] zt) {
    for (int r = 0; r < d; r++) {
      int gr = r * width;
      double s = z[row * d + r] + gamma[gr + m + y];
      for (int c = 0; c < m; c++) {
        s += gamma[gr + c] * w[i * m + c];
      }
      zt[i * d + r] = s;
    }
  }

  /** D(Γ) = ½ tr(AᵀPA) + ½ Σ_y p_y v_yᵀPv_y with P = Σ⁻¹ (= {@link GaussianKl#filterDistortion}). */
  static double distortion(double[] g, double[] metric, double[] freq, int d, int m, int k) {
    return distortion(g, DistortionMetric.uniform(metric, k), freq, d, m, k);
  }

  /** D(Γ) = ½ tr(P̄ AAᵀ) + ½ Σ_y p_y v_yᵀP̄_y v_y ({@link DistortionMetric}). */
  static double distortion(double[] g, DistortionMetric precisions, double[] freq, int d, int m, int k) {
    int width = m + k;
    double s = 0;
    for (int c = 0; c < width; c++) {
      double weight = c < m ? 1 : freq[c - m];
      double[] metric = precisions.column(c, m);
      double q = 0;
      for (int i = 0; i < d; i++) {
        double row = 0;
        for (int j = 0; j < d; j++) {
          row += metric[i * d + j] * g[j * width + c];
        }
        q += g[i * width + c] * row;
      }
      s += weight * q;
    }
    return s / 2;
  }

  /** grad += slope · dD/dg, where dD/dg_c = weight_c · P_c g_c per column c. */
  private static void addDistortionGradient(double[] g, DistortionMetric precisions, double[] freq, int d, int m,
      int k, double slope, double[] grad) {
    int width = m + k;
    for (int c = 0; c < width; c++) {
      double weight = c < m ? 1 : freq[c - m];
      double[] metric = precisions.column(c, m);
      for (int i = 0; i < d; i++) {
        double row = 0;
        for (int j = 0; j < d; j++) {
          row += metric[i * d + j] * g[j * width + c];
        }
        grad[i * width + c] += slope * weight * row;
      }
    }
  }

  /** Frequencies of the labels 0..k-1. */
  static double[] frequencies(int[] y, int k) {
    double[] f = new double[k];
    for (int v : y) {
      Preconditions.require(v >= 0 && v < k, "private label", "in [0, " + (k - 1) + "]", v);
      f[v] += 1.0 / y.length;
    }
    return f;
  }
}

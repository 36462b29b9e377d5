package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The fixed encoder of the filter experiment: probabilistic PCA (Tipping &amp; Bishop 1999,
 * "Probabilistic principal component analysis", J. R. Stat. Soc. B 61(3), §3.2 and §3.3): the
 * linear stand-in for the paper's VAE ({@link VaeEncoder}) that BASELINES.md §7 allows, kept as
 * {@code pmbench filter --encoder ppca} and used when the VAE trainer is not on the class path.
 *
 * <p>Model: x = W z + μ + ε with z ~ N(0, I_q), ε ~ N(0, σ²I_D). Maximum-likelihood fit in closed
 * form from the eigen-decomposition of the sample covariance S = (1/n) Σ (x − μ)(x − μ)ᵀ with
 * eigenvalues λ₁ ≥ … ≥ λ_D and eigenvectors u_i:
 * <ul>
 *   <li>σ² = (1/(D − q)) Σ_{j>q} λ_j (the mean discarded variance, their eq. 8);
 *   <li>W = U_q (Λ_q − σ²I)^{1/2} (their eq. 7 with the rotation R = I).
 * </ul>
 * The encoder's distribution of the latent given x is the posterior (their eq. 6)
 * z | x ~ N(M⁻¹Wᵀ(x − μ), σ²M⁻¹) with M = WᵀW + σ²I = Λ_q: the posterior mean is the encoded
 * latent and the posterior covariance σ²Λ_q⁻¹ — the same for every x — is the "encoder's
 * distribution" against which the filter's distortion is measured ({@link GaussianKl}).
 *
 * <p>The covariance is accumulated in double precision, each entry summed over rows in row
 * order, so the fit does not depend on the number of threads.
 */
public final class PpcaEncoder implements Encoder {
  /** The encoder column of every CSV row. */
  public static final String COLUMN = "probabilistic PCA (not the paper's VAE)";

  /** The encoder statement of every report. */
  public static final String NOTE = "Encoder: a probabilistic-PCA (linear-Gaussian) latent, NOT the paper's VAE "
      + "(encoder ppca; encoder vae trains the paper's VAE encoder, docs/filter.md 'The encoder').";

  private static final int ROW_BLOCK = 128;

  private final int inputDim;
  private final int latentDim;
  private final double[] mean;
  private final double[] basis;
  private final double[] eigenvalues;
  private final double noiseVariance;
  private final double totalVariance;
  private final double[] scale;
  private final double[] basisDotMean;

  private PpcaEncoder(int inputDim, int latentDim, double[] mean, double[] basis, double[] eigenvalues,
      double noiseVariance, double totalVariance) {
    this.inputDim = inputDim;
    this.latentDim = latentDim;
    this.mean = mean;
    this.basis = basis;
    this.eigenvalues = eigenvalues;
    this.noiseVariance = noiseVariance;
    this.totalVariance = totalVariance;
    this.scale = new double[latentDim];
    this.basisDotMean = new double[latentDim];
    for (int i = 0; i < latentDim; i++) {
      scale[i] = Math.sqrt(eigenvalues[i] - noiseVariance) / eigenvalues[i];
      double s = 0;
      for (int c = 0; c < inputDim; c++) {
        s += basis[i * inputDim + c] * mean[c];
      }
      basisDotMean[i] = s;
    }
  }

  /**
   * Fits a q-dimensional PPCA to the rows of {@code x}.
   *
   * @param x training rows (n × D), n ≥ 2
   * @param q latent dimension, 1 ≤ q &lt; D
   * @param threads threads for the covariance (the result does not depend on it)
   * @throws IllegalArgumentException if the q-th eigenvalue does not exceed σ² (no PPCA of rank q)
   */
  public static PpcaEncoder fit(FeatureMatrix x, int q, int threads) {
    int n = x.rows();
    int d = x.cols();
    Preconditions.require(n >= 2, "PPCA training rows", ">= 2", n);
    Preconditions.require(q >= 1 && q < d, "PPCA latent dimension", "in [1, " + (d - 1) + "]", q);
    Preconditions.positive(threads, "threads");
    double[] mean = columnMeans(x);
    double[] cov = covariance(x, mean, threads);
    DMatrixRMaj s = new DMatrixRMaj(d, d);
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        s.set(i, j, cov[i * d + j]);
        s.set(j, i, cov[i * d + j]);
      }
    }
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
    if (!eig.decompose(s)) {
      throw new IllegalStateException("PPCA: eigen-decomposition of the " + d + "x" + d + " covariance failed");
    }
    Integer[] order = new Integer[d];
    double[] values = new double[d];
    for (int i = 0; i < d; i++) {
      order[i] = i;
      values[i] = eig.getEigenvalue(i).getReal();
    }
    Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
    double total = 0;
    for (double v : values) {
      total += Math.max(v, 0);
    }
    double discarded = 0;
    for (int r = q; r < d; r++) {
      discarded += Math.max(values[order[r]], 0);
    }
    double sigma2 = discarded / (d - q);
    double[] top = new double[q];
    double[] basis = new double[q * d];
    for (int r = 0; r < q; r++) {
      top[r] = values[order[r]];
      Preconditions.require(top[r] > sigma2 && sigma2 > 0, "PPCA eigenvalue " + (r + 1),
          "> the noise variance sigma^2 = " + sigma2 + " > 0 (rank-" + q + " PPCA exists)", top[r]);
      DMatrixRMaj v = eig.getEigenVector(order[r]);
      double norm = 0;
      int argMax = 0;
      for (int c = 0; c < d; c++) {
        norm += v.get(c) * v.get(c);
        if (Math.abs(v.get(c)) > Math.abs(v.get(argMax))) {
          argMax = c;
        }
      }
      double sign = v.get(argMax) < 0 ? -1 : 1; // fixed sign: largest component positive
      double inv = sign / Math.sqrt(norm);
      for (int c = 0; c < d; c++) {
        basis[r * d + c] = v.get(c) * inv;
      }
    }
    return new PpcaEncoder(d, q, mean, basis, top, sigma2, total);
  }

  private static double[] columnMeans(FeatureMatrix x) {
    int n = x.rows();
    int d = x.cols();
    float[] data = x.data();
    double[] mean = new double[d];
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < d; c++) {
        mean[c] += data[r * d + c];
      }
    }
    for (int c = 0; c < d; c++) {
      mean[c] /= n;
    }
    return mean;
  }

  /** Upper triangle (row-major D × D) of (1/n) Σ (x − μ)(x − μ)ᵀ = (1/n) XᵀX − μμᵀ. */
  private static double[] covariance(FeatureMatrix x, double[] mean, int threads) {
    int n = x.rows();
    int d = x.cols();
    float[] data = x.data();
    double[] g = new double[d * d];
    int[] bounds = triangleSplit(d, Math.min(threads, d));
    if (bounds.length == 2) {
      accumulate(data, n, d, g, 0, d);
    } else {
      ExecutorService pool = Executors.newFixedThreadPool(bounds.length - 1);
      try {
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t + 1 < bounds.length; t++) {
          int lo = bounds[t];
          int hi = bounds[t + 1];
          parts.add(pool.submit(() -> accumulate(data, n, d, g, lo, hi)));
        }
        for (Future<?> f : parts) {
          f.get();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("PPCA covariance interrupted", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("PPCA covariance failed: " + e.getCause(), e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        g[i * d + j] = g[i * d + j] / n - mean[i] * mean[j];
      }
    }
    return g;
  }

  /** Adds Σ_r x_ri x_rj to g[i][j] for lo ≤ i &lt; hi, j ≥ i, rows in order (zeros skipped: adding 0 is exact). */
  private static void accumulate(float[] data, int n, int d, double[] g, int lo, int hi) {
    for (int r0 = 0; r0 < n; r0 += ROW_BLOCK) {
      int r1 = Math.min(n, r0 + ROW_BLOCK);
      for (int i = lo; i < hi; i++) {
        int gi = i * d;
        for (int r = r0; r < r1; r++) {
          int base = r * d;
          double xi = data[base + i];
          if (xi == 0) {
            continue;
          }
          for (int j = i; j < d; j++) {
            g[gi + j] += xi * data[base + j];
          }
        }
      }
    }
  }

  /** Row boundaries splitting the upper triangle of a d × d matrix into parts of about equal work. */
  static int[] triangleSplit(int d, int parts) {
    double total = d * (d + 1) / 2.0;
    int[] b = new int[parts + 1];
    b[parts] = d;
    int row = 0;
    double acc = 0;
    for (int p = 1; p < parts; p++) {
      while (row < d && acc < total * p / parts) {
        acc += d - row;
        row++;
      }
      b[p] = row;
    }
    return b;
  }

  @Override
  public String name() {
    return "ppca";
  }

  @Override
  public String column() {
    return COLUMN;
  }

  @Override
  public String note() {
    return NOTE;
  }

  /** The posterior means ({@link #encode}) and the posterior variances σ²/λ_i, the same for every row. */
  @Override
  public Posterior posterior(FeatureMatrix x) {
    double[] mean = encode(x);
    double[] variance = new double[mean.length];
    for (int r = 0; r < x.rows(); r++) {
      for (int i = 0; i < latentDim; i++) {
        variance[r * latentDim + i] = noiseVariance / eigenvalues[i];
      }
    }
    return new Posterior(mean, variance);
  }

  @Override
  public java.util.Optional<double[]> sharedCovariance() {
    return java.util.Optional.of(posteriorCovariance());
  }

  @Override
  public java.util.Map<String, Object> provenance() {
    java.util.Map<String, Object> p = new java.util.LinkedHashMap<>();
    p.put("type", "ppca");
    p.put("description", COLUMN);
    p.put("latent_dim", latentDim);
    p.put("noise_variance", noiseVariance);
    p.put("explained_variance", explainedVarianceFraction());
    return p;
  }

  /**
   * The posterior means M⁻¹Wᵀ(x − μ) of the rows of {@code x}, row-major n × q. Component i is
   * (√(λ_i − σ²) / λ_i) · u_iᵀ(x − μ).
   */
  public double[] encode(FeatureMatrix x) {
    Preconditions.require(x.cols() == inputDim, "rows to encode", "of dimension " + inputDim,
        x.cols());
    int n = x.rows();
    float[] data = x.data();
    double[] z = new double[n * latentDim];
    for (int r = 0; r < n; r++) {
      int base = r * inputDim;
      for (int i = 0; i < latentDim; i++) {
        int bi = i * inputDim;
        double s = 0;
        for (int c = 0; c < inputDim; c++) {
          s += basis[bi + c] * data[base + c];
        }
        z[r * latentDim + i] = scale[i] * (s - basisDotMean[i]);
      }
    }
    return z;
  }

  /** The encoder's posterior covariance σ²M⁻¹ = diag(σ²/λ_i), row-major q × q. */
  public double[] posteriorCovariance() {
    double[] s = new double[latentDim * latentDim];
    for (int i = 0; i < latentDim; i++) {
      s[i * latentDim + i] = noiseVariance / eigenvalues[i];
    }
    return s;
  }

  /** The loadings W = U_q(Λ_q − σ²I)^{1/2}, row-major D × q. */
  public double[] loadings() {
    double[] w = new double[inputDim * latentDim];
    for (int i = 0; i < latentDim; i++) {
      double f = Math.sqrt(eigenvalues[i] - noiseVariance);
      for (int c = 0; c < inputDim; c++) {
        w[c * latentDim + i] = basis[i * inputDim + c] * f;
      }
    }
    return w;
  }

  /** The ML noise variance σ². */
  public double noiseVariance() {
    return noiseVariance;
  }

  /** The top q eigenvalues of the sample covariance, descending. */
  public double[] eigenvalues() {
    return eigenvalues.clone();
  }

  /** The fraction of the sample variance in the top q components, Σ_{i≤q} λ_i / Σ λ. */
  public double explainedVarianceFraction() {
    double s = 0;
    for (double v : eigenvalues) {
      s += v;
    }
    return s / totalVariance;
  }

  @Override
  public int inputDim() {
    return inputDim;
  }

  @Override
  public int latentDim() {
    return latentDim;
  }

  /** The mean μ of the training rows. */
  public double[] mean() {
    return mean.clone();
  }
}

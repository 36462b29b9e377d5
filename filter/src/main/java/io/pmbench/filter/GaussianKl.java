package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * The distortion of BASELINES.md §7: D_KL(filter's output distribution ‖ encoder's), in closed
 * form for Gaussian latents (seed paper §6.3.1).
 *
 * <p><b>Which KL.</b> The encoder's distribution of x's latent is N(z, Σ) (for PPCA Σ = σ²M⁻¹,
 * {@link PpcaEncoder#posteriorCovariance}). The paper's implementation (§6.3.1, last paragraph)
 * treats a filter output z̃ as the new mean with the same Σ, so the distortion of one release is
 * the same-covariance KL of its eq. 18, ½‖z̃ − z‖²_{Σ⁻¹}, and the constraint is on its average.
 * pmbench uses that average in closed form (the expectation over w, not a batch estimate):
 * <pre>
 *   D(Γ) = E ½‖A w + v_y‖²_{Σ⁻¹} = ½ tr(Σ⁻¹AAᵀ) + ½ Σ_y p_y v_yᵀΣ⁻¹v_y          ({@link #filterDistortion})
 *   D(s) = E ½‖s w‖²_{Σ⁻¹}     = ½ s² tr(Σ⁻¹)                                   ({@link #gaussianDistortion})
 * </pre>
 * (p_y: the private-label frequencies). The second reading of "the filter's output
 * distribution" — the law of z̃ given x, N(z + v_y, Σ + AAᵀ) — has KL
 * ½[tr(Σ⁻¹AAᵀ) + v_yᵀΣ⁻¹v_y − ln det(I + Σ⁻¹AAᵀ)] ({@link #filterOutputKl}); reports show it beside
 * the budget as a diagnostic. It is smaller by the log-determinant term.
 */
public final class GaussianKl {
  private GaussianKl() {}

  /**
   * KL(N(m1, S1) ‖ N(m2, S2)) = ½[tr(S2⁻¹S1) − d + (m2 − m1)ᵀS2⁻¹(m2 − m1) + ln det S2 − ln det S1]
   * (seed paper §6.3.1). Covariances row-major d × d, symmetric positive definite.
   */
  public static double kl(double[] m1, double[] s1, double[] m2, double[] s2) {
    int d = m1.length;
    Preconditions.require(m2.length == d && s1.length == d * d && s2.length == d * d,
        "Gaussian parameters",
        "of matching dimension " + d, m2.length + ", " + s1.length + ", " + s2.length);
    DMatrixRMaj p2 = inverse(s2);
    double trace = 0;
    for (int i = 0; i < d; i++) {
      for (int k = 0; k < d; k++) {
        trace += p2.get(i, k) * s1[k * d + i];
      }
    }
    double[] delta = new double[d];
    for (int i = 0; i < d; i++) {
      delta[i] = m2[i] - m1[i];
    }
    return 0.5 * (trace - d + quadratic(delta, p2.data) + logDet(s2) - logDet(s1));
  }

  /** ½ δᵀPδ: the KL between two Gaussians with the same covariance P⁻¹ and means δ apart (eq. 18). */
  public static double meanShift(double[] delta, double[] precision) {
    Preconditions.require(precision.length == delta.length * delta.length, "precision", "d x d",
        precision.length);
    return 0.5 * quadratic(delta, precision);
  }

  /** The filter's expected distortion ½ tr(Σ⁻¹AAᵀ) + ½ Σ_y p_y v_yᵀΣ⁻¹v_y (class comment). */
  public static double filterDistortion(LinearFilter f, double[] precision, double[] classFrequencies) {
    return filterDistortion(f, DistortionMetric.uniform(precision, f.classes()), classFrequencies);
  }

  /**
   * The filter's expected distortion over rows with a covariance each: ½ tr(P̄AAᵀ) + ½ Σ_y p_y
   * v_yᵀP̄_y v_y ({@link DistortionMetric}).
   */
  public static double filterDistortion(LinearFilter f, DistortionMetric metric, double[] classFrequencies) {
    int d = f.dim();
    double[] precision = metric.noise();
    Preconditions.require(precision.length == d * d, "precision", "d x d = " + d * d,
        precision.length);
    Preconditions.require(classFrequencies.length == f.classes(), "class frequencies",
        "one per private class",
        classFrequencies.length);
    double[] aat = f.noiseCovariance();
    double trace = 0;
    for (int i = 0; i < d; i++) {
      for (int k = 0; k < d; k++) {
        trace += precision[i * d + k] * aat[k * d + i];
      }
    }
    return 0.5 * trace + biasTerm(f, metric, classFrequencies);
  }

  /** Σ_y p_y ½ v_yᵀ P_y v_y. */
  private static double biasTerm(LinearFilter f, DistortionMetric metric, double[] classFrequencies) {
    double s = 0;
    for (int y = 0; y < f.classes(); y++) {
      s += classFrequencies[y] * 0.5 * quadratic(f.biasColumn(y), metric.perClass()[y]);
    }
    return s;
  }

  /**
   * The average over y of KL(N(z + v_y, Σ + AAᵀ) ‖ N(z, Σ)) = ½[tr(Σ⁻¹AAᵀ) − ln det(I + Σ⁻¹AAᵀ)]
   * + Σ_y p_y ½ v_yᵀΣ⁻¹v_y: the KL of the law of z̃ given x (class comment).
   */
  public static double filterOutputKl(LinearFilter f, double[] covariance, double[] classFrequencies) {
    int d = f.dim();
    double[] aat = f.noiseCovariance();
    double[] sum = new double[d * d];
    for (int i = 0; i < d * d; i++) {
      sum[i] = covariance[i] + aat[i];
    }
    double[] zero = new double[d];
    double[] precision = inverse(covariance).data;
    return kl(zero, sum, zero, covariance) + biasTerm(f, DistortionMetric.uniform(precision, f.classes()),
        classFrequencies);
  }

  /** ½ s² tr(P): the Gaussian mechanism's expected distortion. */
  public static double gaussianDistortion(double s, double[] precision) {
    return 0.5 * s * s * trace(precision);
  }

  /** KL(N(z, Σ + s²I) ‖ N(z, Σ)) = ½[s² tr(Σ⁻¹) − ln det(I + s²Σ⁻¹)]. */
  public static double gaussianOutputKl(double s, double[] covariance) {
    int d = (int) Math.round(Math.sqrt(covariance.length));
    double[] sum = covariance.clone();
    for (int i = 0; i < d; i++) {
      sum[i * d + i] += s * s;
    }
    double[] zero = new double[d];
    return kl(zero, sum, zero, covariance);
  }

  /** The s with ½ s² tr(P) = distortion: s = √(2·distortion / tr P). */
  public static double gaussianScale(double distortion, double[] precision) {
    Preconditions.nonNegativeFinite(distortion, "distortion");
    return Math.sqrt(2 * distortion / trace(precision));
  }

  /** P = Σ⁻¹ (row-major), by Cholesky; fails for a matrix that is not positive definite. */
  public static double[] precision(double[] covariance) {
    return inverse(covariance).data.clone();
  }

  static double trace(double[] square) {
    int d = (int) Math.round(Math.sqrt(square.length));
    double t = 0;
    for (int i = 0; i < d; i++) {
      t += square[i * d + i];
    }
    return t;
  }

  static double quadratic(double[] x, double[] m) {
    int d = x.length;
    double s = 0;
    for (int i = 0; i < d; i++) {
      double r = 0;
      for (int j = 0; j < d; j++) {
        r += m[i * d + j] * x[j];
      }
      s += x[i] * r;
    }
    return s;
  }

  private static DMatrixRMaj inverse(double[] s) {
    int d = (int) Math.round(Math.sqrt(s.length));
    Preconditions.require(d * d == s.length, "covariance", "square", s.length);
    DMatrixRMaj m = new DMatrixRMaj(d, d, true, s.clone());
    DMatrixRMaj inv = new DMatrixRMaj(d, d);
    requireSpd(CommonOps_DDRM.invertSPD(m, inv), s, d);
    return inv;
  }

  /** {@code decomposed}: whether the d × d covariance {@code s} was found positive definite. */
  private static void requireSpd(boolean decomposed, double[] s, int d) {
    if (!decomposed) {
      Preconditions.require(false, "covariance", "symmetric positive definite",
          d + "x" + d + " matrix with trace " + trace(s));
    }
  }

  static double logDet(double[] s) {
    int d = (int) Math.round(Math.sqrt(s.length));
    CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(d, true);
    DMatrixRMaj m = new DMatrixRMaj(d, d, true, s.clone());
    requireSpd(chol.decompose(m), s, d);
    DMatrixRMaj l = chol.getT(null);
    double ld = 0;
    for (int i = 0; i < d; i++) {
      ld += Math.log(l.get(i, i));
    }
    return 2 * ld;
  }
}

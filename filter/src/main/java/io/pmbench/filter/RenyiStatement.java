package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import java.util.Locale;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The Rényi-DP statement of the seed paper's Theorem 3 for a trained linear filter, in Mironov's
 * (α, ε) order (the paper writes (ε, α)), or the reason it does not apply.
 *
 * <p><b>Theorem 3 as stated.</b> Γ = [A V], σ_min the smallest eigenvalue of AAᵀ, τ = ‖V‖₁ (the
 * largest absolute column sum), L = max‖z − z′‖₂ over the latent domain, d the latent dimension:
 * z̃ = z + Aw + V·onehot(y) is (α, ε)-RDP with ε = α d (L² + 2τ²) / (2σ_min).
 *
 * <p><b>Conditions</b> (BASELINES.md §7): (1) a bounded latent — pmbench clips z to a stated
 * radius R, so L = 2R; without clipping L is infinite and the statement is refused; (2) AAᵀ of
 * full rank — otherwise z̃ carries no noise along some direction and no finite bound exists, and
 * the statement is refused with the eigenvalues; (3) it is a per-sample (local) guarantee
 * between any two records (z, y) and (z′, y′) — not SPEC.md §1's add/remove-one-row notion — and
 * it treats Γ as fixed and public: the training of Γ on the data is not accounted.
 *
 * <p><b>A flaw in the proof, and a direct bound.</b> The proof's step (32e) uses
 * ‖a + 2|v_j*|‖² ≤ ‖a‖² + 2‖V‖₁², which is false in general (d = 1, A = 1, V = [0 1], z − z′ = 1,
 * y ≠ y′: the divergence is α/2 · 4 but the stated bound α/2 · 3). The stated ε nevertheless
 * holds for d ≥ 4, because step (32c) adds a factor d that the eigenvalue bound does not need
 * and (L + 2τ)² ≤ 4(L² + 2τ²). pmbench therefore also reports the bound that follows directly
 * from the exact divergence (32b) and the triangle inequality in the (AAᵀ)⁻¹ norm:
 * ε_direct = (α/2)·(L/√σ_min + max_{j,k}‖v_j − v_k‖_{(AAᵀ)⁻¹})², valid for every d, and marks
 * the stated ε as unproven when d &lt; 4.
 *
 * <p><b>To (ε, δ)-DP</b> (the paper's Corollary 4, Mironov 2017 Prop. 3): ε_DP = ε(α) +
 * ln(1/δ)/(α − 1). Both bounds are c·α, so the best order is α* = 1 + √(ln(1/δ)/c), giving
 * ε_DP = c + 2√(c ln(1/δ)).
 *
 * @param mechanism "filter" or "gaussian"
 * @param holds whether the conditions hold (otherwise the numbers are NaN and {@code reason}
 *     says why)
 * @param reason empty when {@code holds}, else one line saying which condition fails
 * @param dim d
 * @param clipRadius R (infinite when the latent is not clipped)
 * @param sigmaMin σ_min(AAᵀ) (s² for the Gaussian mechanism)
 * @param tau ‖V‖₁ (0 for the Gaussian mechanism)
 * @param alpha the reported order α &gt; 1
 * @param epsilon Theorem 3's ε at α (Theorem 2's α L²/(2s²) for the Gaussian mechanism)
 * @param epsilonDirect the direct bound at α (equal to {@code epsilon} for the Gaussian mechanism)
 * @param delta δ of the (ε, δ) conversion
 * @param dpEpsilon (ε, δ)-DP epsilon from {@code epsilon}, optimised over α
 * @param dpEpsilonDirect (ε, δ)-DP epsilon from {@code epsilonDirect}, optimised over α
 * @param statedProven whether the stated ε is proven (d ≥ 4; always true for the Gaussian)
 */
public record RenyiStatement(String mechanism, boolean holds, String reason, int dim, double clipRadius,
    double sigmaMin, double tau, double alpha, double epsilon, double epsilonDirect, double delta, double dpEpsilon,
    double dpEpsilonDirect, boolean statedProven) {

  /** AAᵀ counts as singular when σ_min ≤ this × σ_max. */
  public static final double RANK_TOLERANCE = 1e-10;

  /** Theorem 3 for {@code filter} on latents clipped to {@code clipRadius} (infinite: not clipped). */
  public static RenyiStatement filter(LinearFilter filter, double clipRadius, double alpha, double delta) {
    checkOrder(alpha, delta);
    int d = filter.dim();
    if (!(clipRadius > 0 && Double.isFinite(clipRadius))) {
      return refused("filter", d, clipRadius, Double.NaN, alpha, delta,
          "Theorem 3 does not apply: the latent is not bounded (z is not clipped), so L = max|z - z'| is infinite");
    }
    double[] eig = symmetricEigenvalues(filter.noiseCovariance(), d);
    double min = eig[0];
    double max = eig[d - 1];
    if (!(max > 0) || min <= RANK_TOLERANCE * max) {
      return refused("filter", d, clipRadius, min, alpha, delta, String.format(Locale.ROOT,
          "Theorem 3 does not apply: AA^T is singular (smallest eigenvalue %.3g, largest %.3g): the filter adds no "
              + "noise along some latent direction, so no finite Renyi bound exists", min, max));
    }
    double l = 2 * clipRadius;
    double tau = columnAbsSumMax(filter.biasBlock(), d, filter.classes());
    double c = d * (l * l + 2 * tau * tau) / (2 * min);
    double spread = maxBiasDistance(filter, GaussianKl.precision(filter.noiseCovariance()));
    double root = l / Math.sqrt(min) + spread;
    double cDirect = root * root / 2;
    return new RenyiStatement("filter", true, "", d, clipRadius, min, tau, alpha, c * alpha, cDirect * alpha, delta,
        dpEpsilon(c, delta), dpEpsilon(cDirect, delta), d >= 4);
  }

  /**
   * Theorem 2 (Mironov 2017, Prop. 7) for the Gaussian mechanism z + N(0, s²I) on latents of
   * dimension d clipped to {@code clipRadius}: (α, α L²/(2s²))-RDP with L = 2R.
   */
  public static RenyiStatement gaussian(int dim, double s, double clipRadius, double alpha, double delta) {
    checkOrder(alpha, delta);
    if (!(clipRadius > 0 && Double.isFinite(clipRadius))) {
      return refused("gaussian", dim, clipRadius, s * s, alpha, delta,
          "Theorem 2 does not apply: the latent is not bounded (z is not clipped), so L is infinite");
    }
    if (!(s > 0)) {
      return refused("gaussian", dim, clipRadius, s * s, alpha, delta,
          "Theorem 2 does not apply: the noise scale is 0 (no noise)");
    }
    double l = 2 * clipRadius;
    double c = l * l / (2 * s * s);
    return new RenyiStatement("gaussian", true, "", dim, clipRadius, s * s, 0, alpha, c * alpha, c * alpha, delta,
        dpEpsilon(c, delta), dpEpsilon(c, delta), true);
  }

  private static RenyiStatement refused(String mechanism, int d, double radius, double sigmaMin, double alpha,
      double delta, String reason) {
    return new RenyiStatement(mechanism, false, reason, d, radius, sigmaMin, Double.NaN, alpha, Double.NaN,
        Double.NaN, delta, Double.NaN, Double.NaN, false);
  }

  /** Checks a Rényi order α &gt; 1 and a δ in (0, 1). */
  static void checkOrder(double alpha, double delta) {
    Preconditions.require(alpha > 1 && Double.isFinite(alpha), "Renyi order alpha",
        "> 1 and finite", alpha);
    Preconditions.require(delta > 0 && delta < 1, "delta", "in (0, 1)", delta);
  }

  /** min over α &gt; 1 of c·α + ln(1/δ)/(α − 1) = c + 2√(c ln(1/δ)) (class comment). */
  static double dpEpsilon(double c, double delta) {
    return c + 2 * Math.sqrt(c * Math.log(1 / delta));
  }

  /** The α at which {@link #dpEpsilon} is attained for ε(α) = c·α. */
  static double bestOrder(double c, double delta) {
    return 1 + Math.sqrt(Math.log(1 / delta) / c);
  }

  /** max_j Σ_i |v_ij| of a row-major d × k matrix (the induced 1-norm). */
  static double columnAbsSumMax(double[] v, int d, int k) {
    double best = 0;
    for (int j = 0; j < k; j++) {
      double s = 0;
      for (int i = 0; i < d; i++) {
        s += Math.abs(v[i * k + j]);
      }
      best = Math.max(best, s);
    }
    return best;
  }

  /** max_{j,k} ‖v_j − v_k‖_P with P = (AAᵀ)⁻¹. */
  private static double maxBiasDistance(LinearFilter f, double[] precision) {
    double best = 0;
    for (int a = 0; a < f.classes(); a++) {
      double[] va = f.biasColumn(a);
      for (int b = a + 1; b < f.classes(); b++) {
        double[] diff = f.biasColumn(b);
        for (int i = 0; i < diff.length; i++) {
          diff[i] = va[i] - diff[i];
        }
        best = Math.max(best, Math.sqrt(GaussianKl.quadratic(diff, precision)));
      }
    }
    return best;
  }

  /** Eigenvalues of a symmetric row-major d × d matrix, ascending. */
  static double[] symmetricEigenvalues(double[] m, int d) {
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, false, true);
    if (!eig.decompose(new DMatrixRMaj(d, d, true, m.clone()))) {
      throw new IllegalStateException("eigen-decomposition of AA^T failed");
    }
    double[] out = new double[d];
    for (int i = 0; i < d; i++) {
      out[i] = eig.getEigenvalue(i).getReal();
    }
    java.util.Arrays.sort(out);
    return out;
  }

  /** The statement as one line for reports. */
  public String line() {
    if (!holds) {
      return reason + ".";
    }
    String scope = "a per-sample (local) guarantee between any two records (z, y), (z', y') with |z|, |z'| <= R = "
        + fmt(clipRadius) + "; not docs/SPEC.md section 1's add/remove-one-row guarantee";
    if (mechanism.equals("gaussian")) {
      return String.format(Locale.ROOT, "Theorem 2: (alpha, epsilon) = (%s, %s)-RDP, i.e. (%s, %s)-DP; %s.",
          fmt(alpha), fmt(epsilon), fmt(dpEpsilon), fmt(delta), scope);
    }
    return String.format(Locale.ROOT, "Theorem 3: (alpha, epsilon) = (%s, %s)-RDP%s (direct bound from eq. 32b: "
        + "epsilon = %s), i.e. (%s, %s)-DP [direct: %s]; sigma_min(AA^T) = %s, tau = |V|_1 = %s, L = 2R = %s, "
        + "d = %d; %s; Gamma treated as fixed and public (its training on the data is not accounted).",
        fmt(alpha), fmt(epsilon), statedProven ? "" : " (unproven for d < 4: see the proof's step 32e)",
        fmt(epsilonDirect), fmt(dpEpsilon), fmt(delta), fmt(dpEpsilonDirect), fmt(sigmaMin), fmt(tau),
        fmt(2 * clipRadius), dim, scope);
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.4g", v);
  }
}

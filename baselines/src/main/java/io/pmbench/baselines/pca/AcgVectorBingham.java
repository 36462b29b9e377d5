package io.pmbench.baselines.pca;

import io.pmbench.core.random.Seeds;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Exact draws from the vector Bingham distribution p(x) ∝ exp(Σ_i l_i·x_i²) on the unit sphere of
 * W = U⊥ ⊂ R^d, U a d × m matrix with orthonormal columns (m ≥ 0 constraints, q = d − m ≥ 1 the
 * dimension of W), by rejection from an angular central Gaussian (ACG) envelope: Kent, Ganeiber
 * &amp; Mardia (2018), "A new unified approach for the simulation of a wide class of directional
 * distributions", J. Comput. Graph. Statist. 27(2), §4 (arXiv 1310.8110), adapted to the subspace.
 *
 * <p>The maths. Take a shift L' ≥ λ_W = max over unit x ∈ W of Σ l_i·x_i² and β_i = L' − l_i, so
 * B = diag(β) is psd on W (β_i may be negative: only xᵀBx for x ∈ W matters). A unit x ∈ W has
 * Σ l_i·x_i² = L' − xᵀBx, so p(x) ∝ exp(−s), s = xᵀBx ≥ 0. With b ∈ (0, q] and Ω = I + 2B/b
 * (positive definite on W), a Gaussian y on W with density ∝ exp(−yᵀΩy/2) has a direction
 * x = y/‖y‖ with the ACG density g(x) ∝ (xᵀΩx)^(−q/2) = (1 + 2s/b)^(−q/2) on W's sphere. The ratio
 * p/g ∝ exp(−s)·(1 + 2s/b)^(q/2) is largest at s = (q − b)/2 ≥ 0 (it is concave in s on
 * s &gt; −b/2), where it equals M = exp(−(q − b)/2)·(q/b)^(q/2); a proposal is accepted with
 * probability exp(−s)·(1 + 2s/b)^(q/2)/M ≤ 1 (checked on every proposal, in logs). Every b ∈ (0, q]
 * and every such shift gives an exact sampler; they only set the acceptance rate. b is Kent et
 * al.'s choice, the root of Σ_i 1/(b + 2·max(β_i, 0)) = 1 over the d coefficients (in [1, d]),
 * clamped to q.
 *
 * <p>The Gaussian on W, in O(d) per proposal:
 * <ul>
 *   <li>if every Ω_i &gt; 0 (always for m = 0 and m ≥ 2, where L' = max_i l_i): y0 ~ N(0, Ω⁻¹)
 *       conditioned on Uᵀy0 = 0, y = y0 − Ω⁻¹U·(UᵀΩ⁻¹U)⁻¹·Uᵀy0;
 *   <li>m = 1 (one constraint u, PPCA with k = 2): L' = λ_W, the top eigenvalue of Λ compressed to
 *       u⊥ (largest root of Σ u_i²/(l_i − λ) = 0, by bisection), because the global maximum would
 *       make the envelope useless when u leans on the top coordinate (the draws can then never reach
 *       s ≈ 0). Then only the top coordinate p can have Ω_p ≤ 0; if it does, y_p = −Σ_{i≠p} u_i·y_i/u_p
 *       eliminates it, and the other coordinates have precision D − γ·vvᵀ (D = diag(Ω_i), v = u
 *       without p, γ = −Ω_p/u_p² ≥ 0), i.e. covariance D⁻¹ + κ·wwᵀ (Sherman–Morrison, w = D⁻¹v,
 *       κ = γ/(1 − γ·vᵀD⁻¹v) &gt; 0 since Ω is positive definite on W): y = D^(−1/2)·g + √κ·w·h.
 * </ul>
 *
 * <p>Cost: O(m·d) per proposal (d Gaussians, m dot products and updates, one pass for s) plus
 * O(d) bisections per draw, no eigen-decomposition. For m ≥ 2 the global shift can make the
 * envelope poor when the constraints lean on the top coordinates (large spreads of l); a draw that
 * needs more than {@link #MAX_PROPOSALS} fails rather than loop. Deterministic: the draws are a function of the
 * generator's state (Gaussians by {@link Seeds#gaussians}).
 * One instance per chain (its scratch is reused; not thread-safe).
 */
final class AcgVectorBingham {
  /** A draw that has not accepted after this many proposals fails (the envelope is then useless). */
  static final int MAX_PROPOSALS = 100_000;
  /** Slack of the check that the acceptance ratio is ≤ 1, relative to the size of its log terms. */
  private static final double RATIO_SLACK = 1e-12;
  /** Bisection steps for the shift at most; it stops when the bracket is below {@link #SHIFT_TOLERANCE}. */
  private static final int SHIFT_BISECTIONS = 60;
  /**
   * The shift's bracket width at which its bisection stops (in units of the exponent: a shift this
   * far above λ_W lowers the acceptance rate by a factor of at most about e^(−0.001)).
   */
  private static final double SHIFT_TOLERANCE = 1e-3;
  /** Geometric bisection steps for b in [1, q]: relative precision ln(q)/2^14 (b only sets the rate). */
  private static final int B_BISECTIONS = 14;

  private final double[] l;
  private final int d;
  private final int m;
  private final int q;
  private final int top; // argmax l (first)
  private final double lTop;
  private final double lSecond; // the largest l_i over i ≠ top
  private final double[] beta; // L' − l_i
  private final double[] sd; // Ω_i^(−1/2) (path 1), D_i^(−1/2) for i ≠ p (path 2)
  private final double[] invOmega; // Ω_i^(−1) (path 1)
  private double b;
  private double logBound; // log M
  private boolean eliminate; // path 2: Ω_top ≤ 0, coordinate top eliminated
  private double sqrtKappa;
  private final double[] y; // the proposal
  private final double[][] w; // path 1: Ω⁻¹·u_c; path 2: w[0] = D⁻¹·v (0 at top)
  private final double[] chol; // Cholesky factor of UᵀΩ⁻¹U, m × m row-major (lower)
  private final double[] t; // Uᵀy0, then (UᵀΩ⁻¹U)⁻¹·Uᵀy0
  private long proposals;
  private long draws;

  /**
   * @param l the exponent's coefficients, length d
   * @param constraints m, the number of columns of U in every {@link #draw} (0 ≤ m &lt; d)
   */
  AcgVectorBingham(double[] l, int constraints) {
    this.l = l.clone();
    this.d = l.length;
    this.m = constraints;
    if (m < 0 || m >= d) {
      throw new IllegalArgumentException("constraints must be in [0, d - 1] (d = " + d + "). Provided value: " + m);
    }
    this.q = d - m;
    int argmax = 0;
    for (int i = 0; i < d; i++) {
      if (!Double.isFinite(l[i])) {
        throw new IllegalArgumentException("l must be finite. Provided value: " + l[i]);
      }
      if (l[i] > l[argmax]) {
        argmax = i;
      }
    }
    this.top = argmax;
    this.lTop = l[argmax];
    double second = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < d; i++) {
      if (i != argmax) {
        second = Math.max(second, l[i]);
      }
    }
    this.lSecond = second;
    this.beta = new double[d];
    this.sd = new double[d];
    this.invOmega = new double[d];
    this.y = new double[d];
    this.w = new double[Math.max(m, 1)][d];
    this.chol = new double[m * m];
    this.t = new double[m];
  }

  /**
   * Kent et al.'s b: the root of Σ_i 1/(b + 2·max(β_i, 0)) = 1 by geometric bisection in [1, q] (the
   * sum is decreasing, ≥ 1 at b = 1 when some β_i ≤ 0), or q when the sum is still ≥ 1 at q.
   */
  static double envelopeB(double[] beta, int q) {
    if (sumInverse(beta, q) >= 1) {
      return q;
    }
    double lo = 1;
    double hi = q;
    for (int it = 0; it < B_BISECTIONS; it++) {
      double mid = Math.sqrt(lo * hi);
      if (sumInverse(beta, mid) >= 1) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.sqrt(lo * hi);
  }

  private static double sumInverse(double[] beta, double b) {
    double s = 0;
    for (double v : beta) {
      s += 1 / (b + 2 * Math.max(v, 0));
    }
    return s;
  }

  /** log M = −(q − b)/2 + (q/2)·log(q/b). */
  static double logBound(int q, double b) {
    return -(q - b) / 2 + (q / 2.0) * Math.log(q / b);
  }

  /**
   * log of the acceptance probability of a proposal with s = xᵀBx: −s + (q/2)·log1p(2s/b) − log M
   * (≤ 0 for every s &gt; −b/2 when 0 &lt; b ≤ q).
   */
  static double logAcceptance(double s, int q, double b, double logBound) {
    return -s + (q / 2.0) * Math.log1p(2 * s / b) - logBound;
  }

  /** The last draw's b. */
  double b() {
    return b;
  }

  /** Whether the last draw eliminated the top coordinate (path 2 of the class comment). */
  boolean eliminated() {
    return eliminate;
  }

  /** Proposals made by all draws so far. */
  long proposals() {
    return proposals;
  }

  /** Draws made so far. */
  long draws() {
    return draws;
  }

  /**
   * One exact draw on the unit sphere of U⊥.
   *
   * @param u the m columns of U, each of length d, orthonormal (not modified)
   * @param out receives the draw (length d; unit norm, orthogonal to U up to rounding)
   * @throws IllegalStateException if no proposal is accepted within {@link #MAX_PROPOSALS}
   */
  void draw(double[][] u, double[] out, SplittableRandom rng) {
    if (u.length != m || out.length != d) {
      throw new IllegalArgumentException("expected " + m + " constraints and an output of length " + d
          + ". Provided value: " + u.length + " constraints, output length " + out.length);
    }
    prepare(u);
    draws++;
    for (int n = 1; n <= MAX_PROPOSALS; n++) {
      proposals++;
      if (eliminate) {
        proposeEliminated(u[0], rng);
      } else {
        propose(u, rng);
      }
      double norm2 = 0;
      double quad = 0;
      for (int i = 0; i < d; i++) {
        double yi = y[i];
        norm2 += yi * yi;
        quad += beta[i] * yi * yi;
      }
      if (!(norm2 > 0)) {
        continue; // probability zero
      }
      double s = quad / norm2;
      double logRatio = logAcceptance(s, q, b, logBound);
      if (logRatio > RATIO_SLACK * (1 + Math.abs(s) + Math.abs(logBound))) {
        throw new IllegalStateException(String.format(Locale.ROOT, "ACG acceptance ratio above 1: log ratio %.3g at"
            + " s = %.17g, q = %d, b = %.17g", logRatio, s, q, b));
      }
      if (Math.log(rng.nextDouble()) <= logRatio) {
        double inv = 1 / Math.sqrt(norm2);
        for (int i = 0; i < d; i++) {
          out[i] = y[i] * inv;
        }
        return;
      }
    }
    throw new IllegalStateException(String.format(Locale.ROOT, "the ACG envelope accepted none of %d proposals"
        + " (q = %d, b = %.6g, spread of l = %.6g): the exponent is too concentrated for this sampler; use"
        + " columnDraw=SWEEP", MAX_PROPOSALS, q, b, spread()));
  }

  private double spread() {
    double min = Double.POSITIVE_INFINITY;
    for (double v : l) {
      min = Math.min(min, v);
    }
    return lTop - min;
  }

  /** The shift, β, b, M and the Gaussian's factors for constraints u. */
  private void prepare(double[][] u) {
    double shift = m == 1 ? compressedTop(u[0]) : lTop;
    for (int i = 0; i < d; i++) {
      beta[i] = shift - l[i];
    }
    b = envelopeB(beta, q);
    logBound = logBound(q, b);
    double omegaTop = 1 + 2 * beta[top] / b;
    eliminate = m == 1 && !(omegaTop > 0);
    if (eliminate) {
      prepareEliminated(u[0], omegaTop);
      return;
    }
    for (int i = 0; i < d; i++) {
      invOmega[i] = 1 / (1 + 2 * beta[i] / b);
      sd[i] = Math.sqrt(invOmega[i]);
    }
    for (int c = 0; c < m; c++) { // w_c = Ω⁻¹·u_c and the Cholesky factor of G = UᵀΩ⁻¹U
      double[] uc = u[c];
      double[] wc = w[c];
      for (int i = 0; i < d; i++) {
        wc[i] = invOmega[i] * uc[i];
      }
    }
    for (int r = 0; r < m; r++) {
      for (int c = 0; c <= r; c++) {
        double g = dot(u[r], w[c]);
        for (int j = 0; j < c; j++) {
          g -= chol[r * m + j] * chol[c * m + j];
        }
        if (r == c) {
          if (!(g > 0)) {
            throw new IllegalArgumentException("the constraint columns must be linearly independent");
          }
          chol[r * m + r] = Math.sqrt(g);
        } else {
          chol[r * m + c] = g / chol[c * m + c];
        }
      }
    }
  }

  /**
   * λ_W for one constraint u: the largest eigenvalue of diag(l) compressed to u⊥, rounded up (the
   * upper end of a bisection to {@link #SHIFT_TOLERANCE}). With l_top &gt; l_second it lies in
   * [l_second, l_top] (interlacing), where it is above λ iff Σ u_i²/(l_i − λ) &lt; 0.
   */
  private double compressedTop(double[] u) {
    if (!(lTop > lSecond)) {
      return lTop;
    }
    double lo = lSecond;
    double hi = lTop;
    for (int it = 0; it < SHIFT_BISECTIONS && hi - lo > SHIFT_TOLERANCE; it++) {
      double mid = 0.5 * (lo + hi);
      if (!(mid > lo && mid < hi)) {
        break;
      }
      double g = 0;
      for (int i = 0; i < d; i++) {
        g += u[i] * u[i] / (l[i] - mid);
      }
      if (g < 0) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  /** Path 2's factors: D_i = Ω_i for i ≠ top, w = D⁻¹·v, κ (see the class comment). */
  private void prepareEliminated(double[] u, double omegaTop) {
    double up = u[top];
    double gamma = -omegaTop / (up * up);
    double[] w0 = w[0];
    double vdv = 0;
    for (int i = 0; i < d; i++) {
      if (i == top) {
        w0[i] = 0;
        sd[i] = 0;
        continue;
      }
      double di = 1 + 2 * beta[i] / b;
      sd[i] = 1 / Math.sqrt(di);
      w0[i] = u[i] / di;
      vdv += u[i] * w0[i];
    }
    double denom = 1 - gamma * vdv;
    if (!(denom > 0) || !(up != 0)) {
      throw new IllegalStateException(String.format(Locale.ROOT, "ACG: the Gaussian on the complement is not proper"
          + " (1 - gamma*v'D^-1 v = %.6g, u_top = %.6g)", denom, up));
    }
    sqrtKappa = Math.sqrt(gamma / denom);
  }

  /** y ← y0 − Ω⁻¹U·G⁻¹·Uᵀy0 with y0 ~ N(0, Ω⁻¹). */
  private void propose(double[][] u, SplittableRandom rng) {
    Seeds.gaussians(y, rng);
    for (int i = 0; i < d; i++) {
      y[i] *= sd[i];
    }
    if (m == 0) {
      return;
    }
    for (int c = 0; c < m; c++) {
      t[c] = dot(u[c], y);
    }
    for (int r = 0; r < m; r++) { // forward: L·z = t
      double s = t[r];
      for (int j = 0; j < r; j++) {
        s -= chol[r * m + j] * t[j];
      }
      t[r] = s / chol[r * m + r];
    }
    for (int r = m - 1; r >= 0; r--) { // back: Lᵀ·x = z
      double s = t[r];
      for (int j = r + 1; j < m; j++) {
        s -= chol[j * m + r] * t[j];
      }
      t[r] = s / chol[r * m + r];
    }
    for (int c = 0; c < m; c++) {
      double f = t[c];
      double[] wc = w[c];
      for (int i = 0; i < d; i++) {
        y[i] -= f * wc[i];
      }
    }
  }

  /** Path 2: y_i = g_i/√D_i + √κ·w_i·h (i ≠ top, h the Gaussian drawn at top), y_top = −Σ u_i·y_i/u_top. */
  private void proposeEliminated(double[] u, SplittableRandom rng) {
    Seeds.gaussians(y, rng);
    double h = sqrtKappa * y[top];
    double[] w0 = w[0];
    double dot = 0;
    for (int i = 0; i < d; i++) {
      y[i] = y[i] * sd[i] + h * w0[i]; // 0 at top
      dot += u[i] * y[i];
    }
    y[top] = -dot / u[top];
  }

  private static double dot(double[] a, double[] c) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * c[i];
    }
    return s;
  }
}

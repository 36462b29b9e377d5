package io.pmbench.baselines.v1;

import java.util.Locale;

/**
 * The early PrivateMail paper's "global sensitivity" (privatemail-early-version.md, Corollary 1.1
 * with the constants of Appendix E, Case 2 — integer labels in {0, …, c}):
 *
 * <pre>
 *   GS ≤ (σ_q/2)·√( −ln β·(φ_max)⁴/(φ_min)² − 2·√(−k·n·ln β·(φ_min)⁴) )
 * </pre>
 *
 * worked in ln β (β itself underflows), with the data-independent choice ln β = −4k(n+1): the
 * paper's condition ln β ≤ −4k·(Σ‖z_i‖²)²/Σ‖z_i‖⁴ holds for it by Cauchy–Schwarz over the n + 1
 * rows z_i. This is <b>not</b> a valid sensitivity bound (BASELINES.md §6): it is a
 * high-probability statement over Q resting on a Welch–Satterthwaite approximation, Theorem 1's
 * tail bound is zero at the largest β it permits (so below the mean of what it bounds), and the
 * paper uses this ℓ2 quantity as the Laplace mechanism's ℓ1 sensitivity.
 *
 * <p><b>Reading of the garbled Appendix E ({@value #READING}).</b> With
 * <pre>
 *   A  = (n+1)·e^(−c²/(2σ²)) − 1     lower bound of Diag(L_Y) (eq. 34)
 *   g  = n + e^(−1/(2σ²)) − 1        upper bound of Diag(L_X) (eq. 29)
 *   a  = n·e^(−2/σ²) + e^(−1/(2σ²)) − 1   lower bound of Diag(L_X) (eq. 29)
 *   b  = (n+1)·e^(−2/σ²) − 1         lower bound of the padded Diag(L_X̃) (eq. 29)
 *   h  = n·e^(−1/σ²) + e^(−1/(2σ²)) − 1   (eq. 31)
 *   d  = (n+1)·e^(−1/σ²) − 1         (eq. 31)
 * </pre>
 * Appendix E's Case 2 items read
 * <pre>
 *   1. z_ij^min = α²(A/g)² + α²(A/n)² − 2α²n²/(a·d)
 *   2. z_ij^max = α²(n/a)² + α²(n/b)² − 2α²A²/(n·g)
 *   3. z_ii^min = α²(h/g)² + α²(d/n)² − 2α²·n·g/(h·d)
 *   4. z_ii^max = α²(g/a)² + α²(n/b)² − 2α²·h·d/(n·g)
 *   5. φ_max = n·z_ij^max + z_ii^max        6. φ_min = n·z_ij^min + z_ii^min
 * </pre>
 * taking every "−1" <i>outside</i> the exponent (e^(−c²/(2σ²))−1 etc., as in eqs. 29–36) and
 * reading item 3's "n+e^(−1/σ²)" and item 4's "n−e^(−2/σ²)" as n·e^(…) (as in eqs. 31–33). The
 * items are used under the names Appendix E gives them, although its "z_ij" items are the
 * z_ii bounds of Appendix A.1's eqs. 35–36 and its "z_ii" items are Case A's eqs. 32–33. At
 * n = 1,100, σ = 5, α = 0.5, c = 99 this reading gives φ_min ≈ −620.2 and φ_max ≈ 645.6.
 *
 * <p><b>Under this reading φ_min &lt; 0 whenever a, h and d are positive</b> (the degree lower
 * bounds the derivation divides by): A ≤ n, g ≤ n, a ≤ g and d &lt; g give
 * A²/g² + A²/n² ≤ n²/g² + 1 &lt; 2n²/(a·d), so z_ij^min &lt; 0; h &lt; g and d &lt; n give
 * h²/g² + d²/n² &lt; 2 &lt; 2ng/(h·d), so z_ii^min &lt; 0. The bound can only "exist" (φ_min &gt; 0
 * and a positive radicand) where some degree lower bound is ≤ 0, i.e. where the derivation's own
 * premises fail; {@link Constants#degreeBoundsPositive()} reports this.
 */
public final class EarlyPaperBound {
  /** The name of the reading of Appendix E implemented here. */
  public static final String READING = "APPENDIX_E_CASE2_AS_PRINTED (-1 outside the exponents; n+e^.. and n-e^.. "
      + "in items 3-4 read as n*e^..; items used under Appendix E's own labels)";

  private EarlyPaperBound() {}

  /** Appendix E's constants for one (n, σ, α, c), with the degree bounds they are built from. */
  public record Constants(int n, double sigma, double alpha, int c, double labelDegreeMin, double featureDegreeMax,
      double featureDegreeMin, double paddedFeatureDegreeMin, double h, double d, double zijMin, double zijMax,
      double ziiMin, double ziiMax) {

    /** φ_max = n·z_ij^max + z_ii^max (Appendix E, item 5). */
    public double phiMax() {
      return n * zijMax + ziiMax;
    }

    /** φ_min = n·z_ij^min + z_ii^min (Appendix E, item 6). */
    public double phiMin() {
      return n * zijMin + ziiMin;
    }

    /** Whether every degree lower bound the derivation divides by (a, b, h, d) is positive. */
    public boolean degreeBoundsPositive() {
      return featureDegreeMin > 0 && paddedFeatureDegreeMin > 0 && h > 0 && d > 0;
    }

    /** The settings and constants in one line, for messages. */
    public String describe() {
      return String.format(Locale.ROOT, "phi_min = %.6g, phi_max = %.6g at n = %d, sigma = %s, alpha = %s, c = %d",
          phiMin(), phiMax(), n, sigma, alpha, c);
    }
  }

  /** Appendix E, Case 2, under {@link #READING}. */
  public static Constants constants(int n, double sigma, double alpha, int c) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
    }
    double u = 1 / (sigma * sigma);
    double bigA = (n + 1) * Math.exp(-(double) c * c * u / 2) - 1;
    double g = n + Math.exp(-u / 2) - 1;
    double a = n * Math.exp(-2 * u) + Math.exp(-u / 2) - 1;
    double b = (n + 1) * Math.exp(-2 * u) - 1;
    double h = n * Math.exp(-u) + Math.exp(-u / 2) - 1;
    double d = (n + 1) * Math.exp(-u) - 1;
    double a2 = alpha * alpha;
    double zijMin = a2 * (sq(bigA / g) + sq(bigA / n)) - 2 * a2 * n * (double) n / (a * d);
    double zijMax = a2 * (sq(n / a) + sq(n / b)) - 2 * a2 * bigA * bigA / (n * g);
    double ziiMin = a2 * (sq(h / g) + sq(d / n)) - 2 * a2 * n * g / (h * d);
    double ziiMax = a2 * (sq(g / a) + sq(n / b)) - 2 * a2 * h * d / (n * g);
    return new Constants(n, sigma, alpha, c, bigA, g, a, b, h, d, zijMin, zijMax, ziiMin, ziiMax);
  }

  /** The data-independent ln β = −4k(n+1) (meets Theorem 1's condition by Cauchy–Schwarz). */
  public static double lnBeta(int n, int k) {
    return -4.0 * k * (n + 1);
  }

  /** The radicand −ln β·φ_max⁴/φ_min² − 2·φ_min²·√(−k·n·ln β) of Corollary 1.1. */
  public static double radicand(Constants cs, int k, double lnBeta) {
    double pMin = cs.phiMin();
    double pMax = cs.phiMax();
    return -lnBeta * Math.pow(pMax, 4) / (pMin * pMin) - 2 * pMin * pMin * Math.sqrt(-k * (double) cs.n() * lnBeta);
  }

  /**
   * Corollary 1.1's GS at ln β = −4k(n+1). Refuses, with one line naming the values, when the
   * bound does not exist: φ_min ≤ 0 (it is used as a positive lower bound of ‖z_i‖) or the
   * radicand is not positive.
   */
  public static double globalSensitivity(Constants cs, int k, double sigmaQ) {
    double lnBeta = lnBeta(cs.n(), k);
    double pMin = cs.phiMin();
    double rad = radicand(cs, k, lnBeta);
    if (!(pMin > 0) || !(rad > 0) || !Double.isFinite(rad)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "privatemail-v1 sensitivity=EARLY_PAPER: bound does not exist at these settings (%s, k = %d,"
              + " ln beta = %.0f, radicand = %.6g; %s). Provided value: sensitivity=EARLY_PAPER",
          cs.describe(), k, lnBeta, rad, "phi_min must be > 0 and the radicand > 0"));
    }
    return sigmaQ / 2 * Math.sqrt(rad);
  }

  /**
   * Theorem 1's local bound (σ_q/2)·√(−ln β·S4/S2 − 2·√(−k·ln β·S4)) with S2 = Σ‖z_i‖²,
   * S4 = Σ‖z_i‖⁴ over the rows z_i of the difference of the two update operators (eq. 9);
   * NaN when the radicand is negative (β above the theorem's limit). For audits only.
   */
  public static double theorem1Bound(double[] rowNormsSquared, int k, double sigmaQ, double lnBeta) {
    double s2 = 0;
    double s4 = 0;
    for (double v : rowNormsSquared) {
      s2 += v;
      s4 += v * v;
    }
    double rad = -lnBeta * s4 / s2 - 2 * Math.sqrt(-k * lnBeta * s4);
    return rad < 0 ? Double.NaN : sigmaQ / 2 * Math.sqrt(rad);
  }

  private static double sq(double v) {
    return v * v;
  }
}

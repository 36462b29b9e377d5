package io.pmbench.experiments.audit;

import io.pmbench.core.privacy.GaussianCalibration;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * A one-parameter family of trade-off curves T_θ(α) — the smallest false-negative rate any test of
 * D against D′ can have at false-positive rate α when the release is θ-private in the family's
 * sense (f-DP, Dong, Roth &amp; Su 2019, "Gaussian differential privacy", §2) — with its conversion
 * from θ to ε at a stage's δ. Each T_θ is non-increasing in α and in θ, and symmetric
 * (T_θ = T_θ⁻¹), so the smallest mean error (α + T_θ(α))/2 of any test is the curve's fixed point
 * α = T_θ(α) ({@link #minimalError}): a test whose mean error is at most u proves θ ≥
 * {@link #lowerParameter}(u) whatever its threshold.
 *
 * <ul>
 *   <li>{@link #GAUSSIAN_DP}: T_μ(α) = Φ(Φ⁻¹(1 − α) − μ), the curve of N(0, 1) against N(μ, 1)
 *       (ibid., Def. 2.7): the exact curve of additive Gaussian noise of standard deviation s on a
 *       pair ‖f(D) − f(D′)‖₂ = μ·s apart. Fixed point Φ(−μ/2). ε at δ by the exact duality
 *       (ibid., Cor. 2.13, the identity of Balle &amp; Wang 2018, Theorem 8):
 *       δ(ε) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2).
 *   <li>{@link #LAPLACE}: the curve of Lap(0, 1) against Lap(ε, 1) — derived from the threshold
 *       test, which is most powerful because the likelihood ratio is monotone: with the threshold
 *       t ∈ [0, ε], α = e^{−t}/2 and β = e^{t−ε}/2, so T_ε(α) = 1 − e^ε·α for α &lt; e^{−ε}/2,
 *       e^{−ε}/(4α) for e^{−ε}/2 ≤ α ≤ 1/2, e^{−ε}·(1 − α) above 1/2. Fixed point e^{−ε/2}/2. The
 *       exact curve of one Laplace coordinate shifted by its sensitivity; ε at δ from its privacy
 *       profile δ(ε′) = 1 − e^{(ε′ − ε)/2} (so ε′ = ε + 2·ln(1 − δ); ε itself when δ = 0).
 *   <li>{@link #EPSILON_DELTA}: T_ε(α) = max(0, 1 − δ − e^ε·α, e^{−ε}·(1 − δ − α)), the curve of
 *       (ε, δ)-DP itself (ibid., Prop. 2.5; Kairouz, Oh &amp; Viswanath 2015): the lower envelope of
 *       every (ε, δ)-DP mechanism's curve, so a bound from it assumes nothing about the noise's
 *       shape (for δ = 0 the pure-DP curve). Fixed point (1 − δ)/(1 + e^ε).
 * </ul>
 *
 * <p>A bound from {@link #GAUSSIAN_DP} or {@link #LAPLACE} is a lower bound on the stage's ε under
 * the assumption that its release has that family's curve — true for additive Gaussian (Laplace)
 * noise of any scale on any pair, which is what a Gaussian (Laplace) stage states it releases;
 * noise of another shape may be misjudged by it (the Clopper–Pearson column beside it assumes
 * nothing). Nasr et al. 2023, "Tight auditing of differentially private machine learning", §4,
 * audit Gaussian mechanisms the same way.
 */
public enum FdpCurve {
  /** Gaussian differential privacy, parameter μ. */
  GAUSSIAN_DP("gaussian-dp", "mu"),
  /** One Laplace coordinate, parameter ε. */
  LAPLACE("laplace", "epsilon"),
  /** (ε, δ)-DP's own curve at the stage's δ, parameter ε. */
  EPSILON_DELTA("epsilon-delta", "epsilon");

  private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);
  /** The bisection of {@link #epsilonAt} stops when its bracket is this small relative to its upper end. */
  private static final double RELATIVE_PRECISION = 1e-12;

  private final String cliName;
  private final String parameterName;

  FdpCurve(String cliName, String parameterName) {
    this.cliName = cliName;
    this.parameterName = parameterName;
  }

  /** The name in {@code audit.csv} (e.g. {@code gaussian-dp}). */
  public String cliName() {
    return cliName;
  }

  /** The curve's parameter as the table names it ({@code mu} or {@code epsilon}). */
  public String parameterName() {
    return parameterName;
  }

  /** The curve named {@code name} ({@link #cliName}). */
  public static FdpCurve parse(String name) {
    for (FdpCurve c : values()) {
      if (c.cliName.equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("f-DP curve must be one of gaussian-dp, laplace, epsilon-delta. Provided value: "
        + name);
  }

  /** T_θ(α) at the stage's δ (only {@link #EPSILON_DELTA} reads δ). */
  public double tradeOff(double theta, double alpha, double delta) {
    switch (this) {
      case GAUSSIAN_DP:
        return GaussianCalibration.phi(STANDARD_NORMAL.inverseCumulativeProbability(1 - alpha) - theta);
      case LAPLACE:
        if (alpha < Math.exp(-theta) / 2) {
          return 1 - Math.exp(theta) * alpha;
        }
        return alpha <= 0.5 ? Math.exp(-theta) / (4 * alpha) : Math.exp(-theta) * (1 - alpha);
      default:
        return Math.max(0, Math.max(1 - delta - Math.exp(theta) * alpha, Math.exp(-theta) * (1 - delta - alpha)));
    }
  }

  /** The curve's fixed point α = T_θ(α): the smallest mean error (α + β)/2 of any test at parameter θ. */
  public double minimalError(double theta, double delta) {
    switch (this) {
      case GAUSSIAN_DP:
        return GaussianCalibration.phi(-theta / 2);
      case LAPLACE:
        return Math.exp(-theta / 2) / 2;
      default:
        return (1 - delta) / (1 + Math.exp(theta));
    }
  }

  /**
   * The smallest θ ≥ 0 whose {@link #minimalError} is at most u: if a test's true mean error rate
   * is at most u, a release with this family's curve has parameter at least this. Exactly 0 when
   * u ≥ {@link #minimalError}(0) (½, or (1 − δ)/2) — a test that separates nothing proves nothing.
   * Closed forms: μ = −2·Φ⁻¹(u), ε = −2·ln(2u), ε = ln((1 − δ)/u − 1).
   */
  public double lowerParameter(double u, double delta) {
    if (u >= minimalError(0, delta)) {
      return 0;
    }
    switch (this) {
      case GAUSSIAN_DP:
        return -2 * STANDARD_NORMAL.inverseCumulativeProbability(u);
      case LAPLACE:
        return -2 * Math.log(2 * u);
      default:
        return Math.log((1 - delta) / u - 1);
    }
  }

  /**
   * The ε at δ of a release with parameter θ, rounded down (so a lower bound on θ stays one on ε,
   * the conversion being increasing in θ): for {@link #GAUSSIAN_DP} the smallest ε with δ_μ(ε) ≤ δ,
   * by bisection on the duality stopped on the side where δ_μ(ε) &gt; δ (+∞ when δ = 0 &lt; μ: a
   * Gaussian release is never pure DP); for {@link #LAPLACE} max(0, θ + 2·ln(1 − δ)); for
   * {@link #EPSILON_DELTA} θ itself.
   */
  public double epsilonAt(double theta, double delta) {
    if (theta <= 0) {
      return 0;
    }
    switch (this) {
      case GAUSSIAN_DP:
        return gaussianEpsilon(theta, delta);
      case LAPLACE:
        return Math.max(0, theta + 2 * Math.log1p(-delta));
      default:
        return theta;
    }
  }

  private static double gaussianEpsilon(double mu, double delta) {
    if (delta == 0) {
      return Double.POSITIVE_INFINITY;
    }
    if (GaussianCalibration.exactDelta(mu, 1, 0) <= delta) {
      return 0;
    }
    double lo = 0;
    double hi = 1;
    while (GaussianCalibration.exactDelta(mu, 1, hi) > delta) {
      lo = hi;
      hi *= 2;
    }
    while (hi - lo > RELATIVE_PRECISION * hi) {
      double mid = 0.5 * (lo + hi);
      if (GaussianCalibration.exactDelta(mu, 1, mid) > delta) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}

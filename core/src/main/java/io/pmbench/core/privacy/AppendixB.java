package io.pmbench.core.privacy;

import io.pmbench.core.Preconditions;

/**
 * The global-sensitivity constants of PrivateMail (SPEC.md §5.2; the paper's Appendix B,
 * equations 7 and 8), for a client data set of n unit-norm rows, kernel bandwidth σ, label
 * weight α and largest label value c = C − 1 (labels under {@code GAUSSIAN_INTEGER}):
 *
 * <pre>
 *   a = n·e^(−2/σ²) + e^(−1/(2σ²)) − 1
 *   b = (n+1)·e^(−2/σ²) − 1
 *   g = n + e^(−1/(2σ²)) − 1
 *   M_ii = α²·[ (n/a)² + (n/b)² − 2·((n+1)·e^(−c²/(2σ²)) − 1)² / (n·g) ]          (eq. 7)
 *   M_ij = (α²+1)/a² − 2α·e^(−(c²+4)/(2σ²))/g² + (α²+1)/b² − 2α·e^(−(c²+4)/(2σ²))/n²
 *          − 2·(α²·e^(−c²/σ²) + e^(−4/σ²))/(n·g) + 4α/(a·b)                       (eq. 8)
 *   M = n·M_ij + M_ii,   Δ = M·√(n+1)/2·‖Q‖_F                                      (Thm 2)
 * </pre>
 *
 * <p>The bound does not exist when a ≤ 0 or b ≤ 0 (σ too small for n): {@link #check} refuses
 * such parameters naming σ and n. {@code officialCodeMii} selects the official code's reading
 * of M_ii, which writes e^(−c/(2σ²)) (c, not c²).
 */
public final class AppendixB {
  private AppendixB() {}

  /** Parameters of the bound. */
  public record Params(int n, double sigma, double alpha, int c, boolean officialCodeMii) {
    public Params {
      Preconditions.require(n >= 1, "n", ">= 1", n);
      Preconditions.require(sigma > 0 && Double.isFinite(sigma), "sigma", "> 0", sigma);
      Preconditions.require(alpha >= 0 && Double.isFinite(alpha), "alpha", ">= 0", alpha);
      Preconditions.require(c >= 0, "c (largest label value)", ">= 0", c);
    }
  }

  /** a = n·e^(−2/σ²) + e^(−1/(2σ²)) − 1 (Appendix B, the first denominator of eq. 7). */
  public static double a(int n, double sigma) {
    double s2 = sigma * sigma;
    return n * Math.exp(-2 / s2) + Math.exp(-1 / (2 * s2)) - 1;
  }

  /** b = (n+1)·e^(−2/σ²) − 1 (Appendix B, the second denominator of eq. 7). */
  public static double b(int n, double sigma) {
    return (n + 1) * Math.exp(-2 / (sigma * sigma)) - 1;
  }

  /** g = n + e^(−1/(2σ²)) − 1 (Appendix B, the label-degree denominator of eqs. 7–8). */
  public static double g(int n, double sigma) {
    return n + Math.exp(-1 / (2 * sigma * sigma)) - 1;
  }

  /** Refuses parameters for which the bound does not exist (a ≤ 0 or b ≤ 0). */
  public static void check(Params p) {
    double a = a(p.n(), p.sigma());
    double b = b(p.n(), p.sigma());
    if (!(a > 0) || !(b > 0)) {
      throw new IllegalArgumentException("sigma must make Appendix B's a and b positive (a = " + a + ", b = " + b
          + " at n = " + p.n() + "): the sensitivity bound does not exist. Provided value: sigma=" + p.sigma()
          + ", n=" + p.n());
    }
  }

  /** M_ii, Appendix B eq. (7); the official code's variant uses e^(−c/(2σ²)). */
  public static double mii(Params p) {
    check(p);
    int n = p.n();
    double s2 = p.sigma() * p.sigma();
    double a = a(n, p.sigma());
    double b = b(n, p.sigma());
    double g = g(n, p.sigma());
    double cTerm = p.officialCodeMii() ? p.c() : (double) p.c() * p.c();
    double e = (n + 1) * Math.exp(-cTerm / (2 * s2)) - 1;
    double na = n / a;
    double nb = n / b;
    return p.alpha() * p.alpha() * (na * na + nb * nb - 2 * e * e / (n * g));
  }

  /** M_ij, Appendix B eq. (8). */
  public static double mij(Params p) {
    check(p);
    int n = p.n();
    double s2 = p.sigma() * p.sigma();
    double alpha = p.alpha();
    double c2 = (double) p.c() * p.c();
    double a = a(n, p.sigma());
    double b = b(n, p.sigma());
    double g = g(n, p.sigma());
    double cross = 2 * alpha * Math.exp(-(c2 + 4) / (2 * s2));
    double a2p1 = alpha * alpha + 1;
    return a2p1 / (a * a)
        - cross / (g * g)
        + a2p1 / (b * b)
        - cross / ((double) n * n)
        - 2 * (alpha * alpha * Math.exp(-c2 / s2) + Math.exp(-4 / s2)) / (n * g)
        + 4 * alpha / (a * b);
  }

  /** M = n·M_ij + M_ii (Appendix B). */
  public static double m(Params p) {
    return p.n() * mij(p) + mii(p);
  }

  /**
   * Δ = M·√(n+1)/2·‖Q‖_F (Theorem 2 / Algorithm 1 step 3(b)). Refuses M ≤ 0, for which the
   * formula gives no bound.
   */
  public static double sensitivity(Params p, double frobeniusQ) {
    double m = m(p);
    if (!(m > 0)) {
      throw new IllegalArgumentException("Appendix B's M must be > 0 for a sensitivity bound (M = " + m
          + "). Provided value: sigma=" + p.sigma() + ", alpha=" + p.alpha() + ", n=" + p.n() + ", c=" + p.c());
    }
    return m * Math.sqrt(p.n() + 1.0) / 2 * frobeniusQ;
  }
}

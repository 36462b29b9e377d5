package io.pmbench.baselines.pca;

import java.util.SplittableRandom;

/**
 * Exact draws from the one-dimensional full conditional of Hoff's (2009, §2) Gibbs sampler for
 * the vector Bingham distribution p(y) ∝ exp(Σ l_i·y_i²) on the unit sphere of R^m.
 *
 * <p>Writing y = (y_i, √(1 − y_i²)·ω) with ω the (fixed) direction of the other coordinates,
 * θ = y_i² has density ∝ θ^(−1/2)·(1 − θ)^(K−1)·exp(a·θ) on (0, 1), with K = (m − 1)/2 and
 * a = l_i − Σ_{j≠i} l_j·ω_j² (Hoff 2009, §2.1; the sign of y_i is uniform). This class samples
 * s = |y_i| = √θ, whose density is ∝ (1 − s²)^(K−1)·exp(a·s²) on [0, 1), by rejection from a
 * piecewise-exponential envelope (an upper hull of log p), so every draw is exact for every
 * K ≥ 1 and every real a — from a ≪ 0 (s ≈ 0) to a ≫ K (s ≈ 1), where Hoff's own Beta envelope
 * needs very many proposals:
 *
 * <ul>
 *   <li>a ≤ K − 1: log p is concave in s and decreasing; the hull is the flat tangent at s = 0 and
 *       the tangent at s₁, about where log p has fallen by 1 (from a quartic bound on log p).
 *   <li>a &gt; K − 1: log p is convex on [0, s_c] and concave on [s_c, 1) (s_c the inflection point;
 *       the mode is s* = √(1 − (K−1)/a)). On the convex part the chord bounds log p; on the
 *       concave part the tangents at the mode and at mode ± √2·σ do. This branch works in
 *       u = 1 − s so that draws close to 1 keep their precision.
 * </ul>
 *
 * <p>The envelope only needs to lie above log p (any touch points are valid); the touch points
 * just make the acceptance rate high (typically &gt; 0.7).
 */
final class BinghamCoordinate {
  private BinghamCoordinate() {}

  /**
   * One draw.
   *
   * @param s |y_i|, in [0, 1]
   * @param rest 1 − s², computed without cancellation
   */
  record Draw(double s, double rest) {}

  /**
   * Draws s = |y_i| given K = (m − 1)/2 ≥ 1 and the tilt a (see the class comment).
   *
   * @throws IllegalArgumentException if K &lt; 1 or a is not finite
   */
  static Draw sample(double halfDim, double a, SplittableRandom rng) {
    if (!(halfDim >= 1)) {
      throw new IllegalArgumentException("K must be >= 1 (sphere dimension m >= 3). Provided value: " + halfDim);
    }
    if (!Double.isFinite(a)) {
      throw new IllegalArgumentException("a must be finite. Provided value: " + a);
    }
    return a <= halfDim - 1 ? concave(halfDim, a, rng) : bimodal(halfDim, a, rng);
  }

  /** log p in s for a ≤ K − 1 (up to a constant): (K−1)·log(1 − s²) + a·s². */
  private static double logDensityS(double km1, double a, double s) {
    double t = (1 - s) * (1 + s);
    return (km1 == 0 ? 0 : km1 * Math.log(t)) + a * s * s;
  }

  private static double slopeS(double km1, double a, double s) {
    double t = (1 - s) * (1 + s);
    return 2 * s * (a - (km1 == 0 ? 0 : km1 / t));
  }

  /** a ≤ K − 1: log p concave on [0, 1) with its maximum 0 at s = 0. */
  private static Draw concave(double halfDim, double a, SplittableRandom rng) {
    double km1 = halfDim - 1;
    double s1 = touchPoint(km1, a);
    Hull hull = new Hull(3);
    if (Double.isNaN(s1)) { // K = 1 and −1 ≤ a ≤ 0: the flat line h = 0 bounds h = a·s² on [0, 1]
      hull.add(0, 1, 0, 0);
    } else {
      double h1 = logDensityS(km1, a, s1);
      double g1 = slopeS(km1, a, s1);
      double z = Math.max(0, s1 - h1 / g1); // where the tangent at s1 meets the flat tangent at 0
      hull.add(0, z, 0, 0);
      hull.add(z, 1, h1 + g1 * (z - s1), g1);
    }
    while (true) {
      double s = hull.propose(rng);
      double h = logDensityS(km1, a, s);
      if (Math.log(rng.nextDouble()) <= h - hull.line(s)) {
        return new Draw(s, (1 - s) * (1 + s));
      }
    }
  }

  /**
   * Where the tangent touches in the concave case: about where log p has fallen by 1. Since
   * log(1 − s²) ≤ −s² − s⁴/2, log p ≤ −b·s² − (K−1)·s⁴/2 with b = K − 1 − a ≥ 0, whose level −1 is
   * at s² = 2/(b + √(b² + 2(K−1))). NaN when no tangent is needed (K = 1, a ≥ −1).
   */
  private static double touchPoint(double km1, double a) {
    double b = km1 - a;
    if (km1 == 0) {
      return b > 1 ? 1 / Math.sqrt(b) : Double.NaN;
    }
    double w = 2 / (b + Math.sqrt(b * b + 2 * km1));
    return Math.min(Math.sqrt(w), 0.999);
  }

  /** log p in u = 1 − s (up to a constant): (K−1)·log(u·(2 − u)) + a·(1 − u)². */
  private static double logDensityU(double km1, double a, double u) {
    double v = 1 - u;
    return (km1 == 0 ? 0 : km1 * (Math.log(u) + Math.log(2 - u))) + a * v * v;
  }

  private static double slopeU(double km1, double a, double u) {
    return (km1 == 0 ? 0 : km1 * (1 / u - 1 / (2 - u))) - 2 * a * (1 - u);
  }

  /** a &gt; K − 1: convex on u ∈ [u_c, 1], concave on (0, u_c] with the mode u*. */
  private static Draw bimodal(double halfDim, double a, SplittableRandom rng) {
    double km1 = halfDim - 1;
    // inflection: s_c² = w_c solves a·(1 − w)² = (K − 1)·(1 + w)
    double wc = km1 == 0 ? 1 : ((2 * a + km1) - Math.sqrt(km1 * (8 * a + km1))) / (2 * a);
    double uc = wc >= 1 ? 0 : 1 - Math.sqrt(wc);
    Hull hull = new Hull(5);
    if (km1 > 0) {
      double q = km1 / a; // 1 − s*², in (0, 1)
      double mode = q / (1 + Math.sqrt(1 - q)); // u* = 1 − √(1 − q) without cancellation
      mode = Math.min(mode, uc);
      double sigma = Math.sqrt(q / (4 * a * (1 - q)));
      double ul = mode - Math.sqrt(2) * sigma;
      if (!(ul > 0)) {
        ul = 0.5 * mode;
      }
      double ur = Math.min(uc, mode + Math.sqrt(2) * sigma);
      double hm = logDensityU(km1, a, mode);
      double hl = logDensityU(km1, a, ul);
      double gl = slopeU(km1, a, ul);
      double hr = logDensityU(km1, a, ur);
      double gr = slopeU(km1, a, ur);
      double z1 = gl > 0 ? Math.min(mode, ul + (hm - hl) / gl) : mode;
      double z2 = gr < 0 ? Math.max(mode, ur + (hm - hr) / gr) : ur;
      z2 = Math.min(z2, uc);
      hull.add(0, z1, hl + gl * (0 - ul), gl);
      hull.add(z1, z2, hm, 0);
      if (z2 < uc) {
        hull.add(z2, uc, hr + gr * (z2 - ur), gr);
      }
    }
    if (uc < 1) { // chord over the convex part, from (u_c, h(u_c)) to (1, h(1) = 0)
      double hc = logDensityU(km1, a, uc);
      hull.add(uc, 1, hc, (0 - hc) / (1 - uc));
    }
    while (true) {
      double u = hull.propose(rng);
      double h = logDensityU(km1, a, u);
      if (Math.log(rng.nextDouble()) <= h - hull.line(u)) {
        return new Draw(1 - u, u * (2 - u));
      }
    }
  }

  /**
   * A piecewise-linear upper bound of log p on consecutive segments [x0, x1]: line(x) = α + β·(x − x0).
   * Proposals are drawn from exp(line), normalised. One instance per draw (not shared).
   */
  private static final class Hull {
    private final double[] x0;
    private final double[] x1;
    private final double[] alpha;
    private final double[] beta;
    private final double[] logMass;
    private int n;
    private int last;

    Hull(int capacity) {
      x0 = new double[capacity];
      x1 = new double[capacity];
      alpha = new double[capacity];
      beta = new double[capacity];
      logMass = new double[capacity];
    }

    void add(double from, double to, double intercept, double slope) {
      if (!(to > from)) {
        return;
      }
      x0[n] = from;
      x1[n] = to;
      alpha[n] = intercept;
      beta[n] = slope;
      logMass[n] = logIntegral(intercept, slope, to - from);
      n++;
    }

    /** log ∫_0^L exp(α + β·x) dx, stable for every sign and size of β·L. */
    private static double logIntegral(double a, double b, double len) {
      double bl = b * len;
      if (Math.abs(bl) < 1e-12) {
        return a + Math.log(len);
      }
      if (b > 0) { // value at the right end times (1 − e^(−βL))/β
        return a + bl + Math.log(-Math.expm1(-bl) / b);
      }
      return a + Math.log(-Math.expm1(bl) / -b);
    }

    /** The envelope's log value at the last proposal {@code x} (on the segment it was drawn from). */
    double line(double x) {
      return alpha[last] + beta[last] * (x - x0[last]);
    }

    /** A draw from exp(line), normalised; remembers its segment for {@link #line}. */
    double propose(SplittableRandom rng) {
      double max = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        max = Math.max(max, logMass[i]);
      }
      double total = 0;
      for (int i = 0; i < n; i++) {
        total += Math.exp(logMass[i] - max);
      }
      double pick = rng.nextDouble() * total;
      int seg = n - 1;
      for (int i = 0; i < n; i++) {
        pick -= Math.exp(logMass[i] - max);
        if (pick < 0) {
          seg = i;
          break;
        }
      }
      last = seg;
      double len = x1[seg] - x0[seg];
      double b = beta[seg];
      double u = rng.nextDouble();
      double x;
      if (Math.abs(b * len) < 1e-12) {
        x = x0[seg] + u * len;
      } else if (b > 0) {
        x = x1[seg] + Math.log1p((1 - u) * Math.expm1(-b * len)) / b;
      } else {
        x = x0[seg] + Math.log1p(u * Math.expm1(b * len)) / b;
      }
      return Math.min(x1[seg], Math.max(x0[seg], x));
    }
  }
}

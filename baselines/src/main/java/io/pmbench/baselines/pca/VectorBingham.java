package io.pmbench.baselines.pca;

import java.util.SplittableRandom;

/**
 * One sweep of Hoff's (2009, §2.1) Gibbs sampler for the vector Bingham distribution
 * p(y) ∝ exp(Σ_i l_i·y_i²) on the unit sphere of R^m, m ≥ 3, in the eigen-coordinates of its
 * parameter matrix (rstiefel's {@code ry_bing}).
 *
 * <p>For i = 1..m in turn: with ω the direction of the other coordinates, draw θ = y_i² from its
 * exact conditional ∝ θ^(−1/2)·(1 − θ)^((m−3)/2)·exp(a·θ), a = l_i − Σ_{j≠i} l_j·ω_j²
 * ({@link BinghamCoordinate}), a uniform sign for y_i, and rescale the other coordinates to
 * √(1 − θ)·ω. Each step leaves p invariant, so the sweep does; it must be iterated.
 *
 * <p>Implementation: the l are shifted by their maximum (a is unchanged) so that Σ l_j·y_j² has
 * no cancellation when y is concentrated on the top coordinate; the common rescaling of the
 * other coordinates is kept as one factor, so a sweep costs O(m).
 */
final class VectorBingham {
  private VectorBingham() {}

  /**
   * Runs one sweep in place.
   *
   * @param y a unit vector of length m ≥ 3 (the current state; overwritten)
   * @param l the parameter's eigenvalues (the exponent's coefficients), length m
   */
  static void sweep(double[] y, double[] l, SplittableRandom rng) {
    int m = y.length;
    if (m < 3 || l.length != m) {
      throw new IllegalArgumentException("sphere dimension must be >= 3 and match l. Provided value: " + m);
    }
    double top = Double.NEGATIVE_INFINITY;
    for (double v : l) {
      top = Math.max(top, v);
    }
    double halfDim = (m - 1) / 2.0;
    double quad = 0; // Σ (l_j − top)·y_j², ≤ 0
    for (int j = 0; j < m; j++) {
      quad += (l[j] - top) * y[j] * y[j];
    }
    double scale = 1; // true y_j = scale·y[j]
    for (int i = 0; i < m; i++) {
      double li = l[i] - top;
      double yi = scale * y[i];
      double others = (1 - yi) * (1 + yi); // 1 − y_i²
      if (!(others > 0)) {
        continue; // y = ±e_i exactly: the direction of the rest is undefined (probability zero)
      }
      double rest = quad - li * yi * yi; // Σ_{j≠i} (l_j − top)·y_j²
      double a = li - rest / others;
      BinghamCoordinate.Draw draw = BinghamCoordinate.sample(halfDim, a, rng);
      double factor = Math.sqrt(draw.rest() / others);
      double si = rng.nextBoolean() ? draw.s() : -draw.s();
      if (factor < 1e-150 || scale * factor < 1e-150) { // materialise before the factor underflows
        for (int j = 0; j < m; j++) {
          y[j] *= scale * factor;
        }
        scale = 1;
        y[i] = si;
      } else {
        scale *= factor;
        y[i] = si / scale;
      }
      quad = li * draw.s() * draw.s() + rest * (draw.rest() / others);
      if (scale > 1e150) {
        for (int j = 0; j < m; j++) {
          y[j] *= scale;
        }
        scale = 1;
      }
    }
    double norm = 0;
    for (int j = 0; j < m; j++) {
      y[j] *= scale;
      norm += y[j] * y[j];
    }
    norm = Math.sqrt(norm);
    for (int j = 0; j < m; j++) {
      y[j] /= norm;
    }
  }
}

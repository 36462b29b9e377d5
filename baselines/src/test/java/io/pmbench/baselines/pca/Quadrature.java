package io.pmbench.baselines.pca;

import java.util.Arrays;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;

/**
 * Numerical integration for the goodness-of-fit tests: composite 8-point Gauss–Legendre over a
 * mesh of [0, 1] that is fine near both ends (log-spaced down to 1e-14) and uniform in between,
 * so densities concentrated anywhere in [0, 1] at any scale above 1e-12 are resolved. The
 * density is given by its logarithm and normalised against its largest value on the mesh.
 */
final class Quadrature {
  private static final double[] NODES = {-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
      -0.1834346424956498, 0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363};
  private static final double[] WEIGHTS = {0.1012285362903763, 0.2223810344533745, 0.3137066458778873,
      0.3626837833783620, 0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};

  private final double[] mesh;
  private final double[] cdf; // normalised CDF at the mesh points

  /** Integrates exp(logDensity) over [0, 1] on the fine mesh (for densities concentrated at any scale). */
  Quadrature(DoubleUnaryOperator logDensity) {
    this(logDensity, 1000, 20000);
  }

  /**
   * Integrates exp(logDensity) over [0, 1] on a mesh with {@code perDecade} log-spaced points per
   * decade near each end (down to 1e-14) and {@code uniform} equal intervals.
   */
  Quadrature(DoubleUnaryOperator logDensity, int perDecade, int uniform) {
    TreeSet<Double> pts = new TreeSet<>();
    for (int e = 0; e <= 14 * perDecade; e++) {
      double t = Math.pow(10, -e / (double) perDecade);
      pts.add(t);
      pts.add(1 - t);
    }
    for (int i = 0; i <= uniform; i++) {
      pts.add(i / (double) uniform);
    }
    mesh = pts.stream().mapToDouble(Double::doubleValue).filter(x -> x >= 0 && x <= 1).toArray();
    double max = Double.NEGATIVE_INFINITY;
    double[][] logs = new double[mesh.length - 1][NODES.length];
    for (int i = 0; i + 1 < mesh.length; i++) {
      double a = mesh[i];
      double b = mesh[i + 1];
      for (int q = 0; q < NODES.length; q++) {
        double x = 0.5 * (a + b) + 0.5 * (b - a) * NODES[q];
        logs[i][q] = logDensity.applyAsDouble(x);
        max = Math.max(max, logs[i][q]);
      }
    }
    cdf = new double[mesh.length];
    for (int i = 0; i + 1 < mesh.length; i++) {
      double s = 0;
      for (int q = 0; q < NODES.length; q++) {
        s += WEIGHTS[q] * Math.exp(logs[i][q] - max);
      }
      cdf[i + 1] = cdf[i] + 0.5 * (mesh[i + 1] - mesh[i]) * s;
    }
    double total = cdf[cdf.length - 1];
    for (int i = 0; i < cdf.length; i++) {
      cdf[i] /= total;
    }
  }

  /** The normalised CDF at x (linear between mesh points). */
  double cdf(double x) {
    int i = Arrays.binarySearch(mesh, x);
    if (i >= 0) {
      return cdf[i];
    }
    int hi = -i - 1;
    if (hi == 0) {
      return 0;
    }
    if (hi >= mesh.length) {
      return 1;
    }
    int lo = hi - 1;
    double f = (x - mesh[lo]) / (mesh[hi] - mesh[lo]);
    return cdf[lo] + f * (cdf[hi] - cdf[lo]);
  }

  /** The x with cdf(x) = p (linear between mesh points). */
  double quantile(double p) {
    int lo = 0;
    int hi = cdf.length - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] < p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double span = cdf[hi] - cdf[lo];
    return span <= 0 ? mesh[lo] : mesh[lo] + (p - cdf[lo]) / span * (mesh[hi] - mesh[lo]);
  }
}

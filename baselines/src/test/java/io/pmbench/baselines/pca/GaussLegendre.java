package io.pmbench.baselines.pca;

import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;

/** A 64-point Gauss–Legendre rule on [−1, 1] as {nodes, weights}, from commons-math. */
final class GaussLegendre {
  private GaussLegendre() {}

  static final double[][] RULE_64 = rule(64);

  private static double[][] rule(int n) {
    GaussIntegrator integrator = new GaussIntegratorFactory().legendre(n);
    double[] x = new double[n];
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = integrator.getPoint(i);
      w[i] = integrator.getWeight(i);
    }
    return new double[][] {x, w};
  }
}

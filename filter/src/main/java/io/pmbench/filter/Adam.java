package io.pmbench.filter;

import io.pmbench.core.Preconditions;

/**
 * Adam (Kingma &amp; Ba 2015, Algorithm 1) with β₁ = 0.9, β₂ = 0.999, ε = 1e-8 — the optimiser
 * of every model in the seed paper (§6.7.4). Minimises: {@link #step} moves against the gradient.
 */
final class Adam {
  private static final double BETA1 = 0.9;
  private static final double BETA2 = 0.999;
  private static final double EPS = 1e-8;

  private final double learningRate;
  private final double[] m;
  private final double[] v;
  private double beta1Power = 1;
  private double beta2Power = 1;

  Adam(int size, double learningRate) {
    this.learningRate = Preconditions.positiveFinite(learningRate, "learning rate");
    this.m = new double[size];
    this.v = new double[size];
  }

  /** One update of {@code params} (in place) with gradient {@code grad}. */
  void step(double[] params, double[] grad) {
    beta1Power *= BETA1;
    beta2Power *= BETA2;
    double c1 = 1 - beta1Power;
    double c2 = 1 - beta2Power;
    for (int i = 0; i < params.length; i++) {
      m[i] = BETA1 * m[i] + (1 - BETA1) * grad[i];
      v[i] = BETA2 * v[i] + (1 - BETA2) * grad[i] * grad[i];
      params[i] -= learningRate * (m[i] / c1) / (Math.sqrt(v[i] / c2) + EPS);
    }
  }
}

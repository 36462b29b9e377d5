package io.pmbench.filter;

import java.util.SplittableRandom;

/**
 * Scores a release the way the seed paper does (§2 step 3, Figure 7b): a classifier trained
 * afresh on the released training rows and their true label, its accuracy on the released test
 * rows. Inputs are standardised with the released training rows' per-coordinate mean and
 * standard deviation (a fixed, invertible map: it changes how fast the classifier trains, not
 * what it can learn).
 */
final class Evaluator {
  /** The two classifier families of the issue: softmax regression and a 2-layer ELU network. */
  enum Kind {
    LINEAR("linear"),
    MLP("mlp");

    final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  private Evaluator() {}

  /**
   * Accuracy on ({@code testX}, {@code testY}) of a fresh {@code kind} classifier trained on
   * ({@code trainX}, {@code trainY}); rows row-major with {@code d} columns.
   */
  static double accuracy(double[] trainX, int[] trainY, double[] testX, int[] testY, int d, int classes, Kind kind,
      EvalConfig cfg, SplittableRandom rng) {
    double[][] stats = standardisation(trainX, d);
    double[] tx = standardise(trainX, d, stats);
    double[] qx = standardise(testX, d, stats);
    Net net = new Net(d, kind == Kind.LINEAR ? 0 : cfg.hidden(), classes, rng.split());
    net.fit(tx, trainY, cfg.epochs(), cfg.batch(), new Adam(net.size(), cfg.learningRate()), rng);
    return net.accuracy(qx, testY);
  }

  /** {mean, sd} per coordinate (sd of a constant coordinate taken as 1). */
  static double[][] standardisation(double[] x, int d) {
    int n = x.length / d;
    double[] mean = new double[d];
    double[] sd = new double[d];
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < d; c++) {
        mean[c] += x[r * d + c] / n;
      }
    }
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < d; c++) {
        double t = x[r * d + c] - mean[c];
        sd[c] += t * t / n;
      }
    }
    for (int c = 0; c < d; c++) {
      sd[c] = sd[c] > 0 ? Math.sqrt(sd[c]) : 1;
    }
    return new double[][] {mean, sd};
  }

  static double[] standardise(double[] x, int d, double[][] stats) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      int c = i % d;
      out[i] = (x[i] - stats[0][c]) / stats[1][c];
    }
    return out;
  }

  /** The accuracy of always predicting the most frequent training label, on the test labels. */
  static double chance(int[] trainY, int[] testY, int classes) {
    int[] counts = new int[classes];
    for (int v : trainY) {
      counts[v]++;
    }
    int best = 0;
    for (int k = 1; k < classes; k++) {
      if (counts[k] > counts[best]) {
        best = k;
      }
    }
    int hit = 0;
    for (int v : testY) {
      hit += v == best ? 1 : 0;
    }
    return (double) hit / testY.length;
  }
}

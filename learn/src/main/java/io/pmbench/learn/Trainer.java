package io.pmbench.learn;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import io.pmbench.experiments.learn.TrainingListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Trains an {@link EmbeddingNet} on the train split of a data set of square images and embeds
 * both splits. Only {@code data.train()}'s labels are read; the test split is only embedded.
 * Every random draw comes from a stream of the root seed named by its use: ("learn", "init")
 * for the weights, ("learn", "epoch", e) for the order and shifts of epoch e.
 */
final class Trainer {
  private Trainer() {}

  /**
   * What training produced.
   *
   * @param train the train split's features, {@code rows × embedding}
   * @param test the test split's features
   * @param lossCurve the mean training loss of each epoch
   * @param epochSeconds each epoch's wall time
   * @param parameters the trainable parameter count
   */
  record Outcome(Architecture architecture, float[] train, float[] test, double[] lossCurve, double[] epochSeconds,
      long parameters) {}

  /** The side of a square image of {@code dimension} pixels. */
  static int side(FeatureSet data) {
    int d = data.dimension();
    int side = (int) Math.round(Math.sqrt(d));
    if (side * side != d || side < 4) {
      throw new IllegalArgumentException("--dataset " + data.name() + ": features learn needs rows that are square "
          + "grey images (dimension side x side, e.g. 784 = 28 x 28); dimension " + d + " is not");
    }
    return side;
  }

  static Outcome train(FeatureSet data, TrainingConfig cfg, long seed, TrainingListener listener) {
    int side = side(data);
    LabelledSet train = data.train();
    int[] y = trainClasses(train.labels());
    int classes = Arrays.stream(y).max().orElse(0) + 1;
    Architecture arch = new Architecture(side, cfg.channels(), cfg.embedding(), classes, cfg.loss(), cfg.scale());
    float[] x = pixels(train);
    float[] xTest = pixels(data.test());
    double[] curve = new double[cfg.epochs()];
    double[] seconds = new double[cfg.epochs()];
    int n = y.length;
    int px = side * side;
    try (EmbeddingNet net = new EmbeddingNet(arch, Seeds.stream(seed, "learn", "init"), cfg.learningRate())) {
      int steps = (n + cfg.batch() - 1) / cfg.batch();
      for (int e = 0; e < cfg.epochs(); e++) {
        long start = System.nanoTime();
        listener.epochStarted(e + 1, cfg.epochs(), steps);
        SplittableRandom rng = Seeds.stream(seed, "learn", "epoch", e);
        int[] order = Seeds.sampleWithoutReplacement(n, n, rng);
        double sum = 0;
        for (int s = 0; s < steps; s++) {
          int from = s * cfg.batch();
          int rows = Math.min(cfg.batch(), n - from);
          float[] bx = new float[rows * px];
          int[] by = new int[rows];
          for (int i = 0; i < rows; i++) {
            int r = order[from + i];
            shift(x, r * px, side, bx, i * px, rng.nextInt(2 * cfg.maxShift() + 1) - cfg.maxShift(),
                rng.nextInt(2 * cfg.maxShift() + 1) - cfg.maxShift());
            by[i] = y[r];
          }
          sum += net.trainStep(bx, by) * (double) rows;
          listener.step();
        }
        curve[e] = sum / n;
        seconds[e] = (System.nanoTime() - start) / 1e9;
        listener.epochFinished(e + 1, curve[e], seconds[e]);
      }
      return new Outcome(arch, net.embed(x, n), net.embed(xTest, data.test().size()), curve, seconds, net.parameters());
    }
  }

  /** The train labels renumbered 0..C-1 in increasing order (the head has one output per train class). */
  static int[] trainClasses(int[] labels) {
    TreeMap<Integer, Integer> index = new TreeMap<>();
    Arrays.stream(labels).sorted().distinct().forEach(l -> index.put(l, index.size()));
    return Arrays.stream(labels).map(index::get).toArray();
  }

  /** The rows as network input: each unit-norm row times √d, so a pixel's mean square is 1. */
  static float[] pixels(LabelledSet split) {
    float[] src = split.features().data();
    float[] out = new float[split.size() * split.dimension()];
    float scale = (float) Math.sqrt(split.dimension());
    for (int i = 0; i < out.length; i++) {
      out[i] = src[i] * scale;
    }
    return out;
  }

  /** Copies the image at {@code src[from..]} into {@code dst[to..]} moved by (dx, dy), zero-filled. */
  static void shift(float[] src, int from, int side, float[] dst, int to, int dx, int dy) {
    for (int r = 0; r < side; r++) {
      int sr = r - dy;
      if (sr < 0 || sr >= side) {
        continue;
      }
      int c0 = Math.max(0, dx);
      int c1 = Math.min(side, side + dx);
      if (c1 > c0) {
        System.arraycopy(src, from + sr * side + c0 - dx, dst, to + r * side + c0, c1 - c0);
      }
    }
  }
}

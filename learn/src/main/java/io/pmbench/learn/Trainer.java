package io.pmbench.learn;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import io.pmbench.experiments.learn.TrainingListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Trains an {@link EmbeddingNet} on the train split of a data set of square images (or, through
 * {@link HeadTrainer}, a projection head on frozen features) and embeds both splits. Only
 * {@code data.train()}'s labels are read; the test split is only embedded.
 * Every random draw comes from a stream of the root seed named by its use: ("learn", "init")
 * for the weights, ("learn", "epoch", e) for the order and shifts of epoch e.
 */
final class Trainer {
  private Trainer() {}

  /**
   * What training produced.
   *
   * @param architecture the network in one line (provenance)
   * @param embedding the features' dimension
   * @param classes the train classes the loss ran over
   * @param train the train split's features, {@code rows × embedding}
   * @param test the test split's features
   * @param lossCurve the mean training loss of each epoch
   * @param epochSeconds each epoch's wall time
   * @param parameters the trainable parameter count
   */
  record Outcome(String architecture, int embedding, int classes, float[] train, float[] test, double[] lossCurve,
      double[] epochSeconds, long parameters) {}

  /** Copies row {@code row} of {@code x} into a batch at {@code to}, possibly altered with draws from {@code rng}. */
  @FunctionalInterface
  interface RowCopy {
    void copy(float[] x, int row, float[] batch, int to, SplittableRandom rng);
  }

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
    int[] y = trainClasses(data.train().labels());
    Architecture arch = new Architecture(side, cfg.channels(), cfg.embedding(), classes(y), cfg.loss(), cfg.scale());
    int px = side * side;
    int m = cfg.maxShift();
    RowCopy shifted = (x, r, batch, to, rng) -> shift(x, r * px, side, batch, to, rng.nextInt(2 * m + 1) - m,
        rng.nextInt(2 * m + 1) - m);
    try (EmbeddingNet net = new EmbeddingNet(arch, Seeds.stream(seed, "learn", "init"), cfg.learningRate())) {
      return fit(net, arch.describe(), arch.embedding(), data, y, cfg.epochs(), cfg.batch(), shifted,
          e -> Seeds.stream(seed, "learn", "epoch", e), listener);
    }
  }

  /** The number of train classes of labels renumbered by {@link #trainClasses}. */
  static int classes(int[] trainClasses) {
    return Arrays.stream(trainClasses).max().orElse(0) + 1;
  }

  /**
   * Trains {@code net} for {@code epochs} passes over {@code data.train()} (its labels renumbered
   * as {@code y}) in batches of {@code batch}, in the order drawn from stream {@code epochStream(e)}
   * of epoch e, which {@code copy} may draw from too; then embeds both splits. The test split's
   * rows are read only after the last step.
   */
  static Outcome fit(EmbeddingNet net, String architecture, int embedding, FeatureSet data, int[] y, int epochs,
      int batch, RowCopy copy, IntFunction<SplittableRandom> epochStream,
      TrainingListener listener) {
    float[] x = scaled(data.train());
    int width = data.dimension();
    double[] curve = new double[epochs];
    double[] seconds = new double[epochs];
    int n = y.length;
    int steps = (n + batch - 1) / batch;
    for (int e = 0; e < epochs; e++) {
      long start = System.nanoTime();
      listener.epochStarted(e + 1, epochs, steps);
      SplittableRandom rng = epochStream.apply(e);
      int[] order = Seeds.sampleWithoutReplacement(n, n, rng);
      double sum = 0;
      for (int s = 0; s < steps; s++) {
        int from = s * batch;
        int rows = Math.min(batch, n - from);
        float[] bx = new float[rows * width];
        int[] by = new int[rows];
        for (int i = 0; i < rows; i++) {
          int r = order[from + i];
          copy.copy(x, r, bx, i * width, rng);
          by[i] = y[r];
        }
        sum += net.trainStep(bx, by) * (double) rows;
        listener.step();
      }
      curve[e] = sum / n;
      seconds[e] = (System.nanoTime() - start) / 1e9;
      listener.epochFinished(e + 1, curve[e], seconds[e]);
    }
    return new Outcome(architecture, embedding, classes(y), net.embed(x, n),
        net.embed(scaled(data.test()), data.test().size()), curve, seconds, net.parameters());
  }

  /** The train labels renumbered 0..C-1 in increasing order (the head has one output per train class). */
  static int[] trainClasses(int[] labels) {
    TreeMap<Integer, Integer> index = new TreeMap<>();
    Arrays.stream(labels).sorted().distinct().forEach(l -> index.put(l, index.size()));
    return Arrays.stream(labels).map(index::get).toArray();
  }

  /** The rows as network input: each unit-norm row times √d, so an entry's mean square is 1. */
  static float[] scaled(LabelledSet split) {
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

package io.pmbench.learn;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;
import io.pmbench.experiments.learn.TestSplitRecall;
import io.pmbench.experiments.learn.TrainingListener;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Trains a projection head on frozen features ({@link EmbeddingNet#head}: linear, or one hidden
 * layer) on the
 * train split's rows and classes only, and projects both splits. The input rows are those of the
 * data set (unit rows times √d, as the CNN's input) and are never changed; only the head's weight,
 * bias and the proxies are trained. The test split is read only after the last step (its labels
 * never). Every random draw comes from a stream of the root seed named by its use: ("learn-head",
 * "init") for the weights and proxies, ("learn-head", "epoch", e) for the order of epoch e.
 */
final class HeadTrainer {
  private HeadTrainer() {}

  /** The share of train classes {@link #selectEpochs} holds out: one in this many (at least 2 classes). */
  static final int HELD_OUT_EVERY = 5;

  /**
   * The epoch count {@link #selectEpochs} chose.
   *
   * @param epochs the first epoch count with the highest held-out Recall@1
   * @param heldOutRecall Recall@1 on the held-out classes after each epoch 1..max
   * @param heldOutClasses the held-out train classes, as indices 0..C-1 of the train labels in increasing order
   * @param heldOutRows their rows
   */
  record Selection(int epochs, double[] heldOutRecall, int[] heldOutClasses, int heldOutRows) {}

  /**
   * Chooses the epoch count without the test split: holds out every {@value #HELD_OUT_EVERY}th
   * train class (at least 2; which ones drawn from stream ("learn-head", "held-out")), trains a
   * head on the other train classes for {@code maxEpochs} (weights from ("learn-head",
   * "select-init"), order from ("learn-head", "select-epoch", e)), and after each epoch measures
   * Recall@1 over the held-out rows, each against the others. Class-disjoint, like the test split.
   */
  static Selection selectEpochs(FeatureSet data, HeadConfig cfg, int maxEpochs, long seed,
      TrainingListener listener) {
    LabelledSet train = data.train();
    int[] y = Trainer.trainClasses(train.labels());
    int classes = Trainer.classes(y);
    int held = Math.max(2, classes / HELD_OUT_EVERY);
    if (classes - held < 2) {
      throw new IllegalArgumentException("--dataset " + data.name() + ": --select-epochs needs a train split with >= "
          + "4 classes (2 held out, 2 trained on); it has " + classes);
    }
    boolean[] out = new boolean[classes];
    for (int c : Seeds.sampleWithoutReplacement(classes, held, Seeds.stream(seed, "learn-head", "held-out"))) {
      out[c] = true;
    }
    int[] fitRows = IntStream.range(0, y.length).filter(r -> !out[y[r]]).toArray();
    int[] heldRows = IntStream.range(0, y.length).filter(r -> out[y[r]]).toArray();
    FeatureSet inner = new FeatureSet(data.name(), train.select(fitRows), train.select(heldRows), data.numClasses(),
        data.defaults(), data.sha256(), data.fileChecksums(), data.licence());
    int[] yFit = Trainer.trainClasses(inner.train().labels());
    float[] heldX = Trainer.scaled(inner.test());
    double[] recall = new double[maxEpochs];
    int k = cfg.embedding();
    try (EmbeddingNet net = EmbeddingNet.head(data.dimension(), cfg.hidden(), k, classes - held, cfg.scale(),
        Seeds.stream(seed, "learn-head", "select-init"), cfg.learningRate())) {
      TrainingListener probe = new TrainingListener() {
        @Override
        public void epochStarted(int epoch, int epochs, int steps) {
          listener.epochStarted(epoch, epochs, steps);
        }

        @Override
        public void step() {
          listener.step();
        }

        @Override
        public void epochFinished(int epoch, double meanLoss, double seconds) {
          LabelledSet projected = new LabelledSet(new FeatureMatrix(net.embed(heldX, heldRows.length), heldRows.length,
              k), inner.test().labels());
          recall[epoch - 1] = TestSplitRecall.of(projected, new int[] {1})[0];
          listener.epochFinished(epoch, meanLoss, seconds);
          listener.message(String.format(Locale.ROOT, "held-out Recall@1 %.3f", recall[epoch - 1]));
        }
      };
      Trainer.fit(net, "selection", k, inner, yFit, maxEpochs, cfg.batch(), copy(data.dimension()),
          e -> Seeds.stream(seed, "learn-head", "select-epoch", e), probe);
    }
    int best = 0;
    for (int e = 1; e < maxEpochs; e++) {
      best = recall[e] > recall[best] ? e : best;
    }
    int[] heldClasses = IntStream.range(0, classes).filter(c -> out[c]).toArray();
    return new Selection(best + 1, recall, heldClasses, heldRows.length);
  }

  /** Rows copied unchanged into a batch. */
  private static Trainer.RowCopy copy(int d) {
    return (x, r, batch, to, rng) -> System.arraycopy(x, r * d, batch, to, d);
  }

  static Trainer.Outcome train(FeatureSet data, HeadConfig cfg, long seed, TrainingListener listener) {
    int d = data.dimension();
    int[] y = Trainer.trainClasses(data.train().labels());
    int classes = Trainer.classes(y);
    if (classes < 2) {
      throw new IllegalArgumentException("--dataset " + data.name() + ": features learn --head needs a train split "
          + "with >= 2 classes; it has " + classes);
    }
    String layers = cfg.hidden() == 0 ? "linear(" + d + " -> " + cfg.embedding() + ")"
        : "dense(" + d + " -> " + cfg.hidden() + ")-relu -> linear(" + cfg.hidden() + " -> " + cfg.embedding() + ")";
    String architecture = String.format(Locale.ROOT, "frozen features (%d-d, unit rows x sqrt(%d)) -> %s"
        + " -> L2-normalise; loss %s (scale %s) over %d train classes", d, d, layers, Loss.NORM_SOFTMAX.id(),
        cfg.scale(), classes);
    try (EmbeddingNet net = EmbeddingNet.head(d, cfg.hidden(), cfg.embedding(), classes, cfg.scale(),
        Seeds.stream(seed, "learn-head", "init"), cfg.learningRate())) {
      return Trainer.fit(net, architecture, cfg.embedding(), data, y, cfg.epochs(), cfg.batch(), copy(d),
          e -> Seeds.stream(seed, "learn-head", "epoch", e), listener);
    }
  }
}

package io.pmbench.learn;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.random.Seeds;
import io.pmbench.experiments.learn.TrainingListener;
import java.util.Locale;

/**
 * Trains a linear projection head on frozen features ({@link EmbeddingNet#linearHead}) on the
 * train split's rows and classes only, and projects both splits. The input rows are those of the
 * data set (unit rows times √d, as the CNN's input) and are never changed; only the head's weight,
 * bias and the proxies are trained. The test split is read only after the last step (its labels
 * never). Every random draw comes from a stream of the root seed named by its use: ("learn-head",
 * "init") for the weights and proxies, ("learn-head", "epoch", e) for the order of epoch e.
 */
final class HeadTrainer {
  private HeadTrainer() {}

  static Trainer.Outcome train(FeatureSet data, HeadConfig cfg, long seed, TrainingListener listener) {
    int d = data.dimension();
    int[] y = Trainer.trainClasses(data.train().labels());
    int classes = Trainer.classes(y);
    if (classes < 2) {
      throw new IllegalArgumentException("--dataset " + data.name() + ": features learn --head needs a train split "
          + "with >= 2 classes; it has " + classes);
    }
    String architecture = String.format(Locale.ROOT, "frozen features (%d-d, unit rows x sqrt(%d)) -> linear(%d -> %d)"
        + " -> L2-normalise; loss %s (scale %s) over %d train classes", d, d, d, cfg.embedding(),
        Loss.NORM_SOFTMAX.id(), cfg.scale(), classes);
    Trainer.RowCopy plain = (x, r, batch, to, rng) -> System.arraycopy(x, r * d, batch, to, d);
    try (EmbeddingNet net = EmbeddingNet.linearHead(d, cfg.embedding(), classes, cfg.scale(),
        Seeds.stream(seed, "learn-head", "init"), cfg.learningRate())) {
      return Trainer.fit(net, architecture, cfg.embedding(), data, y, cfg.epochs(), cfg.batch(), plain,
          e -> Seeds.stream(seed, "learn-head", "epoch", e), listener);
    }
  }
}

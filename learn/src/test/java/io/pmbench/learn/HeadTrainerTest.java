package io.pmbench.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.experiments.learn.TrainingListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The projection head on frozen features: two runs with one seed give bit-identical projections
 * and loss curves (another seed gives others); it reads only the train split's rows and labels
 * (a test split poisoned with other rows and train-class labels leaves the trained head, hence the
 * train projections and the loss, bit for bit unchanged); the loss falls; the projections are unit
 * rows of the head's dimension. If a TensorFlow op ran on several threads or drew its own random
 * numbers, the first test would fail; if any test row or label reached a training step, the
 * second would.
 */
class HeadTrainerTest {
  /** 6 classes of 16-d unit rows, class-disjoint: train holds classes 0..2, test 3..5. */
  static final String SPEC = "synthetic:train=90,test=60,d=16,classes=6,spread=0.8,split=class,seed=4";

  private static HeadConfig config(int epochs) {
    return HeadConfig.defaults(8, 0, 90).withEpochs(epochs);
  }

  @Test
  void train_twiceWithOneSeed_bitIdenticalProjectionsAndLoss() {
    FeatureSet data = Datasets.load(SPEC);
    Trainer.Outcome a = HeadTrainer.train(data, config(4), 5, TrainingListener.NONE);
    Trainer.Outcome b = HeadTrainer.train(data, config(4), 5, TrainingListener.NONE);
    assertArrayEquals(a.train(), b.train());
    assertArrayEquals(a.test(), b.test());
    assertArrayEquals(a.lossCurve(), b.lossCurve());
    Trainer.Outcome c = HeadTrainer.train(data, config(4), 6, TrainingListener.NONE);
    assertFalse(Arrays.equals(a.test(), c.test()), "another seed, other weights");
  }

  @Test
  void train_poisonedTestSplit_headUnchanged() {
    FeatureSet data = Datasets.load(SPEC);
    FeatureSet poisonedSet = poisoned(data);
    Trainer.Outcome clean = HeadTrainer.train(data, config(3), 2, TrainingListener.NONE);
    Trainer.Outcome dirty = HeadTrainer.train(poisonedSet, config(3), 2, TrainingListener.NONE);
    assertArrayEquals(clean.train(), dirty.train(), "train projections depend on the test split");
    assertArrayEquals(clean.lossCurve(), dirty.lossCurve());
    assertFalse(Arrays.equals(clean.test(), dirty.test()), "the test split is projected, so it must differ");
    assertEquals(3, clean.classes(), "loss over the train classes only");
  }

  /**
   * The choice of epochs reads neither the test split (a poisoned one changes nothing) nor
   * anything unseeded (a rerun chooses the same); it holds out 2 of the 6 train classes, and its
   * held-out recall is a recall.
   */
  @Test
  void selectEpochs_poisonedTestSplitAndRerun_sameChoice() {
    FeatureSet data = Datasets.load(SIX_TRAIN_CLASSES);
    HeadTrainer.Selection a = HeadTrainer.selectEpochs(data, config(1), 6, 3, TrainingListener.NONE);
    HeadTrainer.Selection b = HeadTrainer.selectEpochs(poisoned(data), config(1), 6, 3, TrainingListener.NONE);
    assertArrayEquals(a.heldOutRecall(), b.heldOutRecall());
    assertEquals(a.epochs(), b.epochs());
    assertEquals(2, a.heldOutClasses().length);
    assertEquals(6, a.heldOutRecall().length);
    assertTrue(Arrays.stream(a.heldOutRecall()).allMatch(r -> r >= 0 && r <= 1), Arrays.toString(a.heldOutRecall()));
    assertEquals(Arrays.stream(a.heldOutRecall()).max().orElseThrow(), a.heldOutRecall()[a.epochs() - 1]);
  }

  /** 12 classes, class-disjoint: 6 train classes, enough to hold 2 out. */
  static final String SIX_TRAIN_CLASSES = "synthetic:train=120,test=60,d=16,classes=12,spread=0.8,split=class,seed=4";

  /** {@code data} with a test split of other rows, every label a train class. */
  private static FeatureSet poisoned(FeatureSet data) {
    LabelledSet test = data.test();
    // other rows, and every label a train class: any leak into training would change the head
    SplittableRandom rng = new SplittableRandom(99);
    float[] junk = new float[test.size() * test.dimension()];
    for (int i = 0; i < junk.length; i++) {
      junk[i] = (float) rng.nextGaussian();
    }
    FeatureMatrix.normalizeInPlace(junk, test.size(), test.dimension(), "poison");
    LabelledSet poisoned = new LabelledSet(new FeatureMatrix(junk, test.size(), test.dimension()),
        new int[test.size()]);
    return new FeatureSet(data.name(), data.train(), poisoned, data.numClasses(), data.defaults(), data.sha256(),
        data.fileChecksums(), data.licence());
  }

  @Test
  void train_lossFallsAndProjectionsAreUnitRows() {
    FeatureSet data = Datasets.load(SPEC);
    Trainer.Outcome o = HeadTrainer.train(data, config(20), 1, TrainingListener.NONE);
    double[] curve = o.lossCurve();
    assertTrue(curve[curve.length - 1] < 0.5 * curve[0], Arrays.toString(curve));
    assertEquals(8, o.embedding());
    assertEquals(16 * 8 + 8 + 8 * 3, o.parameters(), "W, b and one proxy per train class");
    assertEquals(data.test().size() * 8, o.test().length);
    for (int r = 0; r < data.test().size(); r++) {
      double s = 0;
      for (int j = 0; j < 8; j++) {
        s += o.test()[r * 8 + j] * o.test()[r * 8 + j];
      }
      assertEquals(1.0, s, 1e-5);
    }
  }

  /** The hidden-layer head: as reproducible, and its parameters are W₁, b₁, W₂, b₂ and the proxies. */
  @Test
  void train_hiddenLayer_bitIdenticalTwiceWithItsParameterCount() {
    FeatureSet data = Datasets.load(SPEC);
    HeadConfig cfg = HeadConfig.defaults(8, 12, 90).withEpochs(3);
    Trainer.Outcome a = HeadTrainer.train(data, cfg, 5, TrainingListener.NONE);
    Trainer.Outcome b = HeadTrainer.train(data, cfg, 5, TrainingListener.NONE);
    assertArrayEquals(a.train(), b.train());
    assertArrayEquals(a.test(), b.test());
    assertEquals(16 * 12 + 12 + 12 * 8 + 8 + 8 * 3, a.parameters());
    assertTrue(a.architecture().contains("dense(16 -> 12)-relu -> linear(12 -> 8)"), a.architecture());
  }

  @Test
  void config_headBelowTwo_rejectedNamingTheOption() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HeadConfig.defaults(1, 0, 90));
    assertEquals("--head must be >= 2. Provided value: 1", e.getMessage());
  }

  @Test
  void net_graphHoldsNoRandomOp() {
    try (EmbeddingNet net = EmbeddingNet.head(16, 5, 4, 3, 16f, new SplittableRandom(1), 1e-3f)) {
      assertTrue(net.opTypes().stream().noneMatch(t -> t.contains("Random")), net.opTypes().toString());
    }
  }
}

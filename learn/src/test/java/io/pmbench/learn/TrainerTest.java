package io.pmbench.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.experiments.learn.TrainingListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training run: deterministic under the chosen settings (one TensorFlow thread, weights
 * drawn in Java), so two runs with one seed give bit-identical features and another seed gives
 * others; the loss falls; the features are unit rows; rows that are not square images are refused
 * in one line. If a TensorFlow op were scheduled on several threads, or the graph held a random
 * op seeded by TensorFlow, the first test would fail.
 */
class TrainerTest {
  @TempDir
  static Path tmp;
  private static FeatureSet data;

  @BeforeAll
  static void data() throws IOException {
    data = Datasets.load(TinyImages.write(tmp.resolve("tiny")));
  }

  private static TrainingConfig config(int epochs) {
    return TrainingConfig.defaults(data.train().size(), TinyImages.SIDE).withEpochs(epochs);
  }

  @Test
  void train_twiceWithOneSeed_bitIdenticalFeaturesAndLoss() {
    Trainer.Outcome a = Trainer.train(data, config(3), 5, TrainingListener.NONE);
    Trainer.Outcome b = Trainer.train(data, config(3), 5, TrainingListener.NONE);
    assertArrayEquals(a.train(), b.train());
    assertArrayEquals(a.test(), b.test());
    assertArrayEquals(a.lossCurve(), b.lossCurve());
    Trainer.Outcome c = Trainer.train(data, config(3), 6, TrainingListener.NONE);
    assertFalse(Arrays.equals(a.test(), c.test()), "another seed, other weights");
  }

  @Test
  void net_graphHoldsNoRandomOp() {
    Architecture arch = new Architecture(8, new int[] {4}, 4, 3, Loss.NORM_SOFTMAX, 16f);
    try (EmbeddingNet net = new EmbeddingNet(arch, new java.util.SplittableRandom(1), 1e-3f)) {
      assertTrue(net.opTypes().stream().noneMatch(t -> t.contains("Random")), net.opTypes().toString());
    }
  }

  @Test
  void train_lossFallsAndFeaturesAreUnitRows() {
    Trainer.Outcome o = Trainer.train(data, config(8), 1, TrainingListener.NONE);
    double[] curve = o.lossCurve();
    assertTrue(curve[curve.length - 1] < 0.5 * curve[0], Arrays.toString(curve));
    int k = o.embedding();
    assertEquals(data.test().size() * k, o.test().length);
    for (int r = 0; r < data.test().size(); r++) {
      double s = 0;
      for (int j = 0; j < k; j++) {
        s += o.test()[r * k + j] * o.test()[r * k + j];
      }
      assertEquals(1.0, s, 1e-5);
    }
    assertEquals(4, o.classes(), "head over the train classes only");
  }

  @Test
  void side_nonSquareRows_oneLineError() throws IOException {
    FeatureSet csv = Datasets.load("synthetic:n=40,d=10,classes=4");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trainer.side(csv));
    assertTrue(e.getMessage().contains("square") && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void shift_movesAndZeroFills() {
    float[] img = new float[16];
    for (int i = 0; i < 16; i++) {
      img[i] = i + 1;
    }
    float[] out = new float[16];
    Trainer.shift(img, 0, 4, out, 0, 1, -1);
    // row r of the output is row r+1 of the input, moved one column right
    assertArrayEquals(new float[] {0, 5, 6, 7, 0, 9, 10, 11, 0, 13, 14, 15, 0, 0, 0, 0}, out);
  }
}

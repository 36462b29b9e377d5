package io.pmbench.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.filter.Encoder;
import io.pmbench.filter.EncoderChoice;
import io.pmbench.filter.VaeEncoder;
import io.pmbench.filter.VaeTrainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The VAE of {@code pmbench filter --encoder vae}: a tiny training run is deterministic under the
 * chosen settings (weights, order and reparameterisation noise drawn in Java, one TensorFlow
 * thread, gated Adam), so two runs with one seed give bit-identical encoders and another seed
 * gives another; the graph holds no random op; the loss falls; the trainer is found through
 * ServiceLoader; the stored model loads back and is not retrained. If TensorFlow scheduled an op
 * on several threads, or drew ε itself, the first test would fail.
 */
class VaeTrainerTest {
  @TempDir
  static Path tmp;
  private static FeatureSet data;

  @BeforeAll
  static void writeTinyImages() throws IOException {
    data = Datasets.load(TinyImages.write(tmp.resolve("tiny-vae")));
  }

  private static VaeTrainer.Config tiny(int epochs, long seed) {
    return new VaeTrainer.Config(new int[] {16, 8}, 2, epochs, 16, 1e-3, seed);
  }

  @Test
  void train_twiceWithOneSeed_bitIdenticalEncoder() {
    FeatureMatrix x = data.train().features();
    VaeEncoder a = new TensorFlowVaeTrainer().train(x, tiny(2, 5), line -> { });
    VaeEncoder b = new TensorFlowVaeTrainer().train(x, tiny(2, 5), line -> { });
    Encoder.Posterior pa = a.posterior(data.test().features());
    Encoder.Posterior pb = b.posterior(data.test().features());
    assertArrayEquals(pa.mean(), pb.mean());
    assertArrayEquals(pa.variance(), pb.variance());
    assertEquals(a.header().get("loss_curve"), b.header().get("loss_curve"));
    VaeEncoder c = new TensorFlowVaeTrainer().train(x, tiny(2, 6), line -> { });
    assertFalse(Arrays.equals(pa.mean(), c.posterior(data.test().features()).mean()), "another seed, other weights");
    assertEquals(TinyImages.SIDE * TinyImages.SIDE + "-16-8-4", a.architecture());
  }

  @Test
  void net_graphHoldsNoRandomOp() {
    try (VaeNet net = new VaeNet(10, tiny(1, 1), new SplittableRandom(1))) {
      assertTrue(net.opTypes().stream().noneMatch(t -> t.contains("Random")), net.opTypes().toString());
      // encoder 10-16-8-(2+2), decoder 2-8-16-10
      assertEquals(10 * 16 + 16 + 16 * 8 + 8 + 2 * (8 * 2 + 2) + 2 * 8 + 8 + 8 * 16 + 16 + 16 * 10 + 10, net.parameters());
    }
  }

  @Test
  void train_lossFalls() {
    VaeEncoder e = new TensorFlowVaeTrainer().train(data.train().features(), tiny(12, 1), line -> { });
    double[] curve = Arrays.stream(e.header().get("loss_curve").split(",")).mapToDouble(Double::parseDouble).toArray();
    assertTrue(curve[curve.length - 1] < 0.9 * curve[0], Arrays.toString(curve)); // 125 -> 104 measured
  }

  @Test
  void encoderChoice_findsTheTrainer_trainsOnceThenLoadsTheStoredModel() throws IOException {
    assertInstanceOf(TensorFlowVaeTrainer.class, EncoderChoice.trainer().orElseThrow());
    assertEquals("vae", EncoderChoice.resolve(null, line -> { }), "vae is the default when the trainer is present");
    Path model = tmp.resolve("models").resolve("m.vae");
    FilterEncoders.Result first = FilterEncoders.load(data, model);
    assertTrue(first.log().contains("training"), first.log());
    assertTrue(Files.exists(model) && Files.exists(Path.of(model + ".txt")));
    FilterEncoders.Result second = FilterEncoders.load(data, model);
    assertTrue(second.log().contains("not retrained"), second.log());
    assertArrayEquals(first.encoder().posterior(data.test().features()).mean(),
        second.encoder().posterior(data.test().features()).mean());
    assertEquals(data.sha256(), second.encoder().header().get("dataset_sha256"));
  }

  /** Loads or trains through {@link EncoderChoice} with 2 latent dimensions and 1 epoch. */
  static final class FilterEncoders {
    record Result(VaeEncoder encoder, String log) {}

    static Result load(FeatureSet data, Path model) {
      StringBuilder log = new StringBuilder();
      io.pmbench.filter.FilterExperiment.Config cfg = new io.pmbench.filter.FilterExperiment.Config(2, 4,
          java.util.List.of(1.0), io.pmbench.filter.GameConfig.paper(1, 2, 1, io.pmbench.filter.GameConfig.Penalty.ONE_SIDED),
          0, new io.pmbench.filter.EvalConfig(1, 16, 1e-3, 4), 0, 1,
          java.util.List.of(io.pmbench.filter.LabelTask.case2()), 2, 1e-5, 1, 1);
      Encoder e = EncoderChoice.source("vae", cfg, new EncoderChoice.VaeOptions(Optional.of(model), 1, 1),
          line -> log.append(line).append('\n')).apply(data);
      return new Result((VaeEncoder) e, log.toString());
    }
  }

  @Test
  @Tag("slow")
  void train_fashionMnistSizedNet_twoEpochsBitIdentical() {
    // the paper's 784-300-300-20 on 2,000 random 28 x 28 rows, two runs
    SplittableRandom rng = new SplittableRandom(3);
    float[] x = new float[2000 * 784];
    for (int i = 0; i < x.length; i++) {
      x[i] = rng.nextDouble() < 0.3 ? (float) rng.nextDouble() : 0;
    }
    FeatureMatrix m = new FeatureMatrix(x, 2000, 784);
    VaeEncoder a = new TensorFlowVaeTrainer().train(m, VaeTrainer.Config.paper(10, 2, 1), line -> { });
    VaeEncoder b = new TensorFlowVaeTrainer().train(m, VaeTrainer.Config.paper(10, 2, 1), line -> { });
    assertArrayEquals(a.posterior(m).mean(), b.posterior(m).mean());
    assertEquals("784-300-300-20", a.architecture());
  }
}

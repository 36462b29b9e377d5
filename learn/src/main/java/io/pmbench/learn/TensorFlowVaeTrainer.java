package io.pmbench.learn;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.random.Seeds;
import io.pmbench.filter.VaeEncoder;
import io.pmbench.filter.VaeTrainer;
import io.pmbench.runs.CodeVersion;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.tensorflow.TensorFlow;

/**
 * {@code pmbench filter --encoder vae}'s trainer: the paper's VAE ({@link VaeNet}) trained with
 * TensorFlow Java on every training row, Adam (the paper's 0.001, batch 128) for the configured
 * epochs. Every random draw comes from a stream of the root seed named by its use: ("vae",
 * "init") for the weights, ("vae", "epoch", e) for the order and the reparameterisation noise of
 * epoch e. Returns the encoder with a provenance header (architecture, seed, epochs, loss curve,
 * wall time, TensorFlow version, thread settings).
 */
public final class TensorFlowVaeTrainer implements VaeTrainer {
  @Override
  public String description() {
    return "TensorFlow Java " + TensorFlowLearner.javaApiVersion() + " (native " + TensorFlow.version() + ", "
        + "one thread)";
  }

  @Override
  public VaeEncoder train(FeatureMatrix train, Config cfg, Consumer<String> progress) {
    int n = train.rows();
    int d = train.cols();
    int q = cfg.latentDim();
    float[] inputs = VaeEncoder.inputs(train);
    double[] curve = new double[cfg.epochs()];
    double[] seconds = new double[cfg.epochs()];
    long start = System.nanoTime();
    try (VaeNet net = new VaeNet(d, cfg, Seeds.stream(cfg.seed(), "vae", "init"))) {
      int steps = (n + cfg.batch() - 1) / cfg.batch();
      for (int e = 0; e < cfg.epochs(); e++) {
        long t = System.nanoTime();
        SplittableRandom rng = Seeds.stream(cfg.seed(), "vae", "epoch", e);
        int[] order = Seeds.sampleWithoutReplacement(n, n, rng);
        double sum = 0;
        for (int s = 0; s < steps; s++) {
          int from = s * cfg.batch();
          int rows = Math.min(cfg.batch(), n - from);
          float[] bx = new float[rows * d];
          float[] noise = new float[rows * q];
          for (int i = 0; i < rows; i++) {
            System.arraycopy(inputs, order[from + i] * d, bx, i * d, d);
          }
          for (int i = 0; i < noise.length; i++) {
            noise[i] = (float) Seeds.gaussian(rng);
          }
          sum += net.trainStep(bx, noise, rows) * (double) rows;
        }
        curve[e] = sum / n;
        seconds[e] = (System.nanoTime() - t) / 1e9;
        progress.accept(String.format(Locale.ROOT, "VAE epoch %d/%d: negative ELBO %.3f per row (%.1f s)", e + 1,
            cfg.epochs(), curve[e], seconds[e]));
      }
      float[][][] wb = net.encoderWeights();
      int[] widths = new int[cfg.hidden().length + 2];
      widths[0] = d;
      System.arraycopy(cfg.hidden(), 0, widths, 1, cfg.hidden().length);
      widths[widths.length - 1] = 2 * q;
      double wall = (System.nanoTime() - start) / 1e9;
      return VaeEncoder.of(widths, wb[0], wb[1], header(cfg, d, n, net.parameters(), curve, seconds, wall));
    }
  }

  private Map<String, String> header(Config cfg, int d, int n, long parameters, double[] curve, double[] seconds,
      double wall) {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("architecture", "encoder " + cfg.architecture(d) + " (FC-ELU-FC-ELU-FC, last layer split into mean and log "
        + "variance), decoder " + new StringBuilder().append(cfg.latentDim()).append(reversed(cfg.hidden())).append('-')
        .append(d) + " (Bernoulli logits); the paper's section 6.7.1");
    h.put("parameters", Long.toString(parameters));
    h.put("loss", "negative ELBO: sum over pixels of binary cross-entropy + KL(N(mu, sigma^2) || N(0, I)), mean over "
        + "the batch (section 6.2); no decoder-Lipschitz term (eq. 14)");
    h.put("input", "each row divided by its largest entry (grey levels in [0, 1])");
    h.put("optimiser", "Adam lr " + cfg.learningRate() + ", beta1 0.9, beta2 0.999, eps 1e-8; batch " + cfg.batch());
    h.put("seed", Long.toString(cfg.seed()));
    h.put("epochs", Integer.toString(cfg.epochs()));
    h.put("train_rows_used", Integer.toString(n));
    h.put("loss_curve", join(curve));
    h.put("epoch_seconds", join(seconds));
    h.put("wall_seconds", String.format(Locale.ROOT, "%.1f", wall));
    h.put("tensorflow", description());
    h.put("threads", GatedAdam.threadSettings());
    h.put("determinism", "initial weights, batch order and reparameterisation noise drawn in Java from the seed; one "
        + "TensorFlow thread; every Adam update after every gradient");
    h.put("code_version", CodeVersion.current());
    h.put("java", System.getProperty("java.version") + " " + System.getProperty("os.arch"));
    return h;
  }

  private static String reversed(int[] hidden) {
    StringBuilder sb = new StringBuilder();
    for (int i = hidden.length - 1; i >= 0; i--) {
      sb.append('-').append(hidden[i]);
    }
    return sb.toString();
  }

  private static String join(double[] v) {
    return Arrays.stream(v).mapToObj(x -> String.format(Locale.ROOT, "%.4f", x)).collect(Collectors.joining(","));
  }
}

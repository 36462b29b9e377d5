package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureMatrix;
import java.util.function.Consumer;

/**
 * Trains the paper's VAE (§6.2, §6.7.1) and returns its encoder. The implementation lives in the
 * optional {@code learn} module (TensorFlow Java) and is found through {@link
 * java.util.ServiceLoader}; the filter module and the default build do not depend on it.
 */
public interface VaeTrainer {
  /**
   * The training settings.
   *
   * @param hidden the hidden layers' widths of encoder and decoder (paper: 300, 300)
   * @param latentDim q (paper: 10, the encoder's last layer 2q = 20)
   * @param epochs passes over the training rows
   * @param batch mini-batch size (paper: 128)
   * @param learningRate Adam's step size (paper: 0.001)
   * @param seed the root seed of the initial weights, batch order and reparameterisation noise
   */
  record Config(int[] hidden, int latentDim, int epochs, int batch, double learningRate, long seed) {
    public Config {
      hidden = hidden.clone();
      Preconditions.require(hidden.length >= 1, "VAE hidden layers", ">= 1", hidden.length);
      for (int h : hidden) {
        Preconditions.positive(h, "VAE hidden width");
      }
      Preconditions.positive(latentDim, "VAE latent dimension");
      Preconditions.positive(epochs, "vaeEpochs");
      Preconditions.positive(batch, "VAE batch size");
      Preconditions.positiveFinite(learningRate, "VAE learning rate");
    }

    /** The paper's MNIST VAE: hidden 300, 300; batch 128; Adam 0.001 (§6.7.1, §6.7.4). */
    public static Config paper(int latentDim, int epochs, long seed) {
      return new Config(new int[] {300, 300}, latentDim, epochs, 128, 1e-3, seed);
    }

    /** "784-300-300-20" for input dimension {@code d}. */
    public String architecture(int d) {
      StringBuilder sb = new StringBuilder().append(d);
      for (int h : hidden) {
        sb.append('-').append(h);
      }
      return sb.append('-').append(2 * latentDim).toString();
    }
  }

  /** What the trainer is, one line ("TensorFlow Java 1.1.0 ..."). */
  String description();

  /**
   * Trains on {@code train} (inputs {@link VaeEncoder#inputs}) and returns the encoder, its
   * header carrying the architecture, settings, loss curve and wall time.
   *
   * @param progress receives one line per epoch
   */
  VaeEncoder train(FeatureMatrix train, Config cfg, Consumer<String> progress);
}

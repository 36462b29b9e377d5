package io.pmbench.filter;

import io.pmbench.core.data.FeatureMatrix;
import java.util.Map;
import java.util.Optional;

/**
 * The filter experiment's fixed encoder: for each row x a Gaussian N(μ(x), diag σ²(x)) over a
 * q-dimensional latent (seed paper §6.3.1). The released latent is μ(x); the distortion of a
 * release z̃ is ½‖z̃ − μ(x)‖² in the norm of diag σ²(x)⁻¹ ({@link GaussianKl}).
 *
 * <p>Two implementations: {@link PpcaEncoder} (probabilistic PCA, one covariance for every row)
 * and {@link VaeEncoder} (the paper's VAE encoder, a covariance per row), chosen with {@code
 * pmbench filter --encoder} ({@link EncoderChoice}).
 */
public interface Encoder {
  /**
   * The posterior of each row.
   *
   * @param mean μ(x) per row, row-major n × q
   * @param variance the diagonal of σ²(x) per row, row-major n × q, every entry &gt; 0
   */
  record Posterior(double[] mean, double[] variance) {}

  /** The command-line name: "ppca" or "vae". */
  String name();

  /** The encoder column of every CSV row, e.g. "probabilistic PCA (not the paper's VAE)". */
  String column();

  /** The statement every report and the console carry about the encoder. */
  String note();

  int inputDim();

  int latentDim();

  /** The posterior of every row of {@code x}. */
  Posterior posterior(FeatureMatrix x);

  /**
   * The encoder's covariance when it is the same for every row (PPCA's σ²M⁻¹, row-major q × q);
   * empty when it depends on the row (the VAE).
   */
  Optional<double[]> sharedCovariance();

  /** What the encoder is, for provenance.json (architecture, training, file and its checksum). */
  Map<String, Object> provenance();
}

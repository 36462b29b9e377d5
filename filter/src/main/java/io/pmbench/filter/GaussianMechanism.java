package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * The paper's baseline (its eq. 22): z̃ = z + N(0, s²I) on the latent, with s chosen so that the
 * expected distortion ½ E‖z̃ − z‖²_{Σ⁻¹} = ½ s² tr(Σ⁻¹) equals a given value ({@link
 * GaussianKl#gaussianScale}) — "the Gaussian mechanism at the same expected distortion".
 */
public final class GaussianMechanism {
  private GaussianMechanism() {}

  /** z + s·N(0, I), fresh noise per row and coordinate from {@code rng} (row-major n × d). */
  public static double[] release(double[] z, double s, SplittableRandom rng) {
    Preconditions.nonNegativeFinite(s, "Gaussian noise scale s");
    double[] out = new double[z.length];
    for (int i = 0; i < z.length; i++) {
      out[i] = z[i] + s * Seeds.gaussian(rng);
    }
    return out;
  }
}

package io.pmbench.learn;

/**
 * How the projection head on frozen features is trained ({@link HeadTrainer}): a linear map
 * {@code d → embedding} or one hidden ReLU layer {@code d → hidden → embedding}, L2-normalised,
 * under {@link Loss#NORM_SOFTMAX}, by Adam.
 *
 * @param embedding the learned features' dimension ({@code --head})
 * @param hidden the hidden layer's width ({@code --hidden}), 0 for a linear head
 * @param epochs passes over the train split
 * @param batch rows per Adam step (the last step of an epoch takes the remainder)
 * @param learningRate Adam's step size
 * @param scale the cosine logits' scale
 */
public record HeadConfig(int embedding, int hidden, int epochs, int batch, float learningRate, float scale) {
  public HeadConfig {
    if (embedding < 2) {
      throw new IllegalArgumentException("--head must be >= 2. Provided value: " + embedding);
    }
    if (hidden < 0) {
      throw new IllegalArgumentException("--hidden must be >= 1 (or absent). Provided value: " + hidden);
    }
    if (epochs < 1 || batch < 1) {
      throw new IllegalArgumentException("epochs and batch must be >= 1. Provided value: " + epochs + ", " + batch);
    }
    if (!(learningRate > 0) || !(scale > 0)) {
      throw new IllegalArgumentException("learningRate and scale must be > 0. Provided value: " + learningRate + ", "
          + scale);
    }
  }

  /** Rows seen by default: {@code epochs} is the smallest count reaching it, at least {@link #MIN_EPOCHS}. */
  public static final long DEFAULT_ROWS = 80_000;
  /** The fewest epochs by default. */
  public static final int MIN_EPOCHS = 2;

  /**
   * pmbench's defaults for a head of {@code embedding} dimensions on {@code trainRows} rows: the
   * CNN's batch (64), Adam step (10⁻³), loss scale (16) and rows seen (80,000).
   */
  public static HeadConfig defaults(int embedding, int hidden, int trainRows) {
    int epochs = (int) Math.max(MIN_EPOCHS, (DEFAULT_ROWS + trainRows - 1) / Math.max(1, trainRows));
    return new HeadConfig(embedding, hidden, epochs, 64, 1e-3f, 16f);
  }

  /** The same with another epoch count. */
  public HeadConfig withEpochs(int n) {
    return new HeadConfig(embedding, hidden, n, batch, learningRate, scale);
  }

  @Override
  public String toString() {
    return "epochs=" + epochs + ", batch=" + batch + ", adam lr=" + learningRate + ", loss=" + Loss.NORM_SOFTMAX.id()
        + " scale=" + scale + (hidden > 0 ? ", hidden=" + hidden : "") + ", embedding=" + embedding;
  }
}

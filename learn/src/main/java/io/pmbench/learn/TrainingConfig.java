package io.pmbench.learn;

import java.util.Arrays;

/**
 * How the CNN is trained.
 *
 * @param epochs passes over the train split
 * @param batch images per Adam step (the last step of an epoch takes the remainder)
 * @param learningRate Adam's step size
 * @param maxShift each training image is shifted by a uniform whole number of pixels in
 *     [-maxShift, maxShift] along each axis, zero-filled (0 leaves images as they are)
 * @param loss the training loss
 * @param scale {@link Loss#NORM_SOFTMAX}'s logit scale
 * @param channels the convolution blocks' widths
 * @param embedding the feature dimension
 */
public record TrainingConfig(int epochs, int batch, float learningRate, int maxShift, Loss loss, float scale,
    int[] channels, int embedding) {
  public TrainingConfig {
    if (epochs < 1 || batch < 1) {
      throw new IllegalArgumentException("epochs and batch must be >= 1. Provided value: " + epochs + ", " + batch);
    }
    if (!(learningRate > 0) || maxShift < 0) {
      throw new IllegalArgumentException("learningRate must be > 0 and maxShift >= 0. Provided value: " + learningRate
          + ", " + maxShift);
    }
    channels = channels.clone();
  }

  /** Images seen by default: {@code epochs} is the smallest count reaching it, at least {@link #MIN_EPOCHS}. */
  public static final long DEFAULT_IMAGES = 80_000;
  /** The fewest epochs by default. */
  public static final int MIN_EPOCHS = 2;

  /** pmbench's defaults for a train split of {@code trainRows} images of {@code side × side}. */
  public static TrainingConfig defaults(int trainRows, int side) {
    int epochs = (int) Math.max(MIN_EPOCHS, (DEFAULT_IMAGES + trainRows - 1) / trainRows);
    return new TrainingConfig(epochs, 64, 1e-3f, Math.max(1, side / 16), Loss.NORM_SOFTMAX, 16f,
        new int[] {32, 64, 64}, 64);
  }

  /** The same with another epoch count. */
  public TrainingConfig withEpochs(int n) {
    return new TrainingConfig(n, batch, learningRate, maxShift, loss, scale, channels, embedding);
  }

  /** The same with another loss. */
  public TrainingConfig withLoss(Loss l) {
    return new TrainingConfig(epochs, batch, learningRate, maxShift, l, scale, channels, embedding);
  }

  @Override
  public int[] channels() {
    return channels.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TrainingConfig c && epochs == c.epochs && batch == c.batch
        && Float.compare(learningRate, c.learningRate) == 0 && maxShift == c.maxShift && loss == c.loss
        && Float.compare(scale, c.scale) == 0 && Arrays.equals(channels, c.channels) && embedding == c.embedding;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(channels) * 31 + java.util.Objects.hash(epochs, batch, learningRate, maxShift, loss, scale,
        embedding);
  }

  @Override
  public String toString() {
    return "epochs=" + epochs + ", batch=" + batch + ", adam lr=" + learningRate + ", shift=±" + maxShift + "px, loss="
        + loss.id() + (loss == Loss.NORM_SOFTMAX ? " scale=" + scale : "") + ", channels=" + Arrays.toString(channels)
        + ", embedding=" + embedding;
  }
}

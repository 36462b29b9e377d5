package io.pmbench.learn;

import java.util.Arrays;

/**
 * The CNN: {@code channels.length} blocks of 3 × 3 convolution (SAME padding, stride 1), ReLU and
 * 2 × 2 max-pooling (SAME), then a dense layer to an {@code embedding}-dimensional vector that
 * is L2-normalised; a {@link Loss} head over {@code classes} train classes on top.
 *
 * @param side the input is {@code side × side × 1}
 * @param channels output channels of each convolution block
 * @param embedding the dimension of the learned features
 * @param classes the number of train classes (the head's width; not part of the features)
 * @param loss the training loss
 * @param scale the cosine logits' scale of {@link Loss#NORM_SOFTMAX} (unused by {@link Loss#SOFTMAX})
 */
public record Architecture(int side, int[] channels, int embedding, int classes, Loss loss, float scale) {
  public Architecture {
    if (side < 4) {
      throw new IllegalArgumentException("side must be >= 4. Provided value: " + side);
    }
    if (channels.length < 1 || Arrays.stream(channels).anyMatch(c -> c < 1)) {
      throw new IllegalArgumentException("channels must be one or more positive counts. Provided value: "
          + Arrays.toString(channels));
    }
    if (embedding < 2 || classes < 2) {
      throw new IllegalArgumentException("embedding and classes must be >= 2. Provided value: " + embedding + ", "
          + classes);
    }
    if (!(scale > 0)) {
      throw new IllegalArgumentException("scale must be > 0. Provided value: " + scale);
    }
    channels = channels.clone();
  }

  /** The side of the feature map after every block ({@code ceil(side / 2^blocks)}). */
  public int finalSide() {
    int s = side;
    for (int i = 0; i < channels.length; i++) {
      s = (s + 1) / 2;
    }
    return s;
  }

  @Override
  public int[] channels() {
    return channels.clone();
  }

  /** One line for provenance, e.g. {@code 35x35x1 -> conv3x3(32)-relu-maxpool2 x ... -> dense(64) -> L2}. */
  public String describe() {
    StringBuilder b = new StringBuilder(side + "x" + side + "x1");
    for (int c : channels) {
      b.append(" -> conv3x3(").append(c).append(")-relu-maxpool2x2");
    }
    return b.append(" -> flatten(").append(finalSide() * finalSide() * channels[channels.length - 1])
        .append(") -> dense(").append(embedding).append(") -> L2-normalise; head ").append(loss.id())
        .append(loss == Loss.NORM_SOFTMAX ? " (scale " + scale + ")" : "").append(" over ").append(classes)
        .append(" train classes").toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Architecture a && side == a.side && Arrays.equals(channels, a.channels)
        && embedding == a.embedding && classes == a.classes && loss == a.loss && Float.compare(scale, a.scale) == 0;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(channels) * 31 + java.util.Objects.hash(side, embedding, classes, loss, scale);
  }

  @Override
  public String toString() {
    return describe();
  }
}

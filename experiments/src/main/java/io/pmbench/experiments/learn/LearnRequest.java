package io.pmbench.experiments.learn;

import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * One {@code pmbench features learn} invocation.
 *
 * @param datasetSpec the {@code --dataset} argument the data came from (recorded in provenance)
 * @param name the learned data set's name (a descriptor name: lower-case letters, digits, '-', '_')
 * @param out the folder the learned data set is written to
 * @param seed the root seed of every random draw of the training (initial weights, batches, shifts)
 * @param epochs passes over the train split, or empty for the learner's default
 * @param head the dimension of a projection head trained on the rows as frozen features
 *     ({@code --head}), or empty for the CNN on images
 * @param selectEpochs with {@code head}: choose the epoch count in 1..this by Recall@1 on train
 *     classes held out from a first run ({@code --select-epochs}), or empty to take {@code epochs}
 * @param hidden with {@code head}: the width of one hidden ReLU layer ({@code --hidden}), or empty
 *     for a linear head
 * @param invocation the command line, recorded in provenance
 */
public record LearnRequest(String datasetSpec, String name, Path out, long seed, OptionalInt epochs, OptionalInt head,
    OptionalInt selectEpochs, OptionalInt hidden, String invocation) {
  /** Appended to the source's short name to name the learned set. */
  public static final String SUFFIX = "-learned";

  public LearnRequest {
    if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new IllegalArgumentException("name must be lower-case letters, digits, '-' or '_'. Provided value: " + name);
    }
    if (epochs.isPresent() && epochs.getAsInt() < 1) {
      throw new IllegalArgumentException("--epochs must be >= 1. Provided value: " + epochs.getAsInt());
    }
    if (head.isPresent() && head.getAsInt() < 2) {
      throw new IllegalArgumentException("--head must be >= 2. Provided value: " + head.getAsInt());
    }
    if (hidden.isPresent() && (head.isEmpty() || hidden.getAsInt() < 1)) {
      throw new IllegalArgumentException("--hidden must be >= 1, with --head. Provided value: " + hidden.getAsInt()
          + (head.isEmpty() ? " without --head" : ""));
    }
    if (selectEpochs.isPresent() && (head.isEmpty() || epochs.isPresent() || selectEpochs.getAsInt() < 1)) {
      throw new IllegalArgumentException("--select-epochs must be >= 1, with --head and without --epochs. Provided "
          + "value: " + selectEpochs.getAsInt() + (head.isEmpty() ? " without --head" : "")
          + (epochs.isPresent() ? " with --epochs" : ""));
    }
  }

  /** The learned set's name for data loaded under {@code shortName} (a path-safe name of the spec). */
  public static String learnedName(String shortName) {
    return base(shortName) + SUFFIX;
  }

  /**
   * The name of the set a {@code --head k} writes, e.g. {@code cars196-squeezenet-head64}, or with
   * {@code --hidden h} ({@code hidden} > 0) {@code cars196-squeezenet-head512-64}.
   */
  public static String headName(String shortName, int hidden, int k) {
    return base(shortName) + "-head" + (hidden > 0 ? hidden + "-" : "") + k;
  }

  private static String base(String shortName) {
    String base = shortName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-").replaceAll("^[-_]+", "");
    return base.isEmpty() ? "data" : base;
  }
}

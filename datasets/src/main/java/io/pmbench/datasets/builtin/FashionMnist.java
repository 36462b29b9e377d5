package io.pmbench.datasets.builtin;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.assembly.TableTwo;
import io.pmbench.datasets.descriptor.Descriptors;
import java.util.Map;
import java.util.Optional;

/**
 * Fashion-MNIST (Xiao, Rasul &amp; Vollgraf 2017, arXiv:1708.07747; MIT licence, © 2017
 * Zalando SE), pmbench's built-in default data set, read from the four gzipped IDX files that
 * ship in this jar under {@value #RESOURCE_DIR} together with their {@code LICENSE}.
 *
 * <p>Rows are the 784 raw pixel values (28 × 28, 0–255) as floats, L2-normalised; labels are
 * the 10 article classes 0..9; the data set's own split: 60,000 {@code train}, 10,000
 * {@code test}. Non-private cosine k-NN over the test split (leave-one-out) gives Recall@1 ≈
 * 0.815 and Recall@8 ≈ 0.953 (DATASETS.md §4.1; checked by this module's tests).
 *
 * <p>Defaults σ = 6, α = 0.6 are <b>pmbench's choice</b>, not the paper's (the paper does not
 * use Fashion-MNIST): they are the paper's Table 2 values for CIFAR-100
 * ({@link TableTwo#pmbenchDefault()}).
 *
 * <p>Every load checks the SHA-256 of each file against the values pinned here, so a result
 * made on the built-in set is made on exactly these bytes. The loaded set is cached (softly)
 * within the JVM: callers share its arrays and must not modify them.
 */
public final class FashionMnist {
  /** The registry name. */
  public static final String NAME = "fashion-mnist";
  /** Classpath folder of the IDX files and their licence. */
  public static final String RESOURCE_DIR = "/io/pmbench/datasets/fashion-mnist/";
  /** Licence and attribution recorded with every result. */
  public static final String LICENCE = "MIT (Expat), Copyright (c) 2017 Zalando SE; Fashion-MNIST by Han Xiao, "
      + "Kashif Rasul, Roland Vollgraf (arXiv:1708.07747); files from Debian dataset-fashion-mnist "
      + "0.0~git20200523.55506a9-1; see classpath:" + RESOURCE_DIR + "LICENSE";

  static final String TRAIN_IMAGES = "train-images-idx3-ubyte.gz";
  static final String TRAIN_LABELS = "train-labels-idx1-ubyte.gz";
  static final String TEST_IMAGES = "t10k-images-idx3-ubyte.gz";
  static final String TEST_LABELS = "t10k-labels-idx1-ubyte.gz";

  /** SHA-256 of each shipped .gz file (as listed in the LICENSE file next to them). */
  static final Map<String, String> EXPECTED_SHA256 = Map.of(
      TRAIN_IMAGES, "b0564c3eedabfbf835052cff8503ea422014ce006caf5b757f851416ee8300c7",
      TRAIN_LABELS, "0ae29f65d86684f32d1b9c85147786c547b9c6aebcaf235f0400a0cce308b056",
      TEST_IMAGES, "cc1d090a38ace84dfa1aa66e3ada7c336ef481a96936906477e6dd344da56eaa",
      TEST_LABELS, "8d3605d196f4be44669e46906da9733c8131fef761fdbfec72c424d5222f1a05");

  private static final SoftCache CACHE = new SoftCache(FashionMnist::loadUncached);

  private FashionMnist() {}

  /** The built-in set, loaded once per JVM (about a second) and then shared. */
  public static FeatureSet load() {
    return CACHE.get();
  }

  /**
   * Reads the built-in files afresh (new arrays) through the shipped descriptor
   * ({@code fashion-mnist.yaml} next to the files), checking their pinned checksums.
   */
  public static FeatureSet loadUncached() {
    FeatureSet set = Descriptors.load(Descriptors.builtIn(NAME), Optional.empty());
    EXPECTED_SHA256.keySet().forEach(file -> Pinned.require(RESOURCE_DIR, file, set.fileChecksums().get(file),
        EXPECTED_SHA256));
    return set;
  }
}

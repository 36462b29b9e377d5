package io.pmbench.core.data;

import java.util.Map;

/**
 * A loaded feature set: {@code train} and {@code test} splits with unit-norm rows and labels
 * remapped to 0..C-1 across both splits (SPEC.md §2, DATASETS.md §1).
 *
 * @param name registry name, e.g. {@code fashion-mnist}
 * @param train the split the public set is drawn from
 * @param test the split that is the gallery (and the queries)
 * @param numClasses C, the number of distinct labels over both splits
 * @param defaults Table 2 σ and α for this data set
 * @param sha256 one checksum over every file the set was read from (hex)
 * @param fileChecksums per-file SHA-256 (file name → hex)
 * @param licence licence and attribution line
 */
public record FeatureSet(
    String name,
    LabelledSet train,
    LabelledSet test,
    int numClasses,
    DatasetDefaults defaults,
    String sha256,
    Map<String, String> fileChecksums,
    String licence) {
  public FeatureSet {
    if (train.dimension() != test.dimension()) {
      throw new IllegalArgumentException(
          "train and test must have the same dimension. Provided value: " + train.dimension() + " vs "
              + test.dimension());
    }
    if (numClasses < 2) {
      throw new IllegalArgumentException("numClasses must be >= 2. Provided value: " + numClasses);
    }
    fileChecksums = Map.copyOf(fileChecksums);
  }

  public int dimension() {
    return train.dimension();
  }
}

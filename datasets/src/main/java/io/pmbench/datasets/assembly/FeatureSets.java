package io.pmbench.datasets.assembly;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.datasets.format.ArrayReader;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.format.DataSource;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.LabelArray;
import io.pmbench.datasets.format.LabelledArray;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns the raw arrays of the two splits into a {@link FeatureSet} (SPEC.md §2):
 *
 * <ol>
 *   <li>each split has one label per feature row, and both splits have the same number of
 *       columns (errors name both files and both counts);
 *   <li>rows are L2-normalised in place ({@link FeatureMatrix#normalizeInPlace}); a zero row or
 *       a NaN/∞ value is an error naming the file and the 0-based row;
 *   <li>labels are remapped to 0..C-1 over the union of both splits, in ascending order of the
 *       original values (labels {3, 7, 10} become {0, 1, 2}), and C is the number of distinct
 *       values.
 * </ol>
 *
 * <p>The feature arrays are normalised in place and then wrapped, never copied.
 *
 * <p>Checksums: {@code fileChecksums} maps each file (as named) to its SHA-256; the set's
 * {@code sha256} is the SHA-256 of the four lines {@code "train.features <hex>\n"},
 * {@code "train.labels <hex>\n"}, {@code "test.features <hex>\n"}, {@code "test.labels <hex>\n"}
 * — it depends on the files' bytes and roles, not on where they are stored.
 */
public final class FeatureSets {
  private FeatureSets() {}

  /**
   * Reads the four files of a set whose features and labels are separate arrays (IDX,
   * {@code .npy}) with {@code reader}, then {@link #assemble}s them.
   */
  public static FeatureSet fromArrays(String name, ArrayReader reader, DataSource trainFeatures,
      DataSource trainLabels, DataSource testFeatures, DataSource testLabels, DatasetDefaults defaults,
      String licence) {
    LabelledArray train = new LabelledArray(reader.readFeatures(trainFeatures), reader.readLabels(trainLabels));
    LabelledArray test = new LabelledArray(reader.readFeatures(testFeatures), reader.readLabels(testLabels));
    return assemble(name, train, test, defaults, licence);
  }

  /** Validates, normalises and remaps the two splits into a feature set. */
  public static FeatureSet assemble(
      String name, LabelledArray train, LabelledArray test, DatasetDefaults defaults, String licence) {
    return assemble(name, train, test, defaults, licence, combinedChecksum(train, test), fileChecksums(train, test));
  }

  /**
   * As {@link #assemble(String, LabelledArray, LabelledArray, DatasetDefaults, String)} with the
   * set's checksums given (a descriptor knows its files, their roles and its split rule).
   */
  public static FeatureSet assemble(String name, LabelledArray train, LabelledArray test, DatasetDefaults defaults,
      String licence, String sha256, Map<String, String> fileChecksums) {
    checkSplit(train);
    checkSplit(test);
    FeatureArray trainX = train.features();
    FeatureArray testX = test.features();
    if (trainX.cols() != testX.cols()) {
      throw new InvalidDataException(trainX.source() + " has " + trainX.cols() + " columns but " + testX.source()
          + " has " + testX.cols() + " (train and test must have the same dimension)");
    }
    long[] classes = distinctLabels(train.labels(), test.labels());
    if (classes.length < 2) {
      throw new InvalidDataException(train.labels().source() + ", " + test.labels().source()
          + ": all labels are " + classes[0] + " (need at least 2 classes)");
    }
    FeatureMatrix.normalizeInPlace(trainX.data(), trainX.rows(), trainX.cols(), trainX.source());
    FeatureMatrix.normalizeInPlace(testX.data(), testX.rows(), testX.cols(), testX.source());
    LabelledSet trainSet = new LabelledSet(
        new FeatureMatrix(trainX.data(), trainX.rows(), trainX.cols()), remap(train.labels(), classes));
    LabelledSet testSet = new LabelledSet(
        new FeatureMatrix(testX.data(), testX.rows(), testX.cols()), remap(test.labels(), classes));
    return new FeatureSet(name, trainSet, testSet, classes.length, defaults, sha256, fileChecksums, licence);
  }

  private static void checkSplit(LabelledArray split) {
    FeatureArray x = split.features();
    LabelArray y = split.labels();
    if (x.rows() == 0) {
      throw new InvalidDataException(x.source() + ": no rows");
    }
    if (y.size() != x.rows()) {
      throw new InvalidDataException(y.source() + " has " + y.size() + " labels but " + x.source() + " has "
          + x.rows() + " rows (need one label per row)");
    }
  }

  /** The sorted distinct label values of both splits. */
  static long[] distinctLabels(LabelArray a, LabelArray b) {
    long[] all = new long[a.size() + b.size()];
    System.arraycopy(a.values(), 0, all, 0, a.size());
    System.arraycopy(b.values(), 0, all, a.size(), b.size());
    return Arrays.stream(all).sorted().distinct().toArray();
  }

  private static int[] remap(LabelArray labels, long[] classes) {
    long[] v = labels.values();
    int[] out = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = Arrays.binarySearch(classes, v[i]);
    }
    return out;
  }

  private static String combinedChecksum(LabelledArray train, LabelledArray test) {
    return Checksums.ofText("train.features " + train.features().sha256() + "\n"
        + "train.labels " + train.labels().sha256() + "\n"
        + "test.features " + test.features().sha256() + "\n"
        + "test.labels " + test.labels().sha256() + "\n");
  }

  private static Map<String, String> fileChecksums(LabelledArray train, LabelledArray test) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(train.features().source(), train.features().sha256());
    m.put(train.labels().source(), train.labels().sha256());
    m.put(test.features().source(), test.features().sha256());
    m.put(test.labels().source(), test.labels().sha256());
    return m;
  }
}

package io.pmbench.spark;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import java.io.Serializable;
import java.util.Map;

/**
 * A {@link FeatureSet} in a form Spark can broadcast (plain arrays and strings): the driver's
 * loaded data set, shipped once to every executor, so workers need neither the data files nor
 * the loaders. {@link #toFeatureSet} wraps the arrays without copying.
 *
 * @param name the data set's name
 * @param trainRows train features, row-major
 * @param trainLabels train labels
 * @param testRows test (gallery) features, row-major
 * @param testLabels test labels
 * @param dimension feature dimension
 * @param numClasses number of classes
 * @param sigma Table 2 σ
 * @param alpha Table 2 α
 * @param sha256 content checksum (part of the configuration fingerprint)
 * @param fileChecksums per-file checksums
 * @param licence licence line
 */
record ShippedData(String name, float[] trainRows, int[] trainLabels, float[] testRows, int[] testLabels,
    int dimension, int numClasses, double sigma, double alpha, String sha256, Map<String, String> fileChecksums,
    String licence) implements Serializable {
  private static final long serialVersionUID = 1L;

  static ShippedData of(FeatureSet d) {
    return new ShippedData(d.name(), d.train().features().data(), d.train().labels(), d.test().features().data(),
        d.test().labels(), d.dimension(), d.numClasses(), d.defaults().sigma(), d.defaults().alpha(), d.sha256(),
        Map.copyOf(d.fileChecksums()), d.licence());
  }

  FeatureSet toFeatureSet() {
    return new FeatureSet(name, split(trainRows, trainLabels), split(testRows, testLabels), numClasses,
        new DatasetDefaults(sigma, alpha), sha256, fileChecksums, licence);
  }

  private LabelledSet split(float[] rows, int[] labels) {
    return new LabelledSet(new FeatureMatrix(rows, labels.length, dimension), labels);
  }
}

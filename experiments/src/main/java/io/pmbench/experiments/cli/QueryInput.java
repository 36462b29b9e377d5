package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.ArrayFile;
import io.pmbench.datasets.format.ArrayFiles;
import io.pmbench.datasets.format.DataSource;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.FileFormat;
import io.pmbench.datasets.format.RowRouting;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one query of {@code pmbench release}, read by the data sets' own format readers (so the
 * same bounds on declared sizes and the same number syntax apply): a {@code .npy} of shape
 * (1, d), or a CSV of one line whose last column is the label.
 *
 * @param name the file as named in messages
 * @param values the raw features (not yet normalised)
 * @param label the query's class id
 */
record QueryInput(String name, float[] values, int label) {
  static QueryInput read(Path file, OptionalInt givenLabel) {
    DataSource source = DataSource.of(file);
    FileFormat format = FileFormat.ofFileName(source.name());
    if (format != FileFormat.NPY && format != FileFormat.CSV) {
      throw new IllegalArgumentException("--query must be a .npy row or a .csv line. Provided value: " + file);
    }
    if (format == FileFormat.NPY && givenLabel.isEmpty()) {
      throw new IllegalArgumentException("--label must be given for a .npy query (its class id). Provided value: "
          + "none");
    }
    try (ArrayFile f = ArrayFiles.open(source)) {
      Optional<String> features = format == FileFormat.CSV ? Optional.of("features") : Optional.empty();
      long[] shape = f.shape(features);
      if (shape.length != 2 || shape[0] != 1) {
        throw new InvalidDataException(source.name() + ": a query must be one row, shape (1, d) (numpy: "
            + "np.save(f, x.reshape(1, -1))); found shape " + java.util.Arrays.toString(shape));
      }
      FeatureArray a = f.features(features, RowRouting.whole()).get(0);
      int label = givenLabel.orElse(0);
      if (format == FileFormat.CSV) {
        long fileLabel = f.labels(Optional.of("labels")).values()[0];
        if (givenLabel.isPresent() && givenLabel.getAsInt() != fileLabel) {
          throw new IllegalArgumentException("--label must match the CSV's label " + fileLabel + ". Provided value: "
              + givenLabel.getAsInt());
        }
        label = Math.toIntExact(fileLabel);
      }
      return new QueryInput(source.name(), a.data(), label);
    }
  }

  /** The row, L2-normalised as the data set's rows are (SPEC.md §2); its length must be {@code d}. */
  float[] row(int d) {
    if (values.length != d) {
      throw new InvalidDataException(name + ": the query has " + values.length + " features; the data set has " + d);
    }
    float[] out = values.clone();
    FeatureMatrix.normalizeInPlace(out, 1, d, name);
    return out;
  }
}

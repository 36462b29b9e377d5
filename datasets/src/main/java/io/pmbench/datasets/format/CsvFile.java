package io.pmbench.datasets.format;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A CSV/TSV table ({@link CsvReader}) seen as two arrays: {@code features} (every column but the
 * label column) and {@code labels}. The table is parsed once, on the first read. Routing rows
 * into parts copies them (tables are text, so small next to the binary formats).
 */
final class CsvFile extends NamedArrayFile {
  static final String FEATURES = "features";
  static final String LABELS = "labels";
  private static final SortedSet<String> NAMES = Collections.unmodifiableSortedSet(new TreeSet<>(List.of(FEATURES, LABELS)));

  private final CsvReader reader;
  private LabelledArray table;

  CsvFile(DataSource source, LabelColumn labelColumn) {
    super(source, FileFormat.CSV);
    this.reader = new CsvReader(labelColumn, CsvReader.Header.AUTO);
  }

  @Override
  public SortedSet<String> arrayNames() {
    return NAMES;
  }

  private synchronized LabelledArray table() {
    if (table == null) {
      table = reader.read(source);
      knownSha256(table.features().sha256());
    }
    return table;
  }

  @Override
  public long[] shape(Optional<String> array) {
    String a = resolve(array);
    FeatureArray x = table().features();
    return a.equals(FEATURES) ? new long[] {x.rows(), x.cols()} : new long[] {x.rows()};
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    requireName(array, FEATURES);
    FeatureArray x = table().features();
    routing.checkRows(x.source(), x.rows());
    if (routing.isWhole()) {
      return List.of(x);
    }
    int[] counts = routing.counts(x.rows());
    List<FeatureArray> parts = new ArrayList<>();
    for (int p = 0; p < counts.length; p++) {
      float[] data = new float[counts[p] * x.cols()];
      int out = 0;
      for (int r = 0; r < x.rows(); r++) {
        if (routing.partOf(r) == p) {
          System.arraycopy(x.data(), r * x.cols(), data, out, x.cols());
          out += x.cols();
        }
      }
      parts.add(new FeatureArray(x.source(), data, counts[p], x.cols(), x.sha256()));
    }
    return parts;
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    requireName(array, LABELS);
    return table().labels();
  }

  private void requireName(Optional<String> array, String expected) {
    String a = array.filter(s -> !s.isEmpty()).orElse(expected);
    if (!resolve(Optional.of(a)).equals(expected)) {
      throw new io.pmbench.core.data.InvalidDataException(name() + ": array '" + a + "' of a table is read as "
          + (expected.equals(FEATURES) ? "labels" : "features") + ", not " + expected);
    }
  }

  @Override
  public void close() {
    // the reader holds nothing open
  }
}

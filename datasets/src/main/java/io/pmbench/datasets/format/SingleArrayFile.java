package io.pmbench.datasets.format;

import io.pmbench.core.data.InvalidDataException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A file that is one array: {@code .npy} or IDX (gzipped or not). It has no array names; a
 * descriptor that names one is told so. Reading the array also checksums the file, in the same
 * pass.
 */
final class SingleArrayFile extends NamedArrayFile {
  private final HeaderedArrayReader reader;

  SingleArrayFile(DataSource source, FileFormat format, HeaderedArrayReader reader) {
    super(source, format);
    this.reader = reader;
  }

  @Override
  public SortedSet<String> arrayNames() {
    return Collections.unmodifiableSortedSet(new TreeSet<>());
  }

  @Override
  public long[] shape(Optional<String> array) {
    check(array);
    return reader.readHeader(source).shape().clone();
  }

  @Override
  public List<FeatureArray> features(Optional<String> array, RowRouting routing) {
    check(array);
    List<FeatureArray> parts = reader.readFeatures(source, routing, true, source.size());
    knownSha256(parts.get(0).sha256());
    return parts;
  }

  @Override
  public LabelArray labels(Optional<String> array) {
    check(array);
    LabelArray labels = reader.readLabels(source, true, source.size());
    knownSha256(labels.sha256());
    return labels;
  }

  private void check(Optional<String> array) {
    if (array.isPresent() && !array.get().isEmpty()) {
      throw new InvalidDataException(name() + ": a " + format().key() + " file holds a single array; unknown array name '"
          + array.get() + "' (arrays present: the file's one unnamed array; leave \"array\" out)");
    }
  }

  @Override
  public void close() {
    // nothing held open between reads
  }
}

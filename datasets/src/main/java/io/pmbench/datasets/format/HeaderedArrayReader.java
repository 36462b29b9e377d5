package io.pmbench.datasets.format;

import java.io.IOException;

/**
 * An {@link ArrayReader} for formats made of a header and then the raw elements (IDX,
 * {@code .npy}): a subclass parses the header, {@link ArrayBodies} reads the rest.
 */
abstract class HeaderedArrayReader implements ArrayReader {

  /** Parses the header, leaving {@code in} at the first data byte. */
  abstract ArrayHeader header(ChecksummedInput in) throws IOException;

  @Override
  public final FeatureArray readFeatures(DataSource source) {
    return ChecksummedInput.read(source, in -> ArrayBodies.features(in, header(in)));
  }

  @Override
  public final LabelArray readLabels(DataSource source) {
    return ChecksummedInput.read(source, in -> ArrayBodies.labels(in, header(in)));
  }
}

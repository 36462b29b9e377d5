package io.pmbench.datasets.format;

import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;

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

  /** Reads features with rows routed into parts; {@code digest} false skips the checksum (members of a container). */
  final List<FeatureArray> readFeatures(DataSource source, RowRouting routing, boolean digest, OptionalLong size) {
    return ChecksummedInput.read(source, digest, size, in -> ArrayBodies.features(in, header(in), routing));
  }

  /** Reads labels; {@code digest} false skips the checksum; {@code size} is the raw size when known. */
  final LabelArray readLabels(DataSource source, boolean digest, OptionalLong size) {
    return ChecksummedInput.read(source, digest, size, in -> ArrayBodies.labels(in, header(in)));
  }

  /** Reads only the header. */
  final ArrayHeader readHeader(DataSource source) {
    return ChecksummedInput.read(source, false, this::header);
  }
}

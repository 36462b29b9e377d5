package io.pmbench.datasets.images;

import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;

/**
 * The records of one split, in the layout's fixed order, read one at a time (only the current
 * record is held). Not thread-safe: one consumer reads it.
 */
public interface ImageStream extends Closeable {
  /**
   * The next record, or empty after the last.
   *
   * @throws io.pmbench.core.data.InvalidDataException when the record is malformed (the message
   *     names the file and the record)
   * @throws IOException when the source cannot be read
   */
  Optional<ImageRecord> next() throws IOException;
}

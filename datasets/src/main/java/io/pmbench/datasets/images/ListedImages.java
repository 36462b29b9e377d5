package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The records of a layout that lists one image file per record with its class and, optionally,
 * its bounding box (the Cars196 devkit, CUB-200-2011): each is decoded as it streams, and its box
 * is cut to the decoded image.
 */
final class ListedImages implements ImageStream {
  /**
   * One listed image.
   *
   * @param file the image file
   * @param label 0-based
   * @param id the record's id (the path as the listing names it)
   * @param where the listing's file and line or row, for messages
   * @param box the object's box in 0-based, end-exclusive pixels, not yet cut to the image (ends may lie beyond it)
   * @param boxWhere the file and line or row the box comes from, for messages
   */
  record Entry(Path file, int label, String id, String where, Optional<BoundingBox> box, String boxWhere) {}

  private final Split split;
  private final List<Entry> entries;
  private int next;

  ListedImages(Split split, List<Entry> entries) {
    this.split = split;
    this.entries = entries;
  }

  /** Fails naming the first listed file that is not there (so a broken copy fails at open, before any work). */
  static void checkPresent(List<Entry> entries) {
    for (Entry e : entries) {
      if (!Files.isRegularFile(e.file())) {
        throw new InvalidDataException(e.file() + ": no such file (" + e.where() + " names it)");
      }
    }
  }

  @Override
  public Optional<ImageRecord> next() throws IOException {
    if (next == entries.size()) {
      return Optional.empty();
    }
    Entry e = entries.get(next);
    byte[] bytes;
    try (InputStream in = Files.newInputStream(e.file())) {
      bytes = ImageFiles.readCapped(in, ImageFiles.MAX_IMAGE_BYTES, e.file().toString());
    } catch (NoSuchFileException ex) {
      throw new InvalidDataException(e.file() + ": no such file (" + e.where() + " names it)");
    }
    RgbImage image = ImageFiles.decode(bytes, e.file() + " (" + e.where() + ")");
    Optional<BoundingBox> box = Optional.empty();
    if (e.box().isPresent()) {
      box = e.box().get().within(image.width(), image.height());
      if (box.isEmpty()) {
        throw new InvalidDataException(e.boxWhere() + ": bounding box " + e.box().get() + " lies outside the "
            + image.width() + " x " + image.height() + " image " + e.file());
      }
    }
    return Optional.of(new ImageRecord(split, next++, e.label(), e.id(), image, box));
  }

  @Override
  public void close() {
    // each image file is closed once read
  }
}

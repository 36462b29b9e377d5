package io.pmbench.datasets.images;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An image data set in one published layout, opened by {@link ImageLayouts#open}. Opening checks
 * what can be checked cheaply (files present, counts, label ranges, names), so that a broken copy
 * fails before any work; records are then streamed split by split with {@link #open(Split)}.
 *
 * <p>The layout owns the split rule ({@link #splitRule()}) and the label rule: labels are 0-based
 * indices into {@link #classNames()}.
 */
public interface ImageLayout extends Closeable {
  /** The layout's name, as in {@code LAYOUT:PATH}, e.g. {@code cifar100-binary}. */
  String name();

  /** The data set's short name, e.g. {@code cifar100}, {@code cars196} (lower-case; names outputs). */
  String dataset();

  /** A title for people, e.g. {@code CIFAR-100 (Krizhevsky 2009), fine labels}. */
  String title();

  /** Licence and citation of the images, recorded with every result made from them. */
  String licence();

  /** The path the layout was opened on (a folder or an archive). */
  Path source();

  /** Every file this layout reads, in a fixed order (their checksums identify the source). */
  List<Path> files();

  /** Class names; label {@code k} of a record is {@code classNames().get(k)}. */
  List<String> classNames();

  /** How many records {@link #open(Split)} yields for {@code split}. */
  int count(Split split);

  /** The split rule in one sentence, e.g. {@code classes 1-98 train, 99-196 test}. */
  String splitRule();

  /**
   * Streams the records of {@code split} in the layout's fixed order. Each call starts a fresh
   * pass; close the stream when done.
   */
  ImageStream open(Split split) throws IOException;
}

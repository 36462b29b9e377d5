package io.pmbench.datasets.images;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a layout that lists one image file per record (the Cars196 devkit, CUB-200-2011) holds
 * once opened: the listing files, the class names and each split's {@link ListedImages.Entry}s.
 * A subclass names itself and states its split rule.
 */
abstract class ListedLayout implements ImageLayout {
  private final Path source;
  private final List<Path> listings;
  private final List<String> names;
  private final Map<Split, List<ListedImages.Entry>> entries;
  private final boolean crop;

  ListedLayout(Path source, List<Path> listings, List<String> names, Map<Split, List<ListedImages.Entry>> entries,
      boolean crop) {
    this.crop = crop;
    this.source = source;
    this.listings = List.copyOf(listings);
    this.names = List.copyOf(names);
    this.entries = Map.copyOf(entries);
  }

  /** Whether the records carry their bounding boxes (option {@code crop=bbox}). */
  final boolean crop() {
    return crop;
  }

  /** The data set's short name: {@code base}, with {@code -nocrop} when the records carry no box. */
  final String dataset(String base) {
    return crop ? base : base + "-nocrop";
  }

  /** The listing files read, in a fixed order. */
  final List<Path> listings() {
    return listings;
  }

  @Override
  public final Path source() {
    return source;
  }

  /** The listing files, then the images of the train and the test split in stream order. */
  @Override
  public final List<Path> files() {
    List<Path> f = new ArrayList<>(listings);
    for (Split s : Split.values()) {
      entries.get(s).forEach(e -> f.add(e.file()));
    }
    return f;
  }

  @Override
  public final List<String> classNames() {
    return names;
  }

  @Override
  public final int count(Split split) {
    return entries.get(split).size();
  }

  @Override
  public final ImageStream open(Split split) {
    return new ListedImages(split, entries.get(split));
  }

  @Override
  public final void close() {
    // each image file is opened and closed as it streams
  }
}

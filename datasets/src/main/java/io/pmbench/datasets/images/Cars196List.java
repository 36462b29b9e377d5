package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Cars196 (Stanford Cars, Krause et al. 2013) in the labels-list layout: in one folder,
 * {@code train_perfect_preds.txt} (line {@code i} = the class, 1–196, of image {@code i}), the
 * images {@code cars_train/00001.jpg …} either in a folder {@code cars_train/} or inside the one
 * {@code .zip} of the folder (read from the zip, never unpacked), and optionally the devkit's
 * {@code cars_meta.mat} (MATLAB v5, cell {@code class_names}, 1 × 196, read as
 * {@link Cars196Devkit} reads it); without it the classes are
 * named {@code class 1 … class 196}. PATH is the folder or the zip (the text files beside it).
 *
 * <p>Split (the paper's, class-disjoint as in deep metric learning): classes 1–98 train, 99–196
 * test; records stream in image-number order within each split. Labels are 0-based: class
 * {@code c} is label {@code c - 1}. Opening reads the labels, the names and the zip's directory
 * and checks that every image is there; images are decoded as they stream.
 */
final class Cars196List implements ImageLayout {
  static final String NAME = "cars196-list";
  static final int CLASSES = 196;
  /** The last class of the train split. */
  static final int LAST_TRAIN_CLASS = 98;
  static final String LABELS = "train_perfect_preds.txt";
  static final String META = "cars_meta.mat";
  static final String IMAGES = "cars_train";
  /** The largest {@code cars_meta.mat} read (the devkit's is 3 KB). */
  static final long MAX_META_BYTES = 1 << 20;

  private final Path source;
  private final Path labelsFile;
  private final int[] classes;
  private final List<String> names;
  private final Optional<Path> metaFile;
  /** The zip holding the images, or empty when they are in a folder. */
  private final Optional<ZipFile> zip;
  private final Path images;
  private final Map<Split, int[]> members = new EnumMap<>(Split.class);

  private Cars196List(Path source, Path labelsFile, int[] classes, List<String> names, Optional<Path> metaFile,
      Optional<ZipFile> zip, Path images) {
    this.source = source;
    this.labelsFile = labelsFile;
    this.classes = classes;
    this.names = List.copyOf(names);
    this.metaFile = metaFile;
    this.zip = zip;
    this.images = images;
    members.put(Split.TRAIN, indices(c -> c <= LAST_TRAIN_CLASS));
    members.put(Split.TEST, indices(c -> c > LAST_TRAIN_CLASS));
  }

  static ImageLayout open(Path path, ImageOptions options) throws IOException {
    options.allowOnly(NAME);
    Path dir = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
    Path labelsFile = dir.resolve(LABELS);
    int[] classes = classes(labelsFile);
    Path meta = dir.resolve(META);
    List<String> names = Files.exists(meta) ? classNames(meta) : numberedNames();
    Optional<Path> metaFile = Files.exists(meta) ? Optional.of(meta) : Optional.empty();
    if (Files.isDirectory(path) && Files.isDirectory(dir.resolve(IMAGES))) {
      Cars196List c = new Cars196List(path, labelsFile, classes, names, metaFile, Optional.empty(), dir.resolve(IMAGES));
      for (int i = 0; i < classes.length; i++) {
        if (!Files.isRegularFile(c.imageFile(i))) {
          throw new InvalidDataException(c.imageFile(i) + ": no such file (" + labelsFile + " line " + (i + 1)
              + " names it)");
        }
      }
      return c;
    }
    Path zipPath = Files.isDirectory(path) ? onlyZip(path) : path;
    ZipFile zip;
    try {
      zip = new ZipFile(zipPath.toFile());
    } catch (IOException e) {
      throw new InvalidDataException(zipPath + ": not a readable zip (" + e.getMessage() + ")");
    }
    Cars196List c = new Cars196List(path, labelsFile, classes, names, metaFile, Optional.of(zip), zipPath);
    for (int i = 0; i < classes.length; i++) {
      if (zip.getEntry(entryName(i)) == null) {
        zip.close();
        throw new InvalidDataException(zipPath + ": holds no " + entryName(i) + " (" + labelsFile + " line " + (i + 1)
            + " names it)");
      }
    }
    return c;
  }

  private static Path onlyZip(Path dir) throws IOException {
    List<Path> zips;
    try (Stream<Path> s = Files.list(dir)) {
      zips = s.filter(p -> p.getFileName().toString().endsWith(".zip")).sorted().toList();
    }
    if (zips.size() != 1) {
      throw new InvalidDataException(dir + ": expected a folder " + IMAGES + "/ or exactly one .zip of "
          + IMAGES + "/NNNNN.jpg images, found " + zips.size() + " .zip files");
    }
    return zips.get(0);
  }

  private static int[] classes(Path labelsFile) throws IOException {
    List<String> lines = ImageFiles.lines(labelsFile);
    if (lines.isEmpty()) {
      throw new InvalidDataException(labelsFile + ": empty (expected one class 1-" + CLASSES + " per line)");
    }
    int[] out = new int[lines.size()];
    for (int i = 0; i < out.length; i++) {
      String t = lines.get(i).trim();
      int c;
      try {
        c = Integer.parseInt(t);
      } catch (NumberFormatException e) {
        throw new InvalidDataException(labelsFile + " line " + (i + 1) + ": expected a class 1-" + CLASSES
            + ", found '" + t + "'");
      }
      if (c < 1 || c > CLASSES) {
        throw new InvalidDataException(labelsFile + " line " + (i + 1) + ": class " + c + " is out of range 1-" + CLASSES);
      }
      out[i] = c;
    }
    return out;
  }

  private static List<String> classNames(Path meta) throws IOException {
    if (Files.size(meta) > MAX_META_BYTES) {
      throw new InvalidDataException(meta + ": larger than the " + MAX_META_BYTES + "-byte limit for " + META);
    }
    return Cars196Devkit.classNames(meta);
  }

  private static List<String> numberedNames() {
    List<String> names = new ArrayList<>(CLASSES);
    for (int c = 1; c <= CLASSES; c++) {
      names.add("class " + c);
    }
    return names;
  }

  private int[] indices(java.util.function.IntPredicate inSplit) {
    return java.util.stream.IntStream.range(0, classes.length).filter(i -> inSplit.test(classes[i])).toArray();
  }

  /** The zip entry of image {@code i} (0-based): {@code cars_train/00001.jpg} for i = 0. */
  static String entryName(int i) {
    return String.format(java.util.Locale.ROOT, "%s/%05d.jpg", IMAGES, i + 1);
  }

  private Path imageFile(int i) {
    return images.getParent().resolve(entryName(i));
  }

  private byte[] imageBytes(int i) throws IOException {
    if (zip.isEmpty()) {
      Path f = imageFile(i);
      try (InputStream in = Files.newInputStream(f)) {
        return ImageFiles.readCapped(in, ImageFiles.MAX_IMAGE_BYTES, f.toString());
      }
    }
    ZipEntry e = zip.get().getEntry(entryName(i));
    try (InputStream in = zip.get().getInputStream(e)) {
      return ImageFiles.readCapped(in, ImageFiles.MAX_IMAGE_BYTES, images + ":" + entryName(i));
    } catch (java.util.zip.ZipException ex) {
      throw new InvalidDataException(images + ":" + entryName(i) + ": corrupt zip entry (" + ex.getMessage() + ")");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String dataset() {
    return "cars196";
  }

  @Override
  public String title() {
    return "Cars196 (Stanford Cars, Krause et al. 2013), " + classes.length + " images, classes 1-98 / 99-196";
  }

  @Override
  public String licence() {
    return LICENCE;
  }

  /** Cars196's citation and terms, whichever layout it comes in. */
  static final String LICENCE = "Stanford Cars images: Krause, Stark, Deng & Fei-Fei, 3D Object Representations for "
      + "Fine-Grained Categorization, 3dRR-13, 2013; collected from the web, research use";

  @Override
  public Path source() {
    return source;
  }

  @Override
  public List<Path> files() {
    List<Path> f = new ArrayList<>();
    if (zip.isPresent()) {
      f.add(images);
    }
    f.add(labelsFile);
    metaFile.ifPresent(f::add);
    return f;
  }

  @Override
  public List<String> classNames() {
    return names;
  }

  @Override
  public int count(Split split) {
    return members.get(split).length;
  }

  @Override
  public String splitRule() {
    return "classes 1-" + LAST_TRAIN_CLASS + " train, " + (LAST_TRAIN_CLASS + 1) + "-" + CLASSES
        + " test (the paper's class-disjoint split)";
  }

  @Override
  public ImageStream open(Split split) {
    int[] ids = members.get(split);
    return new ImageStream() {
      private int next;

      @Override
      public Optional<ImageRecord> next() throws IOException {
        if (next == ids.length) {
          return Optional.empty();
        }
        int i = ids[next];
        String id = entryName(i);
        String where = zip.isPresent() ? images + ":" + id : imageFile(i).toString();
        RgbImage image = ImageFiles.decode(imageBytes(i), where + " (" + LABELS + " line " + (i + 1) + ")");
        return Optional.of(new ImageRecord(split, next++, classes[i] - 1, id, image));
      }

      @Override
      public void close() {
        // the zip stays open until the layout closes
      }
    };
  }

  @Override
  public void close() throws IOException {
    if (zip.isPresent()) {
      zip.get().close();
    }
  }

  @Override
  public String toString() {
    return NAME + ":" + source + " " + Arrays.toString(new int[] {count(Split.TRAIN), count(Split.TEST)});
  }
}

package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * CUB-200-2011 (Wah et al. 2011) in its published layout, the folder {@code CUB_200_2011/}:
 * {@code images/} (JPEGs in one folder per class), {@code images.txt} ({@code id path}, the path
 * under {@code images/}), {@code image_class_labels.txt} ({@code id class}, 1–200),
 * {@code train_test_split.txt} ({@code id is_train}, 0 or 1), {@code classes.txt}
 * ({@code class name}, 1–200) and {@code bounding_boxes.txt} ({@code id x y width height}, floats,
 * 0-based pixels). PATH is that folder or one holding it.
 *
 * <p>Split (the paper's, class-disjoint as in deep metric learning): classes 1–100 train, 101–200
 * test, records in id order within each. {@code train_test_split.txt} is CUB's split for
 * classification (about half of every class's images on each side); it is read and checked but
 * <b>not used</b>. Labels are 0-based: class {@code c} is label {@code c - 1}, named by line
 * {@code c} of {@code classes.txt}.
 *
 * <p>Option {@code crop}: {@code bbox} (default) gives each record its bounding box, columns
 * {@code floor(x) ≤ col < ceil(x + width)} and rows {@code floor(y) ≤ row < ceil(y + height)},
 * cut to the image; {@code none} gives none. Every line is checked when the layout opens: at most
 * {@link #MAX_LINE} characters, ids positive and each listed once per file, every id of
 * {@code images.txt} present in the other three files and no other id, every image file present;
 * a failure names the file and line.
 */
final class Cub200 extends ListedLayout {
  static final String NAME = "cub200";
  static final int CLASSES = 200;
  /** The last class of the train split. */
  static final int LAST_TRAIN_CLASS = 100;
  /** The longest line read from the text files (CUB's longest is under 100 characters). */
  static final int MAX_LINE = 1024;
  private static final String FOLDER = "CUB_200_2011";
  private static final List<String> TEXT_FILES = List.of("images.txt", "image_class_labels.txt",
      "train_test_split.txt", "bounding_boxes.txt", "classes.txt");

  /** A line of a text file split into its fields, with where it came from. */
  private record Line(String where, String[] fields) {}

  /** Images that train_test_split.txt marks is_train 1 (recorded, not used). */
  private final int classificationTrain;

  private Cub200(Path source, Path dir, List<String> names, Map<Split, List<ListedImages.Entry>> entries, boolean crop,
      int classificationTrain) {
    super(source, TEXT_FILES.stream().map(dir::resolve).toList(), names, entries, crop);
    this.classificationTrain = classificationTrain;
  }

  static ImageLayout open(Path path, ImageOptions options) throws IOException {
    options.allowOnly(NAME, "crop");
    boolean crop = options.choice("crop", "bbox", "bbox", "none").equals("bbox");
    Path dir = Files.isRegularFile(path.resolve("images.txt")) ? path : path.resolve(FOLDER);
    Map<Long, Line> images = byId(dir.resolve("images.txt"), 2);
    Map<Long, Line> labels = byId(dir.resolve("image_class_labels.txt"), 2);
    Map<Long, Line> isTrain = byId(dir.resolve("train_test_split.txt"), 2);
    Map<Long, Line> boxes = byId(dir.resolve("bounding_boxes.txt"), 5);
    sameIds(images, dir.resolve("images.txt"), labels, dir.resolve("image_class_labels.txt"));
    sameIds(images, dir.resolve("images.txt"), isTrain, dir.resolve("train_test_split.txt"));
    sameIds(images, dir.resolve("images.txt"), boxes, dir.resolve("bounding_boxes.txt"));
    List<String> names = classNames(dir.resolve("classes.txt"));
    Map<Split, List<ListedImages.Entry>> entries = new EnumMap<>(Split.class);
    for (Split s : Split.values()) {
      entries.put(s, new ArrayList<>());
    }
    int classificationTrain = 0;
    for (Map.Entry<Long, Line> e : images.entrySet()) {
      Line image = e.getValue();
      int c = integer(labels.get(e.getKey()), 1, 1, CLASSES, "a class");
      classificationTrain += integer(isTrain.get(e.getKey()), 1, 0, 1, "is_train 0 or 1");
      String rel = image.fields()[1];
      Path file = dir.resolve("images").resolve(checkedPath(image, rel));
      Optional<BoundingBox> box = crop ? Optional.of(box(boxes.get(e.getKey()))) : Optional.empty();
      Split s = c <= LAST_TRAIN_CLASS ? Split.TRAIN : Split.TEST;
      entries.get(s).add(new ListedImages.Entry(file, c - 1, "images/" + rel, image.where(), box,
          boxes.get(e.getKey()).where()));
    }
    entries.values().forEach(ListedImages::checkPresent);
    return new Cub200(path, dir, names, entries, crop, classificationTrain);
  }

  /**
   * The lines of {@code file} by id (ascending), each with exactly {@code fields} fields split on
   * spaces; a long line, a bad or repeated id is one line naming the file and line.
   */
  private static Map<Long, Line> byId(Path file, int fields) throws IOException {
    List<String> lines = ImageFiles.lines(file);
    Map<Long, Line> out = new TreeMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String where = file + " line " + (i + 1);
      String text = lines.get(i);
      if (text.length() > MAX_LINE) {
        throw new InvalidDataException(where + ": longer than " + MAX_LINE + " characters");
      }
      String[] f = text.trim().split(" +");
      if (f.length != fields) {
        throw new InvalidDataException(where + ": expected " + fields + " fields separated by spaces, found " + f.length);
      }
      long id = integer(new Line(where, f), 0, 1, Integer.MAX_VALUE, "a positive id");
      Line previous = out.put(id, new Line(where, f));
      if (previous != null) {
        throw new InvalidDataException(where + ": id " + id + " is listed a second time (first at "
            + previous.where().substring(file.toString().length() + 1) + ")");
      }
    }
    if (out.isEmpty()) {
      throw new InvalidDataException(file + ": empty (expected one line per image)");
    }
    return out;
  }

  /** Fails unless {@code other} lists exactly the ids of {@code images}, naming the first id that differs. */
  private static void sameIds(Map<Long, Line> images, Path imagesFile, Map<Long, Line> other, Path otherFile) {
    for (Map.Entry<Long, Line> e : images.entrySet()) {
      if (!other.containsKey(e.getKey())) {
        throw new InvalidDataException(otherFile + ": has no line for id " + e.getKey() + " (" + e.getValue().where()
            + " lists it)");
      }
    }
    for (Map.Entry<Long, Line> e : other.entrySet()) {
      if (!images.containsKey(e.getKey())) {
        throw new InvalidDataException(e.getValue().where() + ": id " + e.getKey() + " is not in " + imagesFile);
      }
    }
  }

  private static int integer(Line line, int field, long min, long max, String what) {
    String t = line.fields()[field];
    long v;
    try {
      v = Long.parseLong(t);
    } catch (NumberFormatException e) {
      v = Long.MIN_VALUE;
    }
    if (v < min || v > max) {
      throw new InvalidDataException(line.where() + ": field " + (field + 1) + " must be " + what + " (" + min + "-" + max
          + "), found '" + clip(t) + "'");
    }
    return (int) v;
  }

  private static String clip(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

  /** An image path as {@code images.txt} gives it: relative, inside {@code images/}, no control characters. */
  private static String checkedPath(Line line, String rel) {
    boolean bad = rel.startsWith("/") || rel.contains("\\") || rel.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)
        || List.of(rel.split("/")).stream().anyMatch(p -> p.isEmpty() || p.equals("..") || p.equals("."));
    if (bad) {
      throw new InvalidDataException(line.where() + ": image path '" + clip(rel)
          + "' must be relative to images/ without '..', '.' or empty parts");
    }
    return rel;
  }

  /** CUB's {@code x y width height} (0-based floats) as pixels: floor of the start, ceiling of the end. */
  private static BoundingBox box(Line line) {
    double[] v = new double[4];
    for (int k = 0; k < 4; k++) {
      try {
        v[k] = Double.parseDouble(line.fields()[k + 1]);
      } catch (NumberFormatException e) {
        v[k] = Double.NaN;
      }
      if (!Double.isFinite(v[k]) || v[k] < 0 || v[k] > 1e6) {
        throw new InvalidDataException(line.where() + ": field " + (k + 2) + " must be a number of pixels 0-1000000, found '"
            + clip(line.fields()[k + 1]) + "'");
      }
    }
    int x1 = (int) Math.floor(v[0]);
    int y1 = (int) Math.floor(v[1]);
    int x2 = (int) Math.ceil(v[0] + v[2]);
    int y2 = (int) Math.ceil(v[1] + v[3]);
    if (x2 <= x1 || y2 <= y1) {
      throw new InvalidDataException(line.where() + ": bounding box of width " + line.fields()[3] + " and height "
          + line.fields()[4] + " holds no pixel");
    }
    return new BoundingBox(x1, y1, x2, y2);
  }

  private static List<String> classNames(Path file) throws IOException {
    Map<Long, Line> lines = byId(file, 2);
    List<String> names = new ArrayList<>(CLASSES);
    for (long c = 1; c <= CLASSES; c++) {
      Line l = lines.get(c);
      if (l == null) {
        throw new InvalidDataException(file + ": has no line for class " + c + " (expected classes 1-" + CLASSES + ")");
      }
      names.add(l.fields()[1]);
    }
    if (lines.size() != CLASSES) {
      throw new InvalidDataException(file + ": " + lines.size() + " classes listed, expected " + CLASSES);
    }
    return names;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String dataset() {
    return dataset("cub200");
  }

  @Override
  public String title() {
    return "CUB-200-2011 (Wah et al. 2011), classes 1-100 / 101-200, " + (crop() ? "cropped to the bounding boxes"
        : "whole images");
  }

  @Override
  public String licence() {
    return "CUB-200-2011 images: Wah, Branson, Welinder, Perona & Belongie, The Caltech-UCSD Birds-200-2011 Dataset, "
        + "Caltech CNS-TR-2011-001; images from Flickr, for non-commercial research and educational use";
  }

  @Override
  public String splitRule() {
    int all = count(Split.TRAIN) + count(Split.TEST);
    return "classes 1-" + LAST_TRAIN_CLASS + " train, " + (LAST_TRAIN_CLASS + 1) + "-" + CLASSES
        + " test (the paper's class-disjoint split; train_test_split.txt, CUB's split for classification with "
        + classificationTrain + " train and " + (all - classificationTrain) + " test images, is read but not used)";
  }
}

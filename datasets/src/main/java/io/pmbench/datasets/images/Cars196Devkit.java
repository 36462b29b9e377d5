package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.MatV5Values;
import io.pmbench.datasets.format.MatV5Values.Chars;
import io.pmbench.datasets.format.MatV5Values.Numeric;
import io.pmbench.datasets.format.MatV5Values.StructArray;
import io.pmbench.datasets.format.MatV5Values.Value;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cars196 (Stanford Cars, Krause et al. 2013) in the layout of its original release: the folders
 * {@code cars_train/} and {@code cars_test/} of JPEGs and the devkit's MATLAB v5 files
 * {@code devkit/cars_train_annos.mat} and {@code devkit/cars_test_annos.mat} (a struct array
 * {@code annotations} with fields {@code bbox_x1, bbox_y1, bbox_x2, bbox_y2, class, fname}) and
 * {@code devkit/cars_meta.mat} (cell {@code class_names}, 1 × 196). PATH is the folder holding
 * {@code devkit/}. The files are read by {@link MatV5Values}, whose caps bound every length.
 *
 * <p>Test labels: the original devkit's {@code cars_test_annos.mat} has no {@code class} field.
 * When {@code cars_test_annos_withlabels.mat} (the later release of the test labels) is in
 * {@code devkit/} or in PATH, it is read instead; otherwise the images of {@code cars_test/} have
 * no label and are <b>skipped</b>, and {@link #splitRule()} says so and how many. A record whose
 * file has a {@code class} field but no valid class is refused.
 *
 * <p>Split (the paper's, class-disjoint): classes 1–98 train, 99–196 test, pooled over
 * {@code cars_train} and {@code cars_test}: each split streams the qualifying rows of
 * {@code cars_train_annos} in file order, then those of the test annotations. Labels are 0-based:
 * class {@code c} is label {@code c - 1}.
 *
 * <p>Option {@code crop}: {@code bbox} (default) gives each record its box. The devkit's
 * coordinates are MATLAB's, 1-based and inclusive: {@code bbox_x1 … bbox_x2} are columns
 * {@code x1 - 1 ≤ col < x2} in 0-based, end-exclusive pixels (a start of 0 counts as 1), rows
 * likewise, cut to the image; {@code none} gives none.
 */
final class Cars196Devkit extends ListedLayout {
  static final String NAME = "cars196-devkit";
  static final int CLASSES = 196;
  /** The last class of the train split. */
  static final int LAST_TRAIN_CLASS = 98;
  static final String WITH_LABELS = "cars_test_annos_withlabels.mat";
  private static final List<String> BOX = List.of("bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2");
  /** The largest coordinate accepted (images are at most {@link RgbImage#MAX_PIXELS}). */
  private static final int MAX_COORDINATE = 1_000_000;

  private final int skipped;

  private Cars196Devkit(Path source, List<Path> annotationFiles, List<String> names,
      Map<Split, List<ListedImages.Entry>> entries, int skipped, boolean crop) {
    super(source, annotationFiles, names, entries, crop);
    this.skipped = skipped;
  }

  static ImageLayout open(Path path, ImageOptions options) throws IOException {
    options.allowOnly(NAME, "crop");
    boolean crop = options.choice("crop", "bbox", "bbox", "none").equals("bbox");
    Path devkit = path.resolve("devkit");
    Path meta = existing(devkit.resolve("cars_meta.mat"));
    List<String> names = classNames(meta);
    Map<Split, List<ListedImages.Entry>> entries = new EnumMap<>(Split.class);
    for (Split s : Split.values()) {
      entries.put(s, new ArrayList<>());
    }
    Path trainAnnos = existing(devkit.resolve("cars_train_annos.mat"));
    rows(trainAnnos, annotations(trainAnnos), path.resolve("cars_train"), crop, entries);
    Path testAnnos = List.of(devkit.resolve(WITH_LABELS), path.resolve(WITH_LABELS)).stream().filter(Files::isRegularFile)
        .findFirst().orElse(existing(devkit.resolve("cars_test_annos.mat")));
    StructArray test = annotations(testAnnos);
    int skipped = 0;
    if (test.fields().contains("class")) {
      rows(testAnnos, test, path.resolve("cars_test"), crop, entries);
    } else {
      skipped = test.elements().size();
    }
    entries.values().forEach(ListedImages::checkPresent);
    return new Cars196Devkit(path, List.of(trainAnnos, testAnnos, meta), names, entries, skipped, crop);
  }

  private static Path existing(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new InvalidDataException(file + ": no such file (" + NAME + " needs devkit/cars_meta.mat, "
          + "devkit/cars_train_annos.mat and devkit/cars_test_annos.mat)");
    }
    return file;
  }

  /** The 196 names of the cell {@code class_names} in {@code meta} (the devkit's {@code cars_meta.mat}), trimmed. */
  static List<String> classNames(Path meta) throws IOException {
    Value v = MatV5Values.read(meta).get("class_names");
    if (!(v instanceof MatV5Values.CellArray cell) || cell.items().size() != CLASSES) {
      throw new InvalidDataException(meta + ": expected a cell class_names of " + CLASSES + " names, found "
          + (v == null ? "no such variable" : "a " + kind(v) + " of " + v.count()));
    }
    List<String> names = new ArrayList<>(CLASSES);
    for (int i = 0; i < CLASSES; i++) {
      if (!(cell.items().get(i) instanceof Chars c) || c.text().isBlank()) {
        throw new InvalidDataException(meta + ": class_names{" + (i + 1) + "} must be a non-blank char array");
      }
      names.add(c.text().trim());
    }
    return names;
  }

  private static StructArray annotations(Path file) throws IOException {
    Value v = MatV5Values.read(file).get("annotations");
    if (!(v instanceof StructArray s)) {
      throw new InvalidDataException(file + ": expected a struct array 'annotations', found "
          + (v == null ? "no such variable" : "a " + kind(v)));
    }
    List<String> missing = new ArrayList<>(BOX);
    missing.add("fname");
    missing.removeAll(s.fields());
    if (!missing.isEmpty()) {
      throw new InvalidDataException(file + ": 'annotations' has no field " + missing.get(0) + " (fields: " + s.fields()
          + ")");
    }
    return s;
  }

  private static String kind(Value v) {
    return v instanceof StructArray ? "struct array" : v instanceof MatV5Values.CellArray ? "cell array"
        : v instanceof Chars ? "char array" : "numeric array";
  }

  /** Adds each row of {@code annos} (which has a class field) to the split its class puts it in. */
  private static void rows(Path file, StructArray annos, Path images, boolean crop,
      Map<Split, List<ListedImages.Entry>> entries) {
    if (!annos.fields().contains("class")) {
      throw new InvalidDataException(file + ": 'annotations' has no field class (its images would have no label)");
    }
    String folder = images.getFileName().toString();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < annos.elements().size(); i++) {
      Map<String, Value> row = annos.elements().get(i);
      String where = file + " annotations(" + (i + 1) + ")";
      int c = whole(row, "class", 1, CLASSES, where);
      String fname = fname(row.get("fname"), where);
      Integer first = seen.putIfAbsent(fname, i + 1);
      if (first != null) {
        throw new InvalidDataException(where + ": fname '" + fname + "' is listed a second time (first at annotations("
            + first + "))");
      }
      Optional<BoundingBox> box = crop ? Optional.of(box(row, where)) : Optional.empty();
      Split s = c <= LAST_TRAIN_CLASS ? Split.TRAIN : Split.TEST;
      entries.get(s).add(new ListedImages.Entry(images.resolve(fname), c - 1, folder + "/" + fname, where, box, where));
    }
  }

  /** A scalar field holding a whole number in {@code min..max}. */
  private static int whole(Map<String, Value> row, String field, int min, int max, String where) {
    Value v = row.get(field);
    if (!(v instanceof Numeric n) || n.values().length != 1 || n.values()[0] != Math.rint(n.values()[0])
        || n.values()[0] < min || n.values()[0] > max) {
      String found = v == null ? "nothing" : v instanceof Numeric m && m.values().length == 1 ? String.valueOf(m.values()[0])
          : v instanceof Numeric m ? "a numeric array of " + m.values().length : "a " + kind(v);
      throw new InvalidDataException(where + ": field " + field + " must be a whole number " + min + "-" + max
          + ", found " + found);
    }
    return (int) n.values()[0];
  }

  private static String fname(Value v, String where) {
    String name = v instanceof Chars c ? c.text() : "";
    boolean bad = name.isEmpty() || name.length() > 255 || name.contains("/") || name.contains("\\") || name.equals("..")
        || name.equals(".") || name.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f);
    if (bad) {
      throw new InvalidDataException(where + ": field fname must be a file name (a char row without '/', '\\' or control "
          + "characters, not '.' or '..'), found " + (v instanceof Chars ? "'" + name.replaceAll("\\p{Cntrl}", "?") + "'"
          : "a " + kind(v)));
    }
    return name;
  }

  /** The devkit's 1-based inclusive box as 0-based end-exclusive pixels (a start of 0 counts as 1). */
  private static BoundingBox box(Map<String, Value> row, String where) {
    int[] v = new int[4];
    for (int k = 0; k < 4; k++) {
      v[k] = whole(row, BOX.get(k), 0, MAX_COORDINATE, where);
    }
    int x1 = Math.max(1, v[0]);
    int y1 = Math.max(1, v[1]);
    if (v[2] < x1 || v[3] < y1) {
      throw new InvalidDataException(where + ": bounding box (" + v[0] + ", " + v[1] + ") to (" + v[2] + ", " + v[3]
          + ") holds no pixel (bbox_x2 >= bbox_x1 and bbox_y2 >= bbox_y1 expected, 1-based inclusive)");
    }
    return new BoundingBox(x1 - 1, y1 - 1, v[2], v[3]);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String dataset() {
    return dataset("cars196-devkit");
  }

  @Override
  public String title() {
    return "Cars196 (Stanford Cars, Krause et al. 2013), devkit layout, classes 1-98 / 99-196, " + (crop()
        ? "cropped to the bounding boxes" : "whole images");
  }

  @Override
  public String licence() {
    return Cars196List.LICENCE;
  }

  @Override
  public String splitRule() {
    String rule = "classes 1-" + LAST_TRAIN_CLASS + " train, " + (LAST_TRAIN_CLASS + 1) + "-" + CLASSES
        + " test (the paper's class-disjoint split), pooled over cars_train and cars_test";
    return skipped == 0 ? rule : rule + "; the " + skipped + " images of cars_test are skipped: " + listings().get(1)
        + " has no class field (put " + WITH_LABELS + " in devkit/ to use them)";
  }
}

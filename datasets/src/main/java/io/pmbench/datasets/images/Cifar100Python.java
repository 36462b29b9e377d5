package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.NumpyPickle;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CIFAR-100, "python version" (Krizhevsky 2009): the pickles {@code train} (50,000 images),
 * {@code test} (10,000) and {@code meta}, as Python 2's {@code cPickle} wrote them. {@code train}
 * and {@code test} are dicts whose {@code data} is a numpy {@code uint8} array N × 3,072 (per row
 * 1,024 red, 1,024 green and 1,024 blue bytes of a 32 × 32 image, planes row-major),
 * {@code fine_labels} and {@code coarse_labels} lists of N ints and {@code filenames} a list of N
 * names; {@code meta} holds {@code fine_label_names} (100) and {@code coarse_label_names} (20).
 * They are read by {@link NumpyPickle}, which executes nothing and knows only the numpy globals
 * such an array needs.
 *
 * <p>Opened on the {@code cifar-100-python/} folder (or a folder holding it) or on the archive
 * {@code cifar-100-python.tar.gz} (or a plain {@code .tar}), read as a stream and never unpacked.
 * Opening makes one pass over the three pickles: it keeps the labels and file names and only the
 * offset of the pixel bytes, which it skips; each split then takes one more pass that reads its
 * pixels 3,072 bytes at a time.
 *
 * <p>Split: the data set's own ({@code train} / {@code test}). Labels: the fine label (0–99,
 * entry {@code k} of {@code fine_label_names}) by default, the coarse (0–19) with option
 * {@code labels=coarse}. Records stream in file order; a record's id is
 * {@code train#17 (filename)}.
 */
final class Cifar100Python implements ImageLayout {
  static final String NAME = "cifar100-python";
  private static final String FOLDER = "cifar-100-python";
  private static final String META = "meta";
  private static final int SIDE = 32;
  private static final int PIXELS = 3 * SIDE * SIDE;

  /** What the first pass learned of one split's pickle: the labels in use, file names, where the pixels start. */
  private record Part(int[] labels, List<String> filenames, long dataOffset) {}

  private final Path source;
  private final boolean coarse;
  private final List<String> names;
  private final Map<Split, Part> parts;
  /** Folder form: the folder holding the pickles; archive form: empty. */
  private final Optional<Path> folder;

  private Cifar100Python(Path source, boolean coarse, List<String> names, Map<Split, Part> parts, Optional<Path> folder) {
    this.source = source;
    this.coarse = coarse;
    this.names = List.copyOf(names);
    this.parts = parts;
    this.folder = folder;
  }

  static ImageLayout open(Path path, ImageOptions options) throws IOException {
    options.allowOnly(NAME, "labels");
    boolean coarse = options.choice("labels", "fine", "fine", "coarse").equals("coarse");
    Map<String, Object> pickles = new HashMap<>();
    Optional<Path> folder;
    if (Files.isDirectory(path)) {
      Path dir = Files.isRegularFile(path.resolve(META)) ? path : path.resolve(FOLDER);
      for (String name : List.of(Split.TRAIN.label(), Split.TEST.label(), META)) {
        Path f = dir.resolve(name);
        if (!Files.isRegularFile(f)) {
          throw new InvalidDataException(f + ": no such file (" + NAME + " needs train, test and meta in " + path + ")");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(f), 1 << 16)) {
          pickles.put(name, load(f.toString(), in));
        }
      }
      folder = Optional.of(dir);
    } else {
      readArchive(path, pickles);
      folder = Optional.empty();
    }
    Cifar100Python c = new Cifar100Python(path, coarse, List.of(), Map.of(), folder);
    List<String> names = c.strings(c.where(META), pickles.get(META), (coarse ? "coarse" : "fine") + "_label_names",
        coarse ? 20 : 100);
    Map<Split, Part> parts = new EnumMap<>(Split.class);
    for (Split s : Split.values()) {
      parts.put(s, c.part(s, pickles.get(s.label()), names.size()));
    }
    return new Cifar100Python(path, coarse, names, parts, folder);
  }

  private static void readArchive(Path path, Map<String, Object> pickles) throws IOException {
    List<String> wanted = List.of(Split.TRAIN.label(), Split.TEST.label(), META);
    try (InputStream in = Cifar100Binary.archiveStream(path)) {
      TarReader tar = new TarReader(in, path.toString());
      for (Optional<TarReader.Entry> e = tar.next(); e.isPresent(); e = tar.next()) {
        String base = Cifar100Binary.baseName(e.get().name());
        if (!wanted.contains(base)) {
          continue;
        }
        String where = path + ":" + e.get().name();
        if (pickles.containsKey(base)) {
          throw new InvalidDataException(where + ": a second entry named " + base + " (" + NAME + " expects one)");
        }
        pickles.put(base, load(where, new BufferedInputStream(tar.body(), 1 << 16)));
      }
    }
    for (String name : wanted) {
      if (!pickles.containsKey(name)) {
        throw new InvalidDataException(path + ": the archive holds no " + name + " (" + NAME + " layout)");
      }
    }
  }

  /** Runs the restricted unpickler; a read failure of the stream (a corrupt gzip) is one line naming {@code where}. */
  private static Object load(String where, InputStream in) {
    try {
      return NumpyPickle.load(where, in);
    } catch (UncheckedIOException e) {
      throw new InvalidDataException(where + ": cannot be read (" + e.getCause().getMessage() + ")", e);
    }
  }

  private Map<?, ?> dict(String where, Object root) {
    if (!(root instanceof Map<?, ?> dict)) {
      throw new InvalidDataException(where + ": expected a dict at the top of the pickle, found a " + kind(root));
    }
    return dict;
  }

  private Part part(Split split, Object root, int classes) {
    String where = where(split.label());
    Map<?, ?> dict = dict(where, root);
    if (!(dict.get("data") instanceof NumpyPickle.UInt8Array a) || a.shape().length != 2 || a.shape()[1] != PIXELS
        || a.shape()[0] < 1 || a.shape()[0] > Integer.MAX_VALUE) {
      throw new InvalidDataException(where + ": 'data' must be a uint8 array of shape (N, " + PIXELS + ") with N >= 1, found "
          + describe(dict.get("data")));
    }
    int n = (int) a.shape()[0];
    String key = (coarse ? "coarse" : "fine") + "_labels";
    List<?> values = list(where, dict, key, n);
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      if (!(values.get(i) instanceof Long v) || v < 0 || v >= classes) {
        throw new InvalidDataException(where + ": '" + key + "' entry " + i + " must be a class 0-" + (classes - 1)
            + ", found " + kind(values.get(i)) + (values.get(i) instanceof Long v ? " " + v : ""));
      }
      labels[i] = (int) (long) (Long) values.get(i);
    }
    return new Part(labels, strings(where, dict, "filenames", n), a.data().offset());
  }

  private List<?> list(String where, Map<?, ?> dict, String key, int n) {
    if (!(dict.get(key) instanceof List<?> list) || list.size() != n) {
      throw new InvalidDataException(where + ": '" + key + "' must be a list of " + n + " entries, found "
          + describe(dict.get(key)));
    }
    return list;
  }

  /** A list of {@code n} non-blank strings under {@code key} of the dict {@code root}. */
  private List<String> strings(String where, Object root, String key, int n) {
    List<?> list = list(where, dict(where, root), key, n);
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (!(list.get(i) instanceof String s) || s.isBlank() || s.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)) {
        throw new InvalidDataException(where + ": '" + key + "' entry " + i + " must be a non-blank string without "
            + "control characters, found " + kind(list.get(i)));
      }
      out.add(s);
    }
    return out;
  }

  private static String kind(Object o) {
    if (o instanceof Map) {
      return "dict";
    }
    if (o instanceof List) {
      return "list";
    }
    if (o instanceof NumpyPickle.Blob) {
      return "byte string of over 255 bytes";
    }
    return o == null ? "nothing" : o instanceof String ? "string" : o instanceof Long ? "integer" : "value of another kind";
  }

  private static String describe(Object o) {
    if (o instanceof NumpyPickle.UInt8Array a) {
      return "an array of shape " + java.util.Arrays.toString(a.shape());
    }
    if (o instanceof List<?> l) {
      return "a list of " + l.size();
    }
    return o == null ? "no such key" : "a " + kind(o);
  }

  private String where(String file) {
    return folder.map(d -> d.resolve(file).toString()).orElse(source + ":" + file);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String dataset() {
    return coarse ? "cifar100-coarse" : "cifar100";
  }

  @Override
  public String title() {
    return Cifar100Binary.title(coarse);
  }

  @Override
  public String licence() {
    return Cifar100Binary.LICENCE;
  }

  @Override
  public Path source() {
    return source;
  }

  @Override
  public List<Path> files() {
    return folder.map(d -> List.of(d.resolve(Split.TRAIN.label()), d.resolve(Split.TEST.label()), d.resolve(META)))
        .orElse(List.of(source));
  }

  @Override
  public List<String> classNames() {
    return names;
  }

  @Override
  public int count(Split split) {
    return parts.get(split).labels().length;
  }

  @Override
  public String splitRule() {
    return "the data set's own split: the train pickle is train (50,000 images), the test pickle is test (10,000)";
  }

  @Override
  public ImageStream open(Split split) throws IOException {
    return new Records(pixels(split), split, parts.get(split));
  }

  /** A stream positioned at the first pixel byte of {@code split}'s array. */
  private InputStream pixels(Split split) throws IOException {
    long offset = parts.get(split).dataOffset();
    if (folder.isPresent()) {
      FileChannel ch = FileChannel.open(folder.get().resolve(split.label()));
      ch.position(offset);
      return new BufferedInputStream(Channels.newInputStream(ch), 1 << 16);
    }
    InputStream archive = Cifar100Binary.archiveStream(source);
    TarReader tar = new TarReader(archive, source.toString());
    Optional<TarReader.Entry> e = tar.next();
    while (e.isPresent() && !Cifar100Binary.baseName(e.get().name()).equals(split.label())) {
      e = tar.next();
    }
    InputStream body = e.isPresent() ? tar.body() : InputStream.nullInputStream();
    try {
      body.skipNBytes(offset);
    } catch (EOFException ex) {
      archive.close();
      throw new InvalidDataException(where(split.label()) + ": shorter on a second pass (archive changed while open?)");
    }
    return new FilterInputStream(new BufferedInputStream(body, 1 << 16)) {
      @Override
      public void close() throws IOException {
        archive.close();
      }
    };
  }

  @Override
  public void close() {
    // nothing held open between streams
  }

  /** One split's records, read 3,072 bytes at a time. */
  private final class Records implements ImageStream {
    private final InputStream in;
    private final Split split;
    private final Part part;
    private final byte[] pixels = new byte[PIXELS];
    private int index;

    Records(InputStream in, Split split, Part part) {
      this.in = in;
      this.split = split;
      this.part = part;
    }

    @Override
    public Optional<ImageRecord> next() throws IOException {
      if (index == part.labels().length) {
        return Optional.empty();
      }
      int n;
      try {
        n = in.readNBytes(pixels, 0, PIXELS);
      } catch (EOFException | java.util.zip.ZipException e) {
        throw new InvalidDataException(where(split.label()) + ": record " + index + " cannot be read (" + e.getMessage()
            + ")");
      }
      if (n < PIXELS) {
        throw new InvalidDataException(where(split.label()) + ": record " + index + " is truncated (" + n + " of " + PIXELS
            + " bytes; changed since it was opened?)");
      }
      RgbImage image = RgbImage.fromPlanes(SIDE, SIDE, pixels, 0);
      String id = split.label() + "#" + index + " (" + part.filenames().get(index) + ")";
      ImageRecord r = new ImageRecord(split, index, part.labels()[index], id, image);
      index++;
      return Optional.of(r);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}

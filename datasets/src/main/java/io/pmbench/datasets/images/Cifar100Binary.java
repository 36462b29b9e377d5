package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * CIFAR-100, "binary version" (Krizhevsky 2009): {@code train.bin} (50,000 records) and
 * {@code test.bin} (10,000), each record 3,074 bytes — coarse label, fine label, then 1,024 red,
 * 1,024 green and 1,024 blue bytes of a 32 × 32 image (planes row-major) — and the names files
 * {@code fine_label_names.txt} (100 lines) and {@code coarse_label_names.txt} (20 lines).
 *
 * <p>Opened on the {@code cifar-100-binary/} folder (or a folder holding it) or on the archive
 * {@code cifar-100-binary.tar.gz} (or a plain {@code .tar}), which is read as a stream and never
 * unpacked: opening makes one pass to find the entries and read the names, each split one more.
 *
 * <p>Split: the data set's own ({@code train.bin} / {@code test.bin}). Labels: the fine label
 * (0–99, line {@code k} of {@code fine_label_names.txt}) by default, the coarse (0–19) with
 * option {@code labels=coarse}. Records stream in file order.
 */
final class Cifar100Binary implements ImageLayout {
  static final String NAME = "cifar100-binary";
  static final int SIDE = 32;
  static final int RECORD = 2 + 3 * SIDE * SIDE;
  private static final String FOLDER = "cifar-100-binary";

  private final Path source;
  private final boolean coarse;
  private final List<String> names;
  private final Map<Split, Long> bytes;
  /** Folder form: the folder holding the files; archive form: empty. */
  private final Optional<Path> folder;

  private Cifar100Binary(Path source, boolean coarse, List<String> names, Map<Split, Long> bytes, Optional<Path> folder) {
    this.source = source;
    this.coarse = coarse;
    this.names = List.copyOf(names);
    this.bytes = bytes;
    this.folder = folder;
  }

  static ImageLayout open(Path path, ImageOptions options) throws IOException {
    options.allowOnly(NAME, "labels");
    boolean coarse = options.choice("labels", "fine", "fine", "coarse").equals("coarse");
    String namesFile = (coarse ? "coarse" : "fine") + "_label_names.txt";
    Map<Split, Long> bytes = new EnumMap<>(Split.class);
    if (Files.isDirectory(path)) {
      Path dir = Files.isRegularFile(path.resolve("train.bin")) ? path : path.resolve(FOLDER);
      for (Split s : Split.values()) {
        Path f = dir.resolve(fileName(s));
        if (!Files.isRegularFile(f)) {
          throw new InvalidDataException(f + ": no such file (" + NAME + " needs train.bin and test.bin in " + path + ")");
        }
        bytes.put(s, Files.size(f));
      }
      List<String> names = ImageFiles.lines(dir.resolve(namesFile));
      return checked(new Cifar100Binary(path, coarse, names, bytes, Optional.of(dir)), dir.resolve(namesFile).toString());
    }
    List<String> names = null;
    try (InputStream in = archiveStream(path)) {
      TarReader tar = new TarReader(in, path.toString());
      for (Optional<TarReader.Entry> e = tar.next(); e.isPresent(); e = tar.next()) {
        String base = baseName(e.get().name());
        for (Split s : Split.values()) {
          if (base.equals(fileName(s))) {
            bytes.put(s, e.get().size());
          }
        }
        if (base.equals(namesFile)) {
          names = ImageFiles.lines(ImageFiles.readCapped(tar.body(), ImageFiles.MAX_TEXT_BYTES, path + ":" + e.get().name()));
        }
      }
    } catch (java.io.EOFException | java.util.zip.ZipException e) {
      throw new InvalidDataException(path + ": truncated or corrupt archive (" + e.getMessage() + ")");
    }
    for (Split s : Split.values()) {
      if (!bytes.containsKey(s)) {
        throw new InvalidDataException(path + ": the archive holds no " + fileName(s) + " (" + NAME + " layout)");
      }
    }
    if (names == null) {
      throw new InvalidDataException(path + ": the archive holds no " + namesFile + " (" + NAME + " layout)");
    }
    return checked(new Cifar100Binary(path, coarse, names, bytes, Optional.empty()), path + ":" + namesFile);
  }

  private static Cifar100Binary checked(Cifar100Binary c, String namesWhere) {
    int expected = c.coarse ? 20 : 100;
    if (c.names.size() != expected || c.names.stream().anyMatch(String::isBlank)) {
      throw new InvalidDataException(namesWhere + ": expected " + expected + " non-blank lines (one class name each), found "
          + c.names.size() + " lines");
    }
    for (Split s : Split.values()) {
      long b = c.bytes.get(s);
      if (b % RECORD != 0 || b / RECORD > Integer.MAX_VALUE || b == 0) {
        throw new InvalidDataException(c.where(s) + ": " + b + " bytes is not a positive whole number of " + RECORD
            + "-byte records (truncated or not CIFAR-100 binary?)");
      }
    }
    return c;
  }

  /** The archive at {@code path} as a stream, gunzipped when it starts with gzip's magic. */
  static InputStream archiveStream(Path path) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
    raw.mark(2);
    int b0 = raw.read();
    int b1 = raw.read();
    raw.reset();
    return b0 == 0x1f && b1 == 0x8b ? new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16) : raw;
  }

  /** The last part of a tar entry's name. */
  static String baseName(String entry) {
    return entry.substring(entry.lastIndexOf('/') + 1);
  }

  private static String fileName(Split s) {
    return s.label() + ".bin";
  }

  private String where(Split s) {
    return folder.map(d -> d.resolve(fileName(s)).toString()).orElse(source + ":" + fileName(s));
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
    return title(coarse);
  }

  /** The title of CIFAR-100 with fine or coarse labels, whichever layout it comes in. */
  static String title(boolean coarse) {
    return "CIFAR-100 (Krizhevsky 2009), " + (coarse ? "coarse labels (20 superclasses)" : "fine labels (100 classes)");
  }

  @Override
  public String licence() {
    return LICENCE;
  }

  /** CIFAR-100's citation and terms, whichever layout it comes in. */
  static final String LICENCE = "CIFAR-100 images: Krizhevsky, Learning Multiple Layers of Features from Tiny Images, "
      + "tech. report, University of Toronto, 2009; distributed by the author for research, without a formal licence";

  @Override
  public Path source() {
    return source;
  }

  @Override
  public List<Path> files() {
    return folder.map(d -> List.of(d.resolve("train.bin"), d.resolve("test.bin"),
        d.resolve((coarse ? "coarse" : "fine") + "_label_names.txt"))).orElse(List.of(source));
  }

  @Override
  public List<String> classNames() {
    return names;
  }

  @Override
  public int count(Split split) {
    return (int) (bytes.get(split) / RECORD);
  }

  @Override
  public String splitRule() {
    return "the data set's own split: train.bin is train (50,000 images), test.bin is test (10,000)";
  }

  @Override
  public ImageStream open(Split split) throws IOException {
    InputStream in;
    if (folder.isPresent()) {
      in = new BufferedInputStream(Files.newInputStream(folder.get().resolve(fileName(split))), 1 << 16);
    } else {
      in = archiveStream(source);
      TarReader tar = new TarReader(in, source.toString());
      Optional<TarReader.Entry> e = tar.next();
      while (e.isPresent() && !baseName(e.get().name()).equals(fileName(split))) {
        e = tar.next();
      }
      if (e.isEmpty()) {
        in.close();
        throw new InvalidDataException(where(split) + ": not found on a second pass (archive changed while open?)");
      }
      InputStream body = tar.body();
      InputStream archive = in;
      in = new java.io.FilterInputStream(body) {
        @Override
        public void close() throws IOException {
          archive.close();
        }
      };
    }
    return new Records(in, split, count(split));
  }

  @Override
  public void close() {
    // nothing held open between streams
  }

  /** One split's records, read 3,074 bytes at a time. */
  private final class Records implements ImageStream {
    private final InputStream in;
    private final Split split;
    private final int count;
    private final byte[] record = new byte[RECORD];
    private int index;

    Records(InputStream in, Split split, int count) {
      this.in = in;
      this.split = split;
      this.count = count;
    }

    @Override
    public Optional<ImageRecord> next() throws IOException {
      if (index == count) {
        return Optional.empty();
      }
      int n;
      try {
        n = in.readNBytes(record, 0, RECORD);
      } catch (java.io.EOFException | java.util.zip.ZipException e) {
        throw new InvalidDataException(where(split) + ": record " + index + " cannot be read (" + e.getMessage() + ")");
      }
      if (n < RECORD) {
        throw new InvalidDataException(where(split) + ": record " + index + " is truncated (" + n + " of " + RECORD
            + " bytes; " + count + " records expected)");
      }
      int label = coarse ? record[0] & 0xFF : record[1] & 0xFF;
      if (label >= names.size()) {
        throw new InvalidDataException(where(split) + ": record " + index + ": " + (coarse ? "coarse" : "fine")
            + " label " + label + " is out of range 0-" + (names.size() - 1));
      }
      RgbImage image = RgbImage.fromPlanes(SIDE, SIDE, record, 2);
      ImageRecord r = new ImageRecord(split, index, label, fileName(split) + "#" + index, image);
      index++;
      return Optional.of(r);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}

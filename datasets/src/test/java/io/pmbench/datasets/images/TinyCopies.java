package io.pmbench.datasets.images;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.imageio.ImageIO;

/** Small copies of the image layouts, written by the tests themselves (never read from elsewhere). */
final class TinyCopies {
  private TinyCopies() {}

  /** One CIFAR record: coarse, fine, then pixel (x, y) of plane c is {@code pixel(i, c, x, y)}. */
  static byte[] cifarRecord(int i, int coarse, int fine) {
    byte[] r = new byte[Cifar100Binary.RECORD];
    r[0] = (byte) coarse;
    r[1] = (byte) fine;
    for (int c = 0; c < 3; c++) {
      for (int p = 0; p < 1024; p++) {
        r[2 + c * 1024 + p] = (byte) pixel(i, c, p % 32, p / 32);
      }
    }
    return r;
  }

  /** The value the tiny CIFAR copy stores for record {@code i}, channel {@code c}, column x, row y. */
  static int pixel(int i, int c, int x, int y) {
    return (i * 37 + c * 71 + x * 3 + y * 5) & 0xFF;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** {@code n} lines {@code prefix0 … prefix(n-1)}. */
  static byte[] names(String prefix, int n) {
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < n; k++) {
      s.append(prefix).append(k).append('\n');
    }
    return s.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The files of a cifar-100-binary folder: train with 3 records, test with 2. */
  static Map<String, byte[]> cifarFiles() {
    return Map.of("train.bin", concat(cifarRecord(0, 4, 0), cifarRecord(1, 1, 99), cifarRecord(2, 19, 50)),
        "test.bin", concat(cifarRecord(3, 0, 7), cifarRecord(4, 2, 8)),
        "fine_label_names.txt", names("fine", 100), "coarse_label_names.txt", names("coarse", 20));
  }

  /** Every record of {@code split}, in stream order. */
  static List<ImageRecord> records(ImageLayout layout, Split split) throws IOException {
    List<ImageRecord> out = new ArrayList<>();
    try (ImageStream s = layout.open(split)) {
      for (java.util.Optional<ImageRecord> r = s.next(); r.isPresent(); r = s.next()) {
        out.add(r.get());
      }
    }
    return out;
  }

  static Path writeFolder(Path dir, Map<String, byte[]> files) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      Files.write(dir.resolve(f.getKey()), f.getValue());
    }
    return dir;
  }

  /**
   * A gzip'd POSIX tar (written here byte by byte, independently of {@link TarReader}) with a
   * directory entry {@code folder/} and then each file under it, in the order given.
   */
  static byte[] tarGz(String folder, List<Map.Entry<String, byte[]>> files) throws IOException {
    return tarGz(folder, files, '0');
  }

  /** As {@link #tarGz(String, List)}, the first file with type {@code firstType} (e.g. 'L', a GNU long name). */
  static byte[] tarGz(String folder, List<Map.Entry<String, byte[]>> files, char firstType) throws IOException {
    ByteArrayOutputStream tar = new ByteArrayOutputStream();
    tar.writeBytes(header(folder + "/", 0, '5'));
    for (Map.Entry<String, byte[]> f : files) {
      char type = f == files.get(0) ? firstType : '0';
      tar.writeBytes(header(folder + "/" + f.getKey(), f.getValue().length, type));
      tar.writeBytes(f.getValue());
      tar.writeBytes(new byte[(512 - f.getValue().length % 512) % 512]);
    }
    tar.writeBytes(new byte[1024]);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gz)) {
      tar.writeTo(out);
    }
    return gz.toByteArray();
  }

  private static byte[] header(String name, long size, char type) {
    byte[] h = new byte[512];
    put(h, 0, name);
    put(h, 100, "0000644");
    put(h, 108, "0000000");
    put(h, 116, "0000000");
    put(h, 124, String.format("%011o", size));
    put(h, 136, "00000000000");
    h[156] = (byte) type;
    put(h, 257, "ustar");
    put(h, 263, "00");
    for (int i = 148; i < 156; i++) {
      h[i] = ' ';
    }
    long sum = 0;
    for (byte b : h) {
      sum += b & 0xFF;
    }
    put(h, 148, String.format("%06o", sum));
    h[155] = ' ';
    return h;
  }

  private static void put(byte[] h, int off, String s) {
    byte[] b = s.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(b, 0, h, off, b.length);
  }

  /** The CIFAR files in the archive's order: names, test, train (as the real archive has them). */
  static List<Map.Entry<String, byte[]>> cifarArchiveOrder() {
    Map<String, byte[]> f = cifarFiles();
    List<Map.Entry<String, byte[]>> out = new ArrayList<>();
    for (String n : List.of("coarse_label_names.txt", "fine_label_names.txt", "test.bin", "train.bin")) {
      out.add(Map.entry(n, f.get(n)));
    }
    return out;
  }

  /** A JPEG of {@code w × h}, a horizontal red ramp over a constant colour set by {@code seed}. */
  static byte[] jpeg(int w, int h, int seed) throws IOException {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, ((x * 255 / w) << 16) | ((seed * 40 & 0xFF) << 8) | (y * 255 / h));
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "jpg", out);
    return out.toByteArray();
  }

  /** A stored zip with the given entries in order. */
  static void zip(Path file, List<Map.Entry<String, byte[]>> entries) throws IOException {
    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(file))) {
      for (Map.Entry<String, byte[]> e : entries) {
        z.putNextEntry(new ZipEntry(e.getKey()));
        z.write(e.getValue());
        z.closeEntry();
      }
    }
  }
}

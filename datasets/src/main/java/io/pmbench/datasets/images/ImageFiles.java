package io.pmbench.datasets.images;

import io.pmbench.core.data.InvalidDataException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.event.IIOReadWarningListener;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * What every image layout needs from its files, with caps on everything an untrusted length could
 * size: encoded images ({@link #MAX_IMAGE_BYTES}), decoded images ({@link RgbImage#MAX_PIXELS},
 * checked from the header before decoding) and small text files ({@link #MAX_TEXT_BYTES}).
 */
public final class ImageFiles {
  /** The largest encoded image file read (64 MiB). */
  public static final int MAX_IMAGE_BYTES = 64 << 20;
  /** The largest text file (labels list, class names) read (16 MiB). */
  public static final int MAX_TEXT_BYTES = 16 << 20;

  private ImageFiles() {}

  /**
   * Reads at most {@code cap} bytes of {@code in} to its end; more is an error naming {@code where}.
   */
  public static byte[] readCapped(InputStream in, int cap, String where) throws IOException {
    byte[] bytes = in.readNBytes(cap);
    if (bytes.length == cap && in.read() != -1) {
      throw new InvalidDataException(where + ": larger than the " + cap + "-byte limit for this kind of file");
    }
    return bytes;
  }

  /** The lines of a small UTF-8 text file (at most {@link #MAX_TEXT_BYTES}); a missing file names itself. */
  public static List<String> lines(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return lines(readCapped(in, MAX_TEXT_BYTES, file.toString()));
    } catch (NoSuchFileException e) {
      throw new InvalidDataException(file + ": no such file");
    }
  }

  /** The lines of UTF-8 {@code bytes} ({@code \n} or {@code \r\n} ends), without a trailing empty line. */
  public static List<String> lines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>(List.of(text.split("\r?\n", -1)));
    if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  /**
   * Decodes an encoded image (JPEG, PNG, BMP or GIF, as the JDK reads them). The size in its header
   * is checked against {@link RgbImage#MAX_PIXELS} before any pixel is decoded; a file the decoder
   * cannot read, or reads only with a warning (a truncated JPEG decodes with grey filler and a
   * warning), is an {@link InvalidDataException} naming {@code where}.
   */
  public static RgbImage decode(byte[] bytes, String where) {
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw new InvalidDataException(where + ": not an image (no JPEG, PNG, BMP or GIF signature)");
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        List<String> warnings = new ArrayList<>();
        reader.addIIOReadWarningListener(warningsInto(warnings));
        long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
        if (pixels > RgbImage.MAX_PIXELS) {
          throw new InvalidDataException(where + ": image of " + reader.getWidth(0) + " x " + reader.getHeight(0)
              + " pixels exceeds the limit of " + RgbImage.MAX_PIXELS + " pixels");
        }
        BufferedImage image = reader.read(0);
        if (!warnings.isEmpty()) {
          throw new InvalidDataException(where + ": corrupt image (" + warnings.get(0) + ")");
        }
        return RgbImage.of(image);
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof InvalidDataException ide) {
        throw ide;
      }
      throw new InvalidDataException(where + ": corrupt image (" + e.getMessage() + ")", e);
    }
  }

  private static IIOReadWarningListener warningsInto(List<String> warnings) {
    return (source, warning) -> warnings.add(warning);
  }
}

package io.pmbench.datasets.images;

import java.awt.image.BufferedImage;

/**
 * An 8-bit colour image: {@code rgb} holds {@code width × height} pixels row-major, each as three
 * bytes R, G, B (interleaved), unsigned. The array is not copied and must not be changed after
 * construction; equality is that of the array reference, as for every record holding an array.
 *
 * @param width columns, at least 1
 * @param height rows, at least 1
 * @param rgb {@code 3 × width × height} bytes
 */
public record RgbImage(int width, int height, byte[] rgb) {
  /**
   * The largest image accepted, in pixels (6,000 × 6,000): a decoded image costs 3 bytes a pixel
   * here plus the decoder's own copy, so a file claiming more is refused before decoding.
   */
  public static final long MAX_PIXELS = 36_000_000L;

  public RgbImage {
    if (width < 1 || height < 1) {
      throw new IllegalArgumentException("image size must be at least 1 x 1. Provided value: " + width + " x " + height);
    }
    if ((long) width * height > MAX_PIXELS) {
      throw new IllegalArgumentException("image must have at most " + MAX_PIXELS + " pixels. Provided value: "
          + width + " x " + height);
    }
    if (rgb.length != 3 * width * height) {
      throw new IllegalArgumentException("rgb must hold 3 x " + width + " x " + height + " bytes. Provided value: "
          + rgb.length);
    }
  }

  /**
   * From planar bytes as CIFAR stores them: {@code width × height} red bytes, then green, then blue,
   * each plane row-major, starting at {@code offset}.
   */
  public static RgbImage fromPlanes(int width, int height, byte[] planes, int offset) {
    int n = width * height;
    byte[] rgb = new byte[3 * n];
    for (int p = 0; p < n; p++) {
      rgb[3 * p] = planes[offset + p];
      rgb[3 * p + 1] = planes[offset + n + p];
      rgb[3 * p + 2] = planes[offset + 2 * n + p];
    }
    return new RgbImage(width, height, rgb);
  }

  /** The pixels of a decoded image (grey, palette and alpha images converted to RGB, alpha dropped). */
  public static RgbImage of(BufferedImage image) {
    int w = image.getWidth();
    int h = image.getHeight();
    if ((long) w * h > MAX_PIXELS) {
      throw new IllegalArgumentException("image must have at most " + MAX_PIXELS + " pixels. Provided value: "
          + w + " x " + h);
    }
    byte[] rgb = new byte[3 * w * h];
    int[] row = new int[w];
    for (int y = 0; y < h; y++) {
      image.getRGB(0, y, w, 1, row, 0, w);
      for (int x = 0; x < w; x++) {
        int p = 3 * (y * w + x);
        rgb[p] = (byte) (row[x] >>> 16);
        rgb[p + 1] = (byte) (row[x] >>> 8);
        rgb[p + 2] = (byte) row[x];
      }
    }
    return new RgbImage(w, h, rgb);
  }

  /** Channel {@code c} (0 red, 1 green, 2 blue) of the pixel in column {@code x}, row {@code y}, 0–255. */
  public int sample(int x, int y, int c) {
    return rgb[3 * (y * width + x) + c] & 0xFF;
  }

  /** The pixels inside {@code box}, which must lie within this image. */
  public RgbImage crop(BoundingBox box) {
    if (box.x2() > width || box.y2() > height) {
      throw new IllegalArgumentException("box must lie within the " + width + " x " + height + " image. Provided value: "
          + box);
    }
    int w = box.width();
    byte[] out = new byte[3 * w * box.height()];
    for (int y = 0; y < box.height(); y++) {
      System.arraycopy(rgb, 3 * ((box.y1() + y) * width + box.x1()), out, 3 * y * w, 3 * w);
    }
    return new RgbImage(w, box.height(), out);
  }
}

package io.pmbench.datasets.builtin;

import io.pmbench.core.data.InvalidDataException;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * The Omniglot feature recipe (data README, {@code classpath:/io/pmbench/datasets/omniglot/README.md}):
 * a {@value #SIDE} × {@value #SIDE} grey-scale PNG becomes its ink, 1 − pixel/max (max = 255 for
 * 8-bit samples, 1 for the 1-bit PNGs Omniglot ships, so both read as 1 − pixel/255 of the
 * 8-bit image), averaged over non-overlapping {@value #BOX} × {@value #BOX} boxes: {@value #CELLS}
 * × {@value #CELLS} = {@value #DIMENSION} values, row-major. Rows are L2-normalised later, with
 * every other data set's ({@link io.pmbench.datasets.assembly.FeatureSets#assemble}).
 *
 * <p>PNGs are decoded by {@code javax.imageio} from memory (no temporary files).
 */
final class InkFeatures {
  /** Width and height of an Omniglot image, in pixels. */
  static final int SIDE = 105;
  /** Side of the averaging box, in pixels. */
  static final int BOX = 3;
  /** Boxes per side. */
  static final int CELLS = SIDE / BOX;
  /** Values per image. */
  static final int DIMENSION = CELLS * CELLS;

  private InkFeatures() {}

  /**
   * Writes the {@value #DIMENSION} box means of one image's ink into
   * {@code out[offset .. offset + DIMENSION)}; only that slice of {@code out} is modified.
   *
   * @param name the image as named in messages (zip and entry)
   * @throws InvalidDataException if {@code png} is not a {@value #SIDE} × {@value #SIDE}
   *     single-band image
   */
  static void write(String name, byte[] png, float[] out, int offset) {
    Raster raster = decode(name, png).getRaster();
    if (raster.getWidth() != SIDE || raster.getHeight() != SIDE || raster.getNumBands() != 1) {
      throw new InvalidDataException(name + ": expected a " + SIDE + "x" + SIDE + " grey-scale image, found "
          + raster.getWidth() + "x" + raster.getHeight() + " with " + raster.getNumBands() + " bands");
    }
    int[] pixels = raster.getSamples(0, 0, SIDE, SIDE, 0, new int[SIDE * SIDE]);
    float max = (1 << raster.getSampleModel().getSampleSize(0)) - 1;
    float[] sums = new float[DIMENSION];
    for (int y = 0; y < SIDE; y++) {
      int cellRow = (y / BOX) * CELLS;
      for (int x = 0; x < SIDE; x++) {
        sums[cellRow + x / BOX] += 1 - pixels[y * SIDE + x] / max;
      }
    }
    for (int c = 0; c < DIMENSION; c++) {
      out[offset + c] = sums[c] / (BOX * BOX);
    }
  }

  private static BufferedImage decode(String name, byte[] png) {
    try {
      // ImageIO.read closes this in-memory stream itself.
      BufferedImage image = ImageIO.read(new MemoryCacheImageInputStream(new ByteArrayInputStream(png)));
      if (image == null) {
        throw new InvalidDataException(name + ": not an image javax.imageio can read");
      }
      return image;
    } catch (IOException e) {
      throw new InvalidDataException(name + ": unreadable PNG (" + e.getMessage() + ")", e);
    }
  }
}

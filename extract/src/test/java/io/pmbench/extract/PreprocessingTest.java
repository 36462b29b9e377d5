package io.pmbench.extract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.datasets.images.BoundingBox;
import io.pmbench.datasets.images.ImageRecord;
import io.pmbench.datasets.images.RgbImage;
import io.pmbench.datasets.images.Split;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stated input rule on images small enough to compute by hand. */
class PreprocessingTest {
  private static RgbImage image(int w, int h, int[][] rgbPerPixel) {
    byte[] b = new byte[3 * w * h];
    for (int p = 0; p < w * h; p++) {
      for (int c = 0; c < 3; c++) {
        b[3 * p + c] = (byte) rgbPerPixel[p][c];
      }
    }
    return new RgbImage(w, h, b);
  }

  @Test
  void input_onePixel_planesAreBlueGreenRedRaw() {
    float[] in = Preprocessing.input(image(1, 1, new int[][] {{10, 200, 255}}), 2);
    // plane 0 = blue, 1 = green, 2 = red, each 2 x 2, raw 0-255: fails if the order were RGB or scaled.
    assertArrayEquals(new float[] {255, 255, 255, 255, 200, 200, 200, 200, 10, 10, 10, 10}, in);
  }

  @Test
  void input_twoColumnsToFour_bilinearWithAlignedCentresAndClampedEdges() {
    // Source x of output column d is (d + 0.5) * 2/4 - 0.5 = -0.25, 0.25, 0.75, 1.25 -> clamped 0, 0.25, 0.75, 1.
    float[] in = Preprocessing.input(image(2, 1, new int[][] {{0, 0, 0}, {100, 0, 0}}), 4);
    float[] red = java.util.Arrays.copyOfRange(in, 2 * 16, 2 * 16 + 4);
    assertArrayEquals(new float[] {0, 25, 75, 100}, red);
    for (int row = 1; row < 4; row++) {
      assertArrayEquals(red, java.util.Arrays.copyOfRange(in, 2 * 16 + 4 * row, 2 * 16 + 4 * row + 4));
    }
  }

  @Test
  void reduce_imageMoreThanTwiceTheTarget_averagesWholeBlocks() {
    int[][] px = new int[5 * 2][];
    for (int p = 0; p < px.length; p++) {
      px[p] = new int[] {p % 5 * 10, 0, 7};
    }
    RgbImage small = Preprocessing.reduce(image(5, 2, px), 2);
    // 5 columns to side 2: blocks of 2 columns (the fifth dropped); 2 rows, not more than twice: kept.
    assertEquals(2, small.width());
    assertEquals(2, small.height());
    assertEquals(5, small.sample(0, 0, 0)); // (0 + 10) / 2
    assertEquals(25, small.sample(1, 1, 0)); // (20 + 30) / 2
    assertEquals(7, small.sample(1, 1, 2));
  }

  @Test
  void cropped_recordWithBox_usesOnlyTheBoxPixels() {
    RgbImage img = image(3, 1, new int[][] {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}});
    ImageRecord r = new ImageRecord(Split.TRAIN, 0, 0, "x", img, Optional.of(new BoundingBox(1, 0, 2, 1)));
    RgbImage c = Extraction.cropped(r);
    assertEquals(1, c.width());
    assertEquals(2, c.sample(0, 0, 0));
  }
}

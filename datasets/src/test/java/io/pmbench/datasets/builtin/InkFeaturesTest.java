package io.pmbench.datasets.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.InvalidDataException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The feature recipe on hand-made PNGs whose box means are known. Fails if ink is not
 * 1 − pixel/max, if the 1-bit PNGs Omniglot ships are scaled as 8-bit ones (ink would be almost
 * 1 everywhere), or if boxes are misplaced (rows and columns swapped, wrong stride).
 */
class InkFeaturesTest {

  private static byte[] png(BufferedImage image) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  @Test
  void write_eightBitGreyImage_givesBoxMeansOfInk() throws IOException {
    BufferedImage image = new BufferedImage(105, 105, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < 105; y++) {
      for (int x = 0; x < 105; x++) {
        image.getRaster().setSample(x, y, 0, 255);
      }
    }
    image.getRaster().setSample(4, 0, 0, 0); // box (row 0, column 1): one black pixel of nine
    image.getRaster().setSample(0, 7, 0, 51); // box (row 2, column 0): ink 0.8
    float[] out = new float[InkFeatures.DIMENSION + 2];

    InkFeatures.write("test.png", png(image), out, 1);

    float[] expected = new float[InkFeatures.DIMENSION + 2];
    expected[1 + 1] = 1f / 9;
    expected[1 + 2 * 35] = 0.8f / 9;
    assertArrayEquals(expected, out, 1e-6f);
  }

  @Test
  void write_oneBitImage_readsBlackAsInkOne() throws IOException {
    BufferedImage image = new BufferedImage(105, 105, BufferedImage.TYPE_BYTE_BINARY);
    for (int y = 0; y < 105; y++) {
      for (int x = 0; x < 105; x++) {
        image.getRaster().setSample(x, y, 0, x < 3 && y < 3 ? 0 : 1);
      }
    }
    float[] out = new float[InkFeatures.DIMENSION];

    InkFeatures.write("test.png", png(image), out, 0);

    float[] expected = new float[InkFeatures.DIMENSION];
    expected[0] = 1f;
    assertArrayEquals(expected, out, 1e-6f, "ink only in the first box");
  }

  @Test
  void write_wrongSize_namesTheImage() throws IOException {
    byte[] small = png(new BufferedImage(28, 28, BufferedImage.TYPE_BYTE_GRAY));

    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> InkFeatures.write("a.zip!x.png", small, new float[InkFeatures.DIMENSION], 0));
    assertTrue(e.getMessage().startsWith("a.zip!x.png: expected a 105x105 grey-scale image, found 28x28"),
        e.getMessage());
  }

  @Test
  void write_notAnImage_namesTheImage() {
    InvalidDataException e = assertThrows(InvalidDataException.class,
        () -> InkFeatures.write("a.zip!x.png", new byte[] {1, 2, 3}, new float[InkFeatures.DIMENSION], 0));
    assertEquals("a.zip!x.png: not an image javax.imageio can read", e.getMessage());
  }
}

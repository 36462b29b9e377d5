package io.pmbench.extract;

import static io.pmbench.extract.FeaturesExtractCliTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.extract.FeaturesExtractCliTest.Run;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pmbench features extract} on the layouts cub200, cifar100-python and cars196-devkit
 * through the command line: a tiny CUB copy written here extracts, and its bounding boxes reach
 * the network ({@code --crop bbox} and {@code --crop none} give different rows); a hostile
 * pickle or a broken devkit is one line, exit 2, and nothing is written.
 */
class MoreLayoutsCliTest {
  @TempDir
  Path tmp;

  /** A CUB copy of four 40 x 30 images (classes 1, 2, 101, 102), each with a box on its left third, which differs. */
  private Path cub() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("CUB_200_2011"));
    StringBuilder images = new StringBuilder();
    StringBuilder labels = new StringBuilder();
    StringBuilder split = new StringBuilder();
    StringBuilder boxes = new StringBuilder();
    int[] classes = {1, 2, 101, 102};
    for (int id = 1; id <= 4; id++) {
      String rel = "c" + classes[id - 1] + "/b" + id + ".png";
      Files.createDirectories(dir.resolve("images").resolve(rel).getParent());
      Files.write(dir.resolve("images").resolve(rel), png(id));
      images.append(id).append(' ').append(rel).append('\n');
      labels.append(id).append(' ').append(classes[id - 1]).append('\n');
      split.append(id).append(" 1\n");
      boxes.append(id).append(" 0.0 0.0 13.0 30.0\n");
    }
    StringBuilder names = new StringBuilder();
    for (int c = 1; c <= 200; c++) {
      names.append(c).append(" bird_").append(c).append('\n');
    }
    Files.writeString(dir.resolve("images.txt"), images);
    Files.writeString(dir.resolve("image_class_labels.txt"), labels);
    Files.writeString(dir.resolve("train_test_split.txt"), split);
    Files.writeString(dir.resolve("bounding_boxes.txt"), boxes);
    Files.writeString(dir.resolve("classes.txt"), names);
    return dir;
  }

  /** Left third a colour set by {@code id}, the rest a pattern common to all. */
  private static byte[] png(int id) throws IOException {
    BufferedImage img = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < 30; y++) {
      for (int x = 0; x < 40; x++) {
        img.setRGB(x, y, x < 13 ? (id * 60) << 16 | (255 - id * 50) : (x * 6) << 8 | y * 8);
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(img, "png", out);
    return out.toByteArray();
  }

  @Test
  void extract_cub200_writesBothSplitsAndTheBoxesReachTheNetwork() throws IOException {
    Path dir = cub();
    Run crop = execute("features", "extract", "--images", "cub200:" + dir, "--out", tmp.resolve("bbox").toString(),
        "--threads", "1");
    assertEquals(0, crop.exit(), crop.err());
    assertTrue(crop.err().contains("classes 1-100 train, 101-200 test"), crop.err());
    Run none = execute("features", "extract", "--images", "cub200:" + dir, "--crop", "none", "--out",
        tmp.resolve("none").toString(), "--threads", "1");
    assertEquals(0, none.exit(), none.err());
    byte[] a = Files.readAllBytes(tmp.resolve("bbox/train.npy"));
    byte[] b = Files.readAllBytes(tmp.resolve("none/train.npy"));
    assertEquals(a.length, b.length);
    // fails if the extractor ignored the records' boxes: the crop and the whole image differ
    assertFalse(Arrays.equals(a, b));
  }

  private void assertRefusedInOneLine(Run r, String starts) {
    assertEquals(2, r.exit(), r.err());
    String err = r.err().strip();
    assertTrue(err.startsWith("pmbench: " + starts), err);
    assertFalse(err.contains("\n"), err);
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  @Test
  void extract_cifar100PythonPickleCallingOsSystem_exit2InOneLine() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("cifar-100-python"));
    byte[] evil = "\u0080\u0002cos\nsystem\nU\u0005touch\u0085R.".getBytes(StandardCharsets.ISO_8859_1);
    for (String f : new String[] {"train", "test", "meta"}) {
      Files.write(dir.resolve(f), evil);
    }
    Run r = execute("features", "extract", "--images", "cifar100-python:" + dir, "--out", tmp.resolve("out").toString());
    assertRefusedInOneLine(r, dir.resolve("train") + ": refusing pickle global 'os.system'");
  }

  @Test
  void extract_cars196DevkitWithoutItsMeta_exit2InOneLine() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("cars/devkit")).getParent();
    Run r = execute("features", "extract", "--images", "cars196-devkit:" + dir, "--out", tmp.resolve("out").toString());
    assertRefusedInOneLine(r, dir.resolve("devkit/cars_meta.mat") + ": no such file");
  }
}

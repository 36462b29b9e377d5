package io.pmbench.learn;

import io.pmbench.datasets.format.NpyWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A tiny image data set written as four .npy files: {@value #SIDE} × {@value #SIDE} grey images,
 * each class a bright 3 × 3 block at its own place plus uniform noise; train classes 0..3, test
 * classes 4..5 (class-disjoint, like Omniglot).
 */
final class TinyImages {
  static final int SIDE = 12;
  static final int PER_CLASS = 12;

  private TinyImages() {}

  /** Writes the files into {@code dir} and returns the {@code npy:} spec that loads them. */
  static String write(Path dir) throws IOException {
    Files.createDirectories(dir);
    SplittableRandom rng = new SplittableRandom(7);
    write(dir, "train", 0, 4, rng);
    write(dir, "test", 4, 2, rng);
    return "npy:" + dir.resolve("train_x.npy") + "," + dir.resolve("train_y.npy") + "," + dir.resolve("test_x.npy") + ","
        + dir.resolve("test_y.npy");
  }

  private static void write(Path dir, String split, int firstClass, int classes, SplittableRandom rng)
      throws IOException {
    int rows = classes * PER_CLASS;
    float[] x = new float[rows * SIDE * SIDE];
    int[] y = new int[rows];
    for (int r = 0; r < rows; r++) {
      int c = firstClass + r / PER_CLASS;
      y[r] = c;
      int top = 1 + (c % 3) * 3;
      int left = 1 + (c / 3) * 4;
      for (int i = 0; i < SIDE * SIDE; i++) {
        int row = i / SIDE;
        int col = i % SIDE;
        boolean block = row >= top && row < top + 3 && col >= left && col < left + 3;
        x[r * SIDE * SIDE + i] = (float) (0.3 * rng.nextDouble() + (block ? 1 : 0));
      }
    }
    Files.write(dir.resolve(split + "_x.npy"), NpyWriter.float32(x, rows, SIDE * SIDE));
    Files.write(dir.resolve(split + "_y.npy"), NpyWriter.int32(y));
  }
}

package io.pmbench.extract;

import io.pmbench.datasets.images.RgbImage;

/**
 * An image as the network's input, by one rule for every data set: the whole image (after the
 * crop to its bounding box, when the layout gives one) is resized to {@code side × side} without
 * keeping its aspect ratio, by bilinear interpolation with pixel centres aligned (source coordinate
 * {@code (d + 0.5) · in/out − 0.5}, clamped at the edges); an image more than twice the target in
 * a direction is first averaged over integer blocks of {@code ⌊in/out⌋} pixels in that direction
 * (so large photos do not alias). The result is written as three planes in B, G, R order, raw
 * values 0–255 (no mean, no scaling), as the Caffe-trained SqueezeNet expects. Pure Java
 * arithmetic in a fixed order: the same image gives the same floats on every run and thread.
 */
public final class Preprocessing {
  /** The rule in one line, recorded in descriptors and provenance. */
  public static final String RULE = "crop to the bounding box if the layout gives one; whole image resized to SIDE x SIDE"
      + " (aspect ratio not kept) by bilinear interpolation, pixel centres aligned, edges clamped, after an integer box"
      + " average when the image is more than twice the target; channels B, G, R; raw values 0-255, no mean, no scale";

  private Preprocessing() {}

  /** {@link #RULE} for a given side. */
  public static String rule(int side) {
    return RULE.replace("SIDE", Integer.toString(side));
  }

  /** The input tensor's values, [3, side, side] row-major: plane 0 blue, 1 green, 2 red. */
  public static float[] input(RgbImage image, int side) {
    RgbImage src = reduce(image, side);
    float[] out = new float[3 * side * side];
    int w = src.width();
    int h = src.height();
    double sx = (double) w / side;
    double sy = (double) h / side;
    int[] x0 = new int[side];
    int[] x1 = new int[side];
    double[] fx = new double[side];
    for (int d = 0; d < side; d++) {
      double x = Math.min(Math.max((d + 0.5) * sx - 0.5, 0), w - 1);
      x0[d] = (int) x;
      x1[d] = Math.min(x0[d] + 1, w - 1);
      fx[d] = x - x0[d];
    }
    byte[] rgb = src.rgb();
    int plane = side * side;
    for (int dy = 0; dy < side; dy++) {
      double y = Math.min(Math.max((dy + 0.5) * sy - 0.5, 0), h - 1);
      int y0 = (int) y;
      int y1 = Math.min(y0 + 1, h - 1);
      double fy = y - y0;
      for (int dx = 0; dx < side; dx++) {
        int a = 3 * (y0 * w + x0[dx]);
        int b = 3 * (y0 * w + x1[dx]);
        int c = 3 * (y1 * w + x0[dx]);
        int e = 3 * (y1 * w + x1[dx]);
        for (int ch = 0; ch < 3; ch++) {
          double top = (rgb[a + ch] & 0xFF) + fx[dx] * ((rgb[b + ch] & 0xFF) - (rgb[a + ch] & 0xFF));
          double bottom = (rgb[c + ch] & 0xFF) + fx[dx] * ((rgb[e + ch] & 0xFF) - (rgb[c + ch] & 0xFF));
          out[(2 - ch) * plane + dy * side + dx] = (float) (top + fy * (bottom - top));
        }
      }
    }
    return out;
  }

  /**
   * The image averaged over blocks of {@code ⌊w/side⌋ × ⌊h/side⌋} pixels (each factor at least 1,
   * and 1 unless the image is more than twice {@code side} in that direction), rounded to the
   * nearest integer; columns and rows past the last whole block are dropped.
   */
  static RgbImage reduce(RgbImage image, int side) {
    int kx = image.width() >= 2 * side ? image.width() / side : 1;
    int ky = image.height() >= 2 * side ? image.height() / side : 1;
    if (kx == 1 && ky == 1) {
      return image;
    }
    int w = image.width() / kx;
    int h = image.height() / ky;
    byte[] out = new byte[3 * w * h];
    int n = kx * ky;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        for (int ch = 0; ch < 3; ch++) {
          int sum = 0;
          for (int j = 0; j < ky; j++) {
            for (int i = 0; i < kx; i++) {
              sum += image.sample(x * kx + i, y * ky + j, ch);
            }
          }
          out[3 * (y * w + x) + ch] = (byte) ((sum + n / 2) / n);
        }
      }
    }
    return new RgbImage(w, h, out);
  }
}

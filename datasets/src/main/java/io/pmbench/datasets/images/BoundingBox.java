package io.pmbench.datasets.images;

/**
 * A rectangle of pixels in 0-based image coordinates: columns {@code x1 ≤ x < x2}, rows
 * {@code y1 ≤ y < y2} (start inclusive, end exclusive). A layout converts its own convention to
 * this one (the Cars196 devkit's 1-based inclusive {@code bbox_x1..bbox_x2} is
 * {@code new BoundingBox(x1 - 1, y1 - 1, x2, y2)}).
 */
public record BoundingBox(int x1, int y1, int x2, int y2) {
  public BoundingBox {
    if (x1 < 0 || y1 < 0) {
      throw new IllegalArgumentException("bounding box start must be >= 0. Provided value: (" + x1 + ", " + y1 + ")");
    }
    if (x2 <= x1 || y2 <= y1) {
      throw new IllegalArgumentException("bounding box end must be > its start. Provided value: " + this);
    }
  }

  /** Width in pixels. */
  public int width() {
    return x2 - x1;
  }

  /** Height in pixels. */
  public int height() {
    return y2 - y1;
  }

  /** This box cut to an image of {@code width × height}; empty when nothing of it is inside. */
  public java.util.Optional<BoundingBox> within(int width, int height) {
    int ex = Math.min(x2, width);
    int ey = Math.min(y2, height);
    return ex > x1 && ey > y1 ? java.util.Optional.of(new BoundingBox(x1, y1, ex, ey)) : java.util.Optional.empty();
  }
}

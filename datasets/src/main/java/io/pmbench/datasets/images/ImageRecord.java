package io.pmbench.datasets.images;

import java.util.Objects;
import java.util.Optional;

/**
 * One image of a split, as its layout streams it.
 *
 * @param split the split it belongs to (by its layout's rule)
 * @param index its 0-based position in that split's stream
 * @param label its class, <b>0-based</b>: an index into {@link ImageLayout#classNames()} (CIFAR-100
 *     fine label {@code k} is {@code k}; Cars196 class {@code c} (1–196) is {@code c - 1})
 * @param id what names it in the source, for messages and provenance (e.g. {@code train.bin#17},
 *     {@code cars_train/00042.jpg})
 * @param image its pixels, whole (a layout never crops; the box, if any, travels beside)
 * @param box the region to use, when the layout was asked to crop (e.g. a devkit's bounding box
 *     under {@code --crop bbox}): consumers such as {@code features extract} then use only the
 *     pixels inside it (cut to the image); empty means the whole image
 */
public record ImageRecord(Split split, int index, int label, String id, RgbImage image, Optional<BoundingBox> box) {
  public ImageRecord {
    Objects.requireNonNull(split, "split");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(box, "box");
    if (index < 0) {
      throw new IllegalArgumentException("index must be >= 0. Provided value: " + index);
    }
    if (label < 0) {
      throw new IllegalArgumentException("label must be >= 0. Provided value: " + label);
    }
  }

  /** A record without a bounding box. */
  public ImageRecord(Split split, int index, int label, String id, RgbImage image) {
    this(split, index, label, id, image, Optional.empty());
  }
}

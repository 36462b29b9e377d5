package io.pmbench.datasets.images;

import java.util.Locale;

/** The two splits of an image data set; which image goes where is its layout's rule. */
public enum Split {
  TRAIN,
  TEST;

  /** {@code train} or {@code test}: the name used in file names and messages. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}

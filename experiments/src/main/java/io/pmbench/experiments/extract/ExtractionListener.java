package io.pmbench.experiments.extract;

import io.pmbench.datasets.images.Split;

/** Progress of an extraction: a call when a split starts, one per image done, one when it ends. */
public interface ExtractionListener {
  /** The extraction of {@code images} images of {@code split} begins. */
  void splitStarted(Split split, int images);

  /** {@code n} more images are done (called from worker threads). */
  void imagesDone(int n);

  /** The split is done, after {@code seconds} of wall time. */
  void splitFinished(Split split, int images, double seconds);

  /** A listener that ignores everything (tests). */
  ExtractionListener NONE = new ExtractionListener() {
    @Override
    public void splitStarted(Split split, int images) {}

    @Override
    public void imagesDone(int n) {}

    @Override
    public void splitFinished(Split split, int images, double seconds) {}
  };
}

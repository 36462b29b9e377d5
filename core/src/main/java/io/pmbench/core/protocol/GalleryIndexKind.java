package io.pmbench.core.protocol;

import io.pmbench.core.ParameterException;
import io.pmbench.core.CliEnum;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.retrieval.GalleryIndex;
import io.pmbench.core.retrieval.IvfIndex;
import java.util.Arrays;

/**
 * Which k-NN index answers a cell's retrieval step (SPEC.md §6; issue 8 item 3). {@link #EXACT}
 * is the default and returns exactly the brute-force neighbours; {@link #IVF} is the approximate
 * inverted file of {@link IvfIndex} (√rows cells, 8 probes), whose recall loss is measured, not
 * bounded, so results computed with it are marked as such.
 */
public enum GalleryIndexKind implements CliEnum {
  /** Exact k-NN ({@link ExactIndex}). */
  EXACT,
  /** Approximate k-NN by an inverted file ({@link IvfIndex#build(double[], int, int, long)}). */
  IVF;

  /**
   * Parses a command-line spelling ({@link #cliName()}: {@code exact}, {@code ivf}); anything else
   * fails with one line naming the parameter {@code index}.
   */
  public static GalleryIndexKind parse(String s) {
    return CliEnum.find(values(), s, false).orElseThrow(() -> new ParameterException("index", "${index} must be one of "
        + Arrays.stream(values()).map(GalleryIndexKind::cliName).toList() + ". Provided value: " + s));
  }

  /** Builds this kind of index over {@code gallery} (rows × dim); {@code seed} seeds IVF's k-means. */
  public GalleryIndex build(double[] gallery, int rows, int dim, long seed) {
    return this == EXACT ? ExactIndex.of(gallery, rows, dim) : IvfIndex.build(gallery, rows, dim, seed);
  }
}

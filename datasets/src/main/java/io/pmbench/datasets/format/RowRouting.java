package io.pmbench.datasets.format;

import java.util.Arrays;

/**
 * Where the rows of a feature file go as they are decoded: all into one matrix
 * ({@link #whole()}), or each into one of several parts ({@link #parts}), e.g. the
 * {@code train} and {@code test} splits of a file that holds every image of a data set. Rows
 * are written straight into their part, so a split file is never held twice.
 */
public final class RowRouting {
  private static final RowRouting WHOLE = new RowRouting(null, 1, -1, "");

  private final int[] partOf;
  private final int parts;
  private final long expectedRows;
  private final String labelsSource;

  private RowRouting(int[] partOf, int parts, long expectedRows, String labelsSource) {
    this.partOf = partOf;
    this.parts = parts;
    this.expectedRows = expectedRows;
    this.labelsSource = labelsSource;
  }

  /** Every row, in file order, into one part. */
  public static RowRouting whole() {
    return WHOLE;
  }

  /**
   * Row {@code r} of the file goes to part {@code partOf[r]} (keeping file order within a
   * part), or nowhere when {@code partOf[r] == -1}. The array is not copied.
   */
  public static RowRouting parts(int[] partOf, int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be >= 1. Provided value: " + parts);
    }
    for (int p : partOf) {
      if (p < -1 || p >= parts) {
        throw new IllegalArgumentException("partOf entries must be in [-1, " + parts + "). Provided value: " + p);
      }
    }
    return new RowRouting(partOf, parts, -1, "");
  }

  /**
   * The same routing, for a feature file that must have exactly one row per label of
   * {@code labels} (named in the error when it has not). The count is checked after the file's
   * element type and shape, so those errors come first.
   */
  public RowRouting oneRowPerLabel(int labels, String labelsSource) {
    if (partOf != null && partOf.length != labels) {
      throw new IllegalArgumentException("labels must match the routing's " + partOf.length + " rows. Provided value: "
          + labels);
    }
    return new RowRouting(partOf, parts, labels, labelsSource);
  }

  /** Fails unless {@code rows} is the row count the labels require (see {@link #oneRowPerLabel}). */
  void checkRows(String featuresSource, long rows) {
    if (expectedRows >= 0 && rows != expectedRows) {
      throw new io.pmbench.core.data.InvalidDataException(labelsSource + " has " + expectedRows + " labels but "
          + featuresSource + " has " + rows + " rows (need one label per row)");
    }
  }

  /** Number of parts. */
  public int parts() {
    return parts;
  }

  /** Whether every row goes, in order, to the only part. */
  public boolean isWhole() {
    return partOf == null;
  }

  /** The number of file rows this routing was made for; -1 for {@link #whole()}, which fits any. */
  public int fileRows() {
    return partOf == null ? -1 : partOf.length;
  }

  /** The part of file row {@code r}, or -1 when it is dropped. */
  int partOf(int r) {
    return partOf == null ? 0 : partOf[r];
  }

  /** Rows per part. */
  int[] counts(int fileRows) {
    int[] counts = new int[parts];
    if (partOf == null) {
      counts[0] = fileRows;
      return counts;
    }
    for (int p : partOf) {
      if (p >= 0) {
        counts[p]++;
      }
    }
    return counts;
  }

  /** Position of each file row within its part (undefined for dropped rows). */
  int[] indexInPart() {
    if (partOf == null) {
      throw new IllegalStateException("whole routing keeps file positions");
    }
    int[] next = new int[parts];
    int[] index = new int[partOf.length];
    for (int r = 0; r < partOf.length; r++) {
      if (partOf[r] >= 0) {
        index[r] = next[partOf[r]]++;
      }
    }
    return index;
  }

  /** The file row of each row of {@code part}, in order ({@code 0..n-1} for {@link #whole()}). */
  public int[] fileRowsOf(int part, int fileRows) {
    if (partOf == null) {
      int[] all = new int[fileRows];
      Arrays.setAll(all, i -> i);
      return all;
    }
    return java.util.stream.IntStream.range(0, partOf.length).filter(r -> partOf[r] == part).toArray();
  }
}

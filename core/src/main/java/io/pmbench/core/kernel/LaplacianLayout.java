package io.pmbench.core.kernel;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a large feature-kernel Laplacian (SPEC.md §3) is held — mechanism option
 * {@value #OPTION} ({@code auto} when not given), read by the SMLQ server:
 *
 * <ul>
 *   <li>{@link #DENSE}: {@link KernelLaplacian}, W stored whole (8·n² bytes), one cheap pass per product;
 *   <li>{@link #PACKED}: {@link PackedKernelLaplacian}, W's strict upper triangle only (4·n·(n − 1)
 *       bytes), computed once, the same bits as DENSE;
 *   <li>{@link #BLOCKWISE}: {@link BlockwiseKernelLaplacian}, W recomputed per product (O(n) memory,
 *       n²·d work per product), the same bits as DENSE;
 *   <li>{@link #AUTO}: DENSE when W takes at most {@value #DENSE_SHARE} of the heap not yet in use
 *       (the JVM's maximum heap minus the used heap, after one garbage collection if needed), else
 *       PACKED when its triangle does, else BLOCKWISE — the same bits in all three, so the choice
 *       never changes a result (the default 5.9 GB heap of a 23 GB machine keeps a 3.07 GB kernel
 *       dense while under 1.8 GB of it is in use; under {@code -Xmx1100m} Fashion-MNIST's
 *       11,000-row server is packed: 484 MB instead of 968 MB, a build about 1.2× as long, where
 *       blockwise took about 8×);
 *   <li>{@link #KNN}: {@link KnnKernelLaplacian}, an approximation (option {@value #NEIGHBOURS_OPTION},
 *       default {@value #DEFAULT_NEIGHBOURS}) that changes the result and so the server's cache key.
 * </ul>
 */
public enum LaplacianLayout {
  AUTO,
  DENSE,
  PACKED,
  BLOCKWISE,
  KNN;

  /** The mechanism option that picks the layout. */
  public static final String OPTION = "server";
  /** The mechanism option for κ of {@link #KNN}. */
  public static final String NEIGHBOURS_OPTION = "serverNeighbours";
  /** The share of the free heap the dense kernel may take under {@link #AUTO}. */
  public static final double DENSE_SHARE = 0.75;
  /** κ of {@link #KNN} when not given. */
  public static final int DEFAULT_NEIGHBOURS = 32;

  /** The option value, e.g. {@code blockwise}. */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses an option value (case-insensitive). */
  public static LaplacianLayout parse(String value) {
    for (LaplacianLayout l : values()) {
      if (l.optionValue().equalsIgnoreCase(value.strip())) {
        return l;
      }
    }
    throw new IllegalArgumentException(OPTION + " must be one of "
        + Arrays.stream(values()).map(LaplacianLayout::optionValue).sorted().collect(Collectors.joining(", "))
        + ". Provided value: " + value);
  }

  /** Parses the {@value #NEIGHBOURS_OPTION} value. */
  public static int parseNeighbours(String value) {
    try {
      int k = Integer.parseInt(value.strip());
      if (k >= 1) {
        return k;
      }
    } catch (NumberFormatException e) {
      // reported below with the value
    }
    throw new IllegalArgumentException(NEIGHBOURS_OPTION + " must be an integer >= 1. Provided value: " + value);
  }

  /** DENSE, PACKED or BLOCKWISE for AUTO at n rows (by the heap rule above, read now); the layout itself otherwise. */
  public LaplacianLayout resolve(int n) {
    if (this != AUTO) {
      return this;
    }
    if (fitting(n) == DENSE) {
      return DENSE;
    }
    // the used heap counts garbage not yet collected: collect it once before settling for a slower layout
    System.gc();
    return fitting(n);
  }

  /** DENSE if its block takes at most {@value #DENSE_SHARE} of the headroom, else PACKED if its triangle does, else BLOCKWISE. */
  private static LaplacianLayout fitting(int n) {
    double room = DENSE_SHARE * headroom();
    if (8.0 * n * n <= room) {
      return DENSE;
    }
    return PackedKernelLaplacian.bytes(n) <= room ? PACKED : BLOCKWISE;
  }

  /** The JVM's maximum heap minus its used heap (garbage included), in bytes. */
  private static double headroom() {
    Runtime r = Runtime.getRuntime();
    return r.maxMemory() - (double) (r.totalMemory() - r.freeMemory());
  }

  /** L of the rows (row-major n × dim) with kernel scale s in this layout; κ is read by KNN only. */
  public Laplacian build(double[] rows, int n, int dim, double scale, int neighbours) {
    return switch (resolve(n)) {
      case DENSE -> KernelLaplacian.of(rows, n, dim, scale);
      case PACKED -> PackedKernelLaplacian.of(rows, n, dim, scale);
      case BLOCKWISE -> BlockwiseKernelLaplacian.of(rows, n, dim, scale);
      case KNN -> KnnKernelLaplacian.of(rows, n, dim, scale, neighbours);
      case AUTO -> throw new AssertionError("resolve never returns AUTO");
    };
  }
}

package io.pmbench.reports.figures;

import java.util.List;

/**
 * A line chart: one or more {@link Series} against a common x axis, with optional vertical
 * marker lines (e.g. where the noise calibration changes).
 *
 * @param title chart title
 * @param xLabel x-axis title
 * @param yLabel y-axis title
 * @param logX whether the x axis is logarithmic
 * @param series the lines, in legend order
 * @param markers vertical lines with a label each
 * @param proportion whether y is a proportion (recall, accuracy): the axis is then fixed to [0, 1]
 * @param references horizontal reference lines (controls that do not vary with x), drawn dashed
 *     across the whole x range with their interval as a shaded band
 * @param bounds upper bounds of series (e.g. the ceiling differential privacy puts on a
 *     mechanism's recall), each drawn dash-dotted in the colour of the series it bounds
 */
public record LineFigure(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
    List<Marker> markers, boolean proportion, List<Reference> references, List<Bound> bounds) {
  public LineFigure {
    series = List.copyOf(series);
    markers = List.copyOf(markers);
    references = List.copyOf(references);
    bounds = List.copyOf(bounds);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("figure series must be non-empty. Provided value: []");
    }
    for (Bound b : bounds) {
      if (series.stream().noneMatch(s -> s.label().equals(b.of()))) {
        throw new IllegalArgumentException("bound of must name a series of the figure. Provided value: " + b.of());
      }
    }
  }

  /** A figure without bounds. */
  public LineFigure(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
      List<Marker> markers, boolean proportion, List<Reference> references) {
    this(title, xLabel, yLabel, logX, series, markers, proportion, references, List.of());
  }

  /** The same figure with {@code upper} drawn as bounds of their series. */
  public LineFigure withBounds(List<Bound> upper) {
    return new LineFigure(title, xLabel, yLabel, logX, series, markers, proportion, references, upper);
  }

  /** A figure without reference lines. */
  public LineFigure(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
      List<Marker> markers, boolean proportion) {
    this(title, xLabel, yLabel, logX, series, markers, proportion, List.of());
  }

  /** The same figure with {@code refs} drawn as horizontal reference lines. */
  public LineFigure withReferences(List<Reference> refs) {
    return new LineFigure(title, xLabel, yLabel, logX, series, markers, proportion, refs, bounds);
  }

  /**
   * A figure whose y axis is taken for a proportion when every value (and interval end) lies in
   * [0, 1] and the largest is at least 0.05 (so a quantity that is merely tiny, such as an
   * objective of order 1e-16, keeps an axis scaled to its data).
   */
  public LineFigure(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
      List<Marker> markers) {
    this(title, xLabel, yLabel, logX, series, markers, looksLikeProportions(series));
  }

  private static boolean looksLikeProportions(List<Series> series) {
    double largest = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (double[] a : new double[][] {s.y(), s.low(), s.high()}) {
        for (double v : a) {
          if (Double.isFinite(v)) {
            if (v < 0 || v > 1) {
              return false;
            }
            largest = Math.max(largest, v);
          }
        }
      }
    }
    return largest >= 0.05;
  }

  /**
   * A vertical line at x with a label drawn beside it.
   *
   * @param x position in data coordinates
   * @param label text drawn at the top of the line
   */
  public record Marker(double x, String label) {}

  /**
   * A horizontal reference: a quantity that does not depend on x (a control such as
   * label-only or random), drawn as a dashed line with its 95% interval as a band.
   *
   * @param label legend text
   * @param y the value
   * @param low lower end of its interval (NaN for none)
   * @param high upper end of its interval (NaN for none)
   */
  public record Reference(String label, double y, double low, double high) {}

  /**
   * An upper bound on a series, e.g. the DP ceiling on a mechanism's Recall@K: the region above it
   * is impossible under the guarantee it comes from.
   *
   * @param label legend text
   * @param of the label of the series it bounds (drawn in that series' colour)
   * @param x x values (as the series'); NaN y values are not drawn
   * @param y the bound at each x
   */
  public record Bound(String label, String of, double[] x, double[] y) {
    public Bound {
      if (x.length != y.length) {
        throw new IllegalArgumentException("bound y must have one value per x. Provided value: " + y.length
            + " values for " + x.length + " x");
      }
      x = x.clone();
      y = y.clone();
    }
  }
}

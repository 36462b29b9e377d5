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
 */
public record LineFigure(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
    List<Marker> markers) {
  public LineFigure {
    series = List.copyOf(series);
    markers = List.copyOf(markers);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("figure series must be non-empty. Provided value: []");
    }
  }

  /**
   * A vertical line at x with a label drawn beside it.
   *
   * @param x position in data coordinates
   * @param label text drawn at the top of the line
   */
  public record Marker(double x, String label) {}
}

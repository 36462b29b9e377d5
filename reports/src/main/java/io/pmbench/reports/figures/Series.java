package io.pmbench.reports.figures;

import java.util.Arrays;

/**
 * One line of a {@link LineFigure}: points (x, y) with an optional 95% interval [low, high] per
 * point, drawn as error bars.
 *
 * @param label legend text
 * @param x x values, ascending
 * @param y y values (NaN for a missing point, which is not drawn)
 * @param low lower interval ends, same length as {@code y}, or empty for no error bars
 * @param high upper interval ends, same length as {@code y}, or empty for no error bars
 */
public record Series(String label, double[] x, double[] y, double[] low, double[] high) {
  public Series {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("series label must be a non-blank string. Provided value: " + label);
    }
    if (x.length != y.length) {
      throw new IllegalArgumentException("series y must have one value per x. Provided value: " + y.length
          + " values for " + x.length + " x");
    }
    if (low.length != 0 && (low.length != y.length || high.length != y.length)) {
      throw new IllegalArgumentException("series interval must have one (low, high) per point or none. Provided value: "
          + low.length + "/" + high.length + " for " + y.length + " points");
    }
    x = x.clone();
    y = y.clone();
    low = low.clone();
    high = high.clone();
  }

  /** A series without error bars. */
  public static Series of(String label, double[] x, double[] y) {
    return new Series(label, x, y, new double[0], new double[0]);
  }

  /** Whether the series carries an interval per point. */
  public boolean hasInterval() {
    return low.length > 0;
  }

  /** The points whose y is finite (XChart draws NaN as a gap only in some renderers). */
  Series finitePoints() {
    int n = 0;
    for (double v : y) {
      n += Double.isFinite(v) ? 1 : 0;
    }
    double[] fx = new double[n];
    double[] fy = new double[n];
    double[] fl = new double[hasInterval() ? n : 0];
    double[] fh = new double[hasInterval() ? n : 0];
    int j = 0;
    for (int i = 0; i < y.length; i++) {
      if (Double.isFinite(y[i])) {
        fx[j] = x[i];
        fy[j] = y[i];
        if (hasInterval()) {
          fl[j] = low[i];
          fh[j] = high[i];
        }
        j++;
      }
    }
    return new Series(label, fx, fy, fl, fh);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Series s && s.label.equals(label) && Arrays.equals(s.x, x) && Arrays.equals(s.y, y)
        && Arrays.equals(s.low, low) && Arrays.equals(s.high, high);
  }

  @Override
  public int hashCode() {
    return label.hashCode() * 31 + Arrays.hashCode(y);
  }

  @Override
  public String toString() {
    return "Series[" + label + ", " + x.length + " points]";
  }
}

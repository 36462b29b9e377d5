package io.pmbench.reports.figures;

import java.util.List;

/**
 * A 2-D scatter plot: groups of points, each group one colour (e.g. one class) and one role
 * (e.g. client or server), drawn in the order given.
 *
 * @param title chart title
 * @param xLabel x-axis title
 * @param yLabel y-axis title
 * @param groups the point groups
 */
public record ScatterFigure(String title, String xLabel, String yLabel, List<Group> groups) {
  public ScatterFigure {
    groups = List.copyOf(groups);
  }

  /** How a group's points are drawn. */
  public enum Shape {
    /** Small filled dots (many points, e.g. the server's gallery). */
    DOT,
    /** Larger open-looking crosses (few points, e.g. the client's rows). */
    CROSS,
    /** A large diamond (one highlighted point, e.g. the query). */
    DIAMOND
  }

  /**
   * One group of points.
   *
   * @param label legend text
   * @param colour palette index (the same index gives the same colour in every figure)
   * @param shape marker shape
   * @param x x coordinates
   * @param y y coordinates
   */
  public record Group(String label, int colour, Shape shape, double[] x, double[] y) {
    public Group {
      if (x.length != y.length) {
        throw new IllegalArgumentException("group y must have one value per x. Provided value: " + y.length
            + " for " + x.length);
      }
      x = x.clone();
      y = y.clone();
    }
  }
}

package io.pmbench.experiments.audit;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A small client data set for auditing: n rows of dimension d (row-major, each unit-norm or the
 * zero padding row of SPEC.md §1) with integer labels 0..c.
 *
 * @param rows n × d, row-major
 * @param labels n labels
 * @param d row dimension
 */
public record AuditData(double[] rows, int[] labels, int d) {
  public AuditData {
    if (d < 1 || rows.length != labels.length * d) {
      throw new IllegalArgumentException("rows must hold labels.length x d values. Provided value: " + rows.length
          + " values for " + labels.length + " labels, d=" + d);
    }
    rows = rows.clone();
    labels = labels.clone();
  }

  /** The number of rows. */
  public int n() {
    return labels.length;
  }

  /** Row i (a copy). */
  public double[] row(int i) {
    return Arrays.copyOfRange(rows, i * d, (i + 1) * d);
  }

  /** A copy with row i replaced by {@code row} and its label by {@code label}. */
  public AuditData withRow(int i, double[] row, int label) {
    double[] r = rows.clone();
    System.arraycopy(row, 0, r, i * d, d);
    int[] l = labels.clone();
    l[i] = label;
    return new AuditData(r, l, d);
  }

  /** n random unit-norm rows with labels uniform on 0..c. */
  public static AuditData random(int n, int d, int c, SplittableRandom rng) {
    double[] rows = new double[n * d];
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(unitRow(d, rng), 0, rows, i * d, d);
      labels[i] = rng.nextInt(c + 1);
    }
    return new AuditData(rows, labels, d);
  }

  /** A uniform random unit vector of dimension d. */
  public static double[] unitRow(int d, SplittableRandom rng) {
    double[] x = new double[d];
    for (int j = 0; j < d; j++) {
      x[j] = io.pmbench.core.random.Seeds.gaussian(rng);
    }
    return normalised(x);
  }

  /** x / ‖x‖ (x itself must be non-zero). */
  public static double[] normalised(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v * v;
    }
    double norm = Math.sqrt(s);
    double[] out = new double[x.length];
    for (int j = 0; j < x.length; j++) {
      out[j] = x[j] / norm;
    }
    return out;
  }
}

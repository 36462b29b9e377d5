package io.pmbench.experiments.audit;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A small client data set D = [r; P_r; P] for auditing (SPEC.md §1): n rows of dimension d
 * (row-major), rows [0, publicOffset) private (r and the dummies; the only rows a neighbour may
 * change), the rest the public set P. Rows are unit-norm or the zero padding row, their values
 * representable as floats so that {@link #toClientData()} hands the mechanism exactly these rows.
 *
 * @param rows n × d, row-major
 * @param labels n labels
 * @param d row dimension
 * @param publicOffset index of the first public row
 */
public record AuditData(double[] rows, int[] labels, int d, int publicOffset) {
  public AuditData {
    if (d < 1 || rows.length != labels.length * d) {
      throw new IllegalArgumentException("rows must hold labels.length x d values. Provided value: " + rows.length
          + " values for " + labels.length + " labels, d=" + d);
    }
    if (publicOffset < 1 || publicOffset > labels.length) {
      throw new IllegalArgumentException("publicOffset must be in [1, n]. Provided value: " + publicOffset);
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

  /** A copy with row i replaced by {@code row} (rounded to float) and its label by {@code label}. */
  public AuditData withRow(int i, double[] row, int label) {
    double[] r = rows.clone();
    for (int j = 0; j < d; j++) {
      r[i * d + j] = (float) row[j];
    }
    int[] l = labels.clone();
    l[i] = label;
    return new AuditData(r, l, d, publicOffset);
  }

  /** The public rows and labels equal {@code other}'s (the part a neighbour never changes). */
  public boolean samePublicPart(AuditData other) {
    return d == other.d && publicOffset == other.publicOffset
        && Arrays.equals(rows, publicOffset * d, rows.length, other.rows, publicOffset * d, other.rows.length)
        && Arrays.equals(labels, publicOffset, labels.length, other.labels, publicOffset, other.labels.length);
  }

  /** The mechanism's view of D. */
  public ClientData toClientData() {
    float[] x = new float[rows.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = (float) rows[i];
    }
    return new ClientData(new FeatureMatrix(x, n(), d), labels, publicOffset);
  }

  /** n random unit-norm rows with labels uniform on 0..c, the first {@code publicOffset} private. */
  public static AuditData random(int n, int d, int c, int publicOffset, SplittableRandom rng) {
    double[] rows = new double[n * d];
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(unitRow(d, rng), 0, rows, i * d, d);
      labels[i] = rng.nextInt(c + 1);
    }
    return new AuditData(rows, labels, d, publicOffset);
  }

  /** A uniform random unit vector of dimension d (rounded to float). */
  public static double[] unitRow(int d, SplittableRandom rng) {
    double[] x = new double[d];
    for (int j = 0; j < d; j++) {
      x[j] = Seeds.gaussian(rng);
    }
    return normalised(x);
  }

  /** x / ‖x‖ rounded to float (x itself must be non-zero). */
  public static double[] normalised(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v * v;
    }
    double norm = Math.sqrt(s);
    double[] out = new double[x.length];
    for (int j = 0; j < x.length; j++) {
      out[j] = (float) (x[j] / norm);
    }
    return out;
  }
}

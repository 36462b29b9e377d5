package io.pmbench.baselines.tsne;

import io.pmbench.core.data.FeatureMatrix;
import java.util.Arrays;
import java.util.stream.IntStream;
import smile.manifold.TSNE;
import smile.math.MathEx;

/**
 * Exact t-SNE (Van der Maaten &amp; Hinton 2008) through Smile 3.1.1's {@link TSNE}, with the settings
 * of BASELINES.md §1: perplexity 30, learning rate 200, 1000 iterations.
 *
 * <p><b>Square inputs.</b> Smile reads an input with as many rows as columns as a matrix of
 * squared distances. This class always passes the squared Euclidean distance matrix itself (n × n,
 * computed with Smile's own {@link MathEx#squaredDistance(double[], double[])}, the function Smile
 * uses for non-square inputs), so a data set with n = d is embedded as rows, and the result is
 * bit-identical to Smile's own handling of a non-square input.
 *
 * <p><b>Determinism.</b> Smile draws the initial map Y ~ N(0, 10⁻⁴ sd) from {@code MathEx}'s
 * generator, which in 3.1.1 is a {@code ThreadLocal} seeded by {@link MathEx#setSeed(long)}; the
 * draws happen on the constructing thread, in its constructor, before any parallel work. Because
 * the input here is already a distance matrix, nothing runs between {@code setSeed} and those
 * draws (no parallel stream, so no fork-join work stealing that could run another query's t-SNE
 * on this thread and consume its generator). The run is therefore a function of (rows, k, seed)
 * alone, even with several t-SNEs running at once from parallel queries — the tests check this
 * against sequential runs. No global lock is needed (one would serialise every query's t-SNE and,
 * held on fork-join workers, would idle the pool).
 *
 * <p>Memory: Smile keeps three n × n double matrices (distances, P, Q): ≈ 2.9 GB at n = 11,000.
 */
public final class SmileTsne {
  private SmileTsne() {}

  /** Perplexity of the conditional Gaussians (BASELINES.md §1; Smile's own default is 20). */
  public static double perplexity() {
    return 30;
  }

  /** Learning rate η (Smile's default, BASELINES.md §2's "η = 200"). */
  public static double learningRate() {
    return 200;
  }

  /** Gradient iterations (Van der Maaten &amp; Hinton 2008, BASELINES.md §1). */
  public static int iterations() {
    return 1000;
  }

  /** The rows of a feature matrix as double arrays. */
  public static double[][] rows(FeatureMatrix m) {
    double[][] out = new double[m.rows()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = m.row(i);
    }
    return out;
  }

  /**
   * The full n × n matrix of squared Euclidean distances (zero diagonal), as Smile computes it.
   * Rows are filled in parallel; every entry is written once, so the result does not depend on
   * scheduling.
   */
  public static double[][] squaredDistances(double[][] rows) {
    int n = rows.length;
    double[][] d = new double[n][n];
    IntStream.range(0, n).parallel().forEach(i -> {
      for (int j = 0; j < i; j++) {
        double v = MathEx.squaredDistance(rows[i], rows[j]);
        d[i][j] = v;
        d[j][i] = v;
      }
    });
    return d;
  }

  /**
   * {@link #squaredDistances(double[][])} of rows whose last t rows are rows whose distances are
   * already known ({@code tailDistances}, t × t, from {@link #squaredDistances(double[][])} of
   * those rows): the known block is copied, only the pairs with one of the first n − t rows are
   * computed. Same numbers as computing everything (‖a − b‖² is computed term by term in the same
   * order whichever row comes first).
   *
   * @throws IllegalArgumentException if the last rows are not the rows the tail distances were
   *     computed from (checked against {@code tailRows}, value by value)
   */
  public static double[][] squaredDistances(double[][] rows, double[][] tailRows, double[][] tailDistances) {
    int n = rows.length;
    int t = tailRows.length;
    int m = n - t;
    if (m < 0 || tailDistances.length != t) {
      throw new IllegalArgumentException("the known tail must be at most n = " + n + " rows with t x t distances."
          + " Provided value: " + t + " rows, " + tailDistances.length + " distance rows");
    }
    for (int a = 0; a < t; a++) {
      if (!Arrays.equals(rows[m + a], tailRows[a])) {
        throw new IllegalArgumentException("row " + (m + a) + " is not public row " + a
            + " whose distances were precomputed");
      }
    }
    double[][] d = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < Math.min(i, m); j++) {
        double v = MathEx.squaredDistance(rows[i], rows[j]);
        d[i][j] = v;
        d[j][i] = v;
      }
    }
    for (int a = 0; a < t; a++) {
      System.arraycopy(tailDistances[a], 0, d[m + a], m, t);
    }
    return d;
  }

  /**
   * Embeds {@code rows} in k dimensions; returns the n × k map row-major (centred, as Smile leaves
   * it). Deterministic in (rows, k, seed); see the class comment.
   */
  public static double[] embed(double[][] rows, int k, long seed) {
    if (rows.length < 2) {
      throw new IllegalArgumentException("t-SNE needs at least 2 rows. Provided value: " + rows.length);
    }
    return flatten(embedDistances(squaredDistances(rows), k, seed), k);
  }

  /** Smile's t-SNE of an n × n squared-distance matrix, seeded immediately before construction. */
  public static double[][] embedDistances(double[][] squaredDistances, int k, long seed) {
    MathEx.setSeed(seed);
    return new TSNE(squaredDistances, k, perplexity(), learningRate(), iterations()).coordinates;
  }

  /** The rows of {@code y} (n arrays of length k) as one row-major n × k array. */
  public static double[] flatten(double[][] y, int k) {
    double[] out = new double[y.length * k];
    for (int i = 0; i < y.length; i++) {
      System.arraycopy(y[i], 0, out, i * k, k);
    }
    return out;
  }
}

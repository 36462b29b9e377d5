package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;

/**
 * A small client for DP-dSNE unit tests: nPublic random unit rows, a made-up server map Y_P with
 * N(0, 10²) entries (any public map will do: DP-dSNE only needs it fixed), and D = [m free rows;
 * P].
 */
final class Fixtures {
  final double[][] publicRows;
  final double[][] serverPublic;
  final ClientView view;

  Fixtures(int nPublic, int d, long seed) {
    this(new SplittableRandom(seed), nPublic, d);
  }

  private Fixtures(SplittableRandom rng, int nPublic, int d) {
    this(SyntheticData.unitRows(nPublic, d, rng), rng);
  }

  /** The given public rows (not copied), the server map drawn from {@code rng}. */
  Fixtures(double[][] publicRows, SplittableRandom rng) {
    int nPublic = publicRows.length;
    this.publicRows = publicRows;
    this.serverPublic = new double[nPublic][2];
    double[] flat = new double[nPublic * 2];
    for (int j = 0; j < nPublic; j++) {
      for (int c = 0; c < 2; c++) {
        serverPublic[j][c] = 10 * Seeds.gaussian(rng);
        flat[2 * j + c] = serverPublic[j][c];
      }
    }
    int[] labels = new int[nPublic];
    for (int j = 0; j < nPublic; j++) {
      labels[j] = j % 3;
    }
    this.view = new ClientView(new LabelledSet(matrix(publicRows), labels), 3, new Embedding(flat, nPublic, 2), 5);
  }

  /** D = [free; P] as the runner would build it. */
  ClientData data(double[][] free) {
    double[][] all = new double[free.length + publicRows.length][];
    System.arraycopy(free, 0, all, 0, free.length);
    System.arraycopy(publicRows, 0, all, free.length, publicRows.length);
    return new ClientData(matrix(all), new int[all.length], free.length);
  }

  static FeatureMatrix matrix(double[][] rows) {
    int d = rows[0].length;
    float[] x = new float[rows.length * d];
    for (int i = 0; i < rows.length; i++) {
      for (int c = 0; c < d; c++) {
        x[i * d + c] = (float) rows[i][c];
      }
    }
    return new FeatureMatrix(x, rows.length, d);
  }

  /** The raw bits of every entry, so that assertArrayEquals compares doubles bit for bit. */
  static long[] bits(double[] a) {
    long[] out = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = Double.doubleToRawLongBits(a[i]);
    }
    return out;
  }
}

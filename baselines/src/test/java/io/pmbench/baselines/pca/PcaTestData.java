package io.pmbench.baselines.pca;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientView;
import java.util.SplittableRandom;

/**
 * A small client data set D = [r; P_r; P] of random unit rows (labels i mod C) and the matching
 * {@link ClientView} (P = rows publicOffset..n−1), as the protocol runner builds them (also used by
 * the public-pca tests).
 */
public final class PcaTestData {
  private PcaTestData() {}

  public static ClientData clientData(int n, int d, int publicOffset, int classes, long seed) {
    double[] x = Neighbours.unitRows(n, d, new SplittableRandom(seed));
    float[] f = new float[n * d];
    int[] y = new int[n];
    for (int i = 0; i < n * d; i++) {
      f[i] = (float) x[i];
    }
    for (int i = 0; i < n; i++) {
      y[i] = i % classes;
    }
    return new ClientData(new FeatureMatrix(f, n, d), y, publicOffset);
  }

  public static ClientView view(ClientData data, int classes) {
    int n = data.size();
    int m = data.publicOffset();
    int[] rows = new int[n - m];
    for (int i = m; i < n; i++) {
      rows[i - m] = i;
    }
    LabelledSet pub = new LabelledSet(data.rows(), data.labels()).select(rows);
    return new ClientView(pub, classes, null, 99);
  }
}

package io.pmbench.baselines.pca;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;

/**
 * private-pca's server side: it holds S and P and, per query, projects them with the subspace V
 * the client published in its release (BASELINES.md §3: "the server projects [S; P] with the same
 * V"). {@link #gallery()} and {@link #publicRows()} are the raw (unprojected) features; retrieval
 * uses {@link #galleryFor}. Thread-safe: projections are computed per call.
 */
final class PcaServer implements ServerSide {
  private final FeatureMatrix gallery;
  private final FeatureMatrix publicSet;
  private Embedding rawGallery;
  private Embedding rawPublic;

  PcaServer(ServerView view) {
    this.gallery = view.gallery().features();
    this.publicSet = view.publicSet().features();
  }

  @Override
  public synchronized Embedding gallery() {
    if (rawGallery == null) {
      rawGallery = raw(gallery);
    }
    return rawGallery;
  }

  @Override
  public synchronized Embedding publicRows() {
    if (rawPublic == null) {
      rawPublic = raw(publicSet);
    }
    return rawPublic;
  }

  @Override
  public Embedding galleryFor(ClientRelease release) {
    return project(gallery, subspace(release));
  }

  @Override
  public Embedding publicRowsFor(ClientRelease release) {
    return project(publicSet, subspace(release));
  }

  private static Embedding subspace(ClientRelease release) {
    Embedding v = release.published().get(PrivatePcaMechanism.SUBSPACE);
    if (v == null) {
      throw new IllegalStateException("a private-pca release must publish its subspace \""
          + PrivatePcaMechanism.SUBSPACE + "\"");
    }
    return v;
  }

  /**
   * rows · V for float rows (n × d) and V (d × k): entry (i, c) is Σ_j x_ij·V_jc summed over j in
   * increasing order from +0. Four rows are summed side by side (independent sums, so the adds
   * overlap); for k = 2 both columns of the four rows in one pass over j (eight sums, each feature read once). Zero features are not skipped: for a finite V their terms are ±0, which leave a sum
   * that starts at +0 unchanged, so the result has the bits of a sum over the non-zero features only.
   */
  static Embedding project(FeatureMatrix rows, Embedding v) {
    int n = rows.rows();
    int d = rows.cols();
    int k = v.dim();
    if (v.rows() != d) {
      throw new IllegalStateException("subspace V has " + v.rows() + " rows but the features have " + d + " columns");
    }
    float[] x = rows.data();
    double[] w = v.data();
    double[] out = new double[n * k];
    int i = 0;
    if (k == 2) {
      i = projectPairs(x, d, w, out, n);
    }
    for (; i + 3 < n; i += 4) {
      int b0 = i * d;
      int b1 = b0 + d;
      int b2 = b1 + d;
      int b3 = b2 + d;
      for (int c = 0; c < k; c++) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int j = 0; j < d; j++) {
          double wj = w[j * k + c];
          s0 += x[b0 + j] * wj;
          s1 += x[b1 + j] * wj;
          s2 += x[b2 + j] * wj;
          s3 += x[b3 + j] * wj;
        }
        out[i * k + c] = s0;
        out[(i + 1) * k + c] = s1;
        out[(i + 2) * k + c] = s2;
        out[(i + 3) * k + c] = s3;
      }
    }
    for (; i < n; i++) {
      for (int c = 0; c < k; c++) {
        double s = 0;
        for (int j = 0; j < d; j++) {
          s += x[i * d + j] * w[j * k + c];
        }
        out[i * k + c] = s;
      }
    }
    return new Embedding(out, n, k);
  }

  /**
   * {@link #project}'s sums for k = 2 over the rows in groups of four (both columns in one pass: the same
   * sums, in the same order); returns the number of rows done (a multiple of four).
   */
  private static int projectPairs(float[] x, int d, double[] w, double[] out, int n) {
    int i = 0;
    for (; i + 3 < n; i += 4) {
      int b0 = i * d;
      int b1 = b0 + d;
      int b2 = b1 + d;
      int b3 = b2 + d;
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      double t0 = 0;
      double t1 = 0;
      double t2 = 0;
      double t3 = 0;
      for (int j = 0; j < d; j++) {
        double w0 = w[2 * j];
        double w1 = w[2 * j + 1];
        double x0 = x[b0 + j];
        double x1 = x[b1 + j];
        double x2 = x[b2 + j];
        double x3 = x[b3 + j];
        s0 += x0 * w0;
        s1 += x1 * w0;
        s2 += x2 * w0;
        s3 += x3 * w0;
        t0 += x0 * w1;
        t1 += x1 * w1;
        t2 += x2 * w1;
        t3 += x3 * w1;
      }
      out[2 * i] = s0;
      out[2 * i + 1] = t0;
      out[2 * i + 2] = s1;
      out[2 * i + 3] = t1;
      out[2 * i + 4] = s2;
      out[2 * i + 5] = t2;
      out[2 * i + 6] = s3;
      out[2 * i + 7] = t3;
    }
    return i;
  }

  private static Embedding raw(FeatureMatrix m) {
    float[] src = m.data();
    double[] out = new double[src.length];
    for (int i = 0; i < src.length; i++) {
      out[i] = src[i];
    }
    return new Embedding(out, m.rows(), m.cols());
  }
}

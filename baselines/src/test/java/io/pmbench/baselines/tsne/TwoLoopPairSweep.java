package io.pmbench.baselines.tsne;

/**
 * The reference for {@link PairSweep}'s fused k = 2 row: the two-loop formulation it replaced
 * (issue 23), kept verbatim in its arithmetic. Row i first writes w_ij, p_ij·w_ij and w_ij² for
 * every j into buffers (with d_c = y_ic − y_jc), then adds its terms to every A_j and R_j, one loop
 * per dimension (with y_jc − y_ic); the same {@link PairSweep#BLOCKS} fixed row blocks, float
 * partials and double combination in block order. Sequential, any k.
 */
final class TwoLoopPairSweep {
  private TwoLoopPairSweep() {}

  /**
   * One pass at {@code y} (k × n) with P = {@code full} rounded to float (diagonal read as 0):
   * writes A and R (k × n, overwritten) and returns S, as {@link PairSweep#sweep} does.
   */
  static double sweep(double[][] full, double[][] y, double[][] attraction, double[][] repulsion) {
    int n = full.length;
    int k = y.length;
    float[][] yf = new float[k][n];
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < n; i++) {
        yf[c][i] = (float) y[c][i];
      }
    }
    float[][][] att = new float[PairSweep.BLOCKS][k][n];
    float[][][] rep = new float[PairSweep.BLOCKS][k][n];
    float[][] sums = new float[PairSweep.BLOCKS][n];
    float[] pw = new float[n];
    float[] ww = new float[n];
    for (int b = 0; b < PairSweep.BLOCKS; b++) {
      for (int i = PairSweep.blockStart(n, b); i < PairSweep.blockStart(n, b + 1); i++) {
        float[] squared = new float[n];
        for (int c = 0; c < k; c++) {
          for (int j = 0; j < n; j++) {
            float d = yf[c][i] - yf[c][j];
            squared[j] += d * d;
          }
        }
        for (int j = 0; j < n; j++) {
          float w = 1f / (1f + squared[j]);
          sums[b][j] += w;
          pw[j] = (i == j ? 0f : (float) full[i][j]) * w;
          ww[j] = w * w;
        }
        for (int c = 0; c < k; c++) {
          for (int j = 0; j < n; j++) {
            float diff = yf[c][j] - yf[c][i];
            att[b][c][j] += pw[j] * diff;
            rep[b][c][j] += ww[j] * diff;
          }
        }
      }
    }
    double s = 0.0;
    for (int j = 0; j < n; j++) {
      double w = sums[0][j];
      for (int b = 1; b < PairSweep.BLOCKS; b++) {
        w += sums[b][j];
      }
      s += w;
    }
    for (int c = 0; c < k; c++) {
      for (int j = 0; j < n; j++) {
        attraction[c][j] = att[0][c][j];
        repulsion[c][j] = rep[0][c][j];
        for (int b = 1; b < PairSweep.BLOCKS; b++) {
          attraction[c][j] += att[b][c][j];
          repulsion[c][j] += rep[b][c][j];
        }
      }
    }
    return s;
  }
}

package io.pmbench.datasets.builtin;

import io.pmbench.core.data.FeatureMatrix;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Exact brute-force leave-one-out k-NN on unit-norm rows (largest dot product = smallest
 * Euclidean distance), for the non-private reference check. Test code only; core has its own
 * retrieval.
 *
 * <p>Speed: the gallery is packed in tiles of {@value #TILE} rows stored column by column, so
 * the inner loop is {@code dots[t] += q * g[t]} over two distinct arrays with the same index,
 * which HotSpot C2 vectorises (a dot-product loop, being a float reduction, it does not).
 * Blocks of {@value #BLOCK} queries run in parallel. Full Fashion-MNIST test split (10,000 ×
 * 784): about 4 s on 2 cores.
 */
final class LeaveOneOutKnn {
  private static final int BLOCK = 16;
  private static final int TILE = 512;

  private LeaveOneOutKnn() {}

  /** For every row, the indices of its {@code k} nearest other rows, nearest first. */
  static int[][] neighbours(FeatureMatrix x, int k) {
    int n = x.rows();
    int d = x.cols();
    float[] data = x.data();
    int tiles = (n + TILE - 1) / TILE;
    float[][][] packed = new float[tiles][d][TILE];
    for (int j = 0; j < n; j++) {
      float[][] tile = packed[j / TILE];
      for (int c = 0; c < d; c++) {
        tile[c][j % TILE] = data[j * d + c];
      }
    }
    int[][] out = new int[n][];
    IntStream.range(0, (n + BLOCK - 1) / BLOCK).parallel().forEach(block -> {
      int first = block * BLOCK;
      int size = Math.min(BLOCK, n - first);
      TopK[] best = new TopK[size];
      Arrays.setAll(best, b -> new TopK(k));
      float[][] dots = new float[size][TILE];
      for (int t = 0; t < tiles; t++) {
        for (float[] row : dots) {
          Arrays.fill(row, 0f);
        }
        for (int c = 0; c < d; c++) {
          float[] g = packed[t][c];
          for (int b = 0; b < size; b++) {
            axpy(dots[b], data[(first + b) * d + c], g);
          }
        }
        for (int b = 0; b < size; b++) {
          for (int i = 0; i < TILE; i++) {
            int j = t * TILE + i;
            if (j < n && j != first + b) {
              best[b].offer(dots[b][i], j);
            }
          }
        }
      }
      for (int b = 0; b < size; b++) {
        out[first + b] = best[b].indices;
      }
    });
    return out;
  }

  /** Recall@K: the fraction of queries with at least one same-label row among their K nearest. */
  static double recallAt(int[][] neighbours, int[] labels, int k) {
    int hits = 0;
    for (int q = 0; q < neighbours.length; q++) {
      for (int r = 0; r < k; r++) {
        if (labels[neighbours[q][r]] == labels[q]) {
          hits++;
          break;
        }
      }
    }
    return hits / (double) neighbours.length;
  }

  private static void axpy(float[] acc, float q, float[] g) {
    for (int i = 0; i < acc.length; i++) {
      acc[i] += q * g[i];
    }
  }

  /** The k largest scores seen, sorted descending (ties keep the earlier index). */
  private static final class TopK {
    final float[] scores;
    final int[] indices;

    TopK(int k) {
      scores = new float[k];
      indices = new int[k];
      Arrays.fill(scores, Float.NEGATIVE_INFINITY);
    }

    void offer(float s, int j) {
      int p = scores.length - 1;
      if (!(s > scores[p])) {
        return;
      }
      while (p > 0 && scores[p - 1] < s) {
        scores[p] = scores[p - 1];
        indices[p] = indices[p - 1];
        p--;
      }
      scores[p] = s;
      indices[p] = j;
    }
  }
}

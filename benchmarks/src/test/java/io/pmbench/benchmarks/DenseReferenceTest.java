package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.benchmarks.reference.DenseReference;
import io.pmbench.benchmarks.reference.NaiveRetrieval;
import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.smlq.Smlq;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * pmbench's operators against the dense formulation the benchmarks time them with
 * ({@link DenseReference}, the official code's n × n matrices): a benchmark ratio means something
 * only if both sides compute the same numbers. Entries that both compute with the same operations
 * in the same order are compared bit for bit; sums whose order differs (the degree of a public
 * row, the products) to a relative 1e-12 of the largest entry — 1,010 terms of magnitude ≤ 1 carry
 * a round-off of at most ~1e-13 relative.
 */
class DenseReferenceTest {
  private static final double REL = 1e-12;
  private static final int DIM = 64;

  private final MechanismParams p = Workload.params();
  private final LabelledSet pub = Workload.rows(5, "public", 300, DIM);
  private final ClientData data = Workload.clientData(pub, Workload.row(Workload.rows(5, "gallery", 1, DIM), 0), 3);
  private final double scale = p.featureKernelScale().scale(p.sigma());

  private KernelLaplacian extended() {
    return KernelLaplacian.extend(KernelLaplacian.base(Workload.doubles(pub.features()), pub.size(), DIM, scale),
        data.privateRows(), data.publicOffset());
  }

  @Test
  void extend_clientDataSet_weightsEqualDenseBitForBit() {
    // Fails if the tiled kernel sums a squared distance in another order, divides differently, or
    // a dummy's copied row of B (taken from the cached public block) is not the value the dense
    // loop computes for it.
    double[][] dense = DenseReference.kernelLaplacian(Workload.doubles(data.rows()), data.size(), DIM, scale);
    KernelLaplacian op = extended();
    for (int i = 0; i < data.size(); i++) {
      for (int j = 0; j < data.size(); j++) {
        if (i != j) {
          assertEquals(Double.doubleToRawLongBits(-dense[i][j]), Double.doubleToRawLongBits(op.weight(i, j)),
              "W_" + i + "," + j);
        }
      }
    }
  }

  @Test
  void extend_clientDataSet_degreesAndProductMatchDense() {
    // Fails if a block of [[A, B], [Bᵀ, W_base]] is misplaced or a cross term is missing from a
    // degree or a product row.
    int n = data.size();
    double[][] dense = DenseReference.kernelLaplacian(Workload.doubles(data.rows()), n, DIM, scale);
    KernelLaplacian op = extended();
    double[] x = Workload.gaussian(6, "x", n * 2);
    double[] expected = flat(DenseReference.multiply(dense, column(x, n, 2)));
    double[] actual = new double[n * 2];
    op.multiply(x, 2, actual);
    assertClose(expected, actual, "L_X·X");
    double[] diag = new double[n];
    double[] opDiag = new double[n];
    for (int i = 0; i < n; i++) {
      diag[i] = dense[i][i];
      opDiag[i] = op.diagonal(i);
    }
    assertClose(diag, opDiag, "degree");
  }

  @Test
  void iterate_clientDataSet_matchesDenseIteration() {
    // Fails if the operator iteration differs from the official code's
    // ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X + X beyond round-off.
    int n = data.size();
    double[] x = Workload.gaussian(7, "x", n * p.k());
    double[] expected = DenseReference.iterate(
        DenseReference.kernelLaplacian(Workload.doubles(data.rows()), n, DIM, scale),
        DenseReference.labelLaplacian(data.labels(), p.labelKernel(), p.sigma()), p.alpha(), x, p.k());
    double[] actual = Smlq.iterate(extended(), LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma()),
        p.alpha(), x, p.k(), false);
    assertClose(expected, actual, "X_1");
  }

  @Test
  void embed_privateMailQuery_matchesDenseReferenceRelease() {
    // The whole client side with the same random draws: fails if the optimised client skips,
    // reorders or adds a random draw, or computes any step (f(X), Δ, s, the rebuilt L_X, the T
    // iterations) differently from the dense formulation beyond round-off.
    double[] expected = DenseReference.privateMail(data, p, Workload.CLASSES, new SplittableRandom(42));
    Embedding serverPublic = new Embedding(Workload.gaussian(5, "server", pub.size() * p.k()), pub.size(), p.k());
    double[] actual = new PrivateMailMechanism().client(new ClientView(pub, Workload.CLASSES, serverPublic, 7), p)
        .embed(data, new SplittableRandom(42)).embedding().data();
    assertClose(expected, actual, "released embedding");
  }

  @Test
  void nearest_exactIndex_equalsFullSortReference() {
    // Same neighbours, same order, same tie rule as sorting every distance.
    int rows = 3000;
    double[] gallery = Workload.gaussian(8, "gallery", rows * 2);
    ExactIndex index = ExactIndex.of(gallery, rows, 2);
    for (int q = 0; q < 20; q++) {
      double[] query = Workload.gaussian(9, "q" + q, 2);
      assertArrayEquals(NaiveRetrieval.nearest(gallery, rows, 2, query, 8, q), index.nearest(query, 8, q));
    }
  }

  private static double[][] column(double[] x, int n, int k) {
    double[][] out = new double[n][k];
    for (int i = 0; i < n; i++) {
      System.arraycopy(x, i * k, out[i], 0, k);
    }
    return out;
  }

  private static double[] flat(double[][] m) {
    int k = m[0].length;
    double[] out = new double[m.length * k];
    for (int i = 0; i < m.length; i++) {
      System.arraycopy(m[i], 0, out, i * k, k);
    }
    return out;
  }

  private static void assertClose(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    double max = 0;
    for (double v : expected) {
      max = Math.max(max, Math.abs(v));
    }
    for (int i = 0; i < expected.length; i++) {
      double err = Math.abs(expected[i] - actual[i]);
      assertTrue(err <= REL * max, what + ": entry " + i + " expected " + expected[i] + " but was " + actual[i]);
    }
  }
}

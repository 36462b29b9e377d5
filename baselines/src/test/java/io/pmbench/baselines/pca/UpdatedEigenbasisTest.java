package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * {@link UpdatedEigenbasis} (PᵀP's decomposition plus one rank-one update per private row) against
 * the dense decomposition of the whole G = DᵀD that PPCA computed per query before: the same
 * eigenvalues and a basis that reconstructs G, to 1e-10·‖G‖ (both are backward stable; the
 * updates add O(eps·‖G‖) per row). It fails if an update's roots, weights or deflation are wrong —
 * the Gibbs chain would then run in a basis that does not diagonalise G and sample the wrong
 * subspace distribution.
 */
class UpdatedEigenbasisTest {

  private static DMatrixRMaj gram(double[] rows, int count, int d) {
    DMatrixRMaj x = DMatrixRMaj.wrap(count, d, Arrays.copyOf(rows, count * d));
    DMatrixRMaj g = new DMatrixRMaj(d, d);
    CommonOps_DDRM.multTransA(x, x, g);
    return g;
  }

  @Test
  void of_publicGramPlusPrivateRows_matchesDenseDecomposition() {
    int d = 30;
    int m = 5;
    int n = 70;
    double[] rows = Neighbours.unitRows(n, d, new SplittableRandom(51));
    Arrays.fill(rows, 2 * d, 3 * d, 0); // a zero row (skipped)
    System.arraycopy(rows, m * d, rows, 3 * d, d); // a private row equal to a public one
    DMatrixRMaj pub = gram(Arrays.copyOfRange(rows, m * d, n * d), n - m, d);
    DMatrixRMaj whole = gram(rows, n, d);
    UpdatedEigenbasis upd = UpdatedEigenbasis.of(SymmetricEigen.of(pub), rows, m);
    SymmetricEigen dense = SymmetricEigen.of(whole);
    double norm = dense.values()[0];
    double[] got = upd.values().clone();
    Arrays.sort(got);
    double[] want = dense.values().clone();
    Arrays.sort(want);
    for (int i = 0; i < d; i++) {
      assertEquals(want[i], got[i], 1e-10 * norm, "eigenvalue " + i);
    }
    SplittableRandom rng = new SplittableRandom(52);
    for (int rep = 0; rep < 5; rep++) {
      double[] x = Neighbours.unitRows(1, d, rng);
      double[] y = upd.toEigen(x);
      assertEquals(1.0, Math.sqrt(Neighbours.dot(y, y)), 1e-10, "the basis is orthonormal");
      double[] back = upd.fromEigen(y);
      for (int i = 0; i < d; i++) {
        y[i] *= upd.values()[i];
      }
      double[] gx = upd.fromEigen(y);
      for (int i = 0; i < d; i++) {
        assertEquals(x[i], back[i], 1e-10, "round trip");
        double s = 0;
        for (int j = 0; j < d; j++) {
          s += whole.get(i, j) * x[j];
        }
        assertEquals(s, gx[i], 1e-10 * norm, "E diag(values) E^T x = G x");
      }
    }
  }

  @Test
  void of_carriedRows_bitIdenticalToRowByRowUpdates() {
    // The previous construction as the reference: row a mapped to the partly updated basis (base,
    // then each earlier update's toNew) just before its own update. The values and both coordinate
    // maps must agree bit for bit; fails if carrying the later rows through each update's norm
    // pass gives a row other coordinates than mapping it afterwards would.
    for (int[] shape : new int[][] {{12, 4, 30}, {60, 10, 150}, {784, 10, 1010}}) {
      int d = shape[0];
      int m = shape[1];
      int n = shape[2];
      double[] rows = PrivatePcaClient.clippedRows(
          PrivatePcaRecordedBitsTest.imageLikeData(n, d, m, d / 20, d).rows(), 0, n);
      Arrays.fill(rows, d, 2 * d, 0); // a zero row (skipped)
      SymmetricEigen base = SymmetricEigen.of(gram(Arrays.copyOfRange(rows, m * d, n * d), n - m, d));
      UpdatedEigenbasis upd = UpdatedEigenbasis.of(base, rows, m);
      java.util.List<RankOneCompression> levels = new java.util.ArrayList<>();
      double[] l = base.values().clone();
      for (int a = 0; a < m; a++) {
        double[] x = Arrays.copyOfRange(rows, a * d, (a + 1) * d);
        if (Arrays.stream(x).allMatch(v -> v == 0)) {
          continue;
        }
        double[] y = base.toEigen(x);
        for (RankOneCompression level : levels) {
          y = level.toNew(y);
        }
        RankOneCompression level = RankOneCompression.update(l, y);
        levels.add(level);
        l = level.values();
      }
      assertArrayEquals(l, upd.values(), "values, d=" + d);
      SplittableRandom rng = new SplittableRandom(d);
      double[] x = Neighbours.unitRows(1, d, rng);
      double[] y = base.toEigen(x);
      for (RankOneCompression level : levels) {
        y = level.toNew(y);
      }
      assertArrayEquals(y, upd.toEigen(x), "toEigen, d=" + d);
      double[] back = y.clone();
      for (int i = levels.size() - 1; i >= 0; i--) {
        back = levels.get(i).toOld(back);
      }
      assertArrayEquals(base.fromEigen(back), upd.fromEigen(y), "fromEigen, d=" + d);
    }
  }

  @Test
  void toEigen_batchOfColumns_bitIdenticalToOneByOne() {
    // PPCA maps its k start columns in one batch (each update's Cauchy matrix divided out once for
    // all of them). Fails if the batched pass sums a coordinate in another order or with another
    // expression than the one-vector map: every PPCA release would change.
    for (int[] shape : new int[][] {{60, 10, 150}, {783, 4, 300}}) {
      int d = shape[0];
      int m = shape[1];
      int n = shape[2];
      double[] rows = PrivatePcaClient.clippedRows(
          PrivatePcaRecordedBitsTest.imageLikeData(n, d, m, d / 20, d).rows(), 0, n);
      SymmetricEigen base = SymmetricEigen.of(gram(Arrays.copyOfRange(rows, m * d, n * d), n - m, d));
      UpdatedEigenbasis upd = UpdatedEigenbasis.of(base, rows, m);
      double[][] xs = {Neighbours.unitRows(1, d, new SplittableRandom(1)), Neighbours.unitRows(1, d,
          new SplittableRandom(2)), Neighbours.unitRows(1, d, new SplittableRandom(3))};
      for (int count = 1; count <= xs.length; count++) {
        double[][] batch = upd.toEigen(Arrays.copyOf(xs, count));
        for (int c = 0; c < count; c++) {
          assertArrayEquals(upd.toEigen(xs[c]), batch[c], "d=" + d + ", " + count + " vectors, vector " + c);
        }
      }
    }
  }

  @Test
  void release_ppca_matchesDenseDecompositionPath() {
    // The previous per-query path (dense decomposition of G, then the same chain) as the reference.
    // The chain is a discontinuous function of the basis (accept/reject decisions), so the two
    // agree only while no decision flips: for these fixed seeds none does and V agrees to 1e-8
    // (at d = 784 the measured difference of the releases is ~1e-11). A larger difference means
    // the updated basis is wrong, or — after a change of the chain's arithmetic — that a decision
    // flipped, which this comment asks the reader to tell apart. The chain is columnDraw=SWEEP:
    // the two bases agree only up to the signs of their eigenvectors (here 7 of 12 differ), and
    // SWEEP's draws do not depend on those signs, while EXACT's ACG proposals, drawn in the
    // eigen-coordinates, are the same only in distribution (a sign flip mirrors a coordinate).
    int n = 40;
    int d = 12;
    int m = 3;
    ClientData data = PcaTestData.clientData(n, d, m, 2, 53);
    MechanismParams p = Preset.PAPER.builder(1, 0.5).options(Map.of("burnIn", "20", "columnDraw", "SWEEP")).calibration(
        NoiseCalibration.CLASSIC).build(0.5, 1e-5);
    PrivatePcaClient client = new PrivatePcaClient(PcaTestData.view(data, 2), p);
    double[] rows = PrivatePcaClient.clippedRows(data.rows(), 0, n);
    PrivatePcaOptions options = PrivatePcaOptions.of(p);
    for (long seed = 0; seed < 4; seed++) {
      double[] v = client.release(data, new SplittableRandom(seed)).v();
      double[] ref = PrivatePcaClient.ppcaSubspace(SymmetricEigen.of(gram(rows, n, d)),
          options.epsilonSubspace() / 2, p.k(), options.burnIn(), new SplittableRandom(seed));
      for (int i = 0; i < v.length; i++) {
        assertEquals(ref[i], v[i], 1e-8, "seed " + seed + ", entry " + i);
      }
    }
  }
}

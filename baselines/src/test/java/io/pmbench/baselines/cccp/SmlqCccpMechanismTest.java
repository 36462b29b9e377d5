package io.pmbench.baselines.cccp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.v1.SyntheticFeatureSets;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * smlq-cccp's iteration Z_t = α·L_X⁺·(L_Y·Z_{t−1} − S·Q) against a fully dense computation with
 * EJML's SVD pseudo-inverse and the n × n matrix S = n·I − 11ᵀ, on small n, for both solvers.
 */
class SmlqCccpMechanismTest {

  /** Z_T by dense matrices: pinv(L_X), L_Y (as L_Y·I), S. */
  static double[] denseReference(KernelLaplacian lx, LabelLaplacian ly, double alpha, double[] q, int k, int iters) {
    int n = lx.size();
    DMatrixRMaj pinv = new DMatrixRMaj(n, n);
    CommonOps_DDRM.pinv(DenseLaplacianPseudoInverse.dense(lx), pinv);
    double[] id = new double[n * n];
    for (int i = 0; i < n; i++) {
      id[i * n + i] = 1;
    }
    double[] lyDense = new double[n * n];
    ly.multiply(id, n, lyDense);
    DMatrixRMaj s = new DMatrixRMaj(n, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        s.set(i, j, (i == j ? n : 0) - 1.0);
      }
    }
    DMatrixRMaj qm = DMatrixRMaj.wrap(n, k, q.clone());
    DMatrixRMaj sq = new DMatrixRMaj(n, k);
    CommonOps_DDRM.mult(s, qm, sq);
    DMatrixRMaj z = qm.copy();
    DMatrixRMaj lyz = new DMatrixRMaj(n, k);
    for (int t = 0; t < iters; t++) {
      CommonOps_DDRM.mult(DMatrixRMaj.wrap(n, n, lyDense), z, lyz);
      CommonOps_DDRM.subtractEquals(lyz, sq);
      DMatrixRMaj next = new DMatrixRMaj(n, k);
      CommonOps_DDRM.mult(alpha, pinv, lyz, next);
      z = next;
    }
    return z.data;
  }

  @Test
  void run_smallData_matchesDensePseudoInverseComputation() {
    int k = 2;
    double worst = 0;
    for (long seed = 1; seed <= 3; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      int n = 45;
      int d = 5;
      double sigma = 1.5;
      double alpha = 0.5;
      KernelLaplacian lx = KernelLaplacian.of(SyntheticFeatureSets.unitRows(n, d, rng), n, d, 2 * sigma * sigma);
      int[] labels = new int[n];
      for (int i = 0; i < n; i++) {
        labels[i] = rng.nextInt(6);
      }
      LabelLaplacian ly = LabelLaplacian.of(labels, LabelKernel.GAUSSIAN_INTEGER, sigma);
      double[] q = Seeds.gaussianBlock(n, k, 1e-8, rng);
      double[] want = denseReference(lx, ly, alpha, q, k, 6);
      for (PseudoInverseSolver solver : new PseudoInverseSolver[] {PseudoInverseSolver.DENSE, PseudoInverseSolver.CG}) {
        CccpIteration.Result r = CccpIteration.run(solver.build(lx), lx, ly, alpha, q, k, 6, false);
        worst = Math.max(worst, PseudoInverseTest.relativeError(r.embedding(), want));
        assertFalse(r.objectiveIncreased(), "CCCP objective increased: " + java.util.Arrays.toString(r.objective()));
      }
    }
    System.out.printf("smlq-cccp vs dense pinv reference (n = 45, 6 iterations): max relative error %.2e%n", worst);
    assertTrue(worst < 1e-8, "relative error " + worst);
  }

  @Test
  void server_denseAndCg_giveTheSameEmbedding() {
    SplittableRandom rng = new SplittableRandom(3);
    ServerView view = new ServerView(SyntheticFeatureSets.labelledUnitRows(120, 8, 5, rng),
        SyntheticFeatureSets.labelledUnitRows(40, 8, 5, rng), 5, 77);
    SmlqCccpMechanism m = new SmlqCccpMechanism();
    MechanismParams dense = Preset.PAPER.builder(2, 0.5).options(Map.of(PseudoInverseSolver.OPTION, "DENSE"))
        .build(0.1, 1e-5);
    MechanismParams cg = Preset.PAPER.builder(2, 0.5).options(Map.of(PseudoInverseSolver.OPTION, "cg"))
        .build(0.1, 1e-5);
    ServerSide a = m.server(view, dense);
    ServerSide b = m.server(view, cg);
    assertTrue(PseudoInverseTest.relativeError(b.gallery().data(), a.gallery().data()) < 1e-8);
    assertTrue(PseudoInverseTest.relativeError(b.publicRows().data(), a.publicRows().data()) < 1e-8);
    assertNotEquals(m.serverKey(dense), m.serverKey(cg));
  }

  @Test
  void validate_unknownSolver_refusedNamingTheOption() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SmlqCccpMechanism().validate(
        Preset.PAPER.builder(2, 0.5).options(Map.of(PseudoInverseSolver.OPTION, "lu")).build(0.1, 1e-5)));
    assertEquals("solver must be one of CG, DENSE. Provided value: lu", e.getMessage());
  }
}

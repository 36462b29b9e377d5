package io.pmbench.baselines.cccp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.v1.SyntheticFeatureSets;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * Both ways smlq-cccp applies L_X⁺ against the definition: EJML's SVD pseudo-inverse of the dense
 * Laplacian, on small n. For these to fail, the Cholesky identity (L + 11ᵀ/n)⁻¹ = L⁺ + 11ᵀ/n or
 * the projected CG would have to be wrong, or the graph not connected when we assume it is.
 */
class PseudoInverseTest {

  /** L⁺·b with L⁺ = EJML's SVD pseudo-inverse of the dense Laplacian. */
  static double[] reference(KernelLaplacian l, double[] b, int k) {
    int n = l.size();
    DMatrixRMaj pinv = new DMatrixRMaj(n, n);
    CommonOps_DDRM.pinv(DenseLaplacianPseudoInverse.dense(l), pinv);
    DMatrixRMaj out = new DMatrixRMaj(n, k);
    CommonOps_DDRM.mult(pinv, DMatrixRMaj.wrap(n, k, b.clone()), out);
    return out.data;
  }

  static double relativeError(double[] got, double[] want) {
    double num = 0;
    double den = 0;
    for (int i = 0; i < want.length; i++) {
      num += (got[i] - want[i]) * (got[i] - want[i]);
      den += want[i] * want[i];
    }
    return Math.sqrt(num / den);
  }

  /** A right-hand side with zero column sums, as CCCP produces. */
  static double[] centredBlock(int n, int k, SplittableRandom rng) {
    double[] b = new double[n * k];
    for (int i = 0; i < b.length; i++) {
      b[i] = Seeds.gaussian(rng);
    }
    LaplacianPseudoInverse.centreColumns(b, n, k);
    return b;
  }

  @Test
  void denseAndCg_smallKernelGraphs_matchSvdPseudoInverse() {
    int k = 3;
    double worstDense = 0;
    double worstCg = 0;
    int maxIterations = 0;
    for (double sigma : new double[] {0.4, 1, 3, 10}) {
      for (long seed = 1; seed <= 3; seed++) {
        SplittableRandom rng = new SplittableRandom(seed);
        int nBase = 50;
        int m = 4;
        int d = 6;
        double s = 2 * sigma * sigma;
        KernelLaplacian.Base base = KernelLaplacian.base(SyntheticFeatureSets.unitRows(nBase, d, rng), nBase, d, s);
        // a client-like operator: new rows in front of a cached base block
        KernelLaplacian l = KernelLaplacian.extend(base, SyntheticFeatureSets.unitRows(m, d, rng), m);
        double[] b = centredBlock(l.size(), k, rng);
        double[] want = reference(l, b, k);
        double[] dense = new double[b.length];
        DenseLaplacianPseudoInverse dpi = DenseLaplacianPseudoInverse.of(l);
        assertTrue(dpi.connected());
        dpi.apply(b, k, dense);
        ConjugateGradientPseudoInverse cg = new ConjugateGradientPseudoInverse(l, 1e-13, 10_000);
        double[] viaCg = new double[b.length];
        cg.apply(b, k, viaCg);
        maxIterations = Math.max(maxIterations, cg.lastIterations());
        worstDense = Math.max(worstDense, relativeError(dense, want));
        worstCg = Math.max(worstCg, relativeError(viaCg, want));
      }
    }
    System.out.printf("L+ vs SVD pinv, n = 54: dense Cholesky rel. error %.2e, CG rel. error %.2e (<= %d CG steps)%n",
        worstDense, worstCg, maxIterations);
    assertTrue(worstDense < 1e-9, "dense " + worstDense);
    assertTrue(worstCg < 1e-9, "CG " + worstCg);
  }

  @Test
  void apply_uncentredRightHandSide_returnsCentredColumns() {
    SplittableRandom rng = new SplittableRandom(4);
    KernelLaplacian l = KernelLaplacian.of(SyntheticFeatureSets.unitRows(30, 4, rng), 30, 4, 2.0);
    double[] b = new double[60];
    java.util.Arrays.fill(b, 1.0);
    b[0] = 5;
    for (LaplacianPseudoInverse pi : new LaplacianPseudoInverse[] {DenseLaplacianPseudoInverse.of(l),
        ConjugateGradientPseudoInverse.of(l)}) {
      double[] out = new double[60];
      pi.apply(b, 2, out);
      double s0 = 0;
      double s1 = 0;
      for (int i = 0; i < 30; i++) {
        s0 += out[2 * i];
        s1 += out[2 * i + 1];
      }
      assertEquals(0, s0, 1e-12);
      assertEquals(0, s1, 1e-12);
    }
  }

  /** Kernel weights that underflow to 0 split the graph: Cholesky fails and the SVD fallback is exact. */
  @Test
  void dense_disconnectedGraph_fallsBackToSvd() {
    int d = 3;
    double[] rows = new double[6 * d];
    for (int i = 0; i < 6; i++) {
      rows[i * d + (i < 3 ? 0 : 1)] = 1; // two groups of identical rows, distance² 2 apart
    }
    KernelLaplacian l = KernelLaplacian.of(rows, 6, d, 2 * 0.02 * 0.02); // exp(−2/0.0008) = 0
    DenseLaplacianPseudoInverse dpi = DenseLaplacianPseudoInverse.of(l);
    assertFalse(dpi.connected());
    double[] b = centredBlock(6, 2, new SplittableRandom(8));
    double[] out = new double[12];
    dpi.apply(b, 2, out);
    double[] want = reference(l, b, 2);
    LaplacianPseudoInverse.centreColumns(want, 6, 2);
    assertTrue(relativeError(out, want) < 1e-9, "fallback " + relativeError(out, want));
  }
}

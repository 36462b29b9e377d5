package io.pmbench.core.smlq;

import static io.pmbench.core.kernel.DenseLaplacians.assertBlockEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.kernel.DenseLaplacians;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.kernel.LabelLaplacian;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link Smlq} against equation (4) of SPEC.md §4 evaluated with dense matrices:
 * X_t = ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X_{t−1} + X_{t−1}, and v(X) = Tr(XᵀL_X X) − α·Tr(XᵀL_Y X).
 */
class SmlqTest {
  private static final double REL = 1e-10;
  private static final int N = 24;
  private static final int DIM = 5;
  private static final int K = 2;
  private static final double SIGMA = 1.1;
  private static final double ALPHA = 0.6;
  private static final double SCALE = 2 * SIGMA * SIGMA;

  private static final double[] ROWS = DenseLaplacians.gaussianRows(N, DIM, new SplittableRandom(81));
  private static final int[] LABELS = labels();

  private static int[] labels() {
    SplittableRandom rng = new SplittableRandom(82);
    int[] y = new int[N];
    for (int i = 0; i < N; i++) {
      y[i] = rng.nextInt(4);
    }
    return y;
  }

  /** Equation (4) with dense L_X and L_Y, Diag(L_X)⁻¹ applied as the dense diagonal matrix. */
  private static double[] denseStep(double[][] lx, double[][] ly, double alpha, double[] x, int k) {
    int n = lx.length;
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        m[i][j] = 0.5 / lx[i][i] * (alpha * ly[i][j] - lx[i][j]);
      }
    }
    double[] out = DenseLaplacians.times(m, x, k);
    for (int i = 0; i < out.length; i++) {
      out[i] += x[i];
    }
    return out;
  }

  private static double denseObjective(double[][] lx, double[][] ly, double alpha, double[] x, int k) {
    return DenseLaplacians.quadraticForm(lx, x, k) - alpha * DenseLaplacians.quadraticForm(ly, x, k);
  }

  private static void renormalize(double[] x, int n) {
    double s = 0;
    for (double v : x) {
      s += v * v;
    }
    double f = Math.sqrt(n / s);
    for (int i = 0; i < x.length; i++) {
      x[i] *= f;
    }
  }

  @ParameterizedTest
  @EnumSource(LabelKernel.class)
  void iterate_oneStep_matchesDenseEquation4(LabelKernel labelKernel) {
    // Fails if the row scaling is not 1/(2·L_X,ii), if α multiplies L_X instead of L_Y, if the
    // sign of (α·L_Y − L_X) is flipped, or if X_{t−1} is not added back.
    double[][] lx = DenseLaplacians.feature(ROWS, N, DIM, SCALE);
    double[][] ly = DenseLaplacians.label(LABELS, labelKernel, SIGMA);
    double[] x0 = DenseLaplacians.gaussianRows(N, K, new SplittableRandom(83));

    double[] x1 = Smlq.iterate(KernelLaplacian.of(ROWS, N, DIM, SCALE), LabelLaplacian.of(LABELS, labelKernel, SIGMA),
        ALPHA, x0, K, false);

    assertBlockEquals(denseStep(lx, ly, ALPHA, x0, K), x1, REL, "X_1");
  }

  @Test
  void run_fourIterations_recordsDenseObjectiveOfEveryIterate() {
    // Fails if the trace is shifted by one (v of X_{t+1} stored at t), misses v(X_0) or v(X_T),
    // has the wrong length, or if v is not Tr(XᵀL_X X) − α·Tr(XᵀL_Y X).
    int iterations = 4;
    double[][] lx = DenseLaplacians.feature(ROWS, N, DIM, SCALE);
    double[][] ly = DenseLaplacians.label(LABELS, LabelKernel.GAUSSIAN_INTEGER, SIGMA);
    double[] x0 = DenseLaplacians.gaussianRows(N, K, new SplittableRandom(84));

    Smlq.Result r = Smlq.run(KernelLaplacian.of(ROWS, N, DIM, SCALE),
        LabelLaplacian.of(LABELS, LabelKernel.GAUSSIAN_INTEGER, SIGMA), ALPHA, x0, K, iterations, false);

    assertEquals(iterations + 1, r.objective().length);
    double[] x = x0.clone();
    for (int t = 0; t <= iterations; t++) {
      double v = denseObjective(lx, ly, ALPHA, x, K);
      assertEquals(v, r.objective()[t], REL * Math.abs(v), "v(X_" + t + ")");
      if (t < iterations) {
        x = denseStep(lx, ly, ALPHA, x, K);
      }
    }
    assertBlockEquals(x, r.embedding(), REL, "X_T");
    assertEquals(N, r.rows());
    assertEquals(K, r.k());
  }

  @Test
  void run_renormalize_givesFrobeniusNormSqrtNAndDenseIterates() {
    // Fails if renormalisation targets another norm, is applied before the step instead of after,
    // or if the objective is recorded for the iterate before renormalisation.
    int iterations = 3;
    double[][] lx = DenseLaplacians.feature(ROWS, N, DIM, SCALE);
    double[][] ly = DenseLaplacians.label(LABELS, LabelKernel.CENTERED_DISTANCE, SIGMA);
    double[] x0 = DenseLaplacians.gaussianRows(N, K, new SplittableRandom(85));

    Smlq.Result r = Smlq.run(KernelLaplacian.of(ROWS, N, DIM, SCALE),
        LabelLaplacian.of(LABELS, LabelKernel.CENTERED_DISTANCE, SIGMA), ALPHA, x0, K, iterations, true);

    assertEquals(Math.sqrt(N), Smlq.frobenius(r.embedding()), 1e-12);
    double[] x = x0.clone();
    for (int t = 0; t <= iterations; t++) {
      double v = denseObjective(lx, ly, ALPHA, x, K);
      assertEquals(v, r.objective()[t], REL * Math.abs(v), "v(X_" + t + ")");
      if (t < iterations) {
        x = denseStep(lx, ly, ALPHA, x, K);
        renormalize(x, N);
      }
    }
    assertBlockEquals(x, r.embedding(), REL, "X_T");
  }

  @Test
  void iterate_renormalize_givesFrobeniusNormSqrtN() {
    double[] x0 = DenseLaplacians.gaussianRows(N, K, new SplittableRandom(86));
    for (int i = 0; i < x0.length; i++) {
      x0[i] *= 1e-8; // σ_q of the paper: the rescaling must not depend on the input's scale
    }

    double[] x1 = Smlq.iterate(KernelLaplacian.of(ROWS, N, DIM, SCALE),
        LabelLaplacian.of(LABELS, LabelKernel.GAUSSIAN_INTEGER, SIGMA), ALPHA, x0, K, true);

    assertEquals(Math.sqrt(N), Smlq.frobenius(x1), 1e-12);
  }

  @Test
  void run_zeroIterations_returnsInputAndItsObjective() {
    double[] x0 = DenseLaplacians.gaussianRows(N, K, new SplittableRandom(87));
    KernelLaplacian lx = KernelLaplacian.of(ROWS, N, DIM, SCALE);
    LabelLaplacian ly = LabelLaplacian.of(LABELS, LabelKernel.SAME_CLASS, SIGMA);

    Smlq.Result r = Smlq.run(lx, ly, ALPHA, x0, K, 0, false);

    assertArrayEquals(x0, r.embedding());
    assertArrayEquals(new double[] {Smlq.objective(lx, ly, ALPHA, x0, K)}, r.objective());
  }

  @Test
  void run_zeroDegreeRow_throwsIllegalStateExceptionNamingTheRow() {
    // Row 2 is 5 units from the others; with s = 1e-6 its kernel values exp(−25e6) underflow to 0,
    // so L_X,22 = 0 exactly. SPEC.md §4: an error, not the official code's silent + 1e-9.
    double[] rows = {0, 0, 1e-4, 0, 5, 0};
    KernelLaplacian lx = KernelLaplacian.of(rows, 3, 2, 1e-6);
    LabelLaplacian ly = LabelLaplacian.of(new int[] {0, 0, 1}, LabelKernel.GAUSSIAN_INTEGER, 1.0);
    assertEquals(0.0, lx.diagonal(2));
    assertTrue(lx.diagonal(0) > 0);

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Smlq.run(lx, ly, 0.5, new double[] {1, 2, 3, 4, 5, 6}, 2, 1, false));

    assertTrue(e.getMessage().contains("row 2"), e.getMessage());
  }

  @Test
  void iterate_mismatchedShapes_throwsIllegalArgumentException() {
    KernelLaplacian lx = KernelLaplacian.of(ROWS, N, DIM, SCALE);
    LabelLaplacian ly = LabelLaplacian.of(new int[] {0, 1, 2}, LabelKernel.SAME_CLASS, SIGMA);

    assertThrows(IllegalArgumentException.class, () -> Smlq.iterate(lx, ly, ALPHA, new double[N * K], K, false));
    assertThrows(IllegalArgumentException.class, () -> Smlq.iterate(lx,
        LabelLaplacian.of(LABELS, LabelKernel.SAME_CLASS, SIGMA), ALPHA, new double[N * K + 1], K, false));
  }

  @Test
  void run_negativeIterations_throwsIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> Smlq.run(KernelLaplacian.of(ROWS, N, DIM, SCALE),
        LabelLaplacian.of(LABELS, LabelKernel.SAME_CLASS, SIGMA), ALPHA, new double[N * K], K, -1, false));
  }

  @Test
  void objectiveIncreased_traceWithOneRise_isTrue() {
    assertTrue(new Smlq.Result(new double[0], 0, 1, new double[] {3, 2, 2.5, 1}, new double[] {3, 2, 2.5, 1})
        .objectiveIncreased());
  }

  @Test
  void objectiveIncreased_riseWithinRoundOffOfItsTraces_isFalse() {
    // v ≈ 1e-32 left over from traces of size 1e-16: a rise of 1e-30 is round-off, not an increase
    double[] v = {1e-32, 2e-30};
    assertFalse(new Smlq.Result(new double[0], 0, 1, v, new double[] {1e-16, 1e-16}).objectiveIncreased());
    assertTrue(new Smlq.Result(new double[0], 0, 1, v, new double[] {1e-25, 1e-25}).objectiveIncreased());
  }

  @Test
  void objectiveIncreased_nonIncreasingTrace_isFalse() {
    assertFalse(new Smlq.Result(new double[0], 0, 1, new double[] {3, 2, 2, 1}, new double[] {3, 2, 2, 1})
        .objectiveIncreased());
  }
}

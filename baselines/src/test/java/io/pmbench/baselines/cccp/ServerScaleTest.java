package io.pmbench.baselines.cccp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.v1.SyntheticFeatureSets;
import io.pmbench.core.kernel.KernelLaplacian;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The server-side L⁺ at the sizes it is meant for (slow: builds 3,000² and 11,000² kernels).
 * At n = 3,000 projected CG must agree with the dense Cholesky path; at n = 11,000 (a dense
 * pseudo-inverse would need ≈ 1.3·10¹² flops) it must converge; iterations and times are printed.
 */
@Tag("slow")
class ServerScaleTest {

  private static KernelLaplacian kernel(int n, int d, double sigma, long seed) {
    return KernelLaplacian.of(SyntheticFeatureSets.unitRows(n, d, new SplittableRandom(seed)), n, d, 2 * sigma * sigma);
  }

  @Test
  void cg_serverSizes_convergesAndMatchesDense() {
    KernelLaplacian mid = kernel(3000, 64, 1, 1);
    double[] b = PseudoInverseTest.centredBlock(3000, 2, new SplittableRandom(2));
    long t0 = System.nanoTime();
    double[] dense = new double[b.length];
    DenseLaplacianPseudoInverse.of(mid).apply(b, 2, dense);
    long t1 = System.nanoTime();
    ConjugateGradientPseudoInverse cg = ConjugateGradientPseudoInverse.of(mid);
    double[] viaCg = new double[b.length];
    cg.apply(b, 2, viaCg);
    long t2 = System.nanoTime();
    double err = PseudoInverseTest.relativeError(viaCg, dense);
    System.out.printf("n = 3000: dense %.1f s, CG %.2f s (%d steps), relative difference %.2e%n", (t1 - t0) / 1e9,
        (t2 - t1) / 1e9, cg.lastIterations(), err);
    assertTrue(err < 1e-8, "CG vs dense " + err);
    for (double sigma : new double[] {1, 5}) {
      KernelLaplacian big = kernel(11_000, 64, sigma, 3);
      ConjugateGradientPseudoInverse bigCg = ConjugateGradientPseudoInverse.of(big);
      double[] rhs = PseudoInverseTest.centredBlock(11_000, 2, new SplittableRandom(4));
      double[] out = new double[rhs.length];
      long t3 = System.nanoTime();
      bigCg.apply(rhs, 2, out);
      System.out.printf("n = 11000, sigma = %s: CG %.2f s, %d steps to relative residual 1e-10%n", sigma,
          (System.nanoTime() - t3) / 1e9, bigCg.lastIterations());
    }
  }
}

package io.pmbench.baselines.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.smlq.Smlq;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The early paper's Corollary 1.1 with Appendix E, Case 2 (read as {@link EarlyPaperBound#READING}),
 * audited. These tests record findings about the paper, not tolerances: if one fails, either
 * our reading of Appendix E changed or the code computing it is wrong.
 */
class EarlyPaperBoundTest {
  private static final int K = 2;
  private static final double SIGMA_Q = 1e-8;

  /** At the paper's CUB setting φ_min ≈ −620 (BASELINES.md §6): the bound does not exist. */
  @Test
  void constants_paperSettings_phiMinNegative() {
    EarlyPaperBound.Constants cs = EarlyPaperBound.constants(1100, 5, 0.5, 99);
    System.out.printf("Appendix E Case 2 at n = 1100, sigma = 5, alpha = 0.5, c = 99: %s; z_ij in [%.6g, %.6g],"
        + " z_ii in [%.6g, %.6g]%n", cs.describe(), cs.zijMin(), cs.zijMax(), cs.ziiMin(), cs.ziiMax());
    assertEquals(-620.238, cs.phiMin(), 1e-3);
    assertEquals(645.617, cs.phiMax(), 1e-3);
    assertTrue(cs.degreeBoundsPositive());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EarlyPaperBound.globalSensitivity(cs, K, SIGMA_Q));
    assertTrue(e.getMessage().contains("bound does not exist at these settings"), e.getMessage());
  }

  /**
   * The structural finding in {@link EarlyPaperBound}'s javadoc: wherever every degree lower
   * bound is positive, φ_min &lt; 0 — so the bound never exists where the derivation's premises hold.
   */
  @Test
  void constants_positiveDegreeBounds_phiMinAlwaysNegative() {
    int checked = 0;
    for (int n : new int[] {1, 2, 3, 5, 8, 13, 40, 100, 1000, 11000}) {
      for (double sigma = 0.2; sigma < 60; sigma *= 1.15) {
        for (double alpha : new double[] {0.05, 0.5, 1, 3}) {
          for (int c : new int[] {0, 1, 9, 99, 199}) {
            EarlyPaperBound.Constants cs = EarlyPaperBound.constants(n, sigma, alpha, c);
            if (cs.degreeBoundsPositive()) {
              checked++;
              assertTrue(cs.phiMin() < 0, "phi_min >= 0 with positive degree bounds: " + cs.describe());
            }
          }
        }
      }
    }
    assertTrue(checked > 1000, "grid too small: " + checked);
  }

  /** A run at the paper's settings is refused with one line naming the values. */
  @Test
  void run_paperSettings_refusedWithOneLine() {
    var fs = SyntheticFeatureSets.clustered(3, 100, 16, 1200, 60, 0.4);
    MechanismParams p = Preset.PAPER.builder(5, 0.5).options(Map.of(SensitivityMode.OPTION, "EARLY_PAPER"))
        .build(0.1, 1e-5);
    ProtocolRunner runner = new ProtocolRunner(fs, new ProtocolConfig(1099, 5, true, new int[] {8}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> runner.run(new PrivateMailV1Mechanism(), p, 1, q -> {}));
    System.out.println("refusal: " + e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
    assertTrue(e.getMessage().contains("bound does not exist at these settings"), e.getMessage());
    assertTrue(e.getMessage().contains("n = 1100") && e.getMessage().contains("c = 99")
        && e.getMessage().contains("phi_min = -620.2"), e.getMessage());
  }

  /** max over brute-force neighbours of (‖Δf‖_F / GS, ‖Δf‖₁ / GS), fresh Q per pair. */
  private static double[] worstRatios(int n, int d, int c, double sigma, double alpha, double gs) {
    double[] worst = new double[2];
    for (long seed = 1; seed <= 3; seed++) {
      for (boolean adversarial : new boolean[] {false, true}) {
        SplittableRandom rng = new SplittableRandom(seed * 7 + (adversarial ? 1 : 0));
        for (Neighbours.Pair pair : Neighbours.of(n, d, c, adversarial, 6, rng)) {
          double[] diff = pair.difference(sigma, alpha, Neighbours.gaussianBlock(pair.size(), K, SIGMA_Q, rng), K);
          worst[0] = Math.max(worst[0], Smlq.frobenius(diff) / gs);
          worst[1] = Math.max(worst[1], Neighbours.l1(diff) / gs);
        }
      }
    }
    return worst;
  }

  /**
   * At n = 8 (d = 5, c = 3, α = 0.5, k = 2) the bound "exists" for σ in a window near 0.75–0.85,
   * only because the feature-degree lower bound a and the label-degree bound d there are ≤ 0
   * (the derivation divides by them), which inflates φ to ~10³ while the true ‖z_i‖ are O(1).
   * Inside the window GS dwarfs every neighbour's change; at the window's edge the radicand → 0+,
   * GS → 0 and the same neighbours exceed it: the "bound" is an artefact of the constants, not a
   * bound. Both facts are asserted; the ratios are printed.
   */
  @Test
  void globalSensitivity_smallNWhereItExists_holdsInsideFailsAtEdge() {
    int n = 8;
    int d = 5;
    int c = 3;
    double alpha = 0.5;
    double inside = 0.77;
    EarlyPaperBound.Constants cs = EarlyPaperBound.constants(n, inside, alpha, c);
    double gs = EarlyPaperBound.globalSensitivity(cs, K, SIGMA_Q);
    assertFalse(cs.degreeBoundsPositive(), "existence needs a non-positive degree bound: " + cs);
    double[] in = worstRatios(n, d, c, inside, alpha, gs);
    // the edge: bisect the radicand's sign change between sigma = 0.70 (no bound) and 0.77
    double lo = 0.70;
    double hi = inside;
    assertThrows(IllegalArgumentException.class,
        () -> EarlyPaperBound.globalSensitivity(EarlyPaperBound.constants(n, 0.70, alpha, c), K, SIGMA_Q));
    for (int it = 0; it < 80; it++) {
      double mid = (lo + hi) / 2;
      try {
        EarlyPaperBound.globalSensitivity(EarlyPaperBound.constants(n, mid, alpha, c), K, SIGMA_Q);
        hi = mid;
      } catch (IllegalArgumentException e) {
        lo = mid;
      }
    }
    double gsEdge = EarlyPaperBound.globalSensitivity(EarlyPaperBound.constants(n, hi, alpha, c), K, SIGMA_Q);
    double[] edge = worstRatios(n, d, c, hi, alpha, gsEdge);
    System.out.printf("EARLY_PAPER at n = %d: sigma = %.2f: %s, GS = %.3e, max ||df||_F/GS = %.3e,"
        + " max ||df||_1/GS = %.3e; edge sigma = %.12f: GS = %.3e, max ||df||_F/GS = %.3e, max ||df||_1/GS = %.3e%n",
        n, inside, cs.describe(), gs, in[0], in[1], hi, gsEdge, edge[0], edge[1]);
    assertTrue(in[1] < 1, "inside the window GS dwarfs the neighbours' l1 change");
    assertTrue(edge[0] > 1, "at the window's edge even the l2 change exceeds GS: the bound fails");
  }

  /**
   * Theorem 1's tail bound is not a tail bound. For one brute-force neighbour pair (n = 12, an
   * added row; z_i the rows of the paper's operator difference, eq. 9, i.e. twice the rows of
   * f_A − f_B as an operator), the theorem allows any β ≤ exp(−4k·S2²/S4); at that largest β its
   * bound is exactly 0, so it is exceeded by every draw of Q. At the data-independent
   * ln β = −4k(n+1) the bound holds for this pair (its z_i are concentrated on a few rows:
   * S2²/S4 ≈ 3 of 13); the next test shows it failing when they are not.
   */
  @Test
  void theorem1_largestAllowedBeta_boundIsZero() {
    SplittableRandom rng = new SplittableRandom(11);
    List<Neighbours.Pair> pairs = Neighbours.of(12, 5, 4, false, 1, rng);
    Neighbours.Pair pair = pairs.get(pairs.size() - 1);
    double sigma = 3;
    double alpha = 0.6;
    int size = pair.size();
    double[] z = pair.operatorDifference(sigma, alpha);
    double[] rowNorms2 = new double[size];
    double s2 = 0;
    double s4 = 0;
    for (int i = 0; i < size; i++) {
      for (int j = 0; j < size; j++) {
        rowNorms2[i] += 4 * z[i * size + j] * z[i * size + j];
      }
      s2 += rowNorms2[i];
      s4 += rowNorms2[i] * rowNorms2[i];
    }
    double lnBetaMax = -4 * K * s2 * s2 / s4;
    double lnBeta = EarlyPaperBound.lnBeta(size - 1, K);
    assertTrue(lnBeta <= lnBetaMax, "the data-independent ln beta meets Theorem 1's condition");
    double atLargestBeta = EarlyPaperBound.theorem1Bound(rowNorms2, K, SIGMA_Q, lnBetaMax);
    double atDefault = EarlyPaperBound.theorem1Bound(rowNorms2, K, SIGMA_Q, lnBeta);
    double mean = 0;
    for (int t = 0; t < 200; t++) {
      mean += Smlq.frobenius(pair.difference(sigma, alpha, Neighbours.gaussianBlock(size, K, SIGMA_Q, rng), K)) / 200;
    }
    System.out.printf("Theorem 1, neighbour pair (S2^2/S4 = %.2f of %d rows): bound %.3e at the largest allowed"
        + " ln beta = %.2f, %.3e at ln beta = %.0f; mean ||f(D)-f(D')||_F = %.3e%n", s2 * s2 / s4, size,
        atLargestBeta, lnBetaMax, atDefault, lnBeta, mean);
    assertTrue(!(atLargestBeta > 1e-6 * mean), "the bound vanishes at the largest allowed beta");
    assertTrue(mean > 0, "neighbours differ");
  }

  /**
   * With equal-norm rows (z_i = e_i, n = 100: the operator difference ½·I), Theorem 1 at
   * ln β = −4k(n+1) bounds ‖½·Q‖_F by (σ_q/2)·√(4k(n+1) − 4k·√(n(n+1))) ≈ (σ_q/2)·√(2k), while
   * ‖½·Q‖_F ≈ (σ_q/2)·√(n·k): it claims a violation probability ≤ e^(−808) and is violated by
   * every draw.
   */
  @Test
  void theorem1_equalNormRows_boundBelowTypicalValue() {
    int n = 100;
    double[] rowNorms2 = new double[n];
    java.util.Arrays.fill(rowNorms2, 1.0);
    double lnBeta = EarlyPaperBound.lnBeta(n, K);
    double bound = EarlyPaperBound.theorem1Bound(rowNorms2, K, SIGMA_Q, lnBeta);
    SplittableRandom rng = new SplittableRandom(5);
    int draws = 1000;
    int exceed = 0;
    for (int t = 0; t < draws; t++) {
      double norm = 0.5 * Smlq.frobenius(Neighbours.gaussianBlock(n, K, SIGMA_Q, rng));
      exceed += norm > bound ? 1 : 0;
    }
    System.out.printf("Theorem 1, equal-norm rows (n = %d): bound %.3e vs typical (sigma_q/2)*sqrt(nk) = %.3e;"
        + " exceeded in %d of %d draws (claimed probability <= e^%.0f)%n", n, bound,
        SIGMA_Q / 2 * Math.sqrt(n * K), exceed, draws, lnBeta);
    assertEquals(draws, exceed, "the tail bound is below every realised value");
  }
}

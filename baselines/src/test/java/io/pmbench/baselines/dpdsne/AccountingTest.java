package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DP-dSNE's noise accounting (BASELINES.md §2) and its parameter checks. */
class AccountingTest {

  /** (ε, 1e-5) as the budget a mechanism hands over (zCDP reads no calibration). */
  private static PrivacyBudget budget(double epsilon) {
    return PrivacyBudget.of(epsilon, 1e-5, NoiseCalibration.ANALYTIC);
  }

  private static MechanismParams params(double epsilon, Map<String, String> options) {
    return Preset.PAPER.builder(1.0, 0.5).options(options).build(epsilon, 1e-5);
  }

  @Test
  void zcdpNoise_handComputedCase_matches() {
    // T = 1000, Δ = 2·√10 (C = 1, m + 1 = 10), ε = 1, δ = 1e-5, by hand:
    //   L = ln(1/δ) = 11.512925465; the largest ρ with ρ + 2√(ρL) ≤ ε solves √ρ = √(L + ε) − √L
    //   = 3.537361370 − 3.393070212 = 0.144291158, so ρ = 0.020819938;
    //   s = √(T·Δ²/(2ρ)) = √(40000 / 0.041639877) = 980.111.
    // Fails if ρ, the conversion or the bisection is wrong.
    double delta = 2 * Math.sqrt(10);
    double s = Accounting.zcdpNoise(delta, 1000, budget(1.0));

    assertEquals(980.111, s, 1e-3);
    assertEquals(0.0208199383, Accounting.zcdpRho(s, delta, 1000), 1e-9);
    // Rounded toward more noise: the returned s meets the condition, 0.999·s does not.
    assertTrue(Accounting.zcdpHolds(s, delta, 1000, 1.0, 1e-5));
    assertFalse(Accounting.zcdpHolds(0.999 * s, delta, 1000, 1.0, 1e-5));
  }

  @Test
  void zcdpNoise_versusAnalyticDefault_ratioInStatedRange() {
    // BASELINES.md §2: the papers' zCDP rule needs 1.15–1.6× the default's noise. At ε = 1 the
    // default (paper preset) is ANALYTIC. Fails if either side is mis-scaled (e.g. Δ vs Δ·√T).
    double delta = 2 * Math.sqrt(10);
    double zcdp = Accounting.zcdpNoise(delta, 1000, budget(1.0));
    double analytic = Accounting.GAUSSIAN.noiseScale(delta, 1000, params(1.0, Map.of()).budget());

    assertEquals(GaussianCalibration.analytic(delta * Math.sqrt(1000), 1.0, 1e-5), analytic, 0.0);
    System.out.printf("DP-dSNE accounting at T=1000, Delta=2*sqrt(10), eps=1, delta=1e-5: s_zcdp=%.3f"
        + " s_default(ANALYTIC)=%.3f ratio=%.4f%n", zcdp, analytic, zcdp / analytic);
    assertTrue(zcdp / analytic >= 1.15 && zcdp / analytic <= 1.6, "ratio " + zcdp / analytic);
  }

  @Test
  void zcdpNoise_ratioAcrossEpsilon_printed() {
    // Informational: the ratio against ANALYTIC and against CLASSIC (the paper preset below ε = 1).
    double delta = 2 * Math.sqrt(10);
    for (double eps : new double[] {0.05, 0.1, 0.2, 0.5, 0.9, 1, 2, 4, 8}) {
      double z = Accounting.zcdpNoise(delta, 1000, budget(eps));
      double a = GaussianCalibration.analytic(delta * Math.sqrt(1000), eps, 1e-5);
      String classic = eps < 1
          ? String.format("%.4f", z / GaussianCalibration.classic(delta * Math.sqrt(1000), eps, 1e-5)) : "n/a";
      System.out.printf("eps=%-5s s_zcdp=%10.3f  s_zcdp/s_analytic=%.4f  s_zcdp/s_classic=%s%n", eps, z, z / a,
          classic);
      assertTrue(Accounting.zcdpHolds(z, delta, 1000, eps, 1e-5));
    }
  }

  @Test
  void noiseScale_gaussianDefault_isCalibrationOfDeltaRootT() {
    MechanismParams p = params(0.5, Map.of());
    double delta = 2 * Math.sqrt(4);

    assertEquals(NoiseCalibration.CLASSIC, p.calibration());
    assertEquals(GaussianCalibration.classic(delta * Math.sqrt(300), 0.5, 1e-5),
        Accounting.GAUSSIAN.noiseScale(delta, 300, p.budget()), 0.0);
  }

  @Test
  void validate_classicAtEpsilonOne_refused() {
    // CLASSIC is proved for ε < 1 only: the guarantee does not exist at ε = 1.
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).calibration(NoiseCalibration.CLASSIC).build(1.0, 1e-5);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DpDsneMechanism().validate(p));
    assertTrue(e.getMessage().startsWith("epsilon must be < 1"), e.getMessage());
  }

  @Test
  void validate_classicAtEpsilonOneWithZcdp_accepted() {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).calibration(NoiseCalibration.CLASSIC)
        .options(Map.of("accounting", "zcdp")).build(1.0, 1e-5);

    new DpDsneMechanism().validate(p);
  }

  @Test
  void validate_badOptions_refusedNamingTheOption() {
    DpDsneMechanism m = new DpDsneMechanism();
    String[][] bad = {{"clip", "0"}, {"clip", "-1"}, {"clip", "NaN"}, {"clip", "x"}, {"iterations", "0"},
        {"iterations", "2.5"}, {"accounting", "RDP"}, {"mode", "official-code"}};
    for (String[] kv : bad) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> m.validate(params(0.5, Map.of(kv[0], kv[1]))), kv[0] + "=" + kv[1]);
      assertTrue(e.getMessage().startsWith(kv[0] + " must be"), e.getMessage());
      assertTrue(e.getMessage().contains("Provided value: " + kv[1]), e.getMessage());
    }
    m.validate(params(0.5, Map.of("mode", "dp"))); // the default mode, stated explicitly
  }

  @Test
  void validate_official_badOptions_refused() {
    DpDsneOfficialMechanism m = new DpDsneOfficialMechanism();

    assertThrows(IllegalArgumentException.class, () -> m.validate(params(0.5, Map.of("noiseVariance", "0"))));
    assertThrows(IllegalArgumentException.class, () -> m.validate(params(0.5, Map.of("iterations", "-3"))));
    m.validate(params(4.0, Map.of()));
  }
}

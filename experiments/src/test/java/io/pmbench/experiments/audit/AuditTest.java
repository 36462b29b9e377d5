package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.Seeds;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit end to end on small targets. An under-noised mechanism (the official code's
 * variance-as-standard-deviation, and a projection with 1/100 of its noise) must be caught with an
 * ε lower bound above its claim; correctly calibrated PrivateMail must not be (if it is, either
 * the bound is invalid or the calibration is wrong); and Appendix B's Δ must hold on every pair
 * the search tries (if not, the bound or our reading of it is wrong — the pair is saved).
 */
class AuditTest {
  private static final AuditSettings SMALL = AuditSettings.defaults(5, NoiseSampler.STANDARD).withTrials(4_000);

  @Test
  void run_officialCodeNoise_caughtAboveStatedEpsilon(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(SmlqStepTarget.privateMail(SMALL, NoiseCalibration.OFFICIAL_CODE), SMALL, dir);
    assertTrue(r.epsilonFailed(), r.summary());
    assertTrue(r.epsilonLower() > 1, r.summary());
  }

  @Test
  void run_analyticPrivateMail_notCaughtAndWithinSensitivity(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(SmlqStepTarget.privateMail(SMALL, NoiseCalibration.ANALYTIC), SMALL, dir);
    assertTrue(r.epsilonLower() <= SMALL.epsilon(), r.summary());
    assertTrue(!r.sensitivityFailed(), r.summary());
  }

  @Test
  void run_underNoisedProjection_caught(@TempDir Path dir) throws Exception {
    AuditTarget honest = new ProjectionTarget(SMALL, false, NoiseCalibration.CLASSIC);
    AuditTarget underNoised = new ProjectionTarget(SMALL, false, NoiseCalibration.CLASSIC) {
      @Override
      public double noiseScale(AuditData data) {
        return super.noiseScale(data) / 100;
      }
    };
    assertTrue(Audit.run(underNoised, SMALL, dir).epsilonFailed());
    assertTrue(!Audit.run(honest, SMALL, dir).epsilonFailed());
  }

  @Test
  void sensitivitySearch_understatedDelta_reportedAsFailedAndReplayable(@TempDir Path dir) throws Exception {
    // A claim of half the true Δ = σ_max(R) must be found by the search.
    AuditTarget wrong = new ProjectionTarget(SMALL, false, NoiseCalibration.CLASSIC) {
      @Override
      public double claimedSensitivity(AuditData data) {
        return super.claimedSensitivity(data) / 2;
      }
    };
    SensitivitySearch.Worst w = SensitivitySearch.run(wrong, new SplittableRandom(3));
    assertTrue(w.ratio() > 1.5, "ratio " + w.ratio());
  }

  @Test
  void replay_savedPair_reproducesTheRatio(@TempDir Path dir) throws Exception {
    AuditTarget t = Targets.of("private-rp", SMALL).get(0);
    AuditRow r = Audit.run(t, SMALL, dir);
    String line = Audit.replay(dir.resolve(r.pairFile()));
    assertTrue(line.contains(String.format(java.util.Locale.ROOT, "ratio %.6f", r.sensitivityRatio())), line);
    assertTrue(r.sensitivityRatio() <= 1 && r.sensitivityRatio() > 0.9, r.summary());
  }

  @Test
  void write_read_roundTrips(@TempDir Path dir) throws Exception {
    AuditRow row = new AuditRow("privatemail", "CLASSIC", "standard", 0.1, 1e-5, 2.5e-7, 1.25e-7, 0.01, 0.05, 4000,
        "row 3 removed (zero row, label 4)", "pairs/x.pair", "a \"quoted\", note");
    AuditResults.write(dir.resolve(AuditResults.FILE), List.of(row));
    List<AuditRow> back = AuditResults.read(dir.resolve(AuditResults.FILE));
    assertEquals(1, back.size());
    assertEquals(row.note(), back.get(0).note());
    assertEquals(row.pair(), back.get(0).pair());
    assertEquals(0.5, back.get(0).sensitivityRatio(), 1e-6);
    assertEquals(List.of(), AuditResults.forMechanisms(back, List.of("private-rp")));
  }

  @Test
  void unitRow_isUnitNorm() {
    double[] x = AuditData.unitRow(7, new SplittableRandom(Seeds.derive(1, "t")));
    assertEquals(1, Math.sqrt(java.util.Arrays.stream(x).map(v -> v * v).sum()), 1e-12);
  }
}

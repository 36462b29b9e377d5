package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * The audit end to end on the mechanisms' own code (their {@code Auditable} stages). An
 * under-noised mechanism (the official code's variance-as-standard-deviation, and a test mechanism
 * with 1/100 of its noise) must be caught with an ε lower bound above its claim; correctly
 * calibrated PrivateMail must not be (if it is, either the bound is invalid or the calibration is
 * wrong); a mechanism claiming half its true Δ must be reported as a failed sensitivity claim (if
 * not, the search misses a pair any row removal finds); Appendix B's Δ must hold on every pair the
 * search tries (if not, the bound or our reading of it is wrong — the pair is saved). Each ε check
 * at 4,000 runs per side is far from its threshold (an honest bound of 0.1 vs. lower bounds above
 * 1), so the false-failure probability is that of the 95% interval at most, and far less in fact.
 */
class AuditTest {
  private static final AuditSettings SMALL = AuditSettings.defaults(5, NoiseSampler.STANDARD).withTrials(4_000);

  private static AuditTarget target(String mechanism, String calibration) {
    return Targets.of(mechanism, SMALL).stream().filter(t -> t.calibration().equals(calibration)).findFirst()
        .orElseThrow();
  }

  private static AuditTarget testMechanism(double deltaFactor, double noiseFactor) {
    ProjectionTestMechanism m = new ProjectionTestMechanism(deltaFactor, noiseFactor);
    return AuditTarget.stages(m, Targets.params(SMALL, NoiseCalibration.CLASSIC), "CLASSIC", SMALL).get(0);
  }

  @Test
  void run_officialCodeNoise_caughtAboveStatedEpsilon(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(target("privatemail", "OFFICIAL_CODE"), SMALL, dir);
    assertTrue(r.epsilonFailed(), r.summary());
    assertTrue(r.epsilonLower() > 1, r.summary());
  }

  @Test
  void run_analyticPrivateMail_notCaughtAndWithinSensitivity(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(target("privatemail", "ANALYTIC"), SMALL, dir);
    assertTrue(r.epsilonLower() <= SMALL.epsilon(), r.summary());
    assertFalse(r.sensitivityFailed(), r.summary());
  }

  @Test
  void run_underNoisedMechanism_caughtAndHonestOneNot(@TempDir Path dir) throws Exception {
    AuditRow under = Audit.run(testMechanism(1, 0.01), SMALL, dir);
    AuditRow honest = Audit.run(testMechanism(1, 1), SMALL, dir);
    assertTrue(under.epsilonFailed(), under.summary());
    assertFalse(honest.epsilonFailed(), honest.summary());
    assertFalse(honest.sensitivityFailed(), honest.summary());
    // The true Δ = 1 is reached by removing a row whose mass lies in the first k coordinates.
    assertTrue(honest.sensitivityRatio() > 0.95, honest.summary());
  }

  @Test
  void run_understatedDelta_reportedAsFailedSensitivityClaim(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(testMechanism(0.5, 1), SMALL, dir);
    assertTrue(r.sensitivityFailed(), r.summary());
    assertTrue(r.sensitivityRatio() > 1.9, r.summary());
    assertTrue(r.verdict().startsWith("FAILED"), r.summary());
  }

  @Test
  void replay_savedPair_reproducesTheRatio(@TempDir Path dir) throws Exception {
    AuditRow r = Audit.run(Targets.of("private-rp", SMALL).get(0), SMALL, dir);
    String line = Audit.replay(dir.resolve(r.pairFile()));
    assertTrue(line.contains(String.format(java.util.Locale.ROOT, "ratio %.6f", r.sensitivityRatio())), line);
    assertTrue(r.sensitivityRatio() <= 1 && r.sensitivityRatio() > 0.9, r.summary());
  }

  @Test
  void of_multiStageMechanisms_everyStageOrTheAuditedOneNamed() {
    List<AuditTarget> v1 = Targets.of("privatemail-v1", SMALL);
    assertEquals(List.of("Laplace iteration 1 of 2", "Laplace iteration 2 of 2"),
        v1.stream().map(AuditTarget::stageName).toList());
    AuditTarget pca = Targets.of("private-pca", SMALL).get(0);
    String note = pca.stage(pca.randomData(new SplittableRandom(1))).note();
    assertTrue(note.contains("subspace stage is not audited"), note);
  }

  @Test
  void write_read_roundTrips(@TempDir Path dir) throws Exception {
    AuditRow row = new AuditRow("privatemail", "CLASSIC", "noisy SMLQ step", "standard", 0.1, 1e-5, 2.5e-7, 1.25e-7,
        0.01, 0.05, 4000, "row 3 removed (zero row, label 4)", "pairs/x.pair", "a \"quoted\", note");
    AuditResults.write(dir.resolve(AuditResults.FILE), List.of(row));
    List<AuditRow> back = AuditResults.read(dir.resolve(AuditResults.FILE));
    assertEquals(1, back.size());
    assertEquals(row.note(), back.get(0).note());
    assertEquals(row.stage(), back.get(0).stage());
    assertEquals(row.pair(), back.get(0).pair());
    assertEquals(0.5, back.get(0).sensitivityRatio(), 1e-6);
    assertEquals(List.of(), AuditResults.forMechanisms(back, List.of("private-rp")));
  }

  @Test
  void unitRow_isUnitNorm() {
    double[] x = AuditData.unitRow(7, new SplittableRandom(Seeds.derive(1, "t")));
    assertEquals(1, Math.sqrt(java.util.Arrays.stream(x).map(v -> v * v).sum()), 1e-6);
  }
}

package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.Seeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
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
  private static final AuditSettings SMALL = AuditSettings.defaults(5, Preset.PAPER).withTrials(4_000);
  private static final AuditSettings CORRECTED = AuditSettings.defaults(5, Preset.CORRECTED);

  /**
   * Runs (or resumes) the audit of {@code mechanisms} into {@code dir} through the run pipeline, as
   * {@code pmbench audit} does; returns its table.
   */
  static List<AuditRow> audit(Path dir, AuditSettings s, List<String> mechanisms, boolean fresh,
      java.util.function.Consumer<AuditRow> each) throws java.io.IOException {
    AuditFolder folder = new AuditFolder(dir, s, mechanisms, fresh, each);
    new io.pmbench.experiments.orchestration.RunPipeline(io.pmbench.experiments.orchestration.RunPipeline.Options
        .local(), new java.io.PrintWriter(java.io.Writer.nullWriter())).run(folder);
    return folder.rows();
  }

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
    assertTrue(under.fdp().orElseThrow().epsilonLower() > SMALL.epsilon(), under.summary());
    // CLASSIC at epsilon = 0.1 is loose (true epsilon about 0.06), so neither bound comes near the claim.
    assertFalse(honest.epsilonFailed(), honest.summary());
    assertFalse(honest.sensitivityFailed(), honest.summary());
    // The true Δ = 1 is reached by removing a row whose mass lies in the first k coordinates.
    assertTrue(honest.sensitivityRatio() > 0.95, honest.summary());
  }

  @Test
  void run_identicalPair_bothBoundsExactlyZero() {
    // D = D': the Gaussian statistic <x - f, f' - f> is 0 on every run, a score that carries no signal; both
    // bounds must be exactly 0 (deterministic: every run under D is below the threshold 0, every run under D'
    // at it). Fails if a bound turns an empty test into a positive epsilon.
    AuditTarget t = testMechanism(1, 1);
    AuditData d = t.randomData(new SplittableRandom(2));
    EpsilonAudit.Bounds b = EpsilonAudit.run(t, new NeighbourPair(d, d, "identical"), 1_000, new SplittableRandom(3));
    assertEquals(0.0, b.clopperPearson().lowerBound(), b.toString());
    assertEquals(0.0, b.fdp().epsilonLower(), b.toString());
    assertEquals(FdpCurve.GAUSSIAN_DP, b.fdp().curve());
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
    assertTrue(line.contains(String.format(Locale.ROOT, "ratio %.6f", r.sensitivityRatio())), line);
    assertTrue(r.sensitivityRatio() <= 1 && r.sensitivityRatio() > 0.9, r.summary());
  }

  @Test
  void run_correctedPreset_privateRpAuditedUnderAnalyticWithSecureSampler(@TempDir Path dir) throws Exception {
    // Fails if the audit ignores the preset (paper: CLASSIC at epsilon = 0.1, standard sampler) or if
    // ANALYTIC noise drawn by the secure sampler is caught above its claim (a wrong calibration or a
    // sampler that loses the grid's sensitivity allowance); 2,000 runs per side, false failure <= 5%.
    AuditSettings corrected = CORRECTED.withTrials(2_000);
    List<AuditTarget> rp = Targets.of("private-rp", corrected);
    assertEquals(List.of("ANALYTIC"), rp.stream().map(AuditTarget::calibration).distinct().toList());
    assertEquals(NoiseCalibration.ANALYTIC, rp.get(0).params().calibration());
    assertEquals(NoiseSampler.SECURE, rp.get(0).params().noiseSampler());
    AuditRow r = Audit.run(rp.get(0), corrected, dir);
    assertEquals("secure", r.sampler(), r.summary());
    assertEquals("ANALYTIC", r.calibration(), r.summary());
    assertFalse(r.epsilonFailed(), r.summary());
    assertFalse(r.sensitivityFailed(), r.summary());
  }

  @Test
  void of_presetAndEpsilon_calibrationFollowsThePresetRule() {
    AuditSettings paperHigh = SMALL.withPrivacy(2, 1e-5);
    assertEquals("CLASSIC", Targets.of("private-rp", SMALL).get(0).calibration());
    assertEquals("ANALYTIC", Targets.of("private-rp", paperHigh).get(0).calibration());
    assertEquals(List.of("ANALYTIC", "OFFICIAL_CODE"), Targets.of("privatemail", paperHigh).stream()
        .map(AuditTarget::calibration).distinct().toList(), "CLASSIC is not valid at epsilon >= 1");
    AuditSettings official = AuditSettings.defaults(5, Preset.OFFICIAL_CODE);
    assertEquals("OFFICIAL_CODE", Targets.of("private-rp", official).get(0).calibration());
    assertEquals(NoiseSampler.STANDARD, Targets.of("private-rp", official).get(0).params().noiseSampler());
    assertEquals("ANALYTIC", Targets.of("dp-dsne", CORRECTED.withPrivacy(2, 1e-5)).get(0).calibration());
  }

  @Test
  void replay_correctedPair_reproducesTheRatioUnderThePreset(@TempDir Path dir) throws Exception {
    AuditSettings corrected = CORRECTED.withTrials(100);
    AuditRow r = Audit.run(Targets.of("private-rp", corrected).get(0), corrected, dir);
    Path pair = dir.resolve(r.pairFile());
    assertTrue(Files.readAllLines(pair).containsAll(List.of("preset=corrected", "sampler=secure")));
    String line = Audit.replay(pair);
    assertTrue(line.startsWith("private-rp ANALYTIC (preset corrected, secure sampler)"), line);
    assertTrue(line.contains(String.format(Locale.ROOT, "ratio %.6f", r.sensitivityRatio())), line);
  }

  @Test
  void run_changedPreset_refusedUnlessFresh(@TempDir Path dir) throws Exception {
    AuditSettings paper = SMALL.withTrials(100);
    AuditSettings corrected = CORRECTED.withTrials(100);
    List<String> rp = List.of("private-rp");
    audit(dir, paper, rp, false, r -> { });
    String stored = Files.readString(dir.resolve(AuditFolder.SETTINGS));
    assertTrue(stored.contains("--preset paper --noise-sampler standard"), stored);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> audit(dir, corrected, rp, false, r -> { }));
    assertTrue(e.getMessage().contains("holds an audit with other settings"), e.getMessage());
    assertEquals(stored, Files.readString(dir.resolve(AuditFolder.SETTINGS)), "refusal writes nothing");
    List<AuditRow> fresh = audit(dir, corrected, rp, true, r -> { });
    assertEquals("ANALYTIC", fresh.get(0).calibration());
    List<AuditRow> reused = audit(dir, corrected, rp, false,
        r -> fail("same settings must reuse the stored audit"));
    assertEquals(fresh.get(0).calibration(), reused.get(0).calibration());
  }

  @Test
  void run_otherMechanismsSameSettings_keepsAuditedRowsAuditsOnlyTheNewOnes(@TempDir Path dir)
      throws Exception {
    AuditSettings s = SMALL.withTrials(100);
    audit(dir, s, List.of("private-rp"), false, r -> { });
    List<AuditRow> rp = AuditResults.read(dir.resolve(AuditResults.FILE));
    List<String> order = List.of("public-pca", "private-rp");
    audit(dir.resolve("oneGo"), s, order, false, r -> { });
    List<String> audited = new ArrayList<>();
    List<AuditRow> both = audit(dir, s, order, false, r -> audited.add(r.mechanism()));
    assertEquals(List.of("public-pca"), audited.stream().distinct().toList(), "only the new mechanism is audited");
    assertEquals(rp, both.subList(both.size() - rp.size(), both.size()), "the kept rows are the stored ones");
    assertEquals(Files.readString(dir.resolve("oneGo").resolve(AuditResults.FILE)),
        Files.readString(dir.resolve(AuditResults.FILE)), "the same table as one audit of both");
    assertTrue(Files.readString(dir.resolve(AuditFolder.SETTINGS)).contains("mechanisms=public-pca,private-rp"));
    List<AuditRow> alone = both.subList(0, both.size() - rp.size());

    Path rpPair = dir.resolve(rp.get(0).pairFile());
    assertTrue(Files.exists(rpPair));
    List<AuditRow> dropped = audit(dir, s, List.of("public-pca"), false,
        r -> fail("every asked-for mechanism is stored"));
    assertEquals(alone.size(), dropped.size());
    assertEquals(alone.get(0).pairFile(), dropped.get(0).pairFile());
    assertTrue(Files.exists(rpPair), "the cell of a mechanism no longer asked for stays, with its pair");
    assertFalse(Files.readString(dir.resolve(AuditResults.FILE)).contains("private-rp"), "but not in the table");
  }

  @Test
  void run_killedAfterOneMechanism_resumesOnlyTheMissingCellAndVerifies(@TempDir Path dir) throws Exception {
    AuditSettings s = SMALL.withTrials(100);
    List<String> order = List.of("public-pca", "private-rp");
    audit(dir, s, order, false, r -> { });
    String table = Files.readString(dir.resolve(AuditResults.FILE));
    // a kill after the first cell: the second cell's file never reached its place
    Files.delete(dir.resolve("cells").resolve("audit-private-rp.json"));
    List<String> audited = new ArrayList<>();
    audit(dir, s, order, false, r -> audited.add(r.mechanism()));
    assertEquals(List.of("private-rp"), audited.stream().distinct().toList(), "the finished cell is not recomputed");
    assertEquals(table, Files.readString(dir.resolve(AuditResults.FILE)), "the resumed table is the one-go table");
    assertEquals(2, io.pmbench.experiments.sweep.InvocationLog.read(dir).invocations().size(),
        "both invocations are logged, as for any run of the pipeline");
    assertTrue(io.pmbench.experiments.sweep.RunCheck.of(dir).verified(), io.pmbench.experiments.sweep.RunCheck.of(dir)
        .summary());

    Files.writeString(dir.resolve(AuditResults.FILE), table.replace("private-rp", "private-RP"));
    var tampered = io.pmbench.experiments.sweep.RunCheck.of(dir);
    assertEquals(List.of("audit.csv: modified (its SHA-256 differs from the one run.json lists)"), tampered.problems());

    audited.clear();
    audit(dir, s, order, true, r -> audited.add(r.mechanism()));
    assertEquals(order, audited.stream().distinct().toList(), "--fresh recomputes every cell");
    assertEquals(table, Files.readString(dir.resolve(AuditResults.FILE)));
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
  void run_rowsComputedAtOnce_sameBitsAsOneAtATime(@TempDir Path dir) throws Exception {
    // Audit.run computes a mechanism's rows on several threads; every row draws from its own streams, so
    // the table must be the one the rows give computed one after another, in target order (privatemail-v1:
    // two stages, four rows). Fails if a row shared a stream with another, if the client side kept per-call
    // state between threads, or if the rows came back in completion order.
    AuditSettings s = SMALL.withTrials(1_000);
    List<AuditRow> sequential = new ArrayList<>();
    for (AuditTarget t : Targets.of("privatemail-v1", s)) {
      sequential.add(Audit.run(t, s, dir.resolve("one")));
      sequential.add(Audit.atClaimedDelta(t, s));
    }
    List<AuditRow> atOnce = Audit.run("privatemail-v1", s, dir.resolve("one"));
    assertEquals(4, atOnce.size());
    assertEquals(AuditResults.lines(sequential), AuditResults.lines(atOnce));
  }

  @Test
  void inParallel_laterTaskEndsFirst_resultsInTaskOrder() throws Exception {
    // Task 0 waits until task 1 has ended, so on two threads the results arrive in reverse order.
    CountDownLatch second = new CountDownLatch(1);
    List<String> out = Audit.inParallel(List.of(() -> {
      second.await();
      return "first";
    }, () -> {
      second.countDown();
      return "second";
    }), 2);
    assertEquals(List.of("first", "second"), out);
  }

  @Test
  void inParallel_failingTasks_firstFailureInTaskOrderRethrownAsThrown() {
    IOException io = new IOException("pairs/x.pair: disk full");
    IllegalArgumentException bad = new IllegalArgumentException("stage must be one of a. Provided value: b");
    List<Callable<String>> tasks = List.of(() -> "ok", () -> {
      throw io;
    }, () -> {
      throw bad;
    });
    assertEquals(io, assertThrows(IOException.class, () -> Audit.inParallel(tasks, 2)));
    assertEquals(bad, assertThrows(IllegalArgumentException.class,
        () -> Audit.inParallel(List.of(tasks.get(0), tasks.get(2), tasks.get(1)), 1)));
  }

  @Test
  void unitRow_isUnitNorm() {
    double[] x = AuditData.unitRow(7, new SplittableRandom(Seeds.derive(1, "t")));
    assertEquals(1, Math.sqrt(java.util.Arrays.stream(x).map(v -> v * v).sum()), 1e-6);
  }
}

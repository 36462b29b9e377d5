package io.pmbench.experiments.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.datasets.synthetic.SyntheticConfig;
import io.pmbench.datasets.synthetic.SyntheticFeatures;
import io.pmbench.experiments.attack.AttackRow.Release;
import io.pmbench.experiments.figures.ClaimRow;
import io.pmbench.reports.Interval;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dummies attack on small synthetic data (5 balanced classes, so m = 5 private rows and C = 5). */
class DummiesAttackTest {
  private static final FeatureSet DATA = SyntheticFeatures.generate(
      SyntheticConfig.parse("n=300,d=16,classes=5,spread=0.3,seed=3"));
  private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

  private static List<AttackRow> attack(String mechanism, int queries, List<Long> seeds) {
    ProtocolRunner runner = new ProtocolRunner(DATA, new ProtocolConfig(60, queries, true, new int[] {1}));
    EmbeddingMechanism m = REGISTRY.get(mechanism);
    return new DummiesAttack(runner, "paper").run(List.of(m), DummiesAttackTest::params, List.of(0.5), seeds,
        new PrintWriter(Writer.nullWriter()));
  }

  private static MechanismParams params(double eps) {
    return Preset.PAPER.builder(DATA.defaults().sigma(), DATA.defaults().alpha()).k(2).build(eps, 1e-5);
  }

  private static AttackRow row(List<AttackRow> rows, Release release) {
    return rows.stream().filter(r -> r.release() == release).findFirst().orElseThrow();
  }

  @Test
  void run_asReleased_identifiesRowZeroExactly() {
    // the protocol puts r at row 0 and the server reads it there; fails if the attack's release
    // order or its bookkeeping of r's row is wrong
    AttackRow r = row(attack("privatemail", 40, List.of(1L, 2L)), Release.PROTOCOL);
    assertEquals(new Interval(1, 1, 1), r.identify());
    assertEquals(5, r.privateRows(), 1e-12);
    assertEquals(0.2, r.identifyChance(), 1e-12);
    assertEquals(0.2, r.classChance(), 1e-12);
  }

  @Test
  void run_featuresShuffled_twinAttackFindsRAndItsClass() {
    // features releases the rows themselves: a dummy equals its twin (distance 0) and r has none,
    // so the twin test must find r every time and the uncovered public class is r's. Fails if the
    // shuffle moves public rows, if the twins are sought in the wrong space, or if the guess is
    // not the row farthest from its twin.
    AttackRow r = row(attack("features", 40, List.of(1L, 2L)), Release.SHUFFLED);
    assertEquals(1.0, r.identify().mean(), 0);
    assertEquals(1.0, r.classCombined().mean(), 0);
  }

  @Test
  void run_randomShuffled_identifiesAtChance() {
    // random releases iid rows, so every private row is equally likely to be the farthest from its
    // twin: P(guess = r) = 1/m = 0.2 exactly. 3 seeds x 300 queries: sd = sqrt(0.2*0.8/900) = 0.0133;
    // tolerance 5 sd = 0.067 (false failure < 1e-6 under independence). Fails if r's position
    // after the shuffle is not uniform or leaks into the guess.
    AttackRow r = row(attack("random", 300, List.of(1L, 2L, 3L)), Release.SHUFFLED);
    assertEquals(0.2, r.identify().mean(), 0.067, r.toString());
    // the nearest gallery label of a data-independent point is r's class with probability 1/C
    assertEquals(0.2, r.classNearest().mean(), 0.067, r.toString());
    assertTrue(r.identify().low() < 0.2 && r.identify().high() > 0.2, r.toString());
  }

  @Test
  void run_sameSeedTwice_sameRows() {
    // fails if any randomness escapes the seed (unseeded shuffle, thread-order dependence)
    assertEquals(attack("privatemail", 30, List.of(4L)), attack("privatemail", 30, List.of(4L)));
  }

  @Test
  void constructor_noDummies_throws() {
    ProtocolRunner runner = new ProtocolRunner(DATA, new ProtocolConfig(60, 10, false, new int[] {1}));
    assertThrows(IllegalArgumentException.class, () -> new DummiesAttack(runner, "paper"));
  }

  @Test
  void permuted_keepsPublicRowsAndMovesLabelsWithRows() {
    ProtocolRunner runner = new ProtocolRunner(DATA, new ProtocolConfig(60, 10, true, new int[] {1}));
    ProtocolRunner.SeedContext ctx = runner.context(1);
    var d = runner.clientData(ctx, ctx.queries()[0]);
    int[] order = {2, 0, 4, 1, 3};
    var p = DummiesAttack.permuted(d, order);
    for (int i = 0; i < d.size(); i++) {
      int from = i < order.length ? order[i] : i;
      assertEquals(d.labels()[from], p.labels()[i]);
      assertEquals(java.util.Arrays.toString(d.rows().row(from)), java.util.Arrays.toString(p.rows().row(i)));
    }
  }

  private static AttackRow judged(String mechanism, Release release, double eps, double mean, double low,
      double high) {
    Interval i = new Interval(mean, low, high);
    return new AttackRow("synthetic:n=300,classes=\"10\"", "paper", mechanism, eps, true, release, List.of(1L, 2L), 100, 10, 10, 0.1,
        new Interval(0.5, 0.4, 0.6), 0.1, i, i);
  }

  @Test
  void claimRow_intervalAboveChancePlusMargin_notReproduced() {
    var row = io.pmbench.experiments.figures.DummiesClaim.row(List.of(judged("privatemail", Release.SHUFFLED, 0.1, 0.3, 0.25, 0.35)));
    assertEquals(ClaimRow.NOT_REPRODUCED, row.verdict(), row.evidence());
    assertEquals(DummiesAttack.CLAIM_ID, row.id());
  }

  @Test
  void claimRow_intervalInsideChanceMargin_reproduced() {
    var row = io.pmbench.experiments.figures.DummiesClaim.row(List.of(judged("privatemail", Release.SHUFFLED, 0.1, 0.1, 0.085, 0.115),
        judged("privatemail", Release.PROTOCOL, 0.1, 0.9, 0.85, 0.95)));
    assertEquals(ClaimRow.REPRODUCED, row.verdict(), row.evidence());
    assertTrue(row.evidence().contains("as the protocol releases it"), row.evidence());
  }

  @Test
  void claimRow_asReleasedAlsoAtChance_saysTheEmbeddingHidesTheClass() {
    // r at row 0 and still no class: the verdict must not be read as evidence for the dummies
    var row = io.pmbench.experiments.figures.DummiesClaim.row(List.of(judged("privatemail", Release.SHUFFLED, 0.1, 0.1, 0.085, 0.115),
        judged("privatemail", Release.PROTOCOL, 0.1, 0.1, 0.09, 0.11)));
    assertEquals(ClaimRow.REPRODUCED, row.verdict(), row.evidence());
    assertTrue(row.evidence().contains("the embedding itself hides r's class"), row.evidence());
  }

  @Test
  void claimRow_intervalStraddlingMargin_undecided() {
    var row = io.pmbench.experiments.figures.DummiesClaim.row(List.of(judged("privatemail", Release.SHUFFLED, 0.1, 0.11, 0.05, 0.17)));
    assertEquals(DummiesAttack.UNDECIDED, row.verdict(), row.evidence());
  }

  @Test
  void claimRow_onlyOtherMechanismsOrEpsilons_cannotTest() {
    var row = io.pmbench.experiments.figures.DummiesClaim.row(List.of(judged("label-only", Release.SHUFFLED, 0.1, 0.5, 0.4, 0.6),
        judged("privatemail", Release.SHUFFLED, 1, 0.5, 0.4, 0.6),
        judged("privatemail", Release.PROTOCOL, 0.1, 0.5, 0.4, 0.6)));
    assertEquals(ClaimRow.CANNOT_TEST, row.verdict(), row.evidence());
  }

  @Test
  void claimRow_fromCsv_sameAsInMemory(@TempDir Path tmp) throws Exception {
    // the data set's name holds commas and quotes (a synthetic: spec), so it must be quoted
    List<AttackRow> rows = List.of(judged("privatemail", Release.SHUFFLED, 0.1, 0.3, 0.25, 0.35),
        judged("random", Release.PROTOCOL, 0.1, 0.1, 0.05, 0.15));
    StringWriter w = new StringWriter();
    AttackRow.writeCsv(rows, w);
    Path csv = tmp.resolve("attack.csv");
    Files.writeString(csv, w.toString());
    assertEquals(rows, AttackRow.readCsv(csv));
    assertEquals(io.pmbench.experiments.figures.DummiesClaim.row(rows), io.pmbench.experiments.figures.DummiesClaim.row(csv));
  }
}

package io.pmbench.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins {@link MechanismParams#describe()} and its {@link CellRecord#paramsDigest} for representative
 * configurations to the values stored runs carry: a refactoring of the parameter model that changed
 * a key, a number's form or an omitted default would change the digest, and every stored cell made
 * with those settings would be recomputed instead of resumed.
 */
class ParamsDigestPinTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

  @Test
  void describe_paperAtEpsilonTenth_equalsStoredOmniglotCell() throws IOException {
    MechanismParams p = Preset.PAPER.builder(5, 0.5).build(0.1, 1e-5);

    CellRecord stored = storedCell("results/omniglot/paper/fig6", "privatemail", 0.1);

    assertEquals(stored.paramsDigest(), CellRecord.paramsDigest(p.describe()));
  }

  @Test
  void describe_officialCodeAtEpsilonTenth_equalsStoredOmniglotCell() throws IOException {
    MechanismParams p = Preset.OFFICIAL_CODE.builder(5, 0.5).build(0.1, 1e-5);

    CellRecord stored = storedCell("results/omniglot/official-code/fig6", "dp-dsne-official", 0.1);

    assertEquals(stored.paramsDigest(), CellRecord.paramsDigest(p.describe()));
  }

  @Test
  void presetDescribe_paperAndOfficialCode_equalsStoredRunConfigurations() throws IOException {
    assertStoredConfig("results/omniglot/paper/fig6", Preset.PAPER.builder(5, 0.5));
    assertStoredConfig("results/omniglot/official-code/fig6", Preset.OFFICIAL_CODE.builder(5, 0.5));
  }

  @Test
  void paramsDigest_pinnedConfigurations_keepTodaysValues() {
    Map<String, String> expected = Map.of(
        "paper", "c5608164cb1931a92d02ba85b72991f9039948c3173453352d66e07b31267643",
        "official-code", "e238702310d99ae7247c1263c69d06770b8f426d14c97b764d5182fc3209832a",
        "corrected", "5acfdf3d9f4bc53f65a6a6316bd4eee6ee2f5113a37dadacff27431d1b41bbfc",
        "paper-options", "bde61972ca831083c5605b49714b870099735e9e2c149b16f42b773a7f591bbf");

    Map<String, String> actual = Map.of(
        "paper", CellRecord.paramsDigest(Preset.PAPER.builder(6, 0.6).build(2, 1e-5).describe()),
        "official-code", CellRecord.paramsDigest(Preset.OFFICIAL_CODE.builder(5, 0.5).iterations(7)
            .build(0.5, 1e-5).describe()),
        "corrected", CellRecord.paramsDigest(Preset.CORRECTED.builder(5, 0.5).build(1, 1e-6).describe()),
        "paper-options", CellRecord.paramsDigest(Preset.PAPER.builder(5, 0.5).k(3)
            .options(Map.of("method", "PPCA", "noiseSampler", "secure")).build(0.4, 1e-5).describe()));

    assertEquals(expected, actual);
  }

  /** The two parameter sets the run's configuration fingerprint covers, as {@code run.json} stores them. */
  private static void assertStoredConfig(String run, Preset.Builder b) throws IOException {
    JsonNode config = JSON.readTree(ROOT.resolve(run).resolve("run.json").toFile()).path("config");

    assertEquals(config.path("paramsBelowEpsilonOne"), JSON.valueToTree(b.describe(1e-5, false)), run);
    assertEquals(config.path("paramsAtEpsilonOneAndAbove"), JSON.valueToTree(b.describe(1e-5, true)), run);
  }

  private static CellRecord storedCell(String run, String mechanism, double epsilon) throws IOException {
    return CellStore.read(ROOT.resolve(run)).all().stream()
        .filter(c -> c.key().mechanism().equals(mechanism) && c.key().epsilon() == epsilon && c.key().seed() == 1)
        .findFirst().orElseThrow(() -> new AssertionError("no stored cell " + mechanism + " at ε " + epsilon
            + ", seed 1 in " + run));
  }
}

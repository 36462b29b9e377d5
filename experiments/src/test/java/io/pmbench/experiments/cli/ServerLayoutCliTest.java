package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.orchestration.ServerLayoutDefault;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.runs.GitInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The server layout chosen by gallery size, seen from the command line: stored runs keep their
 * fingerprints, a large gallery's run says knn on the console, in run.json and in provenance.json.
 */
class ServerLayoutCliTest {
  private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
  private static final GitInfo GIT = new GitInfo("unknown", true);

  private static GridSetup setup(String... args) {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs(args);
    FeatureSet data = DatasetRegistry.standard().load(run.grid.dataset);
    return run.grid.setup("run", "", REGISTRY, data, GIT, List.of(REGISTRY.get("smlq")));
  }

  private static Path repositoryRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("results")) && Files.exists(p.resolve("pom.xml"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
  }

  @Test
  void storedRun_fashionMnistDefaults_fingerprintUnchanged() throws IOException {
    // fails if the layout rule (or anything else) changed the configuration of a default
    // fashion-mnist run: results/fashion-mnist would no longer resume, nor its folder tag match
    JsonNode stored = new ObjectMapper().readTree(repositoryRoot().resolve("results/fashion-mnist/run.json").toFile());
    GridSetup s = setup("--dataset", "fashion-mnist");
    assertEquals(stored.path("fingerprint").asText(), Manifest.of("claims", s.config(Map.of()), Map.of(), "")
        .fingerprint());
    assertEquals(Map.of(), s.params(0.5).options());
  }

  @Test
  void setup_galleryAtTheThreshold_exactServerAndNoOption() {
    GridSetup s = setup("--dataset", "synthetic:train=100,test=" + ServerLayoutDefault.KNN_ABOVE_GALLERY_ROWS
        + ",d=2,classes=2,spread=0.3,split=row,seed=3");
    assertEquals(Map.of(), s.params(0.5).options());
  }

  /** About 5 s on a quiet machine (the k-NN sweep over 20,101 rows), 22 s under a load of 28: {@code mvn -Pslow}. */
  @Tag("slow")
  @Test
  void run_galleryAboveTheThreshold_saysKnnOnTheConsoleInRunJsonAndProvenance(@TempDir Path tmp) throws IOException {
    Path out = tmp.resolve("large");
    RunCommandTest.Outcome o = RunCommandTest.execute("run", "--dataset", "synthetic:train=300,test="
        + (ServerLayoutDefault.KNN_ABOVE_GALLERY_ROWS + 1) + ",d=4,classes=5,spread=0.3,split=row,seed=3",
        "--mechanisms", "smlq", "--seeds", "1", "--queries", "2", "--public", "100", "--out", out.toString());
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("pmbench run: server layout knn (approximate k-NN graph, serverNeighbours=32 unless "
        + "given) chosen for smlq: the gallery has 20,001 rows, more than 20,000"), o.err());
    JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
    assertEquals("knn", run.path("config").path("paramsBelowEpsilonOne").path("options").path("server").asText());
    JsonNode prov = new ObjectMapper().readTree(out.resolve("provenance.json").toFile());
    assertTrue(prov.path("config").path("serverLayout").asText().startsWith("server layout knn"), prov.toString());
    assertEquals("knn", prov.path("config").path("mechanismOptions").path("smlq").path("server").asText());
    assertFalse(o.err().contains("Exception"), o.err());
  }
}

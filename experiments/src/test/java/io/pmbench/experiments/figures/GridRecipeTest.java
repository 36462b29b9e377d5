package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.GalleryIndexKind;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.experiments.orchestration.Experiment;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.Sweep;
import io.pmbench.runs.GitInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A grid travels to another process as one serialised value (what the Spark engine ships): after
 * a round trip through Java serialisation it rebuilds the driver's very tasks, and a worker whose
 * configuration differs refuses. If this failed, a worker would compute cells of another
 * configuration, or need the command line again.
 */
class GridRecipeTest {
  private static final String COMMIT = "a".repeat(40);
  private static final FeatureSet DATA = DatasetRegistry.standard().load(FiguresCliTest.DATA);

  private static GridSetup setup() {
    Preset paper = Preset.parse("paper");
    return new GridSetup(FiguresCliTest.DATA, DATA, paper, paper.builder(6, 0.6).options(Map.of("method", "PPCA")),
        1e-5, new ProtocolConfig(60, 30, true, new int[] {1, 8}, GalleryIndexKind.EXACT, LabelNumbering.JOINT),
        List.of(1L, 2L), MechanismRegistry.discover(), Path.of("unused"), 1, false, "test", new GitInfo(COMMIT, false));
  }

  private static GridRecipe roundTrip(GridRecipe r) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(r);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (GridRecipe) in.readObject();
    }
  }

  @Test
  void tasks_afterSerialisation_theDriversCellsUnderItsFingerprint() throws Exception {
    GridSetup s = setup();
    Experiment e = new Fig6(List.of("random", "private-pca", "features"), List.of(0.5, 2.0), false);
    String fingerprint = Manifest.of(e.name(), s.config(e.config(s)), e.grid(s), "").fingerprint();
    GridRecipe shipped = roundTrip(GridRecipe.of(s, e, fingerprint));
    assertEquals(GridRecipe.of(s, e, fingerprint).plan(), shipped.plan(), "the plan is a value");
    List<Sweep.Task> driver = e.tasks(s, new io.pmbench.experiments.sweep.Cells(fingerprint, "paper", COMMIT, true));
    List<Sweep.Task> worker = shipped.tasks(DATA, MechanismRegistry.discover());
    assertEquals(driver.stream().map(Sweep.Task::key).toList(), worker.stream().map(Sweep.Task::key).toList());
    assertTrue(worker.size() > 0);
  }

  @Test
  void tasks_otherConfigurationOnTheWorker_refused() throws Exception {
    GridSetup s = setup();
    Experiment e = new Fig6(List.of("random"), List.of(0.5), false);
    GridRecipe stale = GridRecipe.of(s, e, "0".repeat(64));
    IllegalStateException x = assertThrows(IllegalStateException.class,
        () -> roundTrip(stale).tasks(DATA, MechanismRegistry.discover()));
    assertTrue(x.getMessage().contains("not the driver's"), x.getMessage());
  }
}

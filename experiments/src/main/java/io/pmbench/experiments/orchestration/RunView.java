package io.pmbench.experiments.orchestration;

import com.fasterxml.jackson.databind.JsonNode;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.Manifest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A finished (or partly finished) run as the report sees it: the manifest, the stored cells and
 * the provenance of the last invocation, if it was written.
 *
 * @param dir the run directory
 * @param manifest its run.json
 * @param cells the stored cells by key
 * @param provenance provenance.json, or a missing node
 */
public record RunView(Path dir, Manifest manifest, Map<CellKey, CellRecord> cells, JsonNode provenance) {
  public RunView {
    cells = new TreeMap<>(cells);
  }

  /**
   * This view restricted to the grid of the command that last wrote the directory (run.json's
   * grid): a cell of a mechanism or seed that grid does not list, or (for the mechanism × ε grids
   * of {@code run}, {@code fig6} and {@code ids}) of an ε it does not list, stays on disk, to be
   * reused when asked for again, but is left out of the tables, figures and reports.
   */
  public RunView inLastGrid() {
    Map<CellKey, CellRecord> kept = new TreeMap<>();
    cells.forEach((k, c) -> {
      if (inLastGrid(k)) {
        kept.put(k, c);
      }
    });
    return new RunView(dir, manifest, kept, provenance);
  }

  private boolean inLastGrid(CellKey k) {
    if (!grid("seeds").isMissingNode() && !seeds().contains(k.seed())) {
      return false;
    }
    if (grid("mechanisms").isMissingNode()) {
      return true;
    }
    if (!gridStrings("mechanisms").contains(k.mechanism())) {
      return false;
    }
    if (grid("epsilons").isMissingNode() || !k.variant().isEmpty()) {
      return true;
    }
    if (gridStrings("epsilonFree").contains(k.mechanism())) {
      JsonNode reference = grid("referenceEpsilon");
      return k.epsilon() == (reference.isMissingNode() ? gridNumbers("epsilons").get(0) : reference.asDouble());
    }
    return gridNumbers("epsilons").contains(k.epsilon());
  }

  /** The grid entry {@code name} of run.json. */
  public JsonNode grid(String name) {
    return manifest.grid().path(name);
  }

  /** A list of strings from the grid. */
  public List<String> gridStrings(String name) {
    List<String> out = new ArrayList<>();
    grid(name).forEach(n -> out.add(n.asText()));
    return out;
  }

  /** A list of numbers from the grid. */
  public List<Double> gridNumbers(String name) {
    List<Double> out = new ArrayList<>();
    grid(name).forEach(n -> out.add(n.asDouble()));
    return out;
  }

  /** The seeds of the grid. */
  public List<Long> seeds() {
    List<Long> out = new ArrayList<>();
    grid("seeds").forEach(n -> out.add(n.asLong()));
    return out;
  }

  /** The data-set name. */
  public String dataset() {
    return manifest.config().path("datasetName").asText();
  }

  /** The preset's CLI name. */
  public String preset() {
    return manifest.config().path("preset").asText();
  }

  /** The cell of a key, if stored. */
  public Optional<CellRecord> cell(CellKey key) {
    return Optional.ofNullable(cells.get(key));
  }

  /**
   * The cells of (mechanism, ε) over the grid's seeds, variant "", as {@code run} and {@code fig6}
   * store them ({@link io.pmbench.experiments.orchestration.EpsilonGrid}): an ε-independent
   * mechanism's (grid entry {@code epsilonFree}) at the one ε it ran at, the grid's
   * {@code referenceEpsilon} when it records one (fig6), else its first ε (run).
   */
  public List<CellRecord> cellsAt(String mechanism, double epsilon) {
    if (!gridStrings("epsilonFree").contains(mechanism)) {
      return overSeeds(mechanism, "", epsilon);
    }
    JsonNode reference = grid("referenceEpsilon");
    return overSeeds(mechanism, "", reference.isMissingNode() ? gridNumbers("epsilons").get(0) : reference.asDouble());
  }

  /** The cells of a key pattern over the grid's seeds (missing ones left out). */
  public List<CellRecord> overSeeds(String mechanism, String variant, double epsilon) {
    List<CellRecord> out = new ArrayList<>();
    for (long seed : seeds()) {
      cell(new CellKey(dataset(), mechanism, variant, epsilon, seed)).ifPresent(out::add);
    }
    return out;
  }
}

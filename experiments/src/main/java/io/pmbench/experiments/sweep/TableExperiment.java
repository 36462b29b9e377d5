package io.pmbench.experiments.sweep;

import io.pmbench.runs.Provenance;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An experiment whose cells are rows of a table rather than query hits ({@code audit},
 * {@code attack-dummies}, {@code filter}), as the run pipeline ({@code orchestration.RunPipeline})
 * runs it into its one-level folder ({@link ResultCells}): the pipeline opens the folder under
 * {@link #manifest}, reuses every cell that verifies, computes the others (appending the
 * invocation to {@code invocations.jsonl}), has the experiment {@link #assemble} its result files
 * from every cell's lines, and writes {@code provenance.json}.
 */
public interface TableExperiment {
  /** The experiment's name: {@code run.json}'s {@code experiment} and the first word of its console lines. */
  String name();

  /** The folder's configuration, grid and command line; the fingerprint decides what may be reused. */
  Manifest manifest();

  /** The output folder. */
  Path out();

  /** Whether the folder's cells and results are discarded first ({@code --fresh}). */
  boolean fresh();

  /** The commit recorded with each invocation. */
  String commit();

  /**
   * The grid of a table experiment over the protocol ({@code attack-dummies}): the pipeline then
   * states its settings and estimates the cost of the cells to compute from their protocol cells
   * ({@link Cell#protocolCells}). Empty by default.
   */
  default Optional<GridSetup> setup() {
    return Optional.empty();
  }

  /** The cells, in table order. */
  List<Cell> cells();

  /** Told when {@code cell} was found finished in the folder and is reused (default: nothing). */
  default void reused(Cell cell) {}

  /**
   * Writes the result files from the cells' lines (in {@link #cells} order) through {@code
   * folder}, which lists each with its SHA-256 in {@code run.json}.
   */
  void assemble(ResultCells folder, List<List<String>> lines) throws IOException;

  /** The configuration entries of {@code provenance.json} (the pipeline adds the cell counts and invocations). */
  Map<String, Object> provenanceConfig();

  /** The provenance of this invocation, ended now, with {@code config}. */
  Provenance provenance(Map<String, ?> config, Instant start);

  /**
   * One cell: its lines are a pure function of the configuration and its name.
   *
   * @param name the cell's name ({@code cells/NAME.json})
   * @param units what its progress counts (queries, runs), for {@code invocations.jsonl}
   * @param protocolCells the protocol cells it runs with their queries, for the cost estimate (empty: none)
   * @param compute computes its lines; may write result files of its own through the folder
   */
  record Cell(String name, long units, Map<CellKey, Long> protocolCells, Compute compute) {
    public Cell {
      protocolCells = Map.copyOf(protocolCells);
    }

    /** A cell that runs no protocol cell. */
    public Cell(String name, long units, Compute compute) {
      this(name, units, Map.of(), compute);
    }
  }

  /** Computes a cell's lines. */
  @FunctionalInterface
  interface Compute {
    List<String> lines(ResultCells folder) throws IOException;
  }
}

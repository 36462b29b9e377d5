package io.pmbench.experiments.cli;

import io.pmbench.datasets.LoadOptions;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --data-dir DIR}: where the files named by data-set descriptors are looked for first
 * (DATASETS.md §6); shared by the grid commands and {@code pmbench datasets}.
 */
public final class DataDirOption {
  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Folder holding your feature files: a descriptor's relative paths are looked for here first "
          + "(e.g. DIR/cub200/features.npz for --dataset cub200), then next to the descriptor.")
  Path dataDir;

  /** The load options these flags give. */
  LoadOptions options() {
    return LoadOptions.dataDir(dataDir);
  }
}

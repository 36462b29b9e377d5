package io.pmbench.datasets;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How to load a data set beyond its spec.
 *
 * @param dataDir where the relative file paths of a data-set descriptor are looked for first
 *     ({@code --data-dir}); without it they resolve against the descriptor's own folder
 */
public record LoadOptions(Optional<Path> dataDir) {
  public LoadOptions {
    Objects.requireNonNull(dataDir, "dataDir");
  }

  /** No data directory. */
  public static LoadOptions none() {
    return new LoadOptions(Optional.empty());
  }

  /** Files under {@code dataDir} ({@code null} for none, as a command-line option gives it). */
  public static LoadOptions dataDir(Path dataDir) {
    return new LoadOptions(Optional.ofNullable(dataDir));
  }
}

package io.pmbench.datasets;

import io.pmbench.core.data.FeatureSet;
import java.util.List;
import java.util.SortedSet;

/** Entry point for loading a data set by name or spec (see {@link DatasetRegistry}). */
public final class Datasets {
  private Datasets() {}

  /**
   * Loads {@code spec} from the {@link DatasetRegistry#standard() standard registry}.
   *
   * @throws IllegalArgumentException for an unknown name or malformed spec
   * @throws io.pmbench.core.data.InvalidDataException for a missing or malformed file (the one
   *     line message names the file and the problem)
   */
  public static FeatureSet load(String spec) {
    return DatasetRegistry.standard().load(spec);
  }

  /** Loads {@code spec} with {@code options} (e.g. the data directory of {@code --data-dir}). */
  public static FeatureSet load(String spec, LoadOptions options) {
    return DatasetRegistry.standard().load(spec, options);
  }

  /** The known names, sorted. */
  public static SortedSet<String> names() {
    return DatasetRegistry.standard().names();
  }

  /** How each known kind of spec is written, sorted by name. */
  public static List<String> usages() {
    return DatasetRegistry.standard().usages();
  }
}

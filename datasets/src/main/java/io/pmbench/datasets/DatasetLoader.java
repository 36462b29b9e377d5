package io.pmbench.datasets;

import io.pmbench.core.data.FeatureSet;

/**
 * Loads one kind of data set from the part of a spec after its name ({@code ""} when the spec
 * is the bare name). Bad arguments throw {@link IllegalArgumentException}; bad files
 * {@link io.pmbench.core.data.InvalidDataException} naming the file.
 */
@FunctionalInterface
public interface DatasetLoader {
  FeatureSet load(String argument);

  /** Loads with {@code options} (a data directory); loaders that read no descriptor ignore them. */
  default FeatureSet load(String argument, LoadOptions options) {
    return load(argument);
  }
}

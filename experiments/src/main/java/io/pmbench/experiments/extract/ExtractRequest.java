package io.pmbench.experiments.extract;

import java.nio.file.Path;
import java.util.Locale;

/**
 * One {@code pmbench features extract} invocation.
 *
 * @param model the network, e.g. {@code squeezenet1.1}
 * @param imagesSpec the {@code --images LAYOUT:PATH} argument (recorded in provenance)
 * @param name the extracted data set's name (a descriptor name: lower-case letters, digits, '-', '_')
 * @param out the folder the data set is written to
 * @param threads worker threads running the network (each runs one image at a time on one core)
 * @param invocation the command line, recorded in provenance
 */
public record ExtractRequest(String model, String imagesSpec, String name, Path out, int threads, String invocation) {
  public ExtractRequest {
    if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new IllegalArgumentException("name must be lower-case letters, digits, '-' or '_'. Provided value: " + name);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be >= 1. Provided value: " + threads);
    }
  }

  /** The extracted set's name: the data set's short name and the model's, e.g. {@code cifar100-squeezenet1-1}. */
  public static String extractedName(String dataset, String model) {
    String base = (dataset + "-" + model).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-")
        .replaceAll("^[-_]+", "");
    return base.isEmpty() ? "features" : base;
  }
}

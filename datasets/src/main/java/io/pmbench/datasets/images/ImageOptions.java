package io.pmbench.datasets.images;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Options of a layout, by name without dashes (e.g. {@code labels=coarse} from {@code --labels
 * coarse}). Each layout says which it takes ({@link #allowOnly}) and reads them with
 * {@link #choice}; an option a layout does not take is an error, never silently ignored.
 */
public record ImageOptions(Map<String, String> values) {
  /** No options. */
  public static final ImageOptions NONE = new ImageOptions(Map.of());

  public ImageOptions {
    values = Map.copyOf(values);
  }

  /** Fails unless every option given is one of {@code keys} (layout {@code layout} takes only those). */
  public void allowOnly(String layout, String... keys) {
    Set<String> allowed = new TreeSet<>(Set.of(keys));
    for (String k : new TreeMap<>(values).keySet()) {
      if (!allowed.contains(k)) {
        throw new IllegalArgumentException("--" + k + " does not apply to layout " + layout + " (it takes "
            + (allowed.isEmpty() ? "no options" : allowed.stream().map(a -> "--" + a).toList()) + ")");
      }
    }
  }

  /** The value of {@code key}, one of {@code allowed}, or {@code fallback} when not given. */
  public String choice(String key, String fallback, String... allowed) {
    String v = values.getOrDefault(key, fallback);
    Set<String> ok = new TreeSet<>(Set.of(allowed));
    if (!ok.contains(v)) {
      throw new IllegalArgumentException("--" + key + " must be one of " + ok + ". Provided value: " + v);
    }
    return v;
  }
}

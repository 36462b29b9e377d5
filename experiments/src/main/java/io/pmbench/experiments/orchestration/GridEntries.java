package io.pmbench.experiments.orchestration;

import java.util.LinkedHashMap;
import java.util.Map;

/** The grid an experiment records in run.json, its entries in the order given. */
public final class GridEntries {
  private GridEntries() {}

  /** The entries as one map, in order (a key given twice keeps its first place and its last value). */
  @SafeVarargs
  public static Map<String, Object> of(Map.Entry<String, ?>... entries) {
    Map<String, Object> g = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : entries) {
      g.put(e.getKey(), e.getValue());
    }
    return g;
  }
}

package io.pmbench.experiments.sweep;

import java.io.Serializable;
import java.util.Comparator;

/**
 * Names one cell of a grid: (data set, mechanism, variant, ε, seed). The variant names a
 * non-default setting of the cell (fig5's {@code k=4,alpha=0.6,sigma=6}, fig3's {@code t=03});
 * it is empty for a plain cell. A key maps to exactly one file name, so a cell can never be
 * stored twice. Keys are serialisable: a distributed {@link Engine} sends them to its workers.
 *
 * @param dataset data-set name (e.g. {@code fashion-mnist})
 * @param mechanism mechanism name
 * @param variant the cell's non-default setting, or empty
 * @param epsilon ε of the cell
 * @param seed run seed
 */
public record CellKey(String dataset, String mechanism, String variant, double epsilon, long seed)
    implements Comparable<CellKey>, Serializable {
  private static final Comparator<CellKey> ORDER = Comparator.comparing(CellKey::dataset)
      .thenComparing(CellKey::mechanism).thenComparing(CellKey::variant).thenComparingDouble(CellKey::epsilon)
      .thenComparingLong(CellKey::seed);

  public CellKey {
    if (dataset == null || dataset.isBlank() || mechanism == null || mechanism.isBlank() || variant == null) {
      throw new IllegalArgumentException("cell key must name a data set and a mechanism. Provided value: "
          + dataset + "/" + mechanism + "/" + variant);
    }
    if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
      throw new IllegalArgumentException("cell epsilon must be finite and > 0. Provided value: " + epsilon);
    }
  }

  /** The cell's file name under {@code cells/}: {@code <mechanism>[_<variant>]_e<ε>_s<seed>.json}. */
  public String fileName() {
    String v = variant.isEmpty() ? "" : "_" + variant;
    return safe(dataset) + "_" + safe(mechanism) + safe(v) + "_e" + epsilon + "_s" + seed + ".json";
  }

  /** The mechanism with its variant, as a report label: {@code smlq [t=03]}. */
  public String label() {
    return variant.isEmpty() ? mechanism : mechanism + " [" + variant + "]";
  }

  private static String safe(String s) {
    return s.replaceAll("[^A-Za-z0-9._=,+-]", "-");
  }

  @Override
  public int compareTo(CellKey o) {
    return ORDER.compare(this, o);
  }
}

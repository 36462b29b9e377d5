package io.pmbench.experiments.sweep;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;

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

  /**
   * The cell's file name under {@code cells/}: {@code <data set>_<mechanism>[_<variant>]_e<ε>_s<seed>.json},
   * with a data-set spec too long for a file name shortened to its start and a digest.
   */
  public String fileName() {
    String v = variant.isEmpty() ? "" : "_" + variant;
    String tail = "_" + safe(mechanism) + safe(v) + "_e" + epsilon + "_s" + seed + ".json";
    String full = safe(dataset) + tail;
    if (full.length() <= LONGEST_NAME) {
      return full;
    }
    // A long spec (npy:/path/a.npy,...) would not fit a file name (255 bytes, with the temporary
    // and query-log names built from it): its first characters and a digest of the whole spec.
    String head = safe(dataset).substring(0, Math.min(60, safe(dataset).length()));
    return head + "-" + digest(dataset) + tail;
  }

  /**
   * Longest file name kept in full: longer ones are shortened. Names up to here were always
   * usable (the temporary file adds about 20 characters), so runs made before keep their names.
   */
  static final int LONGEST_NAME = 225;

  private static String digest(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
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

package io.pmbench.core.protocol;

import io.pmbench.core.data.LabelNumbering;
import java.util.Arrays;

/**
 * The retrieval protocol's own settings (SPEC.md §1–§2).
 *
 * @param nPublic |P|, drawn uniformly without replacement from {@code train} (default 1000)
 * @param nQueries how many gallery rows are queries (a seeded uniform sample), or −1 for all
 * @param dummies whether the client adds the dummy queries P_r (default true)
 * @param ks the K of Recall@K, ascending (default 1, 2, 4, 8)
 * @param index the k-NN index of the retrieval step (default {@link GalleryIndexKind#EXACT})
 * @param labelNumbering how class ids are numbered (default {@link LabelNumbering#JOINT}; the
 *     official code's per-split numbering under {@code official-code}, SPEC.md §8)
 */
public record ProtocolConfig(int nPublic, int nQueries, boolean dummies, int[] ks, GalleryIndexKind index,
    LabelNumbering labelNumbering) implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** Every gallery row is a query. */
  public static final int ALL_QUERIES = -1;

  public ProtocolConfig {
    if (nPublic < 2) {
      throw new IllegalArgumentException("nPublic must be >= 2. Provided value: " + nPublic);
    }
    if (nQueries < 1 && nQueries != ALL_QUERIES) {
      throw new IllegalArgumentException("queries must be >= 1 or 'all'. Provided value: " + nQueries);
    }
    if (ks.length == 0) {
      throw new IllegalArgumentException("K list must not be empty. Provided value: []");
    }
    if (index == null) {
      throw new IllegalArgumentException("index must be given. Provided value: null");
    }
    if (labelNumbering == null) {
      throw new IllegalArgumentException("labelNumbering must be given. Provided value: null");
    }
    ks = ks.clone();
    Arrays.sort(ks);
    if (ks[0] < 1) {
      throw new IllegalArgumentException("every K must be >= 1. Provided value: " + Arrays.toString(ks));
    }
  }

  /** Joint label numbering. */
  public ProtocolConfig(int nPublic, int nQueries, boolean dummies, int[] ks, GalleryIndexKind index) {
    this(nPublic, nQueries, dummies, ks, index, LabelNumbering.JOINT);
  }

  /** Exact retrieval, joint label numbering. */
  public ProtocolConfig(int nPublic, int nQueries, boolean dummies, int[] ks) {
    this(nPublic, nQueries, dummies, ks, GalleryIndexKind.EXACT);
  }

  /** A copy with another label numbering. */
  public ProtocolConfig withLabelNumbering(LabelNumbering numbering) {
    return new ProtocolConfig(nPublic, nQueries, dummies, ks, index, numbering);
  }

  /** A copy with another query count (e.g. one query for a figure of one query). */
  public ProtocolConfig withQueries(int queries) {
    return new ProtocolConfig(nPublic, queries, dummies, ks, index, labelNumbering);
  }

  /** The defaults of SPEC.md §2: 1000 public rows, 1000 queries, dummies on, K = 1, 2, 4, 8. */
  public static ProtocolConfig defaults() {
    return new ProtocolConfig(1000, 1000, true, new int[] {1, 2, 4, 8});
  }

  @Override
  public int[] ks() {
    return ks.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProtocolConfig c && c.nPublic == nPublic && c.nQueries == nQueries && c.dummies == dummies
        && Arrays.equals(c.ks, ks) && c.index == index && c.labelNumbering == labelNumbering;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(ks) * 31 + Integer.hashCode(nPublic) * 7 + Integer.hashCode(nQueries) + (dummies ? 1 : 0)
        + index.ordinal() * 13 + labelNumbering.ordinal() * 17;
  }

  @Override
  public String toString() {
    return "ProtocolConfig[nPublic=" + nPublic + ", nQueries=" + (nQueries == ALL_QUERIES ? "all" : nQueries)
        + ", dummies=" + dummies + ", ks=" + Arrays.toString(ks) + ", index="
        + index.cliName() + ", labelNumbering=" + labelNumbering.cliName() + "]";
  }
}

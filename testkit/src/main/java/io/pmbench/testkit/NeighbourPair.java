package io.pmbench.testkit;

import io.pmbench.core.mechanism.ClientData;

/**
 * Two client data sets that are neighbours under the relation a mechanism's claim states (SPEC.md
 * §1: one row added or removed, the smaller set padded with a zero row), of the same size so that
 * their pre-noise outputs can be compared entry by entry.
 *
 * @param name what the pair is, printed when the bound is exceeded
 * @param a one data set
 * @param b its neighbour
 */
public record NeighbourPair(String name, ClientData a, ClientData b) {
  public NeighbourPair {
    if (a.size() != b.size() || a.rows().cols() != b.rows().cols() || a.publicOffset() != b.publicOffset()) {
      throw new IllegalArgumentException("neighbours must have the same shape (pad the smaller with a zero row)."
          + " Provided value: " + a.size() + " and " + b.size() + " rows");
    }
  }
}

package io.pmbench.core.mechanism;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.random.Seeds;

/**
 * What the client holds before any query: the public set P, the number of classes, what the
 * server publishes (its embedding of P, for mechanisms that place the client in the server's
 * space) and the shared data-independent seed.
 *
 * @param publicSet P
 * @param numClasses C
 * @param serverPublic the server's embedding of P (public: it is computed from public rows)
 * @param sharedSeed the seed also given to the server
 * @param clientSeed a seed of the client's own, fixed per run seed (not given to the server): the
 *     stream of the client Q that {@code official-code} draws once and shares by every query
 */
public record ClientView(LabelledSet publicSet, int numClasses, Embedding serverPublic, long sharedSeed,
    long clientSeed) {
  /** A view whose client seed is derived from {@code sharedSeed} (tests and tools outside the protocol). */
  public ClientView(LabelledSet publicSet, int numClasses, Embedding serverPublic, long sharedSeed) {
    this(publicSet, numClasses, serverPublic, sharedSeed, Seeds.derive(sharedSeed, "client"));
  }
}

package io.pmbench.core.mechanism;

import io.pmbench.core.data.LabelledSet;

/**
 * What the client holds before any query: the public set P, the number of classes, what the
 * server publishes (its embedding of P, for mechanisms that place the client in the server's
 * space) and the shared data-independent seed.
 *
 * @param publicSet P
 * @param numClasses C
 * @param serverPublic the server's embedding of P (public: it is computed from public rows)
 * @param sharedSeed the seed also given to the server
 */
public record ClientView(LabelledSet publicSet, int numClasses, Embedding serverPublic, long sharedSeed) {}

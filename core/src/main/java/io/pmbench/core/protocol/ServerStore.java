package io.pmbench.core.protocol;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.ServerSide;

/**
 * Keeps the server embeddings that are slow to build (those of mechanisms that
 * {@link EmbeddingMechanism#persistsServer() ask for it}, e.g. the t-SNE of [S; P], 15 minutes per
 * seed) across runs of one configuration, so that a resumed run does not rebuild them. A server
 * embedding is a pure function of (configuration, server key, seed).
 *
 * <p>Implementations must be safe to call from several cells at once.
 */
public interface ServerStore {
  /** Keeps nothing. */
  ServerStore NONE = Disabled.INSTANCE;

  /** The server side stored for (serverKey, seed), or {@code null}. */
  ServerSide load(String serverKey, long seed);

  /** Stores a server side that is fully described by its gallery and public rows. */
  void save(String serverKey, long seed, ServerSide server);

  /** The implementation of {@link #NONE}. */
  enum Disabled implements ServerStore {
    INSTANCE;

    @Override
    public ServerSide load(String serverKey, long seed) {
      return null;
    }

    @Override
    public void save(String serverKey, long seed, ServerSide server) {
      // nothing to keep
    }
  }
}

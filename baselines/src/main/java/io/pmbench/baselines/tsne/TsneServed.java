package io.pmbench.baselines.tsne;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;

/**
 * A mechanism whose server side is {@code tsne}'s ({@link TsneServer}): {@code tsne},
 * {@code tsne-smile}, {@code dp-dsne} and {@code dp-dsne-official} share one cache key, so the
 * runner embeds [S; P] once per seed for all of them.
 */
public interface TsneServed extends EmbeddingMechanism {
  @Override
  default String serverKey(MechanismParams params) {
    return TsneServer.key(params);
  }

  @Override
  default ServerSide server(ServerView view, MechanismParams params) {
    return TsneServer.embed(view, params);
  }

  /**
   * The exact t-SNE of n server rows holds the n × n squared distances (doubles), the packed
   * affinities (n²/2 doubles) and their float copy at once: 16·n² bytes.
   */
  @Override
  default long serverPeakBytes(long serverRows) {
    return 16 * serverRows * serverRows;
  }

  /** The t-SNE of [S; P] takes about 15 minutes per seed at 11,000 rows: a resumed run loads it. */
  @Override
  default boolean persistsServer() {
    return true;
  }
}

package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;

/**
 * A mechanism whose server side is SMLQ's ({@link SmlqServer}) and whose client release is
 * aligned to it on the public rows: {@code smlq}, {@code privatemail} and {@code label-only}
 * share one cache key, so the runner embeds [S; P] once per seed for all three.
 */
interface SmlqServed extends EmbeddingMechanism {
  @Override
  default boolean alignsOnPublic() {
    return true;
  }

  @Override
  default String serverKey(MechanismParams params) {
    return SmlqServer.key(params);
  }

  @Override
  default ServerSide server(ServerView view, MechanismParams params) {
    return new SmlqServer(view, params);
  }
}

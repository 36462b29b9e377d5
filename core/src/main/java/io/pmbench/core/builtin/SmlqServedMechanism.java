package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import java.util.List;
import java.util.stream.Stream;

/**
 * A mechanism whose server side is SMLQ's ({@link SmlqServer}) and whose client release is
 * aligned to it on the public rows: {@code smlq}, {@code privatemail}, {@code label-only},
 * {@code shuffled-labels} and the baselines' {@code privatemail-v1} share one cache key, so the
 * runner embeds [S; P] once per seed for all of them. Each declares the server's options
 * ({@code server}, {@code serverNeighbours}) after its own.
 */
public abstract class SmlqServedMechanism extends AbstractMechanism {
  /**
   * @param options the mechanism's own options; {@link #options()} lists them, then the server's
   * @see AbstractMechanism#AbstractMechanism
   */
  protected SmlqServedMechanism(String name, String description, Reporting reporting,
      List<? extends OptionSpec<?>> options) {
    super(name, description, reporting, Stream.concat(options.stream(), SmlqServer.OPTIONS.stream()).toList());
  }

  @Override
  public final boolean alignsOnPublic() {
    return true;
  }

  @Override
  public final String serverKey(MechanismParams params) {
    return SmlqServer.key(params);
  }

  @Override
  public final ServerSide server(ServerView view, MechanismParams params) {
    return SmlqServer.embed(view, params);
  }
}

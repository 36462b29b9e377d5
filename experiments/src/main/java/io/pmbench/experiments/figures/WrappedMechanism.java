package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import java.util.List;

/**
 * A registered mechanism under its own name (so every query draws the same random stream), with
 * its description, options, parameter check, alignment and server key, whose server or client
 * side a figure replaces or observes (Figure 3's trace, Figure 7's capture). Everything else
 * keeps {@link EmbeddingMechanism}'s defaults.
 */
abstract class WrappedMechanism implements EmbeddingMechanism {
  /** The registered mechanism. */
  final EmbeddingMechanism wrapped;

  WrappedMechanism(EmbeddingMechanism wrapped) {
    this.wrapped = wrapped;
  }

  @Override
  public void validate(MechanismParams params) {
    wrapped.validate(params);
  }

  @Override
  public String name() {
    return wrapped.name();
  }

  @Override
  public String description() {
    return wrapped.description();
  }

  @Override
  public List<OptionSpec<?>> options() {
    return wrapped.options();
  }

  @Override
  public boolean alignsOnPublic() {
    return wrapped.alignsOnPublic();
  }

  @Override
  public String serverKey(MechanismParams params) {
    return wrapped.serverKey(params);
  }
}

package io.pmbench.core.mechanism;

import io.pmbench.core.Preconditions;
import java.util.List;

/**
 * An {@link EmbeddingMechanism} whose registry name, one-line description, place in the reports
 * and options are fixed when it is constructed: an implementation declares them in one
 * {@code super(...)} call instead of four accessors, and keeps to its privacy-relevant code
 * ({@link #validate}, {@link #server}, {@link #client}). The behaviour of the other methods of the
 * contract comes from their defaults or from mixins such as {@link NonPrivateMechanism} and
 * {@link SharedSpaceMechanism}.
 */
public abstract class AbstractMechanism implements EmbeddingMechanism {
  private final String name;
  private final String description;
  private final Reporting reporting;
  private final List<OptionSpec<?>> options;

  /**
   * @param name the registry name ({@link #name()})
   * @param description one line for {@code --help} and reports ({@link #description()})
   * @param reporting how reports and claims use it ({@link #reporting()}; {@link Reporting#DEFAULT} for none)
   * @param options the options it reads besides the common ones ({@link #options()})
   */
  protected AbstractMechanism(String name, String description, Reporting reporting,
      List<? extends OptionSpec<?>> options) {
    this.name = Preconditions.nonBlank(name, "name");
    this.description = Preconditions.nonBlank(description, "description");
    this.reporting = Preconditions.nonNull(reporting, "reporting");
    this.options = List.copyOf(options);
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final Reporting reporting() {
    return reporting;
  }

  @Override
  public final List<OptionSpec<?>> options() {
    return options;
  }
}

package io.pmbench.core.mechanism;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The SMLQ knobs of a run (SPEC.md §3–§5, §8) as one typed record, and their declarations
 * ({@link #DECLARED}): the same {@link OptionSpec} records a mechanism's own options are, so that
 * name, type, default and description stand in one place. Their values are {@link MechanismParams}'
 * typed fields (set by the preset and the command line's flags, never through {@code --option}),
 * so each declaration's default is derived from the parameters it describes; the parameter
 * fingerprint ({@link MechanismParams#describe()}) is unchanged by this view.
 *
 * @param sigma kernel bandwidth σ
 * @param alpha label weight α
 * @param k embedding dimension
 * @param sigmaQ standard deviation σ_q of the initial embedding Q
 * @param iterations T, the post-processing iterations after the noisy release
 * @param serverIterations iterations of every noise-free SMLQ run
 * @param featureKernelScale scale of the feature kernel
 * @param labelKernel label kernel
 * @param renormalize rescale X_t to Frobenius norm √n after each iteration
 * @param officialCodeMii the official code's M_ii
 * @param sharedClientQ one client Q per run seed shared across queries
 */
public record SmlqSettings(double sigma, double alpha, int k, double sigmaQ, int iterations, int serverIterations,
    FeatureKernelScale featureKernelScale, LabelKernel labelKernel, boolean renormalize, boolean officialCodeMii,
    boolean sharedClientQ) {

  /** Every SMLQ knob, declared as an option whose default is the parameters' own value. */
  public static final List<OptionSpec<?>> DECLARED = List.of(
      OptionSpec.positive("sigma", "the data set's", "kernel bandwidth sigma")
          .derivedFrom(MechanismParams::sigma),
      new OptionSpec<>("alpha", "number >= 0", "the data set's", "label weight alpha",
          Double::parseDouble).derivedFrom(MechanismParams::alpha),
      OptionSpec.integer("k", 1, "2", "embedding dimension").derivedFrom(MechanismParams::k),
      OptionSpec.positive("sigmaQ", "1e-8", "standard deviation of the initial embedding Q")
          .derivedFrom(MechanismParams::sigmaQ),
      OptionSpec.integer("iterations", 0, "5", "T, post-processing iterations after the noisy release").derivedFrom(MechanismParams::iterations),
      OptionSpec.integer("serverIterations", 1, "1 + T (paper), T (official-code)",
          "iterations of every noise-free SMLQ run").derivedFrom(MechanismParams::serverIterations),
      OptionSpec.choice("featureKernelScale", FeatureKernelScale.class, FeatureKernelScale.TWO_SIGMA_SQUARED,
          "scale of the feature kernel (the preset's)").derivedFrom(MechanismParams::featureKernelScale),
      OptionSpec.choice("labelKernel", LabelKernel.class, LabelKernel.GAUSSIAN_INTEGER,
          "label kernel (the preset's)").derivedFrom(MechanismParams::labelKernel),
      flag("renormalize", "rescale X_t to Frobenius norm sqrt(n) after each iteration (official-code)",
          MechanismParams::renormalize),
      flag("officialCodeMii", "the official code's M_ii (official-code)", MechanismParams::officialCodeMii),
      flag("sharedClientQ", "one client Q per run seed shared by every query (official-code)",
          MechanismParams::sharedClientQ));

  /** The SMLQ knobs of {@code p}. */
  public static SmlqSettings of(MechanismParams p) {
    return new SmlqSettings(p.sigma(), p.alpha(), p.k(), p.sigmaQ(), p.iterations(), p.serverIterations(),
        p.featureKernelScale(), p.labelKernel(), p.renormalize(), p.officialCodeMii(), p.sharedClientQ());
  }

  private static OptionSpec<Boolean> flag(String name, String description, Function<MechanismParams, Boolean> read) {
    return new OptionSpec<>(name, "true or false", "false", description, v -> {
      String s = v.strip().toLowerCase(Locale.ROOT);
      if (s.equals("true") || s.equals("false")) {
        return Boolean.parseBoolean(s);
      }
      throw new IllegalArgumentException(name + " must be true or false. Provided value: " + v);
    }).derivedFrom(read);
  }
}

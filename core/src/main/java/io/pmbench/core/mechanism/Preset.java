package io.pmbench.core.mechanism;

import io.pmbench.core.CliEnum;
import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;

/**
 * Fidelity presets (SPEC.md §8). Every knob can still be overridden through {@link Builder}.
 */
public enum Preset implements CliEnum {
  /**
   * The paper: TWO_SIGMA_SQUARED, GAUSSIAN_INTEGER, CLASSIC noise for ε &lt; 1 and ANALYTIC for ε ≥ 1
   * (CLASSIC is not valid there; SPEC.md §9), no renormalisation, server on 1 + T iterations.
   */
  PAPER,
  /**
   * The official code: SIGMA_SQUARED, CENTERED_DISTANCE, OFFICIAL_CODE noise, renormalize, the
   * code's M_ii, and its pipeline: labels numbered per split, no dummy queries, one client Q per
   * run seed shared by every query, T iterations on every noise-free path (server and {@code smlq}).
   */
  OFFICIAL_CODE,
  /**
   * The paper with ANALYTIC noise throughout, SAME_CLASS labels and the floating-point-safe
   * noise sampler ({@code noiseSampler=secure} unless an option overrides it).
   */
  CORRECTED;

  /** Parses {@code paper}, {@code official-code} or {@code corrected} ({@link #cliName()}). */
  public static Preset parse(String s) {
    return CliEnum.parse(values(), s, "preset", false);
  }

  /** The label numbering this preset uses unless overridden (SPEC.md §8). */
  public LabelNumbering labelNumbering() {
    return this == OFFICIAL_CODE ? LabelNumbering.PER_SPLIT : LabelNumbering.JOINT;
  }

  /** Whether the client adds dummy queries P_r by default: not in the official code's pipeline. */
  public boolean dummies() {
    return this != OFFICIAL_CODE;
  }

  /** The calibration this preset uses at ε: its rule has one regime below ε = 1 and one from ε = 1. */
  public NoiseCalibration calibrationFor(double epsilon) {
    return epsilon < 1 ? calibrationBelowEpsilonOne() : calibrationFromEpsilonOne();
  }

  /** The calibration this preset uses at ε &lt; 1. */
  public NoiseCalibration calibrationBelowEpsilonOne() {
    return this == PAPER ? NoiseCalibration.CLASSIC : calibrationFromEpsilonOne();
  }

  /** The calibration this preset uses at ε ≥ 1 (CLASSIC is not valid there; SPEC.md §9). */
  public NoiseCalibration calibrationFromEpsilonOne() {
    return this == OFFICIAL_CODE ? NoiseCalibration.OFFICIAL_CODE : NoiseCalibration.ANALYTIC;
  }

  /**
   * The noise sampler this preset uses unless option {@code noiseSampler} overrides it:
   * {@link NoiseSampler#SECURE} for {@link #CORRECTED}, {@link NoiseSampler#STANDARD} otherwise.
   */
  public NoiseSampler defaultNoiseSampler() {
    return this == CORRECTED ? NoiseSampler.SECURE : NoiseSampler.STANDARD;
  }

  /** A builder holding this preset's defaults (σ, α from the data set; Table 2's k, σ_q, T). */
  public Builder builder(double sigma, double alpha) {
    Builder b = new Builder();
    b.preset = this;
    b.sigma = sigma;
    b.alpha = alpha;
    switch (this) {
      case PAPER -> {
        b.scale = FeatureKernelScale.TWO_SIGMA_SQUARED;
        b.labels = LabelKernel.GAUSSIAN_INTEGER;
      }
      case OFFICIAL_CODE -> {
        b.scale = FeatureKernelScale.SIGMA_SQUARED;
        b.labels = LabelKernel.CENTERED_DISTANCE;
        b.renormalize = true;
        b.officialCodeMii = true;
        b.serverIterationsExtra = 0;
        b.sharedClientQ = true;
      }
      case CORRECTED -> {
        b.scale = FeatureKernelScale.TWO_SIGMA_SQUARED;
        b.labels = LabelKernel.SAME_CLASS;
      }
    }
    return b;
  }

  /** Collects overrides on top of a preset; {@link #build(double, double)} fixes (ε, δ). */
  public static final class Builder implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private Preset preset;
    private double sigma;
    private double alpha;
    private int k = 2;
    private double sigmaQ = 1e-8;
    private int iterations = 5;
    private int serverIterationsExtra = 1;
    private FeatureKernelScale scale;
    private LabelKernel labels;
    private NoiseCalibration calibration; // null = the preset's rule
    private boolean renormalize;
    private boolean officialCodeMii;
    private boolean sharedClientQ;
    private java.util.Map<String, String> options = java.util.Map.of();

    public Builder sigma(double v) {
      sigma = v;
      return this;
    }

    public Builder alpha(double v) {
      alpha = v;
      return this;
    }

    public Builder k(int v) {
      k = v;
      return this;
    }

    public Builder sigmaQ(double v) {
      sigmaQ = v;
      return this;
    }

    public Builder iterations(int v) {
      iterations = v;
      return this;
    }

    public Builder featureKernelScale(FeatureKernelScale v) {
      scale = v;
      return this;
    }

    public Builder labelKernel(LabelKernel v) {
      labels = v;
      return this;
    }

    /** Forces one calibration at every ε (instead of the preset's rule). */
    public Builder calibration(NoiseCalibration v) {
      calibration = v;
      return this;
    }

    public Builder renormalize(boolean v) {
      renormalize = v;
      return this;
    }

    public Builder officialCodeMii(boolean v) {
      officialCodeMii = v;
      return this;
    }

    /** One client Q per run seed shared by every query (the official code's {@code init_Q}). */
    public Builder sharedClientQ(boolean v) {
      sharedClientQ = v;
      return this;
    }

    public Builder options(java.util.Map<String, String> v) {
      options = java.util.Map.copyOf(v);
      return this;
    }

    /** The parameters at (ε, δ): {@link #build(PrivacyBudget)} of {@link #budget(double, double)}. */
    public MechanismParams build(double epsilon, double delta) {
      return build(budget(epsilon, delta));
    }

    /**
     * The privacy budget at (ε, δ), where ε and δ enter and are validated ({@link PrivacyBudget}):
     * the calibration the preset's rule gives at ε unless one is forced, the noise source of option
     * {@code noiseSource} ({@code seeded} if not given).
     */
    public PrivacyBudget budget(double epsilon, double delta) {
      NoiseOrigin source = options.containsKey(NoiseOrigin.OPTION)
          ? NoiseOrigin.parse(options.get(NoiseOrigin.OPTION)) : NoiseOrigin.SEEDED;
      return new PrivacyBudget(epsilon, delta, calibration != null ? calibration : preset.calibrationFor(epsilon),
          source);
    }

    /** The parameters under {@code budget} (its ε and δ already validated), every other knob this builder's. */
    public MechanismParams build(PrivacyBudget budget) {
      java.util.Map<String, String> opts = new java.util.TreeMap<>(options);
      if (preset.defaultNoiseSampler() != NoiseSampler.STANDARD) {
        opts.putIfAbsent(NoiseSampler.OPTION, preset.defaultNoiseSampler().cliName());
      }
      return MechanismParams.builder().budget(budget).sigma(sigma).alpha(alpha).k(k)
          .sigmaQ(sigmaQ).iterations(iterations).serverIterations(iterations + serverIterationsExtra)
          .featureKernelScale(scale).labelKernel(labels).renormalize(renormalize).officialCodeMii(officialCodeMii)
          .sharedClientQ(sharedClientQ).options(opts).build();
    }

    /**
     * Every parameter at δ except ε, under the calibration of one regime of the preset's rule
     * ({@link Preset#calibrationFor}: below ε = 1, or from ε = 1; the forced calibration, if any, in
     * both): {@link MechanismParams#describe()} without {@code epsilon}, for the configuration
     * fingerprint of a grid.
     */
    public java.util.Map<String, Object> describe(double delta, boolean fromEpsilonOne) {
      NoiseCalibration c = calibration != null ? calibration
          : fromEpsilonOne ? preset.calibrationFromEpsilonOne() : preset.calibrationBelowEpsilonOne();
      java.util.Map<String, Object> d = new java.util.TreeMap<>(build(budget(1, delta).withCalibration(c)).describe());
      d.remove("epsilon");
      return d;
    }
  }
}

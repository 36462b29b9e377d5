package io.pmbench.core.mechanism;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.Preconditions;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.NoiseSource;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every knob of a mechanism run (SPEC.md §3–§5, §8). Immutable; validated on construction.
 *
 * @param epsilon ε of the run
 * @param delta δ of the run
 * @param sigma kernel bandwidth σ
 * @param alpha label weight α
 * @param k embedding dimension
 * @param sigmaQ standard deviation σ_q of the initial embedding Q
 * @param iterations T, the post-processing iterations after the noisy release
 * @param serverIterations iterations of the server's noise-free SMLQ (1 + T under {@code paper})
 * @param featureKernelScale scale of the feature kernel
 * @param labelKernel label kernel
 * @param calibration Gaussian noise calibration
 * @param renormalize rescale X_t to Frobenius norm √n after each iteration (official code)
 * @param officialCodeMii use the official code's e^(−c/(2σ²)) in M_ii
 * @param sharedClientQ draw the client's initial Q once per run seed and share it across queries
 *     (the official code's {@code init_Q}; SPEC.md §8 {@code official-code}) instead of once per query
 * @param options mechanism-specific options (key → value), e.g. {@code method=PPCA} or
 *     {@code noiseSampler=secure}
 */
public record MechanismParams(
    double epsilon,
    double delta,
    double sigma,
    double alpha,
    int k,
    double sigmaQ,
    int iterations,
    int serverIterations,
    FeatureKernelScale featureKernelScale,
    LabelKernel labelKernel,
    NoiseCalibration calibration,
    boolean renormalize,
    boolean officialCodeMii,
    boolean sharedClientQ,
    Map<String, String> options) {

  public MechanismParams {
    Objects.requireNonNull(calibration, "calibration");
    Objects.requireNonNull(featureKernelScale, "featureKernelScale");
    Objects.requireNonNull(labelKernel, "labelKernel");
    Preconditions.require(sigma > 0 && Double.isFinite(sigma), "sigma", "> 0", sigma);
    Preconditions.require(alpha >= 0 && Double.isFinite(alpha), "alpha", ">= 0", alpha);
    Preconditions.require(k >= 1, "k", ">= 1", k);
    Preconditions.require(sigmaQ > 0 && Double.isFinite(sigmaQ), "sigmaQ", "> 0", sigmaQ);
    Preconditions.require(iterations >= 0, "iterations", ">= 0", iterations);
    Preconditions.require(serverIterations >= 1, "serverIterations", ">= 1", serverIterations);
    options = Map.copyOf(new TreeMap<>(options));
    if (options.containsKey(NoiseSampler.OPTION)) {
      NoiseSampler.parse(options.get(NoiseSampler.OPTION));
    }
    if (options.containsKey(NoiseOrigin.OPTION) && NoiseOrigin.parse(options.get(NoiseOrigin.OPTION))
        == NoiseOrigin.SYSTEM && options.containsKey(NoiseSampler.OPTION)
        && NoiseSampler.parse(options.get(NoiseSampler.OPTION)) != NoiseSampler.SECURE) {
      throw new IllegalArgumentException(NoiseSampler.OPTION + " must be secure under " + NoiseOrigin.OPTION
          + "=system. Provided value: " + options.get(NoiseSampler.OPTION));
    }
    new PrivacyBudget(epsilon, delta, calibration, options.containsKey(NoiseOrigin.OPTION)
        ? NoiseOrigin.parse(options.get(NoiseOrigin.OPTION)) : NoiseOrigin.SEEDED);
  }

  /** Parameters with the privacy budget {@code budget} and the other knobs of {@code rest}. */
  public static MechanismParams of(PrivacyBudget budget, MechanismParams rest) {
    return rest.toBuilder().budget(budget).build();
  }

  /**
   * The privacy budget of these parameters: (ε, δ), the calibration and the noise source (option
   * {@code noiseSource}), validated once on construction.
   */
  public PrivacyBudget budget() {
    return new PrivacyBudget(epsilon, delta, calibration, noiseOrigin());
  }

  /**
   * Iterations of every noise-free SMLQ run: the server's embedding of [S; P] and the {@code smlq}
   * client (1 + T under {@code paper}, T under {@code official-code}; SPEC.md §5, §8).
   */
  public int noiseFreeIterations() {
    return serverIterations;
  }

  /**
   * How noise is drawn: option {@code noiseSampler=standard|secure} ({@link NoiseSampler});
   * {@code standard} when not given.
   */
  public NoiseSampler noiseSampler() {
    if (noiseOrigin() == NoiseOrigin.SYSTEM) {
      return NoiseSampler.SECURE;
    }
    return MechanismOptions.NOISE_SAMPLER.value(this);
  }

  /**
   * Where the privacy noise's uniform bits come from: option {@code noiseSource=seeded|system}
   * ({@link NoiseOrigin}); {@code seeded} when not given. {@code system} implies the
   * {@code secure} sampler.
   */
  public NoiseOrigin noiseOrigin() {
    return MechanismOptions.NOISE_SOURCE.value(this);
  }

  /**
   * The privacy noise of one release: N(0, s²) per coordinate by {@link #noiseSampler()} from
   * {@link #noiseOrigin()} (see {@link NoiseSampler#gaussian(double, double, int, NoiseOrigin)}).
   * Mechanisms draw every noise their privacy claim relies on through this or {@link #laplaceNoise},
   * so that {@code noiseSource=system} reaches all of it.
   */
  public NoiseSource gaussianNoise(double s, double l2Sensitivity, int coordinates) {
    return noiseSampler().gaussian(s, l2Sensitivity, coordinates, noiseOrigin());
  }

  /** Lap(b) per coordinate, as {@link #gaussianNoise}. */
  public NoiseSource laplaceNoise(double b, double l1Sensitivity, int coordinates) {
    return noiseSampler().laplace(b, l1Sensitivity, coordinates, noiseOrigin());
  }

  /** The SMLQ knobs of these parameters as one typed record ({@link SmlqSettings#DECLARED} declares them). */
  public SmlqSettings smlq() {
    return SmlqSettings.of(this);
  }

  /** A mechanism-specific option, if given. */
  public Optional<String> option(String key) {
    return Optional.ofNullable(options.get(key));
  }

  /**
   * The parameters as mechanism {@code name} sees them: {@code name.KEY} options become
   * {@code KEY} (overriding a plain {@code KEY}), other mechanisms' namespaced options are dropped
   * ({@link MechanismOptions#resolve}). These very parameters when no option is namespaced.
   */
  public MechanismParams forMechanism(String name) {
    Map<String, String> resolved = MechanismOptions.resolve(options, name);
    return resolved == options ? this : toBuilder().options(resolved).build();
  }

  /** A copy at another (ε, calibration). */
  public MechanismParams withPrivacy(double newEpsilon, NoiseCalibration newCalibration) {
    return toBuilder().budget(budget().withEpsilon(newEpsilon).withCalibration(newCalibration)).build();
  }

  /** A copy with other σ and α. */
  public MechanismParams withKernel(double newSigma, double newAlpha) {
    return toBuilder().sigma(newSigma).alpha(newAlpha).build();
  }

  /**
   * Every parameter as an ordered map (for provenance and cache keys). {@code sharedClientQ} is
   * listed only when true, so the fingerprints of runs made before it existed (all per-query Q)
   * still match and those runs stay resumable.
   */
  public Map<String, Object> describe() {
    Map<String, Object> m = new TreeMap<>();
    m.put("epsilon", epsilon);
    m.put("delta", delta);
    m.put("sigma", sigma);
    m.put("alpha", alpha);
    m.put("k", k);
    m.put("sigmaQ", sigmaQ);
    m.put("iterations", iterations);
    m.put("serverIterations", serverIterations);
    m.put("featureKernelScale", featureKernelScale.name());
    m.put("labelKernel", labelKernel.name());
    m.put("noiseCalibration", calibration.name());
    m.put("renormalize", renormalize);
    m.put("officialCodeMii", officialCodeMii);
    if (sharedClientQ) {
      m.put("sharedClientQ", true);
    }
    m.put("options", new TreeMap<>(options));
    return m;
  }

  /** The parameters a noise-free SMLQ server embedding depends on, as a stable string. */
  public String smlqServerFingerprint() {
    return "sigma=" + sigma + ",alpha=" + alpha + ",k=" + k + ",sigmaQ=" + sigmaQ + ",T=" + serverIterations
        + ",scale=" + featureKernelScale + ",labels=" + labelKernel + ",renorm=" + renormalize;
  }

  /**
   * A builder holding every field of these parameters, so that a copy with one knob changed keeps
   * all the others (copies are never written field by field: a hand-written copy once dropped
   * {@code sharedClientQ}).
   */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** A mutable copy of {@link MechanismParams}; {@link #build()} validates. */
  public static final class Builder {
    private double epsilon;
    private double delta;
    private double sigma;
    private double alpha;
    private int k;
    private double sigmaQ;
    private int iterations;
    private int serverIterations;
    private FeatureKernelScale featureKernelScale;
    private LabelKernel labelKernel;
    private NoiseCalibration calibration;
    private boolean renormalize;
    private boolean officialCodeMii;
    private boolean sharedClientQ;
    private Map<String, String> options;

    private Builder(MechanismParams p) {
      epsilon = p.epsilon;
      delta = p.delta;
      sigma = p.sigma;
      alpha = p.alpha;
      k = p.k;
      sigmaQ = p.sigmaQ;
      iterations = p.iterations;
      serverIterations = p.serverIterations;
      featureKernelScale = p.featureKernelScale;
      labelKernel = p.labelKernel;
      calibration = p.calibration;
      renormalize = p.renormalize;
      officialCodeMii = p.officialCodeMii;
      sharedClientQ = p.sharedClientQ;
      options = p.options;
    }

    public Builder epsilon(double v) {
      epsilon = v;
      return this;
    }

    public Builder calibration(NoiseCalibration v) {
      calibration = v;
      return this;
    }

    /**
     * ε, δ, calibration and noise source at once; the noise source becomes option
     * {@code noiseSource} (recorded only when not the default {@code seeded}, as before).
     */
    public Builder budget(PrivacyBudget b) {
      epsilon = b.epsilon();
      delta = b.delta();
      calibration = b.calibration();
      if (b.noiseSource() != NoiseOrigin.SEEDED || options.containsKey(NoiseOrigin.OPTION)) {
        Map<String, String> o = new TreeMap<>(options);
        o.put(NoiseOrigin.OPTION, b.noiseSource().cliName());
        options = o;
      }
      return this;
    }

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

    /** T, the client's post-processing iterations. */
    public Builder iterations(int v) {
      iterations = v;
      return this;
    }

    /** Iterations of the noise-free SMLQ runs. */
    public Builder serverIterations(int v) {
      serverIterations = v;
      return this;
    }

    public Builder options(Map<String, String> v) {
      options = v;
      return this;
    }

    /** The parameters; validated as the record's constructor does. */
    public MechanismParams build() {
      return new MechanismParams(epsilon, delta, sigma, alpha, k, sigmaQ, iterations, serverIterations,
          featureKernelScale, labelKernel, calibration, renormalize, officialCodeMii, sharedClientQ, options);
    }
  }
}

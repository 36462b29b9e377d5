package io.pmbench.core.mechanism;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.Preconditions;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every knob of a mechanism run (SPEC.md §3–§5, §8). Immutable; validated on construction. The
 * privacy part is one {@link PrivacyBudget}, validated where it is made (code holding it need
 * not check ε or δ again); the SMLQ knobs are {@link #smlq()}; a mechanism resolves
 * its own options ({@link OptionSpec}) once when it builds its sides, into a typed record, and its
 * per-query code reads only that record and {@link #noise()}. Build from scratch with
 * {@link #builder()} and copy with {@link #toBuilder()} or a wither, never field by field.
 *
 * @param budget ε, δ, the Gaussian calibration and the noise source of the run; its noise source
 *     is the one option {@code noiseSource} names (absent = {@code seeded})
 * @param sigma kernel bandwidth σ
 * @param alpha label weight α
 * @param k embedding dimension
 * @param sigmaQ standard deviation σ_q of the initial embedding Q
 * @param iterations T, the post-processing iterations after the noisy release
 * @param serverIterations iterations of the server's noise-free SMLQ (1 + T under {@code paper})
 * @param featureKernelScale scale of the feature kernel
 * @param labelKernel label kernel
 * @param renormalize rescale X_t to Frobenius norm √n after each iteration (official code)
 * @param officialCodeMii use the official code's e^(−c/(2σ²)) in M_ii
 * @param sharedClientQ draw the client's initial Q once per run seed and share it across queries
 *     (the official code's {@code init_Q}; SPEC.md §8 {@code official-code}) instead of once per query
 * @param options mechanism-specific options (key → value), e.g. {@code method=PPCA} or
 *     {@code noiseSampler=secure}
 */
public record MechanismParams(
    PrivacyBudget budget,
    double sigma,
    double alpha,
    int k,
    double sigmaQ,
    int iterations,
    int serverIterations,
    FeatureKernelScale featureKernelScale,
    LabelKernel labelKernel,
    boolean renormalize,
    boolean officialCodeMii,
    boolean sharedClientQ,
    Map<String, String> options) {

  public MechanismParams {
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(featureKernelScale, "featureKernelScale");
    Objects.requireNonNull(labelKernel, "labelKernel");
    Preconditions.require(sigma > 0 && Double.isFinite(sigma), "sigma", "> 0", sigma);
    Preconditions.require(alpha >= 0 && Double.isFinite(alpha), "alpha", ">= 0", alpha);
    Preconditions.require(k >= 1, "k", ">= 1", k);
    Preconditions.require(sigmaQ > 0 && Double.isFinite(sigmaQ), "sigmaQ", "> 0", sigmaQ);
    Preconditions.require(iterations >= 0, "iterations", ">= 0", iterations);
    Preconditions.require(serverIterations >= 1, "serverIterations", ">= 1", serverIterations);
    options = Map.copyOf(new TreeMap<>(options));
    NoiseOrigin named = options.containsKey(NoiseOrigin.OPTION) ? NoiseOrigin.parse(options.get(NoiseOrigin.OPTION))
        : NoiseOrigin.SEEDED;
    if (named != budget.noiseSource()) {
      throw new IllegalArgumentException(NoiseOrigin.OPTION + " must be the budget's noise source ("
          + budget.noiseSource().cliName() + "). Provided value: " + named.cliName());
    }
    if (options.containsKey(NoiseSampler.OPTION)) {
      NoiseSampler sampler = NoiseSampler.parse(options.get(NoiseSampler.OPTION));
      if (named == NoiseOrigin.SYSTEM && sampler != NoiseSampler.SECURE) {
        throw new IllegalArgumentException(NoiseSampler.OPTION + " must be secure under " + NoiseOrigin.OPTION
            + "=system. Provided value: " + options.get(NoiseSampler.OPTION));
      }
    }
  }

  /** A builder with no field set; {@link Builder#build()} refuses to build until every one is. */
  public static Builder builder() {
    return new Builder();
  }

  /** Parameters with the privacy budget {@code budget} and the other knobs of {@code rest}. */
  public static MechanismParams of(PrivacyBudget budget, MechanismParams rest) {
    return rest.toBuilder().budget(budget).build();
  }

  /** ε of the run ({@link #budget()}). */
  public double epsilon() {
    return budget.epsilon();
  }

  /** δ of the run ({@link #budget()}). */
  public double delta() {
    return budget.delta();
  }

  /** The Gaussian noise calibration of the run ({@link #budget()}). */
  public NoiseCalibration calibration() {
    return budget.calibration();
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
   * {@code standard} when not given, {@code secure} under {@code noiseSource=system}. Parses the
   * option: read it once per cell ({@link #noise()}), not per query.
   */
  public NoiseSampler noiseSampler() {
    if (noiseOrigin() == NoiseOrigin.SYSTEM) {
      return NoiseSampler.SECURE;
    }
    return MechanismOptions.NOISE_SAMPLER.value(this);
  }

  /**
   * Where the privacy noise's uniform bits come from: the budget's noise source (option
   * {@code noiseSource=seeded|system}, {@link NoiseOrigin}). {@code system} implies the
   * {@code secure} sampler.
   */
  public NoiseOrigin noiseOrigin() {
    return budget.noiseSource();
  }

  /**
   * How this run's privacy noise is drawn, resolved from the options once: a mechanism's client
   * keeps it and draws every noise its privacy claim relies on through it, so that
   * {@code noiseSource=system} reaches all of it.
   */
  public NoiseDraw noise() {
    return new NoiseDraw(noiseSampler(), noiseOrigin());
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
    return toBuilder().budget(budget.withEpsilon(newEpsilon).withCalibration(newCalibration)).build();
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
    m.put("epsilon", budget.epsilon());
    m.put("delta", budget.delta());
    m.put("sigma", sigma);
    m.put("alpha", alpha);
    m.put("k", k);
    m.put("sigmaQ", sigmaQ);
    m.put("iterations", iterations);
    m.put("serverIterations", serverIterations);
    m.put("featureKernelScale", featureKernelScale.name());
    m.put("labelKernel", labelKernel.name());
    m.put("noiseCalibration", budget.calibration().name());
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

  /**
   * A mutable copy of {@link MechanismParams}, or a fresh one ({@link #builder()}) whose
   * {@link #build()} refuses any field never set (no field falls back to a default unseen).
   * The noise source lives in the budget and in option {@code noiseSource}: whichever of
   * {@link #budget} and {@link #options} is set last names it for both.
   */
  public static final class Builder {
    private PrivacyBudget budget;
    private Double sigma;
    private Double alpha;
    private Integer k;
    private Double sigmaQ;
    private Integer iterations;
    private Integer serverIterations;
    private FeatureKernelScale featureKernelScale;
    private LabelKernel labelKernel;
    private Boolean renormalize;
    private Boolean officialCodeMii;
    private Boolean sharedClientQ;
    private Map<String, String> options;

    private Builder() {}

    private Builder(MechanismParams p) {
      budget = p.budget;
      sigma = p.sigma;
      alpha = p.alpha;
      k = p.k;
      sigmaQ = p.sigmaQ;
      iterations = p.iterations;
      serverIterations = p.serverIterations;
      featureKernelScale = p.featureKernelScale;
      labelKernel = p.labelKernel;
      renormalize = p.renormalize;
      officialCodeMii = p.officialCodeMii;
      sharedClientQ = p.sharedClientQ;
      options = p.options;
    }

    /**
     * ε, δ, calibration and noise source at once; the noise source becomes option
     * {@code noiseSource} (recorded only when not the default {@code seeded}, as before).
     */
    public Builder budget(PrivacyBudget b) {
      budget = Objects.requireNonNull(b, "budget");
      if (options != null && (b.noiseSource() != NoiseOrigin.SEEDED || options.containsKey(NoiseOrigin.OPTION))) {
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

    public Builder sigmaQ(double v) {
      sigmaQ = v;
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

    public Builder featureKernelScale(FeatureKernelScale v) {
      featureKernelScale = v;
      return this;
    }

    public Builder labelKernel(LabelKernel v) {
      labelKernel = v;
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

    /**
     * The mechanism options; a {@code noiseSource} among them becomes the budget's noise source,
     * and without one the budget's (if not {@code seeded}) is kept as that option.
     */
    public Builder options(Map<String, String> v) {
      options = Objects.requireNonNull(v, "options");
      if (budget == null) {
        return this;
      }
      if (v.containsKey(NoiseOrigin.OPTION)) {
        budget = budget.withNoiseSource(NoiseOrigin.parse(v.get(NoiseOrigin.OPTION)));
      } else if (budget.noiseSource() != NoiseOrigin.SEEDED) {
        budget(budget);
      }
      return this;
    }

    /**
     * The parameters; validated as the record's constructor does.
     *
     * @throws IllegalStateException if a field was never set (a fresh {@link #builder()})
     */
    public MechanismParams build() {
      Map<String, String> o = set(options, "options");
      PrivacyBudget b = set(budget, "budget");
      if (o.containsKey(NoiseOrigin.OPTION)) {
        b = b.withNoiseSource(NoiseOrigin.parse(o.get(NoiseOrigin.OPTION)));
      } else if (b.noiseSource() != NoiseOrigin.SEEDED) {
        o = new TreeMap<>(o);
        o.put(NoiseOrigin.OPTION, b.noiseSource().cliName());
      }
      return new MechanismParams(b, set(sigma, "sigma"), set(alpha, "alpha"), set(k, "k"), set(sigmaQ, "sigmaQ"),
          set(iterations, "iterations"), set(serverIterations, "serverIterations"),
          set(featureKernelScale, "featureKernelScale"), set(labelKernel, "labelKernel"),
          set(renormalize, "renormalize"), set(officialCodeMii, "officialCodeMii"),
          set(sharedClientQ, "sharedClientQ"), o);
    }

    private static <T> T set(T value, String name) {
      if (value == null) {
        throw new IllegalStateException("MechanismParams.Builder: " + name + " was never set");
      }
      return value;
    }
  }
}

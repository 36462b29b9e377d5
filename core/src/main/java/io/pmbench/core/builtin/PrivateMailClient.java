package io.pmbench.core.builtin;

import io.pmbench.core.kernel.GaussianKernel;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyBudget;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.NoiseSource;
import io.pmbench.core.smlq.Smlq;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The client side of PrivateMail (SPEC.md §5) and of its {@code label-only} control.
 *
 * <p>Per query: Q ~ N(0, σ_q²)^{n×k} (one Q per run seed under {@code official-code}); f(X) = one SMLQ step from Q with L_X, L_Y of D; Δ from
 * Appendix B and ‖Q‖_F; s from the calibration; X̃ = f(X) + N(0, s²); then L_X is rebuilt from X̃
 * and T noise-free iterations run from X̃ (post-processing). The public–public kernel block is
 * computed once and reused: only the rows of r and the dummies are new per query. The rebuilt
 * L_X evaluates its exponentials by {@link GaussianKernel.Exp#POLYNOMIAL} (within 1 ulp of
 * {@code Math.exp}, the same bits with or without SIMD); it reads only X̃, so privacy is unchanged.
 *
 * <p>With {@code useFeatures = false} ({@code label-only}), X̃ is replaced by data-independent
 * noise of the same shape and scale (BASELINES.md §5): the features never enter the output.
 */
final class PrivateMailClient implements ClientSide, Auditable {
  /** The name of the audited stage. */
  static final String AUDIT_STAGE = "noisy SMLQ step";

  static final String LABEL_CAVEAT = "L_Y uses the raw labels (r's true label included): the guarantee covers the"
      + " labels only if labels are public (SPEC.md §5.4)";

  private final MechanismParams p;
  /** The budget and the noise draw, resolved once per cell (no query parses an option). */
  private final PrivacyBudget budget;
  private final NoiseDraw noise;
  /** The claim's caveats, fixed by the parameters (built once per cell). */
  private final List<String> caveats;
  private final int numClasses;
  private final KernelLaplacian.Base publicBlock;
  private final boolean useFeatures;
  private final long clientSeed;
  /** Per-thread n × n storage of the post-processing L_X: one query at a time per thread, no 8 MB allocation per query. */
  private final ThreadLocal<double[][]> postStorage = new ThreadLocal<>();

  PrivateMailClient(ClientView view, MechanismParams p, boolean useFeatures) {
    this.p = p;
    this.budget = p.budget();
    this.noise = p.noise();
    this.caveats = List.copyOf(caveats(p, noise));
    this.numClasses = view.numClasses();
    this.useFeatures = useFeatures;
    this.clientSeed = view.clientSeed();
    this.publicBlock = useFeatures
        ? KernelLaplacian.base(view.publicSet().features().toDoubles(), view.publicSet().size(),
            view.publicSet().dimension(), p.featureKernelScale().scale(p.sigma()))
        : null;
  }

  /** Appendix B parameters for a client data set of n rows. */
  AppendixB.Params boundParams(int n) {
    return new AppendixB.Params(n, p.sigma(), p.alpha(), numClasses - 1, p.officialCodeMii());
  }

  /**
   * The private release before post-processing: f(X) (null for label-only), X̃, Δ, s and ‖Q‖_F.
   * Package-visible so tests can check the noise against its stated scale.
   */
  record Release(double[] f, double[] noisy, double sensitivity, double noiseScale, double normQ,
      LabelLaplacian ly) {}

  Release release(ClientData data, SplittableRandom rng) {
    return release(data, Mechanisms.initialQ(data.size(), p, clientSeed, rng), rng);
  }

  /** {@link #release(ClientData, SplittableRandom)} from a given Q (n × k); the noise comes from {@code rng}. */
  private Release release(ClientData data, double[] q, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    LabelLaplacian ly = LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma());
    double normQ = Smlq.frobenius(q);
    double delta = AppendixB.sensitivity(boundParams(n), normQ);
    double s = budget.gaussianSigma(delta);
    if (!useFeatures) {
      return new Release(null, Seeds.gaussianBlock(n, k, s, rng), delta, s, normQ, ly);
    }
    KernelLaplacian lx = KernelLaplacian.extend(publicBlock, data.privateRows(), data.publicOffset());
    double[] f = Smlq.iterate(lx, ly, p.alpha(), q, k, false);
    double[] noisy = f.clone();
    NoiseSource drawn = noise.gaussian(s, delta, f.length);
    drawn.addTo(noisy, rng);
    return new Release(f, noisy, delta, drawn.scale(), normQ, ly);
  }

  /** The noisy SMLQ step (SPEC.md §5.1–5.3), the only noisy stage; none for {@code label-only}. */
  @Override
  public List<String> auditStages() {
    return useFeatures ? List.of(AUDIT_STAGE) : List.of();
  }

  /**
   * The noisy SMLQ step with Q ~ N(0, σ_q²) drawn from {@code internal}: f(X) and Appendix B's ℓ2
   * Δ for this n and ‖Q‖_F, and the release X̃ by the same code as {@link #embed}.
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    if (!auditStages().contains(stage)) {
      throw AuditStage.unknown(stage, auditStages());
    }
    double[] q = Seeds.gaussianBlock(data.size(), p.k(), p.sigmaQ(), internal);
    Release r = release(data, q, internal.split()); // its noise is discarded: only f, Δ and s are read
    return new AuditStage(stage, r.f(), r.sensitivity(), AuditStage.Norm.L2, r.noiseScale(), p.epsilon(), p.delta(),
        1, noise -> release(data, q, noise).noisy(), "X~ = f(X) + N with Q fixed, Delta from Appendix B ("
            + p.calibration() + " noise, " + p.featureKernelScale() + "/" + p.labelKernel() + " kernels)");
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    Release r = release(data, rng);
    // Post-processing: L_X rebuilt from the released n × k rows, L_Y kept, T iterations.
    KernelLaplacian lxNoisy = KernelLaplacian.of(r.noisy(), n, k, p.featureKernelScale().scale(p.sigma()),
        postStorage(n), GaussianKernel.Exp.POLYNOMIAL);
    Smlq.Result post = Smlq.run(lxNoisy, r.ly(), p.alpha(), r.noisy(), k, p.iterations(), p.renormalize());
    return new ClientRelease(new Embedding(post.embedding(), n, k), claim(r.sensitivity(), r.noiseScale()),
        Map.of("normQ", r.normQ(), "objectiveIncreased", post.objectiveIncreased() ? 1.0 : 0.0));
  }

  private double[][] postStorage(int n) {
    double[][] w = postStorage.get();
    if (w == null || w.length < n || w[0].length < n) {
      w = new double[n][n];
      postStorage.set(w);
    }
    return w;
  }

  private PrivacyClaim claim(double sensitivity, double s) {
    if (!useFeatures) {
      return new PrivacyClaim(Guarantee.NONE, Double.NaN, Double.NaN, sensitivity, s, p.calibration().name(),
          "n/a", "labels (the output depends on the labels and on data-independent noise only)",
          List.of("control: features replaced by data-independent noise of the PrivateMail scale", LABEL_CAVEAT));
    }
    return PrivacyClaim.gaussian(p.calibration(), p.epsilon(), p.delta(), sensitivity, s,
        "labels of D; the public rows P; sigma, alpha, k, sigma_q; Q is secret", new ArrayList<>(caveats));
  }

  /** The caveats of PrivateMail's claim under {@code p}, drawn by {@code noise}. */
  private static List<String> caveats(MechanismParams p, NoiseDraw noise) {
    List<String> caveats = new ArrayList<>();
    caveats.add(LABEL_CAVEAT);
    if (!PrivateMailMechanism.boundAssumptionsHold(p)) {
      caveats.add("Appendix B's bound is derived for the TWO_SIGMA_SQUARED feature kernel and GAUSSIAN_INTEGER"
          + " labels; with " + p.featureKernelScale() + "/" + p.labelKernel() + " it is applied unproven");
    }
    caveats.add(noise.sampler() == NoiseSampler.SECURE
        ? "noise: exact discrete Gaussian on a power-of-two grid (noiseSampler=secure; Canonne-Kamath-Steinke 2020)"
        : "noise: Gaussian sampled in double precision (noiseSampler=standard; not floating-point hardened)");
    if (noise.origin() == NoiseOrigin.SYSTEM) {
      caveats.add("noise source: " + NoiseOrigin.SYSTEM_STATEMENT);
    }
    if (p.officialCodeMii()) {
      caveats.add("M_ii uses the official code's e^(-c/(2 sigma^2)) (c, not c^2)");
    }
    if (p.sharedClientQ()) {
      caveats.add("one client Q per run seed shared by every query (official code): the releases of different"
          + " queries are not independent, and the stated (epsilon, delta) is per release, not composed over queries");
    }
    if (p.renormalize()) {
      caveats.add("post-processing iterations renormalise X_t to Frobenius norm sqrt(n) (official code)");
    }
    return caveats;
  }
}

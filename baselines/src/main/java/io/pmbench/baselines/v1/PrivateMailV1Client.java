package io.pmbench.baselines.v1;

import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
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
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client side of {@code privatemail-v1} (see {@link PrivateMailV1Mechanism} for the
 * guarantee). The public–public kernel block is computed once; per query only the rows of r and
 * the dummies are new. ε₀ is solved once (it depends on ε, δ and m only); the EARLY_PAPER
 * sensitivity depends on n only and is cached per n.
 */
final class PrivateMailV1Client implements ClientSide, Auditable {
  static final String LABEL_CAVEAT = "L_Y uses the raw labels (r's true label included): the guarantee covers the"
      + " labels only if labels are public (SPEC.md §5.4)";

  private final MechanismParams p;
  private final PrivateMailV1Mechanism.Settings settings;
  private final int c;
  private final KernelLaplacian.Base publicBlock;
  private final double epsilon0;
  /** How the noise is drawn, resolved once per cell. */
  private final NoiseDraw noise;
  private final LaplaceComposition.Branch branch;
  private final Map<Integer, Double> earlyPaperGs = new ConcurrentHashMap<>();

  PrivateMailV1Client(ClientView view, MechanismParams p, PrivateMailV1Mechanism.Settings settings) {
    this.p = p;
    this.settings = settings;
    this.noise = p.noise();
    this.c = view.numClasses() - 1;
    this.epsilon0 = LaplaceComposition.solveEpsilon0(p.budget(), settings.noisyIterations());
    this.branch = LaplaceComposition.branch(epsilon0, settings.noisyIterations(), p.delta());
    int nPublic = view.publicSet().size();
    int dim = view.publicSet().dimension();
    float[] src = view.publicSet().features().data();
    double[] rows = new double[src.length];
    for (int i = 0; i < src.length; i++) {
      rows[i] = src[i];
    }
    this.publicBlock = KernelLaplacian.base(rows, nPublic, dim, p.featureKernelScale().scale(p.sigma()));
    // refuse before the first query when the bound cannot exist for the smallest D = [r; P]
    sensitivityL1(nPublic + 1, 1.0);
  }

  /** ε₀ of each noisy iteration. */
  double epsilon0() {
    return epsilon0;
  }

  /** Appendix B's parameters for a client data set of n rows. */
  AppendixB.Params boundParams(int n) {
    return new AppendixB.Params(n, p.sigma(), p.alpha(), c, p.officialCodeMii());
  }

  /**
   * The ℓ1 sensitivity the noise of one iteration is calibrated to, for an input block of
   * Frobenius norm {@code inputNorm}: √((n+1)·k)·Δ₂(‖input‖_F) under APPENDIX_B, GS (which does
   * not depend on the input) under EARLY_PAPER.
   */
  double sensitivityL1(int n, double inputNorm) {
    return switch (settings.mode()) {
      case APPENDIX_B -> Math.sqrt((n + 1.0) * p.k()) * AppendixB.sensitivity(boundParams(n), inputNorm);
      case EARLY_PAPER -> earlyPaperGs.computeIfAbsent(n, nn -> EarlyPaperBound.globalSensitivity(
          EarlyPaperBound.constants(nn, p.sigma(), p.alpha(), c), p.k(), p.sigmaQ()));
    };
  }

  /**
   * The noisy part of one release: per noisy iteration t, the pre-noise f_t, the released X̃_t,
   * the ℓ1 sensitivity and the Laplace scale. Package-visible so tests can check the noise.
   */
  record Release(double[][] f, double[][] noisy, double[] sensitivityL1, double[] scale, double normQ,
      LabelLaplacian ly) {
    double[] last() {
      return noisy[noisy.length - 1];
    }
  }

  Release release(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    int m = settings.noisyIterations();
    LabelLaplacian ly = LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma());
    KernelLaplacian lx = KernelLaplacian.extend(publicBlock, data.privateRows(), data.publicOffset());
    double[] x = new double[n * k];
    for (int i = 0; i < x.length; i++) {
      x[i] = p.sigmaQ() * Seeds.gaussian(rng);
    }
    double normQ = Smlq.frobenius(x);
    double[][] f = new double[m][];
    double[][] noisy = new double[m][];
    double[] sens = new double[m];
    double[] scale = new double[m];
    for (int t = 0; t < m; t++) {
      Step st = step(lx, ly, n, x, rng);
      sens[t] = st.sensitivityL1();
      scale[t] = st.scale();
      f[t] = st.f();
      noisy[t] = st.noisy();
      x = noisy[t];
    }
    return new Release(f, noisy, sens, scale, normQ, ly);
  }

  /** One noisy iteration from the input block x: f_t, its release f_t + Lap(b), Δ₁ and b = Δ₁/ε₀. */
  private record Step(double[] f, double[] noisy, double sensitivityL1, double scale) {}

  private Step step(KernelLaplacian lx, LabelLaplacian ly, int n, double[] x, SplittableRandom rng) {
    double sens = sensitivityL1(n, Smlq.frobenius(x));
    double scale = sens / epsilon0;
    double[] f = Smlq.iterate(lx, ly, p.alpha(), x, p.k(), false);
    double[] noisy = f.clone();
    noise.laplace(scale, sens, noisy.length).addTo(noisy, rng);
    return new Step(f, noisy, sens, scale);
  }

  /** The Laplace scale comes from the sensitivity mode, not from the run's Gaussian calibration. */
  @Override
  public Optional<String> ownNoiseRule() {
    return Optional.of(settings.mode() + " (Laplace)");
  }

  /** One stage per noisy iteration, each claimed pure ε₀-DP (composed to the run's ε). */
  @Override
  public List<String> auditStages() {
    List<String> out = new ArrayList<>();
    for (int t = 1; t <= settings.noisyIterations(); t++) {
      out.add("Laplace iteration " + t + " of " + settings.noisyIterations());
    }
    return out;
  }

  /**
   * Noisy iteration t by the same code as {@link #embed}, from an input block X drawn from
   * {@code internal} as iid N(0, σ_q²): for t = 1 it is Q; for t &gt; 1 it stands for the
   * already released X̃_(t−1), which adaptive composition treats as given (the iteration must be
   * ε₀-DP for every fixed input; f and Δ₁ are both linear in X, so its scale does not matter).
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    int t = auditStages().indexOf(stage) + 1;
    if (t == 0) {
      throw AuditStage.unknown(stage, auditStages());
    }
    int n = data.size();
    LabelLaplacian ly = LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma());
    KernelLaplacian lx = KernelLaplacian.extend(publicBlock, data.privateRows(), data.publicOffset());
    double[] x = new double[n * p.k()];
    for (int i = 0; i < x.length; i++) {
      x[i] = p.sigmaQ() * Seeds.gaussian(internal);
    }
    Step st = step(lx, ly, n, x, internal.split());
    return new AuditStage(stage, st.f(), st.sensitivityL1(), AuditStage.Norm.L1, st.scale(), epsilon0, 0.0, 1,
        noise -> step(lx, ly, n, x, noise).noisy(), settings.mode() + " l1 bound, epsilon0 = "
            + String.format(Locale.ROOT, "%.6g", epsilon0) + " of the " + settings.noisyIterations()
            + " composed iterations, fixed input " + (t == 1 ? "Q" : "standing for X~_" + (t - 1)));
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    Release r = release(data, rng);
    PostProcessed post = postProcess(r, n, k);
    Map<String, Double> diag = new TreeMap<>();
    diag.put("postProcessingSkipped", post.skipped() ? 1.0 : 0.0);
    diag.put("normQ", r.normQ());
    diag.put("epsilon0", epsilon0);
    diag.put("composedEpsilon", LaplaceComposition.composed(epsilon0, settings.noisyIterations(), p.delta()));
    for (int t = 0; t < r.scale().length; t++) {
      diag.put("sensitivityL1_" + (t + 1), r.sensitivityL1()[t]);
      diag.put("laplaceScale_" + (t + 1), r.scale()[t]);
    }
    diag.put("objectiveIncreased", post.objectiveIncreased() ? 1.0 : 0.0);
    return new ClientRelease(new Embedding(post.embedding(), n, k),
        claim(r.sensitivityL1()[0], r.scale()[0], post.skipped()), diag);
  }

  /** The post-processed embedding, or the release itself when post-processing was skipped. */
  record PostProcessed(double[] embedding, boolean skipped, boolean objectiveIncreased) {}

  /**
   * Post-processing: L_X rebuilt from the released n × k rows, L_Y kept, {@code postIterations}
   * noise-free iterations. When the released rows are so spread that a row's kernel weights all
   * underflow (a zero degree) the update is undefined, and when degrees are tiny it overflows;
   * then the release is returned as it is.
   */
  PostProcessed postProcess(Release r, int n, int k) {
    KernelLaplacian lxNoisy = KernelLaplacian.of(r.last(), n, k, p.featureKernelScale().scale(p.sigma()));
    if (!hasZeroDegree(lxNoisy)) {
      Smlq.Result post = Smlq.run(lxNoisy, r.ly(), p.alpha(), r.last(), k, settings.postIterations(), p.renormalize());
      if (Double.isFinite(Smlq.frobenius(post.embedding()))) {
        return new PostProcessed(post.embedding(), false, post.objectiveIncreased());
      }
    }
    return new PostProcessed(r.last(), true, false);
  }

  private static boolean hasZeroDegree(KernelLaplacian l) {
    for (int i = 0; i < l.size(); i++) {
      if (!(l.diagonal(i) > 0)) {
        return true;
      }
    }
    return false;
  }

  private PrivacyClaim claim(double sensitivity, double scale, boolean postProcessingSkipped) {
    List<String> caveats = new ArrayList<>();
    caveats.add(LABEL_CAVEAT);
    if (postProcessingSkipped) {
      caveats.add("post-processing skipped: on the released rows the kernel at sigma = " + p.sigma()
          + " underflows (a zero degree) or the update overflows; the noisy release is used as it is");
    }
    caveats.add(String.format(Locale.ROOT, "Laplace noise after each of %d iterations at epsilon0 = %.6g each;"
        + " composed by %s to %.6g <= epsilon = %s", settings.noisyIterations(), epsilon0,
        branch == LaplaceComposition.Branch.BASIC ? "basic composition" : "Kairouz-Oh-Viswanath (Thm 3.5)",
        LaplaceComposition.composed(epsilon0, settings.noisyIterations(), p.delta()), p.epsilon()));
    if (p.featureKernelScale() != FeatureKernelScale.TWO_SIGMA_SQUARED || p.labelKernel() != LabelKernel.GAUSSIAN_INTEGER) {
      caveats.add("the sensitivity bound is derived for the TWO_SIGMA_SQUARED feature kernel and GAUSSIAN_INTEGER"
          + " labels; with " + p.featureKernelScale() + "/" + p.labelKernel() + " it is applied unproven");
    }
    if (p.renormalize()) {
      caveats.add("post-processing iterations renormalise X_t to Frobenius norm sqrt(n) (official code)");
    }
    caveats.add("Laplace noise sampled by inversion in double precision (not floating-point hardened)");
    String assumed = "labels of D; the public rows P; sigma, alpha, k, sigma_q, m; Q and the noise are secret";
    if (settings.mode() == SensitivityMode.EARLY_PAPER) {
      caveats.add("EARLY_PAPER: the early version has no valid DP guarantee - GS is Corollary 1.1's"
          + " high-probability bound over Q (Theorem 1's tail bound is 0 at the largest beta it allows), an l2"
          + " bound used as the Laplace mechanism's l1 sensitivity; Appendix E read as " + EarlyPaperBound.READING);
      return new PrivacyClaim(Guarantee.NOT_DP, p.epsilon(), p.delta(), sensitivity, scale, "LAPLACE_EARLY_PAPER",
          PrivacyClaim.ADD_REMOVE_ROW, assumed, caveats);
    }
    caveats.add("l1 sensitivity sqrt((n+1)k) * Appendix B's l2 bound; the second noisy iteration's bound uses"
        + " ||X~_1||_F, the already-released noisy output, where SPEC.md §5.2 uses ||Q||_F (the harness's reading)");
    if (p.officialCodeMii()) {
      caveats.add("M_ii uses the official code's e^(-c/(2 sigma^2)) (c, not c^2)");
    }
    boolean pure = branch == LaplaceComposition.Branch.BASIC;
    return new PrivacyClaim(pure ? Guarantee.PURE_DP : Guarantee.APPROXIMATE_DP, p.epsilon(), pure ? 0.0 : p.delta(),
        sensitivity, scale, "LAPLACE_APPENDIX_B", PrivacyClaim.ADD_REMOVE_ROW, assumed, caveats);
  }
}

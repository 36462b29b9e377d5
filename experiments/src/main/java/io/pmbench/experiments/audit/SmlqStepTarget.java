package io.pmbench.experiments.audit;

import io.pmbench.baselines.v1.LaplaceComposition;
import io.pmbench.core.kernel.FeatureKernelScale;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelKernel;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.privacy.AppendixB;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.SplittableRandom;

/**
 * The noisy SMLQ step of {@code privatemail} (SPEC.md §5: f(X) = ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·Q + Q,
 * Δ = M·√(n+1)/2·‖Q‖_F from Appendix B, Gaussian noise by the calibration) and of
 * {@code privatemail-v1} (BASELINES.md §6, APPENDIX_B mode: the first of its m = 2 Laplace releases,
 * ℓ1 sensitivity √((n+1)·k)·Δ₂ — at ε₀ solved from the
 * composition). Both with the kernels Appendix B assumes (TWO_SIGMA_SQUARED, GAUSSIAN_INTEGER)
 * and a fixed Q ~ N(0, σ_q²), σ_q = 1e-8. Auditing one release of a multi-release mechanism is
 * valid against the whole claim: a marginal of an (ε, δ)-DP output is (ε, δ)-DP.
 */
final class SmlqStepTarget extends SettingsTarget {
  private static final double SIGMA_Q = 1e-8;
  private static final int V1_NOISY_ITERATIONS = 2;

  private final NoiseCalibration calibration; // null for privatemail-v1
  private final double[] q;

  private SmlqStepTarget(AuditSettings s, NoiseCalibration calibration) {
    super(s);
    this.calibration = calibration;
    SplittableRandom rng = Seeds.stream(s.seed(), "audit", "Q");
    this.q = new double[s.n() * s.k()];
    for (int i = 0; i < q.length; i++) {
      q[i] = SIGMA_Q * Seeds.gaussian(rng);
    }
  }

  /** {@code privatemail} under one noise calibration. */
  static SmlqStepTarget privateMail(AuditSettings s, NoiseCalibration calibration) {
    return new SmlqStepTarget(s, calibration);
  }

  /** {@code privatemail-v1}, APPENDIX_B mode. */
  static SmlqStepTarget privateMailV1(AuditSettings s) {
    return new SmlqStepTarget(s, null);
  }

  @Override
  public String mechanism() {
    return calibration == null ? "privatemail-v1" : "privatemail";
  }

  @Override
  public String calibration() {
    return calibration == null ? "APPENDIX_B (Laplace)" : calibration.name();
  }

  @Override
  public NoiseKind noise() {
    return calibration == null ? NoiseKind.LAPLACE : NoiseKind.GAUSSIAN;
  }

  @Override
  public double[] f(AuditData data) {
    KernelLaplacian lx = KernelLaplacian.of(data.rows(), data.n(), data.d(),
        FeatureKernelScale.TWO_SIGMA_SQUARED.scale(s.sigma()));
    LabelLaplacian ly = LabelLaplacian.of(data.labels(), LabelKernel.GAUSSIAN_INTEGER, s.sigma());
    return Smlq.iterate(lx, ly, s.alpha(), q, s.k(), false);
  }

  /** Appendix B's ℓ2 bound for the client's n rows (×√((n+1)·k) for the ℓ1 bound of privatemail-v1). */
  @Override
  public double claimedSensitivity(AuditData data) {
    double l2 = AppendixB.sensitivity(new AppendixB.Params(data.n(), s.sigma(), s.alpha(), s.c(), false),
        Smlq.frobenius(q));
    return calibration == null ? Math.sqrt((data.n() + 1.0) * s.k()) * l2 : l2;
  }

  @Override
  public double noiseScale(AuditData data) {
    double delta = claimedSensitivity(data);
    if (calibration == null) {
      return delta / LaplaceComposition.solveEpsilon0(s.epsilon(), V1_NOISY_ITERATIONS, s.delta());
    }
    return calibration.sigma(delta, s.epsilon(), s.delta());
  }

  @Override
  public String note() {
    return calibration == null
        ? "first of 2 Laplace releases, l1 bound sqrt((n+1)*k)*Appendix B, epsilon0 from the composition; fixed Q"
        : "noisy SMLQ step with Appendix B's Delta, fixed Q, TWO_SIGMA_SQUARED/GAUSSIAN_INTEGER kernels";
  }
}

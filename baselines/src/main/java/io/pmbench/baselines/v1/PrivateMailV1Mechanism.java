package io.pmbench.baselines.v1;

import io.pmbench.core.builtin.SmlqMechanism;
import io.pmbench.core.builtin.SmlqServedMechanism;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import java.util.List;

/**
 * {@code privatemail-v1}: the early PrivateMail variant (BASELINES.md §6; seed paper
 * privatemail-early-version.md, its equation 7, Figure 3 step 3, Algorithm 1 and §6.2).
 *
 * <p><b>Mechanism.</b> From Q ~ N(0, σ_q²)^{n×k}, m = 2 (option {@code noisyIterations})
 * iterations of SPEC.md §4's update with L_X, L_Y of the client's D, each followed by iid
 * Laplace noise of scale b_t on every entry: X̃_t = f(X̃_{t−1}) + Lap(b_t), X̃_0 = Q. Then L_X is
 * rebuilt from the rows of X̃_m (same kernel and σ), L_Y kept, and 2 (option
 * {@code postIterations}) noise-free iterations run from X̃_m (post-processing). When the
 * released rows are so spread that some row's kernel weights all underflow to 0 (a zero degree:
 * the update is undefined) or the update overflows (tiny degrees) — common under APPENDIX_B, see
 * below — X̃_m is returned as it is and the release says so (diagnostic
 * {@code postProcessingSkipped}); this is still post-processing of the release.
 *
 * <p><b>Guarantee</b> (option {@code sensitivity}):
 * <ul>
 *   <li>{@code APPENDIX_B} (default): each noisy iteration is ε₀-DP by the Laplace mechanism
 *       with ℓ1 sensitivity Δ₁ = √((n+1)·k)·Δ₂ (‖v‖₁ ≤ √dim·‖v‖₂ over the (n+1)·k entries of the
 *       padded output) and Δ₂ = Appendix B's M·√(n+1)/2·‖X̃_{t−1}‖_F (SPEC.md §5.2). Appendix B's
 *       bound is deterministic in the input block, and X̃_{t−1} is already released, so the second
 *       iteration's Δ₂ uses ‖X̃₁‖_F where §5.2 uses ‖Q‖_F (the harness's reading); since X̃₁ is
 *       dominated by noise, ‖X̃₁‖_F ≈ b₁·√(2nk) ≫ ‖Q‖_F ≈ σ_q·√(nk), so the second scale is
 *       about √2·b₁/σ_q times the first (≈ 5·10⁵ at n = 1,001, σ = 5, ε = 0.1). The m releases
 *       compose adaptively to ε̃(ε₀) = min(m·ε₀, ε₀·√(2m·ln(1/δ)) + m·ε₀·tanh(ε₀/2))
 *       ({@link LaplaceComposition}); ε₀ is the largest value with ε̃(ε₀) ≤ ε. The result is pure
 *       ε-DP when basic composition attains the minimum (always for m = 2 and δ &lt; 1/e),
 *       (ε, δ)-DP otherwise.</li>
 *   <li>{@code EARLY_PAPER}: b_t = GS/ε₀ with GS from Corollary 1.1 and Appendix E Case 2
 *       ({@link EarlyPaperBound}); <b>no valid DP guarantee</b> (claims say NOT_DP). Refused with
 *       "bound does not exist at these settings" when φ_min ≤ 0, as at the paper's settings.</li>
 * </ul>
 * <b>Neighbouring:</b> one row of D added or removed, the smaller padded with a zero row
 * (SPEC.md §1). <b>Assumed public:</b> the labels (L_Y uses them raw, r's own included), P, and
 * σ, α, k, σ_q, m; Q and the noise are secret. The bounds assume unit-norm rows, the
 * {@code TWO_SIGMA_SQUARED} feature kernel and {@code GAUSSIAN_INTEGER} labels (the {@code paper}
 * preset); other kernels run with a caveat that the bound is applied unproven.
 *
 * <p><b>Server:</b> core's noise-free SMLQ on [S; P] (through {@link SmlqServedMechanism}, as for
 * {@link SmlqMechanism}, so the server embedding and its cache key are exactly those of
 * {@code smlq} and {@code privatemail}).
 */
public final class PrivateMailV1Mechanism extends SmlqServedMechanism {
  /** Option: noisy iterations m (default 2). */
  public static final String NOISY_ITERATIONS = "noisyIterations";
  /** Option: noise-free iterations after L_X is rebuilt (default 2). */
  public static final String POST_ITERATIONS = "postIterations";

  private static final OptionSpec<SensitivityMode> SENSITIVITY = new OptionSpec<>(SensitivityMode.OPTION,
      "one of APPENDIX_B, EARLY_PAPER", SensitivityMode.APPENDIX_B.name(),
      "the l1 sensitivity bound: Appendix B's, or the early paper's Corollary 1.1", SensitivityMode::parse);
  private static final OptionSpec<Integer> NOISY = OptionSpec.integer(NOISY_ITERATIONS, 1, "2",
      "m, the SMLQ iterations each followed by Laplace noise");
  private static final OptionSpec<Integer> POST = OptionSpec.integer(POST_ITERATIONS, 0, "2",
      "noise-free iterations after L_X is rebuilt");

  /** The mechanism's own options, parsed and checked. */
  record Settings(SensitivityMode mode, int noisyIterations, int postIterations) {
    static Settings of(MechanismParams p) {
      return new Settings(SENSITIVITY.value(p), NOISY.value(p), POST.value(p));
    }
  }

  /** Options {@code sensitivity}, {@code noisyIterations}, {@code postIterations}, and the SMLQ server's. */
  public PrivateMailV1Mechanism() {
    super("privatemail-v1", "early PrivateMail: Laplace noise after each of 2 SMLQ iterations (Appendix B l1 bound, or"
        + " the early paper's Corollary 1.1), then 2 post-processing iterations", Reporting.at(Reporting.PRIVATE + 10),
        List.of(SENSITIVITY, NOISY, POST));
  }

  @Override
  public void validate(MechanismParams params) {
    Settings s = Settings.of(params);
    LaplaceComposition.solveEpsilon0(params.budget(), s.noisyIterations());
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new PrivateMailV1Client(view, params, Settings.of(params));
  }
}

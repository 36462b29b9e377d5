package io.pmbench.baselines.pca;

import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.mechanism.SharedSpaceMechanism;
import io.pmbench.core.privacy.NoiseCalibration;

/**
 * {@code private-pca}: differentially private PCA (Chaudhuri, Sarwate &amp; Sinha 2013, JMLR 14;
 * BASELINES.md §3). Per query the client computes a DP k-dimensional subspace V of its own
 * D = [r; P_r; P] and releases (V, D·V + N); the server embeds its gallery as S·V
 * ({@link io.pmbench.core.mechanism.ClientRelease#published()}, {@link PcaServer}); no alignment.
 *
 * <p><b>Guarantee:</b> (ε, δ)-DP by basic composition of the subspace at (ε₁, δ₁) and the
 * projected release at (ε₂, δ₂), ε₁ = ε₂ = ε/2:
 * <ul>
 *   <li>{@code method=PPCA} (default; the paper's Algorithm 2): V ~ matrix Bingham
 *       ∝ exp((n·ε₁/2)·tr(VᵀAV)), A = (1/n)·DᵀD, i.e. the exponential mechanism with score
 *       tr(VᵀDᵀDV) = Σ_rows ‖x·V‖², whose sensitivity is 1 for rows of norm ≤ 1: pure ε₁-DP for an
 *       exact sample, δ₁ = 0, δ₂ = δ. The sample comes from Hoff's (2009) Gibbs chain
 *       ({@link MatrixBingham}; option {@code burnIn}, default 100 sweeps, from a data-independent
 *       random start), so the guarantee is approximate — every PPCA claim carries this caveat.
 *       For k ≤ 2 each column's conditional is drawn exactly ({@link AcgVectorBingham}; option
 *       {@code columnDraw}, default AUTO since revision 2: EXACT for k ≤ 2, SWEEP for k ≥ 3);
 *       {@code columnDraw=SWEEP} is Hoff's inner Gibbs sweep, revision 1's default for every k:
 *       the same stationary distribution, another chain. Needs d ≥ k + 2.
 *   <li>{@code method=MOD_SULQ} (Algorithm 1): V = top-k eigenvectors of A + E, E symmetric with
 *       iid N(0, β²) entries on and above the diagonal, β from {@link ModSulq#beta}; (ε₁, δ₁)-DP
 *       with δ₁ = δ₂ = δ/2.
 * </ul>
 * The release D·V + N, N iid N(0, s²), s = Calibrate(Δ = 1) at (ε₂, δ₂): with V fixed, removing
 * (zeroing) one row x of D changes D·V by the one row x·V, ‖x·V‖ ≤ ‖x‖ ≤ 1 (V has orthonormal
 * columns). <b>Neighbouring:</b> SPEC.md §1 (one row of D added or removed, zero-row padding; the
 * papers' replace-one-row relation covers it). <b>Assumed public:</b> P, k and n = |D|; labels are
 * not used. Rows are clipped to norm ≤ 1 so the bounds hold despite float rounding.
 *
 * <p>Cost: PPCA's per-query eigenbasis of G does not depend on ε; the clients share one
 * {@link EigenbasisCache}, so a grid builds it once per (seed, query) when its cells fit the cache's
 * budget, and once per query for two cells computed at the same time otherwise.
 */
public final class PrivatePcaMechanism extends AbstractMechanism implements SharedSpaceMechanism {
  /** The name under which the release publishes V (d × k). */
  public static final String SUBSPACE = "V";

  /** PPCA's per-query eigenbases, shared by this mechanism's clients (so across the ε cells of a grid). */
  private final EigenbasisCache bases = new EigenbasisCache();

  /** Options {@code method}, {@code burnIn} and {@code columnDraw}. */
  public PrivatePcaMechanism() {
    super("private-pca", "DP PCA (Chaudhuri et al. 2013; method=PPCA|MOD_SULQ): the client releases a DP subspace V"
        + " and D*V + noise; the server projects its gallery with V", Reporting.at(Reporting.PRIVATE + 30),
        PrivatePcaOptions.ALL);
  }

  /**
   * Revision 2: {@code columnDraw} defaults to AUTO, i.e. EXACT for k ≤ 2 (revision 1 drew with
   * Hoff's SWEEP for every k; for k ≥ 3 the draws are unchanged). A resumed run recomputes
   * private-pca cells of revision 1.
   */
  @Override
  public int revision() {
    return 2;
  }

  @Override
  public void validate(MechanismParams params) {
    PrivatePcaOptions.of(params);
    if (params.calibration() == NoiseCalibration.CLASSIC && !(params.epsilon() / 2 < 1)) {
      throw new IllegalArgumentException("epsilon must be < 2 for private-pca with the CLASSIC calibration (the"
          + " projected release gets epsilon/2 and CLASSIC needs < 1; use ANALYTIC). Provided value: "
          + params.epsilon());
    }
  }

  /** d ≥ k + 2 for PPCA (Hoff's sampler), d ≥ k for MOD-SULQ; refused with one line otherwise. */
  static void checkDimension(PrivatePcaOptions options, int d, int k) {
    if (options.method() == PcaMethod.PPCA && d < k + 2) {
      throw new IllegalArgumentException("k must be <= d - 2 for private-pca method=PPCA (Hoff's Gibbs sampler needs"
          + " d >= k + 2; d = " + d + "). Provided value: " + k);
    }
    if (d < k) {
      throw new IllegalArgumentException("k must be <= d for private-pca (d = " + d + "). Provided value: " + k);
    }
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name(); // the raw features: the projection happens per release
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    checkDimension(PrivatePcaOptions.of(params), view.gallery().dimension(), params.k());
    return new PcaServer(view);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    return new PrivatePcaClient(view, params, bases);
  }
}

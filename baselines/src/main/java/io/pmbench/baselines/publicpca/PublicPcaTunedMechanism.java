package io.pmbench.baselines.publicpca;

import io.pmbench.core.Preconditions;
import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.mechanism.SharedSpaceMechanism;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.List;

/**
 * {@code public-pca-tuned} (issue 35; BASELINES.md §8): {@link PublicPcaMechanism}
 * at the dims that serves the run's ε best, chosen on the public set alone. For each run seed and
 * (ε, δ, calibration), d* is the power of two (2 … min(d, |P| − 1, 512)) with the highest Recall@8
 * of public-pca's own release within P — a seeded half of P released with the run's noise against
 * the other half ({@link TunedDims}, which states the rule) — and the client releases
 * (D − 1·μ)·V_{d*} + N, N iid N(0, s²), exactly as public-pca at {@code dims=d*}; the server
 * projects S and P with the same V_{d*}; no alignment. The claim's caveats and the release's
 * diagnostic {@code dims} record d* and every grid point's score, so each cell keeps them.
 *
 * <p><b>Guarantee:</b> that of public-pca at dims = d*: (ε, δ)-DP with s = Calibrate(Δ = 1) by the
 * run's calibration (SPEC.md §5.3; CLASSIC needs ε &lt; 1; OFFICIAL_CODE is reported as not DP).
 * The choice reads only P (rows and labels), the shared seed and the public (ε, δ, calibration), so
 * it is a public, data-independent parameter of the mechanism and costs no budget.
 * <b>Neighbouring:</b> SPEC.md §1, one row of D added or removed (zero-row padding).
 * <b>Sensitivity:</b> Δ = 1 in ℓ2 (‖z·V_{d*}‖ ≤ ‖z‖ ≤ 1, rows clipped, V_{d*} orthonormal); 2 under
 * replace-one neighbours, which this claim does not cover. <b>Assumed public:</b> P with its labels,
 * μ, V, d*, the shared seed.
 */
public final class PublicPcaTunedMechanism extends AbstractMechanism implements SharedSpaceMechanism {
  public PublicPcaTunedMechanism() {
    super("public-pca-tuned", "public-pca at the dims with the best Recall@8 within the public set at the run's eps"
        + " (powers of two up to 512; chosen on P only)", Reporting.DEFAULT, List.of());
  }

  @Override
  public void validate(MechanismParams params) {
    if (params.calibration() == NoiseCalibration.CLASSIC) {
      Preconditions.checkClassicGaussianEpsilon(params.epsilon());
    }
  }

  /** d*, and so the server projection, depends on P (the seed) and the run's (ε, δ, calibration). */
  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|eps=" + params.epsilon() + "|delta=" + params.delta() + "|" + params.calibration();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    return TunedDims.of(view.publicSet(), params, view.sharedSeed()).chosenBasis().serverSide(view);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    TunedDims choice = TunedDims.of(view.publicSet(), params, view.sharedSeed());
    return new PublicPcaClient(choice.chosenBasis(), view.publicSet(), params, List.of(choice.describe()));
  }
}

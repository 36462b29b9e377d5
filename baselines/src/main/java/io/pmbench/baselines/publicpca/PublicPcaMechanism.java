package io.pmbench.baselines.publicpca;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.LabelledSet;
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
 * {@code public-pca} (SPEC.md §7): the plain Gaussian mechanism in a public basis. μ and V (the
 * mean and the top-{@code dims} right singular vectors of the public rows P centred by μ,
 * {@link PublicBasis}) are computed from P alone, once per public set; the client releases
 * (D − 1·μ)·V + N for every row of D = [r; P_r; P], N iid N(0, s²); the server projects S and P
 * the same way; no alignment (row 0 of the release is r's point). Option {@code dims} (default k).
 *
 * <p><b>Guarantee:</b> (ε, δ)-DP with s = Calibrate(Δ = 1) by the run's calibration (SPEC.md §5.3;
 * CLASSIC needs ε &lt; 1; OFFICIAL_CODE is reported as not DP). <b>Neighbouring:</b> SPEC.md §1, one
 * row of D added or removed, the smaller set padded with a zero row. <b>Sensitivity:</b> the two
 * releases differ in that one row only, by (z − μ)·V − (0 − μ)·V = z·V, and
 * ‖z·V‖ ≤ ‖z‖·‖V‖₂ = 1 (rows clipped to norm ≤ 1; V has orthonormal columns), so Δ = 1 in ℓ2;
 * under replace-one neighbours it would be ‖(z − z′)·V‖ ≤ 2, which this claim does not cover.
 * <b>Assumed public:</b> P, μ, V, dims; labels are not used. The simplest honest baseline: only
 * r (and the public dummies) are private, and nothing about them enters V.
 */
public final class PublicPcaMechanism extends AbstractMechanism implements SharedSpaceMechanism {
  /** Option {@code dims}. */
  public PublicPcaMechanism() {
    super("public-pca", "Gaussian mechanism in a public PCA basis: (D - mu)*V + noise, V = top-dims right singular"
        + " vectors of the centred public rows; dims=N (default k)", Reporting.DEFAULT.as(Reporting.Role.PLAIN_GAUSSIAN),
        List.of(PublicPcaOptions.SPEC));
  }

  @Override
  public void validate(MechanismParams params) {
    PublicPcaOptions.of(params);
    if (params.calibration() == NoiseCalibration.CLASSIC) {
      Preconditions.checkClassicGaussianEpsilon(params.epsilon());
    }
  }

  /** The server projection depends on P (the seed) and dims only, not on ε or the calibration. */
  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|dims=" + PublicPcaOptions.of(params).dims();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    return basis(view.publicSet(), params).serverSide(view);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    return new PublicPcaClient(basis(view.publicSet(), params), view.publicSet(), params);
  }

  /** The shared basis of {@code publicSet} at the option {@code dims}, checked against d. */
  static PublicBasis basis(LabelledSet publicSet, MechanismParams params) {
    PublicPcaOptions options = PublicPcaOptions.of(params);
    options.checkDimension(publicSet.dimension());
    return PublicBasis.of(publicSet, options.dims());
  }
}

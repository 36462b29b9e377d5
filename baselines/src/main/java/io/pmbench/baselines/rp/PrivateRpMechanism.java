package io.pmbench.baselines.rp;

import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.mechanism.SharedSpaceMechanism;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * {@code private-rp}: a private Johnson–Lindenstrauss projection (Kenthapadi, Korolova, Mironov &amp;
 * Mishra 2013; BASELINES.md §4). R ∈ R^(d×k), entries iid N(0, 1/k), is drawn from the shared
 * seed ({@link RandomProjection}); the client releases D·R + N (every row of D, N iid N(0, s²));
 * the server embeds [S; P] as [S·R; P·R]; no alignment (row 0 of the release is r·R + noise).
 *
 * <p><b>Guarantee</b> by option {@code neighbour}:
 * <ul>
 *   <li>{@code RECORD} (default): (ε, δ)-DP under SPEC.md §1 (one row of D added or removed, zero
 *       padding). Removing row x changes one output row by x·R, ‖x·R‖ ≤ σ_max(R)·‖x‖ ≤ σ_max(R)
 *       (rows clipped to norm ≤ 1), so Δ = σ_max(R) (EJML SVD) and s = Calibrate(Δ) with the run's
 *       calibration.
 *   <li>{@code ATTRIBUTE} (the paper's notion): one entry of one row changes by at most a = 2
 *       (entries of unit rows lie in [−1, 1]); the output changes by a·(row of R), so Δ = a·w₂(R)
 *       with w₂ the largest row norm, and s = (a·w₂(R)/ε)·√(2·(ln(1/(2δ)) + ε)) (the paper's
 *       formula, not the run's calibration; needs δ &lt; 1/2). Reports mark it as a weaker guarantee
 *       than RECORD.
 * </ul>
 * <b>Assumed public:</b> R (data-independent), P, k. Labels are not used.
 */
public final class PrivateRpMechanism extends AbstractMechanism implements SharedSpaceMechanism {
  /** a: the most one entry of a unit-norm row can change. */
  static final double ATTRIBUTE_RANGE = 2.0;

  /** Option {@code neighbour}. */
  public PrivateRpMechanism() {
    super("private-rp", "private Johnson-Lindenstrauss projection (Kenthapadi et al. 2013): D*R + Gaussian noise, R"
        + " from the shared seed; neighbour=RECORD|ATTRIBUTE", Reporting.at(Reporting.PRIVATE + 40), List.of(NEIGHBOUR));
  }

  /** Option {@code neighbour}: the neighbouring relation of the guarantee. */
  static final OptionSpec<Neighbour> NEIGHBOUR = OptionSpec.choice("neighbour", Neighbour.class, Neighbour.RECORD,
      "the neighbouring relation: RECORD (one row of D added or removed) or ATTRIBUTE (one entry changes by at most 2)");

  /** The option {@code neighbour} (default RECORD). */
  static Neighbour neighbour(MechanismParams p) {
    return NEIGHBOUR.value(p);
  }

  @Override
  public void validate(MechanismParams params) {
    Neighbour nb = neighbour(params);
    if (nb == Neighbour.RECORD && params.calibration() == NoiseCalibration.CLASSIC) {
      Preconditions.checkClassicGaussianEpsilon(params.epsilon());
    }
    if (nb == Neighbour.ATTRIBUTE && !(params.delta() < 0.5)) {
      throw new IllegalArgumentException("delta must be < 0.5 for private-rp neighbour=ATTRIBUTE (ln(1/(2 delta)) > 0)."
          + " Provided value: " + params.delta());
    }
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|k=" + params.k();
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    RandomProjection r = RandomProjection.fromSharedSeed(view.sharedSeed(), view.gallery().dimension(), params.k());
    Embedding gallery = new Embedding(r.project(view.gallery().features()), view.gallery().size(), params.k());
    Embedding pub = new Embedding(r.project(view.publicSet().features()), view.publicSet().size(), params.k());
    return ServerSide.of(gallery, pub);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    return new Client(view, params);
  }

  /** The client: the same R, then D·R + N for every row of D. */
  static final class Client implements ClientSide, Auditable {
    /** The name of the audited stage. */
    static final String AUDIT_STAGE = "D*R + N";

    private final MechanismParams p;
    private final Neighbour neighbour;
    private final RandomProjection r;
    private final double sensitivity;
    private final double noiseScale;
    /** How the noise is drawn, resolved once per cell. */
    private final NoiseDraw noise;

    Client(ClientView view, MechanismParams p) {
      this.p = p;
      this.noise = p.noise();
      this.neighbour = neighbour(p);
      this.r = RandomProjection.fromSharedSeed(view.sharedSeed(), view.publicSet().dimension(), p.k());
      if (neighbour == Neighbour.RECORD) {
        sensitivity = r.largestSingularValue();
        noiseScale = p.budget().gaussianSigma(sensitivity);
      } else {
        double w2 = r.largestRowNorm();
        sensitivity = ATTRIBUTE_RANGE * w2;
        noiseScale = RandomProjection.attributeNoiseScale(w2, ATTRIBUTE_RANGE, p.epsilon(), p.delta());
      }
    }

    double sensitivity() {
      return sensitivity;
    }

    double noiseScale() {
      return noiseScale;
    }

    RandomProjection projection() {
      return r;
    }

    /** D·R with every row of D first scaled down to norm ≤ 1 (before noise). */
    double[] projected(FeatureMatrix rows) {
      double[] y = r.project(rows);
      int k = r.k();
      for (int i = 0; i < rows.rows(); i++) {
        double f = 1 / Math.max(1, rowNorm(rows, i));
        for (int c = 0; c < k; c++) {
          y[i * k + c] *= f;
        }
      }
      return y;
    }

    private static double rowNorm(FeatureMatrix rows, int i) {
      float[] x = rows.data();
      int d = rows.cols();
      double s = 0;
      for (int j = i * d; j < (i + 1) * d; j++) {
        s += (double) x[j] * x[j];
      }
      return Math.sqrt(s);
    }

    @Override
    public ClientRelease embed(ClientData data, SplittableRandom rng) {
      int n = data.size();
      double[] y = projected(data.rows());
      noise.gaussian(noiseScale, sensitivity, y.length).addTo(y, rng);
      return new ClientRelease(new Embedding(y, n, r.k()), claim(), Map.of("sensitivity", sensitivity));
    }

    /**
     * The one noisy stage D·R + N under RECORD neighbours; none under ATTRIBUTE, whose claim is for
     * a change of one entry, not the add/remove-row relation an audit searches.
     */
    @Override
    public List<String> auditStages() {
      return neighbour == Neighbour.RECORD ? List.of(AUDIT_STAGE) : List.of();
    }

    /** f(D) = D·R (rows clipped), Δ = σ_max(R) in ℓ2, and {@link #embed}'s release; R is public, so {@code internal} is unused. */
    @Override
    public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
      if (!auditStages().contains(stage)) {
        throw AuditStage.unknown(stage, auditStages());
      }
      return new AuditStage(stage, projected(data.rows()), sensitivity, AuditStage.Norm.L2, noiseScale, p.epsilon(),
          p.delta(), 1, noise -> embed(data, noise).embedding().data(), "release D*R + N with R from the shared seed ("
              + p.calibration() + " noise, RECORD neighbours)");
    }

    private PrivacyClaim claim() {
      List<String> caveats = new ArrayList<>();
      caveats.add("R (d x k, iid N(0, 1/k)) is drawn from the shared seed and is public; rows of D are clipped to"
          + " L2 norm <= 1");
      if (neighbour == Neighbour.ATTRIBUTE) {
        caveats.add("neighbour=ATTRIBUTE: protects a change of one entry of one row by at most 2 (Kenthapadi et al.'s"
            + " notion) with their noise formula; a WEAKER guarantee than add/remove-row (RECORD): a whole row is not"
            + " protected");
        return new PrivacyClaim(Guarantee.APPROXIMATE_DP, p.epsilon(), p.delta(), sensitivity, noiseScale,
            "KENTHAPADI_ATTRIBUTE", "one entry of one row of D changes by at most 2 (attribute-level)",
            "R; P; k", caveats);
      }
      return PrivacyClaim.gaussian(p.calibration(), p.epsilon(), p.delta(), sensitivity, noiseScale,
          "R; P; k; labels are not used", caveats);
    }
  }
}

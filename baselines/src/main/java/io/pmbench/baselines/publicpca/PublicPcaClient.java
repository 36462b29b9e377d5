package io.pmbench.baselines.publicpca;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The client side of public-pca ({@link PublicPcaMechanism}): per query, (D − 1·μ)·V for every
 * row of D (rows clipped to norm ≤ 1), plus N iid N(0, s²) with s = Calibrate(1) at the run's
 * (ε, δ). The basis is public and shared with the server; all randomness is the noise.
 */
final class PublicPcaClient implements ClientSide, Auditable {
  /** The name of the audited stage. */
  static final String AUDIT_STAGE = "projection (D-mu)*V + N";

  /** The ℓ2 sensitivity of the projection under add/remove-one-row neighbours with zero padding. */
  static final double SENSITIVITY = 1.0;

  private final PublicBasis basis;
  private final MechanismParams p;
  private final double noiseScale;
  private final List<String> dimsChoice;
  /** How the noise is drawn, resolved once per cell. */
  private final NoiseDraw draw;
  private final FeatureMatrix publicRows;
  private final double[] publicProjected;

  /** The client of {@code public-pca}: {@code dims} is an option. */
  PublicPcaClient(PublicBasis basis, LabelledSet publicSet, MechanismParams p) {
    this(basis, publicSet, p, List.of());
  }

  /**
   * A client whose dims was chosen on P ({@code public-pca-tuned}): {@code dimsChoice} says how, and
   * goes into the claim's caveats (empty when dims is an option).
   */
  PublicPcaClient(PublicBasis basis, LabelledSet publicSet, MechanismParams p, List<String> dimsChoice) {
    this.basis = basis;
    this.p = p;
    this.noiseScale = p.budget().gaussianSigma(SENSITIVITY);
    this.draw = p.noise();
    this.dimsChoice = List.copyOf(dimsChoice);
    this.publicRows = publicSet.features();
    this.publicProjected = basis.project(publicRows);
  }

  /**
   * (D − μ)·V for every row of D: the rows of P are projected once (P is public and the same for
   * every query) and reused when D's rows from its public offset are exactly P's; each row is
   * projected by the same arithmetic either way ({@link PublicBasis#project} works row by row), so
   * the bits do not depend on the reuse.
   */
  double[] projected(ClientData data) {
    FeatureMatrix rows = data.rows();
    int d = rows.cols();
    int m = data.publicOffset();
    if (rows.rows() - m != publicRows.rows() || d != publicRows.cols()
        || !Arrays.equals(rows.data(), m * d, rows.rows() * d, publicRows.data(), 0, publicRows.data().length)) {
      return basis.project(rows);
    }
    double[] head = basis.project(new FeatureMatrix(Arrays.copyOf(rows.data(), m * d), m, d));
    double[] out = Arrays.copyOf(head, rows.rows() * basis.dims());
    System.arraycopy(publicProjected, 0, out, head.length, publicProjected.length);
    return out;
  }

  PublicBasis basis() {
    return basis;
  }

  double noiseScale() {
    return noiseScale;
  }

  /** The release before post-processing: (D − μ)·V and the noisy copy (package-visible for tests). */
  record Release(double[] projected, double[] noisy, double noiseScale) {}

  Release release(ClientData data, SplittableRandom rng) {
    double[] projected = projected(data);
    double[] noisy = projected.clone();
    NoiseSource noise = draw.gaussian(noiseScale, SENSITIVITY, noisy.length);
    noise.addTo(noisy, rng);
    return new Release(projected, noisy, noise.scale());
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    Release r = release(data, rng);
    return new ClientRelease(new Embedding(r.noisy(), data.size(), basis.dims()), claim(r.noiseScale()),
        Map.of("sensitivity", SENSITIVITY, "dims", (double) basis.dims()));
  }

  /** The one noisy stage, the projection. */
  @Override
  public List<String> auditStages() {
    return List.of(AUDIT_STAGE);
  }

  /**
   * f(D) = (D − μ)·V (rows clipped), Δ = 1 in ℓ2, and {@link #embed}'s release; μ and V come
   * from P alone, so {@code internal} is unused.
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    requireStage(stage);
    return new AuditStage(stage, projected(data), SENSITIVITY, AuditStage.Norm.L2, noiseScale,
        p.epsilon(), p.delta(), 1, noise -> release(data, noise).noisy(), "release (D-mu)*V + N with mu, V from P ("
            + p.calibration() + " noise, dims=" + basis.dims() + ")");
  }

  private PrivacyClaim claim(double scale) {
    List<String> caveats = new ArrayList<>();
    caveats.add("mu and V (top-" + basis.dims() + " right singular vectors of the centred public rows) are computed"
        + " from P alone and are public; rows of D are clipped to L2 norm <= 1");
    caveats.add("sensitivity 1 holds for add/remove-one-row neighbours with zero-row padding (the outputs differ by"
        + " z*V); under replace-one neighbours it would be 2, which this noise does not cover");
    caveats.addAll(dimsChoice);
    String labels = dimsChoice.isEmpty() ? "labels are not used"
        : "P's labels (dims is chosen on P alone); the labels of D are not used";
    return PrivacyClaim.gaussian(p.calibration(), p.epsilon(), p.delta(), SENSITIVITY, scale,
        "P, its mean mu and the basis V; dims; " + labels, caveats);
  }
}

package io.pmbench.experiments.audit;

import io.pmbench.core.builtin.FeaturesMechanism;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A test mechanism that releases the first k coordinates of every row of D plus N(0, s²): the
 * true ℓ2 sensitivity is 1 (one unit row added or removed). {@code deltaFactor} scales the Δ it
 * claims (and calibrates to) and {@code noiseFactor} the noise it adds, so tests can make a
 * deliberately wrong mechanism: an understated Δ or too little noise must be caught by the audit.
 */
final class ProjectionTestMechanism implements EmbeddingMechanism {
  static final String STAGE = "first k coordinates + N";
  private final double deltaFactor;
  private final double noiseFactor;

  ProjectionTestMechanism(double deltaFactor, double noiseFactor) {
    this.deltaFactor = deltaFactor;
    this.noiseFactor = noiseFactor;
  }

  @Override
  public String name() {
    return "test-projection";
  }

  @Override
  public String description() {
    return "first k coordinates + Gaussian noise (audit tests)";
  }

  @Override
  public void validate(MechanismParams params) {}

  @Override
  public boolean alignsOnPublic() {
    return false;
  }

  /** The server is never used by the audit: the raw features, as {@code features} embeds them. */
  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    return new FeaturesMechanism().server(view, params);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new Client(params);
  }

  static double[] project(FeatureMatrix rows, int k) {
    double[] out = new double[rows.rows() * k];
    for (int i = 0; i < rows.rows(); i++) {
      for (int c = 0; c < k; c++) {
        out[i * k + c] = rows.get(i, c);
      }
    }
    return out;
  }

  private final class Client implements ClientSide, Auditable {
    private final MechanismParams p;
    private final double claimed;
    private final double scale;

    Client(MechanismParams p) {
      this.p = p;
      this.claimed = deltaFactor;
      this.scale = noiseFactor * p.calibration().sigma(claimed, p.epsilon(), p.delta());
    }

    private double[] release(ClientData data, SplittableRandom rng) {
      double[] y = project(data.rows(), p.k());
      for (int i = 0; i < y.length; i++) {
        y[i] += scale * Seeds.gaussian(rng);
      }
      return y;
    }

    @Override
    public ClientRelease embed(ClientData data, SplittableRandom rng) {
      return new ClientRelease(new Embedding(release(data, rng), data.size(), p.k()),
          PrivacyClaim.none("audit test mechanism"), Map.of());
    }

    @Override
    public List<String> auditStages() {
      return List.of(STAGE);
    }

    @Override
    public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
      return new AuditStage(stage, project(data.rows(), p.k()), claimed, AuditStage.Norm.L2, scale, p.epsilon(),
          p.delta(), 1, noise -> release(data, noise), "test mechanism");
    }
  }
}

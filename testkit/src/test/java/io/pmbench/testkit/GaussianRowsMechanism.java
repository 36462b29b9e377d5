package io.pmbench.testkit;

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
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A test mechanism with a switchable defect, to show that each check of the kit fails when what
 * it guards is wrong: it releases the rows of D clipped to norm ≤ 1 (so Δ = 1 under add/remove with zero
 * padding) plus N(0, s²), s the run's calibration of Δ. {@code defect} makes it: add noise at 1.2·s
 * ({@code scale}); claim Δ = 1/2 and calibrate to it ({@code sensitivity}); declare
 * {@code readsEpsilon() == false} ({@code epsilon}); draw noise from its own fixed-seed generator
 * ({@code seed}).
 */
final class GaussianRowsMechanism implements EmbeddingMechanism {
  private final String defect;

  GaussianRowsMechanism(String defect) {
    this.defect = defect;
  }

  @Override
  public String name() {
    return "gaussian-rows(" + defect + ")";
  }

  @Override
  public String description() {
    return "test: rows of D plus Gaussian noise";
  }

  @Override
  public void validate(MechanismParams params) {}

  @Override
  public boolean alignsOnPublic() {
    return false;
  }

  @Override
  public boolean readsEpsilon() {
    return !defect.equals("epsilon");
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    Embedding g = new Embedding(rows(view.gallery().features().data()), view.gallery().size(), view.gallery().dimension());
    Embedding p = new Embedding(rows(view.publicSet().features().data()), view.publicSet().size(),
        view.publicSet().dimension());
    return ServerSide.of(g, p);
  }

  /** The rows of D clipped to norm ≤ 1 (a float copy of a unit row may be a few ulps longer). */
  private static double[] clipped(ClientData data) {
    int d = data.rows().cols();
    double[] x = rows(data.rows().data());
    for (int i = 0; i < data.size(); i++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        s += x[i * d + c] * x[i * d + c];
      }
      for (int c = 0; s > 1 && c < d; c++) {
        x[i * d + c] /= Math.sqrt(s);
      }
    }
    return x;
  }

  private static double[] rows(float[] x) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = x[i];
    }
    return out;
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams p) {
    double delta = defect.equals("sensitivity") ? 0.5 : 1.0;
    double s = p.calibration().sigma(delta, p.epsilon(), p.delta());
    double used = defect.equals("scale") ? 1.2 * s : s;
    SplittableRandom own = new SplittableRandom(1);
    return new Client(delta, s, used, own, p);
  }

  private final class Client implements ClientSide, Auditable {
    private final double delta;
    private final double s;
    private final double used;
    private final SplittableRandom own;
    private final MechanismParams p;

    Client(double delta, double s, double used, SplittableRandom own, MechanismParams p) {
      this.delta = delta;
      this.s = s;
      this.used = used;
      this.own = own;
      this.p = p;
    }

    private double[] noisy(ClientData data, SplittableRandom rng) {
      double[] x = clipped(data);
      SplittableRandom noise = defect.equals("seed") ? own : rng;
      for (int i = 0; i < x.length; i++) {
        x[i] += used * Seeds.gaussian(noise);
      }
      return x;
    }

    @Override
    public ClientRelease embed(ClientData data, SplittableRandom rng) {
      PrivacyClaim claim = new PrivacyClaim(Guarantee.APPROXIMATE_DP, p.epsilon(), p.delta(), delta, s,
          p.calibration().name(), PrivacyClaim.ADD_REMOVE_ROW, "P", List.of());
      return new ClientRelease(new Embedding(noisy(data, rng), data.size(), data.rows().cols()), claim, Map.of());
    }

    @Override
    public List<String> auditStages() {
      return List.of("rows");
    }

    @Override
    public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
      return new AuditStage(stage, clipped(data), delta, AuditStage.Norm.L2, s, p.epsilon(), p.delta(), 1,
          noise -> noisy(data, noise), "rows + N");
    }
  }
}

package com.example.mymech;

import io.pmbench.core.builtin.FeaturesMechanism;
import io.pmbench.core.mechanism.*;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseSource;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * my-mech, an example: the query row r clipped to l2 norm {@code radius}, plus Gaussian noise
 * calibrated by the run's calibration to (epsilon, delta). Neighbouring: one row of D added or
 * removed; the release reads row 0 only, which a neighbour can change into any other row of norm
 * at most {@code radius}, so the l2 sensitivity is 2 * radius. Public: P and every label (not
 * released). Retrieval is against the raw features of the gallery (no alignment).
 */
public final class MyMechanism implements EmbeddingMechanism {
  static final OptionSpec<Double> RADIUS = OptionSpec.positive("radius", "1.0",
      "the l2 norm the query row is clipped to (sensitivity 2 * radius)");
  private final FeaturesMechanism features = new FeaturesMechanism(); // server: the raw features
  @Override public String name() { return "my-mech"; }
  @Override public String description() { return "example plugin: clipped query row + calibrated Gaussian noise"; }
  @Override public List<OptionSpec<?>> options() { return List.of(RADIUS); }
  @Override public void validate(MechanismParams p) { // the calibration refuses (epsilon, delta) it cannot serve
    p.budget().gaussianSigma(Options.of(p).sensitivity());
  }
  @Override public boolean alignsOnPublic() { return false; } // already in the server's space
  @Override public Reporting reporting() { return Reporting.at(Reporting.PRIVATE + 90); } // with the private ones
  @Override public String serverKey(MechanismParams p) { return features.serverKey(p); }
  @Override public ServerSide server(ServerView v, MechanismParams p) { return features.server(v, p); }
  @Override public ClientSide client(ClientView view, MechanismParams p) { return new Client(p); }

  /** The options of one cell as typed values, read once when the client is built (never per query). */
  record Options(double radius) {
    static Options of(MechanismParams p) { return new Options(RADIUS.value(p)); }

    /** The l2 sensitivity of the clipped row: 2 * radius. */
    double sensitivity() { return 2 * radius; }
  }

  /** Built once per cell, then called once per query, maybe on several threads: no state but these finals. */
  static final class Client implements ClientSide, Auditable {
    private final MechanismParams p;
    private final Options options;
    private final NoiseDraw noise;
    private final double sensitivity;
    private final double s;

    Client(MechanismParams p) {
      this.p = p;
      this.options = Options.of(p);
      this.noise = p.noise();
      this.sensitivity = options.sensitivity();
      this.s = p.budget().gaussianSigma(sensitivity);
    }

    @Override public ClientRelease embed(ClientData data, SplittableRandom rng) {
      double[] r = release(clipped(data), rng);
      return new ClientRelease(new Embedding(r, 1, r.length), claim(), Map.of());
    }

    private double[] clipped(ClientData data) {
      double[] r = data.rows().row(0);
      double norm = 0;
      for (double x : r) norm += x * x;
      double f = Math.min(1, options.radius() / Math.max(Math.sqrt(norm), 1e-300));
      for (int j = 0; j < r.length; j++) r[j] *= f;
      return r;
    }

    private double[] release(double[] preNoise, SplittableRandom rng) {
      double[] out = preNoise.clone();
      NoiseSource drawn = noise.gaussian(s, sensitivity, out.length);
      drawn.addTo(out, rng);
      return out;
    }

    private PrivacyClaim claim() {
      return new PrivacyClaim(Guarantee.APPROXIMATE_DP, p.epsilon(), p.delta(), sensitivity, s, p.calibration().name(),
          PrivacyClaim.ADD_REMOVE_ROW, "the public set P and every label", List.of());
    }

    @Override public List<String> auditStages() { return List.of("release"); }

    @Override public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
      if (!stage.equals("release")) throw AuditStage.unknown(stage, auditStages());
      double[] pre = clipped(data);
      return new AuditStage("release", pre, sensitivity, AuditStage.Norm.L2, s, p.epsilon(), p.delta(), 1,
          rng -> release(pre, rng), "clipped query row + Gaussian noise");
    }
  }
}

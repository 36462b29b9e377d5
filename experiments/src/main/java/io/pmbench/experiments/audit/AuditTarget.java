package io.pmbench.experiments.audit;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One noisy stage of one mechanism under one parameter set, audited through the mechanism's own
 * code ({@link Auditable}): the client side is built by the mechanism from a fixed random public
 * set P (unit rows, labels 0..c, and — for mechanisms that place the client in the server's space
 * — a random public server embedding of P), and every data set D = [private rows; P] is handed to
 * {@link Auditable#auditStage} with the same internal randomness (Q, a fixed V, an iteration's
 * input), drawn from the root seed, so D and D′ differ only in the data.
 *
 * @param audited the mechanism
 * @param params the mechanism's parameters
 * @param calibration the noise calibration audited (e.g. CLASSIC), or the mechanism's accounting
 * @param stageName the audited stage's name
 * @param settings the settings the target was built with
 * @param publicPart the public set P every data set of the target holds
 * @param client the mechanism's client side built on P, which computes the stage
 */
public record AuditTarget(EmbeddingMechanism audited, MechanismParams params, String calibration, String stageName,
    AuditSettings settings, AuditData publicPart, Auditable client) {
  /**
   * One target per stage the mechanism's client side opens, in release order, labelled with the
   * mechanism's own noise rule ({@link Auditable#ownNoiseRule}) or else {@code calibration}; fails
   * naming the mechanism when its client side does not implement {@link Auditable} or opens no
   * stage.
   */
  static List<AuditTarget> stages(EmbeddingMechanism mechanism, MechanismParams params, String calibration,
      AuditSettings s) {
    SplittableRandom rng = Seeds.stream(s.seed(), "audit", mechanism.name(), "public");
    AuditData publicPart = AuditData.random(s.n(), s.d(), s.c(), s.privateRows(), rng);
    Auditable a = auditable(mechanism, params, publicPart, s, rng);
    if (a == null) {
      throw new IllegalArgumentException("mechanism " + mechanism.name() + " opens no noisy stage to audit at "
          + params.describe() + " (its client side must implement Auditable). Provided value: " + mechanism.name());
    }
    String label = a.ownNoiseRule().orElse(calibration);
    return a.auditStages().stream().map(st -> new AuditTarget(mechanism, params, label, st, s, publicPart, a))
        .toList();
  }

  /**
   * Whether the mechanism's client side, built on the audit's public set at {@code params}, opens
   * at least one noisy stage (the test {@link #stages} applies, without building targets).
   */
  static boolean opensStages(EmbeddingMechanism mechanism, MechanismParams params, AuditSettings s) {
    SplittableRandom rng = Seeds.stream(s.seed(), "audit", mechanism.name(), "public");
    AuditData publicPart = AuditData.random(s.n(), s.d(), s.c(), s.privateRows(), rng);
    return auditable(mechanism, params, publicPart, s, rng) != null;
  }

  /** The client side built on {@code publicPart} if it is {@link Auditable} with a stage, else null. */
  private static Auditable auditable(EmbeddingMechanism mechanism, MechanismParams params, AuditData publicPart,
      AuditSettings s, SplittableRandom rng) {
    ClientSide side = mechanism.client(view(publicPart, s, rng), params);
    return side instanceof Auditable a && !a.auditStages().isEmpty() ? a : null;
  }

  private static ClientView view(AuditData publicPart, AuditSettings s, SplittableRandom rng) {
    int m = s.privateRows();
    int nPublic = s.n() - m;
    float[] x = new float[nPublic * s.d()];
    for (int i = 0; i < x.length; i++) {
      x[i] = (float) publicPart.rows()[m * s.d() + i];
    }
    LabelledSet pub = new LabelledSet(new FeatureMatrix(x, nPublic, s.d()),
        Arrays.copyOfRange(publicPart.labels(), m, s.n()));
    double[] serverPublic = new double[nPublic * s.k()];
    for (int i = 0; i < serverPublic.length; i++) {
      serverPublic[i] = Seeds.gaussian(rng);
    }
    return new ClientView(pub, s.c() + 1, new Embedding(serverPublic, nPublic, s.k()), rng.nextLong());
  }

  /** The mechanism's registered name. */
  public String mechanism() {
    return audited.name();
  }

  /**
   * The stage on {@code data} as the mechanism computes it, with the target's fixed internal
   * randomness; {@code data} must hold the target's public part.
   */
  public AuditStage stage(AuditData data) {
    if (!data.samePublicPart(publicPart)) {
      throw new IllegalArgumentException("the data set's public rows must be the target's public set P (seed "
          + settings.seed() + "); a neighbour may change only rows 0.." + (settings.privateRows() - 1));
    }
    return client.auditStage(stageName, data.toClientData(),
        Seeds.stream(settings.seed(), "audit", audited.name(), calibration, stageName, "internal"));
  }

  /** A data set with random private rows (unit norm, labels 0..c) and the target's public set. */
  public AuditData randomData(SplittableRandom rng) {
    AuditData d = publicPart;
    for (int i = 0; i < settings.privateRows(); i++) {
      d = d.withRow(i, AuditData.unitRow(settings.d(), rng), rng.nextInt(settings.c() + 1));
    }
    return d;
  }

  /** The largest label value c. */
  public int maxLabel() {
    return settings.c();
  }
}

package io.pmbench.core.builtin;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Control {@code shuffled-labels} (SPEC.md §7): PrivateMail with the labels of the client's D
 * permuted uniformly among its n rows (r's own label included) before anything else, the
 * permutation drawn from the query's stream (so it is fixed per query and seed). Recall that
 * survives is borne by the features; what it loses came from r's label (SPEC.md §5's L_Y uses it).
 * The server side is PrivateMail's (noise-free SMLQ on [S; P], same server key).
 *
 * <p><b>Guarantee:</b> as {@link PrivateMailMechanism}'s — (ε, δ)-DP for the release, by the same
 * code, Δ and calibration, under SPEC.md §1's add/remove-one-row relation with zero padding. Its
 * <b>sensitivity</b> Δ = M·√(n+1)/2·‖Q‖_F (Appendix B) holds for any labels in 0..c, so it holds
 * for every fixed permutation, and the permutation is independent of the data. <b>Assumed
 * public:</b> as PrivateMail's — the labels (and therefore the permutation's input), P, the
 * hyper-parameters; Q stays secret. With the labels public, neighbours differ in one row's
 * features only and the argument is complete; if a neighbour also changes its row's label, the
 * permutation moves that label to another row, so the permuted neighbours differ in two rows,
 * which Appendix B's one-row bound does not cover (a caveat on every result).
 */
public final class ShuffledLabelsMechanism extends PrivateMailFamily {
  /** The caveat this control adds to PrivateMail's claim. */
  static final String CONTROL_CAVEAT = "control: the labels of D are permuted uniformly among its rows (r's label"
      + " included) before PrivateMail runs; the guarantee is PrivateMail's with labels public (a label changed"
      + " together with its row lands on another row after the permutation, which the one-row bound does not cover)";

  public ShuffledLabelsMechanism() {
    super("shuffled-labels", "control: PrivateMail with the client's labels permuted uniformly among the rows of D"
        + " (r's label included)", Reporting.DEFAULT.inIdsClaim().as(Reporting.Role.SHUFFLED_LABELS));
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new Client(new PrivateMailClient(view, params, true));
  }

  /**
   * D with its labels permuted by a uniform random permutation (Fisher–Yates, draws from
   * {@code rng}); the rows and the public offset are unchanged.
   */
  static ClientData shuffled(ClientData data, SplittableRandom rng) {
    int[] y = data.labels().clone();
    for (int i = y.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = y[i];
      y[i] = y[j];
      y[j] = t;
    }
    return new ClientData(data.rows(), y, data.publicOffset());
  }

  /** PrivateMail's client on D with shuffled labels; the permutation is the first thing drawn. */
  static final class Client implements ClientSide, Auditable {
    private final PrivateMailClient privateMail;

    Client(PrivateMailClient privateMail) {
      this.privateMail = privateMail;
    }

    @Override
    public ClientRelease embed(ClientData data, SplittableRandom rng) {
      ClientRelease r = privateMail.embed(shuffled(data, rng), rng);
      PrivacyClaim c = r.claim();
      List<String> caveats = new ArrayList<>(c.caveats());
      caveats.add(0, CONTROL_CAVEAT);
      return new ClientRelease(r.embedding(), new PrivacyClaim(c.guarantee(), c.epsilon(), c.delta(), c.sensitivity(),
          c.noiseScale(), c.calibration(), c.neighbouring(), c.assumedPublic(), caveats), r.diagnostics(),
          r.published());
    }

    /** PrivateMail's noisy SMLQ step. */
    @Override
    public List<String> auditStages() {
      return privateMail.auditStages();
    }

    /** PrivateMail's stage on D with its labels permuted by a permutation drawn first from {@code internal}. */
    @Override
    public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
      return privateMail.auditStage(stage, shuffled(data, internal), internal);
    }
  }
}

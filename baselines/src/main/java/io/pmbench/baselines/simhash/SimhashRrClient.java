package io.pmbench.baselines.simhash;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The client side of simhash-rr ({@link SimhashRrMechanism}): per query, the code of D's row 0 (r)
 * with every bit through randomised response at ε/b. All randomness is the flips.
 */
final class SimhashRrClient implements ClientSide, Auditable {
  /** The name of the audited stage. */
  static final String AUDIT_STAGE = "randomised response on sign(<r, w_j>)";

  /** The claim's calibration: the flip probability is fixed by ε/b, not by a Gaussian calibration. */
  static final String CALIBRATION = "RANDOMISED_RESPONSE";

  /** The neighbouring relation of the claim. */
  static final String NEIGHBOURING = PrivacyClaim.REPLACE_QUERY;

  private final SignProjection w;
  private final MechanismParams p;
  private final RandomisedResponse rr;

  SimhashRrClient(SignProjection w, MechanismParams p) {
    this.w = w;
    this.p = p;
    this.rr = RandomisedResponse.atEpsilonPerBit(p.epsilon() / w.bits(), p.noiseOrigin());
  }

  RandomisedResponse randomisedResponse() {
    return rr;
  }

  /** c(r): the unnoised code of D's row 0 (package-visible for tests). */
  double[] code(ClientData data) {
    return w.codes(data.rows(), 1);
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    double[] noisy = rr.apply(code(data), rng);
    return new ClientRelease(new Embedding(noisy, 1, w.bits()), claim(),
        Map.of("sensitivity", (double) w.bits(), "flipProbability", rr.flipProbability()));
  }

  /** The flip probability follows from ε/b, not from the run's Gaussian calibration. */
  @Override
  public Optional<String> ownNoiseRule() {
    return Optional.of(CALIBRATION);
  }

  /** The one noisy stage, the randomised response on r's code. */
  @Override
  public List<String> auditStages() {
    return List.of(AUDIT_STAGE);
  }

  /**
   * f(D) = c(r) ∈ {−1, +1}^b, Δ = b in Hamming distance, q′ the flip probability, pure at ε, and
   * {@link #embed}'s release; W is public, so {@code internal} is unused.
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    requireStage(stage);
    double[] code = code(data);
    return new AuditStage(stage, code, w.bits(), AuditStage.Norm.HAMMING, rr.flipProbability(), p.epsilon(), 0.0, 1,
        noise -> rr.apply(code, noise), "randomised response on the " + w.bits() + "-bit sign code of r, each bit"
            + " flipped with probability " + rr.flipProbability() + " (eps/b per bit)");
  }

  private PrivacyClaim claim() {
    List<String> caveats = List.of(
        "only r's " + w.bits() + "-bit code is released; each bit is negated with probability q = "
            + rr.flipProbability() + " >= 1/(1 + e^(eps/b)) (rounded up to a multiple of 2^-53): b*ln((1-q)/q) = "
            + w.bits() * rr.epsilonPerBit() + " <= eps",
        "pure DP by basic composition over the bits; the run's noiseCalibration and noiseSampler do not apply");
    return new PrivacyClaim(Guarantee.PURE_DP, p.epsilon(), 0.0, w.bits(), rr.flipProbability(), CALIBRATION,
        NEIGHBOURING, "the b = " + w.bits() + " directions w_j (iid N(0, I_d) from the shared seed, stream "
            + SignProjection.STREAM + "); b; the server's unnoised gallery codes; labels are not used", caveats);
  }
}

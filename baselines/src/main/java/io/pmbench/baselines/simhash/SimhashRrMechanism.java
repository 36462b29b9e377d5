package io.pmbench.baselines.simhash;

import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.mechanism.SharedSpaceMechanism;
import java.util.List;
import java.util.OptionalInt;

/**
 * {@code simhash-rr}: a sign random projection of the query released by randomised response
 * (issue 35; BASELINES.md §9). The client computes the b-bit code
 * c(r) = (sign⟨r, w_j⟩)_{j ≤ b} of its query r alone ({@link SignProjection}; W iid N(0, 1) from the
 * shared seed) and negates each bit independently with probability q = 1/(1 + e^{ε/b})
 * ({@link RandomisedResponse}); it releases that one noisy code (1 × b, entries ±1). The server
 * holds the unnoised codes of its gallery S (and of P), computed with the same W; no alignment.
 * Retrieval is the protocol's exact Euclidean k-NN on the ±1 vectors, which is Hamming retrieval:
 * ‖x − y‖² = 4·d_H(x, y), summed exactly in double precision, so equal Hamming distances tie
 * exactly and the tie goes to the smaller gallery index (the rule of {@code Knn}).
 *
 * <p><b>Guarantee:</b> pure ε-DP per query (δ = 0). <b>Neighbouring:</b> any two queries — r
 * replaced by any other row (its features and its label may change; the label is not used), or
 * removed (the zero row, whose code is all +1 since sign(0) = +1); the dummies P_r and P are not
 * read. <b>Sensitivity:</b> Hamming Δ = b, every bit may flip. Each bit is ln((1 − q)/q) = ε/b-DP
 * (Warner 1965) and the b bits compose to ε by basic composition (Dwork &amp; Roth 2014, Theorem
 * 3.16); q is rounded up to a multiple of 2⁻⁵³, so each bit's loss is at most ε/b. The noise is
 * not a Gaussian calibration, so the run's {@code noiseCalibration} and {@code noiseSampler} do not
 * apply ({@code noiseSource=system} does: the flips then come from an OS-seeded DRBG).
 * <b>Assumed public:</b> W (the shared seed and stream {@value SignProjection#STREAM}), b.
 *
 * <p>Option {@code bits}: b, or {@code auto} (the default), the b of {@link #autoBits}: each noisy
 * bit agrees with the true one with bias 1 − 2q = tanh(ε/(2b)), while the Hamming noise of a
 * comparison grows like √b, so the signal-to-noise ratio of a ranking is about √b·tanh(ε/(2b)),
 * which peaks at b ≈ ε/2.2; {@code auto} takes the power of two that maximises it (1 bit below
 * ε ≈ 3.06, 2 bits below 6.12, 4 bits below 12.2, and so on: b doubles as ε doubles). A function of ε alone, not tuned on any data set.
 */
public final class SimhashRrMechanism extends AbstractMechanism implements SharedSpaceMechanism {
  /** The value of option {@code bits} that asks for {@link #autoBits}. */
  static final String AUTO = "auto";

  /** The largest b {@code auto} considers. */
  static final int MAX_AUTO_BITS = 1 << 16;

  /** Option {@code bits}: b, or {@code auto} (empty). */
  static final OptionSpec<OptionalInt> BITS = new OptionSpec<>("bits", "integer >= 1 or auto", AUTO,
      "sign bits of the released code, the budget split evenly across them; auto: the power of two maximising"
          + " sqrt(b)*tanh(eps/(2b))", v -> {
            if (v.strip().equalsIgnoreCase(AUTO)) {
              return OptionalInt.empty();
            }
            try {
              int b = Integer.parseInt(v.strip());
              if (b >= 1) {
                return OptionalInt.of(b);
              }
            } catch (NumberFormatException e) {
              // reported below with the range
            }
            throw new IllegalArgumentException("bits must be an integer >= 1 or auto. Provided value: " + v);
          });

  public SimhashRrMechanism() {
    super("simhash-rr", "sign random projection of the query on b public Gaussian directions, each bit by randomised"
        + " response at eps/b (pure eps-DP); Hamming retrieval on the server's unnoised codes; bits=N|auto (default"
        + " auto)", Reporting.at(Reporting.PRIVATE + 60), List.of(BITS));
  }

  /** b: the option {@code bits}, or {@link #autoBits} at the run's ε when it is {@code auto}. */
  static int bits(MechanismParams p) {
    return BITS.value(p).orElseGet(() -> autoBits(p.epsilon()));
  }

  /**
   * The power of two b ≤ {@value #MAX_AUTO_BITS} maximising √b·tanh(ε/(2b)), the smaller on a tie:
   * the signal-to-noise ratio of a Hamming ranking under randomised response at ε/b a bit (see the
   * class comment).
   */
  static int autoBits(double epsilon) {
    int best = 1;
    double bestRatio = Math.tanh(epsilon / 2);
    for (int b = 2; b <= MAX_AUTO_BITS; b *= 2) {
      double ratio = Math.sqrt(b) * Math.tanh(epsilon / (2.0 * b));
      if (ratio > bestRatio) {
        best = b;
        bestRatio = ratio;
      }
    }
    return best;
  }

  @Override
  public void validate(MechanismParams params) {
    bits(params);
  }

  /** The server's codes depend on the shared seed (per run seed) and b only (through {@code auto}, on ε). */
  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|bits=" + bits(params);
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    int b = bits(params);
    SignProjection w = SignProjection.fromSharedSeed(view.sharedSeed(), view.gallery().dimension(), b);
    return ServerSide.of(
        new Embedding(w.codes(view.gallery().features(), view.gallery().size()), view.gallery().size(), b),
        new Embedding(w.codes(view.publicSet().features(), view.publicSet().size()), view.publicSet().size(), b));
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    return new SimhashRrClient(SignProjection.fromSharedSeed(view.sharedSeed(), view.publicSet().dimension(),
        bits(params)), params);
  }
}

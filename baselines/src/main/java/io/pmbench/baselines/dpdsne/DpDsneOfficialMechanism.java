package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.TsneServedMechanism;
import io.pmbench.baselines.tsne.TsneServer;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.PrivacyClaim;
import java.util.List;

/**
 * {@code dp-dsne-official}: BASELINES.md §2's {@code mode=official-code}, registered under its own
 * name because it aligns on P ({@link #alignsOnPublic()} cannot depend on options). The client
 * runs the one known DP-dSNE implementation (github.com/soominkwon/DP-dSNE; see
 * {@link OfficialCodeTsne}): centralised t-SNE of all of D, every point moving (P too), with the
 * code's AdaCliP-style clipping and a fixed noise level (client: {@link OfficialCodeClient}, which
 * computes P's distances once per client); the runner aligns the result to the
 * server's {@code tsne} map on P (server shared with {@code tsne} through {@link TsneServer#key}).
 *
 * <p><b>Guarantee:</b> none is claimed — {@link Guarantee#NOT_DP}: no privacy accounting exists for
 * this mode (the code takes its noise level as a free parameter and computes no ε). For reference,
 * each release reports in its diagnostics {@code honestNoiseScale}: the s that an honest Gaussian
 * accounting of the same steps would need at the run's (ε, δ). In AdaCliP's whitened space every
 * row is clipped to norm 1 and all n = |D| rows move, so one changed row of D moves each of the
 * (at most n + 1) rows by ≤ 2: Δ = 2·√(n + 1) per step, T steps, s = ANALYTIC(Δ·√T) (M and S are
 * functions of earlier noisy outputs, so the un-whitening is post-processing).
 *
 * <p>Options: {@code iterations} (T ≥ 1, default 1000, the code's {@code __main__}; its README
 * example uses 500), {@code noiseVariance} (the code's {@code noise_variance} &gt; 0, default 10⁻³
 * as in its README; used as the noise's standard deviation, as the code does). Perplexity 30 (the
 * code's default argument). Labels are not used.
 */
public final class DpDsneOfficialMechanism extends TsneServedMechanism {
  /** Option {@code noiseVariance}: the code's {@code noise_variance}, used as the noise's standard deviation. */
  static final OptionSpec<Double> NOISE_VARIANCE = OptionSpec.positive("noiseVariance", "0.001",
      "the official code's noise_variance (used as the noise's standard deviation)");

  /** The noise level is the fixed {@code noiseVariance} option: the release does not depend on ε. */
  @Override
  public boolean readsEpsilon() {
    return false;
  }

  @Override
  public String name() {
    return "dp-dsne-official";
  }

  @Override
  public String description() {
    return "DP-dSNE as its official code runs it: AdaClip-noised t-SNE of all of D, aligned on P; NOT DP"
        + " (no accounting)";
  }

  /** {@code iterations} (shared with {@code dp-dsne}) and {@code noiseVariance}. */
  @Override
  public List<OptionSpec<?>> options() {
    return List.of(DpDsneOptions.ITERATIONS, NOISE_VARIANCE);
  }

  @Override
  public void validate(MechanismParams params) {
    DpDsneOptions.ITERATIONS.value(params);
    NOISE_VARIANCE.value(params);
  }

  @Override
  public boolean alignsOnPublic() {
    return true;
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return new OfficialCodeClient(view, params, DpDsneOptions.ITERATIONS.value(params),
        NOISE_VARIANCE.value(params));
  }

  /** ANALYTIC(2·√(n + 1)·√T) at the run's (ε, δ): what an honest accounting would need. */
  static double honestNoiseScale(int n, int steps, MechanismParams p) {
    return GaussianCalibration.analytic(2 * Math.sqrt(n + 1.0) * Math.sqrt(steps), p.epsilon(), p.delta());
  }

  /** A release's claim: NOT_DP, with the noise used and the scale an honest accounting would need. */
  static PrivacyClaim claim(MechanismParams p, double noise, double honest) {
    return new PrivacyClaim(Guarantee.NOT_DP, p.epsilon(), p.delta(), Double.NaN, noise,
        "none (official code: fixed noise_variance)", PrivacyClaim.ADD_REMOVE_ROW, "n/a",
        List.of("no privacy accounting exists for this mode",
            "official DP-dSNE code: every point of D moves (P too), AdaClip clipping, noise_variance = " + noise
                + " used as the standard deviation in AdaClip's whitened space",
            "an honest Gaussian accounting of these steps would need s = " + honest + " at the stated (epsilon,"
                + " delta), " + (honest / noise) + " times the noise used"));
  }
}

package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.TsneServedMechanism;
import io.pmbench.baselines.tsne.TsneServer;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.Preconditions;
import java.util.List;

/**
 * {@code dp-dsne} (BASELINES.md §2; dSNE: Saha et al. 2020, DP-dSNE: Saha et al. 2021/22). The
 * server publishes Y_P, its {@code tsne} embedding of the public rows (computed on [S; P], shared
 * with {@code tsne} through {@link TsneServer#key}); the client embeds its free rows — r and the
 * dummies P_r, rows [0, m) of D with m = {@code publicOffset} — by noisy t-SNE gradient descent
 * with every public row held at Y_P, so row 0 of the release is r's position in the server's space
 * (no alignment). See {@link DpDsneClient} and {@link FixedPointTsne} for the loop.
 *
 * <p><b>Guarantee:</b> (ε, δ)-DP for the release (the m × k free rows) and everything computed from
 * it. <b>Neighbouring:</b> D and D′ differ by one added or removed row (SPEC.md §1; the smaller
 * padded with a zero row). <b>Sensitivity:</b> each step releases G̃ = clip_C(G) + N(0, s²): every
 * free row of G is clipped to ℓ2 norm C, and since one changed row of D moves every row of G
 * (through the affinities and the normaliser Z), each row differs by at most 2C between
 * neighbours; the larger of two neighbours has at most m + 1 free rows (D plus one added free row),
 * so Δ = 2C·√(m + 1) (BASELINES.md §2's "n_free counted on the larger neighbour"). The starting
 * map, Y_P and the step rule are data-independent or public, so each step is a Gaussian mechanism
 * on the previous releases (adaptive composition). <b>Noise:</b> option {@code accounting}:
 * {@code GAUSSIAN} (default) s = Calibrate(Δ·√T) with the run's {@link NoiseCalibration} (CLASSIC
 * needs ε &lt; 1; OFFICIAL_CODE is reported as not DP); {@code ZCDP} the papers' zCDP rule (see
 * {@link Accounting}). <b>Assumed public:</b> P, Y_P, the number of free rows (1 + dummies, fixed
 * by the protocol), perplexity 30, C and T. Labels are not used.
 *
 * <p>Options: {@code clip} (C &gt; 0, default 1), {@code iterations} (T ≥ 1, default 1000),
 * {@code accounting} ({@code GAUSSIAN} | {@code ZCDP}), {@code mode} (only {@code dp}). The official
 * DP-dSNE code's variant (BASELINES.md §2's {@code mode=official-code}) is the separate mechanism
 * {@code dp-dsne-official} ({@link DpDsneOfficialMechanism}), because it aligns on P and
 * {@link #alignsOnPublic()} cannot depend on options; {@code mode=official-code} here is refused
 * with a line that names it.
 *
 * <p>Cost: the perplexity search of a query's affinities does not depend on ε; its clients share
 * one {@link AffinityCache}, so a grid computes it once per (seed, query), not once per ε cell, also
 * when cells of different ε run at once.
 */
public final class DpDsneMechanism extends TsneServedMechanism {
  private final boolean addNoise;
  private final AffinityCache affinities = new AffinityCache();

  public DpDsneMechanism() {
    this(true);
  }

  /** {@code addNoise = false} switches the noise off (tests only; not reachable from the registry). */
  DpDsneMechanism(boolean addNoise) {
    this.addNoise = addNoise;
  }

  @Override
  public String name() {
    return "dp-dsne";
  }

  @Override
  public String description() {
    return "DP-dSNE: noisy clipped t-SNE steps of r and the dummies with P fixed at the server's t-SNE Y_P";
  }

  @Override
  public Reporting reporting() {
    return Reporting.at(Reporting.PRIVATE + 20);
  }

  /** {@code clip}, {@code iterations}, {@code accounting}, {@code mode}. */
  @Override
  public List<OptionSpec<?>> options() {
    return DpDsneOptions.ALL;
  }

  @Override
  public void validate(MechanismParams params) {
    DpDsneOptions o = DpDsneOptions.of(params);
    if (o.accounting() == Accounting.GAUSSIAN && params.calibration() == NoiseCalibration.CLASSIC) {
      Preconditions.checkClassicGaussianEpsilon(params.epsilon());
    }
  }

  @Override
  public boolean alignsOnPublic() {
    return false;
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    validate(params);
    return new DpDsneClient(view, params, addNoise, affinities);
  }

  /** How many times this mechanism's clients have run the perplexity calibration (tests). */
  long affinityComputations() {
    return affinities.computations();
  }
}

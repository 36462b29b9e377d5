package io.pmbench.core.builtin;

import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.NonPrivateMechanism;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.smlq.Smlq;
import java.util.List;
import java.util.Map;

/**
 * {@code smlq}: the non-private supervised manifold embedding (SPEC.md §4, §7). The client runs
 * SMLQ on D for {@link MechanismParams#noiseFreeIterations()} iterations (1 + T under {@code paper},
 * T under {@code official-code}) from its own Q, with no noise; the server runs the same on
 * [S; P]; the client is aligned on P. <b>Guarantee:</b> none (a non-private reference).
 */
public final class SmlqMechanism extends SmlqServedMechanism implements NonPrivateMechanism {
  public SmlqMechanism() {
    super("smlq", "non-private supervised manifold embedding: SMLQ for 1 + T iterations (T under official-code), no"
        + " noise", Reporting.at(Reporting.REFERENCE + 10).inIdsClaim().attackedInClaims()
        .as(Reporting.Role.NON_PRIVATE_EMBEDDING), List.of());
  }

  /** Non-private: every parameter MechanismParams accepts is valid, and the server's options. */
  @Override
  public void validate(MechanismParams params) {
    SmlqServer.validate(params);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams p) {
    KernelLaplacian.Base base = KernelLaplacian.base(view.publicSet().features().toDoubles(),
        view.publicSet().size(), view.publicSet().dimension(), p.featureKernelScale().scale(p.sigma()));
    return (data, rng) -> {
      KernelLaplacian lx = KernelLaplacian.extend(base, data.privateRows(), data.publicOffset());
      LabelLaplacian ly = LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma());
      double[] q = Mechanisms.initialQ(data.size(), p, view.clientSeed(), rng);
      Smlq.Result r = Smlq.run(lx, ly, p.alpha(), q, p.k(), p.noiseFreeIterations(), p.renormalize());
      return new ClientRelease(new Embedding(r.embedding(), data.size(), p.k()),
          PrivacyClaim.none("non-private reference (SMLQ without noise)"),
          Map.of("objectiveIncreased", r.objectiveIncreased() ? 1.0 : 0.0));
    };
  }
}

package io.pmbench.baselines.cccp;

import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.AbstractMechanism;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.NonPrivateMechanism;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.Reporting;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.List;
import java.util.Map;

/**
 * {@code smlq-cccp}: the early paper's concave–convex supervised embedding
 * (privatemail-early-version.md, eq. 6; BASELINES.md §6), non-private:
 * Z_t = α·L_X⁺·(L_Y·Z_{t−1} − S·Q), S = n·I − 11ᵀ, Z_0 = Q ~ N(0, σ_q²), for 1 + T iterations (T under
 * {@code official-code})
 * on the client's D (like {@code smlq}) and {@code serverIterations} on the server's [S; P],
 * kernels as in SPEC.md §3. The client is aligned on P. <b>Guarantee:</b> none (a non-private
 * reference for the update the early paper replaced by equation 7).
 *
 * <p>L_X⁺ is built once per data set (option {@code solver}, {@link PseudoInverseSolver}). The
 * default, CG, runs Jacobi-preconditioned conjugate gradients on the Laplacian operator inside
 * 1⊥ for client and server alike: only operator products are needed, which matters on the
 * server's [S; P] (n ≈ 11,000: a dense pseudo-inverse would need n³ ≈ 1.3·10¹² flops and another
 * n × n matrix), and it is also far cheaper than a dense factorisation per query on the client
 * (kernel graphs of unit-norm rows are well conditioned: a handful of steps). DENSE factorises
 * L_X + 11ᵀ/n by Cholesky once per data set (clients and small servers). Both are tested against
 * EJML's SVD pseudo-inverse on small n, and against each other at n = 3,000.
 */
public final class SmlqCccpMechanism extends AbstractMechanism implements NonPrivateMechanism {
  public SmlqCccpMechanism() {
    super("smlq-cccp", "non-private: the early paper's CCCP update Z_t = alpha L_X^+ (L_Y Z_{t-1} - S Q), 1 + T"
        + " iterations (T under official-code)", Reporting.at(Reporting.REFERENCE + 20), List.of(SOLVER));
  }

  /** Non-private: checks option {@code solver} only. */
  @Override
  public void validate(MechanismParams params) {
    solver(params);
  }

  /** Option {@code solver}: how L_X⁺ is applied. */
  static final OptionSpec<PseudoInverseSolver> SOLVER = new OptionSpec<>(PseudoInverseSolver.OPTION,
      "one of CG, DENSE", PseudoInverseSolver.CG.name(),
      "how L_X^+ is applied: conjugate gradients, or a dense pseudo-inverse (small n only)", PseudoInverseSolver::parse);

  private static PseudoInverseSolver solver(MechanismParams p) {
    return SOLVER.value(p);
  }

  @Override
  public boolean alignsOnPublic() {
    return true;
  }

  @Override
  public String serverKey(MechanismParams params) {
    return name() + "|" + params.smlqServerFingerprint() + ",solver=" + solver(params);
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams p) {
    int nS = view.gallery().size();
    int nP = view.publicSet().size();
    int n = nS + nP;
    KernelLaplacian lx = KernelLaplacian.of(view.stackedFeatures(), n, view.gallery().dimension(),
        p.featureKernelScale().scale(p.sigma()));
    LabelLaplacian ly = LabelLaplacian.of(view.stackedLabels(), p.labelKernel(), p.sigma());
    double[] q = Seeds.gaussianBlock(n, p.k(), p.sigmaQ(), Seeds.stream(view.sharedSeed(), "smlq-cccp-server-Q"));
    CccpIteration.Result r = CccpIteration.run(solver(p).build(lx), lx, ly, p.alpha(), q, p.k(),
        p.serverIterations(), p.renormalize());
    return ServerSide.ofStacked(r.embedding(), nS, nP, p.k());
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams p) {
    KernelLaplacian.Base base = KernelLaplacian.base(view.publicSet().features().toDoubles(), view.publicSet().size(),
        view.publicSet().dimension(), p.featureKernelScale().scale(p.sigma()));
    PseudoInverseSolver solver = solver(p);
    return (data, rng) -> {
      KernelLaplacian lx = KernelLaplacian.extend(base, data.privateRows(), data.publicOffset());
      LabelLaplacian ly = LabelLaplacian.of(data.labels(), p.labelKernel(), p.sigma());
      double[] q = Seeds.gaussianBlock(data.size(), p.k(), p.sigmaQ(), rng);
      CccpIteration.Result r = CccpIteration.run(solver.build(lx), lx, ly, p.alpha(), q, p.k(),
          p.noiseFreeIterations(), p.renormalize());
      return new ClientRelease(new Embedding(r.embedding(), data.size(), p.k()),
          PrivacyClaim.none("non-private reference (the early paper's CCCP update, eq. 6, without noise)"),
          Map.of("objectiveIncreased", r.objectiveIncreased() ? 1.0 : 0.0));
    };
  }
}

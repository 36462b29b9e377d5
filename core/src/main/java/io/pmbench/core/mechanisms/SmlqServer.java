package io.pmbench.core.mechanisms;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;

/**
 * The server side shared by {@code smlq}, {@code privatemail} and {@code label-only}: SMLQ
 * (SPEC.md §4) without noise on [S; P] for {@code serverIterations} iterations (1 + T under the
 * {@code paper} preset), from its own Q drawn from the shared seed.
 */
final class SmlqServer implements ServerSide {
  private final Embedding gallery;
  private final Embedding publicRows;
  private final double[] objective;

  SmlqServer(ServerView view, MechanismParams p) {
    LabelledSet s = view.gallery();
    LabelledSet pub = view.publicSet();
    int nS = s.size();
    int n = nS + pub.size();
    int d = s.dimension();
    double[] rows = new double[n * d];
    System.arraycopy(Mechanisms.toDoubles(s.features()), 0, rows, 0, nS * d);
    System.arraycopy(Mechanisms.toDoubles(pub.features()), 0, rows, nS * d, pub.size() * d);
    int[] labels = new int[n];
    System.arraycopy(s.labels(), 0, labels, 0, nS);
    System.arraycopy(pub.labels(), 0, labels, nS, pub.size());
    KernelLaplacian lx = KernelLaplacian.of(rows, n, d, p.featureKernelScale().scale(p.sigma()));
    LabelLaplacian ly = LabelLaplacian.of(labels, p.labelKernel(), p.sigma());
    double[] q = Mechanisms.gaussianBlock(n, p.k(), p.sigmaQ(), Seeds.stream(view.sharedSeed(), "smlq-server-Q"));
    Smlq.Result r = Smlq.run(lx, ly, p.alpha(), q, p.k(), p.serverIterations(), p.renormalize());
    this.objective = r.objective();
    double[] x = r.embedding();
    this.gallery = new Embedding(java.util.Arrays.copyOfRange(x, 0, nS * p.k()), nS, p.k());
    this.publicRows = new Embedding(java.util.Arrays.copyOfRange(x, nS * p.k(), n * p.k()), pub.size(), p.k());
  }

  /** The server's SMLQ objective v(X_t), t = 0..T. */
  double[] objective() {
    return objective.clone();
  }

  @Override
  public Embedding gallery() {
    return gallery;
  }

  @Override
  public Embedding publicRows() {
    return publicRows;
  }

  /** Cache key shared by the SMLQ family. */
  static String key(MechanismParams p) {
    return "smlq-server|" + p.smlqServerFingerprint();
  }

}

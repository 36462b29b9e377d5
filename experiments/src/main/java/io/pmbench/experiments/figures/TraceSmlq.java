package io.pmbench.experiments.figures;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.KernelLaplacian;
import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.Arrays;

/**
 * Figure 3's {@code smlq}: the registered {@code smlq} mechanism (same name, so every query
 * draws the same random stream), with a server side that runs SMLQ on [S; P] once per seed for
 * {@code maxIterations} iterations and serves the embedding after t iterations to the cell of
 * t, recording v(X_t) at every t. The server embedding after t iterations equals core's
 * {@code SmlqServer} with t server iterations: same rows, same Q (drawn from the shared seed
 * under "smlq-server-Q"), same update (SPEC.md §4). One instance serves one seed.
 */
final class TraceSmlq extends WrappedMechanism {
  private final int maxIterations;
  private double[][] iterates;
  private double[] objective;
  private int gallerySize;

  TraceSmlq(EmbeddingMechanism smlq, int maxIterations) {
    super(smlq);
    this.maxIterations = maxIterations;
  }

  @Override
  public String description() {
    return wrapped.description() + " (per-iteration trace for Figure 3)";
  }

  @Override
  public boolean alignsOnPublic() {
    return true;
  }

  @Override
  public String serverKey(MechanismParams p) {
    return "smlq-trace|t=" + p.serverIterations() + "|" + p.smlqServerFingerprint();
  }

  @Override
  public synchronized ServerSide server(ServerView view, MechanismParams p) {
    int t = p.serverIterations();
    if (t > maxIterations) {
      throw new IllegalArgumentException("fig3 iteration must be <= " + maxIterations + ". Provided value: " + t);
    }
    if (iterates == null) {
      trace(view, p);
    }
    int k = p.k();
    double[] x = iterates[t];
    Embedding gallery = new Embedding(Arrays.copyOfRange(x, 0, gallerySize * k), gallerySize, k);
    int nP = view.publicSet().size();
    Embedding pub = new Embedding(Arrays.copyOfRange(x, gallerySize * k, (gallerySize + nP) * k), nP, k);
    return ServerSide.of(gallery, pub);
  }

  private void trace(ServerView view, MechanismParams p) {
    LabelledSet s = view.gallery();
    LabelledSet pub = view.publicSet();
    gallerySize = s.size();
    int n = s.size() + pub.size();
    int d = s.dimension();
    double[] rows = new double[n * d];
    copy(s.features(), rows, 0);
    copy(pub.features(), rows, s.size() * d);
    int[] labels = new int[n];
    System.arraycopy(s.labels(), 0, labels, 0, s.size());
    System.arraycopy(pub.labels(), 0, labels, s.size(), pub.size());
    KernelLaplacian lx = KernelLaplacian.of(rows, n, d, p.featureKernelScale().scale(p.sigma()));
    LabelLaplacian ly = LabelLaplacian.of(labels, p.labelKernel(), p.sigma());
    var rng = Seeds.stream(view.sharedSeed(), "smlq-server-Q");
    double[] x = new double[n * p.k()];
    for (int i = 0; i < x.length; i++) {
      x[i] = p.sigmaQ() * Seeds.gaussian(rng);
    }
    iterates = new double[maxIterations + 1][];
    objective = new double[maxIterations + 1];
    iterates[0] = x;
    objective[0] = Smlq.objective(lx, ly, p.alpha(), x, p.k());
    for (int t = 1; t <= maxIterations; t++) {
      x = Smlq.iterate(lx, ly, p.alpha(), x, p.k(), p.renormalize());
      iterates[t] = x;
      objective[t] = Smlq.objective(lx, ly, p.alpha(), x, p.k());
    }
  }

  private static void copy(FeatureMatrix m, double[] out, int offset) {
    float[] src = m.data();
    for (int i = 0; i < src.length; i++) {
      out[offset + i] = src[i];
    }
  }

  /** v(X_t) of the server for t = 0..maxIterations (after the first server call). */
  synchronized double[] objective() {
    if (objective == null) {
      throw new IllegalStateException("the fig3 server trace was not computed yet");
    }
    return objective.clone();
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    return wrapped.client(view, params);
  }
}

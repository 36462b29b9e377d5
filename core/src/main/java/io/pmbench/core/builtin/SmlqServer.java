package io.pmbench.core.builtin;

import io.pmbench.core.kernel.LabelLaplacian;
import io.pmbench.core.kernel.Laplacian;
import io.pmbench.core.kernel.LaplacianLayout;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.smlq.Smlq;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The server side shared by {@code smlq}, {@code privatemail} and {@code label-only}: SMLQ
 * (SPEC.md §4) without noise on [S; P] for {@code serverIterations} iterations (1 + T under the
 * {@code paper} preset), from its own Q drawn from the shared seed.
 *
 * <p>L_X is held as option {@code server} says ({@link LaplacianLayout}): by default dense while
 * its n × n block takes at most ¾ of the free heap, packed (the upper triangle) while that does, and
 * blockwise beyond (the same bits in all three, so the cache key does not name them); {@code server=knn} swaps in the approximate k-NN graph, and
 * the key says so. L_Y never forms an n × n matrix ({@link LabelLaplacian}).
 *
 * @param gallery S's rows of the SMLQ embedding of [S; P]
 * @param publicRows P's rows of it
 * @param objective the SMLQ objective v(X_t), t = 0..T
 */
record SmlqServer(Embedding gallery, Embedding publicRows, double[] objective) implements ServerSide {
  /** The server side for {@code view}: SMLQ on [S; P] from Q drawn from the shared seed. */
  static SmlqServer embed(ServerView view, MechanismParams p) {
    int nS = view.gallery().size();
    int nP = view.publicSet().size();
    int n = nS + nP;
    Laplacian lx = layout(p).build(view.stackedFeatures(), n, view.gallery().dimension(),
        p.featureKernelScale().scale(p.sigma()), neighbours(p));
    LabelLaplacian ly = LabelLaplacian.of(view.stackedLabels(), p.labelKernel(), p.sigma());
    double[] q = Seeds.gaussianBlock(n, p.k(), p.sigmaQ(), Seeds.stream(view.sharedSeed(), "smlq-server-Q"));
    Smlq.Result r = Smlq.run(lx, ly, p.alpha(), q, p.k(), p.serverIterations(), p.renormalize());
    ServerSide stacked = ServerSide.ofStacked(r.embedding(), nS, nP, p.k());
    return new SmlqServer(stacked.gallery(), stacked.publicRows(), r.objective());
  }

  /** The server's SMLQ objective v(X_t), t = 0..T (a copy). */
  @Override
  public double[] objective() {
    return objective.clone();
  }

  /**
   * Cache key shared by the SMLQ family: the exact layouts give the same bits, so only the
   * approximate one (with its κ) is named, and keys of existing runs do not change.
   */
  static String key(MechanismParams p) {
    String key = "smlq-server|" + p.smlqServerFingerprint();
    return layout(p) == LaplacianLayout.KNN ? key + ",server=knn,neighbours=" + neighbours(p) : key;
  }

  /** Option {@code server}: how L_X is held ({@link LaplacianLayout}). */
  static final OptionSpec<LaplacianLayout> LAYOUT = new OptionSpec<>(LaplacianLayout.OPTION,
      "one of " + Arrays.stream(LaplacianLayout.values()).map(LaplacianLayout::optionValue)
          .sorted().collect(Collectors.joining(", ")), LaplacianLayout.AUTO.optionValue(),
      "how the server holds L_X: dense or blockwise (same bits), knn (approximate); auto picks by free heap."
          + " Not given, a gallery of more than 20,000 rows runs with knn (pmbench says so)",
      LaplacianLayout::parse);

  /** Option {@code serverNeighbours}: κ of the k-NN layout. */
  static final OptionSpec<Integer> NEIGHBOURS = new OptionSpec<>(LaplacianLayout.NEIGHBOURS_OPTION, "integer >= 1",
      Integer.toString(LaplacianLayout.DEFAULT_NEIGHBOURS), "kappa, the neighbours per row under server=knn",
      LaplacianLayout::parseNeighbours);

  /** The options of every mechanism whose server side this is. */
  static final List<OptionSpec<?>> OPTIONS = List.of(LAYOUT, NEIGHBOURS);

  /** The layout of L_X (option {@code server}; throws on an unknown value). */
  static LaplacianLayout layout(MechanismParams p) {
    return LAYOUT.value(p);
  }

  /** κ of the k-NN layout (option {@code serverNeighbours}). */
  static int neighbours(MechanismParams p) {
    return NEIGHBOURS.value(p);
  }

  /** Checks the server options (called by the mechanisms' {@code validate}). */
  static void validate(MechanismParams p) {
    layout(p);
    neighbours(p);
  }

}

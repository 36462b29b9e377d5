package io.pmbench.baselines.publicpca;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.retrieval.Knn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * public-pca-tuned's choice of dims, a function of the public set P, the shared seed and the run's
 * (ε, δ, calibration) only — never of the gallery, the queries or any private row.
 *
 * <p><b>Rule.</b> The grid is every power of two from 2 to min(d, |P| − 1, {@value #MAX_DIMS})
 * (just {1} when that bound is below 2). P is split, by a sample drawn from the shared seed
 * (stream {@value #STREAM}, "split"), into validation queries (a uniform sample of ⌊|P|/2⌋ rows)
 * and a validation gallery (the rest). With V the top-g_max right singular vectors of P − 1·μ (the same
 * {@link PublicBasis} the release uses), each validation query x is released as public-pca would
 * release it at dims g: (x − μ)·V_g + N(0, s²I_g), s = Calibrate(Δ = 1) at the run's (ε, δ) by its
 * calibration, {@value #REPEATS} independent noise draws per query (the same standard normals for
 * every g, so the grid points are compared on common noise, from the stream "noise"); its
 * {@value #K} nearest validation-gallery rows (projected without noise; exact Euclidean k-NN,
 * ties to the smaller index) score a hit when one shares its label. The score of g is the mean
 * hit rate (Recall@{@value #K} within P), and d* is the g of the highest score, the smaller g on a
 * tie. V_g is the first g columns of V ({@link PublicBasis#leading}).
 *
 * <p><b>Privacy.</b> Only public data (P's rows and labels, the shared seed) and the public
 * parameters (ε, δ, calibration) enter the choice, so d* is public and the release at d* is the
 * Gaussian mechanism of {@code public-pca} at dims = d*, with its guarantee.
 *
 * @param dims d*
 * @param grid the candidate dims, ascending
 * @param scores Recall@{@value #K} within P of each candidate
 * @param basis the basis at the grid's largest dims (d* is its {@link PublicBasis#leading} part)
 */
record TunedDims(int dims, int[] grid, double[] scores, PublicBasis basis) {
  /** The stream the split and the noise of the choice are drawn from (under the shared seed). */
  static final String STREAM = "public-pca-tuned";
  /** The largest dims tried. */
  static final int MAX_DIMS = 512;
  /** Noise draws per validation query. */
  static final int REPEATS = 4;
  /** The K of the validation score (the paper's headline Recall@8). */
  static final int K = 8;

  /** Choices already made, per public set (by identity, as {@link PublicBasis}) and run parameters. */
  private static final Map<LabelledSet, Map<String, TunedDims>> CHOSEN =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** The choice for {@code publicSet} at {@code p}'s (ε, δ, calibration) and {@code sharedSeed}, made once. */
  static TunedDims of(LabelledSet publicSet, MechanismParams p, long sharedSeed) {
    String key = p.epsilon() + "|" + p.delta() + "|" + p.calibration() + "|" + sharedSeed;
    return CHOSEN.computeIfAbsent(publicSet, s -> new ConcurrentHashMap<>())
        .computeIfAbsent(key, k -> choose(publicSet, p.calibration().sigma(PublicPcaClient.SENSITIVITY, p.epsilon(),
            p.delta()), sharedSeed));
  }

  /** The candidate dims for d features and n public rows (see the class comment). */
  static int[] grid(int d, int n) {
    int cap = Math.min(Math.min(d, n - 1), MAX_DIMS);
    List<Integer> g = new ArrayList<>();
    for (int v = 2; v <= cap; v *= 2) {
      g.add(v);
    }
    return g.isEmpty() ? new int[] {1} : g.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Makes the choice with noise of standard deviation {@code s} (see the class comment). */
  static TunedDims choose(LabelledSet publicSet, double s, long sharedSeed) {
    int n = publicSet.size();
    int[] grid = grid(publicSet.dimension(), n);
    int top = grid[grid.length - 1];
    PublicBasis basis = PublicBasis.of(publicSet, top);
    double[] y = basis.project(publicSet.features());
    int nq = n / 2;
    int ng = n - nq;
    int[] order = split(n, nq, sharedSeed);
    int[] labels = publicSet.labels();
    double[] noise = new double[nq * REPEATS * top];
    Seeds.gaussians(noise, Seeds.stream(sharedSeed, STREAM, "noise"));
    double[] scores = new double[grid.length];
    for (int gi = 0; gi < grid.length; gi++) {
      int g = grid[gi];
      double[] gallery = new double[ng * g];
      for (int j = 0; j < ng; j++) {
        System.arraycopy(y, order[nq + j] * top, gallery, j * g, g);
      }
      long hits = 0;
      double[] query = new double[g];
      for (int i = 0; i < nq; i++) {
        for (int t = 0; t < REPEATS; t++) {
          for (int c = 0; c < g; c++) {
            query[c] = y[order[i] * top + c] + s * noise[(i * REPEATS + t) * top + c];
          }
          hits += hit(Knn.nearest(gallery, ng, g, query, Math.min(K, ng), -1), order, nq, labels, labels[order[i]]);
        }
      }
      scores[gi] = (double) hits / ((long) nq * REPEATS);
    }
    int best = 0;
    for (int gi = 1; gi < grid.length; gi++) {
      if (scores[gi] > scores[best]) {
        best = gi;
      }
    }
    return new TunedDims(grid[best], grid, scores, basis);
  }

  /** The validation queries (a seeded sample of nq rows of P, ascending), then the other rows (ascending). */
  static int[] split(int n, int nq, long sharedSeed) {
    int[] queries = Seeds.sampleWithoutReplacement(n, nq, Seeds.stream(sharedSeed, STREAM, "split"));
    boolean[] isQuery = new boolean[n];
    int[] order = new int[n];
    for (int i = 0; i < nq; i++) {
      isQuery[queries[i]] = true;
      order[i] = queries[i];
    }
    int next = nq;
    for (int i = 0; i < n; i++) {
      if (!isQuery[i]) {
        order[next++] = i;
      }
    }
    return order;
  }

  private static int hit(int[] nearest, int[] order, int nq, int[] labels, int label) {
    for (int j : nearest) {
      if (labels[order[nq + j]] == label) {
        return 1;
      }
    }
    return 0;
  }

  /** The basis at d*. */
  PublicBasis chosenBasis() {
    return basis.leading(dims);
  }

  /** One line for the claim's caveats: the rule, the grid's scores and d*. */
  String describe() {
    String each = java.util.stream.IntStream.range(0, grid.length)
        .mapToObj(i -> String.format(Locale.ROOT, "%d: %.4f", grid[i], scores[i])).collect(Collectors.joining(", "));
    return "dims = " + dims + " chosen on the public set P only (never the gallery or the queries): Recall@" + K
        + " of P's seeded half released as public-pca at the run's (eps, delta) (" + REPEATS + " noise draws each)"
        + " against P's other half, per dims {" + each + "}, the best (the smaller on a tie); the guarantee is the"
        + " Gaussian mechanism's at dims = " + dims;
  }
}

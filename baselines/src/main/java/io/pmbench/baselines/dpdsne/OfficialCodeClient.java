package io.pmbench.baselines.dpdsne;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The client side of {@code dp-dsne-official} ({@link DpDsneOfficialMechanism}): per query, the
 * official code's noisy t-SNE ({@link OfficialCodeTsne}) of all of D.
 *
 * <p>Shared across queries (read-only, computed once from public data): the squared distances
 * among the public rows P. A query whose D ends with exactly P's rows, in the view's order (rows
 * [m, n) with m = {@code publicOffset}, as the runner builds D), computes only the distances of
 * its m free rows; any other D is computed in full. Either way the distances, and so the release,
 * are the same doubles.
 */
final class OfficialCodeClient implements ClientSide {
  private final MechanismParams params;
  private final int steps;
  private final double noise;
  private final FeatureMatrix publicRows;
  private final double[] publicDistances;

  OfficialCodeClient(ClientView view, MechanismParams params, int steps, double noise) {
    this.params = params;
    this.steps = steps;
    this.noise = noise;
    this.publicRows = view.publicSet().features();
    this.publicDistances = OfficialCodeAffinities.squaredDistances(publicRows);
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = params.k();
    double[] y = OfficialCodeTsne.embed(squaredDistances(data), n, k, steps, noise, rng);
    double honest = DpDsneOfficialMechanism.honestNoiseScale(n, steps, params);
    return new ClientRelease(new Embedding(y, n, k), DpDsneOfficialMechanism.claim(params, noise, honest),
        Map.of("honestNoiseScale", honest, "noiseVariance", noise, "steps", (double) steps));
  }

  /** D's squared distances, reusing P's when D ends with P (see the class comment). */
  double[] squaredDistances(ClientData data) {
    FeatureMatrix rows = data.rows();
    int m = data.publicOffset();
    int d = rows.cols();
    boolean endsWithP = d == publicRows.cols() && rows.rows() - m == publicRows.rows()
        && Arrays.equals(rows.data(), m * d, rows.data().length, publicRows.data(), 0, publicRows.data().length);
    return endsWithP ? OfficialCodeAffinities.squaredDistances(rows, m, publicDistances)
        : OfficialCodeAffinities.squaredDistances(rows);
  }
}

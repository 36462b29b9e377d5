package io.pmbench.testkit;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What a conformance check runs a mechanism on: the server's gallery S and the public set P, the
 * number of classes, the shared seed, and one client data set D = [r; P_r; P] (SPEC.md §1, §2).
 *
 * @param gallery S
 * @param publicSet P, in the order D uses
 * @param numClasses C
 * @param sharedSeed the seed both parties derive data-independent randomness from
 * @param client D: row 0 the query, rows 1..publicOffset−1 the dummies, then P
 */
public record ConformanceData(LabelledSet gallery, LabelledSet publicSet, int numClasses, long sharedSeed,
    ClientData client) {

  /**
   * A small class-clustered data set drawn from {@code seed}: {@code classes} random unit class
   * centres in R^{@code dim}, each row its centre plus N(0, 0.3²) per coordinate, L2-normalised,
   * row i of class i mod C; P has {@code nPublic} rows, S has {@code nGallery}; r is S's row 0 and
   * P_r the first public row of every class other than r's.
   */
  public static ConformanceData synthetic(long seed, int classes, int dim, int nPublic, int nGallery) {
    double[] centres = UnitRows.gaussian(classes, dim, Seeds.stream(seed, "testkit", "centres"));
    LabelledSet pub = clustered(centres, classes, dim, nPublic, Seeds.stream(seed, "testkit", "public"));
    LabelledSet gallery = clustered(centres, classes, dim, nGallery, Seeds.stream(seed, "testkit", "gallery"));
    return new ConformanceData(gallery, pub, classes, seed, clientData(gallery, 0, pub));
  }

  /** {@link #synthetic(long, int, int, int, int)} with 3 classes in R^8, 24 public and 15 gallery rows. */
  public static ConformanceData synthetic(long seed) {
    return synthetic(seed, 3, 8, 24, 15);
  }

  /** D = [S's row {@code query}; one public row of every other class; P]. */
  static ClientData clientData(LabelledSet gallery, int query, LabelledSet pub) {
    int d = pub.dimension();
    int r = gallery.labels()[query];
    List<Integer> dummies = new ArrayList<>();
    List<Integer> seen = new ArrayList<>(List.of(r));
    for (int i = 0; i < pub.size(); i++) {
      if (!seen.contains(pub.labels()[i])) {
        seen.add(pub.labels()[i]);
        dummies.add(i);
      }
    }
    int offset = 1 + dummies.size();
    int n = offset + pub.size();
    float[] x = new float[n * d];
    int[] y = new int[n];
    System.arraycopy(gallery.features().data(), query * d, x, 0, d);
    y[0] = r;
    for (int j = 0; j < dummies.size(); j++) {
      System.arraycopy(pub.features().data(), dummies.get(j) * d, x, (1 + j) * d, d);
      y[1 + j] = pub.labels()[dummies.get(j)];
    }
    System.arraycopy(pub.features().data(), 0, x, offset * d, pub.size() * d);
    System.arraycopy(pub.labels(), 0, y, offset, pub.size());
    return new ClientData(new FeatureMatrix(x, n, d), y, offset);
  }

  /**
   * Add/remove neighbours of D's private rows (SPEC.md §1, the removed row padded with a zero row
   * in its place): for every row i before the public set, D with row i set to the zero row against
   * D with row i set to each of: its own value, its negation, the next row (a duplicate), and two
   * random unit rows drawn from {@code seed}. The labels stay.
   */
  public List<NeighbourPair> addRemoveNeighbours(long seed) {
    SplittableRandom rng = Seeds.stream(seed, "testkit", "neighbours");
    int d = client.rows().cols();
    List<NeighbourPair> out = new ArrayList<>();
    for (int i = 0; i < client.publicOffset(); i++) {
      double[] own = client.rows().row(i);
      double[] negated = Arrays.stream(own).map(v -> -v).toArray();
      double[][] candidates = {own, negated, client.rows().row(i + 1), UnitRows.gaussian(1, d, rng),
          UnitRows.gaussian(1, d, rng)};
      String[] names = {"own row", "negated row", "next row", "random row", "random row"};
      ClientData removed = withRow(client, i, new double[d]);
      for (int c = 0; c < candidates.length; c++) {
        out.add(new NeighbourPair("row " + i + " zero vs " + names[c], removed, withRow(client, i, candidates[c])));
      }
    }
    return out;
  }

  /** D with row {@code i} replaced by {@code row} (labels unchanged). */
  public static ClientData withRow(ClientData data, int i, double[] row) {
    int d = data.rows().cols();
    float[] x = data.rows().data().clone();
    for (int c = 0; c < d; c++) {
      x[i * d + c] = (float) row[c];
    }
    return new ClientData(new FeatureMatrix(x, data.size(), d), data.labels().clone(), data.publicOffset());
  }

  private static LabelledSet clustered(double[] centres, int classes, int dim, int rows, SplittableRandom rng) {
    float[] x = new float[rows * dim];
    int[] y = new int[rows];
    for (int i = 0; i < rows; i++) {
      y[i] = i % classes;
      for (int j = 0; j < dim; j++) {
        x[i * dim + j] = (float) (centres[y[i] * dim + j] + 0.3 * Seeds.gaussian(rng));
      }
    }
    FeatureMatrix.normalizeInPlace(x, rows, dim, "testkit");
    return new LabelledSet(new FeatureMatrix(x, rows, dim), y);
  }
}

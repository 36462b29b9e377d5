package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The exact path of {@code dp-dsne-official} ({@link OfficialCodeTsne#embedExact}: flat arrays, one
 * coefficient per unordered pair used for both of its rows, rows in groups of four) releases
 * exactly the doubles of the direct transcription of the official code kept in
 * {@link ReferenceOfficialCodeTsne}, and draws the same number of values from the query's stream;
 * the client's release (the fast gradient, compared with the exact one in
 * {@link OfficialFastGradientTest}) with the public block's distances cached equals the release
 * from distances computed in full;
 * the gradient alone is compared too, on every shape its loops treat differently. The runs cross the
 * end of the exaggeration (100) and of the low momentum (20). Fails if any reordered sum, mirrored
 * value, cached distance or random draw differs by one bit.
 */
class OfficialCodeEquivalenceTest {
  private static final int ITERATIONS = 150;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void embed_k1ToK3_equalReferenceBitForBit(long seed) {
    // 150 rows: 37 full groups of four rows in the gradient's pair loop, then two rows alone.
    FeatureMatrix x = Fixtures.matrix(SyntheticData.unitRows(150, 10, new SplittableRandom(seed)));
    for (int k = 1; k <= 3; k++) {
      double noise = 0.01 * k;
      SplittableRandom ours = new SplittableRandom(100 + seed);
      SplittableRandom ref = new SplittableRandom(100 + seed);

      double[] y = OfficialCodeTsne.embedExact(OfficialCodeAffinities.squaredDistances(x), x.rows(), k, ITERATIONS,
          noise, ours);
      double[][] expected = ReferenceOfficialCodeTsne.embed(SmileTsne.rows(x), k, ITERATIONS, noise, ref);

      assertArrayEquals(Fixtures.bits(SmileTsne.flatten(expected, k)), Fixtures.bits(y), "k = " + k);
      assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed, k = " + k);
    }
  }

  @Test
  void embed_paperShapeN1011K2_equalsReferenceBitForBit() {
    // The Figure-6 shape (about 1,000 public rows, the query and ten dummies; k = 2) with noise on,
    // past the end of the exaggeration (iteration 100) and of the low momentum (20). Fails if the
    // optimised loops differ from the transcription in any bit at the size where they are timed.
    int iterations = 110;
    FeatureMatrix x = Fixtures.matrix(SyntheticData.unitRows(1011, 10, new SplittableRandom(11)));
    SplittableRandom ours = new SplittableRandom(12);
    SplittableRandom ref = new SplittableRandom(12);

    double[] y = OfficialCodeTsne.embedExact(OfficialCodeAffinities.squaredDistances(x), x.rows(), 2, iterations, 0.01,
        ours);
    double[][] expected = ReferenceOfficialCodeTsne.embed(SmileTsne.rows(x), 2, iterations, 0.01, ref);

    assertArrayEquals(Fixtures.bits(SmileTsne.flatten(expected, 2)), Fixtures.bits(y));
    assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed");
  }

  @ParameterizedTest
  @CsvSource({"2, 2", "3, 1", "4, 2", "5, 3", "7, 2", "8, 1", "9, 2", "12, 3", "67, 2", "130, 1", "130, 3",
      "1011, 2", "1013, 1"})
  void gradient_manyShapes_equalsReferenceBitForBit(int n, int k) {
    // Every group boundary (n mod 4 = 0..3, n < 4), k = 1..3, a map with repeated rows and signed
    // zeros (so that differences are exactly ±0 and the sign of zero terms matters), the same
    // instance called again at a second map and after the exaggeration is removed. Fails if a sum
    // is reordered, a mirrored term reaches g_j before g_j's own terms, a term is rewritten into a
    // different expression, or buffers carry state from one call to the next.
    SplittableRandom rng = new SplittableRandom(n * 31L + k);
    double[] d = OfficialCodeAffinities.squaredDistances(Fixtures.matrix(SyntheticData.unitRows(n, 6, rng)));
    double[][] p = OfficialCodeAffinities.affinities(d, n);
    OfficialCodeGradient gradient = new OfficialCodeGradient(p, k);
    double[][] w = new double[n][n];
    for (int call = 0; call < 3; call++) {
      double[][] y = awkwardMap(n, k, rng);
      if (call == 2) {
        gradient.removeExaggeration();
        for (double[] row : p) {
          for (int j = 0; j < n; j++) {
            row[j] /= OfficialCodeAffinities.exaggeration();
          }
        }
      }
      double[] out = new double[n * k];

      gradient.compute(SmileTsne.flatten(y, k), out);
      double[][] expected = ReferenceOfficialCodeTsne.gradient(p, y, w);

      assertArrayEquals(Fixtures.bits(SmileTsne.flatten(expected, k)), Fixtures.bits(out), "call " + call);
    }
  }

  /** N(0, 5²) entries, with row 1 repeating row 0, row n − 1 repeating row 2 and some entries ±0. */
  private static double[][] awkwardMap(int n, int k, SplittableRandom rng) {
    double[][] y = new double[n][k];
    for (double[] row : y) {
      for (int c = 0; c < k; c++) {
        row[c] = 5 * Seeds.gaussian(rng);
      }
    }
    if (n > 2) {
      y[1] = y[0].clone();
      y[n - 1] = y[2].clone();
      y[n / 2][0] = 0.0;
      y[n / 3][k - 1] = -0.0;
    }
    return y;
  }

  @ParameterizedTest
  @ValueSource(longs = {4, 5, 6})
  void client_dEndsWithPublicSet_cachedReleaseEqualsFullComputationBitForBit(long seed) {
    Fixtures fix = new Fixtures(50, 10, seed);
    ClientData data = fix.data(SyntheticData.unitRows(10, 10, new SplittableRandom(seed + 50)));
    OfficialCodeClient client = client(fix);

    assertArrayEquals(Fixtures.bits(OfficialCodeAffinities.squaredDistances(data.rows())),
        Fixtures.bits(client.squaredDistances(data)), "cached public block");
    assertReleaseEqualsFullComputation(client, data, seed);
  }

  @ParameterizedTest
  @ValueSource(longs = {7, 8})
  void client_dNotEndingWithPublicSet_releaseEqualsFullComputationBitForBit(long seed) {
    Fixtures fix = new Fixtures(50, 10, seed);
    double[][] free = SyntheticData.unitRows(10, 10, new SplittableRandom(seed + 50));
    double[][] reversed = fix.publicRows.clone();
    Collections.reverse(Arrays.asList(reversed));
    double[][] all = new double[60][];
    System.arraycopy(free, 0, all, 0, 10);
    System.arraycopy(reversed, 0, all, 10, 50);
    ClientData permuted = new ClientData(Fixtures.matrix(all), new int[60], 10);
    ClientData shorter = new ClientData(Fixtures.matrix(Arrays.copyOf(all, 55)), new int[55], 10);

    assertReleaseEqualsFullComputation(client(fix), permuted, seed);
    assertReleaseEqualsFullComputation(client(fix), shorter, seed);
  }

  private static OfficialCodeClient client(Fixtures fix) {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5)
        .options(Map.of("iterations", String.valueOf(ITERATIONS), "noiseVariance", "0.02")).build(1.0, 1e-5);
    ClientSide side = new DpDsneOfficialMechanism().client(fix.view, p);
    return (OfficialCodeClient) side;
  }

  private static void assertReleaseEqualsFullComputation(OfficialCodeClient client, ClientData data, long seed) {
    SplittableRandom ours = new SplittableRandom(seed);
    SplittableRandom ref = new SplittableRandom(seed);
    double[] release = client.embed(data, ours).embedding().data();
    double[] expected = OfficialCodeTsne.embed(OfficialCodeAffinities.squaredDistances(data.rows()), data.size(), 2,
        ITERATIONS, 0.02, ref);

    assertArrayEquals(Fixtures.bits(expected), Fixtures.bits(release));
    assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed");
  }
}

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
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The optimised {@code dp-dsne-official} (flat arrays, one kernel and coefficient per unordered
 * pair, the public block's distances cached per client) releases exactly the doubles of the direct
 * transcription of the official code kept in {@link ReferenceOfficialCodeTsne}, and draws the same
 * number of values from the query's stream. 150 iterations cross the end of the exaggeration (100)
 * and of the low momentum (20). Fails if any reordered sum, mirrored value, cached distance or
 * random draw differs by one bit.
 */
class OfficialCodeEquivalenceTest {
  private static final int ITERATIONS = 150;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void embed_k2AndK3_equalReferenceBitForBit(long seed) {
    // 150 rows: more than one tile of the gradient's pair loop, the last one partial.
    FeatureMatrix x = Fixtures.matrix(SyntheticData.unitRows(150, 10, new SplittableRandom(seed)));
    for (int k = 2; k <= 3; k++) {
      double noise = 0.01 * k;
      SplittableRandom ours = new SplittableRandom(100 + seed);
      SplittableRandom ref = new SplittableRandom(100 + seed);

      double[] y = OfficialCodeTsne.embed(OfficialCodeAffinities.squaredDistances(x), x.rows(), k, ITERATIONS,
          noise, ours);
      double[][] expected = ReferenceOfficialCodeTsne.embed(SmileTsne.rows(x), k, ITERATIONS, noise, ref);

      assertArrayEquals(Fixtures.bits(SmileTsne.flatten(expected, k)), Fixtures.bits(y), "k = " + k);
      assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed, k = " + k);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {4, 5, 6})
  void client_dEndsWithPublicSet_cachedReleaseEqualsReferenceBitForBit(long seed) {
    Fixtures fix = new Fixtures(50, 10, seed);
    ClientData data = fix.data(SyntheticData.unitRows(10, 10, new SplittableRandom(seed + 50)));
    OfficialCodeClient client = client(fix);

    assertArrayEquals(Fixtures.bits(OfficialCodeAffinities.squaredDistances(data.rows())),
        Fixtures.bits(client.squaredDistances(data)), "cached public block");
    assertReleaseEqualsReference(client, data, seed);
  }

  @ParameterizedTest
  @ValueSource(longs = {7, 8})
  void client_dNotEndingWithPublicSet_fullComputationEqualsReferenceBitForBit(long seed) {
    Fixtures fix = new Fixtures(50, 10, seed);
    double[][] free = SyntheticData.unitRows(10, 10, new SplittableRandom(seed + 50));
    double[][] reversed = fix.publicRows.clone();
    Collections.reverse(Arrays.asList(reversed));
    double[][] all = new double[60][];
    System.arraycopy(free, 0, all, 0, 10);
    System.arraycopy(reversed, 0, all, 10, 50);
    ClientData permuted = new ClientData(Fixtures.matrix(all), new int[60], 10);
    ClientData shorter = new ClientData(Fixtures.matrix(Arrays.copyOf(all, 55)), new int[55], 10);

    assertReleaseEqualsReference(client(fix), permuted, seed);
    assertReleaseEqualsReference(client(fix), shorter, seed);
  }

  private static OfficialCodeClient client(Fixtures fix) {
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5)
        .options(Map.of("iterations", String.valueOf(ITERATIONS), "noiseVariance", "0.02")).build(1.0, 1e-5);
    ClientSide side = new DpDsneOfficialMechanism().client(fix.view, p);
    return (OfficialCodeClient) side;
  }

  private static void assertReleaseEqualsReference(OfficialCodeClient client, ClientData data, long seed) {
    SplittableRandom ours = new SplittableRandom(seed);
    SplittableRandom ref = new SplittableRandom(seed);
    double[] release = client.embed(data, ours).embedding().data();
    double[][] expected = ReferenceOfficialCodeTsne.embed(SmileTsne.rows(data.rows()), 2, ITERATIONS, 0.02, ref);

    assertArrayEquals(Fixtures.bits(SmileTsne.flatten(expected, 2)), Fixtures.bits(release));
    assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed");
  }
}

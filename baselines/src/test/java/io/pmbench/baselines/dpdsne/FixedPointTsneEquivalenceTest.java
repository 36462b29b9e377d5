package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code dp-dsne}'s optimised gradient ({@link FixedPointTsne#gradient()}: column arrays, no
 * per-iteration allocation of the sums, row sums taken as q is computed and for k = 2 both columns'
 * sums in one loop) gives exactly the doubles of the direct transcription kept
 * in {@link ReferenceFixedPointGradient}: a whole release, noisy and noiseless, over 300 steps
 * (past the switch at 250), and every step's gradient for k = 3. Fails if any reordered sum or
 * distance differs by one bit, or if the release consumes the query's stream differently.
 */
class FixedPointTsneEquivalenceTest {
  private static final int ITERATIONS = 300;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void embed_noisyAndNoiseless_equalsReferenceLoopBitForBit(long seed) {
    Fixtures fix = new Fixtures(57, 10, seed);
    ClientData data = fix.data(SyntheticData.unitRows(3, 10, new SplittableRandom(seed + 50)));
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).options(Map.of("iterations", String.valueOf(ITERATIONS)))
        .build(0.5, 1e-5);
    for (boolean noise : new boolean[] {true, false}) {
      DpDsneClient client = new DpDsneClient(fix.view, p, noise);
      SplittableRandom ours = new SplittableRandom(seed);
      SplittableRandom ref = new SplittableRandom(seed);

      double[] release = client.embed(data, ours).embedding().data();
      double[] expected = referenceRelease(client, fix, data, ref);

      assertArrayEquals(Fixtures.bits(expected), Fixtures.bits(release), "noise " + noise);
      assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed, noise " + noise);
    }
  }

  @Test
  void gradient_k3EveryStep_equalsReferenceBitForBit() {
    SplittableRandom rng = new SplittableRandom(9);
    int n = 70;
    int m = 5;
    double[][] y = new double[n][3];
    for (double[] row : y) {
      for (int c = 0; c < 3; c++) {
        row[c] = Seeds.gaussian(rng);
      }
    }
    double[][] p = SmileAffinities.freeRows(SyntheticData.unitRows(n, 8, rng), m);
    double[] fixed = FixedPointTsne.fixedRowSums(Arrays.copyOfRange(y, m, n));
    FixedPointTsne tsne = new FixedPointTsne(y, m, p, fixed);
    for (int t = 0; t < 20; t++) {
      double[][] expected = ReferenceFixedPointGradient.gradient(y, m, p, fixed);
      double[][] g = tsne.gradient();
      for (int i = 0; i < m; i++) {
        assertArrayEquals(Fixtures.bits(expected[i]), Fixtures.bits(g[i]), "step " + t + ", row " + i);
      }
      tsne.step(g);
    }
  }

  /** The release by the reference gradient and the client's own start, clipping, noise and step. */
  private static double[] referenceRelease(DpDsneClient client, Fixtures fix, ClientData data, SplittableRandom rng) {
    int m = data.publicOffset();
    double[][] y = new double[data.size()][];
    for (int i = 0; i < m; i++) {
      y[i] = new double[2];
      for (int c = 0; c < 2; c++) {
        y[i][c] = DpDsneClient.startScale() * Seeds.gaussian(rng);
      }
    }
    for (int j = 0; j < fix.serverPublic.length; j++) {
      y[m + j] = fix.serverPublic[j].clone();
    }
    double[][] p = SmileAffinities.freeRows(SmileTsne.rows(data.rows()), m);
    double[] fixed = FixedPointTsne.fixedRowSums(fix.serverPublic);
    FixedPointTsne stepper = new FixedPointTsne(y, m, p, fixed);
    double s = client.noiseScale(m);
    double delta = DpDsneClient.stepSensitivity(1.0, m);
    for (int t = 0; t < ITERATIONS; t++) {
      double[][] g = DpDsneClient.clipRows(ReferenceFixedPointGradient.gradient(y, m, p, fixed), 1.0);
      stepper.step(client.addNoise(g, s, delta, rng));
    }
    return SmileTsne.flatten(Arrays.copyOf(y, m), 2);
  }
}

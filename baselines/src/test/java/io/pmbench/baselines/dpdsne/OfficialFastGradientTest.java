package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link OfficialFastGradient}, the official DP-dSNE gradient on the fast single-precision t-SNE pass,
 * against the exact {@link OfficialCodeGradient} (bit for bit the official code, see
 * {@link OfficialCodeEquivalenceTest}): the same gradient to 10⁻⁵ of its largest entry, the exact
 * doubles when the code's floor on q could bind, and releases that stay within a stated tolerance of
 * the exact path's on a small input.
 */
class OfficialFastGradientTest {

  @ParameterizedTest
  @CsvSource({"3, 1", "4, 2", "9, 2", "67, 2", "130, 3", "300, 2"})
  void compute_randomMaps_equalsExactGradientToSinglePrecision(int n, int k) {
    // Fails if the fast formula drops the code's diagonal-free Σw (uses Smile's Z with the n
    // diagonal terms), keeps Smile's factor 4, mirrors a term with the wrong sign, or misses the
    // exaggeration's removal (third call). Tolerance 10⁻⁵ of the largest entry: the pass rounds P
    // and the map to float (2⁻²⁴) and sums up to n terms in float; a wrong term is ~1/n of it.
    SplittableRandom rng = new SplittableRandom(n * 17L + k);
    double[] d = OfficialCodeAffinities.squaredDistances(Fixtures.matrix(SyntheticData.unitRows(n, 6, rng)));
    double[][] p = OfficialCodeAffinities.affinities(d, n);
    OfficialFastGradient fast = new OfficialFastGradient(p, k);
    OfficialCodeGradient exact = new OfficialCodeGradient(p, k);
    for (int call = 0; call < 3; call++) {
      if (call == 2) {
        fast.removeExaggeration();
        exact.removeExaggeration();
      }
      double[] map = new double[n * k];
      for (int t = 0; t < map.length; t++) {
        map[t] = 5 * Seeds.gaussian(rng);
      }
      double[] expected = new double[n * k];
      double[] ours = new double[n * k];

      exact.compute(map, expected);
      fast.compute(map, ours);

      double scale = Arrays.stream(expected).map(Math::abs).max().orElseThrow();
      assertArrayEquals(expected, ours, 1e-5 * scale, "n=" + n + " k=" + k + " call " + call);
    }
    assertEquals(0, fast.fallbacks(), "no map here is wide enough for the floor to bind");
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void compute_mapWideEnoughForTheFloor_exactDoubles(boolean afterExaggeration) {
    // One row 10⁸ away: its kernels (≈ 10⁻¹⁶) fall below 10⁻¹²·Σw, so the code's max(q, 10⁻¹²)
    // binds and A − R/Σw would be wrong. Fails if the fast path is used there, or if the fallback
    // does not carry the exaggeration's state.
    int n = 40;
    int k = 2;
    SplittableRandom rng = new SplittableRandom(5);
    double[] d = OfficialCodeAffinities.squaredDistances(Fixtures.matrix(SyntheticData.unitRows(n, 6, rng)));
    double[][] p = OfficialCodeAffinities.affinities(d, n);
    OfficialFastGradient fast = new OfficialFastGradient(p, k);
    OfficialCodeGradient exact = new OfficialCodeGradient(p, k);
    if (afterExaggeration) {
      fast.removeExaggeration();
      exact.removeExaggeration();
    }
    double[] map = new double[n * k];
    for (int t = 0; t < map.length; t++) {
      map[t] = Seeds.gaussian(rng);
    }
    map[0] = 1e8;
    double[] expected = new double[n * k];
    double[] ours = new double[n * k];

    exact.compute(map, expected);
    fast.compute(map, ours);

    assertEquals(1, fast.fallbacks());
    assertArrayEquals(Fixtures.bits(expected), Fixtures.bits(ours));
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void embed_smallInput_fastReleaseWithinToleranceOfExact(long seed) {
    // The release path end to end on a small input (60 rows, k = 2, the code's noise draws): 12
    // iterations (past the low momentum's end at 20 the map's growth amplifies rounding as in any
    // t-SNE, see ExactTsneTest) agree to 10⁻⁴ of the map's scale, and both draw the same number of
    // values. Fails if the fast path changes the optimiser, the noise or the order of draws.
    int n = 60;
    double[] d = OfficialCodeAffinities.squaredDistances(Fixtures.matrix(SyntheticData.unitRows(n, 8,
        new SplittableRandom(seed))));
    SplittableRandom ours = new SplittableRandom(40 + seed);
    SplittableRandom ref = new SplittableRandom(40 + seed);

    double[] fast = OfficialCodeTsne.embed(d, n, 2, 12, 1e-3, ours);
    double[] exact = OfficialCodeTsne.embedExact(d, n, 2, 12, 1e-3, ref);

    double scale = Arrays.stream(exact).map(Math::abs).max().orElseThrow();
    double worst = 0;
    for (int t = 0; t < exact.length; t++) {
      worst = Math.max(worst, Math.abs(fast[t] - exact[t]));
    }
    System.out.printf("seed %d: largest difference %.3g of the map's scale %.3g%n", seed, worst / scale, scale);
    assertTrue(worst <= 1e-4 * scale, "largest difference " + worst + " against scale " + scale);
    assertEquals(ref.nextLong(), ours.nextLong(), "random draws consumed");
  }
}

package io.pmbench.baselines.simhash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.core.retrieval.Retrieval;
import io.pmbench.testkit.ConformanceData;
import io.pmbench.testkit.MechanismConformance;
import io.pmbench.testkit.NeighbourPair;
import io.pmbench.testkit.NoiseMoments;
import io.pmbench.testkit.UnitRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * simhash-rr: the test kit under replace-one neighbours (the claim's relation), the flip
 * probability against ε/b (exactly, rounded toward privacy) and by a statistical test, the shared
 * codes, Hamming retrieval through the protocol's k-NN, and the option. A failure means the bits
 * leak more than ε/b each, the release reads more than r, or the server ranks by something other
 * than Hamming distance.
 */
class SimhashRrTest {
  private static final SimhashRrMechanism MECHANISM = new SimhashRrMechanism();
  private static final ConformanceData DATA = ConformanceData.synthetic(11);

  private static MechanismParams params(double epsilon, int bits) {
    return Preset.PAPER.builder(1, 0.5).options(Map.of("bits", Integer.toString(bits))).build(epsilon, 1e-5);
  }

  private static SimhashRrClient client(MechanismParams p) {
    return (SimhashRrClient) MECHANISM.client(new ClientView(DATA.publicSet(), DATA.numClasses(), null,
        DATA.sharedSeed()), p);
  }

  /**
   * Replace-one neighbours of the query row (the claim's relation): r against its negation (every
   * bit flips, so the bound Δ = b is reached), against the zero row, against every gallery row,
   * and r with another label; and D with a dummy or a public row changed (which must not move the
   * code at all).
   */
  private static List<NeighbourPair> replaceOne(ClientData d) {
    List<NeighbourPair> out = new ArrayList<>();
    double[] r = d.rows().row(0);
    out.add(new NeighbourPair("r vs -r", d, ConformanceData.withRow(d, 0, Arrays.stream(r).map(v -> -v).toArray())));
    out.add(new NeighbourPair("r vs zero row", d, ConformanceData.withRow(d, 0, new double[r.length])));
    for (int i = 0; i < DATA.gallery().size(); i++) {
      out.add(new NeighbourPair("r vs gallery row " + i, d, ConformanceData.withRow(d, 0,
          DATA.gallery().features().row(i))));
    }
    int[] relabelled = d.labels().clone();
    relabelled[0] = (relabelled[0] + 1) % DATA.numClasses();
    out.add(new NeighbourPair("r relabelled", d, new ClientData(d.rows(), relabelled, d.publicOffset())));
    double[] far = UnitRows.gaussian(1, r.length, new SplittableRandom(3));
    out.add(new NeighbourPair("dummy changed", d, ConformanceData.withRow(d, 1, far)));
    out.add(new NeighbourPair("public row changed", d, ConformanceData.withRow(d, d.publicOffset(), far)));
    return out;
  }

  @TestFactory
  Stream<DynamicTest> kit_replaceOneNeighboursAtSeveralBits_passes() {
    // The kit's sensitivity check over replace-one pairs: fails if a query's code can differ in more
    // than b bits (impossible by construction) or if Δ depended on the data; its noise check is the
    // flip rate (6 standard errors, false failure about 2e-9).
    return Stream.of(1, 3, 64).flatMap(b -> MechanismConformance.of(MECHANISM).withParams(params(0.5, b))
        .neighbours(replaceOne(DATA.client())).labelled("simhash-rr bits=" + b).tests());
  }

  @Test
  void flipProbability_severalBudgets_isEpsilonPerBitRoundedTowardPrivacy() {
    // b·ln((1 − q)/q) must not exceed ε (else the release is not ε-DP) and must be ε up to the
    // rounding of q up to the 2^-53 grid, at most 4·2^-53 (else noise is wasted or the per-bit
    // budget is not ε/b): the loss then moves by at most b·4·2^-53/(q(1 − q)). Per-bit budgets up
    // to 8 (q >= 3e-4); far above that the grid caps a bit's loss near ln(2^53) = 36.7, still private.
    for (double epsilon : new double[] {0.01, 0.1, 1, 8, 64}) {
      for (int b : new int[] {1, 4, 16, 64, 1024}) {
        if (epsilon / b > 8) {
          continue;
        }
        RandomisedResponse rr = client(params(epsilon, b)).randomisedResponse();
        double q = rr.flipProbability();
        double realised = b * (Math.log1p(-q) - Math.log(q));
        assertTrue(realised <= epsilon, "eps " + epsilon + ", b " + b + ": b*ln((1-q)/q) = " + realised);
        assertEquals(epsilon, realised, b * 4 * 0x1p-53 / (q * (1 - q)) + 1e-14 * epsilon,
            "eps " + epsilon + ", b " + b);
        assertEquals(1 / (1 + Math.exp(epsilon / b)), q, 4 * 0x1p-53, "q at eps " + epsilon + ", b " + b);
      }
    }
  }

  @Test
  void apply_manyBits_flipsAtTheStatedRateIndependentlyOfTheBitsValue() {
    // 400,000 bits at eps = 1, b = 4 (q = 0.4378): the flip rate of the +1 bits and of the -1 bits
    // are each within 6 standard errors of q (false failure about 4e-9 for the pair). Fails if the
    // response is biased by the bit's value (then a bit leaks more than eps/b) or q is misapplied.
    RandomisedResponse rr = client(params(1, 4)).randomisedResponse();
    double q = rr.flipProbability();
    double[] code = new double[1000];
    for (int i = 0; i < code.length; i++) {
      code[i] = i % 2 == 0 ? 1 : -1;
    }
    long[] flips = new long[2];
    long per = 0;
    SplittableRandom rng = new SplittableRandom(17);
    for (int rep = 0; rep < 400; rep++) {
      double[] out = rr.apply(code, rng);
      for (int i = 0; i < code.length; i++) {
        assertEquals(1.0, Math.abs(out[i]));
        flips[i % 2] += out[i] != code[i] ? 1 : 0;
      }
      per += code.length / 2;
    }
    double se = Math.sqrt(q * (1 - q) / per);
    for (int v = 0; v < 2; v++) {
      assertEquals(q, (double) flips[v] / per, NoiseMoments.STANDARD_ERRORS * se, (v == 0 ? "+1" : "-1") + " bits");
    }
  }

  @Test
  void serverAndClient_sameRow_sameCodeAndReleaseReadsOnlyRowZero() {
    // The server's gallery code of a row equals the client's unnoised code of that row (shared W);
    // the release is the same when the dummies and P change (it reads r alone).
    MechanismParams p = params(1, 32);
    ServerSide server = MECHANISM.server(new ServerView(DATA.gallery(), DATA.publicSet(), DATA.numClasses(),
        DATA.sharedSeed()), p);
    SimhashRrClient client = client(p);
    ClientData d = DATA.client();
    assertArrayEquals(server.gallery().row(0), client.code(d), "gallery row 0 is the query of the kit's D");
    ClientData changed = ConformanceData.withRow(ConformanceData.withRow(d, 1, new double[d.rows().cols()]),
        d.size() - 1, new double[d.rows().cols()]);
    ClientRelease a = client.embed(d, new SplittableRandom(5));
    ClientRelease b = client.embed(changed, new SplittableRandom(5));
    assertArrayEquals(a.embedding().data(), b.embedding().data());
    assertEquals(1, a.embedding().rows());
    assertEquals(32, a.embedding().dim());
    assertEquals(Guarantee.PURE_DP, a.claim().guarantee());
    assertEquals(0.0, a.claim().delta());
    assertEquals(32.0, a.claim().sensitivity());
  }

  @Test
  void retrieval_plusMinusOneCodes_isHammingOrderTiesToSmallerIndex() {
    // The protocol's exact Euclidean k-NN on ±1 codes must rank by Hamming distance, ties by index:
    // fails if distances on codes were not exact (then ties would break by rounding).
    SplittableRandom rng = new SplittableRandom(9);
    int rows = 600;
    int b = 16;
    double[] gallery = new double[rows * b];
    for (int i = 0; i < gallery.length; i++) {
      gallery[i] = rng.nextBoolean() ? 1 : -1;
    }
    Retrieval retrieval = new Retrieval();
    for (int q = 0; q < 20; q++) {
      double[] query = Arrays.copyOfRange(gallery, q * b, (q + 1) * b);
      query[q % b] = -query[q % b];
      int[] hamming = IntStream.range(0, rows).boxed().sorted(Comparator.comparingInt((Integer j) ->
          hamming(query, gallery, j, b)).thenComparingInt(j -> j)).mapToInt(Integer::intValue).toArray();
      // twice: the second call goes through the gallery index built for a block seen again
      for (int pass = 0; pass < 2; pass++) {
        int[] nn = retrieval.nearest(gallery, rows, b, query, 50, -1);
        assertArrayEquals(Arrays.copyOf(hamming, 50), nn, "query " + q);
      }
    }
  }

  private static int hamming(double[] x, double[] gallery, int row, int b) {
    int h = 0;
    for (int c = 0; c < b; c++) {
      h += x[c] != gallery[row * b + c] ? 1 : 0;
    }
    return h;
  }

  @Test
  void codes_zeroRow_isAllPlusOne() {
    // sign(0) = +1: a removed (zero) row has a fixed code, so add/remove neighbours are within Δ = b too.
    SignProjection w = SignProjection.fromSharedSeed(1, 5, 8);
    assertArrayEquals(new double[] {1, 1, 1, 1, 1, 1, 1, 1}, w.codes(new FeatureMatrix(new float[5], 1, 5), 1));
  }

  @Test
  void validate_bitsZero_refusedNamingTheOption() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MECHANISM.validate(
        params(1, 0)));
    assertTrue(e.getMessage().startsWith("bits must be an integer >= 1 or auto. Provided value: 0"), e.getMessage());
  }

  @Test
  void registry_simhashRr_isDiscoveredWithItsOption() {
    assertEquals(List.of("bits"), MechanismRegistry.discover().get("simhash-rr").options().stream()
        .map(o -> o.name()).toList());
    assertEquals(4, SimhashRrMechanism.bits(Preset.PAPER.builder(1, 0.5).build(8, 1e-5)), "default: auto");
  }

  @Test
  void autoBits_epsilon_isThePowerOfTwoMaximisingTheRankingSnr() {
    // sqrt(b)*tanh(eps/(2b)) over powers of two: 1 bit below eps = 3.06, then b doubles as eps doubles.
    assertEquals(1, SimhashRrMechanism.autoBits(0.1));
    assertEquals(1, SimhashRrMechanism.autoBits(1));
    assertEquals(1, SimhashRrMechanism.autoBits(3.05));
    assertEquals(2, SimhashRrMechanism.autoBits(3.07));
    assertEquals(2, SimhashRrMechanism.autoBits(4));
    assertEquals(4, SimhashRrMechanism.autoBits(8));
    assertEquals(8, SimhashRrMechanism.autoBits(16));
    for (double eps : new double[] {0.5, 2, 8, 100}) {
      int b = SimhashRrMechanism.autoBits(eps);
      double best = Math.sqrt(b) * Math.tanh(eps / (2.0 * b));
      for (int other = 1; other <= 4096; other *= 2) {
        assertTrue(Math.sqrt(other) * Math.tanh(eps / (2.0 * other)) <= best, "eps " + eps + ": " + other);
      }
    }
  }

  @Test
  void embed_systemNoiseSource_flipsFromTheDrbgNotTheStream() {
    // Under noiseSource=system the stream must not decide the flips (else the "unpredictable" noise
    // is reproducible from public seeds): two releases with the same stream differ (with 256 bits at
    // q = 0.47 an equal pair has probability below 1e-70).
    MechanismParams p = Preset.PAPER.builder(1, 0.5).options(Map.of("bits", "256", NoiseOrigin.OPTION, "system",
        "noiseSampler", "secure")).build(8, 1e-5);
    SimhashRrClient c = client(p);
    double[] a = c.embed(DATA.client(), new SplittableRandom(1)).embedding().data();
    double[] b = c.embed(DATA.client(), new SplittableRandom(1)).embedding().data();
    assertTrue(!Arrays.equals(a, b), "the same stream gave the same flips under noiseSource=system");
  }
}

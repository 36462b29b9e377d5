package io.pmbench.baselines.rp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.testkit.NoiseMoments;
import io.pmbench.testkit.UnitRows;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * private-rp (BASELINES.md §4): the same R on both sides, σ_max(R) and w₂(R) against brute force,
 * sensitivities against brute-force neighbours (remove/add a row for RECORD, change one entry by
 * at most 2 for ATTRIBUTE), the noise scale and moments, the paper's ATTRIBUTE formula against
 * Balle–Wang's exact δ, and refusals. A failure means a bound, the calibration or the claim is
 * wrong.
 */
class PrivateRpTest {
  private static final PrivateRpMechanism MECHANISM = new PrivateRpMechanism();

  private static double[] unitRows(int n, int d, SplittableRandom rng) {
    return UnitRows.gaussian(n, d, rng);
  }

  private static FeatureMatrix matrix(double[] x, int n, int d) {
    return UnitRows.matrix(x, n, d);
  }

  private static ClientData data(int n, int d, long seed) {
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % 3;
    }
    return new ClientData(matrix(unitRows(n, d, new SplittableRandom(seed)), n, d), y, 2);
  }

  private static ClientView view(ClientData data) {
    int[] rows = new int[data.size() - 2];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = i + 2;
    }
    return new ClientView(new LabelledSet(data.rows(), data.labels()).select(rows), 3, null, 4242);
  }

  private static MechanismParams params(Map<String, String> options, double epsilon, NoiseCalibration c) {
    return Preset.PAPER.builder(1, 0.5).options(options).calibration(c).build(epsilon, 1e-5);
  }

  private static double distance(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (a[i] - b[i]) * (a[i] - b[i]);
    }
    return Math.sqrt(s);
  }

  @Test
  void projection_clientAndServer_useTheSameR() {
    // Fails if R is not derived from the shared seed alone (the query would land in another space).
    ClientData d = data(20, 9, 1);
    MechanismParams p = params(Map.of(), 0.5, NoiseCalibration.CLASSIC);
    ServerSide server = MECHANISM.server(new ServerView(new LabelledSet(d.rows(), d.labels()),
        view(d).publicSet(), 3, 4242), p);
    PrivateRpMechanism.Client client = (PrivateRpMechanism.Client) MECHANISM.client(view(d), p);
    assertTrue(Arrays.equals(RandomProjection.fromSharedSeed(4242, 9, 2).matrix().data,
        client.projection().matrix().data), "client's R differs from the shared-seed R");
    // the server's S·R equals the client's D·R up to the client's clipping of float rows (≤ 1e-6)
    assertArrayEquals(server.gallery().data(), client.projected(d.rows()), 1e-6);
  }

  @Test
  void singularValueAndRowNorm_matchBruteForce() {
    RandomProjection r = RandomProjection.fromSharedSeed(7, 30, 2);
    // σ_max² is the largest eigenvalue of the 2 × 2 matrix RᵀR: (a + c)/2 + √(((a − c)/2)² + b²)
    double a = 0;
    double b = 0;
    double c = 0;
    double w = 0;
    for (int i = 0; i < 30; i++) {
      double x = r.matrix().get(i, 0);
      double y = r.matrix().get(i, 1);
      a += x * x;
      b += x * y;
      c += y * y;
      w = Math.max(w, Math.sqrt(x * x + y * y));
    }
    double sigma = Math.sqrt((a + c) / 2 + Math.sqrt((a - c) * (a - c) / 4 + b * b));
    assertEquals(sigma, r.largestSingularValue(), 1e-12 * sigma);
    assertEquals(w, r.largestRowNorm(), 0.0);
  }

  @Test
  void noiseScales_handComputedProjection_matchHandComputedNumbers() {
    // R = [[1, 2], [2, 1], [0, 0]]: RᵀR = [[5, 4], [4, 5]], eigenvalues 9 and 1, so σ_max = 3;
    // largest row norm w₂ = √5. At ε = 0.5, δ = 1e-5, by hand:
    //   RECORD (CLASSIC): s = σ_max·√(2·ln(1.25/δ))/ε = 3·√(2·11.7360690)/0.5 = 6·4.8448053 = 29.0688316;
    //   ATTRIBUTE: s = (a·w₂/ε)·√(2·(ln(1/(2δ)) + ε)) with a = 2
    //     = (2·2.2360680/0.5)·√(2·(10.8197783 + 0.5)) = 8.9442719·4.7581043 = 42.5577787;
    //   at ε = 8: (2·2.2360680/8)·√(2·(10.8197783 + 8)) = 0.5590170·6.1350577 = 3.4296299.
    // Fails if a singular value, a row norm, the CLASSIC formula or Kenthapadi et al.'s formula
    // (as transcribed) is wrong.
    RandomProjection r = new RandomProjection(new DMatrixRMaj(new double[][] {{1, 2}, {2, 1}, {0, 0}}));

    assertEquals(3.0, r.largestSingularValue(), 1e-12);
    assertEquals(Math.sqrt(5), r.largestRowNorm(), 1e-15);
    assertEquals(29.0688316, NoiseCalibration.CLASSIC.sigma(r.largestSingularValue(), 0.5, 1e-5), 1e-6);
    assertEquals(42.5577787, RandomProjection.attributeNoiseScale(r.largestRowNorm(), 2, 0.5, 1e-5), 1e-6);
    assertEquals(3.4296299, RandomProjection.attributeNoiseScale(r.largestRowNorm(), 2, 8, 1e-5), 1e-6);
  }

  @Test
  void record_bruteForceNeighbours_changeAtMostSigmaMax() {
    // Remove row i (zero row in its place) and add rows (padded with a zero row), including the
    // worst row (R's top left singular vector, which attains σ_max); ratio ≤ 1 must hold.
    int d = 8;
    int n = 12;
    double worst = 0;
    for (long seed = 1; seed <= 5; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      PrivateRpMechanism.Client client = (PrivateRpMechanism.Client) MECHANISM.client(
          new ClientView(new LabelledSet(matrix(unitRows(4, d, rng), 4, d), new int[4]), 2, null, seed),
          params(Map.of(), 0.5, NoiseCalibration.CLASSIC));
      double bound = client.sensitivity();
      double[] x = unitRows(n, d, rng);
      double[] fd = client.projected(matrix(x, n, d));
      for (int i = 0; i < n; i++) {
        double[] x2 = x.clone();
        Arrays.fill(x2, i * d, (i + 1) * d, 0.0);
        worst = Math.max(worst, distance(fd, client.projected(matrix(x2, n, d))) / bound);
      }
      double[] top = topLeftSingularVector(client.projection());
      double[][] extras = {top, unitRows(1, d, rng)};
      for (double[] extra : extras) {
        double[] padded = Arrays.copyOf(x, (n + 1) * d);
        double[] added = padded.clone();
        System.arraycopy(extra, 0, added, n * d, d);
        worst = Math.max(worst, distance(client.projected(matrix(padded, n + 1, d)),
            client.projected(matrix(added, n + 1, d))) / bound);
      }
    }
    System.out.printf("private-rp RECORD: max ||D*R - D'*R||_F / sigma_max(R) = %.7f over brute-force neighbours%n",
        worst);
    // rows are clipped to norm ≤ 1, so only the rounding of the products (~1e-15) can exceed 1
    assertTrue(worst <= 1.0 + 1e-12, "RECORD sensitivity exceeded: " + worst);
    assertTrue(worst > 0.999, "the worst-case row must (nearly) attain the bound");
  }

  /** The unit x maximising ‖x·R‖ (power iteration on R·Rᵀ). */
  private static double[] topLeftSingularVector(RandomProjection r) {
    int d = r.d();
    int k = r.k();
    double[] x = new double[d];
    Arrays.fill(x, 1);
    for (int it = 0; it < 500; it++) {
      double[] y = new double[k];
      for (int i = 0; i < d; i++) {
        for (int c = 0; c < k; c++) {
          y[c] += x[i] * r.matrix().get(i, c);
        }
      }
      double norm = 0;
      for (int i = 0; i < d; i++) {
        double s = 0;
        for (int c = 0; c < k; c++) {
          s += r.matrix().get(i, c) * y[c];
        }
        x[i] = s;
        norm += s * s;
      }
      norm = Math.sqrt(norm);
      for (int i = 0; i < d; i++) {
        x[i] /= norm;
      }
    }
    return x;
  }

  @Test
  void attribute_bruteForceNeighbours_changeAtMostTwoTimesRowNorm() {
    // One entry of one row moves by at most 2 (within [−1, 1]): ‖ΔD·R‖ ≤ 2·w₂(R).
    int d = 8;
    int n = 6;
    RandomProjection r = RandomProjection.fromSharedSeed(11, d, 2);
    double bound = PrivateRpMechanism.ATTRIBUTE_RANGE * r.largestRowNorm();
    double[] x = unitRows(n, d, new SplittableRandom(12));
    double[] fd = r.project(matrix(x, n, d));
    double worst = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        for (double target : new double[] {-1, 1, 0}) {
          double[] x2 = x.clone();
          x2[i * d + j] = target;
          worst = Math.max(worst, distance(fd, r.project(matrix(x2, n, d))) / bound);
        }
      }
    }
    System.out.printf("private-rp ATTRIBUTE: max ||D*R - D'*R||_F / (2 w2(R)) = %.4f over one-entry neighbours%n", worst);
    assertTrue(worst <= 1.0, "ATTRIBUTE sensitivity exceeded: " + worst);
  }

  @Test
  void attributeFormula_meetsExactGaussianDelta() {
    // Kenthapadi et al.'s s = (Δ/ε)·√(2(ln(1/(2δ)) + ε)) must give (ε, δ)-DP for ℓ2 sensitivity Δ:
    // Balle–Wang's exact δ(ε) of the Gaussian mechanism at that s must be ≤ δ. Fails if the formula
    // (as transcribed) is not a valid calibration somewhere on the grid.
    for (double eps : new double[] {0.01, 0.1, 0.5, 1, 2, 4, 8, 16, 64}) {
      for (double delta : new double[] {1e-10, 1e-5, 1e-3, 0.1, 0.4}) {
        double s = RandomProjection.attributeNoiseScale(1.0, 1.0, eps, delta);
        double exact = GaussianCalibration.exactDelta(1.0, s, eps);
        assertTrue(exact <= delta, "eps=" + eps + ", delta=" + delta + ": exact delta " + exact);
      }
    }
  }

  @Test
  void embed_attributeNoise_hasStatedScaleAndEveryRowIsReleased() {
    // neighbour=ATTRIBUTE (Kenthapadi et al.'s formula, not a NoiseCalibration): s is their formula
    // of w₂(R), and the pooled (release − D·R)/s over 300 releases has mean 0 and variance 1
    // (NoiseMoments: 6 standard errors, false-failure probability about 2e-9 per moment). The
    // default RECORD neighbours get the same checks from the test kit (BaselinesConformanceTest).
    ClientData d = data(25, 9, 3);
    MechanismParams p = params(Map.of("neighbour", "ATTRIBUTE"), 0.5, NoiseCalibration.CLASSIC);
    PrivateRpMechanism.Client client = (PrivateRpMechanism.Client) MECHANISM.client(view(d), p);
    double expected = RandomProjection.attributeNoiseScale(client.projection().largestRowNorm(), 2, 0.5, 1e-5);
    assertEquals(expected, client.noiseScale(), 1e-12 * expected);
    double[] clean = client.projected(d.rows());
    SplittableRandom rng = new SplittableRandom(8);
    NoiseMoments moments = NoiseMoments.gaussian();
    ClientRelease last = null;
    for (int rep = 0; rep < 300; rep++) {
      last = client.embed(d, rng);
      assertEquals(d.size(), last.embedding().rows(), "every row of D must be released");
      moments.add(last.embedding().data(), clean, expected);
    }
    moments.assertStated("private-rp ATTRIBUTE");
    assertEquals(Guarantee.APPROXIMATE_DP, last.claim().guarantee());
    assertEquals(client.sensitivity(), last.claim().sensitivity());
    assertTrue(last.claim().caveats().stream().anyMatch(c -> c.contains("WEAKER")));
  }

  @Test
  void validate_parametersWithoutGuarantee_refusedNamingTheParameter() {
    MechanismParams bad = params(Map.of("neighbour", "ROW"), 0.5, NoiseCalibration.CLASSIC);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> MECHANISM.validate(bad)).getMessage()
        .startsWith("neighbour must be one of"));
    MechanismParams classicTooLarge = params(Map.of(), 1.0, NoiseCalibration.CLASSIC);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> MECHANISM.validate(classicTooLarge)).getMessage()
        .startsWith("epsilon must be < 1"));
    MechanismParams attributeDelta = Preset.PAPER.builder(1, 0.5).options(Map.of("neighbour", "ATTRIBUTE"))
        .build(0.5, 0.6);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> MECHANISM.validate(attributeDelta)).getMessage()
        .startsWith("delta must be < 0.5"));
    MECHANISM.validate(params(Map.of("neighbour", "attribute"), 8, NoiseCalibration.CLASSIC)); // own formula
    assertEquals("private-rp", MechanismRegistry.discover().get("private-rp").name());
  }
}

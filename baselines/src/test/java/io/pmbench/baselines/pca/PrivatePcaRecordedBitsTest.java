package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every released bit of private-pca (V, D·V and D·V + N) for fixed seeds. Revision 1's chain
 * ({@code columnDraw=SWEEP}, given explicitly since revision 2 made EXACT the default) against
 * fingerprints recorded from commit 76a27fa — the implementation before the per-query speed-ups of the
 * perf-pca branch (cached first-level compressions, fused coordinate maps). A fingerprint is a
 * 64-bit polynomial hash of the raw bits of every entry, in order, so it changes with any bit of
 * any entry. Half-finished sweep cells are resumed with the current code, so a release that differs
 * in any bit from the recorded one would silently mix two implementations in one cell. The cases
 * cover PPCA at ε from 0.05 to 8 (k = 1, 2, 3) and MOD-SULQ, on random unit rows and on a
 * Fashion-MNIST-like shape (d = 784, 1,000 public rows plus the query and 9 dummies, a decaying
 * spectrum and all-zero columns, so deflation is exercised). The default chain of revision 2
 * ({@code columnDraw=AUTO}: EXACT for k ≤ 2, SWEEP for k ≥ 3) against fingerprints recorded when
 * it became the default.
 */
class PrivatePcaRecordedBitsTest {

  /** The raw bits of every entry of a, in order, hashed polynomially. */
  static long fingerprint(double[] a) {
    long h = 1125899906842597L;
    for (double x : a) {
      h = 31 * h + Double.doubleToRawLongBits(x);
    }
    return h;
  }

  /**
   * n unit rows in R^d shaped like image features: non-negative, a shared brightness pattern plus
   * per-coordinate detail whose scale decays with the coordinate (a decaying spectrum), and the
   * last {@code zeroColumns} coordinates zero in every row (G has exact zero eigenvalues).
   */
  static ClientData imageLikeData(int n, int d, int publicOffset, int zeroColumns, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[] f = new float[n * d];
    int live = d - zeroColumns;
    for (int i = 0; i < n; i++) {
      double brightness = Math.abs(Seeds.gaussian(rng));
      double[] x = new double[live];
      double s = 0;
      for (int c = 0; c < live; c++) {
        x[c] = Math.abs(brightness * (1 + Math.sin(0.05 * c)) + Seeds.gaussian(rng) / (1 + c / 8.0));
        s += x[c] * x[c];
      }
      for (int c = 0; c < live; c++) {
        f[i * d + c] = (float) (x[c] / Math.sqrt(s));
      }
    }
    return new ClientData(new FeatureMatrix(f, n, d), new int[n], publicOffset);
  }

  /** The parameters of a case; {@code columnDraw} null leaves the option at its default. */
  private static MechanismParams params(String method, int k, double epsilon, int burnIn, String columnDraw) {
    Map<String, String> options = new java.util.TreeMap<>(Map.of("method", method, "burnIn",
        Integer.toString(burnIn)));
    if (columnDraw != null) {
      options.put("columnDraw", columnDraw);
    }
    return Preset.PAPER.builder(1, 0.5).k(k).options(options).build(epsilon, 1e-5);
  }

  /** The three fingerprints (V, D·V, D·V + N) of client.release(data, new SplittableRandom(seed)). */
  private static long[] releaseBits(PrivatePcaClient client, ClientData data, long seed) {
    PrivatePcaClient.Release r = client.release(data, new SplittableRandom(seed));
    return new long[] {fingerprint(r.v()), fingerprint(r.projected()), fingerprint(r.noisy())};
  }

  /** Revision 1's chain: PPCA cases run with {@code columnDraw=SWEEP} given explicitly (its default then). */
  private static void assertRecorded(ClientData data, String method, int k, double epsilon, int burnIn, long seed,
      long... expected) {
    assertRecorded(data, method.equals("PPCA") ? "SWEEP" : null, method, k, epsilon, burnIn, seed, expected);
  }

  private static void assertRecorded(ClientData data, String columnDraw, String method, int k, double epsilon,
      int burnIn, long seed, long... expected) {
    PrivatePcaClient client = new PrivatePcaClient(PcaTestData.view(data, 1),
        params(method, k, epsilon, burnIn, columnDraw));
    long[] actual = releaseBits(client, data, seed);
    String what = method + (columnDraw == null ? "" : " columnDraw=" + columnDraw) + " k=" + k + " eps=" + epsilon
        + " seed=" + seed + " d=" + data.rows().cols();
    assertEquals(expected[0], actual[0], "V, " + what);
    assertEquals(expected[1], actual[1], "D*V, " + what);
    assertEquals(expected[2], actual[2], "D*V + N, " + what);
  }

  @Test
  void release_ppcaRandomRows_bitIdenticalToRecordedMain() {
    // Fails if any PPCA release bit changed: a chain step, a compression or the eigenbasis update
    // computes one value with other operations or in another order than commit 76a27fa did.
    ClientData small = PcaTestData.clientData(25, 6, 2, 3, 4);
    ClientData medium = PcaTestData.clientData(200, 60, 4, 3, 5);
    assertRecorded(small, "PPCA", 1, 0.5, 100, 1,
        -2134269264983584021L, 3521274810303959969L, -4032046646215146864L);
    assertRecorded(small, "PPCA", 2, 0.5, 100, 2,
        1724413415432974400L, 5606427203655243229L, -3553005308144722912L);
    assertRecorded(small, "PPCA", 3, 1.5, 100, 3,
        -5010523806988632805L, 5485004335540729390L, -2723648708661034724L);
    assertRecorded(medium, "PPCA", 2, 0.05, 100, 4,
        108637119144291685L, -8670210879587502668L, -8314955195106208198L);
    assertRecorded(medium, "PPCA", 2, 1, 100, 5,
        1176109694235844647L, -2231493399459788673L, 6448055841186238206L);
    assertRecorded(medium, "PPCA", 2, 8, 100, 6,
        -6799592266100937470L, 3402400002190601364L, -6787389265546337225L);
    assertRecorded(medium, "PPCA", 3, 2, 60, 7,
        -5817978084033294208L, 5919641322809383584L, -1865265251189577889L);
  }

  @Test
  void release_ppcaFashionMnistShape_bitIdenticalToRecordedMain() {
    // The real shape (d = 784, n = 1,010, m = 10; 40 all-zero columns): fails if any released bit
    // differs from commit 76a27fa at ε = 0.05, 1 or 8.
    ClientData data = imageLikeData(1010, 784, 10, 40, 8);
    assertRecorded(data, "PPCA", 2, 0.05, 100, 11,
        2569383817472234816L, 7013184919425216985L, 3726268364112930675L);
    assertRecorded(data, "PPCA", 2, 1, 100, 12,
        8491910921737958037L, -3292110363367523964L, 1487602947478617390L);
    assertRecorded(data, "PPCA", 2, 8, 100, 13,
        444424303192424498L, 8781087839954461912L, -8369413509891016255L);
  }

  @Test
  void release_ppcaDefault_bitIdenticalToRevision2() {
    // private-pca revision 2: PPCA at the default columnDraw (AUTO: EXACT, AcgVectorBingham, for k <= 2), recorded
    // from this implementation when it became the default. Fails if any released bit changes, e.g.
    // a proposal, the compressed-top shift or the column elimination is computed differently.
    ClientData small = PcaTestData.clientData(25, 6, 2, 3, 4);
    ClientData medium = PcaTestData.clientData(200, 60, 4, 3, 5);
    assertRecorded(small, null, "PPCA", 1, 0.5, 100, 1,
        -6765300529739046563L, 1061407691636113598L, 1222592908726490149L);
    // k = 3: the default (AUTO) keeps revision 1's SWEEP chain, bit for bit; EXACT only when asked
    assertRecorded(small, null, "PPCA", 3, 1.5, 100, 3,
        -5010523806988632805L, 5485004335540729390L, -2723648708661034724L);
    assertRecorded(small, "EXACT", "PPCA", 3, 1.5, 100, 3,
        -7266060309985274691L, -4803914316091028854L, -9142899888101266305L);
    assertRecorded(medium, null, "PPCA", 2, 0.05, 100, 4,
        5385459830252579710L, -1826638007061501127L, 4150526132955591655L);
    assertRecorded(medium, null, "PPCA", 2, 8, 100, 6,
        -2667113990571891774L, 2504034549655582392L, -661390062050102772L);
    ClientData data = imageLikeData(1010, 784, 10, 40, 8);
    assertRecorded(data, null, "PPCA", 2, 0.05, 100, 11,
        -3849571257925536751L, 7682047564622987204L, -5448749780953335245L);
    assertRecorded(data, null, "PPCA", 2, 1, 100, 12,
        9165687050268635228L, -6264150106665536638L, 267258289521414376L);
    assertRecorded(data, null, "PPCA", 2, 8, 100, 13,
        7040455961272340326L, -7226145345336055432L, -539607722306374004L);
    // the same releases with columnDraw=EXACT given explicitly: for k = 2 the default is EXACT, not a third chain
    assertRecorded(data, "EXACT", "PPCA", 2, 8, 100, 13,
        7040455961272340326L, -7226145345336055432L, -539607722306374004L);
  }

  @Test
  void project_galleryWithZeroFeatures_bitIdenticalToRecordedMain() {
    // The server's S·V (what retrieval ranks): fails if a projected entry differs in any bit from
    // commit 76a27fa's sum over the non-zero features, e.g. if the sums were reassociated.
    ClientData image = imageLikeData(1010, 784, 10, 40, 9); // 1,010 rows: not a multiple of 4
    double[] v2 = SymmetricEigen.uniformStiefel(784, 2, new SplittableRandom(41));
    assertEquals(384561602597322529L, fingerprint(PcaServer.project(image.rows(), new Embedding(v2, 784, 2)).data()),
        "d=784, k=2");
    ClientData small = PcaTestData.clientData(27, 6, 2, 3, 4);
    double[] v3 = SymmetricEigen.uniformStiefel(6, 3, new SplittableRandom(42));
    assertEquals(-2259025498506489603L, fingerprint(PcaServer.project(small.rows(), new Embedding(v3, 6, 3)).data()),
        "d=6, k=3");
  }

  @Test
  void release_modSulq_bitIdenticalToRecordedMain() {
    // Fails if a MOD-SULQ release bit changed (noisy covariance, top eigenvectors, projection, noise).
    ClientData medium = PcaTestData.clientData(200, 60, 4, 3, 5);
    assertRecorded(medium, "MOD_SULQ", 2, 0.5, 100, 21,
        3263845204002986783L, -8008002989447068954L, 8221358331960632856L);
    assertRecorded(medium, "MOD_SULQ", 3, 8, 100, 22,
        -4935415061887937827L, -8013156411760197415L, 3827701589614917088L);
    ClientData data = imageLikeData(1010, 784, 10, 40, 8);
    assertRecorded(data, "MOD_SULQ", 2, 1, 100, 23,
        -2188445120015970674L, -6570884853668610152L, -1251571039014422059L);
  }
}

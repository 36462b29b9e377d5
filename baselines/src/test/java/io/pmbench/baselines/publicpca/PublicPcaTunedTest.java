package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.testkit.ConformanceData;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * public-pca-tuned: d* is chosen from the public set alone (a gallery or query changed leaves it,
 * and the whole server and client, unchanged), by the stated rule (the grid's best score, the
 * smaller dims on a tie), and the release is public-pca's at dims = d* bit for bit, so its
 * guarantee is public-pca's. A failure means private data reaches the choice, or the release is
 * not the Gaussian mechanism the claim names.
 */
class PublicPcaTunedTest {
  private static final PublicPcaTunedMechanism TUNED = new PublicPcaTunedMechanism();
  /** 4 classes in R^40, 120 public rows, 60 gallery rows: grid {2, 4, 8, 16, 32}. */
  private static final ConformanceData DATA = ConformanceData.synthetic(5, 4, 40, 120, 60);
  /** Other gallery rows (and so another query r) over the same dimension. */
  private static final ConformanceData OTHER = ConformanceData.synthetic(6, 4, 40, 120, 60);

  private static MechanismParams params(double epsilon) {
    return Preset.PAPER.builder(1, 0.5).calibration(NoiseCalibration.ANALYTIC).build(epsilon, 1e-5);
  }

  private static ServerSide server(LabelledSet gallery, LabelledSet pub, MechanismParams p) {
    return TUNED.server(new ServerView(gallery, pub, DATA.numClasses(), DATA.sharedSeed()), p);
  }

  private static ClientSide client(LabelledSet pub, MechanismParams p) {
    return TUNED.client(new ClientView(pub, DATA.numClasses(), null, DATA.sharedSeed()), p);
  }

  @Test
  void grid_shapes_powersOfTwoUpToDAndPublicRowsAnd512() {
    assertArrayEquals(new int[] {2, 4, 8, 16, 32, 64, 128, 256, 512}, TunedDims.grid(784, 1000));
    assertArrayEquals(new int[] {2, 4}, TunedDims.grid(5, 35));
    assertArrayEquals(new int[] {2, 4, 8}, TunedDims.grid(40, 10));
    assertArrayEquals(new int[] {1}, TunedDims.grid(1, 10));
  }

  @Test
  void leading_firstColumns_equalTheFitAtThatDims() {
    // The release at d* uses the first d* columns of the largest grid basis: fails if they are not
    // exactly public-pca's basis at dims = d* (then the guarantee would be of another mechanism).
    PublicBasis big = PublicBasis.fit(DATA.publicSet().features(), 32);
    for (int dims : new int[] {1, 2, 7, 16, 32}) {
      PublicBasis small = PublicBasis.fit(DATA.publicSet().features(), dims);
      assertArrayEquals(small.basis(), big.leading(dims).basis(), "dims " + dims);
      assertArrayEquals(small.mean(), big.leading(dims).mean());
    }
  }

  @Test
  void choice_galleryAndQueryChanged_dimsAndReleaseUnchanged() {
    // The choice reads P only: another gallery (and so other queries) and a fresh copy of P (no
    // cache shared) give the same d*, the same scores, and the same release of the same D. Fails if
    // the gallery or a query reached the choice.
    for (double epsilon : new double[] {0.5, 8}) {
      MechanismParams p = params(epsilon);
      ServerSide a = server(DATA.gallery(), DATA.publicSet(), p);
      ServerSide b = server(OTHER.gallery(), PublicPcaMechanismTest.copy(DATA.publicSet()), p);
      assertEquals(a.gallery().dim(), b.gallery().dim(), "eps " + epsilon);
      assertArrayEquals(a.publicRows().data(), b.publicRows().data(), "eps " + epsilon);
      ClientSide ca = client(DATA.publicSet(), p);
      ClientSide cb = client(PublicPcaMechanismTest.copy(DATA.publicSet()), p);
      ClientRelease ra = ca.embed(DATA.client(), new SplittableRandom(3));
      ClientRelease rb = cb.embed(DATA.client(), new SplittableRandom(3));
      assertArrayEquals(ra.embedding().data(), rb.embedding().data());
      assertEquals(ra.claim().caveats(), rb.claim().caveats());
      ClientData otherQuery = ConformanceData.withRow(DATA.client(), 0, OTHER.gallery().features().row(0));
      assertEquals(ra.claim().caveats(), ca.embed(otherQuery, new SplittableRandom(3)).claim().caveats());
      assertEquals(a.gallery().dim(), ra.embedding().dim());
      assertEquals(a.gallery().dim(), ra.diagnostics().get("dims"));
    }
  }

  @Test
  void embed_chosenDims_isPublicPcaAtThoseDimsBitForBit() {
    // The guarantee claimed is public-pca's at dims = d*: fails if the tuned release differs from it.
    MechanismParams p = params(2);
    TunedDims choice = TunedDims.of(DATA.publicSet(), p, DATA.sharedSeed());
    MechanismParams fixed = Preset.PAPER.builder(1, 0.5).calibration(NoiseCalibration.ANALYTIC)
        .options(Map.of("dims", Integer.toString(choice.dims()))).build(2, 1e-5);
    PublicPcaMechanism plain = new PublicPcaMechanism();
    ClientRelease tuned = client(DATA.publicSet(), p).embed(DATA.client(), new SplittableRandom(8));
    ClientRelease at = plain.client(new ClientView(DATA.publicSet(), DATA.numClasses(), null, DATA.sharedSeed()),
        fixed).embed(DATA.client(), new SplittableRandom(8));
    assertArrayEquals(at.embedding().data(), tuned.embedding().data());
    assertEquals(at.claim().noiseScale(), tuned.claim().noiseScale());
    assertEquals(Guarantee.APPROXIMATE_DP, tuned.claim().guarantee());
    assertArrayEquals(plain.server(new ServerView(DATA.gallery(), DATA.publicSet(), DATA.numClasses(),
        DATA.sharedSeed()), fixed).gallery().data(), server(DATA.gallery(), DATA.publicSet(), p).gallery().data());
    assertTrue(tuned.claim().caveats().stream().anyMatch(c -> c.startsWith("dims = " + choice.dims()
        + " chosen on the public set P only")), tuned.claim().caveats().toString());
    assertTrue(tuned.claim().assumedPublic().contains("P's labels"), tuned.claim().assumedPublic());
  }

  @Test
  void choose_scores_dimsIsTheBestScoreSmallerOnTies() {
    // The rule as stated: d* has the highest score and no smaller grid point has the same score.
    for (double s : new double[] {0.01, 0.3, 3, 300}) {
      TunedDims t = TunedDims.choose(DATA.publicSet(), s, DATA.sharedSeed());
      assertArrayEquals(new int[] {2, 4, 8, 16, 32}, t.grid());
      int best = Arrays.stream(t.grid()).boxed().toList().indexOf(t.dims());
      for (int i = 0; i < t.grid().length; i++) {
        assertTrue(t.scores()[i] <= t.scores()[best], "noise " + s + ": " + t.describe());
        assertTrue(i >= best || t.scores()[i] < t.scores()[best], "noise " + s + ": " + t.describe());
      }
    }
  }

  @Test
  void choose_noiseFreeAgainstPureNoise_scoresTheReleasedQuerysRecall() {
    // The score is Recall@8 within P of the released query: 10 classes, 100 validation gallery rows
    // (10 a class), so a release that carries nothing (noise 1e4) scores at most about chance,
    // 1 - C(90, 8)/C(100, 8) = 0.58 (measured 0.35-0.46: such queries all land near the same few
    // hub rows), and an almost noise-free one far more (measured 0.86-0.97). Fails if the score
    // does not measure the release.
    ConformanceData ten = ConformanceData.synthetic(7, 10, 40, 200, 10);
    TunedDims clean = TunedDims.choose(ten.publicSet(), 1e-6, ten.sharedSeed());
    TunedDims noisy = TunedDims.choose(ten.publicSet(), 1e4, ten.sharedSeed());
    assertTrue(Arrays.stream(clean.scores()).max().orElseThrow() > 0.9, clean.describe());
    assertTrue(Arrays.stream(noisy.scores()).allMatch(v -> v < 0.75), noisy.describe());
  }

  @Test
  void projected_publicRowsReusedOrNot_sameBitsAsProjectingEveryRow() {
    // The client projects P once and reuses it when D's public rows are P's: fails if the reuse
    // changed a bit of the release, or were taken when D's public rows are not P's.
    MechanismParams p = params(1);
    PublicPcaClient c = (PublicPcaClient) client(DATA.publicSet(), p);
    PublicBasis basis = TunedDims.of(DATA.publicSet(), p, DATA.sharedSeed()).chosenBasis();
    ClientData d = DATA.client();
    assertArrayEquals(basis.project(d.rows()), c.projected(d));
    ClientData otherPublic = ConformanceData.withRow(d, d.size() - 1, OTHER.gallery().features().row(1));
    assertArrayEquals(basis.project(otherPublic.rows()), c.projected(otherPublic));
  }
}

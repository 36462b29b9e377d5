package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.pca.PcaTestData;
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
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * public-pca (SPEC.md §7): the basis is orthonormal, spans P's top singular subspace and depends
 * on P alone; client and server share it; releases are deterministic per seed; option
 * {@code dims} is validated; the claim is stated. A failure of the basis tests means V leaks
 * private rows or is not the public PCA basis the privacy argument (‖V‖₂ = 1) relies on.
 */
class PublicPcaMechanismTest {
  static final PublicPcaMechanism MECHANISM = new PublicPcaMechanism();

  static MechanismParams params(Map<String, String> options, double epsilon, NoiseCalibration c) {
    return Preset.PAPER.builder(1, 0.5).k(2).options(options).calibration(c).build(epsilon, 1e-5);
  }

  /** A fresh copy of the view's public set (a new object, so no basis is shared through the cache). */
  static LabelledSet copy(LabelledSet s) {
    return new LabelledSet(new FeatureMatrix(s.features().data().clone(), s.size(), s.dimension()), s.labels().clone());
  }

  @Test
  void fit_randomPublicRows_isOrthonormalAndSpansTopSingularSubspace() {
    // Fails if V is not orthonormal (then ‖z·V‖ could exceed 1) or not P's top right singular vectors.
    ClientData data = PcaTestData.clientData(60, 12, 3, 4, 5);
    LabelledSet pub = PcaTestData.view(data, 4).publicSet();
    int dims = 3;
    PublicBasis b = PublicBasis.fit(pub.features(), dims);
    DMatrixRMaj v = DMatrixRMaj.wrap(12, dims, b.basis());
    for (int a = 0; a < dims; a++) {
      for (int c = 0; c < dims; c++) {
        double dot = 0;
        for (int j = 0; j < 12; j++) {
          dot += v.get(j, a) * v.get(j, c);
        }
        assertEquals(a == c ? 1.0 : 0.0, dot, 1e-12, "V^T V at (" + a + ", " + c + ")");
      }
    }
    // ‖(P − μ)·V‖_F² must equal the sum of the dims largest squared singular values of P − μ.
    int n = pub.size();
    DMatrixRMaj centred = new DMatrixRMaj(n, 12);
    double[] row = new double[12];
    double captured = 0;
    for (int i = 0; i < n; i++) {
      pub.features().row(i, row);
      for (int j = 0; j < 12; j++) {
        centred.set(i, j, row[j] - b.mean()[j]);
      }
      for (int c = 0; c < dims; c++) {
        double s = 0;
        for (int j = 0; j < 12; j++) {
          s += centred.get(i, j) * v.get(j, c);
        }
        captured += s * s;
      }
    }
    double[] sv = SingularOps_DDRM.singularValues(centred);
    Arrays.sort(sv);
    double top = 0;
    for (int i = 0; i < dims; i++) {
      top += sv[sv.length - 1 - i] * sv[sv.length - 1 - i];
    }
    assertEquals(top, captured, 1e-10 * top);
  }

  @Test
  void fit_nonPublicRowChanged_basisUnchangedAndPublicRowChanged_basisChanged() {
    // Fails if r or a dummy reaches mu or V (the privacy argument treats both as public).
    ClientData data = PcaTestData.clientData(40, 8, 3, 4, 11);
    ClientData other = PcaTestData.clientData(40, 8, 3, 4, 12); // other rows everywhere
    float[] mixed = data.rows().data().clone();
    System.arraycopy(other.rows().data(), 0, mixed, 0, 3 * 8); // r and the dummies from another set
    ClientData changed = new ClientData(new FeatureMatrix(mixed, 40, 8), data.labels(), 3);
    MechanismParams p = params(Map.of(), 0.5, NoiseCalibration.CLASSIC);
    PublicBasis a = ((PublicPcaClient) MECHANISM.client(PcaTestData.view(data, 4), p)).basis();
    PublicBasis b = ((PublicPcaClient) MECHANISM.client(PcaTestData.view(changed, 4), p)).basis();
    assertArrayEquals(a.basis(), b.basis(), 0.0);
    assertArrayEquals(a.mean(), b.mean(), 0.0);
    float[] publicChanged = data.rows().data().clone();
    System.arraycopy(other.rows().data(), 5 * 8, publicChanged, 5 * 8, 8); // one public row
    PublicBasis c = ((PublicPcaClient) MECHANISM.client(PcaTestData.view(
        new ClientData(new FeatureMatrix(publicChanged, 40, 8), data.labels(), 3), 4), p)).basis();
    assertFalse(Arrays.equals(a.basis(), c.basis()), "a public row must move V (the test would be vacuous)");
  }

  @Test
  void serverAndClient_samePublicSet_projectPIdentically() {
    // Fails if the server's space is not the client's (no alignment repairs it for public-pca).
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 3);
    ClientView view = PcaTestData.view(data, 3);
    MechanismParams p = params(Map.of(), 0.5, NoiseCalibration.CLASSIC);
    ServerSide server = MECHANISM.server(new ServerView(copy(view.publicSet()), view.publicSet(), 3, 1), p);
    PublicPcaClient client = (PublicPcaClient) MECHANISM.client(view, p);
    double[] projected = client.release(data, new SplittableRandom(1)).projected();
    assertArrayEquals(Arrays.copyOfRange(projected, 2 * 2, 30 * 2), server.publicRows().data(), 0.0);
    assertArrayEquals(server.publicRows().data(), server.gallery().data(), 0.0);
    assertEquals(2, server.gallery().dim());
  }

  @Test
  void embed_sameSeed_sameBitsAndOtherSeed_otherBits() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 4);
    MechanismParams p = params(Map.of(), 0.5, NoiseCalibration.CLASSIC);
    double[] a = MECHANISM.client(PcaTestData.view(data, 3), p).embed(data, new SplittableRandom(9)).embedding().data();
    ClientView fresh = new ClientView(copy(PcaTestData.view(data, 3).publicSet()), 3, null, 99);
    double[] b = MECHANISM.client(fresh, p).embed(data, new SplittableRandom(9)).embedding().data();
    double[] c = MECHANISM.client(fresh, p).embed(data, new SplittableRandom(10)).embedding().data();
    assertArrayEquals(a, b, 0.0);
    assertFalse(Arrays.equals(a, c));
  }

  @Test
  void validate_badDims_throwsNamingTheOption() {
    for (String bad : new String[] {"0", "-3", "two", "1.5"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> MECHANISM.validate(params(Map.of("dims", bad), 0.5, NoiseCalibration.CLASSIC)));
      assertTrue(e.getMessage().startsWith("dims must be an integer >= 1. Provided value: " + bad), e.getMessage());
    }
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 4);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MECHANISM.client(PcaTestData.view(data, 3), params(Map.of("dims", "7"), 0.5, NoiseCalibration.CLASSIC)));
    assertEquals("dims must be an integer in [1, d = 6] for public-pca. Provided value: 7", e.getMessage());
  }

  @Test
  void embed_dimsOption_setsTheReleaseWidthAndDefaultsToK() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 4);
    ClientView view = PcaTestData.view(data, 3);
    SplittableRandom rng = new SplittableRandom(1);
    assertEquals(2, MECHANISM.client(view, params(Map.of(), 0.5, NoiseCalibration.CLASSIC)).embed(data, rng)
        .embedding().dim());
    assertEquals(5, MECHANISM.client(view, params(Map.of("dims", "5"), 0.5, NoiseCalibration.CLASSIC))
        .embed(data, rng).embedding().dim());
    assertEquals("public-pca|dims=5", MECHANISM.serverKey(params(Map.of("dims", "5"), 0.9, NoiseCalibration.ANALYTIC)));
  }

  @Test
  void embed_claim_statesGuaranteeAndOfficialCodeIsNotDp() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 4);
    ClientRelease rel = MECHANISM.client(PcaTestData.view(data, 3), params(Map.of(), 0.5, NoiseCalibration.CLASSIC))
        .embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.APPROXIMATE_DP, rel.claim().guarantee());
    assertEquals(1.0, rel.claim().sensitivity());
    assertTrue(rel.claim().caveats().stream().anyMatch(c -> c.contains("replace-one")));
    ClientRelease off = MECHANISM.client(PcaTestData.view(data, 3), params(Map.of(), 0.5,
        NoiseCalibration.OFFICIAL_CODE)).embed(data, new SplittableRandom(1));
    assertEquals(Guarantee.NOT_DP, off.claim().guarantee());
    assertThrows(IllegalArgumentException.class, () -> MECHANISM.validate(params(Map.of(), 1.0,
        NoiseCalibration.CLASSIC)));
  }

  @Test
  void registry_publicPca_isDiscoveredAndSkipsAlignment() {
    assertTrue(MechanismRegistry.discover().get("public-pca") instanceof PublicPcaMechanism);
    assertFalse(MECHANISM.alignsOnPublic());
    assertTrue(MECHANISM.readsEpsilon());
  }
}

package io.pmbench.core.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.DenseLaplacians;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The official pipeline of SPEC.md §8 ({@code official-code}) against a small dense reference
 * written here: one client Q per run seed shared by every query, and T (not 1 + T) iterations on
 * the noise-free paths (the {@code smlq} client and the server). The reference draws Q itself,
 * builds the dense Laplacians with {@link DenseLaplacians} and iterates
 * X ← ½·Diag(L_X)⁻¹·(α·L_Y − L_X)·X + X, renormalising to ‖X‖_F = √n after each step.
 */
class OfficialPipelineTest {
  private static final int N_PUBLIC = 12;
  private static final int DIM = 5;
  private static final long SHARED_SEED = 41;
  private static final long CLIENT_SEED = 43;

  private final MechanismParams official = Preset.OFFICIAL_CODE.builder(1.5, 0.5).iterations(4).build(0.5, 1e-5);
  private final MechanismParams paper = Preset.PAPER.builder(1.5, 0.5).iterations(4).build(0.5, 1e-5);
  private final LabelledSet publicSet = set(N_PUBLIC, 3, 7);

  @Test
  void smlqClient_officialCode_twoQueriesStartFromTheSameQAndRunTIterations() {
    ClientView view = new ClientView(publicSet, 4, null, SHARED_SEED, CLIENT_SEED);
    var client = new SmlqMechanism().client(view, official);
    for (int query = 0; query < 2; query++) {
      ClientData d = withQuery(set(1, 4, 100 + query), publicSet);
      double[] q = block(d.size(), official.k(), official.sigmaQ(), Seeds.stream(CLIENT_SEED, "client-Q"));
      double[] expected = reference(d.rows(), d.labels(), q, official, 4);
      // Different query streams: a per-query Q would differ; the shared Q does not depend on them.
      Embedding e = client.embed(d, new SplittableRandom(1000 + query)).embedding();
      DenseLaplacians.assertBlockEquals(expected, e.data(), 1e-9, "smlq client, query " + query);
      double[] onePlusT = reference(d.rows(), d.labels(), q, official, 5);
      assertFalse(close(onePlusT, e.data()), "the client must run T = 4 iterations, not 1 + T");
    }
  }

  @Test
  void smlqClient_paper_drawsQFromTheQueryStreamAndRunsOnePlusT() {
    ClientView view = new ClientView(publicSet, 4, null, SHARED_SEED, CLIENT_SEED);
    ClientData d = withQuery(set(1, 4, 100), publicSet);
    SplittableRandom rng = new SplittableRandom(1000);
    double[] q = block(d.size(), paper.k(), paper.sigmaQ(), new SplittableRandom(1000));
    double[] expected = reference(d.rows(), d.labels(), q, paper, 5);

    Embedding e = new SmlqMechanism().client(view, paper).embed(d, rng).embedding();

    DenseLaplacians.assertBlockEquals(expected, e.data(), 1e-9, "smlq client under paper");
  }

  @Test
  void privateMail_officialCode_sharesQAcrossQueries() {
    ClientView view = new ClientView(publicSet, 4, null, SHARED_SEED, CLIENT_SEED);
    PrivateMailClient client = new PrivateMailClient(view, official, true);
    ClientData d = withQuery(set(1, 4, 100), publicSet);
    // The same D under two query streams: f(X) is a function of D and Q only, so equal f means equal Q.
    PrivateMailClient.Release a = client.release(d, new SplittableRandom(1));
    PrivateMailClient.Release b = client.release(d, new SplittableRandom(2));
    assertArrayEquals(a.f(), b.f());
    assertEquals(a.normQ(), b.normQ());
    PrivateMailClient perQuery = new PrivateMailClient(view, paper, true);
    assertFalse(Arrays.equals(perQuery.release(d, new SplittableRandom(1)).f(),
        perQuery.release(d, new SplittableRandom(2)).f()), "under paper each query draws its own Q");
  }

  @Test
  void server_officialCode_runsTIterationsFromItsOwnQ() {
    LabelledSet gallery = set(9, 4, 200);
    SmlqServer server = SmlqServer.embed(new ServerView(gallery, publicSet, 4, SHARED_SEED), official);
    int n = gallery.size() + N_PUBLIC;
    float[] rows = new float[n * DIM];
    System.arraycopy(gallery.features().data(), 0, rows, 0, gallery.size() * DIM);
    System.arraycopy(publicSet.features().data(), 0, rows, gallery.size() * DIM, N_PUBLIC * DIM);
    int[] labels = new int[n];
    System.arraycopy(gallery.labels(), 0, labels, 0, gallery.size());
    System.arraycopy(publicSet.labels(), 0, labels, gallery.size(), N_PUBLIC);
    double[] q = block(n, official.k(), official.sigmaQ(), Seeds.stream(SHARED_SEED, "smlq-server-Q"));

    double[] expected = reference(new FeatureMatrix(rows, n, DIM), labels, q, official, 4);

    DenseLaplacians.assertBlockEquals(Arrays.copyOf(expected, gallery.size() * official.k()),
        server.gallery().data(), 1e-9, "server gallery rows");
    assertEquals(official.iterations(), official.noiseFreeIterations());
    assertEquals(paper.iterations() + 1, paper.noiseFreeIterations());
    assertTrue(official.sharedClientQ() && !paper.sharedClientQ());
  }

  /** T iterations of SPEC.md §4 with dense Laplacians (SIGMA_SQUARED scale = σ², the preset's label kernel). */
  private static double[] reference(FeatureMatrix rows, int[] labels, double[] q, MechanismParams p, int t) {
    int n = rows.rows();
    int k = p.k();
    double[] z = new double[n * rows.cols()];
    for (int i = 0; i < z.length; i++) {
      z[i] = rows.data()[i];
    }
    double[][] lx = DenseLaplacians.feature(z, n, rows.cols(), p.featureKernelScale().scale(p.sigma()));
    double[][] ly = DenseLaplacians.label(labels, p.labelKernel(), p.sigma());
    double[] x = q.clone();
    for (int it = 0; it < t; it++) {
      double[] next = new double[n * k];
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < k; c++) {
          double s = 0;
          for (int j = 0; j < n; j++) {
            s += (p.alpha() * ly[i][j] - lx[i][j]) * x[j * k + c];
          }
          next[i * k + c] = 0.5 * s / lx[i][i] + x[i * k + c];
        }
      }
      if (p.renormalize()) {
        double norm = 0;
        for (double v : next) {
          norm += v * v;
        }
        double f = Math.sqrt(n) / Math.sqrt(norm);
        for (int i = 0; i < next.length; i++) {
          next[i] *= f;
        }
      }
      x = next;
    }
    return x;
  }

  private static double[] block(int n, int k, double sd, SplittableRandom rng) {
    double[] out = new double[n * k];
    for (int i = 0; i < out.length; i++) {
      out[i] = sd * Seeds.gaussian(rng);
    }
    return out;
  }

  private static boolean close(double[] a, double[] b) {
    for (int i = 0; i < a.length; i++) {
      if (Math.abs(a[i] - b[i]) > 1e-6 * (1 + Math.abs(a[i]))) {
        return false;
      }
    }
    return true;
  }

  /** n unit-norm rows in R^DIM with labels i mod classes (as integers, so CENTERED_DISTANCE reads them). */
  private static LabelledSet set(int n, int classes, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[] x = new float[n * DIM];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % classes;
      for (int j = 0; j < DIM; j++) {
        x[i * DIM + j] = (float) Seeds.gaussian(rng);
      }
    }
    FeatureMatrix.normalizeInPlace(x, n, DIM, "test");
    return new LabelledSet(new FeatureMatrix(x, n, DIM), y);
  }

  private static ClientData withQuery(LabelledSet r, LabelledSet pub) {
    int n = 1 + pub.size();
    float[] rows = new float[n * DIM];
    System.arraycopy(r.features().data(), 0, rows, 0, DIM);
    System.arraycopy(pub.features().data(), 0, rows, DIM, pub.size() * DIM);
    int[] labels = new int[n];
    labels[0] = 3;
    System.arraycopy(pub.labels(), 0, labels, 1, pub.size());
    return new ClientData(new FeatureMatrix(rows, n, DIM), labels, 1);
  }
}

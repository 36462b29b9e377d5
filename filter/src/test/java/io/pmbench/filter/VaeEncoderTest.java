package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The VAE encoder in plain Java: its forward pass is the paper's FC–ELU–FC–ELU–FC split into mean
 * and log-variance; a written model reads back to the same encoder; a missing, truncated or
 * modified file is refused in one line naming it. If the file format dropped a layer or the
 * checksum were not checked, a test here would fail.
 */
class VaeEncoderTest {
  /** A random 6–5–4–2·2 encoder. */
  static VaeEncoder random(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[] widths = {6, 5, 4, 4};
    float[][] w = new float[3][];
    float[][] b = new float[3][];
    for (int l = 0; l < 3; l++) {
      w[l] = new float[widths[l] * widths[l + 1]];
      b[l] = new float[widths[l + 1]];
      for (int i = 0; i < w[l].length; i++) {
        w[l][i] = (float) (rng.nextDouble() - 0.5);
      }
      for (int i = 0; i < b[l].length; i++) {
        b[l][i] = (float) (0.2 * (rng.nextDouble() - 0.5));
      }
    }
    return VaeEncoder.of(widths, w, b, Map.of("seed", Long.toString(seed), "epochs", "3"));
  }

  static FeatureMatrix rows(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[] x = new float[n * 6];
    for (int i = 0; i < x.length; i++) {
      x[i] = (float) rng.nextDouble();
    }
    return new FeatureMatrix(x, n, 6);
  }

  @Test
  void posterior_matchesTheLayersByHand() {
    VaeEncoder e = random(1);
    FeatureMatrix x = rows(1, 2);
    float[] in = VaeEncoder.inputs(x);
    double[] h = new double[6];
    for (int c = 0; c < 6; c++) {
      h[c] = in[c];
    }
    for (int l = 0; l < 3; l++) {
      float[] w = e.layerParameters(l).get(0);
      float[] b = e.layerParameters(l).get(1);
      double[] o = new double[b.length];
      for (int j = 0; j < o.length; j++) {
        double s = b[j];
        for (int i = 0; i < h.length; i++) {
          s += h[i] * w[i * o.length + j];
        }
        o[j] = l < 2 && s < 0 ? Math.exp(s) - 1 : s;
      }
      h = o;
    }
    Encoder.Posterior p = e.posterior(x);
    for (int i = 0; i < 2; i++) {
      assertEquals(h[i], p.mean()[i], 1e-12, "mean " + i);
      assertEquals(Math.exp(h[2 + i]), p.variance()[i], 1e-12, "variance " + i);
    }
    assertEquals(2, e.latentDim());
    assertEquals("6-5-4-4", e.architecture());
  }

  @Test
  void inputs_rowsScaledToMaxOne_negativeRefusedInOneLine() {
    float[] in = VaeEncoder.inputs(new FeatureMatrix(new float[] {0, 0.5f, 0.25f, 0, 0, 0}, 2, 3));
    assertArrayEquals(new float[] {0, 1, 0.5f, 0, 0, 0}, in);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VaeEncoder.inputs(new FeatureMatrix(new float[] {0.1f, -0.2f}, 1, 2)));
    assertTrue(e.getMessage().contains("encoder ppca") && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void writeRead_sameEncodingAndHeader(@TempDir Path tmp) throws IOException {
    VaeEncoder e = random(3);
    Path f = tmp.resolve("m.vae");
    e.write(f);
    VaeEncoder back = VaeEncoder.read(f);
    FeatureMatrix x = rows(20, 4);
    assertArrayEquals(e.posterior(x).mean(), back.posterior(x).mean());
    assertArrayEquals(e.posterior(x).variance(), back.posterior(x).variance());
    assertEquals("3", back.header().get("seed"));
    assertEquals(f.toString(), back.provenance().get("file"));
    assertEquals(64, ((String) back.provenance().get("file_sha256")).length());
  }

  @Test
  void read_missingTruncatedOrModified_oneLineNamingTheFile(@TempDir Path tmp) throws IOException {
    Path f = tmp.resolve("m.vae");
    random(5).write(f);
    byte[] good = Files.readAllBytes(f);
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 1;
    Path modified = Files.write(tmp.resolve("modified.vae"), flipped);
    Path truncated = Files.write(tmp.resolve("truncated.vae"), Arrays.copyOf(good, good.length - 100));
    Path other = Files.write(tmp.resolve("other.vae"), "not a model".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Path missing = tmp.resolve("missing.vae");
    for (Path p : new Path[] {modified, truncated, other, missing}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VaeEncoder.read(p));
      assertTrue(e.getMessage().startsWith("VAE model " + p) && !e.getMessage().contains("\n"), e.getMessage());
    }
  }
}

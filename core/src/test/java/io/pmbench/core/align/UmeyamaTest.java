package io.pmbench.core.align;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Umeyama} (SPEC.md §6): recovers a known similarity transform exactly, and never returns
 * a reflection.
 */
class UmeyamaTest {
  private static final double TOL = 1e-9;

  private static double[] gaussian(int n, SplittableRandom rng) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
    }
    return out;
  }

  /** A uniformly-ish random proper rotation: an angle in 2-D, Rodrigues' formula in 3-D. */
  private static double[] rotation(int k, SplittableRandom rng) {
    double theta = (2 * rng.nextDouble() - 1) * Math.PI;
    double cos = Math.cos(theta);
    double sin = Math.sin(theta);
    if (k == 2) {
      return new double[] {cos, -sin, sin, cos};
    }
    double[] u = gaussian(3, rng);
    double norm = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    double x = u[0] / norm;
    double y = u[1] / norm;
    double z = u[2] / norm;
    double c1 = 1 - cos;
    return new double[] {
      cos + x * x * c1, x * y * c1 - z * sin, x * z * c1 + y * sin,
      y * x * c1 + z * sin, cos + y * y * c1, y * z * c1 - x * sin,
      z * x * c1 - y * sin, z * y * c1 + x * sin, cos + z * z * c1
    };
  }

  /** Rows of y = c·R·x + t. */
  private static double[] transform(double[] points, int m, int k, double[] r, double c, double[] t) {
    double[] out = new double[m * k];
    for (int i = 0; i < m; i++) {
      for (int a = 0; a < k; a++) {
        double s = 0;
        for (int b = 0; b < k; b++) {
          s += r[a * k + b] * points[i * k + b];
        }
        out[i * k + a] = c * s + t[a];
      }
    }
    return out;
  }

  private static double det(double[] r, int k) {
    if (k == 2) {
      return r[0] * r[3] - r[1] * r[2];
    }
    return r[0] * (r[4] * r[8] - r[5] * r[7]) - r[1] * (r[3] * r[8] - r[5] * r[6])
        + r[2] * (r[3] * r[7] - r[4] * r[6]);
  }

  private static void assertOrthogonal(double[] r, int k) {
    for (int a = 0; a < k; a++) {
      for (int b = 0; b < k; b++) {
        double s = 0;
        for (int c = 0; c < k; c++) {
          s += r[c * k + a] * r[c * k + b];
        }
        assertEquals(a == b ? 1.0 : 0.0, s, TOL, "(RᵀR)_" + a + "," + b);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void fit_knownSimilarity_recoversRotationScaleAndTranslation(int k) {
    // Fails if R is transposed (source/target swapped in the covariance), if c divides by the
    // target's variance instead of the source's, or if t is not μ_B − c·R·μ_A.
    SplittableRandom rng = new SplittableRandom(91 + k);
    int m = 12;
    double[] source = gaussian(m * k, rng);
    double[] r = rotation(k, rng);
    double c = 1.7;
    double[] t = gaussian(k, rng);
    double[] target = transform(source, m, k, r, c, t);

    Umeyama u = Umeyama.fit(source, target, m, k);

    assertArrayEquals(r, u.rotation(), TOL);
    assertEquals(c, u.scale(), TOL);
    assertArrayEquals(t, u.translation(), TOL);
    for (int i = 0; i < m; i++) {
      double[] expected = new double[k];
      System.arraycopy(target, i * k, expected, 0, k);
      assertArrayEquals(expected, u.applyRow(source, i), TOL, "row " + i);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void fit_reflectedCopy_returnsProperRotationNotTheReflection(int k) {
    // The target is the source mirrored in its last coordinate (det = −1). Fails if the sign
    // correction of Umeyama's S is missing (the fit would return the reflection, det R = −1) or
    // applied to the wrong singular vector (R would not be orthogonal or c would be wrong).
    SplittableRandom rng = new SplittableRandom(101 + k);
    int m = 15;
    double[] source = gaussian(m * k, rng);
    double[] mirror = new double[k * k];
    for (int a = 0; a < k; a++) {
      mirror[a * k + a] = a == k - 1 ? -1 : 1;
    }
    double[] target = transform(source, m, k, mirror, 1.0, new double[k]);

    Umeyama u = Umeyama.fit(source, target, m, k);

    assertEquals(1.0, det(u.rotation(), k), TOL);
    assertOrthogonal(u.rotation(), k);
    assertTrue(u.scale() > 0, "scale " + u.scale());
    double distance = 0;
    for (int i = 0; i < k * k; i++) {
      distance += Math.abs(u.rotation()[i] - mirror[i]);
    }
    assertTrue(distance > 0.5, "the fit returned (nearly) the reflection");
  }

  @Test
  void fit_reflectedCopy_isTheBestProperRotationIn2d() {
    // For 2-D points mirrored in y, Umeyama's corrected R must be the least-squares proper
    // rotation of the centred points; a brute-force search over angles finds that rotation
    // independently (the scale does not change the minimising angle). Fails if the reflection fix
    // flips the wrong singular vector (that gives a proper rotation too, but a worse one).
    SplittableRandom rng = new SplittableRandom(111);
    int m = 20;
    double[] source = gaussian(m * 2, rng);
    double[] target = new double[m * 2];
    for (int i = 0; i < m; i++) {
      target[2 * i] = source[2 * i];
      target[2 * i + 1] = -source[2 * i + 1];
    }
    Umeyama u = Umeyama.fit(source, target, m, 2);
    double fitted = Math.atan2(u.rotation()[2], u.rotation()[0]);

    double best = Double.NaN;
    double bestError = Double.POSITIVE_INFINITY;
    double[] mu = new double[4];
    for (int i = 0; i < m; i++) {
      mu[0] += source[2 * i] / m;
      mu[1] += source[2 * i + 1] / m;
      mu[2] += target[2 * i] / m;
      mu[3] += target[2 * i + 1] / m;
    }
    for (int step = 0; step < 200_000; step++) {
      double theta = -Math.PI + step * (2 * Math.PI / 200_000);
      double err = 0;
      for (int i = 0; i < m; i++) {
        double ax = source[2 * i] - mu[0];
        double ay = source[2 * i + 1] - mu[1];
        double ex = Math.cos(theta) * ax - Math.sin(theta) * ay - (target[2 * i] - mu[2]);
        double ey = Math.sin(theta) * ax + Math.cos(theta) * ay - (target[2 * i + 1] - mu[3]);
        err += ex * ex + ey * ey;
      }
      if (err < bestError) {
        bestError = err;
        best = theta;
      }
    }

    double diff = Math.abs(Math.IEEEremainder(fitted - best, 2 * Math.PI));
    assertTrue(diff < 1e-4, "Umeyama angle " + fitted + " vs brute force " + best);
  }

  @Test
  void fit_identicalPoints_returnsIdentity() {
    SplittableRandom rng = new SplittableRandom(121);
    double[] pts = gaussian(10 * 3, rng);

    Umeyama u = Umeyama.fit(pts, pts, 10, 3);

    assertArrayEquals(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, u.rotation(), TOL);
    assertEquals(1.0, u.scale(), TOL);
    assertArrayEquals(new double[3], u.translation(), TOL);
  }

  @Test
  void fit_noPoints_throwsIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> Umeyama.fit(new double[0], new double[0], 0, 2));
    assertThrows(IllegalArgumentException.class, () -> Umeyama.fit(new double[4], new double[3], 2, 2));
  }
}
